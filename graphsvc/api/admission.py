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
3. admission (:class:`Admission`), per kind of request (recall; write: a GraphQL mutation or an MCP tool that
   changes something; other): each kind has a limit on requests executing at once that adapts to their
   measured service time between ``ADMISSION_MIN_INFLIGHT`` and ``MAX_INFLIGHT_REQUESTS``
   (:class:`graphsvc.api.concurrency_limit.AimdLimit`: it shrinks when requests take longer than the kind's
   ``ADMISSION_*_TARGET_S`` or miss their deadline, and grows back while they do not). At most
   ``max_queued_requests`` wait, each at most ``max_queue_wait_s``, and never past the point where what is
   left of its deadline is shorter than the kind's expected service time (a moving percentile): a request
   that could not finish in time is refused at once (HTTP 503 OVERLOADED with ``Retry-After``, before any
   work), and so is one whose queue is full or whose wait ran out. With authentication on, one caller has at
   most ``max_inflight_per_caller`` executing and as many waiting (HTTP 429 past that), and a waiting request
   of a caller at its share lets other callers' requests go first;
4. execution until ``request_deadline_s`` after the request asked for admission (time spent waiting counts):
   past it the request's task is cancelled (its database transaction rolls back) and the client gets HTTP 503
   DEADLINE_EXCEEDED; a client that disconnects has its request cancelled the same way; a request still
   running when the server stops (after ``SHUTDOWN_GRACE_S``) is answered HTTP 503 with ``Retry-After``.

Every outcome is counted in :mod:`graphsvc.metrics` (requests by operation and outcome, latency, queue), and
every refusal is logged (:mod:`graphsvc.api.refusals`).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from graphsvc import metrics
from graphsvc.api.concurrency_limit import AimdLimit, ServiceTime
from graphsvc.api.context import IDENTITY_STATE_KEY, Identity
from graphsvc.api.rate_limits import RateLimit
from graphsvc.api.refusals import Refusal, Stage, refuse, too_many
from graphsvc.api.request_body import Inspection, RequestKind, inspect_graphql, inspect_mcp, read_body
from graphsvc.config import Settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

RETRY_AFTER_S = 1
KINDS: tuple[RequestKind, ...] = ("recall", "write", "other")
ADMISSION_STAGES: tuple[Stage, ...] = ("would_miss_deadline", "caller_share", "queue_full", "queue_timeout")


