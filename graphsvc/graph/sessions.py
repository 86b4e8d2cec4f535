"""Conversation sessions: ending one (with its extraction queued), finding the idle ones and those holding
messages no extraction has read.

Statements: ``end_session``, ``idle_open_sessions`` and ``sessions_with_unextracted_events`` in
``cypher/queries/events.cypher``.
"""

from __future__ import annotations

from datetime import datetime

from graphsvc import keys
from graphsvc.graph import jobs
from graphsvc.graph.database import Database, NamedTx
from graphsvc.graph.jobs import JobRow
from graphsvc.vocabulary import JobPriority


async def end_and_queue_extraction(
    db: Database, *, user_id: str, session_id: str, now: datetime, priority: JobPriority, request_id: str | None
) -> JobRow | None:
    """Mark the session ended and queue its extraction, in one transaction.

    The session is written first: concurrent calls take turns on its lock, so the job queue's check for a
    queued extraction sees the job a previous call queued (see :func:`graphsvc.graph.jobs.enqueue`).

    Returns:
        the queued (or already queued) extraction job; None when the user has no such session (nothing written).
    """
    session_uid = keys.session_uid(user_id, session_id)

    async def work(tx: NamedTx) -> JobRow | None:
        if not await tx.write("end_session", user_id=user_id, session_uid=session_uid, now=now):
            return None
        queued = await jobs.enqueue(
            tx,
            user_id=user_id,
            kind="extract_memories",
            now=now,
            coalesce_on=session_uid,
            session_id=session_id,
            priority=priority,
            request_id=request_id,
        )
        return queued[0] if queued else None

    return await db.in_transaction(work)


async def idle_open(db: Database, *, cutoff: datetime, limit: int) -> list[tuple[str, str]]:
    """``(user_id, session_id)`` of at most ``limit`` open sessions (of any user: the idle sweep) whose last
    message arrived before ``cutoff`` by the service's clock."""
    rows = await db.read("idle_open_sessions", cutoff=cutoff, limit=limit)
    return [(str(r["user_id"]), str(r["session_id"])) for r in rows]


async def with_unextracted_events(db: Database, *, user_id: str, before: datetime, limit: int) -> list[str]:
    """The ids of at most ``limit`` of the user's sessions (open or ended) holding messages no extraction has read
    (forgotten ones aside), whose last message arrived before ``before`` by the service's clock; oldest first."""
    rows = await db.read("sessions_with_unextracted_events", user_id=user_id, before=before, limit=limit)
    return [str(r["session_id"]) for r in rows]
