"""Builders for the impression-pipeline unit tests: messages, observations, plans, identities."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.conversation import ConversationMessage
from graphsvc.graph.identity import IdentityIndex, KnownEntityIdentity
from graphsvc.pipeline.impressions.active import ActiveEntities, ActiveEntity, ActiveEntityBatch
from graphsvc.pipeline.impressions.aggregate import AggregatedObservation
from graphsvc.pipeline.impressions.observation import (
    BatchObservation,
    ImpressionEntityObservation,
    ImpressionObservationPlan,
    ImpressionPatch,
)
from graphsvc.vocabulary import EntityKind

USER = "u1"
T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def settings(**overrides: object) -> Settings:
    return Settings(environment="test").model_copy(update=overrides)


def msg(
    mid: str, content: str, *, speaker: str | None = "Ana", minute: int = 0, role: str = "user"
) -> ConversationMessage:
    return ConversationMessage(
        message_id=mid, role=role, speaker=speaker, content=content, occurred_at=T0 + timedelta(minutes=minute)
    )


def conversation(n: int = 10) -> list[ConversationMessage]:
    """m1..mn, plain messages (evidence targets)."""
    return [msg(f"m{i}", f"Message number {i} with some text.", minute=i) for i in range(1, n + 1)]


def active_entity(
    runtime_id: str,
    name: str,
    *,
    message_ids: list[str] | None = None,
    kind: EntityKind = "person",
    aliases: list[str] | None = None,
) -> ActiveEntity:
    return ActiveEntity(
        runtime_id=runtime_id,
        name=name,
        aliases=aliases or [],
        kind=kind,
        message_ids=message_ids or ["m1"],
        last_mentioned_at=T0,
    )


def actives(*entities: ActiveEntity, batch_size: int = 8) -> ActiveEntities:
    items = list(entities)
    return ActiveEntities(
        entities=items,
        batches=[
            ActiveEntityBatch(index=b, entities=items[s : s + batch_size])
            for b, s in enumerate(range(0, len(items), batch_size))
        ],
    )


def impression(content: str, *, confidence: float = 0.8, evidence: list[str] | None = None) -> ImpressionPatch:
    return ImpressionPatch(
        content=content, confidence=confidence, evidence_message_ids=["m1"] if evidence is None else evidence
    )


def observation(
    subject: str,
    *,
    aliases: list[str] | None = None,
    impressions: list[ImpressionPatch] | None = None,
    runtime_ids: list[str] | None = None,
    snippets: list[str] | None = None,
    confidence: float = 0.9,
    kind: EntityKind = "person",
) -> ImpressionEntityObservation:
    return ImpressionEntityObservation(
        proposed_subject=subject,
        kind=kind,
        aliases=aliases or [],
        impressions=[impression(f"{subject} is memorable.")] if impressions is None else impressions,
        source_active_runtime_ids=runtime_ids or [],
        evidence_snippets=snippets or [],
        confidence=confidence,
    )


def batch(index: int, *observations: ImpressionEntityObservation) -> BatchObservation:
    return BatchObservation(batch_index=index, plan=ImpressionObservationPlan(observations=list(observations)))


def known(uuid: str, subject: str, *aliases: str) -> KnownEntityIdentity:
    names = [subject, *aliases]
    return KnownEntityIdentity(
        entity_uuid=uuid,
        subject=subject,
        aliases=sorted(names),
        normalized_names=frozenset(keys.normalise_text(n) for n in names),
        subject_key=keys.entity_subject_key(USER, keys.normalise_text(subject)),
    )


def index(*identities: KnownEntityIdentity) -> IdentityIndex:
    return IdentityIndex.of(identities)


def aggregated(
    subject: str, *aliases: str, confidence: float = 0.9, evidence: list[str] | None = None, kind: EntityKind = "person"
) -> AggregatedObservation:
    names = {keys.normalise_text(subject): subject, **{keys.normalise_text(a): a for a in aliases}}
    ev = ["m1"] if evidence is None else evidence
    return AggregatedObservation(
        key=keys.normalise_text(subject),
        subject=subject,
        kind=kind,
        names=names,
        impressions=[impression(f"{subject} likes tea.", evidence=ev)] if ev else [],
        evidence_message_ids=ev,
        confidence=confidence,
    )
