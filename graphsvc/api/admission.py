"""The HTTP guard of ``POST /graphql`` and ``POST /mcp`` once the caller is known (issues 11 and 25): bounded
bodies, clear 400s, fair admission, a server-side deadline, no work for clients that left, and 503 (not 500)
for what is cut short by a shutdown.

One ASGI middleware, inside authentication (:mod:`graphsvc.api.guard`), so nothing here runs for a caller
without credentials. For each POST, in this order:

1. the body (:mod:`graphsvc.api.request_body`): at most ``max_body_bytes`` (HTTP 413 past it); a JSON body
   must be valid UTF-8, at most ``max_json_depth`` deep, and a JSON object (HTTP 400 otherwise);
2. without authentication, ``RATE_LIMIT`` per user (:func:`graphsvc.api.guard.user_rate_limit`): the request
   counts once against the budget of every user id its body names (a GraphQL ``userId``, an MCP tool's
   ``user_id``; :attr:`graphsvc.api.request_body.Inspection.user_ids`), or against the caller's (its address)
   when it names none; HTTP 429 with ``Retry-After`` when one of them is spent. The trusted backend in front
   of the service thus gets a budget per user of its, not one for all of them;
3. admission (:class:`graphsvc.api.concurrency_limit.Admission`), per kind of request (recall; write: a
   GraphQL mutation or an MCP tool that changes something; other): each kind has a limit on requests
   executing at once that adapts to their measured service time between ``ADMISSION_MIN_INFLIGHT`` and
   ``MAX_INFLIGHT_REQUESTS`` (:class:`graphsvc.api.concurrency_limit.AimdLimit`: it shrinks when requests take
   longer than the kind's ``ADMISSION_*_TARGET_S`` or miss their deadline, and grows back while they do not).
   At most ``max_queued_requests`` wait, each at most ``max_queue_wait_s``, and never past the point where
   what is left of its deadline is shorter than the kind's expected service time (a moving percentile): a
   request that could not finish in time is refused at once (HTTP 503 OVERLOADED with ``Retry-After``,
   before any work), and so is one whose queue is full or whose wait ran out. With authentication on, one
   caller has at most ``max_inflight_per_caller`` executing and as many waiting (HTTP 429 past that), and a
   waiting request of a caller at its share lets other callers' requests go first;
4. the group and agent spaces the body names (``group:…``, ``agent:…``; :mod:`graphsvc.spaces`): which are
   registered and which the caller may use are read once, inside the request's deadline, and left on its
   identity (:func:`graphsvc.api.context.with_spaces`); HTTP 503 with ``Retry-After`` when Neo4j cannot answer;
5. execution until ``request_deadline_s`` after the request asked for admission (time spent waiting counts):
   past it the request's task is cancelled (its database transaction rolls back) and the client gets HTTP 503
   DEADLINE_EXCEEDED; a client that disconnects has its request cancelled the same way; a request still
   running when the server stops (after ``SHUTDOWN_GRACE_S``) is answered HTTP 503 with ``Retry-After``.

Every outcome is counted in :mod:`graphsvc.metrics` (requests by operation and outcome, latency, queue), and
every refusal is logged (:mod:`graphsvc.api.refusals`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from graphsvc import metrics
from graphsvc.api.concurrency_limit import Admission
from graphsvc.api.context import IDENTITY_STATE_KEY, Identity, with_spaces
from graphsvc.api.rate_limits import RateLimit
from graphsvc.api.refusals import Refusal, Stage, refuse, too_many
from graphsvc.api.request_body import Inspection, RequestKind, inspect_graphql, inspect_mcp, read_body
from graphsvc.config import Settings
from graphsvc.errors import DatabaseUnavailableError
from graphsvc.service import MemoryService
from graphsvc.spaces import is_shared

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

RETRY_AFTER_S = 1


@dataclass(frozen=True)
class GuardedPath:
    """How one guarded path reads its body: ``inspect(scope, body)``, and the bytes that mark an answer as an
    error (``"errors"`` of GraphQL, ``"isError":true`` of an MCP tool)."""

    inspect: Callable[[Scope, bytes], Inspection]
    error_marks: tuple[bytes, ...]


class RequestGuard:
    """ASGI middleware applying the module's steps to ``POST /graphql`` and ``POST /mcp``.

    Args:
        app: the wrapped application.
        settings: the limits (``max_body_bytes``, ``max_json_depth``, ``max_inflight_requests``,
            ``max_queued_requests``, ``max_queue_wait_s``, ``max_inflight_per_caller``,
            ``request_deadline_s``).
        known_fields: the schema's root fields (metric labels name only these).
        mcp_tools: the MCP tools (metric labels name only these).
        max_tokens: most tokens a GraphQL document is parsed with for its label.
        user_rate_limit: ``RATE_LIMIT`` per user id without authentication
            (:func:`graphsvc.api.guard.user_rate_limit`); None when the rate limit is per caller, or off.
        mcp_read_only_tools: the MCP tools that change nothing (a call of another known tool is a write).
        admission: the slots requests take (tests pass one with a measured past or their own clock); by
            default :meth:`Admission.from_settings`.
        service: returns the running service, which decides the group and agent spaces a request names; None:
            such spaces are never usable (tests of the guard alone).
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        settings: Settings,
        known_fields: frozenset[str] = frozenset(),
        mcp_tools: frozenset[str] = frozenset(),
        max_tokens: int = 2_000,
        user_rate_limit: RateLimit | None = None,
        mcp_read_only_tools: frozenset[str] = frozenset(),
        admission: Admission | None = None,
        service: Callable[[], MemoryService] | None = None,
    ) -> None:
        self.app = app
        self.service = service
        self.settings = settings
        self.user_rate_limit = user_rate_limit
        depth = settings.limits.max_json_depth
        self.paths = {
            "/graphql": GuardedPath(
                lambda scope, body: inspect_graphql(
                    scope, body, max_depth=depth, known_fields=known_fields, max_tokens=max_tokens
                ),
                (b'"errors"',),
            ),
            "/mcp": GuardedPath(
                lambda scope, body: inspect_mcp(
                    scope, body, max_depth=depth, tools=mcp_tools, read_only_tools=mcp_read_only_tools
                ),
                (b'"isError":true', b'"isError": true', b'"error":'),
            ),
        }
        self.admission = admission if admission is not None else Admission.from_settings(settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = self.paths.get(str(scope.get("path", "")).rstrip("/")) if scope["type"] == "http" else None
        if path is None or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        started = {"response": False}

        async def tracked(message: Message) -> None:
            started["response"] = True
            await send(message)

        try:
            await self._guarded(path, scope, receive, tracked)
        except asyncio.CancelledError:
            # The server is stopping (uvicorn cancels what outlived SHUTDOWN_GRACE_S): answer 503, not 500.
            if not started["response"]:
                await refuse(
                    Refusal(
                        503,
                        "SHUTTING_DOWN",
                        "the service stopped while serving this request",
                        "shutdown",
                        "retry: another process, or this one once restarted, will serve it",
                        retry_after_s=RETRY_AFTER_S,
                    ),
                    scope,
                    send,
                )

    async def _guarded(self, path: GuardedPath, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.monotonic()
        body = await read_body(scope, receive, self.settings.limits.max_body_bytes)
        if body is None:
            limit = self.settings.limits.max_body_bytes
            await refuse(
                Refusal(413, "PAYLOAD_TOO_LARGE", f"the request body is over {limit} bytes", "body_too_large"),
                scope,
                send,
            )
            return
        inspection = path.inspect(scope, body)
        operation = inspection.label
        if inspection.problem is not None:
            metrics.REQUESTS.labels(operation, "bad_request").inc()
            await refuse(Refusal(400, "BAD_REQUEST", inspection.problem, "malformed"), scope, send)
            return
        caller = _caller(scope)
        if (wait_s := await self._spent_user_budget_s(caller, inspection.user_ids)) is not None:
            metrics.REQUESTS.labels(operation, "rejected").inc()
            await refuse(too_many(wait_s, stage="rate_limit"), scope, send)
            return
        kind = inspection.kind
        deadline_at = self.admission.clock() + self.settings.limits.request_deadline_s
        refused = await self.admission.enter(caller, kind, deadline_at=deadline_at)
        if refused is not None:
            metrics.REQUESTS.labels(operation, "rejected").inc()
            await refuse(self._refusal(refused, kind), scope, send)
            return
        metrics.INFLIGHT.inc()
        admitted_at = self.admission.clock()
        outcome = "abandoned"
        try:
            outcome = await self._execute(
                scope,
                body,
                receive,
                send,
                path.error_marks,
                deadline_s=max(deadline_at - admitted_at, 0.001),
                named=inspection.user_ids,
            )
        finally:
            metrics.INFLIGHT.dec()
            measured = outcome != "abandoned"  # a request whose client left (or the server stopped) says nothing
            self.admission.leave(
                caller, kind, admitted_at=admitted_at if measured else None, missed_deadline=outcome == "deadline"
            )
        metrics.REQUESTS.labels(operation, outcome).inc()
        metrics.REQUEST_SECONDS.labels(operation).observe(time.monotonic() - started)

    async def _spent_user_budget_s(self, caller: str, user_ids: frozenset[str]) -> int | None:
        """Count the request against each person it names (the caller when none: a group's or an agent's space
        is shared, so it has no budget of its own) under ``user_rate_limit``;
        None when every budget had room (or there is no such limit), else the longest wait in seconds."""
        if self.user_rate_limit is None:
            return None
        budgets = [f"user:{user}" for user in sorted(user_ids) if not is_shared(user)] or [caller]
        waits = [wait_s for budget in budgets if (wait_s := await self.user_rate_limit.retry_after_s(budget))]
        return max(waits) if waits else None

    def _refusal(self, stage: Stage, kind: RequestKind) -> Refusal:
        if stage == "caller_share":
            share = self.settings.limits.max_inflight_per_caller
            return Refusal(
                429,
                "RATE_LIMITED",
                f"this caller already has {share} requests executing and {share} waiting",
                stage,
                "wait for an answer before sending more, or raise MAX_INFLIGHT_PER_CALLER",
                retry_after_s=RETRY_AFTER_S,
            )
        if stage == "would_miss_deadline":
            expected_s = self.admission.expected_s(kind)
            deadline_s = self.settings.limits.request_deadline_s
            return Refusal(
                503,
                "OVERLOADED",
                f"the service is at capacity: a {kind} request takes about {expected_s:.2g} s now, more than is "
                f"left of its {deadline_s:g} s deadline",
                stage,
                f"retry after {RETRY_AFTER_S} s, or raise REQUEST_DEADLINE_S",
                retry_after_s=RETRY_AFTER_S,
            )
        return Refusal(
            503,
            "OVERLOADED",
            "the service is at capacity",
            stage,
            f"retry after {RETRY_AFTER_S} s",
            retry_after_s=RETRY_AFTER_S,
        )

    async def _execute(
        self,
        scope: Scope,
        body: bytes,
        receive: Receive,
        send: Send,
        error_marks: tuple[bytes, ...],
        *,
        deadline_s: float,
        named: frozenset[str] = frozenset(),
    ) -> str:
        """Run the app for at most ``deadline_s`` (what is left of the request's deadline), cancelled if the
        client leaves, once the group and agent spaces among ``named`` are decided; returns the outcome label."""
        left = asyncio.Event()
        replayed = False
        state = {"started": False, "errors": False}

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            await left.wait()
            return {"type": "http.disconnect"}

        async def tracking_send(message: Message) -> None:
            state["started"] = True
            state["errors"] = state["errors"] or any(m in message.get("body", b"") for m in error_marks)
            await send(message)

        async def watch_disconnect() -> None:
            while (await receive())["type"] != "http.disconnect":
                continue
            left.set()

        app_task = asyncio.ensure_future(self._run_app(scope, named, replay, tracking_send))
        watcher = asyncio.ensure_future(watch_disconnect())
        leaving = asyncio.ensure_future(left.wait())
        try:
            done, _ = await asyncio.wait(
                {app_task, leaving},
                timeout=deadline_s,
                return_when=asyncio.FIRST_COMPLETED,
            )
        except asyncio.CancelledError:
            await _stop(app_task)
            raise
        finally:
            for task in (watcher, leaving):
                task.cancel()
        if app_task in done:
            app_task.result()
            return "error" if state["errors"] else "ok"
        await _stop(app_task)
        if left.is_set():
            metrics.DISCONNECTS.inc()
            return "abandoned"
        metrics.DEADLINES.inc()
        if not state["started"]:
            await refuse(self._past_deadline(), scope, send)
        return "deadline"

    async def _run_app(self, scope: Scope, named: frozenset[str], receive: Receive, send: Send) -> None:
        """The app, once the spaces among ``named`` are decided (or the refusal when they cannot be)."""
        if (refusal := await self._decide_spaces(scope, named)) is not None:
            await refuse(refusal, scope, send)
            return
        await self.app(scope, receive, send)

    async def _decide_spaces(self, scope: Scope, named: frozenset[str]) -> Refusal | None:
        """Leave on the request's identity which of the group and agent spaces it names exist and which the caller
        may use; a refusal when Neo4j cannot tell."""
        state = scope.get("state")
        if not isinstance(state, dict) or self.service is None or not any(is_shared(n) for n in named):
            return None
        identity = state.get(IDENTITY_STATE_KEY)
        if not isinstance(identity, Identity):
            return None
        try:
            state[IDENTITY_STATE_KEY] = await with_spaces(identity, named, self.service())
        except DatabaseUnavailableError as exc:
            return Refusal(503, exc.code, exc.message, "dependency", exc.suggestion, retry_after_s=RETRY_AFTER_S)
        return None

    def _past_deadline(self) -> Refusal:
        deadline_s = self.settings.limits.request_deadline_s
        return Refusal(
            503,
            "DEADLINE_EXCEEDED",
            f"the request took longer than its {deadline_s:g} s deadline and was stopped",
            "deadline",
            "retry later, ask for less (a smaller limit or batch), or raise REQUEST_DEADLINE_S",
            retry_after_s=RETRY_AFTER_S,
        )


async def _stop(task: asyncio.Future[None]) -> None:
    """Cancel the request's task and wait until it has unwound (its transaction rolled back)."""
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task


def _caller(scope: Scope) -> str:
    identity = (scope.get("state") or {}).get(IDENTITY_STATE_KEY)
    return identity.principal if isinstance(identity, Identity) else "anonymous"
