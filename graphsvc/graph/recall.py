"""Recall's candidate lists: one user's nodes ranked by one retrieval method, as ``uid`` and score.

Vector lists beyond :class:`graphsvc.graph.vector_search.VectorSearch` (impressions, traits, memories and events
outside the default scope, tagged nodes), full-text pools (each index's tenant-filtered Lucene matches with
their text, for tenant BM25), the term counts tenant BM25 needs, and graph expansion's entity-scoped lists.
Vector scores are Neo4j's cosine similarity ``(1 + cos) / 2`` in [0, 1]; full-text scores are Lucene's BM25.
Every list is best first and at most ``k`` long; every statement filters on ``user_id``.

Statements: ``cypher/queries/recall.cypher``; the trait lists (``vector_traits_exact``, ``fulltext_traits``)
are in ``cypher/queries/traits.cypher``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from graphsvc.graph.database import Queries

TextKind = Literal["event", "memory", "impression", "trait", "chunk"]
"""A kind of node with full-text indexes (``chunk``: document passages)."""
TextFamily = Literal["en", "cjk"]
"""A full-text index family: English analyzer, or CJK bigrams."""


@dataclass(frozen=True)
class Scored:
    """One candidate: a node's ``uid`` and its score in one list (cosine ``(1 + cos) / 2``, or BM25)."""

    uid: str
    score: float


@dataclass(frozen=True)
class TextMatch:
    """One full-text match: the node's ``uid``, Lucene's score, and the indexed ``text`` ("" when it has none)."""

    uid: str
    score: float
    text: str


@dataclass(frozen=True)
class TaggedNearest:
    """The tagged events, memories and passages nearest a query vector, each list best first."""

    events: list[Scored]
    memories: list[Scored]
    passages: list[Scored]


def text_index(kind: TextKind, family: TextFamily) -> str:
    """The full-text index over ``kind`` for ``family``, as named in ``cypher/schema.cypher``."""
    return f"{kind}_text_{family}"


def _scored(rows: list[dict[str, Any]]) -> list[Scored]:
    return [Scored(str(r["uid"]), float(r["score"])) for r in rows]


def _matches(rows: list[dict[str, Any]]) -> list[TextMatch]:
    return [TextMatch(str(r["uid"]), float(r["score"]), str(r["text"] or "")) for r in rows]


# --- vector lists -------------------------------------------------------------------------------------------


async def nearest_memories_in_scope(
    db: Queries,
    *,
    user_id: str,
    embedding: Sequence[float],
    k: int,
    statuses: Sequence[str],
    as_of: datetime | None,
) -> list[Scored]:
    """Memories of ``statuses`` (and with ``as_of``, only those that held then: valid time) by cosine to
    ``embedding`` (``(d,)``, L2-normalised); an exact scan, for recall beyond its default scope."""
    rows = await db.read(
        "vector_memories_scoped", user_id=user_id, embedding=list(embedding), k=k, statuses=list(statuses), as_of=as_of
    )
    return _scored(rows)


async def nearest_events_said_by(
    db: Queries, *, user_id: str, embedding: Sequence[float], k: int, as_of: datetime
) -> list[Scored]:
    """Events that occurred by ``as_of`` (earlier versions of a source record included) by cosine; an exact scan."""
    rows = await db.read("vector_events_as_of", user_id=user_id, embedding=list(embedding), k=k, as_of=as_of)
    return _scored(rows)


async def nearest_impressions(
    db: Queries, *, user_id: str, embedding: Sequence[float], k: int, with_stale: bool
) -> list[Scored]:
    """Embedded impressions by cosine (an exact scan); stale ones (repeating a superseded or forgotten memory)
    only ``with_stale``."""
    rows = await db.read(
        "vector_impressions_exact", user_id=user_id, embedding=list(embedding), k=k, with_stale=with_stale
    )
    return _scored(rows)


