"""Read a user's entity graph: entity pages and search, one entity, its neighbours, pending observations.

The neighbour reads (``aliases_of``, ``impressions_of``, ...) take many entity uids at once: the GraphQL
DataLoaders batch every ``Entity.aliases`` (etc.) field of one response into one query. Search is full-text
over alias names (index ``entity_names``, CJK bigrams), with every word also matched as a prefix, so "Kat"
finds "Katarina" and "Valley" finds "Death Valley"; the user's text never reaches Lucene as syntax.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.errors import AmbiguousEntityError, InvalidInputError
from graphsvc.graph import identity, nodes
from graphsvc.graph.database import Queries, native
from graphsvc.text import lucene
from graphsvc.vocabulary import PendingStatus


@dataclass(frozen=True)
class EntityView:
    uid: str
    user_id: str
    subject: str
    kind: str
    created_at: datetime | None
    updated_at: datetime | None

    @classmethod
    def from_node(cls, node: Any) -> EntityView:
        entity = nodes.Entity.inflate(node)
        return cls(
            uid=entity.uid,
            user_id=entity.user_id,
            subject=entity.subject,
            kind=entity.kind or "thing",
            created_at=entity.created_at,
            updated_at=entity.updated_at,
        )


@dataclass(frozen=True)
class AliasView:
    uid: str
    name: str
    normalized: str


@dataclass(frozen=True)
class ImpressionView:
    uid: str
    content: str
    confidence: float
    created_at: datetime | None


@dataclass(frozen=True)
class FeatureView:
    uid: str
    key: str
    value: str
    confidence: float
    observed_at: datetime | None
    updated_at: datetime | None


@dataclass(frozen=True)
class RelationView:
    relation: str
    strength: float
    outgoing: bool
    other: EntityView


@dataclass(frozen=True)
class EvidenceView:
    """One source event behind an impression."""

    uid: str
    grade: str
    event_uid: str
    message_id: str | None
    session_id: str | None
    speaker: str | None
    content: str
    occurred_at: datetime | None


@dataclass(frozen=True)
class PendingView:
    """A pending observation; ``observation`` is the stored aggregated observation (a dict)."""

    uid: str
    user_id: str
    subject: str
    reason: str
    detail: str | None
    status: str
    created_at: datetime | None
    resolved_at: datetime | None
    resolved_entity_uid: str | None
    observation: dict[str, Any]
    events: dict[str, dict[str, Any]]

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> PendingView:
        pending = nodes.PendingObservation.inflate(row["pending"])
        payload = json.loads(pending.payload)
        return cls(
            uid=pending.uid,
            user_id=pending.user_id,
            subject=pending.subject,
            reason=pending.reason,
            detail=pending.detail,
            status=pending.status,
            created_at=pending.created_at,
            resolved_at=pending.resolved_at,
            resolved_entity_uid=row.get("resolved_uid"),
            observation=dict(payload.get("observation") or {}),
            events=dict(payload.get("events") or {}),
        )


@dataclass(frozen=True)
class EntityPage:
    """One page; ``next_cursor`` is None on the last page."""

    items: list[EntityView]
    next_cursor: str | None


def _encode(data: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data, ensure_ascii=False).encode()).decode()


def _decode(cursor: str) -> dict[str, Any]:
    try:
        data = json.loads(base64.urlsafe_b64decode(cursor.encode()).decode())
    except (binascii.Error, ValueError, UnicodeDecodeError) as exc:
        raise InvalidInputError(field="after", problem="is not a cursor from a previous page") from exc
    if not isinstance(data, dict):
        raise InvalidInputError(field="after", problem="is not a cursor from a previous page")
    return data


def search_query(text: str, *, user_id: str) -> str | None:
    """The Lucene query for an entity search: ``tenant_key:<t> AND name:(w OR w* ...)``, or None (no words)."""
    terms = lucene.query_terms(text)
    if not terms:
        return None
    words = " OR ".join(f"{t} OR {t}*" for t in terms)
    return f"tenant_key:{keys.tenant_key(user_id)} AND name:({words})"


async def list_entities(db: Queries, *, user_id: str, search: str | None, limit: int, after: str | None) -> EntityPage:
    """A page of the user's entities: by subject (A→Z), or the best matches of ``search`` first.

    Raises:
        InvalidInputError: a malformed ``after`` cursor.
    """
    cursor = _decode(after) if after else {}
    if search is not None and search.strip():
        lucene_query = search_query(search, user_id=user_id)
        if lucene_query is None:
            return EntityPage(items=[], next_cursor=None)
        offset = int(cursor.get("o", 0)) if isinstance(cursor.get("o", 0), int) else 0
        rows = await db.read(
            "entities_search",
            user_id=user_id,
            lucene=lucene_query,
            k=(offset + limit + 1) * 4,
            offset=offset,
            limit=limit + 1,
        )
        items = [EntityView.from_node(r["entity"]) for r in rows[:limit]]
        more = len(rows) > limit
        return EntityPage(items=items, next_cursor=_encode({"o": offset + limit}) if more else None)
    rows = await db.read(
        "entities_page", user_id=user_id, after_subject=cursor.get("s"), after_uid=cursor.get("u"), limit=limit + 1
    )
    items = [EntityView.from_node(r["entity"]) for r in rows[:limit]]
    more = len(rows) > limit and bool(items)
    return EntityPage(items=items, next_cursor=_encode({"s": items[-1].subject, "u": items[-1].uid}) if more else None)


async def entities_by_uid(db: Queries, *, user_id: str, uids: Sequence[str]) -> dict[str, EntityView]:
    rows = await db.read("entities_by_uid", user_id=user_id, uids=list(uids))
    views = [EntityView.from_node(r["entity"]) for r in rows]
    return {v.uid: v for v in views}


async def find_entity(db: Queries, *, user_id: str, name: str) -> EntityView | None:
    """The entity whose subject or alias is ``name`` (normalised, exact), or None.

    Raises:
        AmbiguousEntityError: the name belongs to several entities and is the subject of none or of several.
    """
    norm = keys.normalise_text(name)
    index = await identity.lookup(db, user_id=user_id, names=[norm])
    found = index.matches(norm)
    if len(found) > 1:
        by_subject = index.subject_matches(norm)
        if len(by_subject) != 1:
            raise AmbiguousEntityError(name=name, candidates=[f"{i.subject} ({i.entity_uuid})" for i in found])
        found = by_subject
    if not found:
        return None
    views = await entities_by_uid(db, user_id=user_id, uids=[found[0].entity_uuid])
    return views.get(found[0].entity_uuid)


def _group(rows: list[dict[str, Any]], uids: Sequence[str], make: Any) -> list[list[Any]]:
    grouped: dict[str, list[Any]] = defaultdict(list)
    for row in rows:
        grouped[row["uid"]].append(make(row))
    return [grouped.get(uid, []) for uid in uids]


async def aliases_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[AliasView]]:
    """For each entity uid, in order: its aliases (the subject included)."""
    rows = await db.read("entity_aliases", user_id=user_id, uids=list(uids))

    def make(row: dict[str, Any]) -> AliasView:
        alias = nodes.Alias.inflate(row["alias"])
        return AliasView(uid=alias.uid, name=alias.name, normalized=alias.normalized)

    return _group(rows, uids, make)


async def impressions_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[ImpressionView]]:
    """For each entity uid, in order: its impressions, newest first."""
    rows = await db.read("entity_impressions", user_id=user_id, uids=list(uids))

    def make(row: dict[str, Any]) -> ImpressionView:
        i = nodes.Impression.inflate(row["impression"])
        return ImpressionView(uid=i.uid, content=i.content, confidence=i.confidence, created_at=i.created_at)

    return _group(rows, uids, make)


async def features_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[FeatureView]]:
    """For each entity uid, in order: its features by key."""
    rows = await db.read("entity_features", user_id=user_id, uids=list(uids))

    def make(row: dict[str, Any]) -> FeatureView:
        f = nodes.Feature.inflate(row["feature"])
        return FeatureView(
            uid=f.uid,
            key=f.key,
            value=f.value,
            confidence=f.confidence,
            observed_at=f.observed_at,
            updated_at=f.updated_at,
        )

    return _group(rows, uids, make)


async def relations_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[RelationView]]:
    """For each entity uid, in order: its relations both ways, strongest first."""
    rows = await db.read("entity_relations", user_id=user_id, uids=list(uids))

    def make(row: dict[str, Any]) -> RelationView:
        return RelationView(
            relation=row["relation"],
            strength=float(row["strength"] or 0.0),
            outgoing=bool(row["outgoing"]),
            other=EntityView.from_node(row["other"]),
        )

    return _group(rows, uids, make)


async def evidence_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[EvidenceView]]:
    """For each impression uid, in order: the source events behind it, oldest first."""
    rows = await db.read("impression_evidence", user_id=user_id, uids=list(uids))

    def make(row: dict[str, Any]) -> EvidenceView:
        d = nodes.Evidence.inflate(row["evidence"])
        occurred = row["occurred_at"]
        return EvidenceView(
            uid=d.uid,
            grade=d.grade,
            event_uid=row["event_uid"],
            message_id=row["message_id"],
            session_id=row["session_id"],
            speaker=row["speaker"],
            content=row["content"] or "",
            occurred_at=native(occurred),
        )

    return _group(rows, uids, make)


async def pending_observations(
    db: Queries, *, user_id: str, status: PendingStatus | None, limit: int
) -> list[PendingView]:
    """The user's pending observations, newest first (all statuses when ``status`` is None)."""
    rows = await db.read("pending_observations", user_id=user_id, status=status, limit=limit)
    return [PendingView.from_row(r) for r in rows]


