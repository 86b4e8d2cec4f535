"""GraphQL reads of the dashboard added by seed 003: timeline, sessions, userStats."""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Annotated

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.dashboard_ops import KeyCount, UserCounts
from graphsvc.api.source_types import SourceType
from graphsvc.service.views import (
    MEMORY_CHANGES,
    TRAIT_CHANGES,
    BeliefChangePage,
    SessionView,
    TimelineItem,
    TimelinePage,
    UserStats,
)
from graphsvc.service.views import BeliefChange as BeliefChangeView
from graphsvc.service.views import GrowthDay as GrowthDayView


@strawberry.enum(description="What a timeline item is.")
class TimelineKind(Enum):
    EVENT = "event"
    MEMORY = "memory"
    CANDIDATE = "candidate"


@strawberry.type(description="An event of any source, a memory or a candidate, at the time it happened.")
class TimelineEntry:
    kind: TimelineKind
    id: strawberry.ID
    at: datetime = strawberry.field(
        description="An event's time, a memory's event time (else its creation), a candidate's creation"
    )
    content: str
    title: str | None
    source_type: SourceType | None = strawberry.field(description="For an event")
    source_id: str | None
    session_id: str | None
    memory_type: str | None = strawberry.field(description="For a memory or a candidate")
    status: str | None = strawberry.field(description="A memory's status (active, archived) or a candidate's")
    speaker: str | None = strawberry.field(description="Who said a conversation message (its speaker), as ingested")
    role: str | None = strawberry.field(description="A conversation message's role: user, assistant, or another")

    @classmethod
    def from_domain(cls, item: TimelineItem) -> TimelineEntry:
        return cls(
            kind=TimelineKind(item.kind),
            id=strawberry.ID(item.uid),
            at=item.at,
            content=item.content,
            title=item.title,
            source_type=SourceType(item.source_type) if item.source_type else None,
            source_id=item.source_id,
            session_id=item.session_id,
            memory_type=item.memory_type,
            status=item.status,
            speaker=item.speaker,
            role=item.role,
        )


@strawberry.type(description="A page of the timeline, oldest first; pass endCursor as `after` for the next one.")
class Timeline:
    nodes: list[TimelineEntry]
    end_cursor: str | None
    has_next_page: bool

    @classmethod
    def from_domain(cls, page: TimelinePage) -> Timeline:
        return cls(
            nodes=[TimelineEntry.from_domain(i) for i in page.items],
            end_cursor=page.next_cursor,
            has_next_page=page.next_cursor is not None,
        )


@strawberry.enum(description="Who made a change of belief.")
class BeliefActor(Enum):
    USER = "user"
    AGENT = "agent"
    EXTRACTION = "extraction"
    REFLECTION = "reflection"
    LEARNING = "learning"


@strawberry.enum(description="What a change of belief is about.")
class BeliefKind(Enum):
    MEMORY = "memory"
    TRAIT = "trait"


@strawberry.enum(
    description="Which time a range, an order or a count uses: when graphsvc recorded something, or when it "
    "happened in the user's life (an import of old conversations is recorded today and happened long ago)."
)
class BeliefTime(Enum):
    RECORDED = strawberry.enum_value(
        "recorded", description="When graphsvc recorded it (a change's `at`; growth: ingestion and creation)"
    )
    HAPPENED = strawberry.enum_value(
        "happened",
        description="When it happened (a change's `happenedAt`, its `at` where that is unknown; growth: an event's "
        "occurredAt, a memory's time said)",
    )


@strawberry.type(description="One change of what graphsvc believes about a user, from its audit trail.")
class BeliefChange:
    id: strawberry.ID = strawberry.field(description="The HistoryEntry's id")
    at: datetime = strawberry.field(description="When the change was recorded (extraction or reflection time)")
    happened_at: datetime | None = strawberry.field(
        description="When what the change is about happened: a memory's creation, when it was said (its first "
        "source message's occurredAt); a supersession or correction, when the new value was said (the latest time "
        "among what it quotes); a forget, retraction, archive or restore, when it was recorded; a trait's change, "
        "the latest time among the evidence it rested on then. Null when not derivable"
    )
    kind: BeliefKind
    target_id: strawberry.ID = strawberry.field(description="The memory or trait changed")
    change: str = strawberry.field(
        description=f"memory: {', '.join(MEMORY_CHANGES)}; trait: {', '.join(TRAIT_CHANGES)}"
    )
    actor: BeliefActor
    recorded_actor: str = strawberry.field(description="The actor as recorded (daily_learning, candidate...)")
    old_value: str | None = strawberry.field(description="None for anything forgotten, and where blanked")
    new_value: str | None
    reason: str | None
    stage: str | None = strawberry.field(description="A trait's stage after the change")
    evidence_ids: list[strawberry.ID] = strawberry.field(description="Events and memories the change rests on")
    scrubbed: bool = strawberry.field(description="A retraction blanked the values")

    @classmethod
    def from_domain(cls, c: BeliefChangeView) -> BeliefChange:
        return cls(
            id=strawberry.ID(c.uid),
            at=c.at,
            happened_at=c.happened_at,
            kind=BeliefKind(c.kind),
            target_id=strawberry.ID(c.target_uid),
            change=c.change,
            actor=BeliefActor(c.actor),
            recorded_actor=c.recorded_actor,
            old_value=c.old_value,
            new_value=c.new_value,
            reason=c.reason,
            stage=c.stage,
            evidence_ids=[strawberry.ID(u) for u in c.evidence_uids],
            scrubbed=c.scrubbed,
        )


