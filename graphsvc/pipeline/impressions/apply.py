"""Stage 7: the applier: a CONFIRMED plan → the graph, in batches of steps, each batch one transaction.

Seed 000 §执行流程 7: "可以 batch apply finalized steps; 不可以 batch planner → batch apply". Identity decisions
were made on the whole plan before; batching here only bounds transaction size
(``impression_apply_batch_steps``). Per batch, one transaction creates the entities, then adds kinds,
aliases, impressions with their Evidence (one per impression and source event, ``(Evidence)-[:SUPPORTS]->
(Impression)``, ``(Evidence)-[:FROM_EVENT]->(Event)``), features, and ``OBSERVED_IN`` provenance; relations
follow in a last transaction, when both ends exist. Every step is idempotent (each write checks what is
stored first) and every change writes a ``HistoryEntry`` (the writes: :mod:`graphsvc.graph.entity_writes`).
Pending observations are stored by :func:`store_pending`, also idempotently.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from graphsvc import keys
from graphsvc.errors import PlanRejectedError
from graphsvc.graph import entity_writes, pending_observations
from graphsvc.graph.database import Queries
from graphsvc.graph.entity_writes import (
    EntityBatch,
    FeatureEvidence,
    ImpressionEvidence,
    KindChange,
    NewEntity,
    NewImpression,
    ObservedFeature,
    ObservedIn,
    ObservedName,
    ObservedRelation,
)
from graphsvc.graph.pending_observations import NewPending
from graphsvc.pipeline.impressions.aggregate import AggregatedObservation
from graphsvc.pipeline.impressions.plan import (
    CreateEntityStep,
    ImpressionUpdatePlan,
    PendingDraft,
    PlanStep,
    UpdateExistingStep,
)

ACTOR = "impressions"
RELATION_ROWS_PER_TRANSACTION = 1000
EvidenceGrade = Literal["B", "D"]


class ApplyResult(BaseModel):
    """What applying a plan changed.

    Attributes:
        created: subject keys of the entities created.
        updated: subject keys of existing entities that changed (not those only re-observed).
        changes: history entries written (one per change).
        evidence_linked: Evidence nodes created.
        transactions: write transactions used.
    """

    model_config = ConfigDict(frozen=True)

    created: list[str] = Field(default=[])
    updated: list[str] = Field(default=[])
    changes: int = 0
    evidence_linked: int = 0
    transactions: int = 0


def evidence_grade(confidence: float) -> EvidenceGrade:
    """seed 002 §5 grades: B for an explicit statement (confidence >= 0.8), D for one conversation's cue."""
    return "B" if confidence >= 0.8 else "D"


def batches(steps: Sequence[PlanStep], size: int) -> list[list[PlanStep]]:
    """Consecutive groups of at most ``size`` steps (every step in exactly one)."""
    if size < 1:
        raise ValueError(f"batch size must be >= 1, got {size}")
    return [list(steps[i : i + size]) for i in range(0, len(steps), size)]


