"""Conservative rule-based entity detection (English and Chinese): who and what a conversation names.

The one entity notion of an extraction job: :class:`EntityMention` (a name, its aliases in this
conversation, a kind, the messages naming it). The impression pipeline's stage 1
(``graphsvc.pipeline.impressions.active.detect_mentions``) refines these with the speaker rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from graphsvc.conversation import ConversationMessage
from graphsvc.text import gazetteer, nlp
from graphsvc.text.language import han_characters, split_sentences
from graphsvc.vocabulary import EntityKind

CAPITALISED_STOPWORDS = frozenset(
    """i i'm i've i'd i'll a an the this that these those it it's its my your our his her their we you he
    she they me us them today yesterday tomorrow tonight monday tuesday wednesday thursday friday saturday
    sunday mon tue tues wed thu thur thurs fri sat sun january february march april may june july august
    september october november december hi hello hey thanks thank wow oh well yes yeah yep no okay ok ai
    also but and so anyway actually recently lately hmm haha what how why when where who which do does did
    can could would should will is are was were have has if then there here just not maybe sure great good
    nice cool awesome totally really lol omg mr mrs ms dr english chinese french spanish german japanese
    korean american british cantonese sichuan mandarin gonna let let's please sorry congrats
    congratulations after before since during by for with from in on at to of as or nor every all some any
    many much more most one two three first last next however although though besides finally now later
    unfortunately luckily hopefully honestly sometimes because while once perhaps companion western eastern
    yay aww aw omg haha hahaha lol ugh yup nope cheers bravo woohoo woo geez gosh dang whoa yikes oops phew
    hooray absolutely exactly definitely true agreed right bye goodbye welcome
    """.split()
)
EN_PLACE_SUFFIXES = frozenset(
    """park street st road avenue ave city town village island lake river mountain mountains mount beach bay
    valley museum square bridge canyon falls forest county state province airport station hotel restaurant
    cafe garden gardens zoo mall gallery center centre""".split()
)
EN_ORG_SUFFIXES = frozenset(
    """inc corp corporation company co ltd llc university college school academy institute bank group club
    association foundation hospital clinic agency church society studio studios team labs lab""".split()
)
EN_PERSON_BEFORE = re.compile(
    r"(?:\b(?:my|our|his|her) (?:best )?(?:friends?|sister|brother|mom|mother|dad|father|son|daughter|wife|"
    r"husband|partner|boss|colleague|coworker|cousin|aunt|uncle|grandma|grandpa|neighbou?r|teacher|coach|"
    r"boyfriend|girlfriend)|\b(?:with|met|by|named|hey|hi|hello|thanks|dear|told|asked|name is|I'm|bye|"
    r"call me))[\s,]*$",
    re.IGNORECASE,
)
EN_PLACE_BEFORE = re.compile(
    r"\b(?:in|at|from|near|visited|visiting|visit|around|across|(?:go|went|going|gone|been|moved|move|trip|"
    r"travell?ed|flew|drove|back|came|way) to)\s*$",
    re.IGNORECASE,
)
_NAME_WORD = r"[A-Z][A-Za-zÀ-ÖØ-öø-ÿ0-9’'&.-]*"
EN_CAPITALISED_SPAN = re.compile(rf"(?<![A-Za-z0-9'’]){_NAME_WORD}(?:\s+(?:(?:of|the|de|la)\s+)?{_NAME_WORD})*")
QUOTED_TITLE = re.compile(r"[\"“]([A-Z][^\"”]{1,60})[\"”]|《([^》]{1,30})》")

_ZH_SURNAMES = gazetteer.ZH_SURNAMES
ZH_RELATION_NAME = re.compile(
    r"我(?:的)?(?:好)?(?:朋友|同事|同学|老婆|妻子|丈夫|老公|儿子|女儿|老板|男朋友|女朋友|哥哥|"
    r"姐姐|弟弟|妹妹|室友|邻居|老师|教练)(?:叫|是)?([" + _ZH_SURNAMES + r"小老阿][\u4e00-\u9fff]{1,2}?)"
    r"(?=[和跟昨今也都去在是说很给的了把被一最还又要想会让带请住来喜做从到，。！？、\s]|$)"
)
ZH_SELF_NAME = re.compile(
    r"(?:我叫|我的名字(?:是|叫)|我是(?=[" + _ZH_SURNAMES + r"]))([\u4e00-\u9fff]{2,4})"
    r"(?=[，。！？、\s,.!]|$)"
)
_ZH_NAME_CHAR = (
    r"(?:(?![的了和在是去我你他她们这那个些很也都就着过吧呢吗啊爬登玩看逛吃买做学走一当某附近])[\u4e00-\u9fff])"
)
ZH_PLACE = re.compile(
    r"(?:住在|去了|去过|来自|到了|搬到|回到|在|去|到|是)(?:一次|一趟)?"
    rf"({_ZH_NAME_CHAR}{{1,8}}(?:大学|学院|公司|公园|博物馆|医院|中学|小学|餐厅|机场|广场|海滩|古镇)|"
    rf"{_ZH_NAME_CHAR}{{2,8}}[市省县区镇村路街山岛湖寺屿])"
)
ZH_ORG_SUFFIXES = gazetteer.ZH_ORG_SUFFIXES


class EntityMention(BaseModel):
    """A person, place, organization or thing named in a conversation."""

    name: str = Field(description="Canonical name: the fullest form used in the conversation.")
    aliases: list[str] = Field(
        default=[], description='Other names used for the same entity in the conversation, e.g. "Kat".'
    )
    kind: EntityKind = Field(description="person, place, organization, work or thing.")
    source_message_ids: list[str] = Field(description="message_id of every message that names the entity.")


@dataclass
class _Entity:
    name: str
    kind: EntityKind
    strength: int  # how sure the kind is: 3 speaker, 2 name suffix, 1 context cue, 0 default
    source_ids: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)


def _add(found: dict[str, _Entity], name: str, kind: EntityKind, strength: int, message_id: str) -> None:
    entity = found.setdefault(name, _Entity(name, kind, strength))
    if strength > entity.strength:
        entity.kind, entity.strength = kind, strength
    if message_id not in entity.source_ids:
        entity.source_ids.append(message_id)


MODEL_KINDS: dict[str, EntityKind] = {
    "PERSON": "person",
    "ORG": "organization",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "WORK_OF_ART": "work",
    "PRODUCT": "thing",
    "EVENT": "thing",
}
"""spaCy's OntoNotes labels → entity kinds. Other labels (NORP, LANGUAGE, dates, numbers...) are not entities."""


