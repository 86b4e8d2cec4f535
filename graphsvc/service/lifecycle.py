"""The memory-lifecycle area of the service (issue 12): remember, correct, archive, restore, forget, erase,
and a memory's history.

Writes go to :mod:`graphsvc.pipeline.lifecycle` (remember, correct, archive, restore: the same dedup and
supersession as extraction) and :mod:`graphsvc.pipeline.retraction` (forget and erase: every derived belief
removed or re-scored). Every method is keyword-only, validates its ids first
(:class:`~graphsvc.errors.InvalidInputError`) and is scoped to one user; a memory of another user is
:class:`~graphsvc.errors.NotFoundError`. ``actor`` is what the ``HistoryEntry`` rows record as who did it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from datetime import datetime
from typing import Any

from graphsvc.errors import ConflictError, NotFoundError
from graphsvc.graph import provenance
from graphsvc.graph.memory_reads import HistoryView, MemoryView, memory_history
from graphsvc.graph.provenance import MemoryProvenance
from graphsvc.pipeline.lifecycle import remember as remembering
from graphsvc.pipeline.lifecycle import status
from graphsvc.pipeline.portability import export, restore
from graphsvc.pipeline.portability.restore import RestoreReport
from graphsvc.pipeline.retraction import erase, forget
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id
from graphsvc.vocabulary import MemoryType, RememberSource


class LifecycleArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime

    async def memory(self, *, user_id: str, memory_id: str) -> MemoryView:
        """One memory of the user, in any status.

        Raises:
            NotFoundError: the user has no such memory.
        """
        return await remembering.require_memory(self.rt, user_id=user_id, memory_id=memory_id)

    async def memory_provenance(self, *, user_id: str, memory_id: str) -> MemoryProvenance:
        """Why graphsvc believes one memory of the user: what made it, the extraction steps that created or
        reinforced it from which messages (job, extractor, LLM model), and the traits whose evidence cites it
        (:mod:`graphsvc.graph.provenance`).

        Raises:
            InvalidInputError: a bad user or memory id.
            NotFoundError: the user has no such memory.
        """
        memory = await remembering.require_memory(self.rt, user_id=user_id, memory_id=memory_id)
        return await provenance.read(self.rt.db, user_id=require_id("userId", user_id, self.rt.settings), memory=memory)

    async def remember(
        self,
        *,
        user_id: str,
        content: str,
        memory_type: MemoryType | None,
        source: RememberSource,
        occurred_at: datetime | None = None,
        importance: float | None = None,
        slot: str | None = None,
    ) -> MemoryView:
        """Store a memory stated by the user or inferred by an agent (``memory_type`` None: inferred from the
        content); see :func:`graphsvc.pipeline.lifecycle.remember.remember`.

        Returns:
            the memory it landed on (new, or the existing one it repeats, reinforced).
        """
        outcome = await remembering.remember(
            self.rt,
            user_id=user_id,
            content=content,
            memory_type=memory_type,
            source=source,
            occurred_at=occurred_at,
            importance=importance,
            slot=slot,
        )
        self.rt.vectors.forget_user(user_id)
        return await self.memory(user_id=user_id, memory_id=outcome.uid)

    async def correct_memory(self, *, user_id: str, memory_id: str, content: str, actor: str = "user") -> MemoryView:
        """Write a corrected version of a memory; the old one becomes superseded (reason correction).

        Raises:
            NotFoundError; ConflictError (forgotten, or the same text); InvalidInputError.
        """
        uid = await remembering.correct(self.rt, user_id=user_id, memory_id=memory_id, content=content, actor=actor)
        self.rt.vectors.forget_user(user_id)
        return await self.memory(user_id=user_id, memory_id=uid)

    async def archive_memory(
        self, *, user_id: str, memory_id: str, actor: str = "user", reason: str | None = None
    ) -> MemoryView:
        """Archive one active memory (an archived one is returned as it is).

        Raises:
            NotFoundError; ConflictError: the memory is superseded or forgotten.
        """
        view = await self.memory(user_id=user_id, memory_id=memory_id)
        if view.status not in ("active", "archived"):
            raise ConflictError(kind="memory", ident=memory_id, problem=f"is {view.status} and cannot be archived")
        await status.archive(self.rt, user_id=user_id, memory_ids=[view.uid], actor=actor, reason=reason)
        self.rt.vectors.forget_user(user_id)
        return await self.memory(user_id=user_id, memory_id=memory_id)

    async def archive_memories(
        self,
        *,
        user_id: str,
        memory_ids: Sequence[str],
        actor: str,
        reason: str | None = None,
        now: datetime | None = None,
    ) -> list[str]:
        """Archive many active memories in one transaction (a daily archival job's call); returns those archived."""
        archived = await status.archive(
            self.rt, user_id=user_id, memory_ids=memory_ids, actor=actor, reason=reason, now=now
        )
        self.rt.vectors.forget_user(user_id)
        return archived

    async def restore_memory(self, *, user_id: str, memory_id: str, actor: str = "user") -> MemoryView:
        """Make an archived memory active again (an active one is returned as it is); a newer value of its slot
        keeps it superseded.

        Raises:
            NotFoundError; ConflictError: the memory is superseded or forgotten.
        """
        view = await self.memory(user_id=user_id, memory_id=memory_id)
        if view.status not in ("active", "archived"):
            raise ConflictError(
                kind="memory",
                ident=memory_id,
                problem=f"is {view.status}; only archived memories are restored (correctMemory writes a new version)",
            )
        await status.restore(self.rt, user_id=user_id, memory_ids=[view.uid], actor=actor)
        self.rt.vectors.forget_user(user_id)
        return await self.memory(user_id=user_id, memory_id=memory_id)

    async def memory_history(self, *, user_id: str, memory_id: str) -> list[HistoryView]:
        """Who changed the memory, when, from what to what and why, oldest first (tombstones included).

        Raises:
            NotFoundError: no memory and no history of that id for the user.
        """
        user = require_id("userId", user_id, self.rt.settings)
        uid = require_id("memoryId", memory_id, self.rt.settings)
        entries = await memory_history(self.rt.db, user_id=user, uid=uid)
        if not entries and await remembering.find_memory(self.rt, user_id=user, memory_id=uid) is None:
            raise NotFoundError(kind="memory", ident=uid)
        return entries

    async def forget_memory(
        self,
        *,
        user_id: str,
        memory_id: str,
        reason: str | None = None,
        keep_sources: bool = False,
        actor: str = "user",
    ) -> ForgetResult:
        """Forget one memory (and the versions it corrected) and retract what was derived from it; unless
        ``keep_sources``, the events that stated it keep no text either; see :func:`.forget.forget_memory`."""
        return await forget.forget_memory(
            self.rt, user_id=user_id, memory_id=memory_id, reason=reason, keep_sources=keep_sources, actor=actor
        )

    async def forget_events(self, *, user_id: str, source_type: str, source_ids: Sequence[str]) -> ForgetResult:
        """Hard-delete records of one source (every version) and retract what rested on them; see
        :func:`.forget.forget_events`."""
        return await forget.forget_events(self.rt, user_id=user_id, source_type=source_type, source_ids=source_ids)

    async def forget_document(self, *, user_id: str, document_id: str) -> ForgetResult:
        """Hard-delete a document (versions, chunks, its events) and retract what rested on it; see
        :func:`.forget.forget_document`."""
        return await forget.forget_document(self.rt, user_id=user_id, document_id=document_id)

    async def forget_messages(
        self, *, user_id: str, message_ids: Sequence[str], session_id: str | None = None
    ) -> ForgetResult:
        """Hard-delete messages and retract what rested on them; see :func:`.forget.forget_messages`."""
        return await forget.forget_messages(self.rt, user_id=user_id, message_ids=message_ids, session_id=session_id)

    async def forget_session(self, *, user_id: str, session_id: str) -> ForgetResult:
        """Hard-delete a conversation and retract what rested on it; see :func:`.forget.forget_session`."""
        return await forget.forget_session(self.rt, user_id=user_id, session_id=session_id)

    async def erase_user(self, *, user_id: str, confirm: str, max_batches: int | None = None) -> ForgetResult:
        """Delete every node of the user in bounded batches; see :func:`.erase.erase_user`."""
        return await erase.erase_user(self.rt, user_id=user_id, confirm=confirm, max_batches=max_batches)

    def export_user(self, *, user_id: str, embeddings: bool = False) -> AsyncIterator[dict[str, Any]]:
        """Every node and edge of the user as JSON-ready objects; see :mod:`graphsvc.pipeline.portability.export`."""
        return export.export_user(self.rt, user_id=user_id, embeddings=embeddings)

    async def restore_user(self, *, lines: Iterable[dict[str, Any]], as_user: str | None = None) -> RestoreReport:
        """Bring an export back, under its own user id or ``as_user`` (that user must have no data here); see
        :mod:`graphsvc.pipeline.portability.restore`."""
        return await restore.restore_user(self.rt, lines, as_user=as_user)
