"""The timeline and growth reads of the dashboard (seed 003): ``timeline``, ``sessions``, ``user_stats``, and what
the extraction decided about each message (``extraction_trace``).

Validation here; the reads and their views are in :mod:`graphsvc.graph.timeline`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import get_args

from graphsvc.errors import InvalidInputError
from graphsvc.graph import belief_changes as belief_reads
from graphsvc.graph import dashboard_reads, extraction_traces
from graphsvc.graph import timeline as timeline_reads
from graphsvc.graph.belief_changes import BeliefChangePage, BeliefTime
from graphsvc.graph.extraction_traces import ExtractionTraceView
from graphsvc.graph.timeline import GrowthDay, SessionView, TimelineItem, TimelinePage, UserStats
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id, require_limit
from graphsvc.vocabulary import SOURCE_TYPES, TIMELINE_KINDS

MAX_TIMELINE_PAGE = 500
MAX_SESSIONS_PAGE = 500
MAX_BELIEF_CHANGES_PAGE = 500
MAX_TRACES = 500
BELIEF_CHANGES_DAYS = 7
"""The range ``belief_changes`` reads when no start is given: the last week."""
GROWTH_DAYS = 30
_BEGINNING = datetime(1, 1, 1, tzinfo=UTC)
_END = datetime(9999, 12, 31, tzinfo=UTC)


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
        return await timeline_reads.page(
            self.rt.db,
            user_id=user_id,
            kinds=list(kinds or TIMELINE_KINDS),
            source_types=source_types,
            start=start,
            end=end,
            after=after,
            limit=limit,
        )

    async def belief_changes(
        self,
        *,
        user_id: str,
        start: datetime | None = None,
        end: datetime | None = None,
        limit: int = 50,
        after: str | None = None,
        by: BeliefTime = "recorded",
    ) -> BeliefChangePage:
        """What changed about the user, ``start`` ≤ time < ``end``, oldest first by that time, a page at a time
        (the changes and their two times: :mod:`graphsvc.graph.belief_changes`).

        Args:
            start: default ``end`` minus :data:`BELIEF_CHANGES_DAYS` days ("this week").
            end: default now.
            limit: 1–:data:`MAX_BELIEF_CHANGES_PAGE` changes per page.
            after: the ``next_cursor`` of the previous page (read with the same ``by``).
            by: ``recorded`` ranges and orders by when a change was recorded; ``happened`` by when what it is
                about happened (a change whose happened time is unknown counts at its recorded time).

        Raises:
            InvalidInputError: bad user id, limit, cursor or ``by``, or ``end`` not after ``start``.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        limit = require_limit("limit", limit, maximum=MAX_BELIEF_CHANGES_PAGE)
        _require_time(by)
        end = (end or self.rt.clock()).astimezone(UTC)
        start = (start or end - timedelta(days=BELIEF_CHANGES_DAYS)).astimezone(UTC)
        if end <= start:
            raise InvalidInputError(field="to", problem="must be after from")
        return await belief_reads.page(
            self.rt.db, user_id=user_id, start=start, end=end, after=after, limit=limit, by=by
        )

    async def extraction_trace(
        self, *, user_id: str, session_id: str, message_id: str | None = None, limit: int = 200
    ) -> list[ExtractionTraceView]:
        """What the extraction decided about the messages of one conversation (of one message when
        ``message_id`` is given), in message order: per message, each judged piece of its sentences and its
        outcome (kept as which memory, reinforcing or superseding which, refused by which rule, not kept), or
        the memories the LLM took from it (:mod:`graphsvc.pipeline.extraction.traces`).

        Args:
            message_id: the message id given at ingest (or the derived ``msg-…`` id).
            limit: 1–:data:`MAX_TRACES` messages.

        Returns:
            one trace per message an extraction job read; empty for a conversation not extracted yet, traces
            older than ``EXTRACTION_TRACE_RETENTION_DAYS`` (pruned), and forgotten messages.

        Raises:
            InvalidInputError: bad user, session or message id, or limit.
        """
        settings = self.rt.settings
        user_id = require_id("userId", user_id, settings)
        session_id = require_id("sessionId", session_id, settings)
        message_id = None if message_id is None else require_id("messageId", message_id, settings)
        limit = require_limit("limit", limit, maximum=MAX_TRACES)
        return await extraction_traces.of_session(
            self.rt.db, user_id=user_id, session_id=session_id, message_id=message_id, limit=limit
        )

    async def sessions(self, *, user_id: str, limit: int = 50) -> list[SessionView]:
        """The user's conversations, latest message first, with their message counts."""
        user_id = require_id("userId", user_id, self.rt.settings)
        limit = require_limit("limit", limit, maximum=MAX_SESSIONS_PAGE)
        return await timeline_reads.sessions(self.rt.db, user_id=user_id, limit=limit)

    async def user_stats(self, *, user_id: str) -> UserStats:
        """Counts by kind, type, status and stage, jobs and LLM usage, and growth per day over 30 days by when
        things were recorded (:meth:`growth` by when they happened)."""
        user_id = require_id("userId", user_id, self.rt.settings)
        counts = await dashboard_reads.user_counts(self.rt.db, user_id=user_id)
        extra = await timeline_reads.source_counts(self.rt.db, user_id=user_id)
        growth = await self._growth_days(user_id=user_id, by="recorded")
        return UserStats(
            counts=counts,
            events_by_source=extra.events_by_source,
            candidates_by_status=extra.candidates_by_status,
            documents=extra.documents,
            passages=extra.passages,
            tags=extra.tags,
            learning_runs=extra.learning_runs,
            last_learning_at=extra.last_learning_at,
            growth=growth,
        )

    async def growth(self, *, user_id: str, by: BeliefTime = "recorded") -> list[GrowthDay]:
        """What the user gained per UTC day over the last :data:`GROWTH_DAYS` days, oldest first, zeros included.

        Args:
            by: ``recorded`` counts what was stored each day (events by ingestion, memories and candidates by
                creation); ``happened`` what happened each day in the user's life (events by when they occurred,
                memories by when they were said, candidates by their message's time). Documents count by when
                they were stored either way.

        Raises:
            InvalidInputError: bad user id or ``by``.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        _require_time(by)
        return await self._growth_days(user_id=user_id, by=by)

    async def _growth_days(self, *, user_id: str, by: BeliefTime) -> list[GrowthDay]:
        today = self.rt.clock().astimezone(UTC).date()
        first = today - timedelta(days=GROWTH_DAYS - 1)
        since = datetime.combine(first, datetime.min.time(), tzinfo=UTC)
        per_day = await timeline_reads.growth(self.rt.db, user_id=user_id, since=since, by=by)
        growth = []
        for offset in range(GROWTH_DAYS):
            day = (first + timedelta(days=offset)).isoformat()
            got = per_day.get(day, {})
            growth.append(
                GrowthDay(
                    day, got.get("events", 0), got.get("memories", 0), got.get("candidates", 0), got.get("documents", 0)
                )
            )
        return growth


def _require_time(by: str) -> None:
    allowed = get_args(BeliefTime)
    if by not in allowed:
        raise InvalidInputError(field="by", problem=f"must be one of {', '.join(allowed)}")


__all__ = ["GrowthDay", "SessionView", "TimelineArea", "TimelineItem", "TimelinePage", "UserStats"]
