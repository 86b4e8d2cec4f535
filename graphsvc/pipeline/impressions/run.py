"""The impression observation pipeline of one ended conversation (seed 000, target shape):

``conversation window → active entity batches → observation planner per batch → aggregate →
identity resolver (subject/alias index) → final plan builder → context-aware validator → applier``.

Observations the resolver cannot settle, and the steps of a rejected plan, are kept as pending
observations instead of being dropped; an observation already pending from an earlier run over the same
events is left to the person deciding it. Re-running the pipeline over the same conversation changes nothing.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field

from graphsvc import keys
from graphsvc.conversation import ConversationMessage
from graphsvc.graph import identity
from graphsvc.graph.database import NamedTx
from graphsvc.graph.identity import IdentityIndex
from graphsvc.llm.client import LLMCall
from graphsvc.pipeline.impressions import apply, observe, resolve, validate
from graphsvc.pipeline.impressions.active import (
    ActiveEntities,
    build_active_entities,
    detect_mentions,
    mention_names,
)
from graphsvc.pipeline.impressions.aggregate import aggregate
from graphsvc.pipeline.impressions.curate import in_one_transaction
from graphsvc.pipeline.impressions.offline import Statement
from graphsvc.pipeline.impressions.plan import (
    CreateEntityStep,
    ImpressionUpdatePlan,
    PendingDraft,
    PlanStatus,
    build_plan,
)
from graphsvc.pipeline.impressions.resolve import Resolution
from graphsvc.runtime import Runtime
from graphsvc.text.entities import EntityMention


class ImpressionReport(BaseModel):
    """What one run did.

    Attributes:
        llm_calls: the planner's calls (one per batch; empty offline).
        observations: planner observations over all batches, before aggregation.
        aggregated: independent entity observations after aggregation.
        dropped: aggregate drops by reason (rejected_plan, low_confidence, templated, ...).
        decisions: resolver decisions by kind (update, create, ambiguous, postponed).
        plan_status: the validator's verdict; None when there was nothing to plan.
        rejected_reasons: every validation failure of a REJECTED plan.
        created_entities / updated_entities: entities created, and existing entities changed.
        changes: history entries written. pending: pending observations newly stored.
        already_pending: observations stored as pending by an earlier run over the same events; they wait for
            a person's decision (``resolvePendingObservation``) and are not re-decided.
        entity_names: normalised name → subject keys of the user's entities that bear it after this run, for
            every name the run looked up (the mentions' and the observations'); what an extraction job links
            its new memories to, without reading the identity index again.
        features: ``(entity names, feature key, value, message ids)`` of every feature an applied plan stated;
            an extraction job gives a memory of that entity that states the value in those messages the feature's
            key as its slot (issue 12: feature keys are slots).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    active_entities: int = 0
    batches: int = 0
    llm_calls: list[LLMCall] = Field(default=[])
    observations: int = 0
    aggregated: int = 0
    dropped: dict[str, int] = Field(default={})
    decisions: dict[str, int] = Field(default={})
    plan_status: PlanStatus | None = None
    rejected_reasons: list[str] = Field(default=[])
    created_entities: int = 0
    updated_entities: int = 0
    changes: int = 0
    evidence_linked: int = 0
    pending: int = 0
    already_pending: int = 0
    notes: list[str] = Field(default=[])
    entity_names: dict[str, list[str]] = Field(default={})
    features: list[tuple[list[str], str, str, list[str]]] = Field(default=[])


class ActiveContext(BaseModel):
    """Stage 1's result, computed once per conversation: the identity index read for the mentions and the
    active entities bound to it. An extraction job builds it before its one LLM call (the call's prompt lists
    the active entities) and hands it to :func:`run` with that call's observations."""

    model_config = ConfigDict(frozen=True)

    index: IdentityIndex
    active: ActiveEntities


async def prepare(
    rt: Runtime, *, user_id: str, messages: Sequence[ConversationMessage], mentions: Sequence[EntityMention]
) -> ActiveContext:
    """Stage 1 over Neo4j: one identity-index lookup for the mentions' names, then the active entities."""
    index = await identity.lookup(rt.db, user_id=user_id, names=mention_names(mentions))
    active = build_active_entities(mentions, messages, index=index, batch_size=rt.settings.impressions.batch_size)
    return ActiveContext(index=index, active=active)


