"""The entity rules composed: which names a sentence holds, and the kind of each (decision ``entity_kind``).

For one sentence in its language, every enabled ``entity_kind`` rule (:mod:`graphsvc.rulebook.en.entity`,
:mod:`graphsvc.rulebook.zh.entity`) that fires names a span (its ``name`` slot, :mod:`graphsvc.rulebook.slots`);
an English name is widened to the whole name around it ("University" of "University of Westmere"). A rule
tagged ``region`` decides only a country, US state or continent of the gazetteer, one tagged ``gazetteer`` only a
place of it (:mod:`graphsvc.text.gazetteer`). Where rules decide overlapping names, the most confident decides
(then the first in the rulebook, then the longer name). A rule whose output is ``none`` decides that the name is
no entity there (it is only addressed). Pure; the parse is cached per sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from graphsvc.rulebook import book
from graphsvc.rulebook.en.naming import NAME_WORD
from graphsvc.rulebook.engine import Selection, of_decision
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.parse import parse, vocab
from graphsvc.rulebook.rule import Rule
from graphsvc.rulebook.slots import Span, slot_hits
from graphsvc.text import gazetteer
from graphsvc.text.language import Language, detect_language
from graphsvc.vocabulary import ENTITY_KINDS, EntityKind

MAX_NAME_CHARS = 60
"""A name longer than this is no name (a run of capitalised words, a pasted title)."""
SPEAKER_TAG = "speaker"
"""The tag of the rule that makes every speaker a person."""


@dataclass(frozen=True)
class NamedEntity:
    """A name of one sentence and what the rules decided about it.

    Attributes:
        name: as written ("University of Westmere", "张伟").
        kind: the kind decided; None when the name is only addressed there (a ``none`` rule).
        rule_id: the rule that decided.
        confidence: that rule's confidence.
    """

    name: str
    kind: EntityKind | None
    rule_id: str
    confidence: float


def kind_of(rule: Rule) -> EntityKind | None:
    """The kind an ``entity_kind`` rule decides; None for ``none``."""
    return rule.output if rule.output in ENTITY_KINDS else None


@lru_cache(maxsize=1)
def _name_words() -> Any | None:
    """A ``Matcher`` of one English name word (:data:`graphsvc.rulebook.en.naming.NAME_WORD`)."""
    shared = vocab("en")
    if shared is None:
        return None
    from spacy.matcher import Matcher

    matcher = Matcher(shared, validate=True)
    matcher.add("name_word", [[NAME_WORD]])
    return matcher


def widen(doc: Any, span: Span, language: Language) -> Span:
    """An English name widened to the name words around it, and to a connector between two of them ("University
    of Westmere", "Ana de Souza"); a Chinese one as it is (jieba's words are the unit)."""
    matcher = _name_words() if language == "en" else None
    if matcher is None:
        return span
    words = {start for _, start, _ in matcher(doc)}
    start, end = span
    while start > 0 and (start - 1) in words:
        start -= 1
    while True:
        if end in words:
            end += 1
        elif end + 1 in words and doc[end].lower_ in en.NAME_CONNECTORS and end - 1 in words:
            end += 2
        else:
            return start, end


def _text(doc: Any, span: Span) -> str:
    return str(doc[span[0] : span[1]].text).strip(" \"'“”‘’.,!?")


def _evidenced(rule: Rule, name: str) -> bool:
    """No word for someone alone ("Dad called …"), no person named by a single Chinese character (a surname or a
    piece cut off a name: 陈 of 陈可 cut 陈|可约; people are named by two characters or more, 小陈 and 老陈 too; a
    work may be, 《活》), and the gazetteer's word on a rule that needs it (tags ``region``, ``gazetteer``)."""
    if name.lower() in en.PERSON_NOUNS:
        return False
    if len(name) == 1 and kind_of(rule) == "person" and detect_language(name) == "zh":
        return False
    if "region" in rule.tags:
        return gazetteer.is_region(name)
    if "gazetteer" in rule.tags:
        return gazetteer.is_place(name)
    return True


def name_entities(sentence: str, language: Language, *, selection: Selection | None = None) -> list[NamedEntity]:
    """The names of one sentence, each with the kind the rules decide (see the module docstring).

    Args:
        sentence: one sentence as said.
        language: its language (``en`` or ``zh``).
        selection: the rules that run (None: the rulebook's defaults).

    Returns:
        one :class:`NamedEntity` per name, in order of appearance, no two overlapping; empty when no rule fires
        (or the English pipeline is unavailable).
    """
    rules = of_decision(book.of(language), language, "entity_kind", selection or book.default())
    doc = parse(sentence, language)
    order = {rule.id: n for n, rule in enumerate(rules)}
    found: list[tuple[Span, Rule, str]] = []
    for hit in slot_hits(doc, rules):
        slot = hit.slot("name")
        if slot is None:
            continue
        span = widen(doc, slot, language)
        name = hit.value or _text(doc, span)
        if name and len(name) <= MAX_NAME_CHARS and _evidenced(hit.rule, name):
            found.append((span, hit.rule, name))
    chosen: list[tuple[Span, Rule, str]] = []
    for span, rule, name in sorted(found, key=lambda f: (-f[1].confidence, order[f[1].id], f[0][0] - f[0][1])):
        if all(span[1] <= other[0] or other[1] <= span[0] for other, _, _ in chosen):
            chosen.append((span, rule, name))
    return [
        NamedEntity(name, kind_of(rule), rule.id, rule.confidence)
        for _, rule, name in sorted(chosen, key=lambda c: c[0])
    ]


def speaker_rule(name: str, *, selection: Selection | None = None) -> Rule | None:
    """The enabled rule that makes a speaker of this name a person (of the name's language); None when off."""
    language = detect_language(name)
    chosen = selection or book.default()
    for rule in of_decision(book.of(language), language, "entity_kind", chosen):
        if SPEAKER_TAG in rule.tags:
            return rule
    return None
