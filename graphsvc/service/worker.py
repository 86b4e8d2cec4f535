"""Background job runner: durable jobs in Neo4j, run exactly once across every process on one database.

Each poll settles abandoned jobs, reads candidates (due PENDING jobs, and RUNNING jobs whose lease expired;
the first of each user with no live RUNNING job, interactive before bulk) and claims them one by one
(``claim_job``: lock the user's lane, lock the job, re-check). A claimed job carries this process as its
owner and a lease of ``job_lease_s``, renewed every third of it while the handler runs
(:func:`graphsvc.graph.leases.hold`). Then:

- the handler commits its results together with SUCCEEDED, in a transaction that first checks the owner
  (:func:`graphsvc.graph.jobs.commit_with_job`), so a job taken over meanwhile commits nothing;
- a failure goes back to PENDING with ``run_after = now + initial · 2^(attempts − 1)`` and its reason, until
  ``job_max_attempts`` is reached and it ends FAILED; a handler that gives up
  (:class:`~graphsvc.errors.JobGaveUpError`: a document its parser refused) ends FAILED at once. If even that
  write fails (Neo4j away), the job keeps its lease, which expires: the job is taken over (by any process) when
  the database is back;
- a lease that cannot be renewed in time, or was taken over, cancels the handler;
- ``cancelJob`` on a running job is seen at the next renewal: the handler is cancelled, the job CANCELLED;
- on shutdown no job is claimed any more; running jobs get ``drain_s`` to finish (``graphsvc worker``:
  ``SHUTDOWN_GRACE_S``; ``serve``: none, its requests had that time), then they are cancelled and handed back
  (PENDING, the attempt not counted), for any process to take.

Nothing is reset at start-up: a second process (``graphsvc import``, a second ``serve``, a ``graphsvc worker``)
never touches another's running jobs; a crashed process's jobs are taken over once their leases expire.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import timedelta

from graphsvc import metrics
from graphsvc.clock import Clock
from graphsvc.config import Settings
from graphsvc.errors import JobGaveUpError, LLMError
from graphsvc.graph import job_leases
from graphsvc.graph.database import Database
from graphsvc.graph.jobs import JobRow
from graphsvc.graph.leases import CancelRequestedError, LeaseLostError, NamedLease, RenewOutcome, hold, process_owner
from graphsvc.logs import bound
from graphsvc.vocabulary import JobKind

log = logging.getLogger(__name__)

Sweep = Callable[[], Awaitable[object]]
"""Periodic housekeeping run by one worker at a time (the idle-conversation sweep), under a named lease."""

JobHandler = Callable[[JobRow], Awaitable[None]]
StateWrite = Callable[..., Awaitable[None]]
"""A best-effort write of a job's state: :func:`graphsvc.graph.job_leases.release` or ``cancelled``."""
"""Runs one claimed job and commits its own SUCCEEDED status with its results (``commit_with_job``)."""

SWEEP_LEASE = "idle-sweep"


