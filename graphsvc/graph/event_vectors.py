"""Vectors of events made after ingest: the events waiting for one, and writing them.

Ingest stores an event without a vector and marks it due (``embed_due_at``); the ``embed_events`` job reads the
due events with the message said just before each in its conversation (:func:`due_events`) and writes their
vectors (:func:`set_vectors`). Until then the event is found by full-text and graph recall, not by vector. A user's
messages can be marked due again to be embedded anew (:func:`mark_messages_due`).

Statements: ``cypher/queries/event_vectors.cypher``; the backlog over every user is ``vector_backlog`` in
``jobs.cypher`` (:func:`backlog`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graphsvc.graph.database import Queries, native


@dataclass(frozen=True)
class DueEvent:
    """An event waiting for its vector.

    Attributes:
        source_type: ``conversation`` for a message (embedded after the end of ``previous_content``), else a
            record of another source (embedded as ``title: content``).
        due_at: when it was stored (UTC).
        role: who said a message (user, assistant, ...); None for records.
        previous_uid, previous_speaker, previous_content, previous_role: the message said just before it in its
            session (conversation order: time, position in its batch, uid); None for the first one and for records.
    """

    uid: str
    source_type: str
    speaker: str | None
    title: str | None
    content: str
    due_at: datetime
    previous_uid: str | None
    previous_speaker: str | None
    previous_content: str | None
    role: str | None = None
    previous_role: str | None = None


@dataclass(frozen=True)
class EventVector:
    """A vector made for a due event: ``(d,)`` float32 as a list, L2-normalised; ``previous_uid`` the message
    its context quoted (the write is skipped if that message was deleted meanwhile); ``reaction_to`` that
    message's uid when the event is an assistant's turn that only reacts to it
    (:func:`graphsvc.rulebook.reactions.reacts_only`), else None."""

    uid: str
    embedding: list[float]
    previous_uid: str | None
    reaction_to: str | None = None


@dataclass(frozen=True)
class VectorBacklog:
    """What waits for the embedder over every user: ``events`` without their vector yet (``oldest_due``: when
    the longest-waiting one was stored) and ``documents`` still processing (``oldest_upload``); UTC, None when
    nothing waits."""

    events: int
    oldest_due: datetime | None
    documents: int
    oldest_upload: datetime | None


async def due_events(db: Queries, *, user_id: str, limit: int, session_id: str | None = None) -> list[DueEvent]:
    """The user's events waiting for a vector, the longest-waiting first (then in conversation order).

    Args:
        limit: at most this many.
        session_id: only the events of this conversation (an extraction embeds what it needs itself).

    Returns:
        empty when nothing of the user (or of the session) waits.
    """
    rows = await db.read("events_due_vectors", user_id=user_id, session_id=session_id, limit=limit)
    return [
        DueEvent(
            uid=str(r["uid"]),
            source_type=str(r["source_type"] or "conversation"),
            speaker=r["speaker"],
            title=r["title"],
            content=str(r["content"]),
            due_at=native(r["due_at"]),
            previous_uid=r["previous_uid"],
            previous_speaker=r["previous_speaker"],
            previous_content=r["previous_content"],
            role=r["role"],
            previous_role=r["previous_role"],
        )
        for r in rows
    ]


async def set_vectors(db: Queries, *, user_id: str, vectors: Sequence[EventVector]) -> int:
    """Give due events their vectors; an event no longer due (deleted, superseded, embedded meanwhile) or whose
    quoted message was deleted meanwhile is left as it is (it stays due, or needs none).

    Returns:
        how many events got their vector.
    """
    rows = [
        {"uid": v.uid, "embedding": v.embedding, "previous_uid": v.previous_uid, "reaction_to": v.reaction_to}
        for v in vectors
    ]
    found = await db.write("set_event_vectors", user_id=user_id, rows=rows)
    return int(found[0]["stored"]) if found else 0


async def mark_messages_due(db: Queries, *, user_id: str, now: datetime) -> int:
    """Mark every current message of the user that has a vector due again (``embed_due_at = now``), so the
    ``embed_events`` job embeds it anew, e.g. after ``EVENT_CONTEXT_CHARS`` changed. Until then each keeps its
    old vector. Records of other sources, superseded versions, forgotten messages and messages still due are
    left as they are.

    Returns:
        how many messages were marked.
    """
    rows = await db.write("mark_messages_due", user_id=user_id, now=now)
    return int(rows[0]["marked"]) if rows else 0


async def backlog(db: Queries) -> VectorBacklog:
    """The backlog of the embedder's background work over every user (``/ready`` and ``/metrics``)."""
    rows = await db.read("vector_backlog")
    row = rows[0]
    return VectorBacklog(
        events=int(row["events"]),
        oldest_due=native(row["oldest_due"]),
        documents=int(row["documents"]),
        oldest_upload=native(row["oldest_upload"]),
    )
