"""The MCP tools: what an agent can do with graphsvc, each a thin call of the service front door.

Every tool takes an optional ``user_id``: a caller bound to one user (a user API key, a user token,
``graphsvc mcp --user U``) leaves it out; an admin caller passes it. Scoping goes through
:class:`graphsvc.api.context.Context`, exactly as GraphQL does, and a domain error comes back as an MCP tool
error (``isError``) with the same ``code`` and ``suggestion`` as the GraphQL error would carry.

Arguments that do not fit a tool's input schema come back the same way, as ``INVALID_INPUT`` naming each field
(:func:`invalid_arguments`), never as the validator's raw text. A tool's description is its docstring, dedented
(:func:`description_of`).

Adding a tool is one method on :class:`MemoryTools` plus its line in :data:`TOOLS`. The lifecycle tools
(``remember``, ``correct_memory``, ``forget_memory``) record ``agent`` as the actor of what they change, so a
later review tells an agent's edits from the user's own.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal, ParamSpec

from mcp.server.mcpserver import Context as McpContext
from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel, Field, ValidationError

from graphsvc.api.context import Context
from graphsvc.api.trace_ops import explain
from graphsvc.conversation import Turn
from graphsvc.errors import GraphsvcError
from graphsvc.rulebook import book
from graphsvc.service.views import (
    BeliefTime,
    ContextLine,
    DocumentView,
    EntityView,
    ExtractionTraceView,
    ForgetResult,
    HistoryView,
    HitExplanation,
    JobRow,
    MemoryProvenance,
    MemoryView,
    MessageIn,
    RecallHit,
    TraitView,
)

P = ParamSpec("P")
ToolResult = dict[str, Any]

UserId = Annotated[
    str | None,
    Field(
        description="The user whose memory to use. Leave it out when connected with a user key (it is implied). "
        "A group's id (group:<name>) or an agent's (agent:<name>) uses that shared space instead, for its members "
        "or its owner."
    ),
]
IncludeGroups = Annotated[
    bool, Field(description="Also search the spaces of the groups the user is a member of (each result says whose).")
]
AgentId = Annotated[
    str | None,
    Field(
        description="Also search this agent's space (agent:<name>): the procedures and lessons it keeps about doing "
        "its job. Only for its owner."
    ),
]
SessionId = Annotated[str, Field(description="The conversation's id, chosen by you; the same id for every turn.")]
MemoryId = Annotated[str, Field(description="The memory's id, as recall or list_memories return it.")]
MemoryTypeArg = Literal["fact", "preference", "goal", "pain_point", "event"]
ACTOR = "agent"
"""Who the history of a memory names for the changes these tools make."""


class MessageArg(BaseModel):
    """One conversation turn for ``add_messages``."""

    role: Literal["user", "assistant", "system"] = Field(description="Who spoke.")
    content: str = Field(description="The message text, verbatim.")
    occurred_at: datetime | None = Field(default=None, description="When it was said (ISO-8601); default now.")
    speaker: str | None = Field(default=None, description="The speaker's name, if known.")
    message_id: str | None = Field(default=None, description="Your stable id for the message (makes retries safe).")
    speaker_id: str | None = Field(
        default=None,
        description="The speaker's user id, if known. In a group's conversation it must name a member: what they "
        "say there also becomes their own memory.",
    )


class TurnArg(BaseModel):
    """One turn of the conversation so far, for ``recall`` and ``memory_context``."""

    role: Literal["user", "assistant", "system"] = Field(description="Who spoke.")
    content: str = Field(description="The message text.")
    speaker: str | None = Field(default=None, description="The speaker's name, if known.")


Conversation = Annotated[
    list[TurnArg] | None,
    Field(
        description="The conversation so far, oldest turn first (the service decides how many of the latest "
        "turns count). Give it, a query, or both."
    ),
]


def _turns(conversation: list[TurnArg] | None) -> list[Turn] | None:
    return None if conversation is None else [Turn(t.role, t.content, t.speaker) for t in conversation]


def tool_error(exc: GraphsvcError) -> CallToolResult:
    """A domain error as an MCP tool error: the GraphQL error's code, message and suggestion."""
    return error_result(exc.code, exc.message, exc.suggestion)


