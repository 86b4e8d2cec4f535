"""GraphQL operations of the memory lifecycle (issue 12): remember, correct, archive, restore, forget, erase, and
a memory with its history. Every resolver scopes the user first (``info.context.scope``) and calls the service's
lifecycle area; the caller's principal is recorded as the actor of corrections, archivals and restores."""

from __future__ import annotations

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.lifecycle_types import ForgetResult, HistoryEntry, RememberInput
from graphsvc.api.source_types import SourceType
from graphsvc.api.types import Memory


@strawberry.type
class LifecycleQuery:
    @strawberry.field(description="One memory of the user by id, in any status.")
    async def memory(self, info: Info, user_id: str, memory_id: strawberry.ID) -> Memory:
        view = await info.context.service.memory(user_id=info.context.scope(user_id), memory_id=str(memory_id))
        return Memory.from_domain(view)

    @strawberry.field(
        description="Who changed a memory and the versions it replaced (corrected or superseded, and theirs in "
        "turn: targetId says which), when, the old and new value and why, oldest first (a forgotten or "
        "retracted memory keeps a tombstone entry without content)."
    )
    async def memory_history(self, info: Info, user_id: str, memory_id: strawberry.ID) -> list[HistoryEntry]:
        views = await info.context.service.memory_history(user_id=info.context.scope(user_id), memory_id=str(memory_id))
        return [HistoryEntry.from_domain(v) for v in views]


@strawberry.type
class LifecycleMutation:
    @strawberry.mutation(
        description="Store a memory stated by the user or inferred by an agent: a duplicate reinforces the memory "
        "it repeats, a new value of the same slot supersedes the older one by valid time."
    )
    async def remember(self, info: Info, input: RememberInput) -> Memory:
        view = await info.context.service.remember(
            user_id=info.context.scope(input.user_id),
            content=input.content,
            memory_type=input.type.value,
            source=input.source.value,
            occurred_at=input.occurred_at,
            importance=input.importance,
            slot=input.slot,
        )
        return Memory.from_domain(view)

    @strawberry.mutation(description="Write a corrected version of a memory; the old one becomes SUPERSEDED.")
    async def correct_memory(self, info: Info, user_id: str, memory_id: strawberry.ID, content: str) -> Memory:
        view = await info.context.service.correct_memory(
            user_id=info.context.scope(user_id), memory_id=str(memory_id), content=content, actor="user"
        )
        return Memory.from_domain(view)

    @strawberry.mutation(
        description="Forget a memory and the versions it corrected: each becomes a FORGOTTEN tombstone without "
        "text, the evidence citing it goes and its traits are re-scored. The messages and records that stated it "
        "(never a document) keep no text either: they stay as tombstones, what was observed in them is retracted "
        "and their conversation's summary is written again. keepSources: true leaves them as they are."
    )
    async def forget_memory(
        self,
        info: Info,
        user_id: str,
        memory_id: strawberry.ID,
        reason: str | None = None,
        keep_sources: bool = False,
    ) -> ForgetResult:
        result = await info.context.service.forget_memory(
            user_id=info.context.scope(user_id), memory_id=str(memory_id), reason=reason, keep_sources=keep_sources
        )
        return ForgetResult.from_domain(result)

    @strawberry.mutation(
        description="Hard-delete records of one source by their sourceIds (every version of each) and retract what "
        "rested on them: candidates, memories promoted only from them, tags, entity evidence, impressions, "
        "features, relations, names and entities. CONVERSATION ids are message ids; DOCUMENT ids are the "
        "documents' sourceIds (forgetDocument)."
    )
    async def forget_events(
        self, info: Info, user_id: str, source_type: SourceType, source_ids: list[str]
    ) -> ForgetResult:
        result = await info.context.service.forget_events(
            user_id=info.context.scope(user_id), source_type=source_type.value, source_ids=source_ids
        )
        return ForgetResult.from_domain(result)

    @strawberry.mutation(
        description="Hard-delete a document: every version, its chunks, its DOCUMENT events and what rested on "
        "them (candidates, memories promoted only from it, tags, entity evidence, impressions, features)."
    )
    async def forget_document(self, info: Info, user_id: str, document_id: strawberry.ID) -> ForgetResult:
        result = await info.context.service.forget_document(
            user_id=info.context.scope(user_id), document_id=str(document_id)
        )
        return ForgetResult.from_domain(result)

    @strawberry.mutation(
        description="Hard-delete messages by messageId and retract what rested on them (memories, evidence, "
        "impressions, features, names, relations, entities; traits re-scored), in one transaction. A messageId "
        "names one message per session: pass sessionId to delete only that session's message."
    )
    async def forget_messages(
        self, info: Info, user_id: str, message_ids: list[str], session_id: str | None = None
    ) -> ForgetResult:
        result = await info.context.service.forget_messages(
            user_id=info.context.scope(user_id), message_ids=message_ids, session_id=session_id
        )
        return ForgetResult.from_domain(result)

    @strawberry.mutation(description="Hard-delete a conversation and everything that rested only on it.")
    async def forget_session(self, info: Info, user_id: str, session_id: str) -> ForgetResult:
        result = await info.context.service.forget_session(user_id=info.context.scope(user_id), session_id=session_id)
        return ForgetResult.from_domain(result)

    @strawberry.mutation(
        description="Delete every node of a user in bounded batches (idempotent; an interrupted erasure resumes). "
        "confirm must equal userId."
    )
    async def erase_user(self, info: Info, user_id: str, confirm: str) -> ForgetResult:
        result = await info.context.service.erase_user(user_id=info.context.scope(user_id), confirm=confirm)
        return ForgetResult.from_domain(result)

    @strawberry.mutation(description="Archive a memory: kept, but out of default recall until restored.")
    async def archive_memory(self, info: Info, user_id: str, memory_id: strawberry.ID) -> Memory:
        view = await info.context.service.archive_memory(
            user_id=info.context.scope(user_id), memory_id=str(memory_id), actor="user"
        )
        return Memory.from_domain(view)

    @strawberry.mutation(description="Make an archived memory active again.")
    async def restore_memory(self, info: Info, user_id: str, memory_id: strawberry.ID) -> Memory:
        view = await info.context.service.restore_memory(
            user_id=info.context.scope(user_id), memory_id=str(memory_id), actor="user"
        )
        return Memory.from_domain(view)