def _english_kind(span: str, before: str, after: str, label: str | None) -> tuple[EntityKind, int] | None:
    """Kind and strength, or None for a capitalised word that is no entity.

    Order: the kind the sentence states (:func:`_stated_kind`: "a dish called X", "my brother X", "reading
    X") > name suffix (2) > a country, state or continent (2) > the NER model's label (2; a single word it
    calls a place must be in the gazetteer or follow a place cue, else it is a thing) > person context (1)
    > a gazetteer city or place context (1) > "X's" (1). With the model loaded, a span it does not label
    (``label`` "") and no rule names is not an entity (a capitalised common word, verb or interjection); one it
    labels otherwise (NORP, LANGUAGE...) is a thing (0); without the model (``label`` None) such a span is a
    thing (0)."""
    first, last = span.split()[0].lower(), span.split()[-1].lower().rstrip(".")
    if (stated := _stated_kind(span, before, after, label)) is not None:
        return stated
    if last in EN_ORG_SUFFIXES or first in ("university", "bank"):
        return ("organization", 2)
    if last in EN_PLACE_SUFFIXES or first in ("mount", "lake", "lakes", "isle", "cape"):
        return ("place", 2)
    if gazetteer.is_region(span):
        return ("place", 2)
    if label and label in MODEL_KINDS:
        return _model_kind(span, before, after, MODEL_KINDS[label])
    if EN_PERSON_BEFORE.search(before):
        return ("organization", 1) if span.isupper() else ("person", 1)
    if gazetteer.is_place(span) and (label is None or EN_PLACE_BEFORE.search(before)):
        return ("place", 1)
    if label == "":
        return None
    if label is not None:
        return ("thing", 0)  # labelled, but not a kind of entity (NORP, LANGUAGE...)
    if EN_PLACE_BEFORE.search(before):
        return ("place", 1)
    if re.match(r"['’]s\b|\s+and I\b", after):
        return ("organization", 1) if span.isupper() else ("person", 1)
    return ("thing", 0)


