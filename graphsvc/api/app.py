"""The ASGI application: ``POST /graphql`` (GraphiQL on GET unless turned off), ``/mcp`` (MCP over streamable
HTTP), ``GET /health``, ``GET /ready``, ``GET /metrics`` (:mod:`graphsvc.api.observability`), and the pages of
:mod:`graphsvc.api.ui` (``/``, the dashboard at ``/ui``).

Every request gets a request id and must name an allowed host (:mod:`graphsvc.api.hosts`); ``CORS_ORIGINS``
adds Starlette's CORS middleware; ``/graphql`` and ``/mcp`` then pass authentication and the rate limit
(:mod:`graphsvc.api.guard`), from the headers alone, and only then is a POST's body read, the rate limit applied
per user when authentication is off, and the request admitted and run under its deadline
(:class:`graphsvc.api.admission.RequestGuard`)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL

from graphsvc.api import guard, mcp, observability
from graphsvc.api.admission import RequestGuard
from graphsvc.api.concurrency_limit import Admission
from graphsvc.api.context import Context, identity_of
from graphsvc.api.mcp_tools import READ_ONLY_TOOLS, TOOLS
from graphsvc.api.rate_limits import LimitStore
from graphsvc.api.schema import MAX_TOKENS, build_schema, root_field_names
from graphsvc.api.ui import graphiql_page, ui_routes
from graphsvc.config import Settings
from graphsvc.service import MemoryService


class GraphQLApp(GraphQL[Context, None]):
    def __init__(self, service_ref: dict[str, MemoryService], settings: Settings) -> None:
        super().__init__(
            build_schema(introspection=settings.introspection_enabled, suggestions=settings.introspection_enabled),
            graphql_ide="graphiql" if settings.graphiql_enabled else None,
            allow_queries_via_get=False,
        )
        self._service_ref = service_ref
        self._auth_required = settings.auth.mode != "none"

    async def get_context(self, request: Request | WebSocket, response: Any) -> Context:
        return Context(
            service=self._service_ref["service"], identity=identity_of(request), auth_required=self._auth_required
        )

    async def render_graphql_ide(self, request: Request) -> Response:
        """GraphiQL served from the package (strawberry's own page loads it from a CDN)."""
        return graphiql_page()


def build_app(
    settings: Settings,
    *,
    service: MemoryService | None = None,
    close_service: bool = False,
    admission: Admission | None = None,
) -> Starlette:
    """The Starlette app. With ``service`` given (tests, ``graphsvc serve``), it is used, and closed at shutdown
    only with ``close_service``; without, the lifespan opens one and closes it at shutdown. ``admission`` is
    the slots requests take (:class:`graphsvc.api.admission.Admission`, by default from ``settings``).

    Raises:
        ConfigurationError: ``AUTH_MODE=none`` on a HOST that is not loopback.
    """
    settings.require_safe_bind(settings.host)
    ref: dict[str, MemoryService] = {} if service is None else {"service": service}
    mcp_routes, mcp_sessions = mcp.http_routes(settings, lambda: ref["service"])
    store = LimitStore(settings.limits.rate_limit_storage_uri)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            await store.require()
            if service is not None:
                try:
                    yield
                finally:
                    if close_service:
                        await service.close()
                return
            ref["service"] = await MemoryService.open(settings, run_scheduler=True)
            try:
                yield
            finally:
                await ref["service"].close()
        finally:
            await store.close()

    graphql_app = GraphQLApp(ref, settings)
    request_guard = Middleware(
        RequestGuard,
        settings=settings,
        known_fields=root_field_names(),
        mcp_tools=frozenset(TOOLS),
        mcp_read_only_tools=READ_ONLY_TOOLS,
        admission=admission,
        max_tokens=MAX_TOKENS,
        user_rate_limit=guard.user_rate_limit(settings, store=store),
        service=lambda: ref["service"],
    )
    return Starlette(
        routes=[
            Route("/graphql", graphql_app, methods=["GET", "POST"]),
            *observability.routes(lambda: ref.get("service"), limits=store),
            *mcp_routes,
            *ui_routes(),
        ],
        middleware=[*guard.middleware(settings, lambda: ref["service"], store=store), request_guard],
        lifespan=mcp.with_sessions(mcp_sessions, lifespan),
    )