async def apply_plan(
    *,
    db: Queries,
    user_id: str,
    plan: ImpressionUpdatePlan,
    event_uids: Mapping[str, str],
    message_times: Mapping[str, datetime],
    now: datetime,
    batch_steps: int,
    actor: str = ACTOR,
) -> ApplyResult:
    """Apply a CONFIRMED plan.

    Args:
        plan: the validated plan.
        event_uids: message id → Event uid, for Evidence and OBSERVED_IN (unmapped ids get no link).
        message_times: message id → when it was said (a feature's ``observed_at`` is its newest evidence).
        now: the time written on nodes and history entries.
        batch_steps: steps per transaction.
        actor: who is recorded in history entries ("impressions" for the pipeline, "api" for GraphQL).

    Returns:
        what changed; applying the same plan again returns no created, no updated and 0 changes.

    Raises:
        PlanRejectedError: the plan is not CONFIRMED (nothing is written).
        neo4j errors: a transaction failed (that batch is rolled back; earlier batches stay, and a re-run
            completes the rest, as every step is idempotent).
    """
    if plan.status != "CONFIRMED":
        raise PlanRejectedError(reasons=[str(r) for r in plan.reasons] or [f"plan is {plan.status}, not CONFIRMED"])
    created: set[str] = set()
    changed: set[str] = set()
    changes = evidence = transactions = 0
    for chunk in batches(plan.steps, batch_steps):
        batch = _entity_batch(user_id, chunk, event_uids, message_times, now)
        outcome = await entity_writes.apply_batch(db, user_id=user_id, batch=batch, now=now, actor=actor)
        transactions += 1
        created |= outcome.created
        changed |= outcome.changed
        changes += outcome.changes
        evidence += outcome.evidence_linked
    relations = [
        ObservedRelation(
            subject_key=step.subject_key,
            target_subject_key=r.target.subject_key,
            relation=r.relation,
            strength=r.strength,
            event_uids=_events(r.evidence_message_ids or step.patch.evidence_message_ids, event_uids),
            rule_id=r.rule_id,
        )
        for step in plan.steps
        for r in step.patch.relations
    ]
    for start in range(0, len(relations), RELATION_ROWS_PER_TRANSACTION):
        outcome = await entity_writes.apply_relations(
            db,
            user_id=user_id,
            relations=relations[start : start + RELATION_ROWS_PER_TRANSACTION],
            now=now,
            actor=actor,
        )
        transactions += 1
        changed |= outcome.changed
        changes += outcome.changes
    return ApplyResult(
        created=sorted(created),
        updated=sorted(changed - created),
        changes=changes,
        evidence_linked=evidence,
        transactions=transactions,
    )


def _events(message_ids: Iterable[str], event_uids: Mapping[str, str]) -> tuple[str, ...]:
    """The event uids of the message ids that have one, in order, once each."""
    return tuple(dict.fromkeys(event_uids[i] for i in message_ids if i in event_uids))


def _entity_batch(
    user_id: str,
    steps: Iterable[PlanStep],
    event_uids: Mapping[str, str],
    message_times: Mapping[str, datetime],
    now: datetime,
) -> EntityBatch:
    """What ``steps`` write (pure): ids are derived from the user, the entity's subject key and the content,
    so the same step gives the same rows (:mod:`graphsvc.graph.entity_writes` checks them against the graph).
    """
    entities: list[NewEntity] = []
    kinds: list[KindChange] = []
    names: list[ObservedName] = []
    impressions: list[NewImpression] = []
    impression_evidence: list[ImpressionEvidence] = []
    features: list[ObservedFeature] = []
    feature_evidence: list[FeatureEvidence] = []
    observed_in: list[ObservedIn] = []
    for step in steps:
        key = step.subject_key
        step_names = list(step.patch.aliases)
        observed = _events(step.patch.evidence_message_ids, event_uids)
        if isinstance(step, CreateEntityStep):
            step_names.insert(0, step.subject)
            entities.append(
                NewEntity(
                    uid=keys.new_uid(),
                    subject_key=key,
                    subject=step.subject,
                    kind=step.kind,
                    event_uids=observed,
                    kind_rule=step.kind_rule,
                )
            )
        elif isinstance(step, UpdateExistingStep) and step.kind is not None:
            kinds.append(KindChange(subject_key=key, kind=step.kind, kind_rule=step.kind_rule))
        seen: set[str] = set()
        for name in step_names:
            norm = keys.normalise_text(name)
            if norm and norm not in seen:
                seen.add(norm)
                names.append(
                    ObservedName(
                        subject_key=key,
                        name=name.strip(),
                        normalized=norm,
                        uid=keys.alias_uid(user_id, key, norm),
                        event_uids=observed,
                    )
                )
        for p in step.patch.impressions:
            digest = keys.content_hash(p.content)
            impressions.append(
                NewImpression(
                    subject_key=key,
                    content=p.content,
                    content_hash=digest,
                    confidence=p.confidence,
                    uid=keys.impression_uid(user_id, key, digest),
                    event_uids=_events(p.evidence_message_ids, event_uids),
                )
            )
            for event_uid in _events(p.evidence_message_ids, event_uids):
                impression_evidence.append(
                    ImpressionEvidence(
                        subject_key=key,
                        content_hash=digest,
                        event_uid=event_uid,
                        uid=keys.impression_evidence_uid(user_id, key, digest, event_uid),
                        grade=evidence_grade(p.confidence),
                    )
                )
        for f in step.patch.features:
            times = [message_times[i] for i in f.evidence_message_ids if i in message_times]
            features.append(
                ObservedFeature(
                    subject_key=key,
                    key=f.key,
                    value=f.value,
                    confidence=f.confidence,
                    observed_at=max(times) if times else now,
                    uid=keys.feature_uid(user_id, key, f.key),
                    event_uids=_events(f.evidence_message_ids, event_uids),
                )
            )
            for message_id in dict.fromkeys(f.evidence_message_ids):
                if message_id in event_uids:
                    feature_evidence.append(
                        FeatureEvidence(
                            subject_key=key,
                            key=f.key,
                            value=f.value,
                            event_uid=event_uids[message_id],
                            observed_at=message_times.get(message_id, now),
                            grade=evidence_grade(f.confidence),
                            uid=keys.feature_evidence_uid(user_id, key, f.key, event_uids[message_id], f.value),
                        )
                    )
        if observed:
            observed_in.append(ObservedIn(subject_key=key, event_uids=observed))
    return EntityBatch(
        entities=tuple(entities),
        kinds=tuple(kinds),
        names=tuple(names),
        impressions=tuple(impressions),
        impression_evidence=tuple(impression_evidence),
        features=tuple(features),
        feature_evidence=tuple(feature_evidence),
        observed_in=tuple(observed_in),
    )


