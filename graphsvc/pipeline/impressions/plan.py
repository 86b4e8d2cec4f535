"""Stage 5: the final plan builder: resolved observations → ``ImpressionUpdatePlan``.

Seed 000 §执行流程 5. ``update`` decisions become :class:`UpdateExistingStep` (one per entity: observations
resolved to the same entity are merged), ``create`` decisions :class:`CreateEntityStep`; ``ambiguous`` and
``postponed`` ones become pending drafts, not steps. Relation targets are names; the builder binds each to an
entity created in this plan, an entity updated in it, or exactly one known entity, and leaves out (with a
note) a relation whose target it cannot bind. Steps address entities by ``subject_key`` (unique, indexed),
which a created entity has before it exists.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from graphsvc import keys
from graphsvc.pipeline.impressions.aggregate import AggregatedObservation
from graphsvc.pipeline.impressions.observation import FeaturePatch, ImpressionPatch
from graphsvc.pipeline.impressions.resolve import Decision, Resolution, ResolvedObservation
from graphsvc.vocabulary import EntityKind

PlanStatus = Literal["PREPARED", "CONFIRMED", "REJECTED"]
PendingReason = Literal["ambiguous", "postponed", "plan_rejected"]
IssueCode = Literal[
    "empty_plan",
    "unknown_entity",
    "identity_mismatch",
    "subject_clash",
    "alias_clash",
    "duplicate_create",
    "unresolved_relation_target",
    "empty_text",
    "text_too_long",
    "invalid_confidence",
    "invalid_strength",
    "ambiguous_step",
]
"""Why the validator rejects a plan (seed 000 §执行流程 6)."""


class RelationTarget(BaseModel):
    """The other end of a relation: a known entity (uuid set) or one created by this plan (uuid None)."""

    model_config = ConfigDict(frozen=True)

    name: str
    subject_key: str
    entity_uuid: str | None = None


class PlannedRelation(BaseModel):
    model_config = ConfigDict(frozen=True)

    target: RelationTarget
    relation: str
    strength: float
    confidence: float
    evidence_message_ids: list[str] = Field(default=[])
    rule_id: str | None = Field(default=None, description="The rulebook rule that stated it (None: an LLM did).")


class EntityPatch(BaseModel):
    """What a step adds to an entity. Idempotent: applying it twice changes nothing the second time."""

    model_config = ConfigDict(frozen=True)

    aliases: list[str] = Field(default=[], description="Names to add (as written); the subject of a create is implied.")
    impressions: list[ImpressionPatch] = Field(default=[])
    features: list[FeaturePatch] = Field(default=[])
    relations: list[PlannedRelation] = Field(default=[])
    evidence_message_ids: list[str] = Field(default=[], description="Messages the entity was observed in.")


class UpdateExistingStep(BaseModel):
    """seed 000 ``UpdateExistingStep(entityUuid, patch)``."""

    model_config = ConfigDict(frozen=True)

    op: Literal["update_existing"] = "update_existing"
    entity_uuid: str
    subject_key: str
    kind: EntityKind | None = Field(default=None, description="Observed kind; replaces only a stored 'thing'.")
    kind_rule: str | None = Field(default=None, description="The rulebook rule that decided the observed kind.")
    observation_keys: list[str] = Field(default=[])
    observed_names: list[str] = Field(default=[], description="Normalised names the observations used.")
    matched_by: Literal["subject", "alias", "user"]
    patch: EntityPatch


class CreateEntityStep(BaseModel):
    """seed 000 ``CreateEntityStep(subject, patches...)``."""

    model_config = ConfigDict(frozen=True)

    op: Literal["create_entity"] = "create_entity"
    subject: str
    subject_key: str
    kind: EntityKind
    kind_rule: str | None = Field(default=None, description="The rulebook rule that decided the kind.")
    observation_keys: list[str] = Field(default=[])
    patch: EntityPatch


PlanStep = Annotated[UpdateExistingStep | CreateEntityStep, Field(discriminator="op")]


class PendingDraft(BaseModel):
    """An observation to keep as a PendingObservation node."""

    model_config = ConfigDict(frozen=True)

    observation: AggregatedObservation
    reason: PendingReason
    detail: str
    candidate_uuids: list[str] = Field(default=[])


class ValidationIssue(BaseModel):
    """One reason a plan is rejected."""

    model_config = ConfigDict(frozen=True)

    code: IssueCode
    step: int | None = Field(default=None, description="Index of the offending step; None for the whole plan.")
    detail: str

    def __str__(self) -> str:
        where = f"step {self.step}: " if self.step is not None else ""
        return f"{where}{self.code}: {self.detail}"


class ImpressionUpdatePlan(BaseModel):
    """The final plan (seed 000 ``ImpressionUpdatePlan``); only a CONFIRMED one is ever applied."""

    model_config = ConfigDict(frozen=True)

    steps: list[PlanStep] = Field(default=[])
    status: PlanStatus = "PREPARED"
    reasons: list[ValidationIssue] = Field(default=[], description="Every validation failure (REJECTED only).")
    pending: list[PendingDraft] = Field(default=[])
    decisions: dict[str, Decision] = Field(default={}, description="Observation key → resolver decision.")
    notes: list[str] = Field(default=[], description="What the builder left out, and why.")


def build_plan(resolution: Resolution, *, user_id: str) -> ImpressionUpdatePlan:
    """Stage 5 (pure): the plan of every update and create decision, plus the pending drafts.

    Args:
        resolution: the resolver's output (decisions and the index snapshot).
        user_id: the owner (subject keys fold it in).

    Returns:
        a PREPARED plan: update steps first (one per entity, in order of first decision), then create steps.
    """
    updates: dict[str, list[ResolvedObservation]] = {}
    creates: list[ResolvedObservation] = []
    pending: list[PendingDraft] = []
    for r in resolution.resolved:
        if r.decision == "update" and r.entity is not None:
            updates.setdefault(r.entity.entity_uuid, []).append(r)
        elif r.decision == "create":
            creates.append(r)
        elif r.decision in ("ambiguous", "postponed"):
            pending.append(
                PendingDraft(
                    observation=r.observation,
                    reason="ambiguous" if r.decision == "ambiguous" else "postponed",
                    detail=r.reason,
                    candidate_uuids=[c.entity_uuid for c in r.candidates],
                )
            )
    targets = _targets(resolution, updates, creates, user_id)
    notes: list[str] = []
    steps: list[PlanStep] = []
    for entity_uuid, group in updates.items():
        entity = group[0].entity
        assert entity is not None
        observations = [r.observation for r in group]
        new_names = {n: name for o in observations for n, name in o.names.items() if n not in entity.normalized_names}
        kinds = [o for o in observations if o.kind != "thing"]
        steps.append(
            UpdateExistingStep(
                entity_uuid=entity_uuid,
                subject_key=entity.subject_key,
                kind=kinds[0].kind if kinds else None,
                kind_rule=kinds[0].kind_rule if kinds else None,
                observation_keys=[o.key for o in observations],
                observed_names=sorted({n for o in observations for n in o.names}),
                matched_by=group[0].matched_by or "alias",
                patch=_patch(entity.subject_key, observations, list(new_names.values()), targets, notes),
            )
        )
    for r in creates:
        o = r.observation
        subject_key = keys.entity_subject_key(user_id, o.key)
        steps.append(
            CreateEntityStep(
                subject=o.subject,
                subject_key=subject_key,
                kind=o.kind,
                kind_rule=o.kind_rule,
                observation_keys=[o.key],
                patch=_patch(subject_key, [o], o.aliases, targets, notes),
            )
        )
    return ImpressionUpdatePlan(
        steps=steps,
        pending=pending,
        decisions={r.observation.key: r.decision for r in resolution.resolved},
        notes=notes,
    )


def _targets(
    resolution: Resolution,
    updates: dict[str, list[ResolvedObservation]],
    creates: list[ResolvedObservation],
    user_id: str,
) -> dict[str, RelationTarget | None]:
    """Normalised name → the entity it binds to in this plan (None: ambiguous)."""
    found: dict[str, RelationTarget | None] = {}

    def bind(name: str, target: RelationTarget) -> None:
        old = found.get(name, target)
        found[name] = target if old is not None and old.subject_key == target.subject_key else None

    for r in creates:
        key = keys.entity_subject_key(user_id, r.observation.key)
        for name in r.observation.names:
            bind(name, RelationTarget(name=r.observation.subject, subject_key=key))
    for uuid, group in updates.items():
        entity = group[0].entity
        assert entity is not None
        for name in {*entity.normalized_names, *(n for r in group for n in r.observation.names)}:
            bind(name, RelationTarget(name=entity.subject, subject_key=entity.subject_key, entity_uuid=uuid))
    for known in resolution.index.identities.values():
        for name in known.normalized_names:
            bind(name, RelationTarget(name=known.subject, subject_key=known.subject_key, entity_uuid=known.entity_uuid))
    return found


def _patch(
    own_key: str,
    observations: list[AggregatedObservation],
    aliases: list[str],
    targets: dict[str, RelationTarget | None],
    notes: list[str],
) -> EntityPatch:
    relations: dict[tuple[str, str], PlannedRelation] = {}
    for o in observations:
        for r in o.relations:
            name = keys.normalise_text(r.target)
            target = targets.get(name)
            if target is None:
                why = "matches several entities" if name in targets else "is not a known or created entity"
                notes.append(f"relation {o.subject!r} -{r.relation}-> {r.target!r} left out: the target {why}")
                continue
            if target.subject_key == own_key:
                continue  # a relation of the entity to itself says nothing
            planned = PlannedRelation(
                target=target,
                relation=r.relation,
                strength=r.strength,
                confidence=r.confidence,
                evidence_message_ids=r.evidence_message_ids,
                rule_id=r.rule_id,
            )
            old = relations.get((target.subject_key, r.relation))
            if old is None or planned.strength > old.strength:
                relations[(target.subject_key, r.relation)] = planned
    impressions: dict[str, ImpressionPatch] = {}
    features: dict[str, FeaturePatch] = {}
    for o in observations:
        for p in o.impressions:
            impressions.setdefault(keys.content_hash(p.content), p)
        for f in o.features:
            features.setdefault(f.key, f)
    return EntityPatch(
        aliases=aliases,
        impressions=list(impressions.values()),
        features=list(features.values()),
        relations=list(relations.values()),
        evidence_message_ids=list(dict.fromkeys(i for o in observations for i in o.evidence_message_ids)),
    )
