"""In-process copies of users' vectors, so recall scores cosine in numpy instead of in Neo4j.

An exact scan in Neo4j reads every vector of the user and scores it in the JVM (for a LoCoMo-size user about
two thirds of Neo4j's work per recall); the same scan over a numpy matrix held in this process costs well under
a millisecond. :class:`UserVectors` keeps, per user, one copy per kind (events, memories, impressions, traits,
passages) of the embedded nodes in recall's default scope (current events, active memories, impressions not
stale, traits at recall's stages, passages), rows in uid order, and serves it only while it is current:

* every recall's first read returns the user's :data:`Stamp` (``recall_text``: per kind, how many nodes the
  user has, how many a copy holds, and the newest creation and change times), so checking a copy costs no
  query. A creation, deletion or status change moves it; a copy whose stamp differs is refreshed before use
  (:meth:`UserVectors.refresh`: the kind's in-scope uids, then only the vectors not held yet; traits, whose
  text and vector a reflection may rewrite, are re-read whole), and this process's own lifecycle changes drop
  the user's copy (:meth:`UserVectors.drop`).
* what a stamp cannot see (an event re-embedded by another process's retraction, two opposite status flips
  between two recalls) lasts at most ``vector_cache_ttl_s``; the hits recall reads afterwards are re-checked
  against the scope in Neo4j, so a stale copy can misrank, never return what left the scope.
* a user without a copy is searched in Neo4j while the copy fills in the background; copies are keyed by
  ``user_id`` and filled by queries filtered on it, so one user's search never sees another's vectors.
* at most ``vector_cache_max_vectors`` vectors are held in all (least recently used users go first; ``0``
  turns the copies off) and none of a user with more than ``vector_cache_max_user_vectors``: 384-d float32,
  so 250,000 vectors ≈ 384 MB.

Scores are Neo4j's scale, ``(1 + cos) / 2``; ties are broken by uid as the Cypher statements do.

Statements: ``vector_copy_uids`` and ``vector_copy_vectors`` in ``cypher/queries/vector.cypher``; the stamp in
``recall_text`` (``cypher/queries/recall.cypher``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt
from neo4j.vector import Vector

from graphsvc.config import Settings
from graphsvc.graph.database import Queries
from graphsvc.graph.recall import TEXT_KINDS, Scored, TextKind
from graphsvc.vocabulary import RECALL_TRAIT_STAGES

log = logging.getLogger(__name__)

Stamp = Mapping[str, Sequence[Any]]
"""Per kind (``event``, ``memory``, ``impression``, ``trait``, ``chunk``): ``[nodes, nodes a copy holds,
newest creation, newest change...]`` of one user, as ``recall_text`` returns it."""

Matrix = npt.NDArray[np.float32]

COPIED_STAGES: tuple[str, ...] = RECALL_TRAIT_STAGES
"""The trait stages a copy holds (recall's default scope)."""


def held_by_copy(stamp: Stamp) -> int:
    """How many vectors a copy of the user would hold (the second figure of each kind's stamp)."""
    return sum(int(stamp[kind][1]) for kind in TEXT_KINDS)


@dataclass(frozen=True)
class KindCopy:
    """One kind's vectors: ``uids`` in uid order, ``vectors`` ``(n, d)`` float32 with L2-normalised rows."""

    uids: tuple[str, ...]
    vectors: Matrix

    @cached_property
    def rows(self) -> dict[str, int]:
        """uid → its row."""
        return {uid: i for i, uid in enumerate(self.uids)}

    def nearest(self, queries: Matrix, k: int, *, only: frozenset[str] | None = None) -> list[list[Scored]]:
        """The ``k`` best rows for each query (``(v, d)``, L2-normalised): ``[(uid, (1 + cos) / 2)]`` best first,
        ties by uid; with ``only``, among those uids."""
        if not self.uids or k <= 0:
            return [[] for _ in range(len(queries))]
        cosines = self.vectors @ queries.T  # (n, v)
        keep = None if only is None else np.fromiter((u in only for u in self.uids), dtype=bool, count=len(self.uids))
        out = []
        for column in cosines.T:
            scores = column if keep is None else np.where(keep, column, -np.inf)
            order = np.argsort(-scores, kind="stable")[:k]  # rows are in uid order: ties stay by uid
            out.append([Scored(self.uids[i], (1.0 + float(scores[i])) / 2.0) for i in order if scores[i] > -np.inf])
        return out

    def score(self, uids: Sequence[str], query: Matrix, k: int, *, missing: float | None = None) -> list[Scored]:
        """``uids`` scored against one query ``(d,)``, best ``k`` first (ties by uid); a uid without a row scores
        ``missing`` (left out when None)."""
        rows = self.rows
        found = [(uid, rows[uid]) for uid in uids if uid in rows]
        scored: list[Scored] = []
        if found:
            cosines = self.vectors[[i for _, i in found]] @ query
            scored = [Scored(uid, (1.0 + float(c)) / 2.0) for (uid, _), c in zip(found, cosines, strict=True)]
        if missing is not None:
            scored += [Scored(uid, missing) for uid in uids if uid not in rows]
        scored.sort(key=lambda s: (-s.score, s.uid))
        return scored[:k]


@dataclass(frozen=True)
class UserCopy:
    """One user's copies by kind, the stamp they match, and when they were filled."""

    kinds: dict[TextKind, KindCopy]
    stamp: Stamp
    filled_at_s: float

    @property
    def size(self) -> int:
        return sum(len(c.uids) for c in self.kinds.values())


class UserVectors:
    """Per-user vector copies (see the module docstring for when one is used)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._copies: OrderedDict[str, UserCopy] = OrderedDict()
        self._held = 0
        self._filling: dict[str, asyncio.Task[None]] = {}
        self._clock = clock
        self.hits = 0
        self.refreshes = 0
        self.misses = 0

    @property
    def held_vectors(self) -> int:
        """Vectors held over all users."""
        return self._held

    def holds(self, user_id: str) -> bool:
        return user_id in self._copies

    def may_hold(self, stamp: Stamp, settings: Settings) -> bool:
        """Whether a user with this stamp is copied at all (copies on, the user within the per-user limit)."""
        held = held_by_copy(stamp)
        return 0 < settings.vector.cache_max_vectors and held <= min(
            settings.vector.cache_max_user_vectors, settings.vector.cache_max_vectors
        )

    async def current(
        self, db: Queries, *, user_id: str, stamp: Stamp, dimensions: int, settings: Settings
    ) -> UserCopy | None:
        """The user's copy matching ``stamp``, refreshed first when it is outdated; None when the user has no copy
        (one is then filled in the background) or is not copied (:meth:`may_hold`)."""
        if not self.may_hold(stamp, settings):
            self._drop(user_id)
            return None
        copy = self._copies.get(user_id)
        if copy is not None and self._clock() - copy.filled_at_s >= settings.vector.cache_ttl_s:
            self._drop(user_id)
            copy = None
        if copy is None:
            self.misses += 1
            self._fill_in_background(db, user_id=user_id, stamp=stamp, dimensions=dimensions, settings=settings)
            return None
        self._copies.move_to_end(user_id)
        changed = [kind for kind in TEXT_KINDS if list(copy.stamp[kind]) != list(stamp[kind])]
        if not changed:
            self.hits += 1
            return copy
        self.refreshes += 1
        try:
            fresh = await _refreshed(db, copy, user_id=user_id, kinds=changed, stamp=stamp, dimensions=dimensions)
        except Exception:  # the copy is an optimisation: the database path still answers
            log.warning("could not refresh the vector copy of user %s", user_id, exc_info=True)
            self._drop(user_id)
            return None
        self._keep(user_id, fresh, settings)
        return fresh

    async def settled(self) -> None:
        """Wait for the fills in flight (tests and benchmarks)."""
        while self._filling:
            await asyncio.gather(*self._filling.values())

    async def aclose(self) -> None:
        """Stop the fills in flight (at shutdown, before the driver closes)."""
        tasks = list(self._filling.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def clear(self) -> None:
        self._copies.clear()
        self._held = 0

    def drop(self, user_id: str) -> None:
        """Forget the user's copy (after a lifecycle change this process made: it refills on the next recall)."""
        self._drop(user_id)

    def _fill_in_background(
        self, db: Queries, *, user_id: str, stamp: Stamp, dimensions: int, settings: Settings
    ) -> None:
        if user_id in self._filling:
            return

        async def fill() -> None:
            try:
                empty = UserCopy({}, {}, self._clock())
                copy = await _refreshed(
                    db, empty, user_id=user_id, kinds=TEXT_KINDS, stamp=stamp, dimensions=dimensions
                )
            except Exception:  # the copy is an optimisation: the database path still answers
                log.warning("could not copy the vectors of user %s", user_id, exc_info=True)
                return
            self._keep(user_id, copy, settings)

        task = asyncio.create_task(fill())
        self._filling[user_id] = task
        task.add_done_callback(lambda _: self._filling.pop(user_id, None))

    def _keep(self, user_id: str, copy: UserCopy, settings: Settings) -> None:
        self._drop(user_id)
        self._copies[user_id] = copy
        self._held += copy.size
        while self._held > settings.vector.cache_max_vectors and self._copies:
            self._drop(next(iter(self._copies)))

    def _drop(self, user_id: str) -> None:
        copy = self._copies.pop(user_id, None)
        if copy is not None:
            self._held -= copy.size


async def _refreshed(
    db: Queries, copy: UserCopy, *, user_id: str, kinds: Sequence[TextKind], stamp: Stamp, dimensions: int
) -> UserCopy:
    """``copy`` with ``kinds`` brought up to date: their in-scope uids read, the vectors not held read (every vector
    of a trait copy: a trait's vector changes with its text), the rest kept; stamped ``stamp`` (read before, so a
    write in between only makes the next check refresh again)."""
    row = (await db.read("vector_copy_uids", user_id=user_id, kinds=list(kinds), copied_stages=list(COPIED_STAGES)))[0]
    wanted: dict[TextKind, list[str]] = {kind: [str(u) for u in row[kind]] for kind in kinds}
    missing: dict[str, list[str]] = {kind: [] for kind in TEXT_KINDS}
    for kind, uids in wanted.items():
        old = copy.kinds.get(kind)
        held = set() if old is None or kind == "trait" else set(old.uids)
        missing[kind] = [u for u in uids if u not in held]
    read: dict[str, tuple[list[str], Matrix]] = {}
    if any(missing.values()):
        found = (await db.read("vector_copy_vectors", user_id=user_id, uids=missing, dimensions=dimensions))[0]
        for kind in TEXT_KINDS:
            uids = [str(u) for u in found[f"{kind}_uids"]]
            read[kind] = (uids, await asyncio.to_thread(_normalised, found[f"{kind}_vectors"], dimensions))
    kinds_out = dict(copy.kinds)
    for kind, uids in wanted.items():
        old = copy.kinds.get(kind)
        new_uids, new_vectors = read.get(kind, ([], np.zeros((0, dimensions), dtype=np.float32)))
        by_uid: dict[str, Matrix] = {}
        if old is not None and kind != "trait":
            rows = old.rows
            by_uid.update((u, old.vectors[rows[u]]) for u in uids if u in rows)
        by_uid.update(zip(new_uids, new_vectors, strict=True))
        kept = tuple(u for u in uids if u in by_uid)  # uid order (the statement sorts)
        vectors = np.stack([by_uid[u] for u in kept]) if kept else np.zeros((0, dimensions), dtype=np.float32)
        kinds_out[kind] = KindCopy(kept, vectors.astype(np.float32, copy=False))
    return UserCopy(kinds_out, stamp, copy.filled_at_s)


def _normalised(embeddings: list[Vector], dimensions: int) -> Matrix:
    """``(n, dimensions)`` float32 with L2-normalised rows (zero rows stay zero)."""
    if not embeddings:
        return np.zeros((0, dimensions), dtype=np.float32)
    raw = b"".join(v.raw(byteorder="little") for v in embeddings)
    vectors = np.frombuffer(raw, dtype="<f4").reshape(len(embeddings), dimensions).astype(np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors /= np.where(norms > 0, norms, 1.0)
    return vectors
