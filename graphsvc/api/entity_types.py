"""GraphQL types of the entity graph (seed 000): entities with aliases, impressions (and the evidence behind
each), features and relations; pending observations. Converted from the read views of
:mod:`graphsvc.graph.entities`, ``.impressions`` and ``.pending_observations`` (re-exported by
:mod:`graphsvc.service.views`) in one place each (``from_view``); every node → neighbours field goes
through a per-request DataLoader (:class:`EntityLoaders`), so a page of entities costs one query per field.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from enum import Enum
from typing import Any, TypeVar

import strawberry
from strawberry.dataloader import DataLoader

from graphsvc.api.context import Info
from graphsvc.service import MemoryService
from graphsvc.service.views import (
    AliasView,
    DocumentMention,
    EntitySnapshot,
    EntityView,
    FeatureView,
    ImpressionView,
    PendingView,
    RelationView,
)
from graphsvc.service.views import EntityPage as DomainEntityPage
from graphsvc.service.views import ImpressionEvidenceView as EvidenceView

V = TypeVar("V")
Key = tuple[str, str]
"""(user_id, uid): loaders batch per user, so no query mixes two users."""


@strawberry.enum(description="What an entity is.")
class EntityKind(Enum):
    PERSON = "person"
    PLACE = "place"
    ORGANIZATION = "organization"
    WORK = "work"
    ANIMAL = "animal"
    THING = "thing"


@strawberry.enum(description="Why an observation waits for a decision (seed 000 §4).")
class PendingReason(Enum):
    AMBIGUOUS = "ambiguous"
    POSTPONED = "postponed"
    PLAN_REJECTED = "plan_rejected"


@strawberry.enum
class PendingStatus(Enum):
    OPEN = "open"
    RESOLVED = "resolved"


@strawberry.enum
class RelationDirection(Enum):
    OUTGOING = "outgoing"
    INCOMING = "incoming"


def _loader(fetch: Callable[[str, list[str]], Awaitable[list[list[V]]]]) -> DataLoader[Key, list[V]]:
    async def load(keys: Sequence[Key]) -> list[list[V]]:
        by_user: dict[str, list[str]] = {}
        for user_id, uid in keys:
            by_user.setdefault(user_id, []).append(uid)
        found: dict[Key, list[V]] = {}
        for user_id, uids in by_user.items():
            for uid, items in zip(uids, await fetch(user_id, uids), strict=True):
                found[(user_id, uid)] = items
        return [found[k] for k in keys]

    return DataLoader(load_fn=load)


class EntityLoaders:
    """The DataLoaders of one request."""

    def __init__(self, service: MemoryService) -> None:
        self.aliases = _loader(lambda u, ids: service.aliases_of(user_id=u, ids=ids))
        self.impressions = _loader(lambda u, ids: service.impressions_of(user_id=u, ids=ids))
        self.features = _loader(lambda u, ids: service.features_of(user_id=u, ids=ids))
        self.relations = _loader(lambda u, ids: service.relations_of(user_id=u, ids=ids))
        self.evidence = _loader(lambda u, ids: service.impression_evidence_of(user_id=u, ids=ids))
        self.candidates = _loader(lambda u, ids: service.candidates_of(user_id=u, ids=ids))
        self.documents = _loader(lambda u, ids: service.document_mentions_of(user_id=u, ids=ids))


def loaders(info: Info) -> EntityLoaders:
    """This request's entity loaders (created on first use)."""
    found = info.context.loaders.get(EntityLoaders)
    if not isinstance(found, EntityLoaders):
        found = EntityLoaders(info.context.service)
        info.context.loaders[EntityLoaders] = found
    return found


@strawberry.type(description="One name of an entity.")
class Alias:
    id: strawberry.ID
    name: str
    normalized: str = strawberry.field(description="NFKC, case-folded, punctuation and spaces folded: the lookup key")

    @classmethod
    def from_view(cls, view: AliasView) -> Alias:
        return cls(id=strawberry.ID(view.uid), name=view.name, normalized=view.normalized)


@strawberry.type(description="A source message behind an impression.")
class ImpressionEvidence:
    id: strawberry.ID
    grade: str = strawberry.field(description="B: explicit statement; D: a cue within one conversation (seed 002)")
    event_id: strawberry.ID
    message_id: str | None = strawberry.field(description="The caller's message id of the source event")
    session_id: str | None
    speaker: str | None
    content: str = strawberry.field(description="The source message, verbatim")
    occurred_at: datetime | None

    @classmethod
    def from_view(cls, view: EvidenceView) -> ImpressionEvidence:
        return cls(
            id=strawberry.ID(view.uid),
            grade=view.grade,
            event_id=strawberry.ID(view.event_uid),
            message_id=view.message_id,
            session_id=view.session_id,
            speaker=view.speaker,
            content=view.content,
            occurred_at=view.occurred_at,
        )