async def nearest_traits(
    db: Queries,
    *,
    user_id: str,
    embedding: Sequence[float],
    k: int,
    stages: Sequence[str],
    trait_uids: Sequence[str] | None,
) -> list[Scored]:
    """Embedded traits at one of ``stages`` (and, unless None, among ``trait_uids``) by cosine; an exact scan."""
    rows = await db.read(
        "vector_traits_exact",
        user_id=user_id,
        embedding=list(embedding),
        k=k,
        stages=list(stages),
        trait_uids=None if trait_uids is None else list(trait_uids),
    )
    return _scored(rows)


async def nearest_tagged(
    db: Queries, *, user_id: str, tags: Sequence[str], embedding: Sequence[float], k: int
) -> TaggedNearest:
    """The ``k`` embedded nodes nearest ``embedding`` among those carrying any of ``tags`` (normalised keys):
    active memories, current events, passages, and the passages of tagged documents; an exact scan."""
    rows = await db.read("vector_tagged", user_id=user_id, tags=list(tags), embedding=list(embedding), k=k)
    by_kind: dict[str, list[Scored]] = {"event": [], "memory": [], "chunk": []}
    for row in rows:
        by_kind[str(row["kind"])].append(Scored(str(row["uid"]), float(row["score"])))
    return TaggedNearest(by_kind["event"], by_kind["memory"], by_kind["chunk"])


async def tagged_uids(db: Queries, *, user_id: str, tags: Sequence[str], limit: int) -> frozenset[str]:
    """The uids of the user's nodes carrying any of ``tags`` (normalised keys) and of the passages of tagged
    documents, at most ``limit``; empty when none does."""
    rows = await db.read("tagged_recall_uids", user_id=user_id, tags=list(tags), limit=limit)
    return frozenset(str(r["uid"]) for r in rows)


# --- full text ----------------------------------------------------------------------------------------------
# ``lucene_query`` is built by graphsvc.text.lucene from word tokens only (no query syntax survives) and carries
# the tenant key; the statements also filter on user_id.


async def text_events(
    db: Queries, *, user_id: str, family: TextFamily, lucene_query: str, k: int, as_of: datetime | None
) -> list[TextMatch]:
    """Current events (with ``as_of``: occurred by then, in the version that stood then) matching the query."""
    rows = await db.read(
        "fulltext_events",
        user_id=user_id,
        index=text_index("event", family),
        lucene=lucene_query,
        k=k,
        as_of=as_of,
    )
    return _matches(rows)


async def text_memories(
    db: Queries,
    *,
    user_id: str,
    family: TextFamily,
    lucene_query: str,
    k: int,
    statuses: Sequence[str],
    as_of: datetime | None,
) -> list[TextMatch]:
    """Memories of ``statuses`` (with ``as_of``: that held then) matching the query."""
    rows = await db.read(
        "fulltext_memories",
        user_id=user_id,
        index=text_index("memory", family),
        lucene=lucene_query,
        k=k,
        statuses=list(statuses),
        as_of=as_of,
    )
    return _matches(rows)


async def text_impressions(
    db: Queries, *, user_id: str, family: TextFamily, lucene_query: str, k: int, with_stale: bool
) -> list[TextMatch]:
    """Impressions matching the query; stale ones only ``with_stale``."""
    rows = await db.read(
        "fulltext_impressions",
        user_id=user_id,
        index=text_index("impression", family),
        lucene=lucene_query,
        k=k,
        with_stale=with_stale,
    )
    return _matches(rows)


async def text_traits(
    db: Queries,
    *,
    user_id: str,
    family: TextFamily,
    lucene_query: str,
    k: int,
    stages: Sequence[str],
    trait_uids: Sequence[str] | None,
) -> list[TextMatch]:
    """Traits at one of ``stages`` (and, unless None, among ``trait_uids``) matching the query."""
    rows = await db.read(
        "fulltext_traits",
        user_id=user_id,
        index=text_index("trait", family),
        lucene=lucene_query,
        k=k,
        stages=list(stages),
        trait_uids=None if trait_uids is None else list(trait_uids),
    )
    return _matches(rows)


