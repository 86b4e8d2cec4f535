"""A fair, bounded queue in front of an embedder: one user's bulk import cannot starve another's recall.

The model runs a bounded number of calls at once (its ``concurrency``: the local one has a copy per core), so
callers take turns on a gate with that many places; background work takes turns on a gate of its own with one
place (the local model runs it on a copy of its own at a lower OS priority), so a job never holds a place a
recall waits for. Each call is cut into slices (a query: one text; a foreground passage call: ``PASSAGE_SLICE`` texts; a
background job, such as the vectors of ingested messages: ``BACKGROUND_SLICE`` texts) and every slice waits for
its turn separately, so a 500-message import holds the model for one slice at a time. Turns go

1. to queries (recall) before passages (ingest) (on a shared gate, background work goes after both, except
   that background work waiting longer than ``BACKGROUND_MAX_WAIT_S`` goes next: it always progresses);
2. within a class, round-robin over users: a user with 60 slices waiting and a user with 1 alternate; with
   several places, one user holds at most all but one of them.

The queue is bounded: a call that would leave more than ``embedding_queue_per_user`` texts of its user, or
``embedding_queue_total`` texts in all, waiting is refused at once with
:class:`~graphsvc.errors.OverloadedError` (OVERLOADED with a retry-after) instead of waiting without limit.
The user is the one the current request or job serves (:data:`graphsvc.logs.user_id_var`).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Awaitable, Callable

import numpy as np

from graphsvc import metrics
from graphsvc.embed.base import Embedder, Vectors
from graphsvc.errors import OverloadedError
from graphsvc.logs import user_id_var

QUERY, PASSAGE, BACKGROUND = 0, 1, 2
PASSAGE_SLICE = 8
BACKGROUND_SLICE = 2
"""Background slices of one or two texts keep recall's p95 intact; eight-text slices pushed it to ~1.1 s."""
BACKGROUND_MAX_WAIT_S = 1.0
RETRY_AFTER_S = 1.0
_KIND = {QUERY: "query", PASSAGE: "passage", BACKGROUND: "background"}


class FairGate:
    """``capacity`` holders at a time, at most ``capacity - 1`` of them (at least one) for any one user, so with
    several places one user's long calls always leave a place to the others; the next turn by class, then
    round-robin over users (see the module docstring)."""

    def __init__(self, capacity: int = 1) -> None:
        self._capacity = capacity
        self._per_user = max(1, capacity - 1)
        self._holding: Counter[str] = Counter()
        self._waiting: dict[int, OrderedDict[str, deque[tuple[float, asyncio.Future[None]]]]] = {
            c: OrderedDict() for c in (QUERY, PASSAGE, BACKGROUND)
        }

    async def acquire(self, *, user: str, klass: int) -> None:
        """Wait for a place for ``user``'s call of class ``klass`` (QUERY, PASSAGE or BACKGROUND)."""
        if self._free() and self._holding[user] < self._per_user and not any(self._waiting.values()):
            self._holding[user] += 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (time.monotonic(), future)
        self._waiting[klass].setdefault(user, deque()).append(entry)
        self._dispatch()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release(user=user)  # the place was handed to us as we were cancelled: pass it on
            else:
                self._forget(klass, user, entry)
            raise

    def release(self, *, user: str) -> None:
        """End ``user``'s turn and hand the free place to the next waiter that may take it, if any."""
        self._holding[user] -= 1
        if self._holding[user] <= 0:
            del self._holding[user]
        self._dispatch()

    def _free(self) -> bool:
        return sum(self._holding.values()) < self._capacity

    def _dispatch(self) -> None:
        while self._free() and (chosen := self._next()) is not None:
            user, future = chosen
            if not future.done():
                self._holding[user] += 1
                future.set_result(None)

    def _next(self) -> tuple[str, asyncio.Future[None]] | None:
        background = self._waiting[BACKGROUND]
        starved = background and next(iter(background.values()))[0][0] < time.monotonic() - BACKGROUND_MAX_WAIT_S
        order = (BACKGROUND, QUERY, PASSAGE) if starved else (QUERY, PASSAGE, BACKGROUND)
        for klass in order:
            users = self._waiting[klass]
            for user, queue in users.items():
                if self._holding[user] >= self._per_user:
                    continue  # this user holds all it may: the next user's turn
                _, future = queue.popleft()
                if queue:
                    users.move_to_end(user)
                else:
                    del users[user]
                return user, future
        return None

    def _forget(self, klass: int, user: str, entry: tuple[float, asyncio.Future[None]]) -> None:
        queue = self._waiting[klass].get(user)
        if queue is not None and entry in queue:
            queue.remove(entry)
            if not queue:
                del self._waiting[klass][user]


