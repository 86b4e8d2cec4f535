"""graphsvc as an MCP server (the official MCP Python SDK): agent tools over the service front door.

Two transports, the same tools (:mod:`graphsvc.api.mcp_tools`) and resources:

- Streamable HTTP at ``/mcp`` on the service's own app and port (:func:`http_routes`): stateless, JSON
  responses, behind the same host check, authentication, rate limit, admission and deadline as ``/graphql``
  (:mod:`graphsvc.api.guard`, :mod:`graphsvc.api.admission`); with a user key the tools need no ``user_id``.
- stdio (:func:`serve_stdio`, ``graphsvc mcp [--user U]``) for desktop clients that start the server
  themselves: the process opens the database itself, so it is as trusted as the CLI; ``--user`` binds every
  tool to one user.

Resource: ``graphsvc://users/{user_id}/profile``, the user's established and core traits as text.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from contextvars import ContextVar
from importlib.metadata import version
from typing import Any

from mcp.server.mcpserver import Context as McpContext
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError, UnexpectedToolError
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, InputRequiredResult, ToolAnnotations
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import HTTPConnection
from starlette.routing import BaseRoute

from graphsvc.api.context import NOBODY, Context, Identity, identity_of, with_spaces
from graphsvc.api.mcp_tools import (
    DESTRUCTIVE_TOOLS,
    READ_ONLY_TOOLS,
    TOOLS,
    MemoryTools,
    description_of,
    error_result,
    invalid_arguments,
)
from graphsvc.api.request_body import MCP_SPACE_ARGUMENTS
from graphsvc.config import Settings
from graphsvc.errors import GraphsvcError
from graphsvc.service import MemoryService
from graphsvc.spaces import is_shared

INSTRUCTIONS = (
    "Long-term memory of the user. At the start of a task call memory_context (or recall for a precise "
    "question); save the conversation with add_messages as it goes and end_conversation when it is over, so "
    "memories are extracted. Use remember for what the user asks you to keep, correct_memory when a memory is "
    "wrong, forget_memory when the user wants something forgotten, ingest_document for a document the user "
    "shares. list_entities and get_entity tell who and what the user's world holds; memory_history tells how a "
    "memory changed; extraction_trace tells why something said in a conversation was or was not remembered. "
    "Results cite the ids of the messages they came from."
)
PROFILE_URI = "graphsvc://users/{user_id}/profile"


_DECIDED: ContextVar[Identity | None] = ContextVar("graphsvc_mcp_identity", default=None)
"""The caller's identity with the group and agent spaces one tool call names decided (:func:`with_spaces`), for
the tool that call runs."""


class GraphsvcMCPServer(MCPServer):
    """The SDK's server, with every tool error structured as ``{code, message, suggestion}``: arguments the
    input schema refuses become ``INVALID_INPUT`` naming each field (the SDK would answer pydantic's own text,
    values included), an unknown tool ``NOT_FOUND``. A tool's crash stays the SDK's generic error.

    Before a tool runs, the group and agent spaces its arguments name (``user_id``, ``agent_id``) are decided for
    the caller (over stdio as over HTTP, where the request guard may have done it already)."""

    def __init__(
        self,
        *args: Any,
        service: Callable[[], MemoryService] | None = None,
        identify: Callable[[McpContext], Identity] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._service, self._identify = service, identify

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: McpContext | None = None
    ) -> CallToolResult | InputRequiredResult:
        try:
            decided = await self._decided(arguments, context)
        except GraphsvcError as exc:  # the spaces could not be decided (Neo4j unreachable): nothing ran
            return error_result(exc.code, exc.message, exc.suggestion)
        token = _DECIDED.set(decided)
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc, UnexpectedToolError):
                raise
            tool = self._tool_manager.get_tool(name)
            if tool is None:
                return error_result("NOT_FOUND", f"no tool {name!r}", f"call one of: {', '.join(TOOLS)}")
            if isinstance(exc.__cause__, ValidationError):
                return invalid_arguments(name, exc.__cause__, tool.parameters)
            raise
        finally:
            _DECIDED.reset(token)

    async def _decided(self, arguments: dict[str, Any], context: McpContext | None) -> Identity | None:
        """The caller's identity with the shared spaces the arguments name decided; None when they name none (or
        the request guard decided them all already)."""
        if self._service is None or self._identify is None or context is None:
            return None
        named = frozenset(
            value.strip() for key in MCP_SPACE_ARGUMENTS if isinstance(value := arguments.get(key), str)
        ) - {""}
        identity = self._identify(context)
        if {n for n in named if is_shared(n)} <= identity.registered:
            return None
        return await with_spaces(identity, named, self._service())


def build_mcp_server(service: Callable[[], MemoryService], identify: Callable[[McpContext], Identity]) -> MCPServer:
    """The MCP server with every tool and the profile resource.

    Args:
        service: returns the running service.
        identify: who is calling, for an MCP request context.
    """
    server = GraphsvcMCPServer(
        "graphsvc", instructions=INSTRUCTIONS, version=version("graphsvc"), service=service, identify=identify
    )

    def context_of(ctx: McpContext) -> Context:
        return Context(service=service(), identity=_DECIDED.get() or identify(ctx))

    tools = MemoryTools(context_of)
    for name in TOOLS:
        annotations = ToolAnnotations(
            read_only_hint=name in READ_ONLY_TOOLS, destructive_hint=name in DESTRUCTIVE_TOOLS
        )
        tool = getattr(tools, name)
        server.add_tool(tool, name=name, description=description_of(tool), annotations=annotations)

    @server.resource(PROFILE_URI, name="profile", mime_type="text/markdown")
    async def profile(user_id: str, ctx: McpContext) -> str:
        """The user's established and core traits (who they are, what they prefer), one per line."""
        context = context_of(ctx)
        try:
            traits = await context.service.user_traits(user_id=context.scope(user_id), min_stage="established")
        except GraphsvcError as exc:  # the client sees the code, message and suggestion, as tools do
            raise ResourceError(
                f"{exc.code}: {exc.message}" + (f" ({exc.suggestion})" if exc.suggestion else "")
            ) from exc
        lines = [f"- {t.content} ({t.stage}, {t.subtype}, confidence {t.confidence or 0:.2f})" for t in traits]
        return f"# Profile of {user_id}\n\n" + ("\n".join(lines) if lines else "No established traits yet.")

    return server


