"""GraphQL operations of the daily learning job (seed 003): run it now, and the record of past runs."""

from __future__ import annotations

from datetime import datetime

import strawberry

from graphsvc.api.context import Info
from graphsvc.service.views import LearningRunView


@strawberry.type(description="One user's daily learning of one local day (seed 003).")
class LearningRun:
    id: strawberry.ID
    user_id: str
    day: str = strawberry.field(description="The local day (DAILY_LEARNING_TZ), YYYY-MM-DD")
    status: str = strawberry.field(description="RUNNING, COMPLETED or FAILED (a FAILED run is run again)")
    ran_now: bool = strawberry.field(description="This call did the work (false: it was done already today)")
    attempts: int
    started_at: datetime | None
    finished_at: datetime | None
    duration_ms: float
    error: str | None
    reflection_status: str | None = strawberry.field(description="COMPLETED, FAILED or SKIPPED (seed 002 §1)")
    reflection_trigger: str | None = strawberry.field(description="Why reflection ran (interval, importance...)")
    conversations_consolidated: int = strawberry.field(
        description="Conversations holding messages no extraction had read whose extraction the run queued"
    )
    traits_dissolved: int = strawberry.field(description="By trend expiry, decay or contradiction")
    candidates_promoted: int
    candidates_expired: int
    memories_archived: int = strawberry.field(description="Not reinforced for ARCHIVE_AFTER_DAYS, unimportant")
    tags_assigned: int
    llm_calls: int
    extraction_traces_pruned: int = strawberry.field(
        description="Extraction traces older than EXTRACTION_TRACE_RETENTION_DAYS, deleted"
    )

    @classmethod
    def from_domain(cls, view: LearningRunView) -> LearningRun:
        return cls(
            id=strawberry.ID(view.uid),
            user_id=view.user_id,
            day=view.day,
            status=view.status,
            ran_now=view.ran_now,
            attempts=view.attempts,
            started_at=view.started_at,
            finished_at=view.finished_at,
            duration_ms=view.duration_ms,
            error=view.error,
            reflection_status=view.reflection_status,
            reflection_trigger=view.reflection_trigger,
            conversations_consolidated=view.conversations_consolidated,
            traits_dissolved=view.traits_dissolved,
            candidates_promoted=view.candidates_promoted,
            candidates_expired=view.candidates_expired,
            memories_archived=view.memories_archived,
            tags_assigned=view.tags_assigned,
            llm_calls=view.llm_calls,
            extraction_traces_pruned=view.extraction_traces_pruned,
        )


@strawberry.type
class LearningQuery:
    @strawberry.field(description="A user's daily learning runs, newest day first.")
    async def learning_runs(self, info: Info, user_id: str, limit: int = 30) -> list[LearningRun]:
        views = await info.context.service.learning_runs(user_id=info.context.scope(user_id), limit=limit)
        return [LearningRun.from_domain(v) for v in views]


@strawberry.type
class LearningMutation:
    @strawberry.mutation(
        description="Run the user's daily learning of today now (reflection where its triggers hold, candidate "
        "promotion and expiry, archival, tags). Idempotent per local day: a second call returns the day's run."
    )
    async def run_daily_learning(self, info: Info, user_id: str) -> LearningRun:
        view = await info.context.service.run_daily_learning(user_id=info.context.scope(user_id))
        return LearningRun.from_domain(view)