def error_result(code: str, message: str, suggestion: str | None) -> CallToolResult:
    """An MCP tool error (``isError``): ``{code, message, suggestion}`` as structured content, and as text
    ``CODE: message`` with a ``Suggestion:`` line."""
    text = f"{code}: {message}" + (f"\nSuggestion: {suggestion}" if suggestion else "")
    body = {"code": code, "message": message, "suggestion": suggestion}
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=body, is_error=True)


def invalid_arguments(tool: str, exc: ValidationError, input_schema: dict[str, Any]) -> CallToolResult:
    """Arguments the tool's input schema refuses, as ``INVALID_INPUT``: each field with what is wrong, never the
    values sent (pydantic's own text echoes them); the suggestion names the required arguments."""
    problems = [f"{'.'.join(str(p) for p in e['loc']) or '(arguments)'}: {e['msg']}" for e in exc.errors()]
    required = input_schema.get("required") or []
    fix = f"call {tool} with the arguments its inputSchema (tools/list) describes"
    if required:
        fix += f"; required: {', '.join(required)}"
    return error_result("INVALID_INPUT", f"arguments of {tool}: " + "; ".join(problems), fix)


def description_of(tool: Callable[..., Any]) -> str:
    """A tool's docstring as the model reads it in ``tools/list``: dedented, no leading or trailing blank."""
    return inspect.cleandoc(tool.__doc__ or "")


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
    out: ToolResult = {
        "id": hit.uid,
        "kind": hit.kind,
        "content": hit.content,
        "score": round(hit.score, 4),
        "occurred_at": hit.occurred_at.isoformat() if hit.occurred_at else None,
        "last_confirmed_at": hit.last_confirmed_at.isoformat() if hit.last_confirmed_at else None,
        "memory_type": hit.memory_type,
        "entity": hit.entity,
        "source_message_ids": hit.source_message_ids,
        "space": hit.space,
    }
    if hit.explanation is not None:
        out["explanation"] = _explanation(hit.explanation, final_score=hit.score)
    return out


def _context_line(line: ContextLine) -> ToolResult:
    """Why one line memory_context considered is in its block or not (:class:`graphsvc.pipeline.recall.context.
    ContextLine`)."""
    out: ToolResult = {
        "section": line.section,
        "id": line.uid,
        "kind": line.kind,
        "text": line.text,
        "included": line.included,
        "reason": line.reason,
        "rank": line.rank,
    }
    if line.score is not None:
        out |= {"score": round(line.score, 4), "space": line.space}
    if line.explanation is not None and line.score is not None:
        out["explanation"] = _explanation(line.explanation, final_score=line.score)
    return out


def _explanation(explanation: HitExplanation, *, final_score: float) -> ToolResult:
    """Why a hit ranked where it did, unrounded so the parts recompute ``final_score``
    (:mod:`graphsvc.pipeline.recall.explain`)."""
    return {
        "channels": [
            {"channel": c.channel, "rank": c.rank, "contribution": c.contribution} for c in explanation.channels
        ],
        "fusion": explanation.fusion,
        "fused_score": explanation.fused_score,
        "adjustments": [{k: v for k, v in asdict(a).items() if v is not None} for a in explanation.adjustments],
        "final_score": final_score,
    }


def _memory(memory: MemoryView) -> ToolResult:
    return {
        "id": memory.uid,
        "type": memory.memory_type,
        "content": memory.content,
        "status": memory.status,
        "importance": memory.importance,
        "occurred_at": memory.occurred_at.isoformat() if memory.occurred_at else None,
        "valid_from": memory.valid_from.isoformat() if memory.valid_from else None,
        "valid_to": memory.valid_to.isoformat() if memory.valid_to else None,
        "source_message_ids": memory.source_message_ids,
    }


