"""Leases in Neo4j: work that must run once across every process sharing one database.

A lease is an owner plus an expiry, written in Neo4j (never an in-process lock, which a second process
cannot see). The owner renews it while the work runs; when the owner dies or loses the database, the lease
expires and another process may take the work over. Two pieces, both reusable:

- :func:`hold` runs a coroutine while renewing its lease every ``ttl_s / 3``. It cancels the work (and raises
  :class:`LeaseLostError`) when a renewal reports the lease gone, or when no renewal succeeded for
  ``ttl_s − margin`` (Neo4j unreachable): past that point another process may already have taken over, so
  the work must stop before it commits anything more. The renewal is any coroutine returning a
  :data:`RenewOutcome`; jobs renew the lease fields on their ``Job`` node (``graphsvc.service.worker``).
- :class:`NamedLease` is a lease on a ``(:Lease {key})`` node, for singletons: the idle-conversation sweep
  (one process at a time), a daily scheduler. ``acquire`` takes it when it is free, expired, or already
  ours; ``renew`` extends it only while it is ours; ``release`` frees it.

Correctness does not rest on clocks agreeing exactly: a takeover changes the owner in a write transaction,
and every commit of leased work first locks its node and checks that the owner is still itself (the
``guard`` queries), so at most one owner's results commit. Clock skew between processes only moves *when*
an expired lease is taken over; keep it well under ``ttl_s``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Literal, TypeVar

from graphsvc.graph.database import Queries
from graphsvc.keys import new_uid

log = logging.getLogger(__name__)

T = TypeVar("T")

RenewOutcome = Literal["held", "lost", "cancel"]
"""What a renewal found: still ours (extended), taken by another owner or finished, or asked to cancel."""


class LeaseLostError(Exception):
    """The lease ended before the work did (taken over, or not renewable in time); the work was cancelled."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class CancelRequestedError(Exception):
    """The lease's renewal reported a cancellation request; the work was cancelled."""


def process_owner() -> str:
    """A lease owner id unique to this process: ``host:pid:random``."""
    return f"{socket.gethostname()}:{os.getpid()}:{new_uid()[:8]}"


async def hold(
    work: Awaitable[T],
    *,
    renew: Callable[[], Awaitable[RenewOutcome]],
    ttl_s: float,
    margin_s: float | None = None,
) -> T:
    """Run ``work`` while renewing its lease.

    Args:
        work: the coroutine to run (it is awaited in a task of its own).
        renew: extends the lease and says whether it is still held; called every ``ttl_s / 3`` seconds.
            A renewal that raises (database unreachable) is retried at the next tick.
        ttl_s: the lease length the renewal writes.
        margin_s: how long before the lease would have expired, counted from the last successful renewal,
            the work is given up (default ``ttl_s / 6``).

    Returns:
        what ``work`` returned.

    Raises:
        LeaseLostError: a renewal reported the lease lost, or none succeeded in time; ``work`` was cancelled.
        CancelRequestedError: a renewal reported a cancellation request; ``work`` was cancelled.
        whatever ``work`` raised.
    """
    margin_s = ttl_s / 6 if margin_s is None else margin_s
    task = asyncio.ensure_future(work)
    held_until = time.monotonic() + ttl_s
    ended: BaseException | None = None
    try:
        while not task.done():
            tick = min(ttl_s / 3, max(0.0, held_until - margin_s - time.monotonic()))
            done, _ = await asyncio.wait({task}, timeout=tick)
            if done:
                break
            if time.monotonic() >= held_until - margin_s:
                ended = LeaseLostError(f"no lease renewal succeeded for {ttl_s - margin_s:.1f} s")
                break
            started = time.monotonic()
            try:
                outcome = await asyncio.wait_for(renew(), timeout=max(ttl_s / 3, 0.1))
            except Exception as exc:  # the database is away: keep working until the lease runs out
                log.warning("lease renewal failed, retrying: %s", repr(exc))
                continue
            if outcome == "lost":
                ended = LeaseLostError("the lease was taken over or the work was finished elsewhere")
                break
            if outcome == "cancel":
                ended = CancelRequestedError("cancellation requested")
                break
            held_until = started + ttl_s
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
    if ended is not None:
        raise ended
    return task.result()


class NamedLease:
    """A lease on one ``(:Lease {key})`` node, for work that one process at a time may do.

    Args:
        db: where the lease lives.
        key: what it guards (e.g. ``"idle-sweep"``, ``"daily-learning"``).
        owner: this process (:func:`process_owner`).
        ttl_s: how long an acquisition or renewal lasts.
        clock: aware-UTC time source (the lease expiry is written in database time terms).
    """

    def __init__(self, db: Queries, *, key: str, owner: str, ttl_s: float, clock: Callable[[], datetime]) -> None:
        self._db = db
        self.key = key
        self.owner = owner
        self.ttl_s = ttl_s
        self._clock = clock

    async def acquire(self) -> bool:
        """Take the lease if it is free, expired or ours already; True when this process holds it now."""
        now = self._clock()
        rows = await self._db.write(
            "acquire_lease", key=self.key, owner=self.owner, now=now, until=now + timedelta(seconds=self.ttl_s)
        )
        return bool(rows)

    async def renew(self) -> RenewOutcome:
        """Extend the lease while it is ours: "held", or "lost" when another owner has it."""
        now = self._clock()
        rows = await self._db.write(
            "renew_lease", key=self.key, owner=self.owner, until=now + timedelta(seconds=self.ttl_s)
        )
        return "held" if rows else "lost"

    async def release(self) -> None:
        """Free the lease if it is ours (another owner's lease is left alone)."""
        await self._db.write("release_lease", key=self.key, owner=self.owner)

    async def run(self, work: Callable[[], Awaitable[T]]) -> tuple[bool, T | None]:
        """Run ``work()`` under the lease if it can be acquired, renewing it meanwhile, then release it.

        Returns:
            ``(True, result)`` when it ran; ``(False, None)`` when another process holds the lease
            (``work`` is not called).

        Raises:
            LeaseLostError: the lease was lost while ``work`` ran (it was cancelled).
        """
        if not await self.acquire():
            return False, None
        try:
            return True, await hold(work(), renew=self.renew, ttl_s=self.ttl_s)
        finally:
            with contextlib.suppress(Exception):
                await self.release()
