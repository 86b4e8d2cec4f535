"""``Graphsvc`` (sync) and ``AsyncGraphsvc`` (async): one method per operation, over httpx.

Both build the same :class:`Operation` (document, variables, how to parse the answer) in :class:`_Operations`;
they differ only in how the request is sent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar, cast

import httpx
from pydantic import TypeAdapter

from graphsvc_client import operations as ops
from graphsvc_client.generated.aio import AsyncGraphsvcApi
from graphsvc_client.generated.sync import GraphsvcApi
from graphsvc_client.models import (
    Agent,
    BeliefChanges,
    BeliefTime,
    ExtractionTrace,
    ForgetResult,
    Group,
    IngestResult,
    Job,
    Memory,
    MemoryContext,
    MemoryProvenance,
    MemoryType,
    Message,
    RecallHit,
    RememberSource,
    SourceType,
    Turn,
)

T = TypeVar("T")


class GraphsvcError(Exception):
    """An error answered by the service.

    Attributes:
        code: the service's code (``FORBIDDEN``, ``NOT_FOUND``, ``INVALID_INPUT``, ``UNAUTHENTICATED``,
            ``RATE_LIMITED``, ``INTERNAL``...), or ``HTTP_<status>`` for an answer without one.
        suggestion: how to fix it, when the service says.
        retry_after_s: for ``RATE_LIMITED``, seconds to wait (the ``Retry-After`` header).
    """

    def __init__(
        self, code: str, message: str, suggestion: str | None = None, *, retry_after_s: int | None = None
    ) -> None:
        super().__init__(f"{code}: {message}" + (f" ({suggestion})" if suggestion else ""))
        self.code = code
        self.message = message
        self.suggestion = suggestion
        self.retry_after_s = retry_after_s


@dataclass(frozen=True)
class Operation(Generic[T]):
    """One GraphQL request and the type of its root field's value."""

    document: str
    variables: dict[str, Any]
    field: str
    result: TypeAdapter[T]

    def payload(self) -> dict[str, Any]:
        return {"query": self.document, "variables": self.variables}

    def parse(self, response: httpx.Response) -> T:
        """The root field's value.

        Raises:
            GraphsvcError: the answer carries an error (HTTP 401/429 included), or is not GraphQL.
        """
        try:
            body = response.json()
        except ValueError:
            raise GraphsvcError(f"HTTP_{response.status_code}", response.text[:200]) from None
        errors = body.get("errors") if isinstance(body, dict) else None
        if errors:
            first = errors[0]
            extensions = first.get("extensions") or {}
            retry = response.headers.get("retry-after")
            raise GraphsvcError(
                str(extensions.get("code", f"HTTP_{response.status_code}")),
                str(first.get("message", "")),
                extensions.get("suggestion"),
                retry_after_s=int(retry) if retry and retry.isdigit() else None,
            )
        if response.status_code != 200 or not isinstance(body, dict) or "data" not in body:
            raise GraphsvcError(f"HTTP_{response.status_code}", response.text[:200])
        return self.result.validate_python(body["data"][self.field])


_INGEST = TypeAdapter(IngestResult)
_JOB = TypeAdapter(Job)
_HITS = TypeAdapter(list[RecallHit])
_CONTEXT = TypeAdapter(MemoryContext)
_MEMORY = TypeAdapter(Memory)
_FORGET = TypeAdapter(ForgetResult)
_CHANGES = TypeAdapter(BeliefChanges)
_TRACES = TypeAdapter(list[ExtractionTrace])
_PROVENANCE = TypeAdapter(MemoryProvenance)
_GROUP = TypeAdapter(Group)
_GROUPS = TypeAdapter(list[Group])
_AGENT = TypeAdapter(Agent)
_AGENTS = TypeAdapter(list[Agent])


