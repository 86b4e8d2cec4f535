"""The ASGI application: ``POST /graphql`` (GraphiQL on GET), ``/mcp`` (MCP over streamable HTTP),
``GET /health``, ``GET /metrics``, and the pages of :mod:`graphsvc.api.ui` (``/``, the dashboard at ``/ui``).
``/graphql`` and ``/mcp`` sit behind authentication and the rate limit (:mod:`graphsvc.api.guard`);
``CORS_ORIGINS`` adds Starlette's CORS middleware."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL

from graphsvc.api import guard, mcp
from graphsvc.api.context import Context, identity_of
from graphsvc.api.schema import schema
from graphsvc.api.ui import graphiql_page, ui_routes
from graphsvc.config import Settings
from graphsvc.service import MemoryService


class GraphQLApp(GraphQL[Context, None]):
    def __init__(self, service_ref: dict[str, MemoryService]) -> None:
        super().__init__(schema, graphql_ide="graphiql", allow_queries_via_get=False)
        self._service_ref = service_ref

    async def get_context(self, request: Request | WebSocket, response: Any) -> Context:
        return Context(service=self._service_ref["service"], identity=identity_of(request))

    async def render_graphql_ide(self, request: Request) -> Response:
        """GraphiQL served from the package (strawberry's own page loads it from a CDN)."""
        return graphiql_page()


def build_app(settings: Settings, *, service: MemoryService | None = None) -> Starlette:
    """The Starlette app. With ``service`` given (tests), it is used and not closed.

    Raises:
        ConfigurationError: ``AUTH_MODE=none`` on a HOST that is not loopback.
    """
    settings.require_safe_bind(settings.host)
    ref: dict[str, MemoryService] = {} if service is None else {"service": service}
    mcp_routes, mcp_sessions = mcp.http_routes(settings, lambda: ref["service"])

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if service is not None:
            yield
            return
        ref["service"] = await MemoryService.open(settings)
        try:
            yield
        finally:
            await ref["service"].close()

    async def health(request: Request) -> JSONResponse:
        svc = ref.get("service")
        if svc is None:
            return JSONResponse({"status": "starting"}, status_code=503)
        ok, report = await svc.health()
        return JSONResponse(report, status_code=200 if ok else 503)

    async def metrics(request: Request) -> JSONResponse:
        """LLM calls by task and outcome, and tokens, since start-up (empty on the offline path)."""
        svc = ref.get("service")
        return JSONResponse({"llm": svc.llm_metrics() if svc is not None else {}})

    graphql_app = GraphQLApp(ref)
    return Starlette(
        routes=[
            Route("/graphql", graphql_app, methods=["GET", "POST"]),
            Route("/health", health),
            Route("/metrics", metrics),
            *mcp_routes,
            *ui_routes(),
        ],
        middleware=guard.middleware(settings, lambda: ref["service"]),
        lifespan=mcp.with_sessions(mcp_sessions, lifespan),
    )
