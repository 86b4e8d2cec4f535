"""The offline observation planner: the rule-based stand-in for the LLM planner, same contract.

Used when no LLM is configured (seed 000 stage 2, ARCHITECTURE "an offline rule-based extractor keeps every
pipeline running"). For each active entity of a batch it observes:

- the entity itself, named as the conversation names it (name, aliases and kind from stage 1, with the rule that
  decided the kind), confidence by kind: a speaker 0.95, a person/place/organization/work/animal 0.8 (0.9 when
  mentioned in 2+ messages), a thing (a name of no evidenced kind) 0.6 when named in 2+ messages; a thing named
  in one message only is not observed at all (once is too little for anyone to decide what it is);
- impressions: a speaker's first-person statements (the offline memory rules, "Ana went to ...") and any
  speaker's sentences that name the entity, with the speaker named ("Ana's friend Tom paints.", 0.6);
- relations and features the rulebook's relation rules state in each speaker's words
  (:func:`graphsvc.rulebook.relations.stated_relations`), each relation carrying the id of its rule: from the
  speaker, or from a person the sentence names ("Cormac's sister Ailbhe"), to an entity of the conversation of a
  kind the relation needs (a family relation needs a person, ``lives_in`` a place, ``works_at`` an
  organisation, ``has_pet`` an animal); the features ``lives_in``, ``from``, ``works_at`` and ``occupation`` of
  the same statements, the newest value winning (a move: "I moved to Porto", "我搬到了上海");
- third-person impressions never from what is said *to* an entity (its name only addressed, any "you"), nor from
  questions, greetings, reactions, short exclamations and imperatives.

Pure and deterministic: the same conversation gives the same plan, so a re-run changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from graphsvc import keys
from graphsvc.conversation import ConversationMessage
from graphsvc.pipeline.impressions.active import ActiveEntity, ActiveEntityBatch
from graphsvc.pipeline.impressions.observation import (
    FeaturePatch,
    ImpressionEntityObservation,
    ImpressionObservationPlan,
    ImpressionPatch,
    RelationPatch,
)
from graphsvc.rulebook.engine import Selection
from graphsvc.rulebook.entities import name_entities
from graphsvc.rulebook.extract import lead_trimmed, name_speaker, source_messages, speech_refusal
from graphsvc.rulebook.lexicon import en, zh
from graphsvc.rulebook.parse import parse
from graphsvc.rulebook.relations import FEATURE_KEYS, StatedRelation, stated_relations
from graphsvc.text.entities import names_pattern
from graphsvc.text.language import detect_language, split_sentences

THIRD_PERSON_CONFIDENCE = 0.6
MIN_THING_MESSAGES = 2
"""A name of no evidenced kind (a "thing") is observed only when named in at least this many messages."""
THING_CONFIDENCE = 0.5
"""...and then it waits for review as a postponed observation (below the default
``impression_create_min_confidence``, 0.6): nothing evidences its kind, nor that it is an entity at all (a
product, a game, a word written with a capital), so a person decides (seed 000 §4: weak evidence is kept pending,
not guessed)."""
RELATION_STRENGTH = 0.7
"""How close a relation a sentence states is (the rules tell that it holds, not how strongly)."""
MAX_THIRD_PERSON = 20
MAX_SNIPPETS = 3
SNIPPET_CHARS = 200
SECOND_PERSON = en.LISTENER | zh.LISTENER | zh.WE
"""Words of a sentence said to someone ("you've got this", "你真棒", "我们"): no impression of a third person."""


@dataclass(frozen=True)
class OfflineAnalysis:
    """What the rules find in one conversation, computed once and shared by every batch.

    Attributes:
        sources: the messages that may be evidence (said by a person).
        self_reports: speaker name → first-person impressions (the offline memory rules' statements).
        relations: entity name → the relations its observation carries (from the relation rules).
        features: entity name → its features, one per key (the newest statement's).
    """

    sources: list[ConversationMessage]
    self_reports: dict[str, list[ImpressionPatch]] = field(default_factory=dict)
    relations: dict[str, list[RelationPatch]] = field(default_factory=dict)
    features: dict[str, list[FeaturePatch]] = field(default_factory=dict)


class Statement(Protocol):
    """A first-person statement the offline memory rules found (an extracted memory is one)."""

    @property
    def content(self) -> str: ...

    @property
    def confidence(self) -> float: ...

    @property
    def source_message_ids(self) -> list[str]: ...


def analyse(
    messages: Sequence[ConversationMessage],
    *,
    statements: Sequence[Statement],
    entities: Sequence[ActiveEntity] = (),
    selection: Selection | None = None,
) -> OfflineAnalysis:
    """What every batch uses, found once: the first-person statements by speaker, and the relations and features
    the relation rules state between the conversation's entities.

    Args:
        statements: what the offline memory extractor found in this conversation
            (``graphsvc.pipeline.extraction.offline.extract_offline``: an extraction job runs it once and
            passes its memories); empty leaves speakers with third-person impressions only.
        entities: the conversation's active entities (every batch's): the sources and targets a relation may
            have; empty gives no relations and no features.
        selection: the rules that run (None: the rulebook's defaults).
    """
    sources = source_messages(messages, selection=selection)
    speaker_of = {m.message_id: (m.speaker or "").strip() for m in sources}
    self_reports: dict[str, list[ImpressionPatch]] = {}
    for memory in statements:
        speakers = {speaker_of.get(i, "") for i in memory.source_message_ids} - {""}
        for speaker in speakers:
            evidence = [i for i in memory.source_message_ids if speaker_of.get(i) == speaker]
            self_reports.setdefault(speaker, []).append(
                ImpressionPatch(content=memory.content, confidence=memory.confidence, evidence_message_ids=evidence)
            )
    relations, features = _stated(sources, entities, selection)
    return OfflineAnalysis(sources=sources, self_reports=self_reports, relations=relations, features=features)


def _stated(
    sources: Sequence[ConversationMessage], entities: Sequence[ActiveEntity], selection: Selection | None
) -> tuple[dict[str, list[RelationPatch]], dict[str, list[FeaturePatch]]]:
    """The relations (source → target names) and features the relation rules state in the sources, in order: a
    relation once (its first statement), a feature's newest value."""
    by_name = {keys.normalise_text(n): e for e in entities for n in [e.name, *e.aliases]}
    speakers = {(m.speaker or "").strip() for m in sources} - {""}
    relations: dict[str, dict[tuple[str, str], RelationPatch]] = {}
    features: dict[str, dict[str, FeaturePatch]] = {}
    for message in sources:
        speaker = (message.speaker or "").strip()
        if not speaker:
            continue
        listeners = sorted(speakers - {speaker})
        language = detect_language(message.content)
        for sentence in split_sentences(message.content):
            for stated in stated_relations(
                sentence, language, speaker=speaker, listeners=listeners, selection=selection
            ):
                source = by_name.get(keys.normalise_text(stated.source))
                target = by_name.get(keys.normalise_text(stated.target))
                if source is None or (not stated.feature and not _fits(stated, target)):
                    continue
                if stated.relation in FEATURE_KEYS:
                    features.setdefault(source.name, {})[stated.relation] = FeaturePatch(
                        key=stated.relation,
                        value=stated.target,
                        confidence=stated.confidence,
                        evidence_message_ids=[message.message_id],
                    )
                if target is not None and not stated.feature:
                    relations.setdefault(source.name, {}).setdefault(
                        (stated.relation, target.name),
                        RelationPatch(
                            target=target.name,
                            relation=stated.relation,
                            strength=RELATION_STRENGTH,
                            confidence=stated.confidence,
                            evidence_message_ids=[message.message_id],
                            rule_id=stated.rule_id,
                        ),
                    )
    return (
        {name: list(found.values()) for name, found in relations.items()},
        {name: list(found.values()) for name, found in features.items()},
    )


def _fits(stated: StatedRelation, target: ActiveEntity | None) -> bool:
    """The target is an entity of the conversation of a kind the relation needs."""
    return target is not None and target.kind in stated.target_kinds()


def plan_batch(batch: ActiveEntityBatch, analysis: OfflineAnalysis) -> ImpressionObservationPlan:
    """The observation plan of one batch: one observation per active entity that has evidence.

    Returns:
        a PREPARED plan; REJECTED (reason given) when no entity of the batch has evidence in the sources.
    """
    observations = [obs for entity in batch.entities if (obs := _observe(entity, analysis)) is not None]
    if not observations:
        return ImpressionObservationPlan(status="REJECTED", reason="no evidence for any entity of the batch")
    return ImpressionObservationPlan(observations=observations)


def _observe(entity: ActiveEntity, analysis: OfflineAnalysis) -> ImpressionEntityObservation | None:
    mentioned = set(entity.message_ids)
    messages = [m for m in analysis.sources if m.message_id in mentioned]
    if not messages or (entity.kind == "thing" and len(messages) < MIN_THING_MESSAGES):
        return None
    impressions = list(analysis.self_reports.get(entity.name, [])) if entity.is_speaker else []
    third = _third_person(entity, messages)
    impressions += third
    snippets = [p.content.split(": ", 1)[-1] for p in [*third, *impressions]][:MAX_SNIPPETS]
    if not snippets:
        snippets = [messages[0].content]
    return ImpressionEntityObservation(
        proposed_subject=entity.name,
        kind=entity.kind,
        kind_rule=entity.kind_rule,
        aliases=entity.aliases,
        impressions=impressions,
        features=analysis.features.get(entity.name, []),
        relations=analysis.relations.get(entity.name, []),
        source_active_runtime_ids=[entity.runtime_id],
        evidence_snippets=[s[:SNIPPET_CHARS] for s in snippets],
        confidence=_confidence(entity),
        reason="offline rules: " + ("speaker" if entity.is_speaker else f"{entity.kind} named in the conversation"),
    )


def _confidence(entity: ActiveEntity) -> float:
    if entity.is_speaker:
        return 0.95
    if entity.kind == "thing":
        return THING_CONFIDENCE
    return 0.9 if len(entity.message_ids) >= 2 else 0.8


def _third_person(entity: ActiveEntity, messages: Sequence[ConversationMessage]) -> list[ImpressionPatch]:
    """Sentences by others that name the entity and say something about it (no questions, no greetings)."""
    names = names_pattern([entity.name, *entity.aliases])
    out: dict[str, ImpressionPatch] = {}
    for message in messages:
        speaker = (message.speaker or "").strip()
        if speaker == entity.name:
            continue
        for sentence in split_sentences(message.content):
            if not names.search(sentence) or not _is_statement(sentence, entity, names):
                continue
            content = name_speaker(lead_trimmed(sentence), speaker)  # "No, my dog Bolt…" → "Lena's dog Bolt…"
            if content not in out:
                out[content] = ImpressionPatch(
                    content=content, confidence=THIRD_PERSON_CONFIDENCE, evidence_message_ids=[message.message_id]
                )
            if len(out) >= MAX_THIRD_PERSON:
                return list(out.values())
    return list(out.values())


_EXCLAIMED = re.compile(r"!\s*$")


def _addressed(sentence: str, entity: ActiveEntity) -> bool:
    """Whether the entity is spoken to rather than about: the entity rules find its name only addressed there
    ("Thanks Sam", "…, Sam!"), or the sentence has a second-person word (:data:`SECOND_PERSON`)."""
    language = detect_language(sentence)
    names = {entity.name, *entity.aliases}
    if any(n.kind is None and n.name in names for n in name_entities(sentence, language)):
        return True
    return any(t.lower_ in SECOND_PERSON for t in parse(sentence, language))


def _is_statement(sentence: str, entity: ActiveEntity, names: re.Pattern[str]) -> bool:
    """A sentence that says something about the entity: none of the rulebook's ``speech`` refusals (a question, a
    greeting, a request, anything said to the listener: :func:`graphsvc.rulebook.extract.speech_refusal`), not said
    to the entity (:func:`_addressed`), no short exclamation, and with words enough beside its name."""
    if speech_refusal(sentence) is not None or _addressed(sentence, entity):
        return False
    if _EXCLAIMED.search(sentence) and len(sentence) < 40:
        return False
    rest = names.sub(" ", sentence)
    if detect_language(sentence) == "zh":
        return len(re.findall(r"[\u4e00-\u9fff]", rest)) >= 6
    return len(re.findall(r"[A-Za-z']+", rest)) >= 4
