"""The gate in front of ``/graphql`` and ``/mcp``: authentication (HTTP 401) and the per-caller rate limit
(HTTP 429 with ``Retry-After``), from the headers alone: nothing of the body is read or parsed before the
caller is known (the body, admission and deadline come after, in :mod:`graphsvc.api.admission`).

The rate limit (``RATE_LIMIT``) is a moving window per caller from the ``limits`` library: per API key or
token user (``Identity.principal``), applied here. Without authentication the caller is one trusted backend
acting for many users, so the budget is per user instead: the user ids the body names, applied once the body
is read (:class:`graphsvc.api.admission.RequestGuard`, with :func:`user_rate_limit`). Both count where
``RATE_LIMIT_STORAGE_URI`` says (:mod:`graphsvc.api.rate_limits`): in this process's memory, so that several
service processes each count their own requests, or in a Redis they all share. Failed authentications have
their own, smaller budget (``AUTH_FAILURE_LIMIT``) per client address and per API key id: once it is spent,
requests of that address or for that key id are answered 429 before their secret is hashed, unless the secret
is one this process has already verified (a user behind the same address keeps working). Neo4j unreachable
while a key is read is HTTP 503 DATABASE_UNAVAILABLE, as in every mode. ``GET /graphql`` (the GraphiQL page,
which runs no query) stays open.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from graphsvc.api.auth import Authenticator
from graphsvc.api.context import IDENTITY_STATE_KEY
from graphsvc.api.hosts import HostGuard
from graphsvc.api.rate_limits import LimitStore, RateLimit
from graphsvc.api.refusals import Refusal, refuse, too_many
from graphsvc.api.request_ids import RequestIds
from graphsvc.config import Settings
from graphsvc.errors import AuthenticationError, GraphsvcError, OverloadedError
from graphsvc.service import MemoryService
from graphsvc.service.api_keys import split_key

PROTECTED_PATHS = ("/graphql", "/mcp")
_CHALLENGE = {"WWW-Authenticate": "Bearer"}
SERVER_SIDE_CODES = frozenset({"DATABASE_UNAVAILABLE", "OVERLOADED", "DEADLINE_EXCEEDED"})


class _OverBudget(Exception):
    """Raised before hashing a secret when the caller or the key id has spent its failure budget."""

    def __init__(self, wait_s: int) -> None:
        super().__init__(wait_s)
        self.wait_s = wait_s


class GuardMiddleware:
    """ASGI middleware: decide the identity (:class:`Authenticator`), apply the rate limit, then pass on.

    The identity is left in the scope's ``state`` under :data:`IDENTITY_STATE_KEY`
    (read by :func:`graphsvc.api.context.identity_of`).
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        authenticator: Authenticator,
        rate_limit: RateLimit | None,
        failure_limit: RateLimit | None = None,
    ) -> None:
        self.app = app
        self.authenticator = authenticator
        self.rate_limit = rate_limit
        self.failure_limit = failure_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._guards(scope):
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        client = f"addr:{connection.client.host if connection.client else 'local'}"
        key_id = _key_id(connection)

        async def before_hash(uid: str) -> None:
            if self.failure_limit is None:
                return
            for budget in (client, f"keyid:{uid}"):
                if (wait_s := await self.failure_limit.spent_s(budget)) is not None:
                    raise _OverBudget(wait_s)

        try:
            identity = await self.authenticator.resolve_identity(connection, before_hash=before_hash)
        except _OverBudget as over:
            await refuse(too_many(over.wait_s, stage="auth_failures"), scope, send)
            return
        except AuthenticationError as exc:
            # Only a credential that was checked and refused spends the budget: requests with none cost no hash,
            # and counting them would let an anonymous flood lock out every new key behind the same address.
            wait_s = await self._failed(client, key_id) if "authorization" in connection.headers else None
            refusal = (
                too_many(wait_s, stage="auth_failures")
                if wait_s is not None
                else Refusal(401, exc.code, exc.message, "authentication", exc.suggestion, headers=_CHALLENGE)
            )
            await refuse(refusal, scope, send)
            return
        except GraphsvcError as exc:
            if exc.code not in SERVER_SIDE_CODES:
                raise
            retry_s = math.ceil(exc.retry_after_s) if isinstance(exc, OverloadedError) else 1
            # The caller is not known yet: the code, not the details (the database's address), is what it gets.
            message = "the service cannot check credentials now: " + (
                "its database is not reachable" if exc.code == "DATABASE_UNAVAILABLE" else "it is at capacity"
            )
            refusal = Refusal(503, exc.code, message, "dependency", f"retry after {retry_s} s", retry_s)
            await refuse(refusal, scope, send)
            return
        if self.rate_limit is not None and (wait_s := await self.rate_limit.retry_after_s(identity.principal)):
            await refuse(too_many(wait_s, stage="rate_limit"), scope, send)
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

    async def _failed(self, client: str, key_id: str | None) -> int | None:
        """Count one failed authentication of ``client`` (and of ``key_id``); seconds to wait when over budget."""
        if self.failure_limit is None:
            return None
        waits = [await self.failure_limit.retry_after_s(client)]
        if key_id is not None:
            waits.append(await self.failure_limit.retry_after_s(f"keyid:{key_id}"))
        over = [w for w in waits if w is not None]
        return max(over) if over else None