class _Operations:
    """The operations, built the same way for both clients."""

    def __init__(self, user_id: str | None) -> None:
        self.user_id = user_id

    def _user(self, user_id: str | None) -> str:
        chosen = user_id or self.user_id
        if not chosen:
            raise ValueError("no user: pass user_id, or give the client a default user_id")
        return chosen

    def _add_messages(
        self, session_id: str, messages: Sequence[Message], user_id: str | None
    ) -> Operation[IngestResult]:
        wire = [m.model_dump(mode="json", by_alias=True) for m in messages]
        variables = {"input": {"userId": self._user(user_id), "sessionId": session_id, "messages": wire}}
        return Operation(ops.ADD_MESSAGES, variables, "ingestMessages", _INGEST)

    def _end_conversation(self, session_id: str, user_id: str | None) -> Operation[Job]:
        variables = {"userId": self._user(user_id), "sessionId": session_id}
        return Operation(ops.END_CONVERSATION, variables, "endConversation", _JOB)

    def _recall(
        self,
        query: str | None,
        conversation: Sequence[Turn] | None,
        user_id: str | None,
        limit: int,
        explain: bool,
        include_groups: bool,
        agent_id: str | None,
    ) -> Operation[list[RecallHit]]:
        variables = {
            "userId": self._user(user_id),
            **_asked(query, conversation),
            "limit": limit,
            "explain": explain,
            "includeGroups": include_groups,
            "agentId": agent_id,
        }
        return Operation(ops.RECALL, variables, "recall", _HITS)

    def _memory_context(
        self,
        query: str | None,
        conversation: Sequence[Turn] | None,
        user_id: str | None,
        max_tokens: int,
        include_groups: bool,
        agent_id: str | None,
    ) -> Operation[MemoryContext]:
        variables = {
            "userId": self._user(user_id),
            **_asked(query, conversation),
            "maxTokens": max_tokens,
            "includeGroups": include_groups,
            "agentId": agent_id,
        }
        return Operation(ops.MEMORY_CONTEXT, variables, "memoryContext", _CONTEXT)

    def _job(self, job_id: str, user_id: str | None) -> Operation[Job]:
        return Operation(ops.JOB, {"id": job_id, "userId": user_id or self.user_id}, "job", _JOB)

    def _remember(
        self,
        content: str,
        user_id: str | None,
        memory_type: MemoryType,
        source: RememberSource,
        occurred_at: datetime | None,
        importance: float | None,
    ) -> Operation[Memory]:
        remembered = {
            "userId": self._user(user_id),
            "content": content,
            "type": memory_type,
            "source": source,
            "occurredAt": occurred_at.isoformat() if occurred_at else None,
            "importance": importance,
        }
        return Operation(ops.REMEMBER, {"input": remembered}, "remember", _MEMORY)

    def _correct_memory(self, memory_id: str, content: str, user_id: str | None) -> Operation[Memory]:
        variables = {"userId": self._user(user_id), "memoryId": memory_id, "content": content}
        return Operation(ops.CORRECT_MEMORY, variables, "correctMemory", _MEMORY)

    def _forget_memory(
        self, memory_id: str, user_id: str | None, reason: str | None, keep_sources: bool
    ) -> Operation[ForgetResult]:
        variables = {
            "userId": self._user(user_id),
            "memoryId": memory_id,
            "reason": reason,
            "keepSources": keep_sources,
        }
        return Operation(ops.FORGET_MEMORY, variables, "forgetMemory", _FORGET)

    def _forget_events(
        self, source_type: SourceType, source_ids: Sequence[str], user_id: str | None
    ) -> Operation[ForgetResult]:
        variables = {"userId": self._user(user_id), "sourceType": source_type, "sourceIds": list(source_ids)}
        return Operation(ops.FORGET_EVENTS, variables, "forgetEvents", _FORGET)

    def _forget_document(self, document_id: str, user_id: str | None) -> Operation[ForgetResult]:
        variables = {"userId": self._user(user_id), "documentId": document_id}
        return Operation(ops.FORGET_DOCUMENT, variables, "forgetDocument", _FORGET)

    def _belief_changes(
        self,
        user_id: str | None,
        since: datetime | None,
        until: datetime | None,
        limit: int,
        after: str | None,
        by: BeliefTime,
    ) -> Operation[BeliefChanges]:
        variables = {
            "userId": self._user(user_id),
            "from": since.isoformat() if since else None,
            "to": until.isoformat() if until else None,
            "limit": limit,
            "after": after,
            "by": by,
        }
        return Operation(ops.BELIEF_CHANGES, variables, "beliefChanges", _CHANGES)

    def _extraction_trace(
        self, session_id: str, message_id: str | None, user_id: str | None, limit: int
    ) -> Operation[list[ExtractionTrace]]:
        variables = {"userId": self._user(user_id), "sessionId": session_id, "messageId": message_id, "limit": limit}
        return Operation(ops.EXTRACTION_TRACE, variables, "extractionTrace", _TRACES)

    def _memory_provenance(self, memory_id: str, user_id: str | None) -> Operation[MemoryProvenance]:
        variables = {"userId": self._user(user_id), "memoryId": memory_id}
        return Operation(ops.MEMORY_PROVENANCE, variables, "memoryProvenance", _PROVENANCE)

    def _create_group(self, group_id: str, name: str | None, created_by: str | None) -> Operation[Group]:
        variables = {"groupId": group_id, "name": name, "createdBy": created_by}
        return Operation(ops.CREATE_GROUP, variables, "createGroup", _GROUP)

    def _add_group_member(self, group_id: str, user_id: str) -> Operation[Group]:
        return Operation(ops.ADD_GROUP_MEMBER, {"groupId": group_id, "userId": user_id}, "addGroupMember", _GROUP)

    def _remove_group_member(self, group_id: str, user_id: str) -> Operation[Group]:
        variables = {"groupId": group_id, "userId": user_id}
        return Operation(ops.REMOVE_GROUP_MEMBER, variables, "removeGroupMember", _GROUP)

    def _group(self, group_id: str) -> Operation[Group]:
        return Operation(ops.GROUP, {"groupId": group_id}, "group", _GROUP)

    def _groups(self, user_id: str | None) -> Operation[list[Group]]:
        return Operation(ops.GROUPS, {"userId": self._user(user_id)}, "groups", _GROUPS)

    def _create_agent(self, agent_id: str, owner_id: str | None, name: str | None) -> Operation[Agent]:
        variables = {"agentId": agent_id, "ownerId": self._user(owner_id), "name": name}
        return Operation(ops.CREATE_AGENT, variables, "createAgent", _AGENT)

    def _agents(self, owner_id: str | None) -> Operation[list[Agent]]:
        return Operation(ops.AGENTS, {"ownerId": self._user(owner_id)}, "agents", _AGENTS)