class FairEmbedder:
    """Wraps an :class:`~graphsvc.embed.base.Embedder` with the fair, bounded queue of this module.

    Args:
        inner: the embedder doing the work.
        per_user: texts one user may have waiting (``embedding_queue_per_user``).
        total: texts waiting in all (``embedding_queue_total``).
        concurrency: foreground calls (queries, passages) ``inner`` runs at once (``EMBEDDING_CONCURRENCY``);
            background calls run one at a time beside them.
    """

    def __init__(self, inner: Embedder, *, per_user: int, total: int, concurrency: int = 1) -> None:
        self.inner = inner
        self.dimensions = inner.dimensions
        self.concurrency = concurrency
        self._gate = FairGate(capacity=concurrency)
        self._background_gate = FairGate(capacity=1)
        self._per_user_limit = per_user
        self._total_limit = total
        self._pending: dict[str, int] = {}
        self._total = 0

    async def embed_passages(self, texts: list[str], *, background: bool = False) -> Vectors:
        klass = BACKGROUND if background else PASSAGE
        size = BACKGROUND_SLICE if background else PASSAGE_SLICE
        return await self._run(texts, klass, size, lambda part: self.inner.embed_passages(part, background=background))

    async def embed_queries(self, texts: list[str]) -> Vectors:
        return await self._run(texts, QUERY, 1, self.inner.embed_queries)

    async def aclose(self) -> None:
        await self.inner.aclose()

    def queued(self, user: str | None = None) -> int:
        """Texts waiting (for ``user``, or in all)."""
        return self._total if user is None else self._pending.get(user, 0)

    async def _run(
        self, texts: list[str], klass: int, size: int, embed: Callable[[list[str]], Awaitable[Vectors]]
    ) -> Vectors:
        if not texts:
            return await embed([])
        user = user_id_var.get() or "-"
        self._admit(user, len(texts))
        parts: list[Vectors] = []
        finished = 0
        try:
            for start in range(0, len(texts), size):
                part = texts[start : start + size]
                waited = time.monotonic()
                gate = self._background_gate if klass == BACKGROUND else self._gate
                await gate.acquire(user=user, klass=klass)
                try:
                    metrics.EMBED_QUEUE_WAIT.observe(time.monotonic() - waited)
                    began = time.monotonic()
                    parts.append(await embed(part))
                    metrics.EMBED_SECONDS.labels(_KIND[klass]).observe(time.monotonic() - began)
                finally:
                    gate.release(user=user)
                    self._done(user, len(part))
                    finished += len(part)
        finally:
            if finished < len(texts):  # cancelled or failed midway: give back what never ran
                self._done(user, len(texts) - finished)
        return np.vstack(parts) if len(parts) > 1 else parts[0]

    def _admit(self, user: str, n: int) -> None:
        mine = self._pending.get(user, 0)
        if mine + n > self._per_user_limit or self._total + n > self._total_limit:
            metrics.EMBED_REFUSED.inc()
            raise OverloadedError(what="the embedding queue", retry_after_s=RETRY_AFTER_S)
        self._pending[user] = mine + n
        self._total += n
        metrics.EMBED_QUEUE.set(self._total)

    def _done(self, user: str, n: int) -> None:
        left = self._pending.get(user, 0) - n
        if left > 0:
            self._pending[user] = left
        else:
            self._pending.pop(user, None)
        self._total = max(0, self._total - n)
        metrics.EMBED_QUEUE.set(self._total)
