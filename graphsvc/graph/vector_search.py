"""Tenant-scoped vector search that stays exact for small tenants and fast for large ones.

A user with at most ``vector_exact_max`` vectors is searched by an exact scan of their own
vectors (cosine over a ``user_id`` index seek): exact, and fast at that size. A larger user is
searched through the vector index with the ``user_id`` filter applied inside the index (Cypher 25
``SEARCH ... WHERE``), over-fetching candidates (:func:`candidate_count`) and re-ranking them by
exact cosine, which recovers the recall the index's quantised graph search loses.

Memory searches of such larger users are first offered to the in-process copies of
:mod:`graphsvc.graph.vector_cache` (exact, about a millisecond plus one stamp query), which
answer only when their copy is current; the database paths above answer otherwise.

The user's vector count picks the path and the candidate count (recall also reads it for tenant BM25
and entity selectivity), so it is cached per user for ``vector_size_cache_s`` (:class:`UserSizes`): a
stale count can make a search slower or, for a user who grew past the threshold inside that window,
fetch fewer candidates, but every path returns only that user's vectors.

Both caches belong to one :class:`VectorSearch`, which the runtime owns (one per service): nothing is
module-global, so a new runtime (a test's, after the graph is wiped) starts with empty caches.

Statements: ``cypher/queries/vector.cypher``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Literal

from graphsvc.config import Settings
from graphsvc.graph.database import Database, Queries
from graphsvc.graph.recall import Scored
from graphsvc.graph.vector_cache import MemoryVectors

Target = Literal["memory", "event", "chunk"]

_QUERIES: dict[Target, tuple[str, str, str]] = {
    "memory": ("count_user_memories", "vector_memories_exact", "vector_memories_ann"),
    "event": ("count_user_events", "vector_events_exact", "vector_events_ann"),
    "chunk": ("count_user_chunks", "vector_chunks_exact", "vector_chunks_ann"),
}


class UserSizes:
    """Per-(target, user) vector counts, each kept for ``ttl_s`` seconds.

    Bounded at ``max_users`` entries: when full, the oldest entry is dropped. Not shared between
    processes; each process counts again after the TTL.
    """

    def __init__(self, *, max_users: int = 100_000, clock: Callable[[], float] = time.monotonic) -> None:
        self._entries: dict[tuple[Target, str], tuple[int, float]] = {}
        self._max_users = max_users
        self._clock = clock

    async def count(self, db: Queries, *, target: Target, user_id: str, ttl_s: float) -> int:
        """The user's number of ``target`` nodes, from the cache if counted less than ``ttl_s`` ago."""
        key = (target, user_id)
        now = self._clock()
        cached = self._entries.get(key)
        if cached is not None and now < cached[1]:
            return cached[0]
        n = int((await db.read(_QUERIES[target][0], user_id=user_id))[0]["n"])
        self._entries.pop(key, None)
        if len(self._entries) >= self._max_users:
            del self._entries[next(iter(self._entries))]
        self._entries[key] = (n, now + ttl_s)
        return n

    def clear(self) -> None:
        self._entries.clear()

    def drop(self, user_id: str) -> None:
        """Forget the user's counts."""
        for key in [k for k in self._entries if k[1] == user_id]:
            del self._entries[key]


def candidate_count(n: int, *, k: int, settings: Settings) -> int:
    """How many candidates the filtered index search returns for exact re-ranking.

    ``max(k × vector_oversample, min(vector_max_candidates, ceil(n × vector_candidate_fraction)))``
    for a user with ``n`` vectors: a fifth of a 1,000-vector user (200) and at most 600 for larger
    ones gave recall@10 ≥ 0.99 against brute force at 1M memories (scripts/bench/scale.py).
    """
    share = min(settings.vector_max_candidates, math.ceil(n * settings.vector_candidate_fraction))
    return max(k * settings.vector_oversample, share)


class VectorSearch:
    """The tenant-scoped vector search of one runtime, with its caches (counts and memory copies).

    Args:
        db: the graph.
        settings: ``vector_*`` settings (thresholds, candidate counts, cache sizes and lifetimes).
    """

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.sizes = UserSizes()
        self.copies = MemoryVectors()

    async def count(self, *, target: Target, user_id: str) -> int:
        """The user's number of ``target`` nodes (cached for ``vector_size_cache_s``)."""
        return await self.sizes.count(self.db, target=target, user_id=user_id, ttl_s=self.settings.vector_size_cache_s)

    def clear(self) -> None:
        """Forget every cached count and copy (after the graph was wiped)."""
        self.sizes.clear()
        self.copies.clear()

    def forget_user(self, user_id: str) -> None:
        """Forget one user's cached counts and memory copy (after this process deleted or changed their
        memories; other processes notice through the copy's stamp and the counts' lifetime)."""
        self.sizes.drop(user_id)
        self.copies.drop(user_id)

    async def nearest(self, *, target: Target, user_id: str, embedding: list[float], k: int) -> list[Scored]:
        """The user's ``k`` most similar memories, events or document passages.

        Args:
            embedding: the query vector, ``(d,)`` L2-normalised, d = the index dimension.

        Returns:
            ``uid`` and ``score`` best first, at most ``k``; empty if the user has no vectors.
            ``score`` is Neo4j's cosine similarity ``(1 + cos) / 2``. Memories are active ones only.
        """
        settings = self.settings
        _, exact_query, ann_query = _QUERIES[target]
        n = await self.count(target=target, user_id=user_id)
        if target == "memory" and settings.vector_exact_max < n <= settings.vector_cache_max_vectors:
            copied = await self.copies.nearest(self.db, user_id=user_id, embedding=embedding, k=k, settings=settings)
            if copied is not None:
                return copied
        if n <= settings.vector_exact_max:
            rows = await self.db.read(exact_query, user_id=user_id, embedding=embedding, k=k)
        else:
            candidates = candidate_count(n, k=k, settings=settings)
            rows = await self.db.read(ann_query, user_id=user_id, embedding=embedding, k=k, candidates=candidates)
        return [Scored(str(r["uid"]), float(r["score"])) for r in rows]
