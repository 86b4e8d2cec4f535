"""graphsvc.api.admission.RequestGuard at the ASGI level: an abandoned request's work is cancelled."""

from __future__ import annotations

import asyncio
import json
from collections.abc import MutableMapping
from typing import Any

from graphsvc.api.admission import RequestGuard, operation_label
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
    await RequestGuard(app, settings=Settings(environment="test"))(request, receive, send)
    assert sent[0]["status"] == 200 and (b"x-request-id", b"r-1") in sent[0]["headers"]


def test_operation_labels_are_the_root_fields() -> None:
    assert operation_label('query { recall(userId: "u", query: "q") { id } }') == "recall"
    assert operation_label("mutation { b: ingestMessages(input: {}) { stored } endConversation { id } }") == (
        "endConversation+ingestMessages"
    )
    assert operation_label("{ broken") == "invalid"