_CATEGORY_NOUNS: dict[str, EntityKind] = {
    **dict.fromkeys("dish recipe meal dessert cocktail".split(), "thing"),
    **dict.fromkeys("festival fair marathon tournament conference exhibition expo".split(), "thing"),
    **dict.fromkeys("book novel film movie album song series show podcast poem painting musical".split(), "work"),
    **dict.fromkeys("company startup firm brand charity".split(), "organization"),
    **dict.fromkeys("brother sister mom mum mother dad father son daughter wife husband cousin aunt uncle".split(),
                    "person"),
}
_EN_CATEGORY_BEFORE = re.compile(
    r"\b(?:(?:a|an|the|my|our|this|that|new|called|his|her|their|favou?rite|\s)+)?"
    rf"(?P<noun>{'|'.join(_CATEGORY_NOUNS)})(?:\s+(?:today|yesterday|recently))?(?:\s+(?:called|named|titled))?"
    r"[\s,:]*[\"“]?$",
    re.IGNORECASE,
)
_EN_CATEGORY_AFTER = re.compile(
    r"^[\"”]?\s+(?P<noun>dish|recipe|dessert|cocktail|festival|fair|marathon|tournament|conference|expo)\b",
    re.IGNORECASE,
)


_EN_WORK_VERB_BEFORE = re.compile(
    r"\b(?:(?:re-?)?read(?:ing)?|finished reading|(?:binge-?)?watch(?:ed|ing)|listen(?:ed|ing) to)\s+[\"“]?$",
    re.IGNORECASE,
)


def _stated_kind(span: str, before: str, after: str, label: str | None) -> tuple[EntityKind, int] | None:
    """The kind the sentence states: a category noun (:func:`named_category`; a person so named is as sure as a
    speaker, strength 3), or a title of several words, or one the model calls an organisation or product, after
    a reading, watching or listening verb ("I'm reading Project Hail Mary"; not "watching TV", nor a name the
    model calls a person or place: "listening to Nina Simone"); else None."""
    if (category := named_category(before, after)) is not None:
        return (category, 3 if category == "person" else 2)
    if label in ("PERSON", "GPE", "LOC", "FAC") or not _EN_WORK_VERB_BEFORE.search(before):
        return None
    if " " in span or label in ("ORG", "PRODUCT", "WORK_OF_ART"):
        return ("work", 2)
    return None


def named_category(before: str, after: str) -> EntityKind | None:
    """The kind a sentence gives a name by putting it in a category: the category noun right before it ("a new
    dish called X", "the album X", "my brother X", "the company X") or, for the names of dishes and events, right
    after it ("X dish", "the X festival"); None when there is none. A creator's name before a work ("the Adele
    album") is not caught: only a category noun directly before the name counts, and none after it names a work.
    """
    found = _EN_CATEGORY_BEFORE.search(before) or _EN_CATEGORY_AFTER.match(after)
    return _CATEGORY_NOUNS[found["noun"].lower()] if found else None


def _model_kind(span: str, before: str, after: str, kind: EntityKind) -> tuple[EntityKind, int]:
    """The model's kind (strength 2), or a thing (0) where the rules doubt it: a one-word "person" that names
    what follows it ("Kestrel flooring", "Nike shoes"), a single unknown word called a place ("Zorblat")."""
    if kind == "person" and " " not in span and _modifies_next_word(span, after):
        return ("thing", 0)
    if kind == "person" and " " in span and _opens_with_a_verb(span, before, after):
        return ("thing", 0)
    if kind != "place" or " " in span or gazetteer.is_place(span) or EN_PLACE_BEFORE.search(before):
        return (kind, 2)
    return ("thing", 0)


def _modifies_next_word(name: str, after: str) -> bool:
    """Whether the word right after a one-word name is a lowercase noun (or -ing form) the name describes
    ("Kestrel flooring", "Dyson vacuum"), by spaCy's tags of the name with what follows; False without the pipeline,
    for a verb ("Tom paints") and for a time word, which says when, not what ("lunch with Ana yesterday", "saw Sam
    last night": a DATE or TIME entity of the model, or a word of :data:`TIME_WORDS`)."""
    following_word = re.match(r"\s+([a-z]+)\b", after)
    if following_word is None or following_word[1] in TIME_WORDS:
        return False
    tags = nlp.english_tags(f"{name}{after}"[:200])
    if not tags or len(tags) < 2:
        return False
    _word, pos, label = tags[1]
    if label in ("DATE", "TIME"):
        return False
    return pos == "NOUN" or (pos == "VERB" and tags[1][0].endswith("ing"))


