"""A reply read with the question it answers (the ``answer`` rules): "Where do you live?" | "Leeds" → "I live in Leeds".

People answer an assistant's question with a bare phrase, and a bare phrase alone is no memory ("an answer that needs
its question", rule M3 of the labelling rules). When a turn (the assistant's, or another person's) ends with a
question an ``answer`` rule fires on (:mod:`graphsvc.rulebook.en.answer`, :mod:`graphsvc.rulebook.zh.answer`), the
first sentence of the next message by someone else is put into it, and the result is judged as if the person had
said it in full: every refusal and keep rule still applies. The reply is put in only when it is **bare**, so that it
can only be the answer:

- English: the reply's first sentence, or when that is not bare its first clause (up to a comma, the rest
  following: "at a vet clinic in Cork, been there two years" → "I work at a vet clinic in Cork, been there two
  years"): at most :data:`MAX_ANSWER_TOKENS` words with no verb, no pronoun but "my" or "our" (or a possessive
  after them: "my girlfriend and her dog"), no question word,
  negation, hedge or word a reply reacts with (:data:`graphsvc.rulebook.reactions.REPLY_WORDS`), and a noun, a
  name, a number or an adjective among them (read in the composed sentence, where the tagger sees them in place);
  a "where" question's reply names the place, or a workplace by its common noun ("Leeds", "at a bakery"; not "long
  story", "sundays");
- Chinese: the reply's first clause (up to a comma), at most :data:`MAX_ANSWER_CHARS` characters, with no verb, no
  time, no question word, negation, answer stub, hedge or reaction, and a noun or a number among them.

The rules' ``output`` names how the reply is put in, and what it must be:

- English: ``your_thing`` ("What's your favourite food?" → "My favourite food is …"), ``your_when`` ("When is your
  appointment?" → "My appointment is …", a date or time), ``how_old`` ("How old is your daughter?" → "My daughter is …",
  a number), ``your_job`` ("What do you do?" → "I am a …", an occupation of the lexicon's), ``you_do`` ("Who do you play
  for?" → "I play for …"; "where" takes the preposition the lexicon's ``WHERE_PREPOSITIONS`` gives its verb),
  ``did_when`` ("When did you move to Leeds?" | "2019" → "I moved to Leeds in 2019", a date or time, "in" before a year
  or a month alone and "on" before a day), ``you_are`` ("Where are you from?" → "I am from …"), ``their_name`` ("What's
  his name?" → "My landlord's name is …", when the pronoun stands for the one person of the speaker's they last named),
  ``name_of_your`` ("What's the name of your dog?" → "My dog's name is …"), ``you_are_doing`` ("What are you studying?"
  → "I am studying …"), ``their_thing_does`` ("Where does your sister live?" → "My sister lives in …"), ``how_long``
  ("How long have you been running?" → "I have been running for …", a length of time, or "since …"), ``how_often`` ("How
  often do you swim?" → "I swim …", a frequency), ``how_many`` ("How many kids do you have?" | "three" → "I have three
  kids"), ``have_any`` ("Do you have any pets?" → "I have …", a count or "a …"), ``who_is`` ("Who's Priya?" | "my
  sister-in-law" → "Priya is my sister-in-law", a reply opening with "my" or "our") and ``yes`` ("Are you vegetarian?" |
  "yeah, since 2019" → "I am vegetarian, since 2019", a reply opening with yes);
- Chinese: ``in_place`` (the reply takes the place of the question word, 你 becomes 我: 你住在哪里？| 昆明 →
  我住在昆明), ``named`` (the same for a name, which jieba may tag as anything, so only its length and its words are
  checked), ``at_time`` (a date or time: 你什么时候去北京？| 下周三 → 我下周三去北京), ``age`` (a number: 你女儿几岁了？
  | 六岁 → 我女儿六岁了), ``job`` (an occupation: 你是做什么的？| 护士 → 我是护士), ``who_is`` (阿杰是谁？| 我室友 →
  阿杰是我室友, a reply opening with 我), ``yes`` (你吃素吗？| 对，吃了五年了 → 我吃素，吃了五年了, a reply opening
  with a yes word or the question's verb), ``doing`` (你平时喜欢做什么？| 看书 → 我平时喜欢看书, a reply opening with a
  verb) and ``their_name``.

Source: the question-answer pair as a unit of dialogue (adjacency pairs: E. A. Schegloff and H. Sacks, "Opening up
closings", Semiotica 8, 1973), and the rewriting of an elliptical reply into a full sentence with its question's
words (incomplete utterance rewriting: H. Su et al., "Improving multi-turn dialogue modelling with utterance
ReWriter", ACL 2019), done here by rule, only where the question's form leaves one reading.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from lemminflect import getInflection

from graphsvc.rulebook.en.shapes import third_person
from graphsvc.rulebook.engine import Selection, matches
from graphsvc.rulebook.lexicon import en, zh
from graphsvc.rulebook.parse import parse
from graphsvc.rulebook.reactions import REPLY_WORDS
from graphsvc.rulebook.referents import Referent
from graphsvc.rulebook.rule import Rule
from graphsvc.text.language import Language, split_sentences

MAX_ANSWER_TOKENS = 10
"""English: a reply of more words than this is no bare answer (it says more than the question asked)."""
MAX_ANSWER_CHARS = 12
"""Chinese: a first clause of more characters than this is no bare answer."""
MAX_NAME_CHARS = 4
"""Chinese: a name given as the answer is at most this long (乐乐, 王建华), whatever jieba tags it."""

_EN_NOT_ANSWER = REPLY_WORDS["en"] | en.QUESTION_WORDS | en.LISTENER | en.HEDGES | en.NEGATING_WORDS
_EN_WHEN = en.TIME_WORDS | en.DURATION_UNITS
_EN_NOT_A_WORD_OF_A_BARE_REPLY = _EN_NOT_ANSWER - _EN_WHEN
"""Words a bare reply may not hold; a time word may ("Thursday", "two years")."""
"""Words of time a reply says when or how long with ("three times a week"), though a reply may react with them
too ("have a great week")."""
_ZH_NOT_ANSWER = REPLY_WORDS["zh"] | zh.QUESTION_WORDS | zh.NEGATIONS | zh.ANSWER_STUBS | zh.UNCERTAIN | zh.LISTENER
_PLACE_ENTITIES = frozenset({"GPE", "LOC", "FAC", "ORG"})
_WORKPLACES = en.ORGANIZATION_WORDS | en.TRADES
"""What a "where" reply may name by a common noun ("at a bakery", "the hospital on Park Road")."""
_ZH_CLAUSE_END = re.compile(r"[，,、；;]")


@dataclass(frozen=True)
class Answered:
    """A reply put into its question: the text to judge, and the ``answer`` rule that put it in."""

    text: str
    rule_id: str


def question_of(turn: str) -> str:
    """The question a turn ends with ("Nice! Where do you live?" → "Where do you live?"); "" when its last
    sentence is no question."""
    sentences = split_sentences(turn)
    last = sentences[-1].strip() if sentences else ""
    return last if last.endswith(("?", "？")) else ""


def in_answer(
    reply: str,
    question: str,
    language: Language,
    rules: tuple[Rule, ...],
    selection: Selection,
    referent: Callable[[str], Referent | None] = lambda gender: None,
    untrimmed: str = "",
) -> Answered | None:
    """The first sentence of a reply as if said in full with its question's words, or None.

    Args:
        reply: the first sentence of the person's message, its lead-in words trimmed ("yeah, Leeds" → "Leeds").
        question: the assistant's question just before (:func:`question_of`); "" for none.
        rules: the language's rules; the enabled ``answer`` ones that fire on the question are tried in order, and
            the first whose reading the reply fits decides.
        referent: the person of the speaker's a pronoun of a gender (``female``, ``male``) stands for
            (:meth:`graphsvc.rulebook.referents.Discourse.referent`), for a question about them; none by default.
        untrimmed: the same sentence with its lead-in words, which a yes/no question's frame reads (a yes is
            trimmed as a lead-in); ``reply`` when not given.

    Returns:
        the composed sentence and the rule, or None when no rule fires on the question or the reply is not bare
        (see the module docstring).
    """
    chosen = tuple(r for r in rules if r.decision == "answer" and selection.allows(r))
    if not question or not chosen:
        return None
    whole = parse(question, language)
    for hit in matches(whole, chosen):  # the first rule whose reading the reply fits decides
        asked = parse(whole[hit.start : hit.end].text, language)  # "Nice, where do you live?": from "where"
        said = (untrimmed or reply) if hit.rule.output == "yes" else reply
        text = _composed_reply(hit.rule.output, asked, said, language, referent)
        if text:
            return Answered(text, hit.rule.id)
    return None


def _composed_reply(
    frame: str | None, asked: Any, reply: str, language: Language, referent: Callable[[str], Referent | None]
) -> str:
    if frame == "their_name":
        return _their_name(asked, reply, language, referent)
    if frame == "their_person":
        return _their_person(asked, reply, language)
    if frame == "who_is" and language == "zh":
        return _who_is_zh(asked, reply)
    if frame == "yes" and language == "zh":
        return _yes_zh(asked, reply)
    if frame == "doing" and language == "zh":
        return _doing_zh(asked, reply)
    return _in_place(asked, reply, frame) if language == "zh" else _in_question(frame, asked, reply)


def _their_person(asked: Any, reply: str, language: Language) -> str:
    """A reply with no subject to a question about a person of the speaker's is about that person: "How's your
    daughter finding school?" | "loves it, started in May" → "My daughter loves it, started in May", 你女儿几岁了？|
    上小学了 → 我女儿上小学了 (not the speaker: 我上小学了); "" when the reply opens with a subject of its own, a
    word that answers nothing (不知道, "haha") or, in English, with no verb in the present or past."""
    if language == "zh":
        person = next((t for t in asked if t.text in zh.PERSON_WORDS), None)
        clause = reply.strip()
        first = parse(clause, "zh")
        if person is None or len(first) == 0:
            return ""
        opening = first[0]
        if opening.tag_ in ("r", "nr") or opening.text in zh.PERSON_WORDS | _ZH_NOT_ANSWER - zh.NEGATIONS:
            return ""
        return f"我{person.text}{clause.rstrip('。！!.')}。"
    person = next((t for t in asked if t.lemma_.lower() in en.PERSON_NOUNS), None)
    first = parse(reply.strip(), "en")
    if person is None or len(first) == 0 or first[0].tag_ not in ("VBZ", "VBD"):
        return ""
    if any(t.lower_ in _EN_NOT_ANSWER for t in first):
        return ""
    return f"My {person.text} {reply.strip().rstrip('.!')}."


def _their_name(asked: Any, reply: str, language: Language, referent: Callable[[str], Referent | None]) -> str:
    """The name of the person of the speaker's the question's pronoun stands for ("My landlord's name is Mr
    Haldane", 我女朋友叫许晴); "" when it stands for nobody of theirs or the reply is no bare name."""
    pronoun = next((t for t in asked if t.lower_ in en.THIRD_PERSON or t.text in zh.NAMED_PRONOUNS), None)
    if pronoun is None:
        return ""
    gender = zh.THIRD_PERSON_GENDERS.get(pronoun.text) or en.THIRD_PERSON.get(pronoun.lower_, "")  # 它: either
    person = referent(gender)
    if language == "zh":
        verb = next((t.text for t in asked if t.text in ("叫", "姓")), "叫")
        name = _first_clause_zh(reply).removeprefix(verb)  # 姓刘 | 叫年糕
        if person is None or not person.relation or not person.words.startswith("我"):
            return ""
        return f"{person.words}{verb}{name}。" if _bare_zh(parse(name, "zh"), "name") else ""
    if person is None or not person.relation or not person.words.lower().startswith(("my ", "our ")):
        return ""
    return _composed(f"{person.words[:1].upper()}{person.words[1:]}'s name is", reply, "name")


# --- English ----------------------------------------------------------------------------------------------
Wanted = Literal[
    "thing", "place", "name", "time", "number", "occupation", "duration", "frequency", "count", "own", "rest"
]
"""What a frame's reply must be: anything bare with a noun, adjective or number (``thing``), a named place, a
proper name, a date or time, a number (an age), an occupation of the lexicon's, a length of time ("about six
years"), a frequency ("three times a week", "every Sunday"), or a count or "a …" opening it ("two cats", "a
brother"), a person or thing of the speaker's ("my sister-in-law"), or what follows a yes (``rest``: anything
bare, or nothing)."""


def _bare_en(span: Any, wanted: Wanted) -> bool:
    """Whether the reply (its tokens as parsed inside the composed sentence, where a tagger reads a bare phrase
    right: "cricket" in "I play cricket") is bare, and the kind of answer the question wants."""
    tokens = [t for t in span if not t.is_punct]
    if not 0 < len(tokens) <= MAX_ANSWER_TOKENS:
        return False
    if any(t.pos_ in ("VERB", "AUX") or t.tag_ == "MD" or t.lower_ in _EN_NOT_A_WORD_OF_A_BARE_REPLY for t in tokens):
        return False
    if any(t.pos_ == "PRON" and t.lower_ not in ("my", "our") and not _theirs_of_mine(t, tokens) for t in tokens):
        return False
    return _EN_WANTED.get(wanted, _has_content)(tokens)


def _theirs_of_mine(pronoun: Any, tokens: list[Any]) -> bool:
    """A possessive pronoun after a person of the speaker's in the same reply, which it stands for ("my girlfriend
    and her dog")."""
    return bool(pronoun.tag_ == "PRP$") and any(t.lower_ in ("my", "our") for t in tokens if t.i < pronoun.i)


def _has_content(tokens: list[Any]) -> bool:
    return any(t.pos_ in ("NOUN", "PROPN", "NUM", "ADJ") for t in tokens)


def _names_a_place(tokens: list[Any]) -> bool:
    """ "Leeds", "Quillon Pay", "a bakery in town" (a workplace by the lexicon's words for an organisation or a
    business), not "long story", "sundays mostly" or "in town"."""
    named = any(t.pos_ == "PROPN" or t.ent_type_ in _PLACE_ENTITIES for t in tokens)
    workplace = any(t.pos_ == "NOUN" and t.lemma_.lower() in _WORKPLACES for t in tokens)
    return (named or workplace) and tokens[0].ent_type_ not in ("DATE", "TIME")


_OFTEN = en.HOW_OFTEN_WORDS | en.FREQUENCY_ADVERBS | en.ON_DAYS
_MONTHS = frozenset(en.MONTHS) | frozenset(en.MONTH_ABBREVIATIONS)
"""Month names as a reply says them ("May", "sept"), for the preposition a date takes."""
_EN_WANTED: dict[str, Callable[[list[Any]], bool]] = {
    "place": _names_a_place,
    "name": lambda tokens: any(t.pos_ == "PROPN" for t in tokens),
    # "Thursday at 3", "6:40am" (a number the tagger reads as one, though not like_num)
    "time": lambda tokens: any(t.ent_type_ in ("DATE", "TIME") or t.like_num or t.pos_ == "NUM" for t in tokens),
    "number": lambda tokens: any(t.like_num for t in tokens[:2]),  # "7", "nearly 40"
    "occupation": lambda tokens: any(t.lemma_.lower() in en.OCCUPATIONS for t in tokens[:3]),  # "a nurse, on a ward"
    "duration": lambda tokens: any(t.lower_ in en.DURATION_UNITS for t in tokens),  # "a few months", "ages"
    "frequency": lambda tokens: any(t.lower_ in _OFTEN for t in tokens),  # "three times a week", "every Sunday"
    "count": lambda tokens: tokens[0].like_num or tokens[0].lower_ in ("a", "an"),  # "two cats", "a brother"
    "rest": lambda tokens: True,  # what follows a yes: "since 2019", "a cat called Miso"
    # "my sister-in-law", not "a friend of a friend"
    "own": lambda tokens: tokens[0].lower_ in ("my", "our") and any(t.pos_ == "NOUN" for t in tokens),
}
"""What each kind of answer (:data:`Wanted`) must hold, once the reply is bare; anything else wants content."""


@dataclass(frozen=True)
class _Asked:
    """An English question as the frames read it, with the reply put into it."""

    asked: Any  # the question's tokens, from its question word on
    words: list[Any]  # its tokens without punctuation and closing words ("…, by the way?")
    reply: str  # the reply, its closing punctuation dropped
    first: Any  # the reply parsed alone

    @property
    def place(self) -> bool:
        return bool(self.words[0].lower_ == "where")

    @property
    def has_preposition(self) -> bool:
        return bool(self.first[0].pos_ == "ADP")

    @property
    def be(self) -> str:
        """The question's verb "be" as the frame's sentence needs it ("What are your kids called?", "How old are
        your kids?": "are")."""
        be = next((t.lower_ for t in self.words if t.lemma_ == "be"), "is")
        return "are" if be in ("are", "'re") else "is"

    def index_of(self, word: str) -> int:
        return int(next(t.i for t in self.words if t.lower_ == word))

    def after(self, start: int) -> str:
        """The question's words after token ``start`` up to its last word ("" when none)."""
        return str(self.asked[start + 1 : self.words[-1].i + 1].text) if self.words[-1].i > start else ""


Framed = tuple[str, str, Wanted]
"""What a frame says before the reply, the reply as it is put in, and what the reply must be ("" said: none)."""


def _your_thing(q: _Asked) -> Framed:
    thing = q.after(q.index_of("your"))
    said = f"My {thing.removesuffix(' called')} {q.be} called" if thing.endswith(" called") else f"My {thing} {q.be}"
    return said, q.reply, "thing"


def _your_when(q: _Asked) -> Framed:
    return _your_thing(q)[0], q.reply, "time"


def _how_old(q: _Asked) -> Framed:
    if not any(t.lower_ == "your" for t in q.words):
        return "I am", q.reply, "number"
    return f"My {q.after(q.index_of('your'))} {q.be}", q.reply, "number"


def _your_job(q: _Asked) -> Framed:
    """ "What do you do?" | "nurse" → "I am a nurse"; "What does your wife do?" → "My wife is a …"."""
    article = "" if q.first[0].lower_ in ("a", "an") else ("an" if q.reply[:1].lower() in "aeiou" else "a")
    whose = f"My {q.words[q.index_of('your') + 1].text} is" if any(t.lower_ == "your" for t in q.words) else "I am"
    return f"{whose} {article}".rstrip(), q.reply, "occupation"


def _you_do(q: _Asked) -> Framed:
    """ "Where do you live?" → "I live in …"; asked with "did", the verb in the past ("Where did you grow up?" →
    "I grew up in …", by lemminflect's inflection tables)."""
    you = q.index_of("you")
    last = max(t.i for t in q.words if t.pos_ != "ADV")  # "Where do you live now?": the verb, not "now"
    verb = q.asked[you + 1 : last + 1]
    main = next((t for t in verb if t.pos_ == "VERB"), verb[-1])
    past = you > 0 and q.asked[you - 1].lower_ == "did"  # ``you`` is a token index of the question
    said = "I " + " ".join(_past(t) if past and t.i == main.i else t.text for t in verb)
    if past and said == f"I {verb.text}":
        return "", q.reply, "thing"  # no past form known: nothing said rather than a wrong tense
    wanted: Wanted = "time" if q.words[0].lower_ == "when" else ("place" if q.place else "thing")
    if q.place and not any(t.pos_ == "ADP" and t.dep_ != "prt" for t in verb) and not q.has_preposition:
        preposition = en.WHERE_PREPOSITIONS.get(main.lemma_)  # "grow up": the verb's, not the particle's
        if q.first[0].pos_ not in ("ADP", "ADV"):  # "just outside Glasgow", "near the station" say their own
            said = f"{said} {preposition}" if preposition else ""
    elif q.has_preposition and verb[-1].pos_ == "ADP":
        said = said.rsplit(" ", 1)[0]
    return said, q.reply, wanted


def _did_when(q: _Asked) -> Framed:
    """ "When did you move to Leeds?" | "2019" → "I moved to Leeds in 2019": the verb in the past, the question's
    words after it ("your" read as "my"), and "in" before a year or a month alone, "on" before a day."""
    you = q.index_of("you")
    verb = next(t for t in q.words if t.i > you and t.pos_ in ("VERB", "AUX"))  # "get married": "get"
    done = " ".join("my" if t.lower_ == "your" else t.text for t in q.words if t.i > verb.i)
    said = " ".join(w for w in ("I", _past(verb), done) if w)
    if said == f"I {verb.text} {done}".strip():
        return "", q.reply, "time"  # no past form known
    first = q.first[0].lower_
    a_day = any(re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)?", t.lower_) for t in q.first[:2])  # "12 May", "May 3rd"
    if first in en.WEEKDAYS or (a_day and any(t.lower_ in _MONTHS for t in q.first[:2])):
        said = f"{said} on"
    elif re.fullmatch(r"(?:1[89]|20)\d\d", first) or first in _MONTHS:
        said = f"{said} in"
    return said, q.reply, "time"


def _past(verb: Any) -> str:
    """The verb's simple past ("grow" → "grew"), or the verb as it is when none is known."""
    forms = getInflection(verb.lemma_, tag="VBD")
    return forms[0] if forms else str(verb.text)


def _you_are(q: _Asked) -> Framed:
    state = q.words[-1].lower_
    preposition = "" if state == "from" or q.has_preposition else en.WHERE_PREPOSITIONS.get(state, "")
    return " ".join(w for w in ("I am", state, preposition) if w), q.reply, "place"


def _name_of_your(q: _Asked) -> Framed:
    return f"My {q.after(q.index_of('your'))}'s name is", q.reply, "thing"


def _you_are_doing(q: _Asked) -> Framed:
    """ "What are you studying?" → "I am studying …", "What are you allergic to?" → "I am allergic to …"."""
    doing = q.after(q.index_of("you"))
    return (f"I am {doing}" if doing else ""), q.reply, "thing"


def _their_thing_does(q: _Asked) -> Framed:
    """ "Where does your sister live?" → "My sister lives in …"."""
    your = q.index_of("your")
    verb = next(t for t in q.words if t.i > your and t.pos_ == "VERB")
    adposition = q.after(verb.i)
    does = next(t for t in q.words if t.lemma_ == "do")  # "Where do your parents live?": as the question says it
    said = f"My {q.asked[your + 1 : verb.i].text} {third_person(verb.text) if does.lower_ == 'does' else verb.text}"
    if q.place and not adposition and not q.has_preposition:
        preposition = en.WHERE_PREPOSITIONS.get(verb.lemma_)
        return (f"{said} {preposition}" if preposition else ""), q.reply, "place"
    return (f"{said} {adposition}" if adposition else said), q.reply, "place" if q.place else "thing"


def _how_long(q: _Asked) -> Framed:
    """ "How long have you been running?" → "I have been running for …" (or "since …")."""
    done = q.after(q.index_of("you"))
    if any(w in en.POINTERS for w in done.lower().split()):
        return "", q.reply, "thing"
    if q.first[0].lower_ == "since":
        return f"I have {done}", q.reply, "time"
    return f"I have {done} for", q.reply, "duration"


def _how_often(q: _Asked) -> Framed:
    """ "How often do you swim?" → "I swim …"."""
    words = q.after(q.index_of("you")).split()
    if any(w.lower() in en.POINTERS for w in words):
        return "", q.reply, "thing"
    return "I " + " ".join("my" if w.lower() == "your" else w for w in words), q.reply, "frequency"


def _how_many(q: _Asked) -> Framed:
    """ "How many kids do you have?" | "three, all under 10" → "I have three kids, all under 10"."""
    if not q.first[0].like_num:
        return "", q.reply, "thing"
    counted = " ".join(t.text for t in q.words[2:] if t.pos_ == "NOUN")
    number = q.first[0].text
    return "I have", f"{number} {counted}{q.reply[len(number) :]}", "count"


def _have_any(q: _Asked) -> Framed:
    return "I have", q.reply, "count"


def _yes(q: _Asked) -> Framed:
    """ "Are you vegetarian?" | "yeah, since 2019" → "I am vegetarian, since 2019"; "Do you have any pets?" | "yes, a
    cat" → "I have pets, a cat". Only a reply that opens with yes; what follows the yes is put after the question."""
    if q.first[0].lower_ not in en.YES_WORDS:
        return "", q.reply, "thing"
    rest = q.reply[len(q.first[0].text) :].strip(" ,.!")
    anything = q.words[-1].lower_ in en.ANY_THING and len(q.words) > 3 and bool(rest)
    asked = q.words[2:-1] if anything else q.words[2:]  # "Are you allergic to anything?" | "yes, peanuts"
    said = " ".join("my" if t.lower_ == "your" else t.text for t in asked if t.lower_ != "any")
    said = f"I am {said}" if q.words[0].lemma_ == "be" else f"I {said}"
    return (said, rest, "thing") if anything else (said, rest, "rest")


def _who_is(q: _Asked) -> Framed:
    """ "Who's Kyle?" | "my apprentice" → "Kyle is my apprentice"."""
    named = " ".join(t.text for t in q.words[2:] if t.pos_ == "PROPN")
    return f"{named} is", q.reply, "own"


_FRAMES: dict[str, Callable[[_Asked], Framed]] = {
    "your_thing": _your_thing,
    "your_when": _your_when,
    "how_old": _how_old,
    "your_job": _your_job,
    "you_do": _you_do,
    "did_when": _did_when,
    "you_are": _you_are,
    "name_of_your": _name_of_your,
    "you_are_doing": _you_are_doing,
    "their_thing_does": _their_thing_does,
    "how_long": _how_long,
    "how_often": _how_often,
    "how_many": _how_many,
    "have_any": _have_any,
    "who_is": _who_is,
    "yes": _yes,
}
"""Each English ``answer`` rule's output → how it puts the reply into its question (see the module docstring)."""


def _in_question(frame: str | None, asked: Any, reply: str) -> str:
    """The English sentence the reply says with its question (frames: :data:`_FRAMES`); "" for none, or when the
    reply is not bare."""
    words = [t for t in asked if not t.is_punct]
    while len(words) > 3 and words[-1].lower_ in en.QUESTION_TAILS:  # "…, by the way?"
        words.pop()
    reply = reply.strip().rstrip(".!")
    whole = _framed(frame, asked, words, reply)
    clause, comma, rest = reply.partition(",")
    if whole or not comma or not rest.strip():
        return whole
    first = _framed(frame, asked, words, clause)  # "at a vet clinic in Cork, been there two years"
    return f"{first.rstrip('.')}, {rest.strip()}." if first else ""


def _framed(frame: str | None, asked: Any, words: list[Any], reply: str) -> str:
    """The reply put into the frame (:data:`_FRAMES`); "" for none, or when it is not bare."""
    first = parse(reply, "en")
    if len(first) == 0 or frame not in _FRAMES:
        return ""
    said, reply, wanted = _FRAMES[frame](_Asked(asked, words, reply, first))
    return _composed(said, reply, wanted) if said else ""


def _composed(said: str, reply: str, wanted: Wanted) -> str:
    """``said`` followed by the reply, as one sentence, when the reply is bare there and what is wanted; else
    "". What follows a yes (``rest``) is put after a comma, and may be nothing."""
    reply = reply.strip().rstrip(".!")
    if wanted == "rest":
        if not reply:
            return f"{said}."
        said = f"{said},"
    composed = parse(f"{said} {reply}.", "en")
    span = composed.char_span(len(said) + 1, len(said) + 1 + len(reply), alignment_mode="expand")
    return composed.text if span is not None and _bare_en(span, wanted) else ""


# --- Chinese ----------------------------------------------------------------------------------------------
_ZH_WANTED: dict[str, Wanted] = {
    "in_place": "thing",
    "named": "name",
    "at_time": "time",
    "age": "number",
    "job": "occupation",
}
_ZH_ASKING = zh.WHERE_WORDS | zh.NAMING_QUESTIONS | zh.WHEN_WORDS | zh.AGE_QUESTIONS


def _bare_zh(doc: Any, wanted: Wanted) -> bool:
    """Whether a Chinese reply's first clause is bare, and the kind of answer the question wants."""
    tokens = [t for t in doc if not t.is_punct and t.text not in zh.PAST_MARKERS]
    if not tokens or sum(len(t.text) for t in tokens) > (MAX_NAME_CHARS if wanted == "name" else MAX_ANSWER_CHARS):
        return False
    if any(t.tag_.startswith("v") or t.text in _ZH_NOT_ANSWER for t in tokens):
        return False
    timed = any(t.tag_ == "t" or t.text in zh.TIME_WORDS | zh.WEEKDAYS | zh.HABIT_WORDS for t in tokens)
    if wanted == "time":
        return timed or any(t.tag_ == "m" for t in tokens)
    if wanted == "number":
        return all(t.tag_ == "m" or t.text == "岁" for t in tokens)
    if timed:  # an occupation, a name, a place or a thing is no time
        return False
    return wanted == "name" or any(t.tag_.startswith("n") or t.tag_ in ("m", "eng") for t in tokens)


def _first_clause_zh(reply: str) -> str:
    """A Chinese reply's first clause, up to its first comma or semicolon, without closing punctuation."""
    return _ZH_CLAUSE_END.split(reply.strip(), maxsplit=1)[0].rstrip("。！!.")


def _who_is_zh(asked: Any, reply: str) -> str:
    """阿杰是谁？| 我室友，在上海读书 → 阿杰是我室友。 Only a reply whose first clause opens with 我 and is bare; ""
    otherwise. The rest is left out: whether it is the named person's or the speaker's, its words do not say."""
    clause = _first_clause_zh(reply)
    if not clause.startswith("我") or not _bare_zh(parse(clause, "zh"), "thing"):
        return ""
    return f"{asked[0].text}是{clause}。"


def _doing_zh(asked: Any, reply: str) -> str:
    """你平时喜欢做什么？| 看书，偶尔爬山 → 我平时喜欢看书，偶尔爬山。 Only a reply whose first clause is a short doing
    (it opens with a verb, names no one and denies nothing); it takes the place of 做什么, the rest follows."""
    words = [t for t in asked if not t.is_punct and t.text not in zh.SENTENCE_PARTICLES]
    doing = next((i for i, t in enumerate(words) if t.text in zh.DOING_QUESTIONS), None)
    clause = _first_clause_zh(reply)
    tokens = [t for t in parse(clause, "zh") if not t.is_punct]
    if doing is None or not tokens or len(clause) > MAX_ANSWER_CHARS or not tokens[0].tag_.startswith("v"):
        return ""
    if any(t.tag_ == "r" or t.text in _ZH_NOT_ANSWER for t in tokens):
        return ""
    head = "".join(zh.LISTENER_AS_SPEAKER.get(t.text, t.text) for t in words[:doing])
    rest = reply.strip()[len(clause) :].rstrip("。！!.")
    return f"{head}{clause}{rest}。"


def _yes_zh(asked: Any, reply: str) -> str:
    """你吃素吗？| 对，吃了五年了 → 我吃素，吃了五年了。 Only a reply opening with a yes word or the question's verb;
    what follows it is put after the question, said by the speaker."""
    words = [t.text for t in asked if not t.is_punct and t.text not in zh.SENTENCE_PARTICLES]
    verb = next((t.text for t in asked if t.tag_.startswith("v")), "")
    reply = reply.strip().rstrip("。！!.")
    opening = next((w for w in sorted(zh.YES_WORDS | {verb}, key=len, reverse=True) if w and reply.startswith(w)), "")
    rest = reply[len(opening) :].lstrip("，,、 ")
    if not opening or (rest and not _ZH_CLAUSE_END.search(reply[len(opening) : len(opening) + 1] or "，")):
        return ""  # 有意思 opens with 有 but says no yes
    said = "我" + "".join(zh.LISTENER_AS_SPEAKER.get(w, w) for w in words[1:])
    return f"{said}，{rest}。" if rest else f"{said}。"


def _in_place(asked: Any, reply: str, frame: str | None) -> str:
    """The Chinese question with its question word (and the noun it asks about: 哪个城市, 什么名字, 什么时候)
    replaced by the reply's first clause, the listener made the speaker and the closing particles dropped; the rest
    of the reply follows. "" when the reply is not bare or the question speaks to several people (你们)."""
    reply = reply.strip()
    clause = _first_clause_zh(reply)
    rest = reply[len(clause) :].rstrip("。！!.")
    if not _bare_zh(parse(clause, "zh"), _ZH_WANTED.get(frame or "", "thing")):
        return ""
    words = [t for t in asked if not t.is_punct and t.text not in zh.SENTENCE_PARTICLES]
    if frame == "job":  # 你是做什么的？| 护士 → 我是护士, 你老公做什么工作？→ 我老公是…: an occupation's ending
        verb = next((i for i, t in enumerate(words) if t.text in {"是"} | zh.DOING_QUESTIONS), 1)
        whose = "".join(zh.LISTENER_AS_SPEAKER.get(t.text, t.text) for t in words[:verb])
        return f"{whose}是{clause}{rest}。" if clause.endswith(tuple(zh.OCCUPATION_SUFFIXES)) else ""
    asking = next((i for i, t in enumerate(words) if t.text in _ZH_ASKING), None)
    if asking is None or any(t.text == "你们" for t in words):
        return ""
    end = asking + 1
    whole_question = words[asking].text in {"哪", "哪里", "哪儿"} | zh.WHEN_WORDS  # 什么时候回老家: 回老家 is done
    if end < len(words) and words[end].tag_.startswith("n") and not whole_question:
        end += 1  # 哪个城市, 哪家公司, 什么名字: the reply names the thing asked about
    if end < len(words) and words[end].text == "人" and clause.endswith("的"):
        clause = clause[:-1]  # 哪里人 | 长沙的: 长沙人
    if end < len(words) and clause.endswith(words[end].text):
        end += 1  # 哪里人 | 长沙人
    head = "".join(zh.LISTENER_AS_SPEAKER.get(t.text, t.text) for t in words[:asking])
    text = head + clause + "".join(t.text_with_ws for t in words[end:]).rstrip()
    return ("" if text.startswith("我") else "我") + text + rest + "。"
