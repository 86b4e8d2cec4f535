"""The timeline and growth reads of the dashboard (seed 003): ``timeline``, ``sessions``, ``user_stats``.

The timeline pages by an opaque cursor (``at|uid`` of the last item, base64url), oldest first; it is built
from three tenant-filtered scans (events, memories, candidates) merged by time in one statement.
"""

from __future__ import annotations

import base64
import binascii
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from graphsvc.errors import InvalidInputError
from graphsvc.graph import dashboard_reads
from graphsvc.graph.dashboard_reads import KeyCount, UserCounts
from graphsvc.graph.database import native
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id, require_limit
from graphsvc.vocabulary import SOURCE_TYPES, TIMELINE_KINDS

MAX_TIMELINE_PAGE = 500
MAX_SESSIONS_PAGE = 500
GROWTH_DAYS = 30
_BEGINNING = datetime(1, 1, 1, tzinfo=UTC)
_END = datetime(9999, 12, 31, tzinfo=UTC)


@dataclass(frozen=True)
class TimelineItem:
    """One thing that happened: an event (of any source), a memory, or a candidate."""

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


def _encode(at: datetime, uid: str) -> str:
    return base64.urlsafe_b64encode(f"{at.isoformat()}|{uid}".encode()).decode()


def _decode(cursor: str) -> tuple[datetime, str]:
    try:
        at, uid = base64.urlsafe_b64decode(cursor.encode()).decode().split("|", 1)
        return datetime.fromisoformat(at), uid
    except (ValueError, binascii.Error, UnicodeDecodeError) as exc:
        raise InvalidInputError(field="after", problem="is not a cursor this API returned") from exc


class TimelineArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime

    async def timeline(
        self,
        *,
        user_id: str,
        start: datetime | None = None,
        end: datetime | None = None,
        source_types: Sequence[str] | None = None,
        kinds: Sequence[str] | None = None,
        limit: int = 50,
        after: str | None = None,
    ) -> TimelinePage:
        """Events, memories and candidates in the order they happened, ``start`` ≤ time < ``end``, a page at a time.

        Args:
            source_types: only events of these sources (memories and candidates are kept unless ``kinds`` drops
                them); None for all.
            kinds: ``event``, ``memory``, ``candidate``; None for all.

        Raises:
            InvalidInputError: bad user id, limit, source type, kind, cursor, or ``end`` not after ``start``.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        limit = require_limit("limit", limit, maximum=MAX_TIMELINE_PAGE)
        start = (start or _BEGINNING).astimezone(UTC)
        end = (end or _END).astimezone(UTC)
        if end <= start:
            raise InvalidInputError(field="to", problem="must be after from")
        for name, values, allowed in (("sourceTypes", source_types, SOURCE_TYPES), ("kinds", kinds, TIMELINE_KINDS)):
            bad = sorted(set(values or ()) - set(allowed))
            if bad:
                raise InvalidInputError(field=name, problem=f"{', '.join(bad)} not among {', '.join(allowed)}")
        after_at, after_uid = _decode(after) if after else (None, None)
        rows = await self.rt.db.read(
            "timeline",
            user_id=user_id,
            kinds=list(kinds or TIMELINE_KINDS),
            source_types=list(source_types) if source_types else None,
            **{"from": start},
            to=end,
            after_at=after_at,
            after_uid=after_uid,
            limit=limit + 1,
        )
        items = [_item(r) for r in rows[:limit]]
        more = len(rows) > limit
        return TimelinePage(items, _encode(items[-1].at, items[-1].uid) if more else None)

    async def sessions(self, *, user_id: str, limit: int = 50) -> list[SessionView]:
        """The user's conversations, latest message first, with their message counts."""
        user_id = require_id("userId", user_id, self.rt.settings)
        limit = require_limit("limit", limit, maximum=MAX_SESSIONS_PAGE)
        rows = await self.rt.db.read("user_sessions", user_id=user_id, limit=limit)
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

    async def user_stats(self, *, user_id: str) -> UserStats:
        """Counts by kind, type, status and stage, jobs and LLM usage, and growth per day over 30 days."""
        user_id = require_id("userId", user_id, self.rt.settings)
        today = self.rt.clock().astimezone(UTC).date()
        first = today - timedelta(days=GROWTH_DAYS - 1)
        since = datetime.combine(first, datetime.min.time(), tzinfo=UTC)
        counts = await dashboard_reads.user_counts(self.rt.db, user_id=user_id)
        extra = (await self.rt.db.read("user_source_counts", user_id=user_id))[0]
        growth_rows = await self.rt.db.read("user_growth", user_id=user_id, since=since)
        per_day: dict[str, dict[str, int]] = defaultdict(dict)
        for r in growth_rows:
            per_day[str(r["day"])][str(r["what"])] = int(r["n"])
        growth = []
        for offset in range(GROWTH_DAYS):
            day = (first + timedelta(days=offset)).isoformat()
            got = per_day.get(day, {})
            growth.append(
                GrowthDay(
                    day, got.get("events", 0), got.get("memories", 0), got.get("candidates", 0), got.get("documents", 0)
                )
            )
        return UserStats(
            counts=counts,
            events_by_source=_key_counts(extra["events_by_source"]),
            candidates_by_status=_key_counts(extra["candidates_by_status"]),
            documents=int(extra["documents"]),
            passages=int(extra["passages"]),
            tags=int(extra["tags"]),
            learning_runs=int(extra["learning_runs"]),
            last_learning_at=native(extra["last_learning_at"]),
            growth=growth,
        )


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
        status=r["status"],
    )


__all__ = ["GrowthDay", "SessionView", "TimelineArea", "TimelineItem", "TimelinePage", "UserStats"]
