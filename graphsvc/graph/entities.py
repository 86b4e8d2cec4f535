"""Read a user's entities: pages and search, one entity, their names, features and relations, an entity as of
a past time.

Statements: ``cypher/queries/entities.cypher``. The neighbour reads (``aliases_of``, ``features_of``, ...) take
many entity uids at once: the GraphQL DataLoaders batch every ``Entity.aliases`` (etc.) field of one response
into one query. Search is full-text over alias names (index ``entity_names``, CJK bigrams), with every word
also matched as a prefix, so "Kat" finds "Katarina" and "Valley" finds "Death Valley"; the user's text never
reaches Lucene as syntax. Impressions are read by :mod:`graphsvc.graph.impressions`, identities (the
resolver's light index) by :mod:`graphsvc.graph.identity`.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.errors import AmbiguousEntityError, InvalidInputError
from graphsvc.graph import identity, nodes
from graphsvc.graph.database import Queries, native
from graphsvc.graph.impressions import ImpressionView, group_by_uid
from graphsvc.text import lucene


@dataclass(frozen=True)
class EntityView:
    """One entity (``kind`` "thing" when none is stored; ``kind_rule`` the rulebook rule that decided the kind,
    None when an LLM or a person did; times UTC)."""

    uid: str
    user_id: str
    subject: str
    kind: str
    created_at: datetime | None
    updated_at: datetime | None
    kind_rule: str | None = None

    @classmethod
    def from_node(cls, node: Any) -> EntityView:
        """From an ``Entity`` node as the driver returns it."""
        entity = nodes.Entity.inflate(node)
        return cls(
            uid=entity.uid,
            user_id=entity.user_id,
            subject=entity.subject,
            kind=entity.kind or "thing",
            created_at=entity.created_at,
            updated_at=entity.updated_at,
            kind_rule=entity.kind_rule,
        )


@dataclass(frozen=True)
class AliasView:
    """One name of an entity (its subject is one too), as written and normalised."""

    uid: str
    name: str
    normalized: str

    @classmethod
    def from_node(cls, node: Any) -> AliasView:
        """From an ``Alias`` node as the driver returns it."""
        alias = nodes.Alias.inflate(node)
        return cls(uid=alias.uid, name=alias.name, normalized=alias.normalized)


@dataclass(frozen=True)
class FeatureView:
    """One feature (``key: value``) of an entity; ``observed_at`` is when its newest evidence was said."""

    uid: str
    key: str
    value: str
    confidence: float
    observed_at: datetime | None
    updated_at: datetime | None

    @classmethod
    def from_node(cls, node: Any) -> FeatureView:
        """From a ``Feature`` node as the driver returns it."""
        feature = nodes.Feature.inflate(node)
        return cls(
            uid=feature.uid,
            key=feature.key,
            value=feature.value,
            confidence=feature.confidence,
            observed_at=feature.observed_at,
            updated_at=feature.updated_at,
        )


@dataclass(frozen=True)
class RelationView:
    """One ``RELATES`` edge seen from an entity: ``outgoing`` when the entity is its start; ``rule_id`` the rulebook
    rule that stated it (None when an LLM or a person did)."""

    relation: str
    strength: float
    outgoing: bool
    other: EntityView
    rule_id: str | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> RelationView:
        """From ``{relation, strength, outgoing, other: Entity node, rule_id}`` (a missing strength is 0)."""
        return cls(
            relation=row["relation"],
            strength=float(row["strength"] or 0.0),
            outgoing=bool(row["outgoing"]),
            other=EntityView.from_node(row["other"]),
            rule_id=row.get("rule_id"),
        )


@dataclass(frozen=True)
class EntityPage:
    """One page; ``next_cursor`` is None on the last page."""

    items: list[EntityView]
    next_cursor: str | None


@dataclass(frozen=True)
class EntitySnapshot:
    """An entity with its neighbours as they were at a past time (``entity(asOf:)``)."""

    entity: EntityView
    aliases: list[AliasView]
    impressions: list[ImpressionView]
    features: list[FeatureView]
    relations: list[RelationView]


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
    """uid → view of each of ``uids`` that is an entity of this user (others are absent)."""
    rows = await db.read("entities_by_uid", user_id=user_id, uids=list(uids))
    views = [EntityView.from_node(r["entity"]) for r in rows]
    return {v.uid: v for v in views}


async def subject_keys_by_uid(db: Queries, *, user_id: str, uids: Sequence[str]) -> dict[str, str]:
    """uid → subject key (the applier's address, ``keys.entity_subject_key``) of each of ``uids`` that is an
    entity of this user; empty when none is."""
    rows = await db.read("entity_subject_keys", user_id=user_id, uids=list(uids))
    return {str(r["uid"]): str(r["subject_key"]) for r in rows}


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


async def aliases_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[AliasView]]:
    """For each entity uid, in order: its aliases (the subject included), by normalised name."""
    rows = await db.read("entity_aliases", user_id=user_id, uids=list(uids))
    return group_by_uid(rows, uids, lambda row: AliasView.from_node(row["alias"]))


async def features_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[FeatureView]]:
    """For each entity uid, in order: its features by key."""
    rows = await db.read("entity_features", user_id=user_id, uids=list(uids))
    return group_by_uid(rows, uids, lambda row: FeatureView.from_node(row["feature"]))


async def relations_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[RelationView]]:
    """For each entity uid, in order: its relations both ways, strongest first."""
    rows = await db.read("entity_relations", user_id=user_id, uids=list(uids))
    return group_by_uid(rows, uids, RelationView.from_row)


async def entity_as_of(db: Queries, *, user_id: str, uid: str, as_of: datetime) -> EntitySnapshot | None:
    """The entity and its names, impressions, features and relations as the messages up to ``as_of`` showed
    them (valid time; see the ``entity_as_of`` statement); None when it was not observed by then.

    A feature carries the value (and ``observed_at``) of its newest evidence said by then.
    """
    rows = await db.read("entity_as_of", user_id=user_id, uid=uid, as_of=as_of)
    if not rows:
        return None
    row = rows[0]
    aliases = sorted((AliasView.from_node(a) for a in row["aliases"]), key=lambda a: a.normalized)
    impressions = [ImpressionView.from_node(i) for i in row["impressions"]]
    features = sorted(
        (
            dataclasses.replace(
                FeatureView.from_node(f["feature"]), value=f["value"], observed_at=native(f["observed_at"])
            )
            for f in row["features"]
        ),
        key=lambda f: f.key,
    )
    relations = sorted(
        (RelationView.from_row(r) for r in row["relations"]), key=lambda r: (-r.strength, r.relation, r.other.uid)
    )
    return EntitySnapshot(EntityView.from_node(row["entity"]), aliases, impressions, features, relations)