def _provenance(why: MemoryProvenance) -> ToolResult:
    """What made a memory (the rule with its measured precision, or the LLM's model), from which messages in which
    job, and the traits resting on it."""
    measured = book.measurements().get(why.memory.rule_id) if why.memory.rule_id else None
    return {
        "made_by": why.made_by,
        "rule": None
        if why.memory.rule_id is None
        else {"id": why.memory.rule_id, "measured_precision": measured.precision if measured is not None else None},
        "steps": [
            {
                "session_id": step.session_id,
                "message_id": step.message_id,
                "job_id": step.job_uid,
                "extractor": step.extractor,
                "llm_model": step.llm_model,
                "outcomes": [d.outcome for d in step.decisions],
            }
            for step in why.steps
        ],
        "traits": [{"id": t.uid, "content": t.content, "supports": t.supports} for t in why.traits],
    }


def _trace(trace: ExtractionTraceView) -> ToolResult:
    """One message's trace, compact: who decided (the rulebook or the LLM and its model), the rule that refused the
    whole message, and each judged piece with its outcome, rule and reason (absent fields left out)."""
    out: ToolResult = {
        "message_id": trace.message_id,
        "role": trace.role,
        "occurred_at": trace.occurred_at.isoformat() if trace.occurred_at else None,
        "extractor": trace.extractor,
        "decisions": [
            {
                k: v
                for k, v in {
                    "outcome": d.outcome,
                    "sentence": d.sentence,
                    "piece": d.piece if d.piece != d.sentence else None,
                    "rule_id": d.rule_id,
                    "memory_id": d.memory_uid,
                    "candidate_id": d.candidate_uid,
                    "reason": explain(d),
                }.items()
                if v is not None
            }
            for d in trace.decisions
        ],
    }
    if trace.llm_model:
        out["llm_model"] = trace.llm_model
    if trace.fallback_reason:
        out["fallback_reason"] = trace.fallback_reason
    if not trace.source:
        out["not_remembered"] = "an assistant's or system's turn: never a source of memories"
    if trace.refused_by:  # the whole message (a prompt injection): its sentences were not judged
        rule = book.by_id().get(trace.refused_by)
        out["refused_by"] = trace.refused_by
        out["reason"] = f"Not remembered: the whole message was refused{f': {rule.description}' if rule else ''}"
    return out


def _removed(result: ForgetResult) -> ToolResult:
    """The non-zero counts of a forget (what went or changed, by kind)."""
    return {k: v for k, v in result.as_dict().items() if k != "complete" and v}


def _job(job: JobRow) -> ToolResult:
    return {"job_id": job.uid, "status": job.status, "session_id": job.session_id, "error": job.error}


def _history(entry: HistoryView) -> ToolResult:
    return {
        "event": entry.event,
        "actor": entry.actor,
        "at": entry.created_at.isoformat(),
        "old_value": entry.old_value,
        "new_value": entry.new_value,
        "reason": entry.reason,
    }


