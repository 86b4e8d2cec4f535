"""GraphQL operations of the entity graph (seed 000): the read path (``EntityQuery``) and the agent tools'
write path (``EntityMutation``). Every resolver scopes the user first (``info.context.scope``)."""

from __future__ import annotations

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.entity_types import (
    Entity,
    EntityPage,
    PendingObservation,
    PendingStatus,
    ResolvePendingResult,
    UpsertEntityInput,
)
from graphsvc.errors import NotFoundError
from graphsvc.graph import entity_reads
from graphsvc.pipeline.impressions import curate
from graphsvc.pipeline.validate_input import require_id, require_limit, require_text

MAX_PAGE = 100


async def _entity(info: Info, user_id: str, uid: str) -> Entity:
    views = await entity_reads.entities_by_uid(info.context.service.db, user_id=user_id, uids=[uid])
    if uid not in views:
        raise NotFoundError(kind="entity", ident=uid)
    return Entity.from_view(views[uid])


def _user(info: Info, user_id: str) -> str:
    return info.context.scope(require_id("userId", user_id, info.context.service.settings))


@strawberry.type
class EntityQuery:
    @strawberry.field(description="A page of the user's entities, by subject; with `search`, best name matches first.")
    async def entities(
        self, info: Info, user_id: str, search: str | None = None, limit: int = 20, after: str | None = None
    ) -> EntityPage:
        settings = info.context.service.settings
        user = _user(info, user_id)
        if search is not None and search.strip():
            require_text("search", search, limit=settings.max_query_chars)
        page = await entity_reads.list_entities(
            info.context.service.db,
            user_id=user,
            search=search,
            limit=require_limit("limit", limit, maximum=MAX_PAGE),
            after=after,
        )
        return EntityPage.from_domain(page)

    @strawberry.field(description="The entity a subject or alias names (exact after normalisation), or null.")
    async def entity(self, info: Info, user_id: str, subject_or_alias: str) -> Entity | None:
        user = _user(info, user_id)
        require_text("subjectOrAlias", subject_or_alias, limit=info.context.service.settings.max_query_chars)
        view = await entity_reads.find_entity(info.context.service.db, user_id=user, name=subject_or_alias)
        return Entity.from_view(view) if view is not None else None

    @strawberry.field(description="Observations waiting for a decision, newest first (null status: all).")
    async def pending_observations(
        self, info: Info, user_id: str, status: PendingStatus | None = PendingStatus.OPEN, limit: int = 50
    ) -> list[PendingObservation]:
        views = await entity_reads.pending_observations(
            info.context.service.db,
            user_id=_user(info, user_id),
            status="open" if status is PendingStatus.OPEN else "resolved" if status is PendingStatus.RESOLVED else None,
            limit=require_limit("limit", limit, maximum=500),
        )
        return [PendingObservation.from_view(v) for v in views]


@strawberry.type
class EntityMutation:
    @strawberry.mutation(description="Create an entity, or add names and impressions to the one its names denote.")
    async def upsert_entity(self, info: Info, input: UpsertEntityInput) -> Entity:
        service = info.context.service
        user = _user(info, input.user_id)
        uid = await curate.upsert_entity(
            db=service.db,
            settings=service.settings,
            user_id=user,
            subject=input.subject,
            kind=input.kind.value if input.kind else None,
            aliases=input.aliases,
            impressions=input.impressions,
            now=service.clock(),
        )
        return await _entity(info, user, uid)

    @strawberry.mutation(description="Add a name to an entity; refused when the name belongs to another entity.")
    async def add_alias(self, info: Info, user_id: str, entity_id: strawberry.ID, alias: str) -> Entity:
        service = info.context.service
        user = _user(info, user_id)
        uid = await curate.add_alias(
            db=service.db,
            settings=service.settings,
            user_id=user,
            entity_uid=str(entity_id),
            alias=alias,
            now=service.clock(),
        )
        return await _entity(info, user, uid)

    @strawberry.mutation(description="Settle a pending observation: apply it to entityId, or createNew.")
    async def resolve_pending_observation(
        self,
        info: Info,
        user_id: str,
        id: strawberry.ID,
        entity_id: strawberry.ID | None = None,
        create_new: bool = False,
    ) -> ResolvePendingResult:
        service = info.context.service
        user = _user(info, user_id)
        uid = await curate.resolve_pending(
            db=service.db,
            settings=service.settings,
            user_id=user,
            pending_uid=str(id),
            entity_uid=str(entity_id) if entity_id is not None else None,
            create_new=create_new,
            now=service.clock(),
        )
        pending = await entity_reads.pending_observation(service.db, user_id=user, uid=str(id))
        if pending is None:
            raise NotFoundError(kind="pending observation", ident=str(id))
        return ResolvePendingResult(
            pending_observation=PendingObservation.from_view(pending), entity=await _entity(info, user, uid)
        )

    @strawberry.mutation(
        description="Merge dropId into keepId (aliases, impressions, features, relations, history); "
        "refused across users."
    )
    async def merge_entities(
        self, info: Info, keep_id: strawberry.ID, drop_id: strawberry.ID, user_id: str | None = None
    ) -> Entity:
        service = info.context.service
        owner = await curate.merge_owner(service.db, keep_uid=str(keep_id), drop_uid=str(drop_id))
        user = info.context.scope(owner)
        if user_id is not None and _user(info, user_id) != owner:
            raise NotFoundError(kind="entity", ident=str(keep_id))
        uid = await curate.merge_entities(
            db=service.db, user_id=user, keep_uid=str(keep_id), drop_uid=str(drop_id), now=service.clock()
        )
        return await _entity(info, user, uid)
