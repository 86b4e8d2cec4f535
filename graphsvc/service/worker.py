"""Background job runner: durable jobs in Neo4j, bounded concurrency, retries with backoff.

Jobs are claimed from the graph (PENDING → RUNNING), run with at most ``job_concurrency``
at once (one at a time per user, so near-duplicate checks see each other's writes), and
end SUCCEEDED (inside the job's own result transaction) or go back to PENDING with
``run_after = now + initial · 2^(attempts − 1)`` and the error recorded, until
``job_max_attempts`` is reached and they end FAILED. At start-up, RUNNING jobs left by a
crash are reset to PENDING: their results were never committed, so running them again is safe.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import timedelta

from graphsvc.clock import Clock
from graphsvc.config import Settings
from graphsvc.errors import LLMError
from graphsvc.graph.database import Database
from graphsvc.graph.jobs import JobRow
from graphsvc.keys import new_uid
from graphsvc.vocabulary import JobKind

log = logging.getLogger(__name__)

Sweep = Callable[[], Awaitable[object]]
"""Periodic housekeeping run by the worker loop (the idle-conversation sweep)."""

JobHandler = Callable[[JobRow], Awaitable[None]]
"""Runs one claimed job and commits its own SUCCEEDED status with its results."""


class JobWorker:
    """Polls for due jobs and runs each with the handler of its kind.

    Args:
        handlers: ``{kind: handler}``, one per job kind (``graphsvc.vocabulary.JOB_KINDS``).
        wake: set it to poll at once instead of waiting ``job_poll_interval_s``.
    """

    def __init__(
        self,
        *,
        db: Database,
        settings: Settings,
        clock: Clock,
        handlers: Mapping[JobKind, JobHandler],
        sweep: Sweep | None = None,
    ) -> None:
        self._db = db
        self._settings = settings
        self._clock = clock
        self._handlers = dict(handlers)
        self._sweep = sweep
        self._next_sweep_s = 0.0
        self._slots = asyncio.Semaphore(settings.job_concurrency)
        self._user_locks: dict[str, asyncio.Lock] = {}
        self._running: set[asyncio.Task[None]] = set()
        self._loop_task: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()

    async def start(self) -> None:
        rows = await self._db.write("recover_running_jobs", now=self._clock())
        if rows and rows[0]["recovered"]:
            log.info("resumed %s job(s) interrupted by a restart", rows[0]["recovered"])
        self._loop_task = asyncio.create_task(self._loop(), name="graphsvc-job-worker")

    async def stop(self) -> None:
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
        for task in list(self._running):
            task.cancel()
        await asyncio.gather(*self._running, return_exceptions=True)

    async def _loop(self) -> None:
        while True:
            try:
                if self._sweep is not None and time.monotonic() >= self._next_sweep_s:
                    self._next_sweep_s = time.monotonic() + self._settings.idle_sweep_interval_s
                    await self._sweep()
                await self.poll_once()
            except Exception:  # keep the worker alive across database hiccups
                log.exception("job poll failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=self._settings.job_poll_interval_s)
            self.wake.clear()

    async def poll_once(self) -> int:
        """Claim and start the due jobs that fit in the free slots; returns how many started."""
        free = self._settings.job_concurrency - len(self._running)
        if free <= 0:
            return 0
        rows = await self._db.write("claim_jobs", now=self._clock(), limit=free, claim_token=new_uid())
        for row in rows:
            job = JobRow.from_node(row["job"])
            task = asyncio.create_task(self._run(job))
            self._running.add(task)
            task.add_done_callback(self._running.discard)
        return len(rows)

    async def idle(self) -> None:
        """Wait until no job is running (used by the CLI import and the benchmarks)."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)

    async def _run(self, job: JobRow) -> None:
        lock = self._user_locks.setdefault(job.user_id, asyncio.Lock())
        async with self._slots, lock:
            try:
                await self._handlers[job.kind](job)
                log.info("job %s (%s) succeeded", job.uid, job.kind)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                attempts = max(job.attempts, 1)
                delay_s = self._settings.job_retry_initial_s * 2 ** max(attempts - 1, 0)
                now = self._clock()
                log.warning("job %s attempt %s failed: %s", job.uid, attempts, exc)
                await self._db.write(
                    "fail_job",
                    uid=job.uid,
                    user_id=job.user_id,
                    error=f"{type(exc).__name__}: {exc}"[:2000],
                    now=now,
                    retry_at=now + timedelta(seconds=delay_s),
                    max_attempts=self._settings.job_max_attempts,
                    llm_calls=exc.llm_calls if isinstance(exc, LLMError) else 0,
                    tokens_in=exc.tokens_in if isinstance(exc, LLMError) else 0,
                    tokens_out=exc.tokens_out if isinstance(exc, LLMError) else 0,
                )
                self.wake.set()