def _document(document: DocumentView, *, changed: bool) -> ToolResult:
    return {
        "id": document.uid,
        "source_id": document.source_id,
        "filename": document.filename,
        "title": document.title,
        "format": document.format,
        "version": document.version,
        "chunks": document.chunks,
        "changed": changed,
    }


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
        query: Annotated[str | None, Field(description="What you want to know, in the user's words or yours.")] = None,
        conversation: Conversation = None,
        user_id: UserId = None,
        limit: Annotated[int, Field(description="How many results (1-100).", ge=1, le=100)] = 10,
        explain: Annotated[
            bool,
            Field(
                description="Also say why each result ranked where it did: each search channel's rank and part "
                "of the fused score, and every rule that changed the score."
            ),
        ] = False,
        include_groups: IncludeGroups = False,
        agent_id: AgentId = None,
    ) -> ToolResult:
        """Search what you know about the user: memories, past messages, impressions of people and places, and
        traits, best match first, each with the ids of the messages it came from and the memory space it is in
        (the user's own, a group's, an agent's). Use it before answering anything that depends on the user's
        past, preferences or circumstances."""
        context = self._context_of(ctx)
        user = context.user_or_bound(user_id)
        hits = await context.service.recall(
            user_id=user,
            query=query,
            conversation=_turns(conversation),
            limit=limit,
            explain=explain,
            spaces=await context.shared_spaces(user, include_groups=include_groups, agent_id=agent_id),
        )
        return {"hits": [_hit(h) for h in hits]}

    @domain_errors
    async def memory_context(
        self,
        ctx: McpContext,
        query: Annotated[str | None, Field(description="The topic of the coming answer or conversation.")] = None,
        conversation: Conversation = None,
        user_id: UserId = None,
        max_tokens: Annotated[int, Field(description="Token budget of the block.", ge=50, le=8000)] = 1000,
        include_groups: IncludeGroups = False,
        agent_id: AgentId = None,
        explain: Annotated[
            bool,
            Field(
                description="Also say why each line considered is in the block or was left out: its section, "
                "and for a recalled line its rank, score and how recall ranked it."
            ),
        ] = False,
    ) -> ToolResult:
        """Get one prompt-ready text block about the user for a topic: their established traits, the relevant
        memories with dates, and the latest messages of recent conversations, within a token budget (with a
        section per group or agent space asked for). Use it at the start of a conversation or task to load what
        matters, instead of several recall calls."""
        context = self._context_of(ctx)
        user = context.user_or_bound(user_id)
        block = await context.service.memory_context(
            user_id=user,
            query=query,
            conversation=_turns(conversation),
            max_tokens=max_tokens,
            spaces=await context.shared_spaces(user, include_groups=include_groups, agent_id=agent_id),
            explain=explain,
        )
        out: ToolResult = {"text": block.text, "tokens": block.tokens, "memory_ids": block.memory_ids}
        if explain:
            out["lines"] = [_context_line(line) for line in block.lines]
        return out

    @domain_errors
    async def list_memories(
        self,
        ctx: McpContext,
        user_id: UserId = None,
        type: Annotated[MemoryTypeArg | None, Field(description="Only memories of this type.")] = None,
        limit: Annotated[int, Field(description="Page size (1-500).", ge=1, le=500)] = 50,
        after: Annotated[str | None, Field(description="The next_cursor of the previous page.")] = None,
    ) -> ToolResult:
        """List the memories stored about the user, newest first, a page at a time (not ranked by a query: use
        recall to search). Use it to review or audit what is remembered."""
        context = self._context_of(ctx)
        page = await context.service.memories(
            user_id=context.user_or_bound(user_id), memory_type=type, limit=limit, after=after
        )
        return {"memories": [_memory(m) for m in page.items], "next_cursor": page.next_cursor}

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
    async def list_entities(
        self,
        ctx: McpContext,
        search: Annotated[
            str | None, Field(description="A name or part of one: best matches first. Leave it out to list all.")
        ] = None,
        user_id: UserId = None,
        limit: Annotated[int, Field(description="Page size (1-100).", ge=1, le=100)] = 20,
        after: Annotated[str | None, Field(description="The next_cursor of the previous page.")] = None,
    ) -> ToolResult:
        """List the people, places and things in the user's world, with their other names, a page at a time (by
        name, or best matches of a search first). Use it to find who or what the user might mean, then
        get_entity for the details of one."""
        context = self._context_of(ctx)
        user = context.user_or_bound(user_id)
        page = await context.service.entities(user_id=user, search=search, limit=limit, after=after)
        aliases = await context.service.aliases_of(user_id=user, ids=[e.uid for e in page.items])
        return {
            "entities": [
                {"id": e.uid, "subject": e.subject, "kind": e.kind, "aliases": [a.name for a in names]}
                for e, names in zip(page.items, aliases, strict=True)
            ],
            "next_cursor": page.next_cursor,
        }

    @domain_errors
    async def memory_history(self, ctx: McpContext, memory_id: MemoryId, user_id: UserId = None) -> ToolResult:
        """Show how one memory changed over time, oldest first: when it was created, reinforced, corrected,
        superseded, archived or forgotten, by whom (user, agent, extraction), with the old and new value and
        the reason; and why it is believed: what made it (a rule of the offline rulebook with its measured
        precision, an LLM and its model, the user, an agent), the messages it was taken from in which job, and the
        traits resting on it. Use it when the user asks why you believe something or since when."""
        context = self._context_of(ctx)
        user = context.user_or_bound(user_id)
        entries = await context.service.memory_history(user_id=user, memory_id=memory_id)
        why = await context.service.memory_provenance(user_id=user, memory_id=memory_id)
        return {"memory_id": memory_id, "history": [_history(e) for e in entries], "provenance": _provenance(why)}

    @domain_errors
    async def extraction_trace(
        self,
        ctx: McpContext,
        session_id: Annotated[str, Field(description="The conversation's id, as given to add_messages.")],
        user_id: UserId = None,
        message_id: Annotated[
            str | None, Field(description="Only this message of the conversation (its message_id).")
        ] = None,
        limit: Annotated[int, Field(description="At most this many messages (1-500).", ge=1, le=500)] = 200,
    ) -> ToolResult:
        """Explain what was and was not remembered from a conversation: for each message (in order), each
        sentence or piece of it that was judged, with the outcome (created, reinforced, merged, candidate,
        refused, not_kept, dropped), the rule that decided (rule_id) and the reason in words; the memory_id of what
        was kept. Use it when the user asks why something they said was not remembered. Empty before the
        conversation's extraction ran (end_conversation), for forgotten messages, and once traces are pruned."""
        context = self._context_of(ctx)
        traces = await context.service.extraction_trace(
            user_id=context.user_or_bound(user_id), session_id=session_id, message_id=message_id, limit=limit
        )
        return {"session_id": session_id, "messages": [_trace(t) for t in traces]}

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
                speaker_id=m.speaker_id,
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

    @domain_errors
    async def ingest_document(
        self,
        ctx: McpContext,
        filename: Annotated[
            str, Field(description="The file's name; its extension names the format (notes.md, report.pdf).")
        ],
        text: Annotated[
            str | None, Field(description="The document as text (Markdown, plain text, CSV, HTML).")
        ] = None,
        content_base64: Annotated[
            str | None, Field(description="Or the file's bytes, base64 (PDF, DOCX, XLSX...).")
        ] = None,
        mime_type: Annotated[str | None, Field(description="The format, when the filename does not say it.")] = None,
        source_id: Annotated[
            str | None,
            Field(
                description="Your stable id of the document (default: the filename); the same id with other "
                "content stores a new version."
            ),
        ] = None,
        user_id: UserId = None,
    ) -> ToolResult:
        """Store a document the user shares (notes, a report, a spreadsheet) so its content can be recalled
        later: give its text, or its bytes as base64. It is split by its headings and searchable at once; the
        people, places and statements in it are picked up in the background. The same content again changes
        nothing; other content under the same source_id is a new version."""
        context = self._context_of(ctx)
        outcome = await context.service.ingest_document(
            user_id=context.user_or_bound(user_id),
            filename=filename,
            mime_type=mime_type,
            content_base64=content_base64,
            text=text,
            source_id=source_id,
        )
        return {"document": _document(outcome.document, changed=outcome.changed)}

    @domain_errors
    async def remember(
        self,
        ctx: McpContext,
        content: Annotated[
            str, Field(description="The memory as one short self-contained statement, e.g. 'Ana is allergic to nuts.'")
        ],
        type: Annotated[
            MemoryTypeArg | None,
            Field(
                description="fact, preference, goal, pain_point (a problem or worry) or event (something that "
                "happened; give occurred_at). Leave it out to have it inferred from the content."
            ),
        ] = None,
        source: Annotated[
            Literal["user", "agent"],
            Field(description="user (the default): the user said or confirmed it; agent: your own inference or guess."),
        ] = "user",
        user_id: UserId = None,
        occurred_at: Annotated[
            datetime | None, Field(description="When it happened or started to hold (ISO-8601); default now.")
        ] = None,
        importance: Annotated[float | None, Field(description="0 (trivia) to 1 (vital).", ge=0, le=1)] = None,
    ) -> ToolResult:
        """Store one memory right away, without waiting for the conversation to end. Use it when the user asks
        you to remember something, or states a fact, preference or plan that matters later. A repeat of a known
        memory reinforces it instead of duplicating it, and a new value of the same thing (a new address, job
        or partner) supersedes the old one. To fix a wrong memory use correct_memory instead. Without a type it
        is inferred from the content; without a source the user is taken to have said it."""
        context = self._context_of(ctx)
        view = await context.service.remember(
            user_id=context.user_or_bound(user_id),
            content=content,
            memory_type=type,
            source=source,
            occurred_at=occurred_at,
            importance=importance,
        )
        return {"memory": _memory(view)}

    @domain_errors
    async def correct_memory(
        self,
        ctx: McpContext,
        memory_id: MemoryId,
        content: Annotated[str, Field(description="The corrected statement, in full.")],
        user_id: UserId = None,
    ) -> ToolResult:
        """Replace a wrong or outdated memory with a corrected version. Use it when the user says something you
        remember is wrong ("no, my sister is called Lea, not Lisa"). The old version is kept as superseded, with
        its history, and no longer recalled as current."""
        context = self._context_of(ctx)
        view = await context.service.correct_memory(
            user_id=context.user_or_bound(user_id), memory_id=memory_id, content=content, actor=ACTOR
        )
        return {"memory": _memory(view), "replaces": memory_id}

    @domain_errors
    async def forget_memory(
        self,
        ctx: McpContext,
        memory_id: MemoryId,
        user_id: UserId = None,
        reason: Annotated[str | None, Field(description="Why, in a few words (kept in the history).")] = None,
    ) -> ToolResult:
        """Forget one memory for good: its text is deleted (a tombstone without content stays), and the traits
        inferred from it are re-scored. Use it only when the user asks you to forget something or says it must
        not be kept; to fix a memory use correct_memory. The messages it came from stay."""
        context = self._context_of(ctx)
        result = await context.service.forget_memory(
            user_id=context.user_or_bound(user_id), memory_id=memory_id, reason=reason, actor=ACTOR
        )
        return {"forgotten": memory_id, "changed": _removed(result)}

    @domain_errors
    async def what_changed(
        self,
        ctx: McpContext,
        user_id: UserId = None,
        days: Annotated[
            int, Field(description="How many days back from now (default 7: this week).", ge=1, le=366)
        ] = 7,
        limit: Annotated[int, Field(description="At most this many changes, oldest first.", ge=1, le=200)] = 50,
        after: Annotated[str | None, Field(description="The previous answer's next_cursor, for more.")] = None,
        by: Annotated[
            BeliefTime,
            Field(
                description="Which time the days count and order by: recorded (the default, when graphsvc made the "
                "change) or happened (when what it is about was said or done, e.g. for an imported history)."
            ),
        ] = "recorded",
    ) -> ToolResult:
        """What changed in what you know about the user over the last days, oldest first: memories created,
        superseded by a newer value, corrected, forgotten (without their text), archived or restored, and traits
        that moved to another stage; each with who made the change, the old and new value, when it was recorded
        (``at``) and when what it is about happened (``happened_at``: when the user said it). Use it when the
        user asks what you learned or changed about them, or to catch up after a while."""
        context = self._context_of(ctx)
        end = datetime.now(UTC)
        page = await context.service.belief_changes(
            user_id=context.user_or_bound(user_id),
            start=end - timedelta(days=days),
            end=end,
            limit=limit,
            after=after,
            by=by,
        )
        changes = [
            {
                "at": c.at.isoformat(),
                "happened_at": c.happened_at.isoformat() if c.happened_at else None,
                "kind": c.kind,
                "id": c.target_uid,
                "change": c.change,
                "actor": c.actor,
                "old_value": c.old_value,
                "new_value": c.new_value,
                "evidence_ids": c.evidence_uids,
            }
            for c in page.items
        ]
        return {"changes": changes, "next_cursor": page.next_cursor}

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
    "memory_history",
    "extraction_trace",
    "get_entity",
    "list_entities",
    "user_traits",
    "add_messages",
    "end_conversation",
    "ingest_document",
    "add_alias",
    "remember",
    "correct_memory",
    "forget_memory",
    "what_changed",
)
"""The tools served, by method name (read tools first)."""

READ_ONLY_TOOLS = frozenset(
    {
        "recall",
        "memory_context",
        "list_memories",
        "memory_history",
        "extraction_trace",
        "get_entity",
        "list_entities",
        "user_traits",
        "what_changed",
    }
)
DESTRUCTIVE_TOOLS = frozenset({"forget_memory"})
"""Tools that delete what they act on (MCP's ``destructiveHint``): clients may ask the user first."""
