"""The MCP tools: what an agent can do with graphsvc, each a thin call of the service front door.

Every tool takes an optional ``user_id``: a caller bound to one user (a user API key, a user token,
``graphsvc mcp --user U``) leaves it out; an admin caller passes it. Scoping goes through
:class:`graphsvc.api.context.Context`, exactly as GraphQL does, and a domain error comes back as an MCP tool
error (``isError``) with the same ``code`` and ``suggestion`` as the GraphQL error would carry.

Adding a tool is one method on :class:`MemoryTools` plus its line in :data:`TOOLS`. Tools still to come with
the lifecycle issue's service operations: ``remember``, ``forget_memory``, ``correct_memory``.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Annotated, Any, Literal, ParamSpec

from mcp.server.mcpserver import Context as McpContext
from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel, Field

from graphsvc.api.context import Context
from graphsvc.errors import GraphsvcError
from graphsvc.service.views import EntityView, JobRow, MessageIn, RecallHit, TraitView

P = ParamSpec("P")
ToolResult = dict[str, Any]

UserId = Annotated[
    str | None,
    Field(description="The user whose memory to use. Leave it out when connected with a user key (it is implied)."),
]
SessionId = Annotated[str, Field(description="The conversation's id, chosen by you; the same id for every turn.")]


class MessageArg(BaseModel):
    """One conversation turn for ``add_messages``."""

    role: Literal["user", "assistant", "system"] = Field(description="Who spoke.")
    content: str = Field(description="The message text, verbatim.")
    occurred_at: datetime | None = Field(default=None, description="When it was said (ISO-8601); default now.")
    speaker: str | None = Field(default=None, description="The speaker's name, if known.")
    message_id: str | None = Field(default=None, description="Your stable id for the message (makes retries safe).")


def tool_error(exc: GraphsvcError) -> CallToolResult:
    """A domain error as an MCP tool error: the GraphQL error's code, message and suggestion."""
    text = f"{exc.code}: {exc.message}" + (f"\nSuggestion: {exc.suggestion}" if exc.suggestion else "")
    body = {"code": exc.code, "message": exc.message, "suggestion": exc.suggestion}
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=body, is_error=True)