def http_identity(ctx: McpContext) -> Identity:
    """The identity the auth middleware decided for the HTTP request behind an MCP call."""
    request = ctx.request_context.request
    return identity_of(request) if isinstance(request, HTTPConnection) else NOBODY


def http_routes(
    settings: Settings, service: Callable[[], MemoryService]
) -> tuple[list[BaseRoute], StreamableHTTPSessionManager]:
    """The ``/mcp`` route for the service's app, and the session manager its lifespan must run.

    Stateless streamable HTTP with JSON responses, so any service process can answer any request. The Host and
    Origin checks against DNS rebinding are the app's, the same on every route (:mod:`graphsvc.api.hosts`),
    so the SDK's own copy of them is off; the SDK still refuses a POST that is not JSON.
    """
    server = build_mcp_server(service, http_identity)
    app = server.streamable_http_app(
        streamable_http_path="/mcp",
        stateless_http=True,
        json_response=True,
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        host=settings.host,
        max_request_body_size=settings.limits.max_body_bytes,
    )
    return list(app.routes), server.session_manager


def with_sessions(
    sessions: StreamableHTTPSessionManager,
    lifespan: Callable[[Starlette], AbstractAsyncContextManager[None]],
) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """The app's ``lifespan`` with the MCP session manager running around it (the SDK requires it)."""

    @contextlib.asynccontextmanager
    async def both(app: Starlette) -> AsyncIterator[None]:
        async with sessions.run(), lifespan(app):
            yield

    return both


async def serve_stdio(settings: Settings, *, user_id: str | None) -> None:
    """Serve MCP over stdin/stdout until the client closes it (``graphsvc mcp``).

    Args:
        user_id: bind every tool to this user (tools need no ``user_id``); None: tools must name the user.
    """
    identity = Identity(principal="stdio", user_ids=None if user_id is None else frozenset({user_id}))
    service = await MemoryService.open(settings)
    try:
        server = build_mcp_server(lambda: service, lambda ctx: identity)
        await server.run_stdio_async()
    finally:
        await service.close()
