"""GraphQL operations of the conversation-memory core: ingest, end a conversation, jobs, recall.

The write path (mutations) and the read path (queries) are separate classes; ``schema.py``
merges them with the other areas' operation classes.
"""

from __future__ import annotations

from datetime import datetime

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.types import (
    IngestMessagesInput,
    IngestResult,
    Job,
    JobPriority,
    JobStatus,
    MemoryContext,
    MemoryPage,
    MemoryStatus,
    MemoryType,
    RecallHit,
    TurnInput,
)
from graphsvc.service.views import Turn


def _turns(conversation: list[TurnInput] | None) -> list[Turn] | None:
    return None if conversation is None else [t.to_domain() for t in conversation]


@strawberry.type
class MemoryQuery:
    @strawberry.field(
        description="Ranked memories, raw events, impressions, traits and document passages of one user for a "
        "query and/or the conversation so far (at least one; the service decides how many turns count). Only "
        "ACTIVE memories unless includeSuperseded; with asOf, the state at that time (memories that held then). "
        "With tags, only memories, events and passages carrying one of them (a passage also through its document). "
        "With explain, each hit carries its explanation (each channel's rank and part, every rule that changed its "
        "score). With includeGroups, also the spaces of the groups the user is a member of; with agentId, also that "
        "agent's space (the caller must own it): each space ranked as its own recall, merged by score, every hit "
        "naming its space."
    )
    async def recall(
        self,
        info: Info,
        user_id: str,
        query: str | None = None,
        conversation: list[TurnInput] | None = None,
        limit: int = 10,
        include_superseded: bool = False,
        as_of: datetime | None = None,
        tags: list[str] | None = None,
        explain: bool = False,
        include_groups: bool = False,
        agent_id: str | None = None,
    ) -> list[RecallHit]:
        service = info.context.service
        user = info.context.scope(user_id)
        hits = await service.recall(
            user_id=user,
            query=query,
            conversation=_turns(conversation),
            limit=limit,
            include_superseded=include_superseded,
            as_of=as_of,
            tags=tags,
            explain=explain,
            spaces=await info.context.shared_spaces(user, include_groups=include_groups, agent_id=agent_id),
        )
        return [RecallHit.from_domain(h) for h in hits]

    @strawberry.field(
        description="A prompt-ready block: established traits, what the user said and what is known about them "
        "(recalled memories and document passages with dates, for a query and/or the conversation so far), recent "
        "events of every source. With includeGroups and agentId (as for recall), a section per shared space. With "
        "explain, lines says why each line considered is in the block or was left out (a recalled line with its "
        "rank, score and ranking explanation)."
    )
    async def memory_context(
        self,
        info: Info,
        user_id: str,
        query: str | None = None,
        conversation: list[TurnInput] | None = None,
        max_tokens: int = 1_000,
        include_groups: bool = False,
        agent_id: str | None = None,
        explain: bool = False,
    ) -> MemoryContext:
        user = info.context.scope(user_id)
        context = await info.context.service.memory_context(
            user_id=user,
            query=query,
            conversation=_turns(conversation),
            max_tokens=max_tokens,
            spaces=await info.context.shared_spaces(user, include_groups=include_groups, agent_id=agent_id),
            explain=explain,
        )
        return MemoryContext.from_domain(context)

    @strawberry.field(
        description="A user's memories, newest first, a page at a time: ACTIVE ones unless status or "
        "includeSuperseded says otherwise; with asOf, those that held at that time (valid time)."
    )
    async def memories(
        self,
        info: Info,
        user_id: str,
        type: MemoryType | None = None,
        limit: int = 50,
        after: str | None = None,
        status: list[MemoryStatus] | None = None,
        include_superseded: bool = False,
        as_of: datetime | None = None,
    ) -> MemoryPage:
        page = await info.context.service.memories(
            user_id=info.context.scope(user_id),
            memory_type=type.value if type else None,
            limit=limit,
            after=after,
            statuses=[s.value for s in status] if status else None,
            include_superseded=include_superseded,
            as_of=as_of,
        )
        return MemoryPage.from_domain(page)

    @strawberry.field(
        description="A background job by id, among the jobs of userId (or, without it, of the users the caller "
        "may act for). Unknown ids, and other users' jobs, are a NOT_FOUND error."
    )
    async def job(self, info: Info, id: strawberry.ID, user_id: str | None = None) -> Job | None:
        users = info.context.lookup_scope(user_id)
        return Job.from_domain(await info.context.service.job(job_id=str(id), user_ids=users))

    @strawberry.field(description="A user's background jobs, newest first.")
    async def jobs(self, info: Info, user_id: str, status: JobStatus | None = None, limit: int = 50) -> list[Job]:
        views = await info.context.service.jobs(
            user_id=info.context.scope(user_id), status=status.value if status else None, limit=limit
        )
        return [Job.from_domain(v) for v in views]


@strawberry.type
class MemoryMutation:
    @strawberry.mutation(
        description="Store messages as events (idempotent) and return at once: their vectors are made by a background "
        "job (jobIds); until then they are found by full-text and graph recall."
    )
    async def ingest_messages(self, info: Info, input: IngestMessagesInput) -> IngestResult:
        outcome = await info.context.service.ingest_messages(
            user_id=info.context.scope(input.user_id),
            session_id=input.session_id,
            messages=[m.to_domain() for m in input.messages],
        )
        return IngestResult.from_domain(outcome)

    @strawberry.mutation(
        description="End a conversation: queues memory extraction in the background. While an extraction of the "
        "session is still queued, that job is returned instead of a new one."
    )
    async def end_conversation(
        self, info: Info, user_id: str, session_id: str, priority: JobPriority = JobPriority.INTERACTIVE
    ) -> Job:
        view = await info.context.service.end_conversation(
            user_id=info.context.scope(user_id), session_id=session_id, priority=priority.value
        )
        return Job.from_domain(view)

    @strawberry.mutation(description="Queue a FAILED or CANCELLED job again with a fresh set of attempts.")
    async def retry_job(self, info: Info, user_id: str, id: strawberry.ID) -> Job:
        view = await info.context.service.retry_job(user_id=info.context.scope(user_id), job_id=str(id))
        return Job.from_domain(view)

    @strawberry.mutation(
        description="Cancel a job: a PENDING one at once, a RUNNING one within a lease renewal (nothing of it commits)."
    )
    async def cancel_job(self, info: Info, user_id: str, id: strawberry.ID) -> Job:
        view = await info.context.service.cancel_job(user_id=info.context.scope(user_id), job_id=str(id))
        return Job.from_domain(view)
