"""An in-process copy of large users' memory vectors, checked against Neo4j before every use.

For a user above ``vector_exact_max`` memories the database path (filtered vector index plus an
exact re-rank) costs tens of milliseconds; the same exact search over the user's vectors held in
numpy costs about one. :class:`MemoryVectors` keeps such copies, but only serves one after a cheap
stamp query (one ``user_id`` index seek) says the user's memories are unchanged:

* the stamp is ``(memories, active memories, newest created_at)``; any creation, deletion or
  status change moves it (a deletion and a creation together still move ``newest``). Two opposite
  status flips between two searches, or an in-place embedding edit (graphsvc does neither: a
  memory's embedding is fixed by its content hash), would not; ``vector_cache_ttl_s`` bounds how
  long such a copy can live.
* a copy is filled in the background (stamp first, then the vectors, so a write in between makes
  the stamp older than the copy and the next check refills it); until then, and whenever the stamp
  disagrees, :meth:`MemoryVectors.nearest` returns ``None`` and the caller uses the database.
* copies are keyed by ``user_id`` and filled by a query filtered on it, so one user's search never
  sees another's vectors; only ``status = 'active'`` memories are copied.
* at most ``vector_cache_max_vectors`` vectors are held in all (least recently used users go
  first; ``0`` turns the cache off): 384-d float32, so 250,000 vectors ≈ 384 MB.

Statements: ``memory_vectors_stamp`` and ``memory_vectors_of_user`` in ``cypher/queries/vector.cypher``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from neo4j.vector import Vector

from graphsvc.config import Settings
from graphsvc.graph.database import Queries
from graphsvc.graph.recall import Scored

log = logging.getLogger(__name__)

Stamp = tuple[int, int, Any]
"""``(memories, active memories, newest created_at)`` of one user."""


@dataclass(frozen=True)
class _Copy:
    stamp: Stamp
    uids: list[str]
    vectors: np.ndarray  # (n, d) float32, rows L2-normalised
    filled_at_s: float


class MemoryVectors:
    """Per-user copies of active memory vectors (see the module docstring for when one is used)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._copies: OrderedDict[str, _Copy] = OrderedDict()
        self._held = 0
        self._filling: dict[str, asyncio.Task[None]] = {}
        self._clock = clock
        self.hits = 0
        self.misses = 0

    @property
    def held_vectors(self) -> int:
        """Vectors held over all users."""
        return self._held

    def holds(self, user_id: str) -> bool:
        return user_id in self._copies

    async def nearest(
        self, db: Queries, *, user_id: str, embedding: list[float], k: int, settings: Settings
    ) -> list[Scored] | None:
        """The user's ``k`` most similar active memories from the copy, if it is still current.

        Args:
            embedding: the query vector, ``(d,)``; d must be the stored vectors' dimension.

        Returns:
            ``uid`` and ``score`` best first with ``score = (1 + cos) / 2`` (Neo4j's scale), or
            ``None`` when there is no current copy: the caller must search the database. A missing
            or outdated copy is (re)filled in the background.
        """
        if settings.vector_cache_max_vectors <= 0:
            return None
        copy = self._copies.get(user_id)
        if copy is not None:
            fresh = self._clock() - copy.filled_at_s < settings.vector_cache_ttl_s
            if fresh and await self._stamp(db, user_id) == copy.stamp:
                self._copies.move_to_end(user_id)
                self.hits += 1
                return _top(copy, np.asarray(embedding, dtype=np.float32), k)
            self._drop(user_id)
        self.misses += 1
        if user_id not in self._filling:
            task = asyncio.create_task(self._fill(db, user_id=user_id, dimensions=len(embedding), settings=settings))
            self._filling[user_id] = task
            task.add_done_callback(lambda _: self._filling.pop(user_id, None))
        return None

    async def settled(self) -> None:
        """Wait for the fills in flight (tests and benchmarks)."""
        while self._filling:
            await asyncio.gather(*self._filling.values())

    def clear(self) -> None:
        self._copies.clear()
        self._held = 0

    def drop(self, user_id: str) -> None:
        """Forget the user's copy (after a lifecycle change this process made: it refills on the next search)."""
        self._drop(user_id)

    async def _stamp(self, db: Queries, user_id: str) -> Stamp:
        row = (await db.read("memory_vectors_stamp", user_id=user_id))[0]
        return int(row["memories"]), int(row["active"]), row["newest"]

    async def _fill(self, db: Queries, *, user_id: str, dimensions: int, settings: Settings) -> None:
        try:
            stamp = await self._stamp(db, user_id)
            if stamp[1] == 0 or stamp[1] > settings.vector_cache_max_vectors:
                return
            row = (await db.read("memory_vectors_of_user", user_id=user_id, dimensions=dimensions))[0]
            vectors = await asyncio.to_thread(_normalised, row["embeddings"], dimensions)
        except Exception:  # the copy is an optimisation: the database path still answers
            log.warning("could not copy the memory vectors of user %s", user_id, exc_info=True)
            return
        self._drop(user_id)
        self._copies[user_id] = _Copy(stamp, list(row["uids"]), vectors, self._clock())
        self._held += len(vectors)
        while self._held > settings.vector_cache_max_vectors and self._copies:
            oldest = next(iter(self._copies))
            self._drop(oldest)

    def _drop(self, user_id: str) -> None:
        copy = self._copies.pop(user_id, None)
        if copy is not None:
            self._held -= len(copy.vectors)


def _normalised(embeddings: list[Vector], dimensions: int) -> np.ndarray:
    """``(n, dimensions)`` float32 with L2-normalised rows (zero rows stay zero)."""
    raw = b"".join(v.raw(byteorder="little") for v in embeddings)
    vectors = np.frombuffer(raw, dtype="<f4").reshape(len(embeddings), dimensions).astype(np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors /= np.where(norms > 0, norms, 1.0)
    return vectors


def _top(copy: _Copy, query: np.ndarray, k: int) -> list[Scored]:
    if not copy.uids or k <= 0:
        return []
    norm = float(np.linalg.norm(query))
    cosines = copy.vectors @ (query / norm if norm > 0 else query)
    k = min(k, len(cosines))
    best = np.argpartition(-cosines, k - 1)[:k]
    best = best[np.argsort(-cosines[best], kind="stable")]
    return [Scored(copy.uids[i], (1.0 + float(cosines[i])) / 2.0) for i in best]