class Admission:
    """Execution slots per kind of request (recall, write, other), each kind's number adapting to its measured
    service time (:class:`AimdLimit`); handed out first come, first served, except that a caller already at
    its share waits while other callers' requests pass it, and a request that could no longer finish within
    its deadline is turned away instead of run.

    A request of kind ``k`` with deadline ``d`` is refused at once (``would_miss_deadline``) when
    ``d - now < E_k``, ``E_k`` being the kind's expected service time (:class:`ServiceTime`, the 90th
    percentile of its last 64 requests). A request that has to wait does so at most ``wait_s`` and at most
    until ``d - E_k``; one whose turn comes after that is refused rather than started. Except when nothing of
    its kind is executing: then it is run whatever ``E_k`` says, as a probe, since only a request that runs
    can show that the kind has become quicker (a slow cold start would otherwise shed the kind for good).

    Args:
        floor: fewest slots per kind (``ADMISSION_MIN_INFLIGHT``; lowered to ``ceiling`` when above it).
        ceiling: most slots per kind, and where each kind starts (``MAX_INFLIGHT_REQUESTS``).
        targets_s: per kind, the service time (seconds) above which a request shrinks its kind's limit.
        queued: requests waiting at once, over all callers and kinds.
        wait_s: longest wait for a slot, seconds.
        per_caller: requests one caller may have executing, and waiting; None for no per-caller share.
        backoff: factor of a decrease of a kind's limit (:class:`AimdLimit`).
        clock: seconds, monotonic (:func:`time.monotonic`); tests pass their own.
    """

    def __init__(
        self,
        *,
        floor: int,
        ceiling: int,
        targets_s: Mapping[RequestKind, float],
        queued: int,
        wait_s: float,
        per_caller: int | None = None,
        backoff: float = 0.9,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clock = clock
        self._max_queued = queued
        self._wait_s = wait_s
        self._per_caller = per_caller
        self._limits = {
            kind: AimdLimit(floor=min(floor, ceiling), ceiling=ceiling, target_s=targets_s[kind], backoff=backoff)
            for kind in KINDS
        }
        self._service = {kind: ServiceTime() for kind in KINDS}
        self._executing = dict.fromkeys(KINDS, 0)
        self._running: dict[str, int] = {}
        self._waiters: list[_Waiter] = []
        for kind in KINDS:
            self._export(kind)
            for stage in ADMISSION_STAGES:
                metrics.ADMISSION_REFUSED.labels(kind, stage)  # every series from 0, before the first refusal

    @classmethod
    def from_settings(cls, settings: Settings, *, clock: Callable[[], float] = time.monotonic) -> Admission:
        """The admission ``settings.limits`` describe (the per-caller share only with authentication on)."""
        limits = settings.limits
        return cls(
            floor=limits.admission_min_inflight,
            ceiling=limits.max_inflight_requests,
            targets_s={
                "recall": limits.admission_recall_target_s,
                "write": limits.admission_write_target_s,
                "other": limits.admission_other_target_s,
            },
            queued=limits.max_queued_requests,
            wait_s=limits.max_queue_wait_s,
            per_caller=limits.max_inflight_per_caller if settings.auth.mode != "none" else None,
            backoff=limits.admission_backoff_ratio,
            clock=clock,
        )

    @property
    def waiting(self) -> int:
        """Requests waiting for a slot now."""
        return len(self._waiters)

    def running(self, caller: str) -> int:
        """Requests of ``caller`` executing now."""
        return self._running.get(caller, 0)

    def executing(self, kind: RequestKind) -> int:
        """Requests of ``kind`` executing now."""
        return self._executing[kind]

    def limit(self, kind: RequestKind) -> int:
        """Requests of ``kind`` that may execute at once now."""
        return self._limits[kind].slots

    def expected_s(self, kind: RequestKind) -> float:
        """Expected service time of a request of ``kind`` (seconds; 0.0 before any was measured)."""
        return self._service[kind].expected_s

    def observe(
        self, kind: RequestKind, *, admitted_at: float, service_s: float, missed_deadline: bool = False
    ) -> None:
        """Record one finished request of ``kind`` (what :meth:`leave` does with ``admitted_at``); tests use it
        to give a kind a measured past without running requests."""
        self._service[kind].add(service_s)
        self._limits[kind].on_sample(
            admitted_at=admitted_at,
            now=self.clock(),
            service_s=service_s,
            inflight=self._executing[kind] + 1,
            missed_deadline=missed_deadline,
        )
        self._export(kind)
        self._dispatch()

    async def enter(
        self, caller: str, kind: RequestKind = "other", *, deadline_at: float | None = None
    ) -> Stage | None:
        """Take a slot of ``kind`` for ``caller``, whose request must be answered by ``deadline_at`` (on
        :attr:`clock`; None for no deadline). None when admitted, else why not (``would_miss_deadline``: less
        time is left than the kind's expected service time; ``caller_share``: the caller already has its share
        executing and waiting; ``queue_full``; ``queue_timeout``)."""
        slack_s = self._slack_s(kind, deadline_at)
        if slack_s < 0 and self._executing[kind] > 0:
            return self._shed(kind, "would_miss_deadline")
        if self._executing[kind] < self._limits[kind].slots and self._under_share(caller):
            self._take(caller, kind)
            return None
        if self._per_caller is not None and sum(w.caller == caller for w in self._waiters) >= self._per_caller:
            return self._shed(kind, "caller_share")
        if len(self._waiters) >= self._max_queued:
            return self._shed(kind, "queue_full")
        waiter = _Waiter(caller, kind, deadline_at, asyncio.get_running_loop().create_future())
        self._waiters.append(waiter)
        metrics.QUEUED.set(len(self._waiters))
        try:
            await asyncio.wait({waiter.future}, timeout=min(self._wait_s, max(slack_s, 0.0)))
        except asyncio.CancelledError:
            self._give_up(waiter)
            raise
        if waiter.future.done():
            return waiter.future.result()  # None: the slot was taken for this request by _dispatch
        self._give_up(waiter)
        stage: Stage = "queue_timeout" if self._slack_s(kind, deadline_at) >= 0 else "would_miss_deadline"
        return self._shed(kind, stage)

    def leave(
        self,
        caller: str,
        kind: RequestKind = "other",
        *,
        admitted_at: float | None = None,
        missed_deadline: bool = False,
    ) -> None:
        """Give back the slot a request of ``caller`` held, and hand it on. With ``admitted_at`` (on
        :attr:`clock`) its service time is measured and moves the kind's limit and expected service time;
        without (a request whose client left, or that was never run) it is not counted."""
        self._executing[kind] -= 1
        left = self._running.get(caller, 1) - 1
        if left > 0:
            self._running[caller] = left
        else:
            self._running.pop(caller, None)
        if admitted_at is not None:
            self.observe(
                kind, admitted_at=admitted_at, service_s=self.clock() - admitted_at, missed_deadline=missed_deadline
            )
        else:
            self._export(kind)
            self._dispatch()

    def _slack_s(self, kind: RequestKind, deadline_at: float | None) -> float:
        """Time left before the deadline once the kind's expected service time is set aside (inf without one)."""
        if deadline_at is None:
            return math.inf
        return deadline_at - self.clock() - self._service[kind].expected_s

    def _shed(self, kind: RequestKind, stage: Stage) -> Stage:
        metrics.ADMISSION_REFUSED.labels(kind, stage).inc()
        return stage

    def _under_share(self, caller: str) -> bool:
        return self._per_caller is None or self.running(caller) < self._per_caller

    def _take(self, caller: str, kind: RequestKind) -> None:
        self._executing[kind] += 1
        self._running[caller] = self.running(caller) + 1
        self._export(kind)

    def _export(self, kind: RequestKind) -> None:
        metrics.ADMISSION_LIMIT.labels(kind).set(self._limits[kind].slots)
        metrics.ADMISSION_INFLIGHT.labels(kind).set(self._executing[kind])
        metrics.ADMISSION_EXPECTED_SECONDS.labels(kind).set(self._service[kind].expected_s)

    def _give_up(self, waiter: _Waiter) -> None:
        """A waiter stops waiting (timeout, cancellation); a slot already handed to it is given back."""
        if waiter in self._waiters:
            self._waiters.remove(waiter)
            waiter.future.cancel()
        elif waiter.future.done() and not waiter.future.cancelled() and waiter.future.result() is None:
            self.leave(waiter.caller, waiter.kind)
        metrics.QUEUED.set(len(self._waiters))

    def _dispatch(self) -> None:
        """Hand free slots to the oldest waiters whose kind has room and whose caller is under its share;
        a waiter that could no longer finish before its deadline is refused instead."""
        position = 0
        while position < len(self._waiters):
            waiter = self._waiters[position]
            if self._executing[waiter.kind] >= self._limits[waiter.kind].slots or not self._under_share(waiter.caller):
                position += 1
                continue
            self._waiters.pop(position)
            if self._slack_s(waiter.kind, waiter.deadline_at) < 0 and self._executing[waiter.kind] > 0:
                waiter.future.set_result(self._shed(waiter.kind, "would_miss_deadline"))
                continue
            self._take(waiter.caller, waiter.kind)
            waiter.future.set_result(None)
        metrics.QUEUED.set(len(self._waiters))


@dataclass(eq=False)
class _Waiter:
    """A request waiting for a slot: whose, of which kind, answered by when, and the future that says how
    its wait ended (None: admitted; a stage: refused)."""

    caller: str
    kind: RequestKind
    deadline_at: float | None
    future: asyncio.Future[Stage | None]


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
    ) -> None:
        self.app = app
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
                scope, body, receive, send, path.error_marks, deadline_s=max(deadline_at - admitted_at, 0.001)
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
        """Count the request against each user it names (the caller when none) under ``user_rate_limit``;
        None when every budget had room (or there is no such limit), else the longest wait in seconds."""
        if self.user_rate_limit is None:
            return None
        budgets = [f"user:{user}" for user in sorted(user_ids)] or [caller]
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
    ) -> str:
        """Run the app for at most ``deadline_s`` (what is left of the request's deadline), cancelled if the
        client leaves; returns the outcome label."""
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

        app_task = asyncio.ensure_future(self.app(scope, replay, tracking_send))
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