class JobWorker:
    """Polls for due jobs and runs each with the handler of its kind.

    Args:
        handlers: ``{kind: handler}``, one per job kind (``graphsvc.vocabulary.JOB_KINDS``).
        sweep: periodic housekeeping, run every ``idle_sweep_interval_s`` by the process holding its lease.
        owner: this process's lease owner id (default: host, pid and a random suffix).

    Attributes:
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
        owner: str | None = None,
    ) -> None:
        self._db = db
        self._settings = settings
        self._clock = clock
        self._handlers = dict(handlers)
        self._sweep = sweep
        self._next_sweep_s = 0.0
        self.owner = owner or process_owner()
        self._running: dict[str, asyncio.Task[None]] = {}
        self._loop_task: asyncio.Task[None] | None = None
        self._stopping = False
        self.wake = asyncio.Event()

    @property
    def running(self) -> bool:
        """Whether this worker polls for jobs (started, and not stopped)."""
        return self._loop_task is not None and not self._stopping

    async def start(self) -> None:
        """Start polling (nothing in the database is reset: see the module docstring)."""
        self._stopping = False
        self._loop_task = asyncio.create_task(self._loop(), name="graphsvc-job-worker")

    async def stop(self, *, drain_s: float = 0.0, timeout_s: float = 3.0) -> None:
        """Stop polling (no job is claimed from now on); give running jobs ``drain_s`` seconds to finish, then
        cancel the rest and hand them back (PENDING, the attempt not counted), bounded by ``timeout_s``.

        Args:
            drain_s: how long running jobs may go on (0: cancelled at once). Their leases are renewed meanwhile.
            timeout_s: how long each of stopping the poll and handing back the cancelled jobs may take.
        """
        self._stopping = True
        if self._loop_task is not None:
            self._loop_task.cancel()
            # bounded too: a poll or sweep stuck in a database call must not hold up shutdown
            await asyncio.wait({self._loop_task}, timeout=timeout_s)
            self._loop_task = None
        if drain_s > 0 and self._running:
            log.info("waiting up to %.1f s for %d running jobs to finish", drain_s, len(self._running))
            await asyncio.wait(list(self._running.values()), timeout=drain_s)
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=timeout_s)

    async def _loop(self) -> None:
        failing = False
        while True:
            try:
                await self._maybe_sweep()
                await self.poll_once()
                if failing:
                    log.info("job polls succeed again")
                failing = False
            except Exception as exc:  # keep the worker alive across database outages
                # once per run of failures: during an outage every poll fails at once, each second
                log.log(logging.DEBUG if failing else logging.WARNING, "job poll failed: %s", exc)
                failing = True
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=self._settings.jobs.poll_interval_s)
            self.wake.clear()

    async def _maybe_sweep(self) -> None:
        if self._sweep is None or time.monotonic() < self._next_sweep_s:
            return
        self._next_sweep_s = time.monotonic() + self._settings.extraction.idle_sweep_interval_s
        lease = NamedLease(
            self._db,
            key=SWEEP_LEASE,
            owner=self.owner,
            ttl_s=self._settings.jobs.lease_s,
            clock=self._clock,
        )
        await lease.run(self._sweep)

    async def poll_once(self) -> int:
        """Claim and start the due jobs that fit in the free slots; returns how many started."""
        free = self._settings.jobs.concurrency - len(self._running)
        if free <= 0 or self._stopping:
            return 0
        now = self._clock()
        max_attempts = self._settings.jobs.max_attempts
        lease = job_leases.Lease(self.owner, now + timedelta(seconds=self._settings.jobs.lease_s))
        started = 0
        for uid in await job_leases.due(self._db, now=now, max_attempts=max_attempts, limit=free):
            if uid in self._running:
                continue
            job = await job_leases.claim(self._db, uid=uid, now=now, lease=lease, max_attempts=max_attempts)
            if job is None:
                continue  # another process claimed it, or its user got a running job meanwhile
            task = asyncio.create_task(self._run(job), name=f"graphsvc-job-{job.uid}")
            self._running[job.uid] = task
            task.add_done_callback(functools.partial(self._forget, job.uid))
            started += 1
        return started

    def _forget(self, uid: str, _task: asyncio.Task[None]) -> None:
        self._running.pop(uid, None)

    @property
    def busy(self) -> bool:
        """Whether a job of this process is still running (its handler may go on after the job is recorded
        SUCCEEDED: an extraction's due candidates are promoted then)."""
        return bool(self._running)

    async def idle(self) -> None:
        """Wait until no job of this process is running (used by the CLI import and the benchmarks)."""
        while self._running:
            await asyncio.gather(*list(self._running.values()), return_exceptions=True)

    async def _renew(self, job: JobRow) -> RenewOutcome:
        until = self._clock() + timedelta(seconds=self._settings.jobs.lease_s)
        return await job_leases.renew(self._db, uid=job.uid, lease=job_leases.Lease(self.owner, until))

    async def _run(self, job: JobRow) -> None:
        """Run one claimed job under its lease and record how it ended; never raises (except cancellation)."""
        started = time.monotonic()
        with bound(request_id=job.request_id, job_id=job.uid, user_id=job.user_id):
            try:
                handler = self._handlers[job.kind]
                await hold(handler(job), renew=lambda: self._renew(job), ttl_s=self._settings.jobs.lease_s)
                metrics.JOBS.labels(job.kind, "succeeded").inc()
                log.info("job %s (%s) succeeded", job.uid, job.kind)
            except asyncio.CancelledError:
                await self._quietly(job_leases.release, job)  # shutdown: hand it back at once
                raise
            except CancelRequestedError:
                await self._quietly(job_leases.cancelled, job)
                metrics.JOBS.labels(job.kind, "cancelled").inc()
                log.info("job %s (%s) cancelled while running", job.uid, job.kind)
            except LeaseLostError as exc:
                metrics.JOBS.labels(job.kind, "lease_lost").inc()
                log.warning("job %s (%s) stopped: lease lost (%s)", job.uid, job.kind, exc.reason)
            except JobGaveUpError as exc:
                metrics.JOBS.labels(job.kind, "gave_up").inc()
                await self._record_failure(job, exc, final=True)
            except Exception as exc:
                metrics.JOB_FAILURES.labels(job.kind).inc()
                await self._record_failure(job, exc)
            finally:
                metrics.JOB_SECONDS.labels(job.kind).observe(time.monotonic() - started)
                self.wake.set()

    async def _quietly(self, record: StateWrite, job: JobRow) -> None:
        """A best-effort state write (bounded: shutdown must not hang on an unreachable database)."""
        try:
            await asyncio.wait_for(record(self._db, uid=job.uid, owner=self.owner, now=self._clock()), timeout=2.0)
        except Exception as exc:  # the lease expires and the job is taken over later
            log.warning("job %s: could not record %s (%s); its lease will expire", job.uid, record.__name__, exc)

    async def _record_failure(self, job: JobRow, exc: Exception, *, final: bool = False) -> None:
        """Back to PENDING with backoff, or FAILED (out of attempts, or ``final``: the handler gave up)."""
        attempts = max(job.attempts, 1)
        delay_s = self._settings.jobs.retry_initial_s * 2 ** max(attempts - 1, 0)
        now = self._clock()
        # an LLM's 4xx answer (a refused key, an unknown model) stays so until a setting changes: no retry
        final = final or (isinstance(exc, LLMError) and not exc.retryable)
        max_attempts = 0 if final else self._settings.jobs.max_attempts
        log.warning(
            "job %s (%s) attempt %s failed%s: %s", job.uid, job.kind, attempts, " (not retried)" if final else "", exc
        )
        try:
            cost = (exc.llm_calls, exc.tokens_in, exc.tokens_out) if isinstance(exc, LLMError) else (0, 0, 0)
            reason = exc.reason if isinstance(exc, JobGaveUpError) else f"{type(exc).__name__}: {exc}"
            failure = job_leases.Failure(reason, now + timedelta(seconds=delay_s), *cost)
            await job_leases.fail(self._db, job, owner=self.owner, now=now, failure=failure, max_attempts=max_attempts)
        except Exception as write_error:
            # Not recorded: the job keeps this process as owner until its lease expires, then any
            # process takes it over (claim_job) once the database answers again.
            log.error(
                "job %s: failure not recorded (%s); it will be retried when its lease expires", job.uid, write_error
            )
