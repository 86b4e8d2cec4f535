"""What memoryContext reads beside recall: the latest events, the latest conversation summaries, and the
sections small passages belong to.

Times are aware UTC datetimes. Statements: ``cypher/queries/memory_context.cypher``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graphsvc.graph.database import Queries, native


@dataclass(frozen=True)
class RecentEvent:
    """One of the user's latest events: a message (``speaker``, ``role``; ``source_type`` ``conversation`` or
    None) or another source's record (``source_type`` such as ``todo``, with its ``title``)."""

    uid: str
    content: str
    speaker: str | None
    role: str | None
    occurred_at: datetime
    source_id: str | None
    source_type: str | None
    title: str | None


@dataclass(frozen=True)
class SessionSummaries:
    """The summaries written for one conversation (one per extraction run, in order) and its last message time."""

    session_id: str
    summaries: tuple[str, ...]
    last_message_at: datetime | None


async def recent_events(db: Queries, *, user_id: str, limit: int) -> list[RecentEvent]:
    """The user's ``limit`` latest events of every source, newest first (earlier versions of a source record
    left out, and messages that state only superseded beliefs); empty when the user has none."""
    rows = await db.read("recent_events", user_id=user_id, limit=limit)
    return [
        RecentEvent(
            uid=str(r["uid"]),
            content=str(r["content"]),
            speaker=r["speaker"],
            role=r["role"],
            occurred_at=native(r["occurred_at"]),
            source_id=r["source_id"],
            source_type=r["source_type"],
            title=r["title"],
        )
        for r in rows
    ]


async def recent_session_summaries(db: Queries, *, user_id: str, limit: int) -> list[SessionSummaries]:
    """The user's ``limit`` latest conversations that have a summary, newest last message first."""
    rows = await db.read("recent_session_summaries", user_id=user_id, limit=limit)
    return [
        SessionSummaries(
            session_id=str(r["session_id"]),
            summaries=tuple(str(s) for s in r["summaries"]),
            last_message_at=native(r["last_message_at"]),
        )
        for r in rows
    ]


async def passage_sections(db: Queries, *, user_id: str, uids: Sequence[str]) -> dict[str, str]:
    """Passage uid → the text of the section it belongs to, for the passages among ``uids`` that have a section
    with text (others are left out)."""
    rows = await db.read("chunk_sections", user_id=user_id, uids=list(uids))
    return {str(r["uid"]): str(r["content"]) for r in rows if r["content"]}
