"""The job area of the service: what each job kind runs (the ``{kind: handler}`` table) and job reads.

Kinds (``graphsvc.vocabulary.JobKind``): ``extract_memories`` (queued by ``end_conversation`` and the idle
sweep; seed 001), ``reflect`` (queued by a committed extraction, seed 002 §1, the session-end trigger, and by a
job that promoted candidates), ``embed_events`` and ``promote_candidates`` (queued by ``ingestMessages`` /
``ingestEvents``, which never wait for the embedder), ``parse_document`` (queued by an upload),
``index_document`` (queued by a parsed document) and ``learn`` (a user's daily learning, queued by the
scheduler; seed 003).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Collection, Mapping
from datetime import date, timedelta

from graphsvc.errors import ConflictError, InvalidInputError, NotFoundError
from graphsvc.graph import catalog
from graphsvc.graph import jobs as job_queue
from graphsvc.graph.jobs import JobRow, commit_with_job
from graphsvc.pipeline.documents import index as document_index
from graphsvc.pipeline.documents import parse_job as document_parse
from graphsvc.pipeline.extraction import run as extraction
from graphsvc.pipeline.ingest import vectors as event_vectors
from graphsvc.pipeline.learning import run as learning
from graphsvc.pipeline.reflection import cycle
from graphsvc.pipeline.sources import candidates
from graphsvc.runtime import Runtime
from graphsvc.service.worker import JobHandler, JobWorker
from graphsvc.validation import require_id, require_limit
from graphsvc.vocabulary import JOB_STATUSES, JobKind, JobPriority

log = logging.getLogger(__name__)

MAX_JOB_PAGE = 500


class JobArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime
    worker: JobWorker

    def job_handlers(self) -> Mapping[JobKind, JobHandler]:
        """The handler of every job kind; each commits its job's SUCCEEDED status with its results."""
        return {
            "extract_memories": self._extract_memories,
            "reflect": self._reflect_after_extraction,
            "embed_events": self._embed_events,
            "promote_candidates": self._promote_candidates,
            "parse_document": self._parse_document,
            "index_document": self._index_document,
            "learn": self._learn,
        }

    async def _extract_memories(self, job: JobRow) -> None:
        """Embed what of the session still waits for its vector, extract the session. Its low-confidence
        candidates that are due already (important, or reinforced by another day or conversation) are promoted
        by the reflection the extraction queued, before that reads anything (:meth:`_reflect_after_extraction`),
        so one cycle reads the conversation's memories and what its candidates became. Where no reflection
        follows (a space that holds no traits), they are promoted here. A crash in between leaves them to the
        daily learning job."""
        await event_vectors.embed_due(self.rt, job=job, session_id=job.session_id or "")
        report = await extraction.run(self.rt, job=job)
        if report.candidate_uids and not catalog.may_hold("Trait", job.user_id):
            await candidates.promote_due(self.rt, user_id=job.user_id, uids=report.candidate_uids)

    async def _reflect_on_promotions(self, job: JobRow) -> None:
        """Queue a reflection for memories ``job`` promoted from candidates (new evidence a reflection already
        running may have read past: one still queued takes it, else a new one is queued)."""
        if catalog.may_hold("Trait", job.user_id):
            await job_queue.enqueue(
                self.rt.db,
                user_id=job.user_id,
                kind="reflect",
                now=self.rt.clock(),
                coalesce_on=job.user_id,
                session_id=job.session_id,
                priority=job.priority,
                request_id=job.request_id,
                coalesce_running=False,
            )

    async def _embed_events(self, job: JobRow) -> None:
        """The vectors of the user's ingested events (:mod:`graphsvc.pipeline.ingest.vectors`)."""
        embedded = await event_vectors.embed_due(self.rt, job=job)
        await self._complete(job, llm_calls=0, outcome=f"{embedded} events embedded")

    async def _promote_candidates(self, job: JobRow) -> None:
        """Promote the user's open candidates that meet a promotion rule (seed 003), each in its own transaction;
        a reflection is queued for what they became."""
        promoted = await candidates.promote_due(self.rt, user_id=job.user_id)
        if promoted:
            await self._reflect_on_promotions(job)
        await self._complete(job, llm_calls=0, outcome=f"{len(promoted)} candidates promoted")

    async def _parse_document(self, job: JobRow) -> None:
        await document_parse.run(self.rt, job=job)

    async def _index_document(self, job: JobRow) -> None:
        await document_index.run(self.rt, job=job)

    async def _learn(self, job: JobRow) -> None:
        """The ``learn`` job: the user's learning of the job's day, then the job's SUCCEEDED status."""
        day = date.fromisoformat(job.target_uid) if job.target_uid else None
        view = await learning.run(self.rt, user_id=job.user_id, day=day, owner=job.owner)
        if view.status != "COMPLETED":  # FAILED, or RUNNING in another process: the job is tried again later
            raise RuntimeError(f"daily learning of {view.day} is {view.status}: {view.error or 'held elsewhere'}")
        await self._complete(job, llm_calls=view.llm_calls if view.ran_now else 0, outcome=view.status)

    async def _reflect_after_extraction(self, job: JobRow) -> None:
        """Seed 002 §1 after a conversation ends: promote the user's candidates that are due (seed 003: what the
        conversation reinforced becomes a memory first), then check the triggers and run a cycle if one holds.
        The extraction is marked done in its own transaction, so a promotion left to it could run beside this
        cycle, and a memory it promoted would get a cycle of its own or not by timing; here the cycle always
        reads it.

        A cycle whose LLM call fails is recorded as a FAILED ReflectionCycle by the engine (the seed:
        retry at the next reflection); the job itself succeeds. Database errors fail the job and retry it.
        The cycle commits its own transaction (guarded by the user's reflection flag, seed 002 §1), then the
        job's status commits only while this process still owns the job.
        """
        await candidates.promote_due(self.rt, user_id=job.user_id)
        outcome = await cycle.run(self.rt, user_id=job.user_id, session_ended=True)
        await self._complete(
            job,
            llm_calls=outcome.llm_calls,
            tokens_in=outcome.tokens_in,
            tokens_out=outcome.tokens_out,
            outcome=outcome.status,
        )

    async def _complete(
        self, job: JobRow, *, llm_calls: int, outcome: str, tokens_in: int = 0, tokens_out: int = 0
    ) -> None:
        """Record the job SUCCEEDED with its LLM cost, only while this process still owns it (commit_with_job)."""
        now = self.rt.clock()
        await commit_with_job(
            self.rt.db,
            job,
            now=now,
            work=lambda tx: job_queue.complete(
                tx, job, now=now, llm_calls=llm_calls, outcome=outcome, tokens_in=tokens_in, tokens_out=tokens_out
            ),
        )

    async def job(self, *, job_id: str, user_ids: Collection[str] | None) -> JobRow:
        """One job of one of ``user_ids`` (the users the caller may act for; None: any user, for admins).

        Raises:
            NotFoundError: no such job among those users' jobs (another user's job is not found either).
        """
        job_id = require_id("id", job_id, self.rt.settings)
        users = sorted(user_ids) if user_ids is not None else None
        found = await job_queue.get(self.rt.db, uid=job_id, user_ids=users)
        if found is None:
            raise NotFoundError(kind="job", ident=job_id)
        return found

    async def jobs(self, *, user_id: str, status: str | None = None, limit: int = 50) -> list[JobRow]:
        """The user's jobs, newest first, optionally of one status."""
        user_id = require_id("userId", user_id, self.rt.settings)
        if status is not None and status not in JOB_STATUSES:
            raise InvalidInputError(field="status", problem=f"must be one of {', '.join(JOB_STATUSES)}")
        limit = require_limit("limit", limit, maximum=MAX_JOB_PAGE)
        return await job_queue.list_for_user(self.rt.db, user_id=user_id, status=status, limit=limit)

    async def cancel_job(self, *, user_id: str, job_id: str) -> JobRow:
        """Cancel a job: a PENDING one ends CANCELLED at once; a RUNNING one is asked to stop and ends CANCELLED
        within a lease renewal (``job_lease_s / 3``), its uncommitted work rolled back.

        Returns:
            the job as it is now (a RUNNING one shows ``cancel_requested``).

        Raises:
            NotFoundError: the user has no such job.
            ConflictError: it already ended (SUCCEEDED, FAILED or CANCELLED).
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        job_id = require_id("id", job_id, self.rt.settings)
        found = await job_queue.cancel(self.rt.db, uid=job_id, user_id=user_id, now=self.rt.clock())
        if found is None:
            raise NotFoundError(kind="job", ident=job_id)
        job, before = found
        if before not in ("PENDING", "RUNNING"):
            raise ConflictError(
                kind="job", ident=job_id, problem=f"is {before} already; only open jobs can be cancelled"
            )
        return job

    async def retry_job(self, *, user_id: str, job_id: str, priority: JobPriority = "interactive") -> JobRow:
        """Queue a FAILED or CANCELLED job again, with a fresh set of ``job_max_attempts`` attempts.

        Raises:
            NotFoundError: the user has no such job.
            ConflictError: the job is PENDING, RUNNING or SUCCEEDED (nothing to retry).
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        job_id = require_id("id", job_id, self.rt.settings)
        found = await job_queue.retry(self.rt.db, uid=job_id, user_id=user_id, now=self.rt.clock(), priority=priority)
        if found is None:
            raise NotFoundError(kind="job", ident=job_id)
        job, before = found
        if before not in ("FAILED", "CANCELLED"):
            raise ConflictError(
                kind="job", ident=job_id, problem=f"is {before}; only FAILED or CANCELLED jobs are retried"
            )
        self.worker.wake.set()
        return job

    async def prune_ended_jobs(self, *, batch: int = 1_000, max_batches: int = 10) -> int:
        """Delete the jobs of every user that ended (SUCCEEDED, FAILED, CANCELLED) more than
        ``job_retention_days`` ago, ``batch`` per transaction and at most ``max_batches`` batches a call (the idle
        sweep calls it every ``idle_sweep_interval_s``, so a long history goes in steps). Returns how many."""
        before = self.rt.clock() - timedelta(days=self.rt.settings.jobs.retention_days)
        deleted = 0
        for _ in range(max_batches):
            pruned = await job_queue.prune_ended(self.rt.db, before=before, limit=batch)
            deleted += pruned
            if pruned < batch:
                break
        if deleted:
            log.info("deleted %d job(s) that ended before %s", deleted, before.isoformat())
        return deleted

    async def wait_for_jobs(self, *, poll_s: float = 0.2, timeout_s: float | None = None) -> None:
        """Block until no job is pending or running (CLI import, benchmarks, tests), and no handler of this
        process is still at work after its job was recorded (an extraction's candidate promotion).

        Requires the worker to be running (``open(run_worker=True)``); polls the graph.

        Args:
            timeout_s: give up after this many seconds (None: wait as long as it takes).

        Raises:
            TimeoutError: ``timeout_s`` passed with jobs still open; the message lists them (kind, status, user,
                attempts, due time, lease, last error) and this process's clock.
        """
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while True:
            if deadline is not None and time.monotonic() > deadline:
                still = await job_queue.describe_open(self.rt.db)
                raise TimeoutError(
                    f"jobs still open after {timeout_s:g} s (clock {self.rt.clock().isoformat()}, a handler of this "
                    f"process busy: {self.worker.busy}): " + "; ".join(still or ["none in the graph"])
                )
            self.worker.wake.set()
            if await job_queue.count_open(self.rt.db) == 0:
                if not self.worker.busy:
                    return
                await self.worker.idle()
                continue  # what the handlers did may have queued more
            await asyncio.sleep(poll_s)
