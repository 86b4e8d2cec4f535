"""GraphQL operations of the event layer and the candidate layer (seed 003)."""

from __future__ import annotations

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.source_types import CandidateStatus, IngestEventsInput, MemoryCandidate
from graphsvc.api.types import IngestResult


@strawberry.type
class SourceQuery:
    @strawberry.field(description="A user's memory candidates (statements of other sources), newest first.")
    async def candidates(
        self, info: Info, user_id: str, status: CandidateStatus | None = None, limit: int = 50
    ) -> list[MemoryCandidate]:
        views = await info.context.service.candidates(
            user_id=info.context.scope(user_id), status=status.value if status else None, limit=limit
        )
        return [MemoryCandidate.from_domain(v) for v in views]


@strawberry.type
class SourceMutation:
    @strawberry.mutation(
        description="Store records of any source (todos, tasks, notes, forum posts, calendar entries, documents, "
        "conversation messages) as events; idempotent per (sourceType, sourceId, content), a changed record is a "
        "new version. Other sources' statements become candidates."
    )
    async def ingest_events(self, info: Info, input: IngestEventsInput) -> IngestResult:
        outcome = await info.context.service.ingest_events(
            user_id=info.context.scope(input.user_id), events=[e.to_domain() for e in input.events]
        )
        return IngestResult.from_events(outcome)

    @strawberry.mutation(description="Confirm a candidate: it becomes a memory now.")
    async def promote_candidate(self, info: Info, user_id: str, id: strawberry.ID) -> MemoryCandidate:
        view = await info.context.service.promote_candidate(user_id=info.context.scope(user_id), candidate_id=str(id))
        return MemoryCandidate.from_domain(view)

    @strawberry.mutation(description="Reject an open candidate: it never becomes a memory.")
    async def reject_candidate(self, info: Info, user_id: str, id: strawberry.ID) -> MemoryCandidate:
        view = await info.context.service.reject_candidate(user_id=info.context.scope(user_id), candidate_id=str(id))
        return MemoryCandidate.from_domain(view)
