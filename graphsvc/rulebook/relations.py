"""The relation rules composed: which relations a sentence states, and which values it gives (decision
``relation``).

For one sentence of a speaker, every enabled ``relation`` rule (:mod:`graphsvc.rulebook.en.relation`,
:mod:`graphsvc.rulebook.zh.relation`) that fires states a relation from its ``source`` slot (else the speaker) to
its ``name`` slot (the target), or, tagged ``listener``, to the one other person of the conversation, or, tagged
``feature``, gives its ``value`` slot as a value of the source. An output ``{noun}`` is the relation the lexicon
gives the person word the sentence uses (``RELATION_NOUNS`` / ``RELATION_WORDS``), when it is one of
:data:`PERSON_RELATIONS`. Which kinds of target a
relation needs is :data:`TARGET_KINDS`. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from graphsvc.rulebook import book, lexicon
from graphsvc.rulebook.engine import Selection, of_decision
from graphsvc.rulebook.entities import widen
from graphsvc.rulebook.lexicon import en, zh
from graphsvc.rulebook.parse import parse
from graphsvc.rulebook.slots import SlotHit, Span, slot_hits
from graphsvc.text.language import Language
from graphsvc.vocabulary import EntityKind

NOUN = "{noun}"
PERSON_RELATIONS = lexicon.PERSON_RELATIONS
"""The relations a ``{noun}`` rule states between people: family, partner, friend, colleague, boss. Another person
word ("my mentor Sister Tallis", "my roommate Ilse") still makes its name a person, in no relation."""
TARGET_KINDS: Mapping[str, frozenset[EntityKind]] = {
    "lives_in": frozenset({"place"}),
    "from": frozenset({"place"}),
    "works_at": frozenset({"organization"}),
    "studies_at": frozenset({"organization"}),
    "has_pet": frozenset({"animal"}),
    "owns": frozenset({"thing", "organization", "work"}),
}
"""The kinds a relation's target may be; any other relation (family, friends, colleagues) needs a person."""
PERSON_TARGET: frozenset[EntityKind] = frozenset({"person"})
FEATURE_KEYS = frozenset({"lives_in", "from", "works_at", "occupation"})
"""Relations that are also a value of their source, its feature (slot keys:
:mod:`graphsvc.pipeline.memories.slots`): the newest value wins."""
_RELATION_WORDS: Mapping[Language, Mapping[str, str]] = {"en": en.RELATION_NOUNS, "zh": zh.RELATION_WORDS}


@dataclass(frozen=True)
class StatedRelation:
    """A relation (or a feature) one sentence states.

    Attributes:
        source: the name of whom it is about (the speaker's name when the sentence names no one else).
        relation: ``sister``, ``works_at``, ``occupation``…
        target: the target's name as written; a feature's value.
        rule_id: the rule that stated it.
        confidence: that rule's confidence.
        feature: True when ``target`` is a value of the source (its occupation), not an entity.
    """

    source: str
    relation: str
    target: str
    rule_id: str
    confidence: float
    feature: bool = False

    def target_kinds(self) -> frozenset[EntityKind]:
        """The kinds of entity the target may be (:data:`TARGET_KINDS`)."""
        return TARGET_KINDS.get(self.relation, PERSON_TARGET)


def _text(doc: Any, span: Span) -> str:
    return str(doc[span[0] : span[1]].text).strip(" \"'“”‘’.,!?，。！？")


def _relation(hit: SlotHit, doc: Any, language: Language) -> str | None:
    if hit.rule.output != NOUN:
        return hit.rule.output
    words = _RELATION_WORDS[language]
    for token in doc[hit.start : hit.end]:
        for form in (token.lower_, token.lemma_):
            if form in words:
                return words[form] if words[form] in PERSON_RELATIONS else None
    return None


def _stated(
    hit: SlotHit, doc: Any, language: Language, speaker: str, listeners: Sequence[str]
) -> StatedRelation | None:
    relation = _relation(hit, doc, language)
    rule = hit.rule
    if relation is None:
        return None
    source_span = hit.slot("source")
    source = _text(doc, widen(doc, source_span, language)) if source_span else speaker
    if "listener" in rule.tags:
        target = listeners[0] if len(listeners) == 1 else ""
    elif "feature" in rule.tags:
        value = hit.slot("value")
        target = _text(doc, value) if value else ""
    else:
        name = hit.slot("name")
        target = hit.value or (_text(doc, widen(doc, name, language)) if name else "")
    if not source or not target or source == target:
        return None
    return StatedRelation(source, relation, target, rule.id, rule.confidence, feature="feature" in rule.tags)


def stated_relations(
    sentence: str,
    language: Language,
    *,
    speaker: str,
    listeners: Sequence[str] = (),
    selection: Selection | None = None,
) -> list[StatedRelation]:
    """The relations and features one sentence of ``speaker`` states (see the module docstring).

    Args:
        sentence: one sentence as said.
        language: its language.
        speaker: who said it (the source where the sentence names no other).
        listeners: the other people of the conversation; a ``listener`` rule relates the speaker to the one
            listener, and to no one when there are several or none (an assistant is no listener).
        selection: the rules that run (None: the rulebook's defaults).

    Returns:
        in order of appearance, once each; empty when none fires.
    """
    rules = of_decision(book.of(language), language, "relation", selection or book.default())
    doc = parse(sentence, language)
    found: dict[tuple[str, str, str], StatedRelation] = {}
    for hit in slot_hits(doc, rules):
        stated = _stated(hit, doc, language, speaker, listeners)
        if stated is not None:
            found.setdefault((stated.source, stated.relation, stated.target), stated)
    return list(found.values())
