"""MemoryService: the one object the API, the CLI and the benchmarks call.

It owns the database connection, the embedder, the extractor and the job worker, and
exposes the write path (``ingest_messages``, ``end_conversation``) and the read path
(``recall``, ``job``) as keyword-only coroutines.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from graphsvc.clock import Clock, utc_now
from graphsvc.config import Settings
from graphsvc.embed import build_embedder
from graphsvc.embed.base import Embedder
from graphsvc.errors import InvalidInputError, NotFoundError
from graphsvc.graph import nodes
from graphsvc.graph.database import Database
from graphsvc.graph.memory_reads import MemoryPage, list_memories
from graphsvc.llm.client import LLMClient
from graphsvc.pipeline import keys
from graphsvc.pipeline.context import MemoryContext, build_memory_context
from graphsvc.pipeline.extract import MemoryExtractor
from graphsvc.pipeline.ingest import IngestOutcome, MessageIn, ingest_messages
from graphsvc.pipeline.memorize import REFLECTION_JOB, run_extraction
from graphsvc.pipeline.recall import RecallHit, recall
from graphsvc.pipeline.reflection.cycle import reflect
from graphsvc.pipeline.validate_input import require_id, require_limit
from graphsvc.worker import JobWorker

log = logging.getLogger(__name__)

EXTRACTION_JOB = "extract_memories"


@dataclass(frozen=True)
class JobView:
    """A job as callers see it."""

    uid: str
    user_id: str
    kind: str
    status: str
    error: str | None
    attempts: int
    session_id: str | None
    created_at: datetime | None
    updated_at: datetime | None
    llm_calls: int
    tokens_in: int
    tokens_out: int
    memories_created: int
    memories_reinforced: int

    @classmethod
    def from_node(cls, node: Any) -> JobView:
        """From a ``Job`` node as returned by the driver (inflated through the neomodel class)."""
        job = nodes.Job.inflate(node)
        return cls(
            uid=job.uid,
            user_id=job.user_id,
            kind=job.kind,
            status=job.status,
            error=job.error,
            attempts=job.attempts or 0,
            session_id=job.session_id,
            created_at=job.created_at,
            updated_at=job.updated_at,
            llm_calls=job.llm_calls or 0,
            tokens_in=job.tokens_in or 0,
            tokens_out=job.tokens_out or 0,
            memories_created=job.memories_created or 0,
            memories_reinforced=job.memories_reinforced or 0,
        )


class MemoryService:
    """Wires the pieces together. Build with :meth:`open`, release with :meth:`close`.

    Args:
        run_worker: start the background job worker (False for one-shot CLI reads).
    """

    def __init__(
        self,
        *,
        settings: Settings,
        db: Database,
        embedder: Embedder,
        extractor: MemoryExtractor,
        clock: Clock = utc_now,
    ) -> None:
        self.settings = settings
        self.db = db
        self.embedder = embedder
        self.extractor = extractor
        self.clock = clock
        self.worker = JobWorker(
            db=db, settings=settings, clock=clock, handler=self._run_job, sweep=self.end_idle_conversations
        )

    @classmethod
    async def open(
        cls,
        settings: Settings,
        *,
        run_worker: bool = True,
        embedder: Embedder | None = None,
        clock: Clock = utc_now,
    ) -> MemoryService:
        """Connect, apply the schema, and (optionally) start the job worker.

        Raises:
            DatabaseUnavailableError, ConfigurationError, SchemaMismatchError.
        """
        embedder = embedder or build_embedder(settings)
        db = await Database.connect(settings)
        try:
            await db.apply_schema(dimensions=embedder.dimensions)
        except Exception:
            await db.close()
            raise
        llm = LLMClient.from_settings(settings) if settings.llm_enabled else None
        extractor = MemoryExtractor(llm=llm, window_tokens=settings.extraction_window_tokens)
        service = cls(settings=settings, db=db, embedder=embedder, extractor=extractor, clock=clock)
        if run_worker:
            await service.worker.start()
        log.info("graphsvc ready: neo4j %s, extractor %s", db.uri, extractor.mode)
        return service

    async def close(self) -> None:
        await self.worker.stop()
        await self.extractor.aclose()
        await self.embedder.aclose()
        await self.db.close()

    # --- write path -----------------------------------------------------------------

    async def ingest_messages(self, *, user_id: str, session_id: str, messages: list[MessageIn]) -> IngestOutcome:
        """Store messages as events; see :func:`graphsvc.pipeline.ingest.ingest_messages`."""
        return await ingest_messages(
            db=self.db,
            embedder=self.embedder,
            settings=self.settings,
            user_id=user_id,
            session_id=session_id,
            messages=messages,
            now=self.clock(),
        )

    async def end_conversation(self, *, user_id: str, session_id: str) -> JobView:
        """Mark the session ended and queue its extraction job; returns at once.

        Raises:
            InvalidInputError: blank or oversized ids.
            NotFoundError: the user has no session with that id.
        """
        user_id = require_id("userId", user_id, self.settings)
        session_id = require_id("sessionId", session_id, self.settings)
        session_uid = keys.session_uid(user_id, session_id)
        now = self.clock()
        if not await self.db.write("end_session", user_id=user_id, session_uid=session_uid, now=now):
            raise NotFoundError(kind="session", ident=session_id)
        rows = await self.db.write(
            "create_job",
            uid=keys.new_uid(),
            user_id=user_id,
            kind=EXTRACTION_JOB,
            session_id=session_id,
            session_uid=session_uid,
            now=now,
        )
        self.worker.wake.set()
        return JobView.from_node(rows[0]["job"])

    async def end_idle_conversations(self, *, batch: int = 500) -> list[JobView]:
        """End every open session idle for ``idle_conversation_timeout_min`` and queue its extraction.

        Seed 001 §3.3: no new message for 30 minutes counts as the end of the conversation.
        Called periodically by the worker (every ``idle_sweep_interval_s``).

        Returns:
            the queued extraction jobs (empty when no session is idle).
        """
        cutoff = self.clock() - timedelta(minutes=self.settings.idle_conversation_timeout_min)
        rows = await self.db.read("idle_open_sessions", cutoff=cutoff, limit=batch)
        jobs = []
        for row in rows:
            jobs.append(await self.end_conversation(user_id=row["user_id"], session_id=row["session_id"]))
        if jobs:
            log.info("ended %d idle conversation(s)", len(jobs))
        return jobs

    async def _run_job(self, job: dict[str, Any]) -> None:
        if job["kind"] == REFLECTION_JOB:
            await self._run_reflection_job(job)
            return
        if job["kind"] != EXTRACTION_JOB:
            raise ValueError(f"unknown job kind {job['kind']!r}")
        await run_extraction(
            db=self.db,
            embedder=self.embedder,
            extractor=self.extractor,
            settings=self.settings,
            user_id=job["user_id"],
            session_id=job["session_id"],
            job_uid=job["uid"],
            now=self.clock(),
        )

    async def _run_reflection_job(self, job: dict[str, Any]) -> None:
        """Seed 002 §1 after a conversation ends: check the triggers and run a cycle if one holds.

        A cycle whose LLM call fails is recorded as a FAILED ReflectionCycle by ``reflect`` (the seed:
        retry at the next reflection); the job itself succeeds. Database errors fail the job and retry it.
        """
        outcome = await reflect(
            db=self.db,
            settings=self.settings,
            embedder=self.embedder,
            llm=self.extractor.llm,
            user_id=job["user_id"],
            session_ended=True,
            clock=self.clock,
        )
        await self.db.write(
            "complete_job",
            uid=job["uid"],
            user_id=job["user_id"],
            now=self.clock(),
            llm_calls=outcome.llm_calls,
            tokens_in=outcome.tokens_in,
            tokens_out=outcome.tokens_out,
            outcome=outcome.status,
        )

    # --- read path ------------------------------------------------------------------

    async def recall(self, *, user_id: str, query: str, limit: int = 10) -> list[RecallHit]:
        """Ranked memories and events; see :func:`graphsvc.pipeline.recall.recall`."""
        return await recall(
            db=self.db,
            embedder=self.embedder,
            settings=self.settings,
            user_id=user_id,
            query=query,
            limit=limit,
            now=self.clock(),
        )

    async def memory_context(self, *, user_id: str, query: str, max_tokens: int = 1_000) -> MemoryContext:
        """A prompt-ready block within ``max_tokens``; see :mod:`graphsvc.pipeline.context`."""
        return await build_memory_context(
            db=self.db,
            embedder=self.embedder,
            settings=self.settings,
            user_id=user_id,
            query=query,
            max_tokens=max_tokens,
            now=self.clock(),
        )

    async def job(self, *, job_id: str, user_id: str | None = None) -> JobView:
        """One job, optionally required to belong to ``user_id``.

        Raises:
            NotFoundError: no such job (for that user).
        """
        job_id = require_id("id", job_id, self.settings)
        rows = await self.db.read("get_job", uid=job_id, user_id=user_id)
        if not rows:
            raise NotFoundError(kind="job", ident=job_id)
        return JobView.from_node(rows[0]["job"])

    async def jobs(self, *, user_id: str, status: str | None = None, limit: int = 50) -> list[JobView]:
        """The user's jobs, newest first, optionally of one status."""
        user_id = require_id("userId", user_id, self.settings)
        if status is not None and status not in nodes.JOB_STATUSES:
            raise InvalidInputError(field="status", problem=f"must be one of {', '.join(nodes.JOB_STATUSES)}")
        limit = require_limit("limit", limit, maximum=500)
        rows = await self.db.read("list_jobs", user_id=user_id, status=status, limit=limit)
        return [JobView.from_node(r["job"]) for r in rows]

    async def memories(
        self, *, user_id: str, memory_type: str | None = None, limit: int = 50, after: str | None = None
    ) -> MemoryPage:
        """A page of the user's memories, newest first; see :mod:`graphsvc.graph.memory_reads`.

        Raises:
            InvalidInputError: bad user id, unknown type, limit outside 1..500, malformed cursor.
        """
        user_id = require_id("userId", user_id, self.settings)
        if memory_type is not None and memory_type not in nodes.MEMORY_TYPES:
            raise InvalidInputError(field="type", problem=f"must be one of {', '.join(nodes.MEMORY_TYPES)}")
        limit = require_limit("limit", limit, maximum=500)
        return await list_memories(self.db, user_id=user_id, memory_type=memory_type, limit=limit, after=after)

    async def wait_for_jobs(self, *, poll_s: float = 0.2) -> None:
        """Block until no job is pending or running (CLI import, benchmarks, tests).

        Requires the worker to be running (``open(run_worker=True)``); polls the graph.
        """
        while True:
            self.worker.wake.set()
            rows = await self.db.read("count_open_jobs")
            if rows[0]["open"] == 0:
                return
            await asyncio.sleep(poll_s)