async def text_passages(db: Queries, *, user_id: str, family: TextFamily, lucene_query: str, k: int) -> list[TextMatch]:
    """Document passages (never sections) matching the query."""
    rows = await db.read(
        "fulltext_chunks", user_id=user_id, index=text_index("chunk", family), lucene=lucene_query, k=k
    )
    return _matches(rows)


async def term_counts(db: Queries, *, user_id: str, asks: Sequence[tuple[str, str]]) -> dict[tuple[str, str], int]:
    """How many of the user's documents in each full-text index match each Lucene query, in one round trip.

    Args:
        asks: ``(index name, Lucene query)`` pairs; each query is built by
            :func:`graphsvc.text.lucene.term_query` (the tenant term, alone or with one content term).

    Returns:
        ``(index name, Lucene query)`` → the user's matching documents, for every ask.
    """
    rows = await db.read("fulltext_term_counts", user_id=user_id, asks=[{"index": i, "query": q} for i, q in asks])
    return {(str(r["index"]), str(r["query"])): int(r["n"]) for r in rows}


# --- graph expansion ----------------------------------------------------------------------------------------
# ``entity_uids``: Entity uids of the user, as found through graphsvc.graph.identity. An empty list runs no query.


async def selective_entities(db: Queries, *, user_id: str, entity_uids: Sequence[str], max_observed: int) -> list[str]:
    """Those of ``entity_uids`` observed in at most ``max_observed`` events."""
    if not entity_uids:
        return []
    rows = await db.read(
        "selective_entities", user_id=user_id, entity_uids=list(entity_uids), max_observed=max_observed
    )
    return [str(r["uid"]) for r in rows]


async def related_entities(
    db: Queries, *, user_id: str, entity_uids: Sequence[str], limit: int, max_observed: int
) -> list[str]:
    """At most ``limit`` ``RELATES`` neighbours (either direction) of ``entity_uids``, not among them and observed
    in at most ``max_observed`` events, strongest relation first (ties by uid)."""
    if not entity_uids:
        return []
    rows = await db.read(
        "related_entities", user_id=user_id, entity_uids=list(entity_uids), limit=limit, max_observed=max_observed
    )
    return [str(r["uid"]) for r in rows]


async def entity_events(
    db: Queries,
    *,
    user_id: str,
    entity_uids: Sequence[str],
    embedding: Sequence[float],
    k: int,
    as_of: datetime | None,
) -> list[Scored]:
    """The embedded events the entities were observed in (with ``as_of``: occurred by then), by cosine."""
    if not entity_uids:
        return []
    rows = await db.read(
        "entity_events_by_similarity",
        user_id=user_id,
        entity_uids=list(entity_uids),
        embedding=list(embedding),
        k=k,
        as_of=as_of,
    )
    return _scored(rows)


async def entity_memories(
    db: Queries,
    *,
    user_id: str,
    entity_uids: Sequence[str],
    embedding: Sequence[float],
    k: int,
    statuses: Sequence[str],
    as_of: datetime | None,
) -> list[Scored]:
    """The embedded memories of ``statuses`` that mention the entities (with ``as_of``: that held then), by
    cosine."""
    if not entity_uids:
        return []
    rows = await db.read(
        "entity_memories_by_similarity",
        user_id=user_id,
        entity_uids=list(entity_uids),
        embedding=list(embedding),
        k=k,
        statuses=list(statuses),
        as_of=as_of,
    )
    return _scored(rows)


async def entity_impressions(
    db: Queries,
    *,
    user_id: str,
    entity_uids: Sequence[str],
    embedding: Sequence[float],
    k: int,
    with_stale: bool,
) -> list[Scored]:
    """The entities' impressions by cosine (not yet embedded: score 0, last); stale ones only ``with_stale``."""
    if not entity_uids:
        return []
    rows = await db.read(
        "entity_impressions_by_similarity",
        user_id=user_id,
        entity_uids=list(entity_uids),
        embedding=list(embedding),
        k=k,
        with_stale=with_stale,
    )
    return _scored(rows)
