"""graphsvc.api.admission at the ASGI level: an abandoned request's work is cancelled, bodies are checked before
admission, admission is fair between callers, a stopping server answers 503; metric labels are bounded."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import MutableMapping
from typing import Any

from graphsvc.api.admission import RequestGuard
from graphsvc.api.concurrency_limit import Admission
from graphsvc.api.context import IDENTITY_STATE_KEY, Identity
from graphsvc.api.rate_limits import LimitStore, RateLimit
from graphsvc.api.request_body import RequestKind, inspect_graphql, inspect_mcp, json_depth, operation_label
from graphsvc.api.request_ids import RequestIds
from graphsvc.config import Settings


def scope() -> dict[str, Any]:
    return {
        "type": "http",
        "method": "POST",
        "path": "/graphql",
        "headers": [(b"content-type", b"application/json")],
    }


async def test_a_client_that_disconnects_has_its_work_cancelled() -> None:
    started, cancelled = asyncio.Event(), asyncio.Event()

    async def slow_app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        started.set()
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    body = json.dumps({"query": "{ recall }"}).encode()
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop(0)
        await started.wait()
        await asyncio.sleep(0.05)
        return {"type": "http.disconnect"}  # the client went away

    sent: list[MutableMapping[str, Any]] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    guard = RequestGuard(slow_app, settings=Settings(environment="test"))
    await asyncio.wait_for(guard(scope(), receive, send), timeout=5)
    assert cancelled.is_set()
    assert sent == []  # nobody to answer


async def test_a_finished_request_is_answered_and_keeps_its_request_id() -> None:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b'{"data": {}}'})

    body = json.dumps({"query": "{ recall }"}).encode()
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop(0)
        await asyncio.sleep(10)
        return {"type": "http.disconnect"}

    sent: list[MutableMapping[str, Any]] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    request = scope()
    request["headers"].append((b"x-request-id", b"r-1"))
    await RequestIds(RequestGuard(app, settings=Settings(environment="test")))(request, receive, send)
    assert sent[0]["status"] == 200 and (b"x-request-id", b"r-1") in sent[0]["headers"]


KNOWN = frozenset({"recall", "ingestMessages", "endConversation"})


def test_operation_labels_name_known_root_fields_only() -> None:
    assert operation_label('query { recall(userId: "u", query: "q") { id } }', known_fields=KNOWN) == "recall"
    assert operation_label("{ a: recall { id } b: recall { id } }", known_fields=KNOWN) == "recall"
    several = "mutation { b: ingestMessages(input: {}) { stored } endConversation { id } }"
    assert operation_label(several, known_fields=KNOWN) == "multiple"  # no combinations of names as series
    assert operation_label("{ madeUpName1 }", known_fields=KNOWN) == "other"
    assert operation_label("{ recall { id } madeUpName2 }", known_fields=KNOWN) == "other"
    assert operation_label("{ __typename }", known_fields=KNOWN) == "other"
    assert operation_label("{ broken") == "invalid"
    wide = "{ viewer { " + "principal " * 3000 + "} }"
    assert operation_label(wide, known_fields=frozenset({"viewer"}), max_tokens=2_000) == "invalid"
    assert operation_label(wide, known_fields=frozenset({"viewer"})) == "viewer"


def test_mcp_labels_name_known_tools_and_methods_only() -> None:
    def label(payload: object) -> str:
        found = inspect_mcp(scope(), json.dumps(payload).encode(), max_depth=64, tools=frozenset({"recall"}))
        assert found.problem is None
        return found.label

    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "recall", "arguments": {}}}
    assert label(call) == "mcp:recall"
    assert label({**call, "params": {"name": "made_up_tool"}}) == "mcp:other"
    assert label({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}) == "mcp:tools/list"
    assert label({"jsonrpc": "2.0", "id": 1, "method": "x" * 50}) == "mcp:other"


def graphql_users(query: str, variables: object = None, operation: str | None = None) -> frozenset[str]:
    body = json.dumps({"query": query, "variables": variables, "operationName": operation}).encode()
    found = inspect_graphql(scope(), body, max_depth=64, known_fields=KNOWN, max_tokens=2_000)
    assert found.problem is None
    return found.user_ids


def test_the_users_a_graphql_operation_names_are_read_from_arguments_and_variables() -> None:
    assert graphql_users('{ recall(userId: " ana ", query: "q") { id } }') == {"ana"}
    assert graphql_users("query($u: String!) { recall(userId: $u) { id } }", {"u": "bo"}) == {"bo"}
    ingest = "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"
    assert graphql_users(ingest, {"i": {"userId": "cy", "sessionId": "s", "messages": []}}) == {"cy"}
    literal = 'mutation { ingestMessages(input: {userId: "di", sessionId: "s", messages: []}) { stored } }'
    assert graphql_users(literal) == {"di"}
    aliased = '{ a: recall(userId: "ana") { id } b: recall(userId: "bo") { id } ...F }'
    aliased += ' fragment F on Query { jobs(userId: "cy") { id } }'
    assert graphql_users(aliased) == {"ana", "bo", "cy"}
    two = 'query A { recall(userId: "ana") { id } } query B { recall(userId: "bo") { id } }'
    assert graphql_users(two, operation="B") == {"bo"}
    assert graphql_users("{ viewer { principal } }") == set()  # names no user
    assert graphql_users("query($u: String!) { recall(userId: $u) { id } }", {"u": 7}) == set()
    assert graphql_users('{ recall(userId: "   ") { id } }') == set()


def test_the_users_an_mcp_body_names_are_its_tool_calls_user_ids() -> None:
    def users(payload: object) -> frozenset[str]:
        return inspect_mcp(scope(), json.dumps(payload).encode(), max_depth=64, tools=frozenset({"recall"})).user_ids

    def call(user: object) -> dict[str, Any]:
        arguments = {"query": "q"} if user is None else {"query": "q", "user_id": user}
        return {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "recall", "arguments": arguments}}

    assert users(call("ana")) == {"ana"}
    assert users([call("ana"), call(" bo "), call(None)]) == {"ana", "bo"}
    assert users(call(None)) == set() and users(call(["ana"])) == set()
    assert (
        users({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"arguments": {"user_id": "x"}}}) == set()
    )


async def test_without_authentication_the_rate_limit_is_per_user_named_in_the_body() -> None:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b'{"data": {}}'})

    limit = RateLimit("3/minute", store=LimitStore("memory://"), name="requests")
    guard = RequestGuard(app, settings=Settings(environment="test"), user_rate_limit=limit)

    def recall(user: str) -> bytes:
        return json.dumps(
            {"query": "query($u: String!) { recall(userId: $u) { id } }", "variables": {"u": user}}
        ).encode()

    def tool(user: str) -> bytes:
        arguments = {"query": "q", "user_id": user}
        message = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": "recall", "arguments": arguments},
        }
        return json.dumps(message).encode()

    for user in ("ana", "bo", "cy"):  # 9 requests of one caller, 3 per user: none refused
        for _ in range(3):
            assert (await call(guard, recall(user)))[0]["status"] == 200
    over = await call(guard, recall("ana"))
    assert over[0]["status"] == 429 and 1 <= int(dict(over[0]["headers"])[b"retry-after"]) <= 60
    assert json.loads(over[1]["body"])["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
    assert (await call(guard, tool("ana"), {**scope(), "path": "/mcp"}))[0]["status"] == 429  # one budget, both paths
    assert (await call(guard, tool("di"), {**scope(), "path": "/mcp"}))[0]["status"] == 200
    for _ in range(3):  # a request naming no user counts against the caller
        assert (await call(guard, json.dumps({"query": "{ viewer { principal } }"}).encode()))[0]["status"] == 200
    assert (await call(guard, json.dumps({"query": "{ viewer { principal } }"}).encode()))[0]["status"] == 429


def test_json_depth_is_read_from_the_bytes() -> None:
    assert json_depth(b'{"a": [1, {"b": "[[[[{{{"}]}') == 3
    assert json_depth(b'"[[[["') == 0
    assert json_depth(b"[" * 200_000) == 200_000
    assert json_depth(b'{"q": "a\\"}') == 1


async def call(guard: Any, body: bytes, request: dict[str, Any] | None = None) -> list[MutableMapping[str, Any]]:
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop(0)
        await asyncio.sleep(30)
        return {"type": "http.disconnect"}

    sent: list[MutableMapping[str, Any]] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    await guard(request or scope(), receive, send)
    return sent


async def never_called(scope: Any, receive: Any, send: Any) -> None:
    raise AssertionError("the app ran")


async def test_deeply_nested_json_is_400_not_500() -> None:
    guard = RequestGuard(never_called, settings=Settings(environment="test"))
    for body in (b"[" * 200_000, b'{"query": "{ x }", "variables": {"v": ' + b"[" * 65 + b"]" * 65 + b"}}"):
        sent = await call(guard, body)
        assert sent[0]["status"] == 400
        error = json.loads(sent[1]["body"])["errors"][0]
        assert error["extensions"]["code"] == "BAD_REQUEST" and "nests" in error["message"]


async def test_mcp_bodies_are_checked_too() -> None:
    small = Settings(environment="test").model_copy(update={"max_body_bytes": 1024})  # below what a document needs
    guard = RequestGuard(never_called, settings=small)
    request = {**scope(), "path": "/mcp"}
    assert (await call(guard, b"[" * 500, dict(request)))[0]["status"] == 400
    assert (await call(guard, b"x" * 2_000, dict(request)))[0]["status"] == 413
    assert (await call(guard, b"null", dict(request)))[0]["status"] == 400


async def test_a_request_cut_short_by_a_shutdown_is_answered_503() -> None:
    started = asyncio.Event()

    async def slow_app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        started.set()
        await asyncio.sleep(30)

    guard = RequestGuard(slow_app, settings=Settings(environment="test"))
    serving = asyncio.ensure_future(call(guard, json.dumps({"query": "{ recall }"}).encode()))
    await asyncio.wait_for(started.wait(), timeout=5)
    serving.cancel()  # what uvicorn does to requests still running SHUTDOWN_GRACE_S after SIGTERM
    sent = await asyncio.wait_for(serving, timeout=5)
    assert sent[0]["status"] == 503 and (b"retry-after", b"1") in sent[0]["headers"]
    assert json.loads(sent[1]["body"])["errors"][0]["extensions"]["code"] == "SHUTTING_DOWN"
    assert guard.admission.running("anonymous") == 0  # its slot was given back


TARGETS_S: dict[RequestKind, float] = {"recall": 0.5, "write": 2.0, "other": 1.0}


def fixed(*, inflight: int, queued: int, wait_s: float, per_caller: int | None) -> Admission:
    """Admission whose limit stays at ``inflight`` (floor and ceiling alike)."""
    return Admission(
        floor=inflight, ceiling=inflight, targets_s=TARGETS_S, queued=queued, wait_s=wait_s, per_caller=per_caller
    )


async def test_a_caller_at_its_share_lets_other_callers_go_first() -> None:
    admission = fixed(inflight=2, queued=10, wait_s=5, per_caller=1)
    assert await admission.enter("heavy") is None
    heavy_waits = asyncio.ensure_future(admission.enter("heavy"))  # at its share: waits although a slot is free
    await asyncio.sleep(0)
    assert not heavy_waits.done()
    assert await admission.enter("light") is None  # another caller takes the free slot at once
    assert await admission.enter("heavy") == "caller_share"  # one executing and one waiting: no more
    admission.leave("heavy")
    assert await asyncio.wait_for(heavy_waits, timeout=1) is None
    assert admission.running("heavy") == 1 and admission.running("light") == 1


async def test_waiting_requests_are_served_in_order_and_time_out() -> None:
    admission = fixed(inflight=1, queued=1, wait_s=0.2, per_caller=None)
    assert await admission.enter("a") is None
    waiting = asyncio.ensure_future(admission.enter("b"))
    await asyncio.sleep(0)
    assert await admission.enter("c") == "queue_full"
    assert await waiting == "queue_timeout"
    assert admission.waiting == 0
    admission.leave("a")
    assert await admission.enter("c") is None  # the slot given back went to no one who left


async def test_a_cancelled_waiter_gives_its_slot_back() -> None:
    admission = fixed(inflight=1, queued=4, wait_s=5, per_caller=None)
    assert await admission.enter("a") is None
    waiting = asyncio.ensure_future(admission.enter("b"))
    await asyncio.sleep(0)
    admission.leave("a")  # the slot is handed to b...
    waiting.cancel()  # ...which is cancelled before it runs
    with contextlib.suppress(asyncio.CancelledError):
        await waiting
    assert await admission.enter("c") is None and admission.running("b") == 0


async def test_per_caller_share_counts_the_authenticated_principal() -> None:
    gate = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await gate.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b'{"data": {}}'})

    settings = Settings(environment="test", auth_mode="api_key", max_inflight_per_caller=1, max_queue_wait_s=5)
    guard = RequestGuard(app, settings=settings)

    def as_caller(principal: str) -> dict[str, Any]:
        return {**scope(), "state": {IDENTITY_STATE_KEY: Identity(principal=principal, user_ids=frozenset({"u"}))}}

    body = json.dumps({"query": "{ recall }"}).encode()
    first = asyncio.ensure_future(call(guard, body, as_caller("key:heavy")))
    second = asyncio.ensure_future(call(guard, body, as_caller("key:heavy")))
    await asyncio.sleep(0.05)
    third = await call(guard, body, as_caller("key:heavy"))
    assert third[0]["status"] == 429
    assert json.loads(third[1]["body"])["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
    other = asyncio.ensure_future(call(guard, body, as_caller("key:light")))
    await asyncio.sleep(0.05)
    assert guard.admission.running("key:light") == 1  # admitted while the heavy key's second one waits
    gate.set()
    for done in await asyncio.gather(first, second, other):
        assert done[0]["status"] == 200
