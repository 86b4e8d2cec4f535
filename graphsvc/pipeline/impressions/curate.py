"""Hand-made changes to the entity graph (GraphQL mutations for agent tools), through the same stages.

``upsert_entity``, ``add_alias`` and ``resolve_pending`` build an :class:`ImpressionUpdatePlan` and send it
through the context-aware validator and the applier, exactly like the pipeline (seed 000 §6–7): a name that
belongs to another entity is refused, never silently merged. The caller's choice stands in for the
resolver's: an update chosen by a person is ``matched_by="user"``, so the identity-mismatch rule does not
apply, and names that also belong to other entities are left out instead of clashing. ``merge_entities``
moves everything of one entity to another by graph traversal in one transaction.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import TypeVar

from graphsvc import keys
from graphsvc.config import ImpressionSettings
from graphsvc.errors import (
    AmbiguousEntityError,
    ConflictError,
    CrossUserError,
    InvalidInputError,
    NotFoundError,
    PlanRejectedError,
)
from graphsvc.graph import entity_curation, identity, pending_observations
from graphsvc.graph.database import Database, NamedTx, Queries
from graphsvc.graph.identity import IdentityIndex, KnownEntityIdentity
from graphsvc.pipeline.impressions import apply, validate
from graphsvc.pipeline.impressions.aggregate import AggregatedObservation, ObservationAggregate
from graphsvc.pipeline.impressions.observation import ImpressionPatch
from graphsvc.pipeline.impressions.plan import (
    EntityPatch,
    ImpressionUpdatePlan,
    PlanStep,
    UpdateExistingStep,
    build_plan,
)
from graphsvc.pipeline.impressions.resolve import Resolution, ResolvedObservation, names_to_look_up
from graphsvc.validation import require_encodable
from graphsvc.vocabulary import EntityKind

ACTOR = "api"
T = TypeVar("T")


def _name(field: str, value: str, settings: ImpressionSettings) -> str:
    stripped = require_encodable(field, value.strip())
    if not keys.normalise_text(stripped):
        raise InvalidInputError(field=field, problem="must contain a letter or digit")
    if len(stripped) > settings.max_name_chars:
        raise InvalidInputError(
            field=field,
            problem=f"is {len(stripped)} characters, over the limit of {settings.max_name_chars}",
        )
    return stripped


async def _identity_of(db: Queries, *, user_id: str, entity_uid: str) -> KnownEntityIdentity:
    found = await identity.identities_by_uid(db, user_id=user_id, uids=[entity_uid])
    if not found:
        raise NotFoundError(kind="entity", ident=entity_uid)
    return found[0]


async def _validate_and_apply(
    db: Queries,
    settings: ImpressionSettings,
    *,
    user_id: str,
    plan: ImpressionUpdatePlan,
    now: datetime,
    event_uids: dict[str, str] | None = None,
    message_times: dict[str, datetime] | None = None,
) -> str:
    """Validate, apply, and return the uid of the (single) entity the plan touched.

    ``db`` is the open transaction of :func:`in_one_transaction`: the validator's reads and the applier's
    writes see the same state, under the user's entity lock.
    """
    plan = await validate.run(db=db, user_id=user_id, plan=plan, settings=settings)
    if plan.status != "CONFIRMED":
        raise PlanRejectedError(reasons=[str(r) for r in plan.reasons])
    await apply.apply_plan(
        db=db,
        user_id=user_id,
        plan=plan,
        event_uids=event_uids or {},
        message_times=message_times or {},
        now=now,
        batch_steps=settings.apply_batch_steps,
        actor=ACTOR,
    )
    step = plan.steps[0]
    if isinstance(step, UpdateExistingStep):
        return step.entity_uuid
    index = await identity.lookup(db, user_id=user_id, names=[keys.normalise_text(step.subject)])
    created = [i for i in index.identities.values() if i.subject_key == step.subject_key]
    return created[0].entity_uuid


async def in_one_transaction(
    db: Database, *, user_id: str, now: datetime, work: Callable[[NamedTx], Awaitable[T]]
) -> T:
    """Run a curation (its checks and its writes) in ONE transaction that first takes the user's entity lock.

    Concurrent curations of one user take turns, and each validates against what the previous one committed:
    20 concurrent ``addAlias`` of one name onto two entities leave it on one (the others are refused as
    ``alias_clash``), and one pending observation is resolved once (issue 11). A uniqueness constraint still
    violated by a concurrent writer becomes CONFLICT (:mod:`graphsvc.graph.database`).
    """

    async def locked(tx: NamedTx) -> T:
        await entity_curation.lock_user_entities(tx, user_id=user_id, now=now)
        return await work(tx)

    return await db.in_transaction(locked)


def _without_foreign_names(step: PlanStep, index: IdentityIndex, *, owner: str | None) -> PlanStep:
    """Drop the aliases that also name an entity other than ``owner`` (the user chose; the names stay theirs)."""
    kept = [a for a in step.patch.aliases if all(i.entity_uuid == owner for i in index.matches(keys.normalise_text(a)))]
    return step.model_copy(update={"patch": step.patch.model_copy(update={"aliases": kept})})


async def upsert_entity(
    *,
    db: Database,
    settings: ImpressionSettings,
    user_id: str,
    subject: str,
    kind: EntityKind | None,
    aliases: Sequence[str],
    impressions: Sequence[str],
    now: datetime,
) -> str:
    """Create the entity named ``subject``, or add to the one entity its names already denote.

    Args:
        kind: replaces a stored kind only when that is the default "thing".
        aliases: more names; impressions: texts stored with confidence 1.0 (no source event).

    Returns:
        the entity's uid.

    Raises:
        InvalidInputError: a blank or over-long name.
        AmbiguousEntityError: the names denote more than one entity (merge them first, or add by id).
        PlanRejectedError: the validator refused (e.g. an impression over the length limit).
    """
    subject = _name("subject", subject, settings)
    names = {keys.normalise_text(subject): subject}
    for alias in aliases:
        names.setdefault(keys.normalise_text(_name("aliases", alias, settings)), alias.strip())
    texts = [t.strip() for t in impressions]

    async def work(tx: NamedTx) -> str:
        return await _upsert(
            tx, settings, user_id=user_id, subject=subject, kind=kind, names=names, texts=texts, now=now
        )

    return await in_one_transaction(db, user_id=user_id, now=now, work=work)


async def _upsert(
    db: Queries,
    settings: ImpressionSettings,
    *,
    user_id: str,
    subject: str,
    kind: EntityKind | None,
    names: dict[str, str],
    texts: list[str],
    now: datetime,
) -> str:
    index = await identity.lookup(db, user_id=user_id, names=names)
    hits = {i.entity_uuid: i for n in names for i in index.matches(n)}
    if len(hits) > 1:
        raise AmbiguousEntityError(name=subject, candidates=[f"{i.subject} ({i.entity_uuid})" for i in hits.values()])
    observation = AggregatedObservation(
        key=keys.normalise_text(subject),
        subject=subject,
        kind=kind or "thing",
        names=names,
        impressions=[ImpressionPatch(content=t, confidence=1.0) for t in texts],
        confidence=1.0,
    )
    if hits:
        entity = next(iter(hits.values()))
        how = "subject" if index.subject_matches(observation.key) else "alias"
        resolved = ResolvedObservation(
            observation=observation,
            decision="update",
            entity=entity,
            matched_by=how,
            candidates=[entity],
            reason="named by the caller",
        )
    else:
        resolved = ResolvedObservation(observation=observation, decision="create", reason="named by the caller")
    plan = build_plan(Resolution(resolved=[resolved], index=index), user_id=user_id)
    return await _validate_and_apply(db, settings, user_id=user_id, plan=plan, now=now)


async def add_alias(
    *, db: Database, settings: ImpressionSettings, user_id: str, entity_uid: str, alias: str, now: datetime
) -> str:
    """Add a name to an entity (a no-op when it has it already).

    Raises:
        NotFoundError: no such entity for this user.
        PlanRejectedError: the name belongs to another entity (``alias_clash``).
    """
    alias = _name("alias", alias, settings)

    async def work(tx: NamedTx) -> str:
        target = await _identity_of(tx, user_id=user_id, entity_uid=entity_uid)
        step = UpdateExistingStep(
            entity_uuid=target.entity_uuid,
            subject_key=target.subject_key,
            matched_by="user",
            patch=EntityPatch(aliases=[alias]),
        )
        plan = ImpressionUpdatePlan(steps=[step])
        return await _validate_and_apply(tx, settings, user_id=user_id, plan=plan, now=now)

    return await in_one_transaction(db, user_id=user_id, now=now, work=work)


async def resolve_pending(
    *,
    db: Database,
    settings: ImpressionSettings,
    user_id: str,
    pending_uid: str,
    entity_uid: str | None,
    create_new: bool,
    now: datetime,
) -> str:
    """Settle a pending observation: apply it to ``entity_uid``, or create a new entity from it.

    Returns:
        the uid of the entity it was applied to.

    Raises:
        InvalidInputError: neither or both of ``entity_uid`` / ``create_new``.
        NotFoundError: no such pending observation or entity for this user.
        ConflictError: the observation was resolved already.
        PlanRejectedError: the validator refused (e.g. creating a subject that names another entity).
    """
    if (entity_uid is None) == (not create_new):
        raise InvalidInputError(
            field="entityId/createNew", problem="give exactly one", fix="pass entityId, or createNew: true"
        )

    async def work(tx: NamedTx) -> str:
        return await _resolve(tx, settings, user_id=user_id, pending_uid=pending_uid, entity_uid=entity_uid, now=now)

    return await in_one_transaction(db, user_id=user_id, now=now, work=work)


async def _resolve(
    db: Queries, settings: ImpressionSettings, *, user_id: str, pending_uid: str, entity_uid: str | None, now: datetime
) -> str:
    """The check (still open?) and the writes of :func:`resolve_pending`, inside its transaction."""
    pending = await pending_observations.get_pending(db, user_id=user_id, uid=pending_uid)
    if pending is None:
        raise NotFoundError(kind="pending observation", ident=pending_uid)
    if pending.status != "open":
        raise ConflictError(kind="pending observation", ident=pending_uid, problem=f"is {pending.status} already")
    observation = AggregatedObservation.model_validate(pending.observation)
    event_uids = {m: str(e["uid"]) for m, e in pending.events.items() if e.get("uid")}
    times = {m: datetime.fromisoformat(str(e["at"])) for m, e in pending.events.items() if e.get("at")}
    index = await identity.lookup(db, user_id=user_id, names=names_to_look_up_one(observation))
    if entity_uid is not None:
        target = await _identity_of(db, user_id=user_id, entity_uid=entity_uid)
        index = IdentityIndex.of([*index.identities.values(), target])
        resolved = ResolvedObservation(
            observation=observation,
            decision="update",
            entity=target,
            matched_by="alias",
            candidates=[target],
            reason="chosen by the caller",
        )
    else:
        resolved = ResolvedObservation(observation=observation, decision="create", reason="created by the caller")
    plan = build_plan(Resolution(resolved=[resolved], index=index), user_id=user_id)
    step = _without_foreign_names(plan.steps[0], index, owner=entity_uid)
    if isinstance(step, UpdateExistingStep):
        step = step.model_copy(update={"matched_by": "user"})
    plan = plan.model_copy(update={"steps": [step], "decisions": {}, "pending": []})
    uid = await _validate_and_apply(
        db, settings, user_id=user_id, plan=plan, now=now, event_uids=event_uids, message_times=times
    )
    marked = await pending_observations.mark_resolved(
        db, user_id=user_id, uid=pending_uid, entity_uid=uid, now=now, actor=ACTOR
    )
    if not marked:
        raise ConflictError(kind="pending observation", ident=pending_uid, problem="was resolved meanwhile")
    return uid


def names_to_look_up_one(observation: AggregatedObservation) -> set[str]:
    """The normalised names of one observation and of its relation targets."""
    return names_to_look_up(ObservationAggregate(observations=[observation]))


async def merge_owner(db: Queries, *, keep_uid: str, drop_uid: str) -> str:
    """The user both entities belong to.

    Raises:
        InvalidInputError: the two ids are the same.
        NotFoundError: an id names no entity.
        CrossUserError: they belong to different users (a merge never joins two users' graphs).
    """
    if keep_uid == drop_uid:
        raise InvalidInputError(field="dropId", problem="is the same entity as keepId")
    owners = await entity_curation.owners_of(db, uids=[keep_uid, drop_uid])
    for uid in (keep_uid, drop_uid):
        if uid not in owners:
            raise NotFoundError(kind="entity", ident=uid)
    if owners[keep_uid] != owners[drop_uid]:
        raise CrossUserError(operation="mergeEntities")
    return owners[keep_uid]


async def merge_entities(*, db: Database, user_id: str, keep_uid: str, drop_uid: str, now: datetime) -> str:
    """Merge ``drop`` into ``keep`` under the user's entity lock, in one transaction, by graph traversal (what
    moves to keep and what is folded: :func:`graphsvc.graph.entity_curation.merge`).

    Returns:
        keep's uid.

    Raises:
        InvalidInputError, NotFoundError, CrossUserError: see :func:`merge_owner` (checked first).
    """
    owner = await merge_owner(db, keep_uid=keep_uid, drop_uid=drop_uid)
    if owner != user_id:
        raise NotFoundError(kind="entity", ident=keep_uid)
    dropped = await _identity_of(db, user_id=user_id, entity_uid=drop_uid)

    async def work(tx: NamedTx) -> bool:
        return await entity_curation.merge(
            tx, user_id=user_id, keep_uid=keep_uid, dropped=dropped, now=now, actor=ACTOR
        )

    if not await in_one_transaction(db, user_id=user_id, now=now, work=work):
        raise NotFoundError(kind="entity", ident=keep_uid)
    return keep_uid
