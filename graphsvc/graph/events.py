"""Conversation events: the ``Event`` nodes of conversation messages and the ``Session`` that holds them.

Statements: ``cypher/queries/events.cypher`` (``end_session`` and ``idle_open_sessions`` there are run by
:mod:`graphsvc.graph.sessions`). Events of other sources (versions of a ``Source``) are written by
:mod:`graphsvc.graph.sources`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.graph import nodes
from graphsvc.graph.database import Queries, native


@dataclass(frozen=True)
class EventView:
    """One stored source record (an ``Event``), verbatim: a conversation message, or a version of a document,
    note, todo... (``session_id`` and ``role`` None outside conversations, ``title`` None for messages).

    Attributes:
        uid: the event's uid.
        message_id: the caller's message or source record id (or the derived ``msg-…`` one).
        content: verbatim.
        occurred_at: when it was said (UTC).
    """

    uid: str
    message_id: str
    session_id: str | None
    source_type: str
    role: str | None
    speaker: str | None
    title: str | None
    content: str
    occurred_at: datetime

    @classmethod
    def from_node(cls, node: Any) -> EventView:
        """From an ``Event`` node as the driver returns it."""
        event = nodes.Event.inflate(node)
        return cls(
            uid=event.uid,
            message_id=event.source_id,
            session_id=event.session_id,
            source_type=event.source_type or "conversation",
            role=event.role,
            speaker=event.speaker,
            title=event.title,
            content=event.content,
            occurred_at=event.occurred_at,
        )


@dataclass(frozen=True)
class MessageEvent:
    """One conversation message to store as an ``Event``.

    Attributes:
        uid: from ``keys.event_uid`` (so a repeated delivery is the same event).
        source_id: the caller's message id, or the one derived from ``uid``.
        content_hash: ``keys.content_hash(content)``.
        occurred_at: when it was said (timezone-aware).
        seq: its position in the delivered batch (orders messages said at the same time).
    """

    uid: str
    source_id: str
    role: str
    speaker: str | None
    content: str
    content_hash: str
    occurred_at: datetime
    seq: int
    speaker_id: str | None = None
    """The user id of whoever said it, when the caller gave one."""


@dataclass(frozen=True)
class PendingMessage:
    """A message of a session not extracted yet, as extraction reads it."""

    uid: str
    source_id: str
    role: str
    speaker: str | None
    content: str
    occurred_at: datetime
    speaker_id: str | None = None


async def clashing_source_ids(db: Queries, *, user_id: str, events: Sequence[MessageEvent]) -> list[str]:
    """The message ids among ``events`` stored before with other content (a message id reused for another
    message); empty when there is no clash."""
    rows = await db.read(
        "event_content_clashes",
        user_id=user_id,
        events=[{"uid": e.uid, "content_hash": e.content_hash} for e in events],
    )
    return [str(r["source_id"]) for r in rows]


async def store_messages(
    db: Queries,
    *,
    user_id: str,
    session_id: str,
    events: Sequence[MessageEvent],
    now: datetime,
) -> int:
    """Store a batch of one session's messages, opening the session (created, or reopened when it had ended).

    An event already stored (same uid) is left as it is. A new event has no vector: it is marked due
    (``embed_due_at``) for the ``embed_events`` job (:mod:`graphsvc.graph.event_vectors`). The session's
    ``last_message_at`` becomes the latest ``occurred_at`` it has seen; ``last_ingested_at`` becomes ``now``
    (the idle sweep reads it).

    Args:
        events: at least one message.

    Returns:
        how many of ``events`` were stored now; 0 when the session belongs to another user (nothing written).
    """
    rows = [
        {
            "uid": e.uid,
            "source_id": e.source_id,
            "role": e.role,
            "speaker": e.speaker,
            "speaker_id": e.speaker_id,
            "content": e.content,
            "content_hash": e.content_hash,
            "occurred_at": e.occurred_at,
            "seq": e.seq,
        }
        for e in events
    ]
    times = [e.occurred_at for e in events]
    result = await db.write(
        "ingest_events",
        user_id=user_id,
        session_id=session_id,
        session_uid=keys.session_uid(user_id, session_id),
        tenant_key=keys.tenant_key(user_id),
        events=rows,
        first_at=min(times),
        last_at=max(times),
        now=now,
    )
    return sum(1 for r in result if r["created"])


async def pending_messages(db: Queries, *, user_id: str, session_id: str) -> list[PendingMessage]:
    """The session's messages not extracted yet, in time order (then batch order); empty when none is left."""
    rows = await db.read("session_events_pending", user_id=user_id, session_uid=keys.session_uid(user_id, session_id))
    return [
        PendingMessage(
            uid=str(r["uid"]),
            source_id=str(r["source_id"]),
            role=str(r["role"]),
            speaker=r["speaker"],
            content=str(r["content"]),
            occurred_at=native(r["occurred_at"]),
            speaker_id=r.get("speaker_id"),
        )
        for r in rows
    ]


async def mark_extracted(db: Queries, *, user_id: str, event_uids: Sequence[str], now: datetime) -> int:
    """Mark the user's events ``event_uids`` extracted at ``now``; returns how many were found."""
    rows = await db.write("mark_events_extracted", user_id=user_id, event_uids=list(event_uids), now=now)
    return int(rows[0]["marked"]) if rows else 0


async def add_session_summary(
    db: Queries, *, user_id: str, session_id: str, summary: str, keep: int, now: datetime
) -> bool:
    """Append an extraction run's conversation summary to its session's (only the last ``keep`` are kept).

    Returns:
        False when nothing changed: a blank summary, or no such session of the user.
    """
    rows = await db.write(
        "add_session_summary",
        user_id=user_id,
        session_uid=keys.session_uid(user_id, session_id),
        summary=summary,
        keep=keep,
        now=now,
    )
    return bool(rows and rows[0]["updated"])