@strawberry.type(description="One impression of an entity.")
class Impression:
    id: strawberry.ID
    content: str
    confidence: float
    created_at: datetime | None
    user_id: strawberry.Private[str]

    @classmethod
    def from_view(cls, view: ImpressionView, *, user_id: str) -> Impression:
        return cls(
            id=strawberry.ID(view.uid),
            content=view.content,
            confidence=view.confidence,
            created_at=view.created_at,
            user_id=user_id,
        )

    @strawberry.field(description="The source messages behind this impression, oldest first.")
    async def evidence(self, info: Info) -> list[ImpressionEvidence]:
        views = await loaders(info).evidence.load((self.user_id, str(self.id)))
        return [ImpressionEvidence.from_view(v) for v in views]


@strawberry.type(description="A key/value attribute of an entity.")
class Feature:
    id: strawberry.ID
    key: str
    value: str
    confidence: float
    observed_at: datetime | None = strawberry.field(description="When the newest evidence of the value was said")
    updated_at: datetime | None

    @classmethod
    def from_view(cls, view: FeatureView) -> Feature:
        return cls(
            id=strawberry.ID(view.uid),
            key=view.key,
            value=view.value,
            confidence=view.confidence,
            observed_at=view.observed_at,
            updated_at=view.updated_at,
        )


@strawberry.type(
    description="A document that names the entity: its document entity (who or what the document names, in the "
    "document's scope), linked because the user's own words name it too."
)
class EntityDocumentMention:
    document_id: strawberry.ID
    title: str = strawberry.field(description="The document's title, or its file name")
    name: str = strawberry.field(description="The name the document gives it")
    mentions: int = strawberry.field(description="How many of the document's passages name it")

    @classmethod
    def from_view(cls, view: DocumentMention) -> EntityDocumentMention:
        return cls(
            document_id=strawberry.ID(view.document_uid), title=view.title, name=view.name, mentions=view.mentions
        )


@strawberry.type(description="A relation between two entities.")
class Relation:
    relation: str
    strength: float
    direction: RelationDirection = strawberry.field(description="OUTGOING: this entity → other")
    other: Entity
    rule_id: str | None = strawberry.field(
        description="The offline rule that stated the relation (en.relation.person…); null when an LLM or a person did"
    )

    @classmethod
    def from_view(cls, view: RelationView) -> Relation:
        return cls(
            relation=view.relation,
            strength=view.strength,
            direction=RelationDirection.OUTGOING if view.outgoing else RelationDirection.INCOMING,
            other=Entity.from_view(view.other),
            rule_id=view.rule_id,
        )


@strawberry.type(description="A person, place, organization, work, animal or thing the user talks about (seed 000).")
class Entity:
    id: strawberry.ID
    user_id: str
    subject: str
    kind: EntityKind
    kind_rule: str | None = strawberry.field(
        description="The offline rule that decided the kind (en.entity_kind.person_word…); null when an LLM or a "
        "person did"
    )
    created_at: datetime | None
    updated_at: datetime | None
    snapshot: strawberry.Private[EntitySnapshot | None] = None
    """``entity(asOf:)``: the neighbours as they were then (issue 12); None: as they are now (DataLoaders)."""

    @classmethod
    def from_view(cls, view: EntityView) -> Entity:
        return cls(
            id=strawberry.ID(view.uid),
            user_id=view.user_id,
            subject=view.subject,
            kind=EntityKind(view.kind),
            kind_rule=view.kind_rule,
            created_at=view.created_at,
            updated_at=view.updated_at,
        )

    @classmethod
    def from_snapshot(cls, snapshot: EntitySnapshot) -> Entity:
        entity = cls.from_view(snapshot.entity)
        entity.snapshot = snapshot
        return entity

    @strawberry.field(description="Every name of the entity, the subject included.")
    async def aliases(self, info: Info) -> list[Alias]:
        if self.snapshot is not None:
            return [Alias.from_view(v) for v in self.snapshot.aliases]
        return [Alias.from_view(v) for v in await loaders(info).aliases.load((self.user_id, str(self.id)))]

    @strawberry.field(description="Impressions, newest first.")
    async def impressions(self, info: Info, limit: int = 100) -> list[Impression]:
        if self.snapshot is not None:
            views = sorted(self.snapshot.impressions, key=lambda v: (v.created_at is None, v.created_at), reverse=True)
        else:
            views = await loaders(info).impressions.load((self.user_id, str(self.id)))
        return [Impression.from_view(v, user_id=self.user_id) for v in views[: max(0, limit)]]

    @strawberry.field(description="Features, by key.")
    async def features(self, info: Info) -> list[Feature]:
        if self.snapshot is not None:
            return [Feature.from_view(v) for v in self.snapshot.features]
        return [Feature.from_view(v) for v in await loaders(info).features.load((self.user_id, str(self.id)))]

    @strawberry.field(description="The documents that name it too, most mentioned first (as they are now).")
    async def document_mentions(self, info: Info) -> list[EntityDocumentMention]:
        views = await loaders(info).documents.load((self.user_id, str(self.id)))
        return [EntityDocumentMention.from_view(v) for v in views]

    @strawberry.field(description="Relations both ways, strongest first.")
    async def relations(self, info: Info) -> list[Relation]:
        if self.snapshot is not None:
            return [Relation.from_view(v) for v in self.snapshot.relations]
        return [Relation.from_view(v) for v in await loaders(info).relations.load((self.user_id, str(self.id)))]


