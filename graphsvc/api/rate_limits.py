"""Where the rate limits count (``RATE_LIMIT_STORAGE_URI``): this process's memory, or a Redis that every
service process shares, so a caller's ``RATE_LIMIT`` and the ``AUTH_FAILURE_LIMIT`` budgets are one across
all of them.

Both are moving windows from the ``limits`` library (its Redis storage runs each hit as one Lua script, so
processes counting at once never lose a hit). With Redis:

- at start-up the Redis must answer (:meth:`LimitStore.require`): else ``graphsvc serve`` stops with one line
  naming the URI and the fix (a wrong URI is found at once, not at the first request);
- when it stops answering later, each process counts in its own memory until it answers again: requests keep
  being served, each process still holds every caller to ``RATE_LIMIT`` (so all of them together allow up to
  N times it), and the change is a WARNING in the log and a count in ``graphsvc_rate_limit_fallback_total``.
  A Redis outage thus never turns into an outage of the service; Redis is tried again every
  :data:`RETRY_SHARED_S` seconds, not on every request.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import Literal, TypeVar

import redis.asyncio
from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError

from graphsvc import metrics
from graphsvc.config import redacted_uri
from graphsvc.errors import ConfigurationError

log = logging.getLogger(__name__)

T = TypeVar("T")

KEY_PREFIX = "graphsvc"
"""Prefix of every key graphsvc writes in the shared Redis (so the Redis may serve other applications too)."""
CONNECT_TIMEOUT_S = 2.0
"""TCP connect timeout to the Redis, at start-up and after an outage."""
OPERATION_TIMEOUT_S = 1.0
"""Longest wait for one Redis answer before the request is counted in this process's memory instead."""
RETRY_SHARED_S = 5.0
"""After the Redis failed, requests count in memory this long before Redis is tried again."""


class LimitStore:
    """The counters of every rate limit of one process: in memory, or in a shared Redis with this process's
    memory as the fallback while it does not answer (see the module docstring).

    Args:
        uri: ``RATE_LIMIT_STORAGE_URI`` (``memory://``, ``redis://``, ``rediss://``, ``redis+unix://``).
    """

    def __init__(self, uri: str) -> None:
        self.uri = uri
        self.local = MovingWindowRateLimiter(MemoryStorage())
        self._pool: redis.asyncio.ConnectionPool | None = None
        self.shared: MovingWindowRateLimiter | None = None
        self._storage: RedisStorage | None = None
        if not uri.startswith("memory://"):
            client_uri = uri.replace("redis+unix://", "unix://", 1)
            self._pool = redis.asyncio.ConnectionPool.from_url(
                client_uri, socket_connect_timeout=CONNECT_TIMEOUT_S, socket_timeout=OPERATION_TIMEOUT_S
            )
            self._storage = RedisStorage(
                f"async+{uri}",
                implementation="redispy",
                wrap_exceptions=True,
                key_prefix=KEY_PREFIX,
                connection_pool=self._pool,  # type: ignore[arg-type]  # passed on to redis-py, typed too narrowly
            )
            self.shared = MovingWindowRateLimiter(self._storage)
        self._retry_shared_at = 0.0
        self.degraded = False
        """True while the shared Redis does not answer and this process counts in its own memory."""

    @property
    def is_shared(self) -> bool:
        """Whether the counts live in a Redis shared by every process."""
        return self.shared is not None

    async def require(self) -> None:
        """Check at start-up that the shared Redis answers (nothing to check for ``memory://``).

        Raises:
            ConfigurationError: the Redis did not answer a PING within :data:`CONNECT_TIMEOUT_S` (refused,
                unknown host, wrong password, TLS mismatch...); the message names the URI, its password hidden.
        """
        if self._storage is None:
            return
        if not await self._storage.check():
            raise ConfigurationError(
                setting="RATE_LIMIT_STORAGE_URI",
                problem=f"names {redacted_uri(self.uri)}, which did not answer (refused, unknown host or wrong "
                "password)",
                fix="start that Redis or correct the URI; or set RATE_LIMIT_STORAGE_URI=memory:// to have each "
                "process count its own requests",
            )

    async def run(self, op: Callable[[MovingWindowRateLimiter], Awaitable[T]]) -> T:
        """Run one limiter operation (hit, test, window stats) on the shared counts, or on this process's when
        the Redis does not answer (logged once per outage, counted in ``graphsvc_rate_limit_fallback_total``)."""
        if self.shared is not None and time.monotonic() >= self._retry_shared_at:
            try:
                result = await op(self.shared)
            except StorageError as exc:
                self._retry_shared_at = time.monotonic() + RETRY_SHARED_S
                metrics.RATE_LIMIT_FALLBACKS.inc()
                if not self.degraded:
                    self.degraded = True
                    log.warning(
                        "rate limit storage %s does not answer (%s): counting in this process's memory until it "
                        "does (each process then allows RATE_LIMIT on its own)",
                        redacted_uri(self.uri),
                        type(exc.storage_error).__name__,
                    )
            else:
                if self.degraded:
                    self.degraded = False
                    log.warning("rate limit storage %s answers again: counts are shared", redacted_uri(self.uri))
                return result
        return await op(self.local)

    async def readiness(self) -> tuple[Literal["ok", "down"], str]:
        """``/ready``'s ``rate_limits`` check: ``ok`` with where the counts live, or ``down`` (the service is then
        degraded, not unavailable: each process counts its own requests) when the shared Redis does not answer a
        PING within :data:`CONNECT_TIMEOUT_S`. The detail names the URI with its password hidden."""
        if self._storage is None:
            return "ok", "counted in this process (memory://)"
        try:
            answered = await asyncio.wait_for(self._storage.check(), CONNECT_TIMEOUT_S)
        except (TimeoutError, StorageError, redis.RedisError):
            answered = False
        where = redacted_uri(self.uri)
        if answered:
            return "ok", f"shared in {where}"
        return "down", f"{where} does not answer: each process counts its own requests"

    async def close(self) -> None:
        """Close the connections to the Redis (nothing for ``memory://``)."""
        if self._pool is not None:
            await self._pool.disconnect()


class RateLimit:
    """A moving-window budget per caller (``RATE_LIMIT``, e.g. ``600/minute``), counted in ``store``.

    Args:
        rate: the budget in the ``limits`` notation.
        store: where the counts live (one per process, shared by every limit).
        name: the budget's name in the storage keys (``requests``, ``auth_failures``), so two budgets of the
            same rate never share a count.
    """

    def __init__(self, rate: str, *, store: LimitStore, name: str) -> None:
        self.item: RateLimitItem = parse(rate)
        self.store = store
        self.name = name

    async def retry_after_s(self, caller: str) -> int | None:
        """Count one request of ``caller``; None if it is within the budget, else seconds until it is."""
        if await self.store.run(lambda limiter: limiter.hit(self.item, self.name, caller)):
            return None
        return await self._wait_s(caller)

    async def spent_s(self, caller: str) -> int | None:
        """Without counting: None while ``caller`` has budget left, else seconds until it has."""
        if await self.store.run(lambda limiter: limiter.test(self.item, self.name, caller)):
            return None
        return await self._wait_s(caller)

    async def _wait_s(self, caller: str) -> int:
        stats = await self.store.run(lambda limiter: limiter.get_window_stats(self.item, self.name, caller))
        return max(1, math.ceil(stats.reset_time - time.time()))