def _opens_with_a_verb(span: str, before: str, after: str) -> bool:
    """Whether a name of several words opens with a verb form by spaCy's tags in its sentence: a title ("We read
    Becoming Nicole together", "Finding Nemo"), not a person's name; False without the pipeline."""
    tags = nlp.english_tags(f"{before}{span}{after}"[:300])
    if not tags:
        return False
    first = span.split()[0]
    starts = [i for i, (word, _pos, _label) in enumerate(tags) if word == first]
    return any(tags[i][1] == "VERB" and first.lower().endswith("ing") for i in starts)


TIME_WORDS = frozenset(
    """yesterday today tonight tomorrow morning afternoon evening night weekend week month year now lately
    recently earlier later soon again""".split()
)
"""Words that may follow a name to say when ("with Ana yesterday"): never what the name describes."""


def _model_labels(text: str) -> dict[str, str] | None:
    """Name → the NER model's label for the names it finds in ``text`` (a leading "the" and a possessive "'s"
    dropped); "" for none; None when the model is unavailable or the text has no Latin letters."""
    if not re.search(r"[A-Za-z]", text):
        return {}
    spans = nlp.english_entities(text)
    if spans is None:
        return None
    labels: dict[str, str] = {}
    for span in spans:
        name = re.sub(r"^(?:the|The)\s+|['’]s$", "", span.text.strip()).strip()
        labels.setdefault(name, span.label)
    return labels


def _english_spans(sentence: str) -> list[tuple[str, bool, str, str]]:
    """Capitalised spans of a sentence as (name, sentence_initial, text_before, text_after)."""
    spans = []
    for match in EN_CAPITALISED_SPAN.finditer(sentence):
        tokens = list(re.finditer(r"\S+", match[0]))
        words = [re.sub(r"['’]s$", "", t[0]).rstrip(".'’-") for t in tokens]
        first, last = 0, len(words)
        while first < last and words[first].lower() in CAPITALISED_STOPWORDS:
            first += 1
        while last > first and words[last - 1].lower() in CAPITALISED_STOPWORDS:
            last -= 1
        suffixes = EN_PLACE_SUFFIXES | EN_ORG_SUFFIXES
        if first == last or len(words[first]) < 2 or all(w.lower() in suffixes for w in words[first:last]):
            continue
        start, end = match.start() + tokens[first].start(), match.start() + tokens[last - 1].end()
        initial = not sentence[:start].strip(" \"'“‘(")
        if tokens[last - 1][0].endswith(("'s", "’s")):
            end -= 2  # keep the possessive in the text after the name: a cue for a person
        before = sentence[max(0, start - 40) : start]
        spans.append((" ".join(words[first:last]), initial, before, sentence[end:]))
    return spans


