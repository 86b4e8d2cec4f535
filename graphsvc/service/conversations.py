"""The conversation-memory area of the service: ingest, end a conversation, recall, memoryContext, memories.

The write path (``ingest_messages``, ``end_conversation``, ``end_idle_conversations``) and the read path
(``recall``, ``memory_context``, ``memories``) of seed 001 and the recall issue, as keyword-only coroutines.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from graphsvc.conversation import MessageIn, Turn
from graphsvc.errors import InvalidInputError, NotFoundError
from graphsvc.graph import sessions
from graphsvc.graph import spaces as stored_spaces
from graphsvc.graph.jobs import JobRow
from graphsvc.graph.memory_reads import MemoryPage, list_memories
from graphsvc.logs import for_user, request_id_var
from graphsvc.pipeline.ingest import messages as ingest
from graphsvc.pipeline.ingest.messages import IngestOutcome
from graphsvc.pipeline.recall import context, rank
from graphsvc.pipeline.recall.context import MemoryContext
from graphsvc.pipeline.recall.hits import RecallHit
from graphsvc.runtime import Runtime
from graphsvc.spaces import shared_session, space_kind
from graphsvc.validation import require_aware, require_id, require_limit
from graphsvc.vocabulary import (
    MEMORY_STATUSES,
    MEMORY_TYPES,
    RECALL_MEMORY_STATUSES,
    SUPERSEDED_RECALL_STATUSES,
    JobPriority,
    MemoryStatus,
)

log = logging.getLogger(__name__)


class ConversationArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime

    def _wake_worker(self) -> None:
        """Ask the job worker to poll now (the service sets this up)."""

    async def ingest_messages(self, *, user_id: str, session_id: str, messages: list[MessageIn]) -> IngestOutcome:
        """Store messages as events and queue their vectors; see :func:`graphsvc.pipeline.ingest.messages.run`.

        In a group's conversation (``user_id`` ``group:<name>``), a message with a ``speaker_id`` is also filed
        in that member's own space, in the session :func:`graphsvc.spaces.shared_session` names: what a person
        says there becomes their own memory, and the group keeps the conversation. The copies are idempotent
        like every delivery.

        Raises:
            InvalidInputError: as ``run``, and a ``speaker_id`` in a group's conversation that names no member
                (nothing is stored).
        """
        mine = await self._speakers_filing(user_id, session_id, messages)
        with for_user(user_id):
            outcome = await ingest.run(self.rt, user_id=user_id, session_id=session_id, messages=messages)
        for speaker, (own_session, own) in mine.items():
            with for_user(speaker):
                filed = await ingest.run(self.rt, user_id=speaker, session_id=own_session, messages=own)
            outcome = dataclasses.replace(outcome, job_id=outcome.job_id or filed.job_id)
        if outcome.job_id:
            self._wake_worker()
        return outcome

    async def _speakers_filing(
        self, space_id: str, session_id: str, messages: Sequence[MessageIn]
    ) -> dict[str, tuple[str, list[MessageIn]]]:
        """speaker id → (their session, their messages) for a group's conversation; empty elsewhere.

        Raises:
            InvalidInputError: a speaker is not a member, or the member's session id would be too long.
        """
        settings = self.rt.settings
        speakers = sorted({m.speaker_id.strip() for m in messages if m.speaker_id and m.speaker_id.strip()})
        space_id = space_id.strip()
        if not speakers or space_kind(space_id) != "group":
            return {}
        group = await stored_spaces.group(self.rt.db, group_id=space_id)
        members = set(group.members) if group is not None else set()
        strangers = [s for s in speakers if s not in members]
        if strangers:
            raise InvalidInputError(
                field="messages.speakerId",
                problem=f"{', '.join(strangers[:5])} is not a member of {space_id}",
                fix="add them with addGroupMember first, or leave speakerId out for someone outside the group",
            )
        own_session = require_id("sessionId", shared_session(space_id, session_id.strip()), settings)
        return {s: (own_session, [m for m in messages if m.speaker_id and m.speaker_id.strip() == s]) for s in speakers}

    async def end_conversation(self, *, user_id: str, session_id: str, priority: JobPriority = "interactive") -> JobRow:
        """Mark the session ended and queue its extraction job, in one transaction; returns at once.

        While an extraction of the session is still queued (PENDING), or running and claimed after the
        session's last ingest, that job is returned instead of a new one: concurrent or repeated calls queue
        one job (issue 11). A RUNNING extraction claimed before newer messages arrived does not count (it may
        have read the session without them), so a call then queues one more. (The comparison is between the
        ingesting and the claiming process's clocks; keep them in step, as for the leases.)

        Args:
            priority: ``interactive`` (a user just ended a chat) is claimed before ``bulk`` (imports, sweeps).

        Raises:
            InvalidInputError: blank or oversized ids.
            NotFoundError: the user has no session with that id (nothing is written).
        """
        settings = self.rt.settings
        user_id = require_id("userId", user_id, settings)
        session_id = require_id("sessionId", session_id, settings)
        job = await sessions.end_and_queue_extraction(
            self.rt.db,
            user_id=user_id,
            session_id=session_id,
            now=self.rt.clock(),
            priority=priority,
            request_id=request_id_var.get(),
        )
        if job is None:
            raise NotFoundError(kind="session", ident=session_id)
        if space_kind(user_id) == "group":  # what each member said there, filed in their own space, ends too
            own_session = shared_session(user_id, session_id)
            for speaker in await stored_spaces.session_speakers(self.rt.db, space_id=user_id, session_id=session_id):
                await sessions.end_and_queue_extraction(
                    self.rt.db,
                    user_id=speaker,
                    session_id=own_session,
                    now=self.rt.clock(),
                    priority=priority,
                    request_id=request_id_var.get(),
                )
        self._wake_worker()
        return job

    async def end_idle_conversations(self, *, batch: int = 500) -> list[JobRow]:
        """End every open session idle for ``idle_conversation_timeout_min`` and queue its extraction.

        Seed 001 §3.3: no new message for 30 minutes counts as the end of the conversation.
        Called periodically by the worker (every ``idle_sweep_interval_s``).

        Returns:
            the queued extraction jobs (empty when no session is idle).
        """
        cutoff = self.rt.clock() - timedelta(minutes=self.rt.settings.extraction.idle_conversation_timeout_min)
        idle = await sessions.idle_open(self.rt.db, cutoff=cutoff, limit=batch)
        jobs = [
            await self.end_conversation(user_id=user_id, session_id=session_id, priority="bulk")
            for user_id, session_id in idle
        ]
        if jobs:
            log.info("ended %d idle conversation(s)", len(jobs))
        return jobs

    async def recall(
        self,
        *,
        user_id: str,
        query: str | None = None,
        conversation: Sequence[Turn] | None = None,
        limit: int = 10,
        include_superseded: bool = False,
        as_of: datetime | None = None,
        tags: list[str] | None = None,
        explain: bool = False,
        spaces: Sequence[str] = (),
    ) -> list[RecallHit]:
        """Ranked memories, events, impressions, traits and document passages for a query and/or the conversation
        so far, optionally only those carrying one of ``tags``, with ``explain`` each with why it ranked where it
        did; see :func:`graphsvc.pipeline.recall.rank.run`.

        With ``spaces`` (group and agent spaces the caller may read, :mod:`graphsvc.spaces`), each space is
        recalled as its own recall would rank it and the hits are merged by score: the best ``limit``. Every hit
        names the space it came from (``RecallHit.space``).
        """

        async def one(space_id: str) -> list[RecallHit]:
            with for_user(space_id):
                hits = await rank.run(
                    self.rt,
                    user_id=space_id,
                    query=query,
                    conversation=conversation,
                    limit=limit,
                    include_superseded=include_superseded,
                    as_of=as_of,
                    tags=tags,
                    explain=explain,
                )
            return [dataclasses.replace(h, space=space_id) for h in hits]

        if not spaces:
            return await one(user_id)
        ranked = await asyncio.gather(*(one(s) for s in dict.fromkeys([user_id, *spaces])))
        return sorted((hit for hits in ranked for hit in hits), key=lambda h: -h.score)[:limit]

    async def memory_context(
        self,
        *,
        user_id: str,
        query: str | None = None,
        conversation: Sequence[Turn] | None = None,
        max_tokens: int = 1_000,
        spaces: Sequence[str] = (),
        explain: bool = False,
    ) -> MemoryContext:
        """A prompt-ready block within ``max_tokens``, with a section per shared space of ``spaces`` and, with
        ``explain``, why each line considered is in it or not; see :mod:`graphsvc.pipeline.recall.context`."""
        with for_user(user_id):
            return await context.run(
                self.rt,
                user_id=user_id,
                query=query,
                conversation=conversation,
                max_tokens=max_tokens,
                spaces=[s for s in dict.fromkeys(spaces) if s != user_id],
                explain=explain,
            )

    async def memories(
        self,
        *,
        user_id: str,
        memory_type: str | None = None,
        limit: int = 50,
        after: str | None = None,
        statuses: Sequence[MemoryStatus] | None = None,
        include_superseded: bool = False,
        as_of: datetime | None = None,
    ) -> MemoryPage:
        """A page of the user's memories, newest first; see :mod:`graphsvc.graph.memory_reads`.

        Args:
            statuses: which statuses (default: active, plus superseded with ``include_superseded``).
            as_of: only the memories that held then (valid time); statuses default to active, superseded and
                archived (what held then may have been replaced or archived since).

        Raises:
            InvalidInputError: bad user id, unknown type or status, limit outside 1..500, malformed cursor.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        if memory_type is not None and memory_type not in MEMORY_TYPES:
            raise InvalidInputError(field="type", problem=f"must be one of {', '.join(MEMORY_TYPES)}")
        limit = require_limit("limit", limit, maximum=500)
        chosen = memory_statuses(statuses, include_superseded=include_superseded, as_of=as_of)
        return await list_memories(
            self.rt.db,
            user_id=user_id,
            memory_type=memory_type,
            limit=limit,
            after=after,
            statuses=chosen,
            as_of=None if as_of is None else require_aware("asOf", as_of),
        )


def memory_statuses(
    statuses: Sequence[str] | None, *, include_superseded: bool, as_of: datetime | None
) -> tuple[MemoryStatus, ...]:
    """The statuses a read returns: the caller's, else active (+ superseded), else for ``as_of`` all but
    forgotten.

    Raises:
        InvalidInputError: an unknown status.
    """
    if statuses:
        unknown = [s for s in statuses if s not in MEMORY_STATUSES]
        if unknown:
            raise InvalidInputError(field="status", problem=f"must be one of {', '.join(MEMORY_STATUSES)}")
        return tuple(s for s in MEMORY_STATUSES if s in statuses)
    if as_of is not None:
        return ("active", "superseded", "archived")
    return SUPERSEDED_RECALL_STATUSES if include_superseded else RECALL_MEMORY_STATUSES
