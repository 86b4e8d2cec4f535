"""The HTTP guard in front of ``POST /graphql`` (issue 11): bounded bodies, clear 400s, admission control,
a server-side deadline, and no work for clients that left.

One ASGI middleware, in this order for each POST:

1. a request id: the caller's ``X-Request-ID`` (letters, digits, ``._-``, at most 64) or a new one, bound
   for the logs (:mod:`graphsvc.logs`) and returned in the response's ``X-Request-ID``;
2. the body, at most ``max_body_bytes`` (``Content-Length`` checked first, then the bytes as they arrive):
   HTTP 413 past it;
3. a JSON body must be valid UTF-8 and a JSON object: HTTP 400 otherwise (``null``, ``1``, broken JSON);
4. admission: at most ``max_inflight_requests`` execute at once, at most ``max_queued_requests`` wait, each
   at most ``max_queue_wait_s``; a request that cannot be queued or waited too long gets HTTP 503 with
   ``Retry-After`` at once, before any work (per-client rate limits, HTTP 429, live with authentication);
5. execution under a deadline of ``request_deadline_s``: past it the request's task is cancelled (its
   database transaction rolls back) and the client gets HTTP 503 with code DEADLINE_EXCEEDED; a client that
   disconnects has its request cancelled the same way.

Every outcome is counted in :mod:`graphsvc.metrics` (requests by operation and outcome, latency, queue).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from graphql import FieldNode, OperationDefinitionNode, parse

from graphsvc import metrics
from graphsvc.config import Settings
from graphsvc.logs import bound, new_request_id

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
RETRY_AFTER_S = 1


class Admission:
    """At most ``inflight`` requests at once; at most ``queued`` waiting, each for at most ``wait_s``."""

    def __init__(self, *, inflight: int, queued: int, wait_s: float) -> None:
        self._slots = asyncio.Semaphore(inflight)
        self._max_queued = queued
        self._wait_s = wait_s
        self.waiting = 0

    async def enter(self) -> str | None:
        """Take a slot; returns None when admitted, else why not (``queue_full``, ``queue_timeout``)."""
        if not self._slots.locked():
            await self._slots.acquire()
            return None
        if self.waiting >= self._max_queued:
            return "queue_full"
        self.waiting += 1
        metrics.QUEUED.set(self.waiting)
        try:
            await asyncio.wait_for(self._slots.acquire(), timeout=self._wait_s)
        except TimeoutError:
            return "queue_timeout"
        finally:
            self.waiting -= 1
            metrics.QUEUED.set(self.waiting)
        return None

    def leave(self) -> None:
        self._slots.release()


class RequestGuard:
    """ASGI middleware applying the module's steps to ``POST`` requests of ``paths``.

    Args:
        app: the wrapped application.
        settings: limits (``max_body_bytes``, ``max_inflight_requests``, ``max_queued_requests``,
            ``max_queue_wait_s``, ``request_deadline_s``).
        paths: the paths guarded (``/graphql``); other requests only get a request id.
    """

    def __init__(self, app: ASGIApp, *, settings: Settings, paths: tuple[str, ...] = ("/graphql",)) -> None:
        self.app = app
        self.settings = settings
        self.paths = paths
        self.admission = Admission(
            inflight=settings.limits.max_inflight_requests,
            queued=settings.limits.max_queued_requests,
            wait_s=settings.limits.max_queue_wait_s,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _request_id(scope)
        send = _with_request_id(send, request_id)
        with bound(request_id=request_id):
            if scope["method"] != "POST" or scope["path"] not in self.paths:
                await self.app(scope, receive, send)
                return
            await self._guarded(scope, receive, send)

    async def _guarded(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.monotonic()
        body = await _read_body(scope, receive, self.settings.limits.max_body_bytes)
        if body is None:
            metrics.REJECTED.labels("body_too_large").inc()
            limit = self.settings.limits.max_body_bytes
            await _reply(send, 413, f"the request body is over {limit} bytes", "PAYLOAD_TOO_LARGE")
            return
        problem, operation = _inspect(scope, body)
        if problem is not None:
            metrics.REJECTED.labels("malformed").inc()
            metrics.REQUESTS.labels(operation, "bad_request").inc()
            await _reply(send, 400, problem, "BAD_REQUEST")
            return
        refused = await self.admission.enter()
        if refused is not None:
            metrics.REJECTED.labels(refused).inc()
            metrics.REQUESTS.labels(operation, "rejected").inc()
            await _reply(send, 503, "the service is at capacity", "OVERLOADED", retry_after=True)
            return
        metrics.INFLIGHT.inc()
        try:
            outcome = await self._execute(scope, body, receive, send)
        finally:
            metrics.INFLIGHT.dec()
            self.admission.leave()
        metrics.REQUESTS.labels(operation, outcome).inc()
        metrics.REQUEST_SECONDS.labels(operation).observe(time.monotonic() - started)

    async def _execute(self, scope: Scope, body: bytes, receive: Receive, send: Send) -> str:
        """Run the app under the deadline, cancelled if the client leaves; returns the outcome label."""
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
            if message["type"] == "http.response.start":
                state["started"] = True
            elif message["type"] == "http.response.body" and b'"errors"' in message.get("body", b""):
                state["errors"] = True
            await send(message)

        async def watch_disconnect() -> None:
            while (await receive())["type"] != "http.disconnect":
                continue
            left.set()

        app_task = asyncio.ensure_future(self.app(scope, replay, tracking_send))
        watcher = asyncio.ensure_future(watch_disconnect())
        leaving = asyncio.ensure_future(left.wait())
        try:
            deadline = self.settings.limits.request_deadline_s
            done, _ = await asyncio.wait({app_task, leaving}, timeout=deadline, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (watcher, leaving):
                task.cancel()
        if app_task in done:
            app_task.result()
            return "error" if state["errors"] else "ok"
        app_task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await app_task
        if left.is_set():
            metrics.DISCONNECTS.inc()
            return "abandoned"
        metrics.DEADLINES.inc()
        if not state["started"]:
            await _reply(
                send,
                503,
                f"the request took longer than its {deadline:g} s deadline and was stopped",
                "DEADLINE_EXCEEDED",
                retry_after=True,
            )
        return "deadline"


def _request_id(scope: Scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"x-request-id":
            candidate = str(value.decode("latin-1"))
            if _REQUEST_ID.match(candidate):
                return candidate
    return new_request_id()


def _with_request_id(send: Send, request_id: str) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = dict(message)
            message["headers"] = [*message.get("headers", []), (b"x-request-id", request_id.encode())]
        await send(message)

    return wrapped


async def _read_body(scope: Scope, receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None as soon as it is known to exceed ``limit`` bytes."""
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            with contextlib.suppress(ValueError):
                if int(value) > limit:
                    return None
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b""
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _content_type(scope: Scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            return str(value.decode("latin-1")).split(";")[0].strip().lower()
    return ""


def _inspect(scope: Scope, body: bytes) -> tuple[str | None, str]:
    """``(problem, operation)``: why the body is malformed (None if it is fine), and the metrics label of the
    operation (its root fields, sorted and joined with ``+``; ``invalid`` when it does not parse)."""
    if _content_type(scope) not in ("application/json", ""):
        return None, "other"
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"the request body is not valid UTF-8 (byte {exc.start})", "invalid"
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        return f"the request body is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})", "invalid"
    if not isinstance(payload, dict):
        return f"the request body must be a JSON object with a query, not {type(payload).__name__}", "invalid"
    query = payload.get("query")
    if not isinstance(query, str):
        return "the request body needs a query string", "invalid"
    return None, operation_label(query, payload.get("operationName"))


def operation_label(query: str, operation_name: object = None) -> str:
    """The root fields an operation selects, sorted and joined with ``+`` (``recall``, ``ingestMessages``)."""
    try:
        document = parse(query, no_location=True)
    except Exception:  # graphql-core raises GraphQLSyntaxError; the API answers it
        return "invalid"
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode) and (
            operation_name is None or (definition.name is not None and definition.name.value == operation_name)
        ):
            names = sorted({s.name.value for s in definition.selection_set.selections if isinstance(s, FieldNode)})
            return "+".join(names)[:100] or "other"
    return "other"


async def _reply(send: Send, status: int, message: str, code: str, *, retry_after: bool = False) -> None:
    body = json.dumps({"data": None, "errors": [{"message": message, "extensions": {"code": code}}]}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after:
        headers.append((b"retry-after", str(RETRY_AFTER_S).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
