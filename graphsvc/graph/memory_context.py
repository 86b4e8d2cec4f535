"""What memoryContext reads beside recall: the latest events, the latest conversation summaries, the sections
small passages belong to, and the plans recalled messages stated.

Times are aware UTC datetimes. Statements: ``cypher/queries/memory_context.cypher``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.conversation import ConversationMessage
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
    """The summaries written for one conversation (one per extraction run, in order) and its last message time.

    ``current``: when one of its messages states only replaced beliefs (a memory extracted from it was superseded
    or corrected, and no current memory holds it: the rule of ``recent_events``), the conversation's other
    messages in conversation order (forgotten ones left out), from which its summary is written again; None when
    none of its messages was replaced.
    """

    session_id: str
    summaries: tuple[str, ...]
    last_message_at: datetime | None
    current: tuple[ConversationMessage, ...] | None = None


async def recent_events(db: Queries, *, user_id: str, limit: int) -> list[RecentEvent]:
    """The user's ``limit`` latest events of every source, newest first (earlier versions of a source record
    left out, and messages that state only replaced beliefs: superseded by slot or by correction, with no current
    memory holding them); empty when the user has none."""
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
    """The user's ``limit`` latest conversations that have a summary, newest last message first; each with its
    messages still current when one of its messages was replaced (:attr:`SessionSummaries.current`)."""
    rows = await db.read("recent_session_summaries", user_id=user_id, limit=limit)
    return [
        SessionSummaries(
            session_id=str(r["session_id"]),
            summaries=tuple(str(s) for s in r["summaries"]),
            last_message_at=native(r["last_message_at"]),
            current=None if r["current"] is None else tuple(_message(m) for m in r["current"]),
        )
        for r in rows
    ]


def _message(row: dict[str, Any]) -> ConversationMessage:
    return ConversationMessage(
        message_id=str(row["uid"]),
        role=str(row["role"] or "user"),
        speaker=row["speaker"],
        content=str(row["content"] or ""),
        occurred_at=native(row["occurred_at"]),
    )


async def passage_sections(db: Queries, *, user_id: str, uids: Sequence[str]) -> dict[str, str]:
    """Passage uid → the text of the section it belongs to, for the passages among ``uids`` that have a section
    with text (others are left out)."""
    rows = await db.read("chunk_sections", user_id=user_id, uids=list(uids))
    return {str(r["uid"]): str(r["content"]) for r in rows if r["content"]}


async def plans_stated_in(db: Queries, *, user_id: str, uids: Sequence[str]) -> dict[str, datetime]:
    """Message uid → the day the plan or appointment it stated is for (the earliest active event memory extracted
    from it dated after the message), for the messages among ``uids`` that stated one."""
    rows = await db.read("plans_stated_in", user_id=user_id, uids=list(uids))
    return {str(r["uid"]): native(r["planned_for"]) for r in rows}