@strawberry.type(description="A page of entities; pass endCursor as `after` for the next one.")
class EntityPage:
    nodes: list[Entity]
    end_cursor: str | None
    has_next_page: bool

    @classmethod
    def from_domain(cls, page: DomainEntityPage) -> EntityPage:
        return cls(
            nodes=[Entity.from_view(v) for v in page.items],
            end_cursor=page.next_cursor,
            has_next_page=page.next_cursor is not None,
        )


def _texts(items: Any, *fields: str) -> list[str]:
    out = []
    for item in items or []:
        if isinstance(item, dict):
            out.append(" ".join(str(item.get(f, "")) for f in fields).strip())
    return out


@strawberry.type(description="An observation the identity resolver could not settle, waiting for a decision.")
class PendingObservation:
    id: strawberry.ID
    user_id: str
    subject: str
    aliases: list[str]
    kind: EntityKind
    reason: PendingReason
    detail: str | None
    status: PendingStatus
    confidence: float
    impressions: list[str]
    features: list[str] = strawberry.field(description='"key value" of each observed feature')
    relations: list[str] = strawberry.field(description='"relation target" of each observed relation')
    evidence_snippets: list[str]
    event_ids: list[strawberry.ID] = strawberry.field(description="The events it was observed in")
    created_at: datetime | None
    resolved_at: datetime | None
    resolved_entity_id: strawberry.ID | None

    @classmethod
    def from_view(cls, view: PendingView) -> PendingObservation:
        o = view.observation
        names: dict[str, str] = dict(o.get("names") or {})
        subject = str(o.get("subject", view.subject))
        return cls(
            id=strawberry.ID(view.uid),
            user_id=view.user_id,
            subject=view.subject,
            aliases=[n for n in names.values() if n != subject],
            kind=EntityKind(o.get("kind", "thing")),
            reason=PendingReason(view.reason),
            detail=view.detail,
            status=PendingStatus(view.status),
            confidence=float(o.get("confidence", 0.0)),
            impressions=_texts(o.get("impressions"), "content"),
            features=_texts(o.get("features"), "key", "value"),
            relations=_texts(o.get("relations"), "relation", "target"),
            evidence_snippets=[str(s) for s in o.get("evidence_snippets", [])],
            event_ids=[strawberry.ID(str(e["uid"])) for e in view.events.values() if e.get("uid")],
            created_at=view.created_at,
            resolved_at=view.resolved_at,
            resolved_entity_id=strawberry.ID(view.resolved_entity_uid) if view.resolved_entity_uid else None,
        )

    @strawberry.field(description="The entities its names matched (for an ambiguous observation).")
    async def candidates(self, info: Info) -> list[Entity]:
        return [Entity.from_view(v) for v in await loaders(info).candidates.load((self.user_id, str(self.id)))]


@strawberry.type
class ResolvePendingResult:
    pending_observation: PendingObservation
    entity: Entity


@strawberry.input(description="Create an entity, or add to the one entity its names denote.")
class UpsertEntityInput:
    user_id: str
    subject: str
    kind: EntityKind | None = strawberry.field(default=None, description="Replaces only a stored THING")
    aliases: list[str] = strawberry.field(default_factory=list)
    impressions: list[str] = strawberry.field(default_factory=list)
