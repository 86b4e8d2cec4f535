"""GraphQL operations of the entity graph (seed 000): the read path (``EntityQuery``) and the agent tools'
write path (``EntityMutation``). Every resolver scopes the user first (``info.context.scope``) and calls
the service's entity area."""

from __future__ import annotations

from datetime import datetime

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


@strawberry.type
class EntityQuery:
    @strawberry.field(description="A page of the user's entities, by subject; with `search`, best name matches first.")
    async def entities(
        self, info: Info, user_id: str, search: str | None = None, limit: int = 20, after: str | None = None
    ) -> EntityPage:
        page = await info.context.service.entities(
            user_id=info.context.scope(user_id), search=search, limit=limit, after=after
        )
        return EntityPage.from_domain(page)

    @strawberry.field(
        description="The entity a subject or alias names (exact after normalisation), or null. With asOf, its "
        "names, impressions, features and relations as the messages up to that time showed them (null if it "
        "was not observed by then)."
    )
    async def entity(
        self, info: Info, user_id: str, subject_or_alias: str, as_of: datetime | None = None
    ) -> Entity | None:
        service, scoped = info.context.service, info.context.scope(user_id)
        if as_of is not None:
            snapshot = await service.entity_named_as_of(user_id=scoped, name=subject_or_alias, as_of=as_of)
            return Entity.from_snapshot(snapshot) if snapshot is not None else None
        view = await service.entity_named(user_id=scoped, name=subject_or_alias)
        return Entity.from_view(view) if view is not None else None

    @strawberry.field(description="Observations waiting for a decision, newest first (null status: all).")
    async def pending_observations(
        self, info: Info, user_id: str, status: PendingStatus | None = PendingStatus.OPEN, limit: int = 50
    ) -> list[PendingObservation]:
        views = await info.context.service.pending_observations(
            user_id=info.context.scope(user_id),
            status="open" if status is PendingStatus.OPEN else "resolved" if status is PendingStatus.RESOLVED else None,
            limit=limit,
        )
        return [PendingObservation.from_view(v) for v in views]


@strawberry.type
class EntityMutation:
    @strawberry.mutation(description="Create an entity, or add names and impressions to the one its names denote.")
    async def upsert_entity(self, info: Info, input: UpsertEntityInput) -> Entity:
        view = await info.context.service.upsert_entity(
            user_id=info.context.scope(input.user_id),
            subject=input.subject,
            kind=input.kind.value if input.kind else None,
            aliases=input.aliases,
            impressions=input.impressions,
        )
        return Entity.from_view(view)

    @strawberry.mutation(description="Add a name to an entity; refused when the name belongs to another entity.")
    async def add_alias(self, info: Info, user_id: str, entity_id: strawberry.ID, alias: str) -> Entity:
        view = await info.context.service.add_alias(
            user_id=info.context.scope(user_id), entity_id=str(entity_id), alias=alias
        )
        return Entity.from_view(view)

    @strawberry.mutation(description="Settle a pending observation: apply it to entityId, or createNew.")
    async def resolve_pending_observation(
        self,
        info: Info,
        user_id: str,
        id: strawberry.ID,
        entity_id: strawberry.ID | None = None,
        create_new: bool = False,
    ) -> ResolvePendingResult:
        pending, entity = await info.context.service.resolve_pending_observation(
            user_id=info.context.scope(user_id),
            pending_id=str(id),
            entity_id=str(entity_id) if entity_id is not None else None,
            create_new=create_new,
        )
        return ResolvePendingResult(
            pending_observation=PendingObservation.from_view(pending), entity=Entity.from_view(entity)
        )

    @strawberry.mutation(
        description="Merge dropId into keepId (aliases, impressions, features, relations, history); "
        "refused across users."
    )
    async def merge_entities(
        self, info: Info, keep_id: strawberry.ID, drop_id: strawberry.ID, user_id: str | None = None
    ) -> Entity:
        service, context = info.context.service, info.context
        keep, drop = str(keep_id), str(drop_id)
        user = context.scope(user_id) if user_id is not None else context.bound_user
        if user is not None:  # both ids must name this user's entities: another user's are not found
            own = await service.entities_by_id(user_id=user, ids=[keep, drop])
            for ident in (keep, drop):
                if ident not in own:
                    raise NotFoundError(kind="entity", ident=ident)
        owner = await service.merge_owner(keep_id=keep, drop_id=drop)  # refuses two users' entities
        user = context.scope(owner) if user is None else user
        return Entity.from_view(await service.merge_entities(user_id=user, keep_id=keep, drop_id=drop))