async def run(
    rt: Runtime,
    *,
    user_id: str,
    messages: Sequence[ConversationMessage],
    event_uids: Mapping[str, str],
    mentions: Sequence[EntityMention] | None = None,
    statements: Sequence[Statement] = (),
    prepared: ActiveContext | None = None,
    observed: observe.ObservationRound | None = None,
) -> ImpressionReport:
    """Observe the entities of one ended conversation and apply what is confirmed.

    Args:
        rt: the runtime; ``rt.llm`` is the planner (None: the offline rules, same contract), ``impression_*``
            settings bound batches and thresholds, ``rt.clock()`` dates new nodes and history entries.
        user_id: the owner; nothing of another user is read or written.
        messages: the conversation in time order, with short message ids ("m1", ...).
        event_uids: message id → Event uid, for Evidence and OBSERVED_IN provenance.
        mentions: the conversation's entity mentions when the caller already detected them
            (:func:`.active.detect_mentions`); None detects them here.
        statements: offline planner only: the conversation's first-person statements, as the offline
            memory extractor found them (an extraction job passes its offline memories, so the rules run once
            per job); empty gives speakers third-person impressions only.
        prepared: stage 1 already done (:func:`prepare`); None does it here.
        observed: the planner's answers already given (an extraction job's one LLM call per window returns
            memories and observations together, seed 001 + seed 000 in one answer); None runs the planner
            (:func:`.observe.run`: the LLM per batch, or the offline rules). Either way they pass
            :func:`.observe.guard_entity_ids` and the aggregate → resolve → plan → validate → apply stages.

    Returns:
        the report; an empty conversation gives an all-zero report.

    Raises:
        LLMError: a planner call failed (nothing is written; the caller retries).
    """
    db, settings, now = rt.db, rt.settings, rt.clock()
    report = ImpressionReport()
    if prepared is None:
        mentions = await asyncio.to_thread(detect_mentions, messages) if mentions is None else mentions
        prepared = await prepare(rt, user_id=user_id, messages=messages, mentions=mentions)
    index, active = prepared.index, prepared.active
    report.active_entities, report.batches = len(active.entities), len(active.batches)
    if not active.batches:
        report.entity_names = names_after(index, plan=None)
        return report
    if observed is None:
        observed = await observe.run(
            llm=rt.llm, active=active, messages=messages, settings=settings.impressions, statements=statements
        )
    report.llm_calls = observed.calls
    report.observations = sum(len(p.plan.observations) for p in observed.plans)
    merged = aggregate(observed.plans, messages=messages, active=active, settings=settings.impressions)
    report.aggregated = len(merged.observations)
    report.dropped = dict(Counter(d.reason for d in merged.dropped))
    held = await apply.already_pending(db, user_id=user_id, observations=merged.observations, event_uids=event_uids)
    if held:
        report.already_pending = len(held)
        merged = merged.model_copy(update={"observations": [o for o in merged.observations if o.key not in held]})
    resolution = await resolve.run(db=db, user_id=user_id, aggregate=merged, settings=settings.impressions, known=index)
    report.decisions = dict(Counter(r.decision for r in resolution.resolved))
    plan = build_plan(resolution, user_id=user_id)
    report.notes = plan.notes
    report.entity_names = names_after(resolution.index, plan=None)
    if not resolution.resolved:
        return report
    times = {m.message_id: m.occurred_at for m in messages}

    async def commit(tx: NamedTx) -> tuple[ImpressionUpdatePlan, apply.ApplyResult | None, int]:
        # Validation and application in ONE transaction under the user's entity lock (shared with curation):
        # the validator's fresh read is what the applier writes over, and a concurrent curation waits.
        checked = await validate.run(db=tx, user_id=user_id, plan=plan, settings=settings.impressions)
        drafts = list(checked.pending)
        result = None
        if checked.status == "CONFIRMED":
            result = await apply.apply_plan(
                db=tx,
                user_id=user_id,
                plan=checked,
                event_uids=event_uids,
                message_times=times,
                now=now,
                batch_steps=settings.impressions.apply_batch_steps,
            )
        else:
            drafts += rejected_drafts(checked, resolution)
        stored = await apply.store_pending(
            db=tx, user_id=user_id, drafts=drafts, event_uids=event_uids, message_times=times, now=now
        )
        return checked, result, stored

    checked, result, report.pending = await in_one_transaction(db, user_id=user_id, now=now, work=commit)
    report.plan_status = checked.status
    if result is not None:
        report.created_entities, report.updated_entities = len(result.created), len(result.updated)
        report.changes, report.evidence_linked = result.changes, result.evidence_linked
        report.entity_names = names_after(resolution.index, plan=checked)
        report.features = stated_features(checked)
    else:
        report.rejected_reasons = [str(r) for r in checked.reasons]
    return report


def names_after(index: IdentityIndex, *, plan: ImpressionUpdatePlan | None) -> dict[str, list[str]]:
    """Normalised name → subject keys of the entities bearing it: ``index`` plus what an applied ``plan`` named.

    Every step of an applied plan gives its entity its aliases (and a created entity its subject), so the
    result equals a fresh read of the identity index for the names ``index`` was read for (pure).
    """
    names: dict[str, set[str]] = {}
    for known in index.identities.values():
        for name in known.normalized_names:
            names.setdefault(name, set()).add(known.subject_key)
    for step in plan.steps if plan is not None else []:
        written = [*step.patch.aliases, *([step.subject] if isinstance(step, CreateEntityStep) else [])]
        for name in filter(None, (keys.normalise_text(n) for n in written)):
            names.setdefault(name, set()).add(step.subject_key)
    return {name: sorted(subject_keys) for name, subject_keys in names.items()}


def stated_features(plan: ImpressionUpdatePlan) -> list[tuple[list[str], str, str, list[str]]]:
    """``(normalised names of the entity, key, value, message ids)`` of every feature of the plan (pure)."""
    out = []
    for step in plan.steps:
        names = [*step.patch.aliases, *([step.subject] if isinstance(step, CreateEntityStep) else step.observed_names)]
        normalised = sorted({n for n in (keys.normalise_text(name) for name in names) if n})
        for feature in step.patch.features:
            out.append((normalised, feature.key, feature.value, list(feature.evidence_message_ids)))
    return out


def rejected_drafts(plan: ImpressionUpdatePlan, resolution: Resolution) -> list[PendingDraft]:
    """The observations behind the steps of a REJECTED plan, as pending drafts carrying the reasons."""
    by_key = {r.observation.key: r for r in resolution.resolved}
    drafts = []
    for n, step in enumerate(plan.steps):
        reasons = "; ".join(str(r) for r in plan.reasons if r.step in (n, None)) or "plan rejected"
        for key in step.observation_keys:
            resolved = by_key.get(key)
            if resolved is not None:
                drafts.append(
                    PendingDraft(
                        observation=resolved.observation,
                        reason="plan_rejected",
                        detail=reasons,
                        candidate_uuids=[c.entity_uuid for c in resolved.candidates],
                    )
                )
    return drafts