def extract_entities(messages: Sequence[ConversationMessage]) -> list[EntityMention]:
    """Conservative entity extraction from source messages (no assistant turns, no injected messages).

    English: capitalised (multi-word) names that are not common words (`CAPITALISED_STOPWORDS`); a
    sentence-initial single word counts only if it also appears capitalised mid-sentence. Quoted titles and
    《》 titles are works. Kind: speaker > name suffix (Park, University, ...) or a country/state/continent >
    the label spaCy's English NER model gives the name in that message (:mod:`graphsvc.text.nlp`:
    PERSON, ORG, GPE/LOC/FAC, WORK_OF_ART, PRODUCT/EVENT as a thing) > person context ("my friend X", "with X")
    > a gazetteer city in a place context ("in/at/from X", "went to X"). A name none of these kinds is not an
    entity (interjections, verbs and common words capitalised at a sentence start). Without the model (not
    installed) the rules decide alone, as before: a gazetteer city or place context is a place, "X's" a person,
    anything else a thing (:func:`_english_kind`, :mod:`graphsvc.text.gazetteer`).
    Chinese: names after "我的朋友/同事/老婆…" (surname-initial, conservative), "我叫X" / "我是<surname>X",
    places after 住在/去了/在/来自… ending in a suffix (市/省/县/路/公园/大学/公司…), and the person, place and
    organisation names jieba's part-of-speech tagger finds where its tags are reliable
    (:func:`graphsvc.text.gazetteer.chinese_names`).
    Aliases: a non-speaker single name that is a prefix of exactly one longer person name ("Kat" of
    "Katarina"), or a two-character Chinese name ending exactly one three-character person name, is merged.

    Returns:
        Entities with source ids in conversation order: speakers first (as persons), then the others in
        order of first mention.
    """
    found: dict[str, _Entity] = {}
    for message in messages:
        if message.speaker:
            _add(found, message.speaker.strip(), "person", 3, message.message_id)
    texts = [QUOTED_TITLE.sub(" ", m.content) for m in messages]
    spans = [[span for sent in split_sentences(text) for span in _english_spans(sent)] for text in texts]
    mid_sentence = {name for message_spans in spans for name, initial, _, _ in message_spans if not initial}
    for message, text, message_spans in zip(messages, texts, spans, strict=True):
        for match in QUOTED_TITLE.finditer(message.content):
            content = message.content
            category = named_category(content[max(0, match.start() - 40) : match.start()], content[match.end() :])
            _add(found, (match[1] or match[2]).strip(" .,!?"), category or "work", 2, message.message_id)
        for name, zh_kind in gazetteer.chinese_names(text):
            _add(found, name, zh_kind, 1, message.message_id)
        for match in ZH_SELF_NAME.finditer(text):
            _add(found, match[1], "person", 2, message.message_id)
        for match in ZH_RELATION_NAME.finditer(text):
            _add(found, match[1], "person", 1, message.message_id)
        for match in ZH_PLACE.finditer(text):
            if _zh_common_place(match[1]):
                continue
            kind: EntityKind = "organization" if match[1].endswith(ZH_ORG_SUFFIXES) else "place"
            _add(found, match[1], kind, 2, message.message_id)
        _add_english(found, message, message_spans, mid_sentence)
    _merge_aliases(found)
    order = {m.message_id: i for i, m in enumerate(messages)}
    return [
        EntityMention(
            name=e.name,
            aliases=e.aliases,
            kind=e.kind,
            source_message_ids=sorted(e.source_ids, key=order.__getitem__),
        )
        for e in found.values()
    ]


ZH_GENERIC_PLACES = frozenset("老城区 市中心 郊区 城区 景区 小区 市区 新区 开发区 山区 商业区 住宅区".split())


def _zh_common_place(candidate: str) -> bool:
    """Whether a 住在/去了/在…-suffix match is a common noun or a phrase, not a name: one dictionary word tagged as a
    common noun (宠物医院, 游泳馆), a generic area (老城区), or words with a verb or particle inside (喜欢拍街)."""
    if candidate in ZH_GENERIC_PLACES:
        return True
    words = nlp.chinese_words(candidate)
    if len(words) == 1:
        return words[0][1] == "n"
    return any(flag[:1] in ("v", "u", "f", "r", "d", "p", "c") for _word, flag in words)


def _add_english(
    found: dict[str, _Entity],
    message: ConversationMessage,
    spans: list[tuple[str, bool, str, str]],
    mid_sentence: set[str],
) -> None:
    """Add the English names of one message (capitalised spans) with their kinds."""
    labels = _model_labels(message.content) if spans else {}
    for name, initial, before, after in spans:
        if name in found and found[name].strength == 3:  # a speaker named by another
            _add(found, name, "person", 3, message.message_id)
        elif not initial or " " in name or name in mid_sentence or name in found or gazetteer.is_region(name):
            kind = _english_kind(name, before, after, None if labels is None else labels.get(name, ""))
            if kind is not None:
                _add(found, name, *kind, message.message_id)


def _merge_aliases(found: dict[str, _Entity]) -> None:
    persons = [e.name for e in found.values() if e.kind == "person"]
    for short in list(found):
        entity = found[short]
        if entity.kind in ("place", "organization") or entity.strength == 3 or " " in short:
            continue
        if han_characters(short[:1]):
            longer = [p for p in persons if len(short) == 2 and len(p) == 3 and p.endswith(short)]
        else:
            longer = [p for p in persons if len(short) >= 3 and p != short and p.split()[0].startswith(short)]
        if len(longer) == 1:
            target = found[longer[0]]
            target.aliases.append(short)
            target.source_ids += [i for i in entity.source_ids if i not in target.source_ids]
            del found[short]