@strawberry.type(description="A page of belief changes, oldest first; pass endCursor as `after` for the next one.")
class BeliefChanges:
    nodes: list[BeliefChange]
    end_cursor: str | None
    has_next_page: bool

    @classmethod
    def from_domain(cls, page: BeliefChangePage) -> BeliefChanges:
        return cls(
            nodes=[BeliefChange.from_domain(c) for c in page.items],
            end_cursor=page.next_cursor,
            has_next_page=page.next_cursor is not None,
        )


@strawberry.type(description="One conversation of a user.")
class ConversationSession:
    session_id: str
    status: str = strawberry.field(description="open or ended")
    started_at: datetime | None
    last_message_at: datetime | None
    ended_at: datetime | None
    messages: int

    @classmethod
    def from_domain(cls, view: SessionView) -> ConversationSession:
        return cls(
            session_id=view.session_id,
            status=view.status,
            started_at=view.started_at,
            last_message_at=view.last_message_at,
            ended_at=view.ended_at,
            messages=view.messages,
        )


@strawberry.type(description="What a user gained on one UTC day.")
class GrowthDay:
    day: str
    events: int
    memories: int
    candidates: int
    documents: int

    @classmethod
    def from_domain(cls, g: GrowthDayView) -> GrowthDay:
        return cls(day=g.day, events=g.events, memories=g.memories, candidates=g.candidates, documents=g.documents)


@strawberry.type(description="userCounts plus sources, candidates, documents, tags, learning, and growth per day.")
class UserStatsView:
    counts: UserCounts
    events_by_source: list[KeyCount] = strawberry.field(description="Current versions of events, by source type")
    candidates_by_status: list[KeyCount]
    documents: int
    passages: int = strawberry.field(description="Document passages (recallable chunks)")
    tags: int
    learning_runs: int
    last_learning_at: datetime | None
    user_id: strawberry.Private[str]
    recorded_growth: strawberry.Private[list[GrowthDay]]

    @strawberry.field(
        description="The last 30 UTC days, oldest first, zeros included. by: RECORDED (default) counts what was "
        "stored each day (events by ingestion, memories and candidates by creation); HAPPENED what happened each "
        "day in the user's life (events by occurredAt, memories by when they were said, candidates by their "
        "message's time). Documents count by when they were stored either way."
    )
    async def growth(self, info: Info, by: BeliefTime = BeliefTime.RECORDED) -> list[GrowthDay]:
        if by is BeliefTime.RECORDED:
            return self.recorded_growth
        days = await info.context.service.growth(user_id=self.user_id, by="happened")
        return [GrowthDay.from_domain(g) for g in days]

    @classmethod
    def from_domain(cls, user_id: str, stats: UserStats) -> UserStatsView:
        return cls(
            counts=UserCounts.from_domain(user_id, stats.counts),
            events_by_source=[KeyCount.from_domain(c) for c in stats.events_by_source],
            candidates_by_status=[KeyCount.from_domain(c) for c in stats.candidates_by_status],
            documents=stats.documents,
            passages=stats.passages,
            tags=stats.tags,
            learning_runs=stats.learning_runs,
            last_learning_at=stats.last_learning_at,
            user_id=user_id,
            recorded_growth=[GrowthDay.from_domain(g) for g in stats.growth],
        )


@strawberry.type
class TimelineQuery:
    @strawberry.field(
        description="Events (every source, current versions), memories and candidates in the order they happened, "
        "from ≤ time < to, a page at a time. sourceTypes filters events; kinds filters what is listed."
    )
    async def timeline(
        self,
        info: Info,
        user_id: str,
        from_: Annotated[datetime | None, strawberry.argument(name="from")] = None,
        to: datetime | None = None,
        source_types: list[SourceType] | None = None,
        kinds: list[TimelineKind] | None = None,
        limit: int = 50,
        after: str | None = None,
    ) -> Timeline:
        page = await info.context.service.timeline(
            user_id=info.context.scope(user_id),
            start=from_,
            end=to,
            source_types=[s.value for s in source_types] if source_types else None,
            kinds=[k.value for k in kinds] if kinds else None,
            limit=limit,
            after=after,
        )
        return Timeline.from_domain(page)

    @strawberry.field(
        description="What changed about a user, from ≤ time < to (default: the last 7 days), oldest first, a page "
        "at a time; `by` chooses the time: RECORDED (default, `at`) or HAPPENED (`happenedAt`). Memories created, "
        "superseded, corrected, forgotten (no content), retracted, archived or restored; trait stage changes; "
        "each with its actor, old and new value, and evidence ids."
    )
    async def belief_changes(
        self,
        info: Info,
        user_id: str,
        from_: Annotated[datetime | None, strawberry.argument(name="from")] = None,
        to: datetime | None = None,
        limit: int = 50,
        after: str | None = None,
        by: BeliefTime = BeliefTime.RECORDED,
    ) -> BeliefChanges:
        page = await info.context.service.belief_changes(
            user_id=info.context.scope(user_id),
            start=from_,
            end=to,
            limit=limit,
            after=after,
            by="happened" if by is BeliefTime.HAPPENED else "recorded",
        )
        return BeliefChanges.from_domain(page)

    @strawberry.field(description="A user's conversations, latest message first, with message counts.")
    async def sessions(self, info: Info, user_id: str, limit: int = 50) -> list[ConversationSession]:
        views = await info.context.service.sessions(user_id=info.context.scope(user_id), limit=limit)
        return [ConversationSession.from_domain(v) for v in views]

    @strawberry.field(
        description="A user's counts by kind, type, status and trait stage, jobs by status, LLM calls and tokens, "
        "events by source, candidates by status, documents, tags, learning runs, and growth per day over 30 days."
    )
    async def user_stats(self, info: Info, user_id: str) -> UserStatsView:
        scoped = info.context.scope(user_id)
        return UserStatsView.from_domain(scoped, await info.context.service.user_stats(user_id=scoped))