async def pending_observation(db: Queries, *, user_id: str, uid: str) -> PendingView | None:
    rows = await db.read("pending_observation_by_uid", user_id=user_id, uid=uid)
    return PendingView.from_row(rows[0]) if rows else None


async def candidates_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[EntityView]]:
    """For each pending observation uid, in order: the entities its names matched (ambiguous ones)."""
    rows = await db.read("pending_candidates", user_id=user_id, uids=list(uids))
    return _group(rows, uids, lambda row: EntityView.from_node(row["entity"]))


@dataclass(frozen=True)
class EntitySnapshot:
    """An entity with its neighbours as they were at a past time (``entity(asOf:)``)."""

    entity: EntityView
    aliases: list[AliasView]
    impressions: list[ImpressionView]
    features: list[FeatureView]
    relations: list[RelationView]


async def entity_as_of(db: Queries, *, user_id: str, uid: str, as_of: datetime) -> EntitySnapshot | None:
    """The entity and its names, impressions, features and relations as the messages up to ``as_of`` showed
    them (valid time; see the ``entity_as_of`` statement); None when it was not observed by then."""
    rows = await db.read("entity_as_of", user_id=user_id, uid=uid, as_of=as_of)
    if not rows:
        return None
    row = rows[0]
    aliases = sorted(
        (AliasView(uid=a["uid"], name=a["name"], normalized=a["normalized"]) for a in row["aliases"]),
        key=lambda a: a.normalized,
    )
    impressions = [
        ImpressionView(
            uid=i["uid"], content=i["content"], confidence=i["confidence"], created_at=native(i.get("created_at"))
        )
        for i in row["impressions"]
    ]
    features = sorted(
        (
            FeatureView(
                uid=f["feature"]["uid"],
                key=f["feature"]["key"],
                value=f["value"],
                confidence=f["feature"]["confidence"],
                observed_at=native(f["observed_at"]),
                updated_at=native(f["feature"].get("updated_at")),
            )
            for f in row["features"]
        ),
        key=lambda f: f.key,
    )
    relations = [
        RelationView(
            relation=r["relation"],
            strength=float(r["strength"] or 0.0),
            outgoing=bool(r["outgoing"]),
            other=EntityView.from_node(r["other"]),
        )
        for r in row["relations"]
    ]
    relations.sort(key=lambda r: (-r.strength, r.relation, r.other.uid))
    return EntitySnapshot(EntityView.from_node(row["entity"]), aliases, impressions, features, relations)