def _key_id(connection: HTTPConnection) -> str | None:
    """The key id of an API-key-shaped bearer token, else None (it names the key's failure budget)."""
    scheme, _, token = connection.headers.get("authorization", "").partition(" ")
    parts = split_key(token) if scheme.lower() == "bearer" else None
    return parts[0] if parts else None


def middleware(settings: Settings, service: Callable[[], MemoryService], *, store: LimitStore) -> list[Middleware]:
    """The app's outer middleware, outermost first: request ids (:class:`RequestIds`), the host check
    (:class:`HostGuard`), CORS when ``CORS_ORIGINS`` is set (so preflights and 401/429 answers carry its
    headers), then authentication and, with authentication on, the rate limit per caller, counted in ``store``.
    The body, admission, the per-user rate limit without authentication (:func:`user_rate_limit`) and the
    deadline come after (:class:`graphsvc.api.admission.RequestGuard`, added by the app)."""
    limits = settings.limits
    per_caller = settings.auth.mode != "none" and bool(limits.rate_limit)
    rate_limit = RateLimit(limits.rate_limit, store=store, name="requests") if per_caller else None
    failure_limit = (
        RateLimit(limits.auth_failure_limit, store=store, name="auth_failures") if limits.auth_failure_limit else None
    )
    gate = Middleware(
        GuardMiddleware,
        authenticator=Authenticator(settings.auth, service, max_id_chars=settings.limits.max_id_chars),
        rate_limit=rate_limit,
        failure_limit=failure_limit,
    )
    outer = [Middleware(RequestIds), Middleware(HostGuard, settings=settings)]
    if not settings.auth.cors_origins:
        return [*outer, gate]
    cors = Middleware(
        CORSMiddleware,
        allow_origins=settings.auth.cors_origins,
        allow_methods=["GET", "POST", "DELETE", "OPTIONS"],
        allow_headers=["Authorization", "Content-Type", "Mcp-Session-Id", "Mcp-Protocol-Version", "X-Request-ID"],
        expose_headers=["Mcp-Session-Id", "Retry-After", "X-Request-ID"],
    )
    return [*outer, cors, gate]


def user_rate_limit(settings: Settings, *, store: LimitStore) -> RateLimit | None:
    """``RATE_LIMIT`` per user id, for :class:`graphsvc.api.admission.RequestGuard` to apply once the body is
    read: only with ``AUTH_MODE=none`` (with keys or tokens it is per caller, in :class:`GuardMiddleware`), and
    None when ``RATE_LIMIT`` is empty. It counts in the same budget (``requests``) as the per-caller limit, with
    keys ``user:<id>`` (the callers' keys are ``key:…``, ``jwt:…``, ``anonymous:…``), so the two never mix."""
    if settings.auth.mode != "none" or not settings.limits.rate_limit:
        return None
    return RateLimit(settings.limits.rate_limit, store=store, name="requests")
