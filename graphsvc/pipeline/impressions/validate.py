"""Stage 6: the context-aware validator: CONFIRMED or REJECTED, with every reason.

Seed 000 §执行流程 6. Checked against a fresh read of the graph (index lookups only), not against what the
planner or the resolver believed:

- ``unknown_entity``: an update's uuid (or a relation target's) is not an entity of this user, or its
  subject key does not match: an invented uuid;
- ``identity_mismatch``: an update's observed names share no name with the entity it targets (a wrong uuid),
  unless a person chose the entity (``matched_by == "user"``);
- ``subject_clash`` / ``alias_clash``: a created subject or alias, or an alias added to an entity, already
  names another entity;
- ``duplicate_create``: two created entities share a name (one entity split into two new ones);
- ``unresolved_relation_target``: a relation target is neither known nor created in the same plan;
- ``empty_text`` / ``text_too_long``: names and patch texts must be non-blank and within
  ``impression_max_name_chars`` / ``impression_max_patch_chars``;
- ``invalid_confidence`` / ``invalid_strength``: not a finite number in [0, 1];
- ``ambiguous_step``: a step stems from an observation the resolver found ambiguous or postponed, or the
  names of an update now match more than one entity;
- ``empty_plan``: no step at all.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel, ConfigDict, Field

from graphsvc import keys
from graphsvc.config import ImpressionSettings
from graphsvc.graph import entities, identity
from graphsvc.graph.database import Queries
from graphsvc.graph.identity import IdentityIndex
from graphsvc.pipeline.impressions.patches import valid_score
from graphsvc.pipeline.impressions.plan import (
    CreateEntityStep,
    ImpressionUpdatePlan,
    IssueCode,
    PlanStep,
    UpdateExistingStep,
    ValidationIssue,
)


class ValidationContext(BaseModel):
    """What the graph says now about the entities and names a plan touches.

    Attributes:
        existing: uuid → subject_key of this user's entities among the uuids the plan names.
        index: identities of every name the plan creates, adds or observes.
    """

    model_config = ConfigDict(frozen=True)

    existing: dict[str, str] = Field(default={})
    index: IdentityIndex = Field(default_factory=IdentityIndex)


def validate_plan(
    plan: ImpressionUpdatePlan, context: ValidationContext, *, settings: ImpressionSettings
) -> ImpressionUpdatePlan:
    """Stage 6 (pure): check every rule on every step.

    Returns:
        the plan with status CONFIRMED and no reasons, or REJECTED with every failure found.
    """
    issues = list(_issues(plan, context, settings))
    if issues:
        return plan.model_copy(update={"status": "REJECTED", "reasons": issues})
    return plan.model_copy(update={"status": "CONFIRMED", "reasons": []})


def _issues(
    plan: ImpressionUpdatePlan, context: ValidationContext, settings: ImpressionSettings
) -> Iterator[ValidationIssue]:
    if not plan.steps:
        yield ValidationIssue(code="empty_plan", detail="the plan has no step")
    created: dict[str, int] = {}
    created_keys = {s.subject_key for s in plan.steps if isinstance(s, CreateEntityStep)}
    for n, step in enumerate(plan.steps):
        found: list[tuple[IssueCode, str]] = []
        for key in step.observation_keys:
            decision = plan.decisions.get(key)
            if decision in ("ambiguous", "postponed"):
                found.append(("ambiguous_step", f"observation {key!r} was resolved as {decision}"))
        if isinstance(step, UpdateExistingStep):
            found += _update_issues(step, context)
        else:
            found += _create_issues(step, n, context, created)
        found += _text_issues(step, settings)
        found += _relation_issues(step, context, created_keys)
        yield from (ValidationIssue(code=code, step=n, detail=detail) for code, detail in found)


def _create_issues(
    step: CreateEntityStep, n: int, context: ValidationContext, created: dict[str, int]
) -> Iterator[tuple[IssueCode, str]]:
    """A created entity's names must be new to the user and to the plan's other creates (``created``: name →
    the step creating it, filled as steps are checked)."""
    for name in [step.subject, *step.patch.aliases]:
        norm = keys.normalise_text(name)
        for known in context.index.matches(norm):
            code: IssueCode = "subject_clash" if name == step.subject else "alias_clash"
            yield code, f"{name!r} already names entity {known.entity_uuid} ({known.subject!r})"
        if norm in created:
            yield "duplicate_create", f"{name!r} is also created by step {created[norm]}"
        created.setdefault(norm, n)


def _relation_issues(
    step: PlanStep, context: ValidationContext, created_keys: set[str]
) -> Iterator[tuple[IssueCode, str]]:
    """Every relation target is a stored entity of the user or one this plan creates."""
    for relation in step.patch.relations:
        target = relation.target
        if target.entity_uuid is not None:
            if context.existing.get(target.entity_uuid) != target.subject_key:
                yield "unresolved_relation_target", f"{target.name!r}: no entity {target.entity_uuid}"
        elif target.subject_key not in created_keys:
            yield "unresolved_relation_target", f"{target.name!r} is neither known nor created"


def _update_issues(step: UpdateExistingStep, context: ValidationContext) -> Iterator[tuple[IssueCode, str]]:
    stored_key = context.existing.get(step.entity_uuid)
    if stored_key is None:
        yield "unknown_entity", f"entity {step.entity_uuid!r} does not exist for this user"
        return
    if stored_key != step.subject_key:
        yield "unknown_entity", f"entity {step.entity_uuid!r} has another subject key"
    target = context.index.get(step.entity_uuid)
    if step.matched_by != "user":
        if target is None or target.normalized_names.isdisjoint(step.observed_names):
            yield "identity_mismatch", f"none of {step.observed_names} names entity {step.entity_uuid!r}"
        owners = {i.entity_uuid for n in step.observed_names for i in context.index.matches(n)}
        if len(owners) > 1:
            yield "ambiguous_step", f"its names match {len(owners)} entities"
    for alias in step.patch.aliases:
        for known in context.index.matches(keys.normalise_text(alias)):
            if known.entity_uuid != step.entity_uuid:
                yield "alias_clash", f"{alias!r} already names entity {known.entity_uuid} ({known.subject!r})"


def _text_issues(step: PlanStep, settings: ImpressionSettings) -> Iterator[tuple[IssueCode, str]]:
    names = [*step.patch.aliases, *([step.subject] if isinstance(step, CreateEntityStep) else [])]
    for name in names:
        yield from _bounded("name", name, settings.max_name_chars)
    for p in step.patch.impressions:
        yield from _bounded("impression", p.content, settings.max_patch_chars)
        yield from _score("confidence", "impression", p.confidence)
    for f in step.patch.features:
        yield from _bounded("feature key", f.key, settings.max_name_chars)
        yield from _bounded("feature value", f.value, settings.max_patch_chars)
        yield from _score("confidence", "feature", f.confidence)
    for r in step.patch.relations:
        yield from _bounded("relation", r.relation, settings.max_name_chars)
        yield from _score("confidence", "relation", r.confidence)
        yield from _score("strength", "relation", r.strength)


def _bounded(what: str, text: str, limit: int) -> Iterator[tuple[IssueCode, str]]:
    if not text.strip():
        yield "empty_text", f"{what} is blank"
    elif len(text) > limit:
        yield "text_too_long", f"{what} has {len(text)} characters, over {limit}"


def _score(field: str, what: str, value: float) -> Iterator[tuple[IssueCode, str]]:
    if not valid_score(value):
        code: IssueCode = "invalid_strength" if field == "strength" else "invalid_confidence"
        yield code, f"{what} {field} {value!r} is not a finite number in [0, 1]"


async def context_for(db: Queries, *, user_id: str, plan: ImpressionUpdatePlan) -> ValidationContext:
    """Read the validation context of a plan: existence of the uuids it names, identities of its names."""
    uuids = {s.entity_uuid for s in plan.steps if isinstance(s, UpdateExistingStep)}
    uuids |= {r.target.entity_uuid for s in plan.steps for r in s.patch.relations if r.target.entity_uuid}
    existing = await entities.subject_keys_by_uid(db, user_id=user_id, uids=sorted(uuids)) if uuids else {}
    names: set[str] = set()
    for step in plan.steps:
        names |= {keys.normalise_text(a) for a in step.patch.aliases}
        if isinstance(step, CreateEntityStep):
            names.add(keys.normalise_text(step.subject))
        else:
            names |= set(step.observed_names)
    index = await identity.lookup(db, user_id=user_id, names=names)
    if uuids - set(index.identities):
        # the targets' own identities (an update's names may all be new, e.g. a user-chosen entity)
        extra = await identity.identities_by_uid(db, user_id=user_id, uids=sorted(uuids - set(index.identities)))
        index = IdentityIndex.of([*index.identities.values(), *extra])
    return ValidationContext(existing=existing, index=index)


async def run(
    *, db: Queries, user_id: str, plan: ImpressionUpdatePlan, settings: ImpressionSettings
) -> ImpressionUpdatePlan:
    """Stage 6 over Neo4j: read the context, then :func:`validate_plan`."""
    return validate_plan(plan, await context_for(db, user_id=user_id, plan=plan), settings=settings)
