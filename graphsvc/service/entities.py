"""The entity area of the service (seed 000): reads of the entity graph and the curation writes of agent tools.

Reads go to :mod:`graphsvc.graph.entities`, :mod:`graphsvc.graph.impressions` and
:mod:`graphsvc.graph.pending_observations`; writes go through the impression pipeline's own stages
(:mod:`graphsvc.pipeline.impressions.curate`: the context-aware validator and the applier). Every method
validates the caller's ids and texts first (:class:`~graphsvc.errors.InvalidInputError`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graphsvc.errors import InvalidInputError, NotFoundError
from graphsvc.graph import document_entities, entities, entity_provenance, impressions, pending_observations
from graphsvc.graph.document_entities import DocumentMention
from graphsvc.graph.entities import AliasView, EntityPage, EntitySnapshot, EntityView, FeatureView, RelationView
from graphsvc.graph.entity_provenance import EntityProvenance
from graphsvc.graph.impressions import EvidenceView, ImpressionView
from graphsvc.graph.pending_observations import PendingView
from graphsvc.pipeline.impressions import apply, curate
from graphsvc.runtime import Runtime
from graphsvc.validation import require_aware, require_id, require_limit, require_text
from graphsvc.vocabulary import EntityKind, PendingStatus

MAX_ENTITY_PAGE = 100
MAX_PENDING_PAGE = 500
MAX_PROVENANCE_MESSAGES = 100
RELATION_MESSAGES = 5
"""Messages an entity's provenance lists per relation at most (newest first)."""


class EntityArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime

    def _user(self, user_id: str) -> str:
        return require_id("userId", user_id, self.rt.settings)

    async def entities(
        self, *, user_id: str, search: str | None = None, limit: int = 20, after: str | None = None
    ) -> EntityPage:
        """A page of the user's entities by subject, or the best name matches of ``search`` first.

        Raises:
            InvalidInputError: bad user id, oversized search, limit outside 1..100, malformed cursor.
        """
        user_id = self._user(user_id)
        if search is not None and search.strip():
            require_text("search", search, limit=self.rt.settings.limits.max_query_chars)
        limit = require_limit("limit", limit, maximum=MAX_ENTITY_PAGE)
        return await entities.list_entities(self.rt.db, user_id=user_id, search=search, limit=limit, after=after)

    async def entity_named(self, *, user_id: str, name: str) -> EntityView | None:
        """The entity a subject or alias names (exact after normalisation), or None.

        Raises:
            AmbiguousEntityError: the name belongs to several entities.
        """
        user_id = self._user(user_id)
        require_text("subjectOrAlias", name, limit=self.rt.settings.limits.max_query_chars)
        return await entities.find_entity(self.rt.db, user_id=user_id, name=name)

    async def entity_named_as_of(self, *, user_id: str, name: str, as_of: datetime) -> EntitySnapshot | None:
        """The entity a name denotes now, as the messages up to ``as_of`` showed it (issue 12), or None when
        it was not observed by then; see :func:`graphsvc.graph.entities.entity_as_of`.

        Raises:
            AmbiguousEntityError: the name belongs to several entities.
        """
        view = await self.entity_named(user_id=user_id, name=name)
        if view is None:
            return None
        return await entities.entity_as_of(
            self.rt.db, user_id=view.user_id, uid=view.uid, as_of=require_aware("asOf", as_of)
        )

    async def entity(self, *, user_id: str, entity_id: str) -> EntityView:
        """One entity of the user by id.

        Raises:
            NotFoundError: the user has no entity with that id.
        """
        views = await entities.entities_by_uid(self.rt.db, user_id=user_id, uids=[entity_id])
        if entity_id not in views:
            raise NotFoundError(kind="entity", ident=entity_id)
        return views[entity_id]

    async def entity_provenance(self, *, user_id: str, entity_id: str, limit: int = 20) -> EntityProvenance:
        """Why graphsvc believes one entity of the user: what decided its kind (a rule, an LLM, a person, or
        nothing: a "thing" by default), the messages it was observed in, and each relation with the rule and the
        messages that stated it (:mod:`graphsvc.graph.entity_provenance`).

        Args:
            limit: 1–:data:`MAX_PROVENANCE_MESSAGES` of the messages it was observed in, newest first; each
                relation lists at most :data:`RELATION_MESSAGES`.

        Raises:
            InvalidInputError: a bad user or entity id, or limit.
            NotFoundError: the user has no entity with that id.
        """
        user_id = self._user(user_id)
        entity_id = require_id("entityId", entity_id, self.rt.settings)
        limit = require_limit("limit", limit, maximum=MAX_PROVENANCE_MESSAGES)
        found = await entity_provenance.read(
            self.rt.db,
            user_id=user_id,
            entity_uid=entity_id,
            limit=limit,
            per_relation=RELATION_MESSAGES,
            extraction_actor=apply.ACTOR,
        )
        if found is None:
            raise NotFoundError(kind="entity", ident=entity_id)
        return found

    async def pending_observations(
        self, *, user_id: str, status: PendingStatus | None = "open", limit: int = 50
    ) -> list[PendingView]:
        """Observations waiting for a decision (``status`` None: all), newest first."""
        user_id = self._user(user_id)
        limit = require_limit("limit", limit, maximum=MAX_PENDING_PAGE)
        return await pending_observations.list_pending(self.rt.db, user_id=user_id, status=status, limit=limit)

    async def upsert_entity(
        self,
        *,
        user_id: str,
        subject: str,
        kind: EntityKind | None,
        aliases: Sequence[str],
        impressions: Sequence[str],
    ) -> EntityView:
        """Create an entity, or add names and impressions to the one its names denote.

        Raises:
            PlanRejectedError: a name belongs to another entity; AmbiguousEntityError: the names denote several.
        """
        user_id = self._user(user_id)
        for field, items in (("aliases", aliases), ("impressions", impressions)):
            if len(items) > self.rt.settings.limits.max_list_items:
                raise InvalidInputError(
                    field=field,
                    problem=f"has {len(items)} items, over the limit of {self.rt.settings.limits.max_list_items}",
                    fix="send them in several calls",
                )
        uid = await curate.upsert_entity(
            db=self.rt.db,
            settings=self.rt.settings.impressions,
            user_id=user_id,
            subject=subject,
            kind=kind,
            aliases=aliases,
            impressions=impressions,
            now=self.rt.clock(),
        )
        await document_entities.link(self.rt.db, user_id=user_id)  # the user named it: linked to documents
        return await self.entity(user_id=user_id, entity_id=uid)

    async def add_alias(self, *, user_id: str, entity_id: str, alias: str) -> EntityView:
        """Add a name to an entity; refused (PlanRejectedError) when the name belongs to another entity."""
        user_id = self._user(user_id)
        uid = await curate.add_alias(
            db=self.rt.db,
            settings=self.rt.settings.impressions,
            user_id=user_id,
            entity_uid=entity_id,
            alias=alias,
            now=self.rt.clock(),
        )
        await document_entities.link(self.rt.db, user_id=user_id)  # the user named it: linked to documents
        return await self.entity(user_id=user_id, entity_id=uid)

    async def resolve_pending_observation(
        self, *, user_id: str, pending_id: str, entity_id: str | None, create_new: bool
    ) -> tuple[PendingView, EntityView]:
        """Settle a pending observation: apply it to ``entity_id``, or create a new entity from it.

        Returns:
            the observation (now resolved) and the entity it was applied to.

        Raises:
            NotFoundError, ConflictError (already resolved), PlanRejectedError, InvalidInputError.
        """
        user_id = self._user(user_id)
        uid = await curate.resolve_pending(
            db=self.rt.db,
            settings=self.rt.settings.impressions,
            user_id=user_id,
            pending_uid=pending_id,
            entity_uid=entity_id,
            create_new=create_new,
            now=self.rt.clock(),
        )
        pending = await pending_observations.get_pending(self.rt.db, user_id=user_id, uid=pending_id)
        if pending is None:
            raise NotFoundError(kind="pending observation", ident=pending_id)
        await document_entities.link(self.rt.db, user_id=user_id)  # the user named it: linked to documents
        return pending, await self.entity(user_id=user_id, entity_id=uid)

    async def merge_owner(self, *, keep_id: str, drop_id: str) -> str:
        """The user both entities belong to.

        Raises:
            NotFoundError: either does not exist; CrossUserError: they belong to different users.
        """
        return await curate.merge_owner(self.rt.db, keep_uid=keep_id, drop_uid=drop_id)

    async def merge_entities(self, *, user_id: str, keep_id: str, drop_id: str) -> EntityView:
        """Merge ``drop_id`` into ``keep_id`` (aliases, impressions, features, relations, history)."""
        uid = await curate.merge_entities(
            db=self.rt.db, user_id=user_id, keep_uid=keep_id, drop_uid=drop_id, now=self.rt.clock()
        )
        await document_entities.link(self.rt.db, user_id=user_id)  # the user named it: linked to documents
        return await self.entity(user_id=user_id, entity_id=uid)

    # --- neighbours, batched per user (the API's DataLoaders) ------------------------------------

    async def entities_by_id(self, *, user_id: str, ids: Sequence[str]) -> dict[str, EntityView]:
        return await entities.entities_by_uid(self.rt.db, user_id=user_id, uids=ids)

    async def aliases_of(self, *, user_id: str, ids: Sequence[str]) -> list[list[AliasView]]:
        return await entities.aliases_of(self.rt.db, user_id=user_id, uids=ids)

    async def impressions_of(self, *, user_id: str, ids: Sequence[str]) -> list[list[ImpressionView]]:
        return await impressions.impressions_of(self.rt.db, user_id=user_id, uids=ids)

    async def document_mentions_of(self, *, user_id: str, ids: Sequence[str]) -> list[list[DocumentMention]]:
        """For each entity id, the documents that name it (through its links to their document entities), most
        mentioned first; empty lists for entities no document names."""
        found = await document_entities.mentions_of(self.rt.db, user_id=user_id, entity_uids=ids)
        by_entity: dict[str, list[DocumentMention]] = {}
        for mention in found:
            by_entity.setdefault(mention.entity_uid, []).append(mention)
        return [by_entity.get(uid, []) for uid in ids]

    async def features_of(self, *, user_id: str, ids: Sequence[str]) -> list[list[FeatureView]]:
        return await entities.features_of(self.rt.db, user_id=user_id, uids=ids)

    async def relations_of(self, *, user_id: str, ids: Sequence[str]) -> list[list[RelationView]]:
        return await entities.relations_of(self.rt.db, user_id=user_id, uids=ids)

    async def impression_evidence_of(self, *, user_id: str, ids: Sequence[str]) -> list[list[EvidenceView]]:
        return await impressions.evidence_of(self.rt.db, user_id=user_id, uids=ids)

    async def candidates_of(self, *, user_id: str, ids: Sequence[str]) -> list[list[EntityView]]:
        return await pending_observations.candidates_of(self.rt.db, user_id=user_id, uids=ids)
