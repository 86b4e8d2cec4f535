"""How a reflection phrases a trait by the rulebook: what several memories of one person share, in a few words.

The ``trait`` rules of the memories' language (:mod:`graphsvc.rulebook.en.trait`, :mod:`graphsvc.rulebook.zh.trait`)
are tried in order. Each finds, in each memory, the words leading to what the person likes, wants or does; the
words after them make an **item** ("hiking", "open a pottery studio", "goes bouldering", "爬山"). A lead counts
only when it says what the person does or likes now, of themselves (:func:`_is_own_and_current`: not negated, not
"used to", not a wish or a mishap, not about one of their people). An item is kept
when it is a real noun phrase or action (no pronoun, no passing thing like "a walk"), names nobody, and is named in
at least :data:`MIN_GROUNDING` of the memories; the first rule that keeps an item words the trait with its
``output`` ("Enjoys {items}"), at most :data:`MAX_ITEMS` items. Nothing grounded: no wording, so no trait
(precision first: "Often mentions dreams and sure" is what a person would never write). Pure and deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graphsvc.rulebook import book
from graphsvc.rulebook.en.shapes import third_person, verb_forms
from graphsvc.rulebook.engine import Selection, matches
from graphsvc.rulebook.lexicon import en, zh
from graphsvc.rulebook.parse import parse
from graphsvc.rulebook.rule import Rule
from graphsvc.text.language import Language, detect_language

MIN_GROUNDING = 2
"""Memories of a trait an item must be named in (a trait's object is grounded in two of its memories)."""
MAX_ITEMS = 3
MAX_ITEM_TOKENS = 6
_SPEAKER_PREFIX = re.compile(r"^[^:：\n]{1,40}[:：]\s*")
_EN_STOPS = en.TIME_WORDS | en.FREQUENCY_UNITS | en.FREQUENCY_ADVERBS | en.SUBORDINATORS | {"every", "each", "so"}
_EN_NOT_ITEM = en.POINTERS | en.PRONOUNS | en.VAGUE_OBJECTS | en.DEMONSTRATIVES
_ZH_STOP_FLAGS = ("x", "w", "u", "y", "c", "r", "p", "t", "f", "m", "q", "e")
_ZH_TIME = rf"^(?:{zh.TIME_PHRASE})$"
_ZH_NOT_START = zh.DEGREE_WORDS | zh.NEGATIONS | zh.POINTERS | zh.SPEAKER | zh.LISTENER


_EN_LIKING_FORMS = verb_forms(en.LIKING | en.DISLIKING)
_EN_SOMEONE = en.PERSON_NOUNS | en.PEOPLE_NOUNS
_SUBJECTS = ("nsubj", "nsubjpass")


def gives_up(rule_id: str | None) -> bool:
    """Whether a trait rule's id is that of a habit given up (``en.trait.quitting``, ``zh.trait.quitting``: "Is
    giving up smoking", 在戒烟)."""
    return bool(rule_id) and str(rule_id).endswith(".quitting")


def _up_to_its_subject(token: Any) -> list[Any]:
    """The token and its heads up to the first that has a subject: the clause that says who does it."""
    chain = [token]
    while not any(c.dep_ in _SUBJECTS for c in chain[-1].children) and chain[-1].head.i != chain[-1].i:
        chain.append(chain[-1].head)
    return chain


def _is_own_and_current(doc: Any, lead: int, rule: Rule, language: Language) -> bool:
    """Whether the lead at token ``lead`` says what the person does or likes now: not negated ("doesn't like
    coffee", 不喜欢), not of the past ("used to love skiing", 以前喜欢), not a wish said as a liking ("would love to
    visit Japan"), and about the person (their name, "I" or "the user"), not one of their people ("Ana's son loves
    football", 王芳的女儿喜欢画画).
    A trait is a characterisation of the person it names (seed 002 §3), so a lead that fails any of these grounds
    no item."""
    if language == "zh":
        before = doc[:lead]
        return not (
            any(t.text in zh.NEGATIONS for t in doc[max(0, lead - 3) : lead])
            or any(t.text in zh.FORMERLY or t.text in zh.PERSON_WORDS or t.text in zh.POSSESSIVE for t in before)
        )
    verb = doc[lead]
    chain = _up_to_its_subject(verb)  # "used to love" → "used"
    if any(c.dep_ == "neg" for t in chain for c in t.children):
        return False
    if any(t.lemma_ == "use" and t.tag_ == "VBD" for t in chain[1:]):
        return False  # "used to": a habit given up
    if rule.id.endswith(".likes") and (
        verb.tag_ == "VBD" or any(c.dep_ == "aux" and c.lemma_ == "would" for c in verb.children)
    ):
        return False  # "loved the concert": one time's; "would love to": a wish
    leaning = [*chain, *(c for c in verb.children if c.dep_ == "aux")]  # "loves" misread as an auxiliary
    if rule.id.endswith(".activity") and any(t.lower_ in _EN_LIKING_FORMS for t in leaning):
        return False  # a liking is no doing ("hates running"; "hates" misread as the verb "hat")
    subject = next((c for c in chain[-1].children if c.dep_ in _SUBJECTS), None)
    if subject is None:
        return True
    # the subject without those joined to it ("Ana and her brother go fishing" is Ana's doing too)
    said = [t for c in subject.children if c.dep_ not in ("cc", "conj") for t in c.subtree]
    # a name, which the tagger may call a noun ("Theo plays cricket": "Theo" as NN), "I" or "the user"
    named = (
        subject.pos_ == "PROPN" or subject.is_title or subject.lower_ in en.SPEAKER_WORDS or subject.lower_ == "user"
    )
    return named and not any(t.dep_ == "poss" or t.lower_ in _EN_SOMEONE for t in said)


@dataclass(frozen=True)
class Phrasing:
    """A trait's wording and the rule that phrased it."""

    content: str
    rule_id: str


def _without_article(tokens: list[Any]) -> tuple[str, list[Any]]:
    """The words of an item without the determiners it opens with, and the article to write before them: "the",
    "a" or "an" as said, "their" for a possessor ("her job" → "their job"), "" for any other ("Enjoys the sea",
    "Enjoys their job": the noun phrase as a person would write it)."""
    article = ""
    while tokens and tokens[0].pos_ in ("DET", "PRON"):
        if tokens[0].lower_ in ("the", "a", "an"):
            article = tokens[0].lower_
        elif tokens[0].dep_ == "poss":
            article = "their"
        tokens = tokens[1:]
    return article, tokens


def _item_en(doc: Any, start: int, rule: Rule) -> tuple[str, str] | None:
    """The English item after a lead ending at ``start``: ``(wording, key)``; the key is what must recur."""
    if rule.id.endswith(".activity"):
        return _activity_en(doc, start - 1)
    tokens = []
    for token in doc[start:]:
        if token.is_punct or token.lower_ in _EN_STOPS or token.pos_ in ("SCONJ", "CCONJ", "AUX"):
            break
        if token.pos_ == "ADP" and not rule.id.endswith(".wants"):
            break
        tokens.append(token)
        if len(tokens) >= MAX_ITEM_TOKENS:
            break
    article, tokens = ("", tokens) if rule.id.endswith(".wants") else _without_article(tokens)
    while tokens and tokens[-1].pos_ in ("ADP", "DET", "PART", "ADV"):
        tokens = tokens[:-1]
    if not tokens or any(t.lower_ in _EN_NOT_ITEM or t.ent_type_ == "PERSON" for t in tokens):
        return None
    if rule.id.endswith(".wants"):
        nouns = [t for t in tokens if t.pos_ in ("NOUN", "PROPN")]
        if tokens[0].pos_ != "VERB" or not nouns or nouns[-1].lemma_ in en.PASSING_ACTIVITIES:
            return None
        key = nouns[-1].lemma_.lower()  # a plan is grounded by its head ("studio")
    elif tokens[-1].pos_ in ("NOUN", "PROPN") or tokens[-1].tag_ == "VBG":
        key = " ".join(t.lemma_.lower() for t in tokens if t.pos_ in ("NOUN", "PROPN", "VERB"))
    else:
        return None
    return " ".join([article, *(t.text for t in tokens)] if article else [t.text for t in tokens]), key


def _where_to(verb: Any, token: Any, tokens: list[Any]) -> list[Any] | None:
    """What a "to" after the verb adds to the doing: ``[to]`` after "go" with nothing between (the place follows:
    "goes to the climbing gym"), ``[to, …place]`` after an object ("takes the kids to school", "walks the dog to
    the beach"), ``[]`` when the doing cut there says nothing (an errand or everyone's routine: "went to the
    office", "goes to bed"; some place once: "went to a park"; a place too long to be one); None when the token is
    no such "to"."""
    if token.lower_ != "to" or (tokens and token.head.i != verb.i) or (not tokens and verb.lemma_ != "go"):
        return None
    place = next((c for c in token.children if c.dep_ == "pobj"), None)
    if place is None:
        return []
    if not tokens:
        pastime = place.lemma_.lower() in en.PASTIME_PLACES
        return [token] if pastime and not any(c.lower_ in ("a", "an") for c in place.children) else []
    where = list(place.subtree)
    return [token, *where] if len(where) <= 3 and where[0].i == token.i + 1 else []


def _activity_en(doc: Any, verb_at: int) -> tuple[str, str] | None:
    """An action the person does: the verb made present ("went bouldering" → "goes bouldering") and its object,
    when it has one or is an activity of its own ("swims")."""
    verb = doc[verb_at]
    tokens: list[Any] = []
    for token in doc[verb_at + 1 :]:
        went = _where_to(verb, token, tokens)
        if went is not None:
            if not went:
                return None
            tokens += went
            if len(went) == 1:
                continue  # "goes to the climbing gym": the place follows
            break  # "takes the kids to school"
        if token.pos_ not in ("NOUN", "PROPN", "VERB", "ADJ", "DET", "PART") or token.lower_ in _EN_STOPS:
            break
        if token.ent_type_ in ("DATE", "TIME", "PERSON"):
            break
        tokens.append(token)
        if len(tokens) >= MAX_ITEM_TOKENS - 1:
            break
    while tokens and (tokens[-1].pos_ in ("DET", "ADJ", "PART") or tokens[-1].tag_ == "VBN"):
        tokens = tokens[:-1]  # nor a participle whose complement was cut: "watched a film called …"
    objects = [t for t in tokens if t.pos_ in ("NOUN", "PROPN") or t.tag_ == "VBG"]
    if not objects and verb.lemma_ not in en.ACTIVITY_VERBS:
        return None
    if any(t.lower_ in _EN_NOT_ITEM for t in tokens):
        return None
    # the doing without the one time's adjectives: "watched a great film" → "watches a film"
    wording = " ".join([third_person(verb.lemma_), *(t.text for t in tokens if t.pos_ != "ADJ")])
    return wording, " ".join([verb.lemma_, *(t.lemma_.lower() for t in objects)])


def _past_time_and_auxiliary(doc: Any, start: int) -> int:
    """Where the doing starts: after the times (计划明年学开车) and the verbs of will or need (每个月都要跑杭州)."""
    while start < len(doc) and (doc[start].tag_ == "t" or re.match(_ZH_TIME, doc[start].text)):
        start += 1
    while start + 1 < len(doc) and doc[start].text in zh.AUXILIARIES and doc[start + 1].tag_.startswith("v"):
        start += 1
    return start


def _doing_zh(doc: Any, start: int, *, habit: bool) -> int | None:
    """Where the doing after a lead starts: past where or with whom (跟朋友打麻将, 在公园跑步: the doing ends the
    clause) and, for a habit, where one goes to do it (去社区中心做志愿者: what recurs is the doing; a plan's place
    is part of it: 打算去云南徒步); None when a place or a person is all there is."""
    if start < len(doc) and doc[start].tag_ == "p":
        end = next((t.i for t in doc[start + 1 :] if t.is_punct), len(doc))
        if end - start < 3:
            return None
        return end - 2 if doc[end - 2].tag_.startswith("v") and end - 2 > start + 1 else end - 1
    if habit and start < len(doc) and doc[start].text == "去":
        there = next((t for t in doc[start + 2 :] if t.is_punct or t.tag_.startswith("v")), None)
        if there is not None and not there.is_punct and all(t.tag_.startswith("n") for t in doc[start + 1 : there.i]):
            return int(there.i)
    return start


def _item_zh(doc: Any, start: int, rule: Rule) -> tuple[str, str] | None:
    """The Chinese item after a lead ending at ``start`` (its words up to a particle, a comma or a time)."""
    words: list[Any] = []
    found = _doing_zh(doc, _past_time_and_auxiliary(doc, start), habit="habit" in rule.tags)
    if found is None:
        return None
    start = found
    spanned = False
    for token in doc[start:]:
        if words and words[-1].tag_.startswith("v") and _is_span(token):
            spanned = True  # 练 一个 小时 吉他: how long is no part of what is done
            continue
        if token.tag_.startswith(_ZH_STOP_FLAGS) or token.is_punct or token.text in zh.TIME_WORDS:
            if token.tag_ == "r" and words and words[-1].tag_.startswith("v"):
                return None  # 去医院看她爸爸: whom the doing is for is named elsewhere, and cut it says nothing
            break
        words.append(token)
        if len(words) >= MAX_ITEM_TOKENS - 2:
            break
    if not words or words[0].text in _ZH_NOT_START or words[-1].tag_[:1] not in ("n", "v"):
        return None
    if any(t.tag_.startswith("nr") for t in words):
        return None  # names somebody (去看张伟; jieba's guess of a name too: 想要安静): an item names nobody
    if start > 0 and doc[start - 1].tag_ == "p" and not any(t.tag_.startswith("v") for t in words):
        return None  # 和朋友在杭州: the preposition's place, and no doing
    text = "".join(t.text_with_ws for t in words).rstrip()
    if len(text) < 2:
        return None
    # with its span cut out the doing is said no more as it was: what recurs is its object (吉他)
    return (text, words[-1].text) if spanned and len(words) > 1 and len(words[-1].text) >= 2 else (text, text)


def _is_span(token: Any) -> bool:
    """A number, measure or length of time inside a doing (一个, 小时, 半小时)."""
    return token.tag_ in ("m", "mq", "q") or token.text in zh.SPAN_UNITS or bool(re.match(zh.DURATION, token.text))


def _items(docs: Sequence[Any], rule: Rule, language: Language) -> dict[str, tuple[str, frozenset[str]]]:
    """What the rule leads to in any of the memories: key → ``(wording, the words that must recur)``."""
    found: dict[str, tuple[str, frozenset[str]]] = {}
    for doc in docs:
        for hit in matches(doc, [rule], every=True):
            if not _is_own_and_current(doc, hit.start, rule, language):
                continue
            if gives_up(rule.id):  # the habit given up is the match's last word (戒烟, smoking)
                item: tuple[str, str] | None = (doc[hit.end - 1].text, doc[hit.end - 1].lower_)
            elif language == "zh":
                item = _item_zh(doc, hit.end, rule)
            else:
                item = _item_en(doc, hit.end, rule)
            if item is not None:
                found.setdefault(item[1], (item[0], frozenset(item[1].split())))
    return found


def _named_in(doc: Any, words: frozenset[str], language: Language) -> bool:
    """True when the memory names every one of ``words`` (English lemmas; a Chinese item as it is written)."""
    if language == "zh":
        return all(word in doc.text for word in words)
    return words <= {t.lemma_.lower() for t in doc} | {t.lower_ for t in doc}


def _negated_in(doc: Any, words: frozenset[str], language: Language) -> bool:
    """True when the memory names the item negated: a habit stopped or a liking denied (王芳这个月开始不练瑜伽了,
    "Ana doesn't go running any more"). Such a memory grounds no trait of that item, and none is made while it
    stands: what a person no longer does does not characterise them (seed 002 §3)."""
    if language == "zh":
        for word in words:
            at = doc.text.find(word)
            if at < 0:
                continue
            span = doc.char_span(at, at + 1, alignment_mode="expand")
            first = span[0] if span is not None and len(span) else None
            if first is None:
                continue
            before = doc[max(0, first.i - 3) : first.i]
            if first.text.startswith(tuple(zh.NEGATIONS)) or any(t.text in zh.NEGATIONS for t in before):
                return True
        return False
    named = [t for t in doc if t.lemma_.lower() in words or t.lower_ in words]
    # a negation in the item's own clause: "doesn't go running", not "doesn't know why she loves running"
    return any(c.dep_ == "neg" for t in named for head in _up_to_its_subject(t) for c in head.children)


def _inside(words: frozenset[str], other: frozenset[str], language: Language) -> bool:
    """Whether an item is part of another (English: fewer of its words; Chinese: part of its text, 跑步 in 去跑步)."""
    if language == "zh":
        return words != other and all(any(w in o for o in other) for w in words)
    return words < other


def _join(items: list[str], language: Language) -> str:
    if language == "zh":
        return items[0] if len(items) == 1 else "、".join(items[:-1]) + "和" + items[-1]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def phrase(texts: Sequence[str], *, selection: Selection | None = None) -> Phrasing | None:
    """The wording of what ``texts`` (one trait's memories, the most central first) share, by the first trait rule
    that grounds an item in :data:`MIN_GROUNDING` of them; None when no rule does (then no trait is made).

    Returns:
        e.g. ``Phrasing("Enjoys hiking", "en.trait.likes")``, ``Phrasing("经常跑步", "zh.trait.activity")``.
    """
    if not texts:
        return None
    chosen = selection or book.default()
    language = detect_language(" ".join(texts))
    docs = [parse(_SPEAKER_PREFIX.sub("", text.strip(), count=1), language) for text in texts]
    for rule in book.of(language):
        if rule.decision != "trait" or not chosen.allows(rule):
            continue
        items = [
            (wording, words)
            for wording, words in _items(docs, rule, language).values()
            if sum(_named_in(doc, words, language) for doc in docs) >= MIN_GROUNDING
            and (gives_up(rule.id) or not any(_negated_in(doc, words, language) for doc in docs))
        ]
        # an item inside another is the same thing said shorter ("runs" in "goes running")
        grounded = [w for w, words in items if not any(_inside(words, other, language) for _, other in items)]
        grounded = grounded[:MAX_ITEMS]
        if grounded:
            content = rule.output.format(items=_join(grounded, language))
            return Phrasing(content[:1].upper() + content[1:], rule.id)
    return None
