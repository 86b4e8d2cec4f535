"""The gate in front of ``/graphql`` and ``/mcp``: authentication (HTTP 401) and the per-caller rate limit
(HTTP 429 with ``Retry-After``), before any resolver or MCP tool runs.

The rate limit is a moving window per caller (``Identity.principal``: the API key, the token's user, or the
client address without auth) from the ``limits`` library, in this process's memory: with several service
processes each counts its own requests. Failed authentications count against the client address, so
guessing keys is rate limited too. ``GET /graphql`` (the GraphiQL page, which runs no query) stays open.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from graphsvc.api.auth import Authenticator
from graphsvc.api.context import IDENTITY_STATE_KEY
from graphsvc.config import Settings
from graphsvc.errors import AuthenticationError
from graphsvc.service import MemoryService

PROTECTED_PATHS = ("/graphql", "/mcp")
_CHALLENGE = {"WWW-Authenticate": "Bearer"}


class RateLimit:
    """A moving-window request budget per caller (``RATE_LIMIT``, e.g. ``600/minute``)."""

    def __init__(self, rate: str) -> None:
        self.item: RateLimitItem = parse(rate)
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    async def retry_after_s(self, caller: str) -> int | None:
        """Count one request of ``caller``; None if it is within the budget, else seconds until it is."""
        if await self._limiter.hit(self.item, caller):
            return None
        stats = await self._limiter.get_window_stats(self.item, caller)
        return max(1, math.ceil(stats.reset_time - time.time()))


def error_body(code: str, message: str, suggestion: str | None) -> dict[str, object]:
    """A GraphQL-shaped error body (``errors[0].extensions.code``), the same for /graphql and /mcp."""
    extensions: dict[str, str] = {"code": code}
    if suggestion:
        extensions["suggestion"] = suggestion
    return {"errors": [{"message": message, "extensions": extensions}]}


async def _refuse(response: JSONResponse, scope: Scope, receive: Receive, send: Send) -> None:
    """Send the refusal; a WebSocket handshake is closed instead (policy violation), before it is accepted."""
    if scope["type"] == "websocket":
        await WebSocketClose(code=1008, reason=str(response.status_code))(scope, receive, send)
    else:
        await response(scope, receive, send)


class GuardMiddleware:
    """ASGI middleware: decide the identity (:class:`Authenticator`), apply the rate limit, then pass on.

    The identity is left in the scope's ``state`` under :data:`IDENTITY_STATE_KEY`
    (read by :func:`graphsvc.api.context.identity_of`).
    """

    def __init__(self, app: ASGIApp, *, authenticator: Authenticator, rate_limit: RateLimit | None) -> None:
        self.app = app
        self.authenticator = authenticator
        self.rate_limit = rate_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._guards(scope):
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        client = f"addr:{connection.client.host if connection.client else 'local'}"
        try:
            identity = await self.authenticator.resolve_identity(connection)
        except AuthenticationError as exc:
            wait_s = await self._over_limit(client)
            body = error_body(exc.code, exc.message, exc.suggestion)
            refusal = self._too_many(wait_s) if wait_s is not None else JSONResponse(body, 401, _CHALLENGE)
            await _refuse(refusal, scope, receive, send)
            return
        if (wait_s := await self._over_limit(identity.principal)) is not None:
            await _refuse(self._too_many(wait_s), scope, receive, send)
            return
        if "state" not in scope:
            scope["state"] = {}
        scope["state"][IDENTITY_STATE_KEY] = identity
        await self.app(scope, receive, send)

    @staticmethod
    def _guards(scope: Scope) -> bool:
        if scope["type"] not in ("http", "websocket"):
            return False
        path: str = scope["path"]
        if not any(path == p or path.startswith(p + "/") for p in PROTECTED_PATHS):
            return False
        return not (path == "/graphql" and scope.get("method") == "GET")

    async def _over_limit(self, caller: str) -> int | None:
        return None if self.rate_limit is None else await self.rate_limit.retry_after_s(caller)

    @staticmethod
    def _too_many(wait_s: int) -> JSONResponse:
        body = error_body("RATE_LIMITED", "too many requests", f"retry after {wait_s} s, or raise RATE_LIMIT")
        return JSONResponse(body, status_code=429, headers={"Retry-After": str(wait_s)})


def middleware(settings: Settings, service: Callable[[], MemoryService]) -> list[Middleware]:
    """The app's middleware: CORS outermost (so preflights and 401/429 answers carry its headers) when
    ``CORS_ORIGINS`` is set, then the authentication and rate-limit gate."""
    rate_limit = RateLimit(settings.limits.rate_limit) if settings.limits.rate_limit else None
    gate = Middleware(GuardMiddleware, authenticator=Authenticator(settings.auth, service), rate_limit=rate_limit)
    if not settings.auth.cors_origins:
        return [gate]
    cors = Middleware(
        CORSMiddleware,
        allow_origins=settings.auth.cors_origins,
        allow_methods=["GET", "POST", "DELETE", "OPTIONS"],
        allow_headers=["Authorization", "Content-Type", "Mcp-Session-Id", "Mcp-Protocol-Version"],
        expose_headers=["Mcp-Session-Id", "Retry-After"],
    )
    return [cors, gate]