def domain_errors(fn: Callable[P, Awaitable[ToolResult]]) -> Callable[P, Awaitable[ToolResult]]:
    """Return :class:`~graphsvc.errors.GraphsvcError` as a tool error (anything else: the SDK's error)."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> ToolResult:
        try:
            return await fn(*args, **kwargs)
        except GraphsvcError as exc:
            return tool_error(exc)  # type: ignore[return-value]  # the SDK passes a CallToolResult through

    return wrapper


def _hit(hit: RecallHit) -> ToolResult:
    return {
        "id": hit.uid,
        "kind": hit.kind,
        "content": hit.content,
        "score": round(hit.score, 4),
        "occurred_at": hit.occurred_at.isoformat() if hit.occurred_at else None,
        "memory_type": hit.memory_type,
        "entity": hit.entity,
        "source_message_ids": hit.source_message_ids,
    }


def _job(job: JobRow) -> ToolResult:
    return {"job_id": job.uid, "status": job.status, "session_id": job.session_id, "error": job.error}


def _trait(trait: TraitView) -> ToolResult:
    return {
        "id": trait.uid,
        "content": trait.content,
        "stage": trait.stage,
        "subtype": trait.subtype,
        "context": trait.context,
        "confidence": trait.confidence,
    }


class MemoryTools:
    """The tools, each a method; what they run on comes from ``context_of``.

    Args:
        context_of: the request :class:`Context` (the running service and the caller's identity) of an MCP
            request context.
    """

    def __init__(self, context_of: Callable[[McpContext], Context]) -> None:
        self._context_of = context_of

    # --- read ----------------------------------------------------------------------------------

    @domain_errors
    async def recall(
        self,
        ctx: McpContext,
        query: Annotated[str, Field(description="What you want to know, in the user's words or yours.")],
        user_id: UserId = None,
        limit: Annotated[int, Field(description="How many results (1-100).", ge=1, le=100)] = 10,
    ) -> ToolResult:
        """Search what you know about the user: memories, past messages, impressions of people and places, and
        traits, best match first, each with the ids of the messages it came from. Use it before answering
        anything that depends on the user's past, preferences or circumstances."""
        context = self._context_of(ctx)
        hits = await context.service.recall(user_id=context.user_or_bound(user_id), query=query, limit=limit)
        return {"hits": [_hit(h) for h in hits]}

    @domain_errors
    async def memory_context(
        self,
        ctx: McpContext,
        query: Annotated[str, Field(description="The topic of the coming answer or conversation.")],
        user_id: UserId = None,
        max_tokens: Annotated[int, Field(description="Token budget of the block.", ge=50, le=8000)] = 1000,
    ) -> ToolResult:
        """Get one prompt-ready text block about the user for a topic: their established traits, the relevant
        memories with dates, and the latest messages of recent conversations, within a token budget. Use it at
        the start of a conversation or task to load what matters, instead of several recall calls."""
        context = self._context_of(ctx)
        block = await context.service.memory_context(
            user_id=context.user_or_bound(user_id), query=query, max_tokens=max_tokens
        )
        return {"text": block.text, "tokens": block.tokens, "memory_ids": block.memory_ids}

    @domain_errors
    async def list_memories(
        self,
        ctx: McpContext,
        user_id: UserId = None,
        type: Annotated[
            Literal["fact", "preference", "goal", "pain_point", "event"] | None,
            Field(description="Only memories of this type."),
        ] = None,
        limit: Annotated[int, Field(description="Page size (1-500).", ge=1, le=500)] = 50,
        after: Annotated[str | None, Field(description="The next_cursor of the previous page.")] = None,
    ) -> ToolResult:
        """List the memories stored about the user, newest first, a page at a time (not ranked by a query: use
        recall to search). Use it to review or audit what is remembered."""
        context = self._context_of(ctx)
        page = await context.service.memories(
            user_id=context.user_or_bound(user_id), memory_type=type, limit=limit, after=after
        )
        memories = [
            {
                "id": m.uid,
                "type": m.memory_type,
                "content": m.content,
                "importance": m.importance,
                "occurred_at": m.occurred_at.isoformat() if m.occurred_at else None,
                "source_message_ids": m.source_message_ids,
            }
            for m in page.items
        ]
        return {"memories": memories, "next_cursor": page.next_cursor}

    @domain_errors
    async def get_entity(
        self,
        ctx: McpContext,
        name: Annotated[str, Field(description="A name or alias of the person, place or thing.")],
        user_id: UserId = None,
    ) -> ToolResult:
        """Look up a person, place or thing in the user's world by name or alias: its other names, what is known
        about it (impressions), its features and how it relates to other entities. Use it when the user
        mentions someone or something by name and you need the details."""
        context = self._context_of(ctx)
        user = context.user_or_bound(user_id)
        view = await context.service.entity_named(user_id=user, name=name)
        if view is None:
            return {"entity": None}
        return {"entity": await self._entity(context, user, view)}

    @domain_errors
    async def user_traits(
        self,
        ctx: McpContext,
        user_id: UserId = None,
        min_stage: Annotated[
            Literal["candidate", "emerging", "established", "core"],
            Field(description="The least settled stage to include (emerging: fairly sure and above)."),
        ] = "emerging",
    ) -> ToolResult:
        """Get the user's traits inferred over many conversations (habits, preferences, values), most settled
        first, with stage and confidence. Use it to adapt tone and suggestions to who the user is."""
        context = self._context_of(ctx)
        traits = await context.service.user_traits(user_id=context.user_or_bound(user_id), min_stage=min_stage)
        return {"traits": [_trait(t) for t in traits]}

    # --- write ---------------------------------------------------------------------------------

    @domain_errors
    async def add_messages(
        self,
        ctx: McpContext,
        session_id: SessionId,
        messages: Annotated[list[MessageArg], Field(description="The new turns, oldest first.", min_length=1)],
        user_id: UserId = None,
    ) -> ToolResult:
        """Save conversation turns so they can be remembered. Send each new exchange (the user's message and your
        answer) as it happens; sending the same message_id twice stores it once. Memories are extracted when
        the conversation ends (end_conversation, or after it has been idle for a while, 30 minutes by default)."""
        context = self._context_of(ctx)
        now = datetime.now(UTC)
        domain = [
            MessageIn(
                role=m.role,
                content=m.content,
                occurred_at=m.occurred_at or now,
                message_id=m.message_id,
                speaker=m.speaker,
            )
            for m in messages
        ]
        outcome = await context.service.ingest_messages(
            user_id=context.user_or_bound(user_id), session_id=session_id, messages=domain
        )
        return {"stored": outcome.stored, "duplicates": outcome.duplicates, "message_ids": outcome.message_ids}

    @domain_errors
    async def end_conversation(self, ctx: McpContext, session_id: SessionId, user_id: UserId = None) -> ToolResult:
        """Mark a conversation as finished so its memories are extracted now, in the background (it returns at
        once with a job id). Call it when the user says goodbye or the task is done."""
        context = self._context_of(ctx)
        job = await context.service.end_conversation(user_id=context.user_or_bound(user_id), session_id=session_id)
        return _job(job)

    @domain_errors
    async def add_alias(
        self,
        ctx: McpContext,
        entity_id: Annotated[str, Field(description="The entity's id, from get_entity.")],
        alias: Annotated[str, Field(description="Another name the user uses for it.")],
        user_id: UserId = None,
    ) -> ToolResult:
        """Record another name for a known person, place or thing (a nickname, a short form), so later mentions
        under that name are recognised. Refused when the name already belongs to another entity."""
        context = self._context_of(ctx)
        user = context.user_or_bound(user_id)
        view = await context.service.add_alias(user_id=user, entity_id=entity_id, alias=alias)
        return {"entity": await self._entity(context, user, view)}

    # --- helpers -------------------------------------------------------------------------------

    @staticmethod
    async def _entity(context: Context, user: str, view: EntityView) -> ToolResult:
        service = context.service
        ids = [view.uid]
        aliases, impressions, features, relations = (
            (await service.aliases_of(user_id=user, ids=ids))[0],
            (await service.impressions_of(user_id=user, ids=ids))[0],
            (await service.features_of(user_id=user, ids=ids))[0],
            (await service.relations_of(user_id=user, ids=ids))[0],
        )
        return {
            "id": view.uid,
            "subject": view.subject,
            "kind": view.kind,
            "aliases": [a.name for a in aliases],
            "impressions": [i.content for i in impressions],
            "features": {f.key: f.value for f in features},
            "relations": [
                {"relation": r.relation, "other": r.other.subject, "direction": "out" if r.outgoing else "in"}
                for r in relations
            ],
        }


TOOLS: tuple[str, ...] = (
    "recall",
    "memory_context",
    "list_memories",
    "get_entity",
    "user_traits",
    "add_messages",
    "end_conversation",
    "add_alias",
)
"""The tools served, by method name (read tools first)."""

PENDING_TOOLS: tuple[str, ...] = ("remember", "forget_memory", "correct_memory")
"""Tools the issue asks for whose service operations do not exist yet (the lifecycle issue adds them)."""

READ_ONLY_TOOLS = frozenset({"recall", "memory_context", "list_memories", "get_entity", "user_traits"})