def _asked(query: str | None, conversation: Sequence[Turn] | None) -> dict[str, Any]:
    """The ``query`` and ``conversation`` variables; the service refuses a call with neither."""
    turns = None if conversation is None else [t.model_dump(mode="json", by_alias=True) for t in conversation]
    return {"query": query, "conversation": turns}


def _headers(api_key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {api_key}"} if api_key else {}


class Graphsvc(_Operations):
    """The synchronous client.

    Args:
        url: the service's base URL (``http://127.0.0.1:8000``).
        api_key: a key from ``graphsvc keys create`` (or a JWT); None when the service runs without auth.
        user_id: the default user of every call.
        timeout_s: per request.
        transport: an httpx transport (tests).

    Attributes:
        api: every query and mutation of the schema, one typed method each (:class:`GraphsvcApi`, generated by
            ariadne-codegen), over this client's connection, key and timeout. It raises ariadne-codegen's
            ``GraphQLClientGraphQLMultiError`` (each error's ``extensions`` carries ``code`` and ``suggestion``)
            and ``GraphQLClientHttpError`` (401, 429...).
    """

    def __init__(
        self,
        url: str,
        api_key: str | None = None,
        *,
        user_id: str | None = None,
        timeout_s: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        super().__init__(user_id)
        self._http = httpx.Client(
            base_url=url.rstrip("/"), headers=_headers(api_key), timeout=timeout_s, transport=transport
        )
        # the generated client's HttpClient protocol spells post's parameters more loosely than httpx does
        self.api = GraphsvcApi(url="/graphql", http_client=cast(Any, self._http))

    def __enter__(self) -> Graphsvc:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _run(self, operation: Operation[T]) -> T:
        return operation.parse(self._http.post("/graphql", json=operation.payload()))

    def add_messages(self, session_id: str, messages: Sequence[Message], *, user_id: str | None = None) -> IngestResult:
        """Store conversation turns (idempotent by ``message_id``)."""
        return self._run(self._add_messages(session_id, messages, user_id))

    def end_conversation(self, session_id: str, *, user_id: str | None = None) -> Job:
        """End a conversation; its memories are extracted by a background job (returned, PENDING)."""
        return self._run(self._end_conversation(session_id, user_id))

    def recall(
        self,
        query: str | None = None,
        *,
        conversation: Sequence[Turn] | None = None,
        user_id: str | None = None,
        limit: int = 10,
        explain: bool = False,
        include_groups: bool = False,
        agent_id: str | None = None,
    ) -> list[RecallHit]:
        """Ranked memories, events, impressions and traits for a query and/or the conversation so far
        (oldest turn first; at least one of the two); with ``explain``, each hit's ``explanation``. With
        ``include_groups``, also the spaces of the groups the user is a member of; with ``agent_id``
        (``agent:<name>``), also that agent's space; each hit's ``space`` and ``space_kind`` say where it came
        from. Raises the service's FORBIDDEN error for an agent the caller may not use, INVALID_INPUT for one
        not registered."""
        return self._run(self._recall(query, conversation, user_id, limit, explain, include_groups, agent_id))

    def memory_context(
        self,
        query: str | None = None,
        *,
        conversation: Sequence[Turn] | None = None,
        user_id: str | None = None,
        max_tokens: int = 1000,
        include_groups: bool = False,
        agent_id: str | None = None,
    ) -> MemoryContext:
        """A prompt-ready block about the user within ``max_tokens``, for a query and/or the conversation so far;
        with ``include_groups`` and ``agent_id`` (as for :meth:`recall`), a section per shared space."""
        return self._run(self._memory_context(query, conversation, user_id, max_tokens, include_groups, agent_id))

    def job(self, job_id: str, *, user_id: str | None = None) -> Job:
        """A background job by id."""
        return self._run(self._job(job_id, user_id))

    def remember(
        self,
        content: str,
        *,
        user_id: str | None = None,
        memory_type: MemoryType = "FACT",
        source: RememberSource = "USER",
        occurred_at: datetime | None = None,
        importance: float | None = None,
    ) -> Memory:
        """Store a memory now: ``source`` USER when the user said it, AGENT for your own inference. A repeat
        reinforces the memory it repeats; a new value of the same slot (where they live...) supersedes the old."""
        return self._run(self._remember(content, user_id, memory_type, source, occurred_at, importance))

    def correct_memory(self, memory_id: str, content: str, *, user_id: str | None = None) -> Memory:
        """Write a corrected version of a memory (returned); the old one becomes SUPERSEDED."""
        return self._run(self._correct_memory(memory_id, content, user_id))

    def forget_memory(
        self, memory_id: str, *, user_id: str | None = None, reason: str | None = None, keep_sources: bool = False
    ) -> ForgetResult:
        """Forget a memory (a tombstone without text stays) and re-score what was inferred from it. The messages
        and records that stated it keep no text either, unless ``keep_sources``."""
        return self._run(self._forget_memory(memory_id, user_id, reason, keep_sources))

    def forget_events(
        self, source_type: SourceType, source_ids: Sequence[str], *, user_id: str | None = None
    ) -> ForgetResult:
        """Delete records of one source (``NOTE``, ``TODO``...) by their ids, every version, and what rested on
        them."""
        return self._run(self._forget_events(source_type, source_ids, user_id))

    def forget_document(self, document_id: str, *, user_id: str | None = None) -> ForgetResult:
        """Delete a document (every version, its chunks) and what rested on it."""
        return self._run(self._forget_document(document_id, user_id))

    def belief_changes(
        self,
        *,
        user_id: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int = 50,
        after: str | None = None,
        by: BeliefTime = "RECORDED",
    ) -> BeliefChanges:
        """What changed about the user from ``since`` (default: a week before ``until``) to ``until`` (default:
        now), oldest first: memories created, superseded, corrected, forgotten, archived, restored; trait
        stage changes. ``by`` chooses the time ``since``/``until`` and the order use: ``RECORDED`` (``at``, when
        the service recorded the change) or ``HAPPENED`` (``happened_at``, when what it is about was said; an
        import of old conversations lands in the past). Pass the page's ``end_cursor`` as ``after`` for the next
        page (with the same ``by``)."""
        return self._run(self._belief_changes(user_id, since, until, limit, after, by))

    def extraction_trace(
        self, session_id: str, message_id: str | None = None, *, user_id: str | None = None, limit: int = 200
    ) -> list[ExtractionTrace]:
        """What the extraction decided about the messages of a conversation (of one message), in message order:
        each judged piece and its outcome (kept as which memory, reinforcing or superseding which, refused by
        which rule and why); empty before the conversation is extracted and after the traces' retention."""
        return self._run(self._extraction_trace(session_id, message_id, user_id, limit))

    def memory_provenance(self, memory_id: str, *, user_id: str | None = None) -> MemoryProvenance:
        """Why graphsvc believes a memory: what made it (a rule with its measured precision, an LLM and its model,
        the person, an agent), the extraction steps that created or reinforced it from which messages in which
        job, and the traits resting on it. Raises the service's NOT_FOUND error for a memory the user lacks."""
        return self._run(self._memory_provenance(memory_id, user_id))

    def create_group(self, group_id: str, *, name: str | None = None, created_by: str | None = None) -> Group:
        """Register a group (``group:<name>``); ``created_by`` (default: the user the key is bound to; none for
        an admin) is its first member. A group that exists is returned unchanged to a member; raises the
        service's CONFLICT error for anyone else, INVALID_INPUT for an id without ``group:``."""
        return self._run(self._create_group(group_id, name, created_by))

    def add_group_member(self, group_id: str, user_id: str) -> Group:
        """Make ``user_id`` a member of the group (returned): from their next request on they may read and write
        its space. Only a member (or an admin) may; raises FORBIDDEN otherwise, NOT_FOUND for no such group."""
        return self._run(self._add_group_member(group_id, user_id))

    def remove_group_member(self, group_id: str, user_id: str) -> Group:
        """End ``user_id``'s membership (the group is returned): from their next request on they can no longer
        read or write its space. Raises NOT_FOUND when they are not a member."""
        return self._run(self._remove_group_member(group_id, user_id))

    def group(self, group_id: str) -> Group:
        """One group with its members. Raises FORBIDDEN for a caller who is not a member, NOT_FOUND for no such
        group."""
        return self._run(self._group(group_id))

    def groups(self, *, user_id: str | None = None) -> list[Group]:
        """The groups a person (default: the client's user) is a member of, each with its members."""
        return self._run(self._groups(user_id))

    def create_agent(self, agent_id: str, *, owner_id: str | None = None, name: str | None = None) -> Agent:
        """Register an agent (``agent:<name>``) owned by ``owner_id`` (default: the client's user), who may then
        read and write its space (``remember(..., user_id=agent_id)``, ``recall(..., agent_id=...)``). Raises
        CONFLICT when it belongs to someone else, INVALID_INPUT for an id without ``agent:``."""
        return self._run(self._create_agent(agent_id, owner_id, name))

    def agents(self, *, owner_id: str | None = None) -> list[Agent]:
        """The agents a person (default: the client's user) owns."""
        return self._run(self._agents(owner_id))


class AsyncGraphsvc(_Operations):
    """The asynchronous client: the same methods as :class:`Graphsvc`, as coroutines; ``api`` is
    :class:`AsyncGraphsvcApi` (every operation, generated by ariadne-codegen) over this client's connection."""

    def __init__(
        self,
        url: str,
        api_key: str | None = None,
        *,
        user_id: str | None = None,
        timeout_s: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        super().__init__(user_id)
        self._http = httpx.AsyncClient(
            base_url=url.rstrip("/"), headers=_headers(api_key), timeout=timeout_s, transport=transport
        )
        self.api = AsyncGraphsvcApi(url="/graphql", http_client=cast(Any, self._http))

    async def __aenter__(self) -> AsyncGraphsvc:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _run(self, operation: Operation[T]) -> T:
        return operation.parse(await self._http.post("/graphql", json=operation.payload()))

    async def add_messages(
        self, session_id: str, messages: Sequence[Message], *, user_id: str | None = None
    ) -> IngestResult:
        """Store conversation turns (idempotent by ``message_id``)."""
        return await self._run(self._add_messages(session_id, messages, user_id))

    async def end_conversation(self, session_id: str, *, user_id: str | None = None) -> Job:
        """End a conversation; its memories are extracted by a background job (returned, PENDING)."""
        return await self._run(self._end_conversation(session_id, user_id))

    async def recall(
        self,
        query: str | None = None,
        *,
        conversation: Sequence[Turn] | None = None,
        user_id: str | None = None,
        limit: int = 10,
        explain: bool = False,
        include_groups: bool = False,
        agent_id: str | None = None,
    ) -> list[RecallHit]:
        """Ranked memories, events, impressions and traits, across the spaces asked for (see
        :meth:`Graphsvc.recall`)."""
        return await self._run(self._recall(query, conversation, user_id, limit, explain, include_groups, agent_id))

    async def memory_context(
        self,
        query: str | None = None,
        *,
        conversation: Sequence[Turn] | None = None,
        user_id: str | None = None,
        max_tokens: int = 1000,
        include_groups: bool = False,
        agent_id: str | None = None,
    ) -> MemoryContext:
        """A prompt-ready block about the user within ``max_tokens`` (see :meth:`Graphsvc.memory_context`)."""
        return await self._run(self._memory_context(query, conversation, user_id, max_tokens, include_groups, agent_id))

    async def job(self, job_id: str, *, user_id: str | None = None) -> Job:
        """A background job by id."""
        return await self._run(self._job(job_id, user_id))

    async def remember(
        self,
        content: str,
        *,
        user_id: str | None = None,
        memory_type: MemoryType = "FACT",
        source: RememberSource = "USER",
        occurred_at: datetime | None = None,
        importance: float | None = None,
    ) -> Memory:
        """Store a memory now: ``source`` USER when the user said it, AGENT for your own inference. A repeat
        reinforces the memory it repeats; a new value of the same slot (where they live...) supersedes the old."""
        return await self._run(self._remember(content, user_id, memory_type, source, occurred_at, importance))

    async def correct_memory(self, memory_id: str, content: str, *, user_id: str | None = None) -> Memory:
        """Write a corrected version of a memory (returned); the old one becomes SUPERSEDED."""
        return await self._run(self._correct_memory(memory_id, content, user_id))

    async def forget_memory(
        self, memory_id: str, *, user_id: str | None = None, reason: str | None = None, keep_sources: bool = False
    ) -> ForgetResult:
        """Forget a memory (a tombstone without text stays) and re-score what was inferred from it. The messages
        and records that stated it keep no text either, unless ``keep_sources``."""
        return await self._run(self._forget_memory(memory_id, user_id, reason, keep_sources))

    async def forget_events(
        self, source_type: SourceType, source_ids: Sequence[str], *, user_id: str | None = None
    ) -> ForgetResult:
        """Delete records of one source (``NOTE``, ``TODO``...) by their ids, every version, and what rested on
        them."""
        return await self._run(self._forget_events(source_type, source_ids, user_id))

    async def forget_document(self, document_id: str, *, user_id: str | None = None) -> ForgetResult:
        """Delete a document (every version, its chunks) and what rested on it."""
        return await self._run(self._forget_document(document_id, user_id))

    async def belief_changes(
        self,
        *,
        user_id: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int = 50,
        after: str | None = None,
        by: BeliefTime = "RECORDED",
    ) -> BeliefChanges:
        """What changed about the user, a page at a time (see :meth:`Graphsvc.belief_changes`)."""
        return await self._run(self._belief_changes(user_id, since, until, limit, after, by))

    async def extraction_trace(
        self, session_id: str, message_id: str | None = None, *, user_id: str | None = None, limit: int = 200
    ) -> list[ExtractionTrace]:
        """What the extraction decided about a conversation's messages (see :meth:`Graphsvc.extraction_trace`)."""
        return await self._run(self._extraction_trace(session_id, message_id, user_id, limit))

    async def memory_provenance(self, memory_id: str, *, user_id: str | None = None) -> MemoryProvenance:
        """Why graphsvc believes a memory (see :meth:`Graphsvc.memory_provenance`)."""
        return await self._run(self._memory_provenance(memory_id, user_id))

    async def create_group(self, group_id: str, *, name: str | None = None, created_by: str | None = None) -> Group:
        """Register a group (see :meth:`Graphsvc.create_group`)."""
        return await self._run(self._create_group(group_id, name, created_by))

    async def add_group_member(self, group_id: str, user_id: str) -> Group:
        """Make ``user_id`` a member of the group (see :meth:`Graphsvc.add_group_member`)."""
        return await self._run(self._add_group_member(group_id, user_id))

    async def remove_group_member(self, group_id: str, user_id: str) -> Group:
        """End ``user_id``'s membership (see :meth:`Graphsvc.remove_group_member`)."""
        return await self._run(self._remove_group_member(group_id, user_id))

    async def group(self, group_id: str) -> Group:
        """One group with its members (see :meth:`Graphsvc.group`)."""
        return await self._run(self._group(group_id))

    async def groups(self, *, user_id: str | None = None) -> list[Group]:
        """The groups a person is a member of (see :meth:`Graphsvc.groups`)."""
        return await self._run(self._groups(user_id))

    async def create_agent(self, agent_id: str, *, owner_id: str | None = None, name: str | None = None) -> Agent:
        """Register an agent (see :meth:`Graphsvc.create_agent`)."""
        return await self._run(self._create_agent(agent_id, owner_id, name))

    async def agents(self, *, owner_id: str | None = None) -> list[Agent]:
        """The agents a person owns (see :meth:`Graphsvc.agents`)."""
        return await self._run(self._agents(owner_id))