def pending_uid(user_id: str, observation: AggregatedObservation, event_uids: Mapping[str, str]) -> str:
    """Deterministic: the same observation of the same events is stored once."""
    events = sorted(event_uids.get(i, i) for i in observation.evidence_message_ids)
    return keys.digest("pending", user_id, observation.key, *events)


async def already_pending(
    db: Queries, *, user_id: str, observations: Sequence[AggregatedObservation], event_uids: Mapping[str, str]
) -> set[str]:
    """Keys of the observations stored as pending before (open or resolved): a person decides those, not a re-run.

    Returns:
        the observation keys whose pending uid exists for this user; empty when none.
    """
    uids = {pending_uid(user_id, o, event_uids): o.key for o in observations}
    if not uids:
        return set()
    stored = await pending_observations.stored_uids(db, user_id=user_id, uids=sorted(uids))
    return {uids[uid] for uid in stored}


def pending_payload(draft: PendingDraft, event_uids: Mapping[str, str], message_times: Mapping[str, datetime]) -> str:
    """The stored JSON: the observation, and its message ids mapped to event uids and times (for resolving it)."""
    ids = {
        i
        for i in [
            *draft.observation.evidence_message_ids,
            *(i for p in draft.observation.impressions for i in p.evidence_message_ids),
            *(i for p in draft.observation.features for i in p.evidence_message_ids),
        ]
    }
    events = {
        i: {"uid": event_uids.get(i), "at": message_times[i].isoformat() if i in message_times else None}
        for i in sorted(ids)
    }
    return json.dumps({"observation": draft.observation.model_dump(mode="json"), "events": events}, ensure_ascii=False)


async def store_pending(
    *,
    db: Queries,
    user_id: str,
    drafts: Sequence[PendingDraft],
    event_uids: Mapping[str, str],
    message_times: Mapping[str, datetime],
    now: datetime,
) -> int:
    """Store ambiguous, postponed and rejected observations as PendingObservation nodes (seed 000 §4).

    Returns:
        how many were new (0 when all were stored before).
    """
    pending = [
        NewPending(
            uid=pending_uid(user_id, d.observation, event_uids),
            subject=d.observation.subject,
            reason=d.reason,
            detail=d.detail,
            payload=pending_payload(d, event_uids, message_times),
            candidate_uids=tuple(d.candidate_uuids),
            event_uids=tuple(sorted({event_uids[i] for i in d.observation.evidence_message_ids if i in event_uids})),
        )
        for d in drafts
    ]
    return await pending_observations.store_pending(db, user_id=user_id, now=now, pending=pending)
