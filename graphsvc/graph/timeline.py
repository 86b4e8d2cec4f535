"""The dashboard's timeline and growth reads (seed 003): one user's events, memories and candidates by time, their
conversations, and what they gained per day.

Statements: ``cypher/queries/timeline.cypher`` and ``dashboard.cypher``. The timeline pages by an opaque
cursor (``at|uid`` of the last item, base64url), oldest first; it is built from three tenant-filtered scans
(events, memories, candidates) merged by time in one statement.
"""

from __future__ import annotations

import base64
import binascii
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from graphsvc.errors import InvalidInputError
from graphsvc.graph.dashboard_reads import KeyCount, UserCounts
from graphsvc.graph.database import Queries, native


@dataclass(frozen=True)
class TimelineItem:
    """One thing that happened: an event (of any source), a memory, or a candidate. ``speaker`` and ``role``
    (``user``, ``assistant``...): who said a conversation message, as ingested; None for anything else."""

    kind: str
    uid: str
    at: datetime
    content: str
    title: str | None
    source_type: str | None
    source_id: str | None
    session_id: str | None
    memory_type: str | None
    status: str | None
    speaker: str | None
    role: str | None


@dataclass(frozen=True)
class TimelinePage:
    items: list[TimelineItem]
    next_cursor: str | None


@dataclass(frozen=True)
class SessionView:
    session_id: str
    status: str
    started_at: datetime | None
    last_message_at: datetime | None
    ended_at: datetime | None
    messages: int


@dataclass(frozen=True)
class GrowthDay:
    """What the user gained on one UTC day."""

    day: str
    events: int
    memories: int
    candidates: int
    documents: int


@dataclass(frozen=True)
class UserStats:
    """``userCounts`` plus what issue 15 added, and growth per day over the last ``GROWTH_DAYS`` days (every day
    listed, oldest first, zeros included)."""

    counts: UserCounts
    events_by_source: list[KeyCount]
    candidates_by_status: list[KeyCount]
    documents: int
    passages: int
    tags: int
    learning_runs: int
    last_learning_at: datetime | None
    growth: list[GrowthDay]


def encode_cursor(at: datetime, uid: str) -> str:
    """An opaque cursor for the item at ``(at, uid)`` of a page ordered by time, then uid."""
    return base64.urlsafe_b64encode(f"{at.isoformat()}|{uid}".encode()).decode()


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    """``(at, uid)`` of a cursor :func:`encode_cursor` made.

    Raises:
        InvalidInputError: any other string.
    """
    try:
        at, uid = base64.urlsafe_b64decode(cursor.encode()).decode().split("|", 1)
        return datetime.fromisoformat(at), uid
    except (ValueError, binascii.Error, UnicodeDecodeError) as exc:
        raise InvalidInputError(field="after", problem="is not a cursor this API returned") from exc


@dataclass(frozen=True)
class SourceCounts:
    """Events by source type and candidates by status (most first), and the document-layer totals."""

    events_by_source: list[KeyCount]
    candidates_by_status: list[KeyCount]
    documents: int
    passages: int
    tags: int
    learning_runs: int
    last_learning_at: datetime | None


async def page(
    db: Queries,
    *,
    user_id: str,
    kinds: Sequence[str],
    source_types: Sequence[str] | None,
    start: datetime,
    end: datetime,
    after: str | None,
    limit: int,
) -> TimelinePage:
    """One page of the user's timeline in ``[start, end)``, oldest first, after the cursor ``after``.

    Raises:
        InvalidInputError: ``after`` is not a cursor this API returned.
    """
    after_at, after_uid = decode_cursor(after) if after else (None, None)
    rows = await db.read(
        "timeline",
        user_id=user_id,
        kinds=list(kinds),
        source_types=list(source_types) if source_types else None,
        **{"from": start},
        to=end,
        after_at=after_at,
        after_uid=after_uid,
        limit=limit + 1,
    )
    items = [_item(r) for r in rows[:limit]]
    more = len(rows) > limit
    return TimelinePage(items, encode_cursor(items[-1].at, items[-1].uid) if more else None)


async def sessions(db: Queries, *, user_id: str, limit: int) -> list[SessionView]:
    """The user's conversations, latest message first, with their message counts."""
    rows = await db.read("user_sessions", user_id=user_id, limit=limit)
    return [
        SessionView(
            session_id=str(r["session_id"]),
            status=str(r["status"]),
            started_at=native(r["started_at"]),
            last_message_at=native(r["last_message_at"]),
            ended_at=native(r["ended_at"]),
            messages=int(r["messages"]),
        )
        for r in rows
    ]


async def source_counts(db: Queries, *, user_id: str) -> SourceCounts:
    """What the user holds of other sources and documents (:class:`SourceCounts`)."""
    row = (await db.read("user_source_counts", user_id=user_id))[0]
    return SourceCounts(
        events_by_source=_key_counts(row["events_by_source"]),
        candidates_by_status=_key_counts(row["candidates_by_status"]),
        documents=int(row["documents"]),
        passages=int(row["passages"]),
        tags=int(row["tags"]),
        learning_runs=int(row["learning_runs"]),
        last_learning_at=native(row["last_learning_at"]),
    )


async def growth(
    db: Queries, *, user_id: str, since: datetime, by: Literal["recorded", "happened"] = "recorded"
) -> dict[str, dict[str, int]]:
    """ISO day (UTC) → ``{"events" | "memories" | "candidates" | "documents": how many}``, for the days since
    ``since`` that have any. ``by="recorded"``: what was stored that day (events by ingestion, memories,
    candidates and documents by creation); ``by="happened"``: what happened that day in the user's life (events
    by ``occurred_at``, memories by when they were said, candidates by their message's time, documents by
    creation). Statements ``user_growth`` and ``user_growth_by_happened`` (``cypher/queries/timeline.cypher``)."""
    per_day: dict[str, dict[str, int]] = defaultdict(dict)
    statement = "user_growth_by_happened" if by == "happened" else "user_growth"
    for r in await db.read(statement, user_id=user_id, since=since):
        per_day[str(r["day"])][str(r["what"])] = int(r["n"])
    return per_day


def _key_counts(rows: list[dict[str, Any]]) -> list[KeyCount]:
    return sorted((KeyCount(str(r["key"]), int(r["count"])) for r in rows), key=lambda c: (-c.count, c.key))


def _item(r: dict[str, Any]) -> TimelineItem:
    return TimelineItem(
        kind=str(r["kind"]),
        uid=str(r["uid"]),
        at=native(r["at"]),
        content=str(r["content"] or ""),
        title=r["title"],
        source_type=r["source_type"],
        source_id=r["source_id"],
        session_id=r["session_id"],
        memory_type=r["memory_type"],
        speaker=r["speaker"],
        role=r["role"],
        status=r["status"],
    )
