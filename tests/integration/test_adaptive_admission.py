"""Admission sized by measured service time, through real HTTP on ``/graphql`` and ``/mcp``: a request that
could not finish before its deadline is refused before any work, what is admitted from a burst finishes, and
a kind's limit shrinks while its requests are slow and grows back once they are quick.

Service time is made long by a recall that sleeps before doing the real one (so the figures do not hang on
how busy the machine is), and a kind's measured past is given to the admission object directly."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

import httpx
import pytest

from graphsvc.api.app import build_app
from graphsvc.api.concurrency_limit import Admission
from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.service import MemoryService
from tests.integration.conftest import at, make_service
from tests.integration.graphql_client import INGEST, RECALL
from tests.integration.live_server import live_server

Path = Literal["/graphql", "/mcp"]
MCP_HEADERS = {"Accept": "application/json, text/event-stream"}


@asynccontextmanager
async def served(
    settings: Settings, database: Database, embedder: LocalEmbedder, **overrides: Any
) -> AsyncIterator[tuple[httpx.AsyncClient, MemoryService, Admission]]:
    """The app on a real port over its own service and admission, with ``overrides`` applied to ``settings``."""
    service = make_service(settings.model_copy(update=overrides), database, embedder)
    admission = Admission.from_settings(service.settings)
    async with (
        live_server(build_app(service.settings, service=service, admission=admission)) as url,
        httpx.AsyncClient(base_url=url, timeout=60) as http,
    ):
        yield http, service, admission


async def recall(http: httpx.AsyncClient, path: Path, user: str = "u1") -> httpx.Response:
    if path == "/graphql":
        return await http.post(path, json={"query": RECALL, "variables": {"u": user, "q": "hello"}})
    arguments = {"query": "hello", "user_id": user}
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "recall", "arguments": arguments}}
    return await http.post(path, json=call, headers=MCP_HEADERS)


def answered(response: httpx.Response, path: Path) -> bool:
    """A 200 whose body is a result, not an error."""
    if response.status_code != 200:
        return False
    body = response.json()
    return "errors" not in body if path == "/graphql" else "result" in body and not body["result"].get("isError")


def refusal_code(response: httpx.Response) -> str | None:
    """``extensions.code`` of a refusal (the same shape on both paths), None for any other answer."""
    if response.status_code == 200:
        return None
    return str(response.json()["errors"][0]["extensions"]["code"])


def counted_recall(
    service: MemoryService,
    *,
    sleep_s: float = 0.0,
    real: bool = True,
    wait_for: asyncio.Event | None = None,
    entered: asyncio.Event | None = None,
) -> list[int]:
    """Replace ``service.recall`` with one that sets ``entered``, sleeps ``sleep_s`` (and waits for
    ``wait_for`` when given), then recalls for real (unless not ``real``); it counts its calls in the returned
    list's only item."""
    calls = [0]
    original = service.recall

    async def slow_recall(**kwargs: Any) -> Any:
        calls[0] += 1
        if entered is not None:
            entered.set()
        await asyncio.sleep(sleep_s)
        if wait_for is not None:
            await wait_for.wait()
        return await original(**kwargs) if real else []

    service.recall = slow_recall  # type: ignore[method-assign]
    return calls


async def metric(http: httpx.AsyncClient, name: str, **labels: str) -> float:
    text = (await http.get("/metrics")).text
    wanted = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    found = re.search(rf"^{name}\{{{re.escape(wanted)}\}} (\S+)$", text, re.MULTILINE)
    assert found, f"{name}{{{wanted}}} not in /metrics"
    return float(found.group(1))


@pytest.mark.parametrize("path", ["/graphql", "/mcp"])
async def test_a_request_that_could_not_finish_in_time_is_refused_before_any_work(
    settings: Settings, database: Database, embedder: LocalEmbedder, path: Path
) -> None:
    async with served(settings, database, embedder, request_deadline_s=60.0) as (http, service, admission):
        assert answered(await recall(http, path), path)  # the cold start, outside what is counted
        release, entered = asyncio.Event(), asyncio.Event()
        calls = counted_recall(service, wait_for=release, entered=entered)
        admission.observe("recall", admitted_at=admission.clock() - 90.0, service_s=90.0)  # one took 90 s
        refused_before = await metric(
            http, "graphsvc_admission_refused_total", kind="recall", reason="would_miss_deadline"
        )
        # with nothing else of its kind running, one recall runs anyway: the probe that measures again
        held = asyncio.create_task(recall(http, path))
        await asyncio.wait_for(entered.wait(), timeout=30)
        assert admission.executing("recall") == 1
        shed = await recall(http, path)
        assert shed.status_code == 503 and shed.headers["retry-after"] == "1"
        assert refusal_code(shed) == "OVERLOADED" and "deadline" in shed.json()["errors"][0]["message"]
        assert calls == [1]  # only the probe ran
        refused_after = await metric(
            http, "graphsvc_admission_refused_total", kind="recall", reason="would_miss_deadline"
        )
        assert refused_after == refused_before + 1
        release.set()
        assert answered(await held, path)
        # a write has its own measured past: it is admitted and stored
        message = {"role": "user", "content": "hello there", "occurredAt": at(1).isoformat()}
        variables = {"input": {"userId": "u1", "sessionId": "s1", "messages": [message]}}
        stored = await http.post("/graphql", json={"query": INGEST, "variables": variables})
        assert stored.json()["data"]["ingestMessages"]["stored"] == 1


@pytest.mark.parametrize("path", ["/graphql", "/mcp"])
async def test_of_a_burst_over_the_limit_what_is_admitted_finishes_and_the_rest_is_refused(
    settings: Settings, database: Database, embedder: LocalEmbedder, path: Path
) -> None:
    """Two slots, four places in the queue, recalls of 1 s and a 2.5 s deadline: the first two rounds fit, a
    third would not, so of ten at once at most four are answered and none runs into its deadline. (Without
    shedding, the third round would be admitted with 0.5 s left and stopped at its deadline.)"""
    fixed = {"max_inflight_requests": 2, "admission_min_inflight": 2, "max_queued_requests": 4}
    async with served(settings, database, embedder, **fixed, max_queue_wait_s=30.0, request_deadline_s=2.5) as (
        http,
        service,
        admission,
    ):
        assert answered(await recall(http, path), path)  # a real recall: the cold start, maybe slow
        for _ in range(9):  # nine recalls of 1 s before: the cold start is the slowest tenth
            admission.observe("recall", admitted_at=admission.clock() - 1.0, service_s=1.0)
        calls = counted_recall(service, sleep_s=1.0, real=False)  # 1 s, however busy the machine
        assert answered(await recall(http, path), path)  # one measured recall of about 1 s
        assert 1.0 <= admission.expected_s("recall") < 1.5
        burst = await asyncio.gather(*(recall(http, path) for _ in range(10)))
    ok = [r for r in burst if answered(r, path)]
    refused = [r for r in burst if not answered(r, path)]
    codes = [refusal_code(r) for r in refused]
    assert "DEADLINE_EXCEEDED" not in codes, codes
    assert codes == ["OVERLOADED"] * len(refused) and all(r.headers["retry-after"] == "1" for r in refused)
    assert 2 <= len(ok) <= 4, codes
    assert calls[0] == 1 + len(ok)  # refused requests did no work


@pytest.mark.parametrize("path", ["/graphql", "/mcp"])
async def test_the_limit_shrinks_while_requests_are_slow_and_grows_back_when_quick(
    settings: Settings, database: Database, embedder: LocalEmbedder, path: Path
) -> None:
    limits = {"max_inflight_requests": 6, "admission_min_inflight": 1, "admission_recall_target_s": 0.3}
    async with served(settings, database, embedder, **limits, max_queue_wait_s=30.0) as (http, service, admission):
        assert await metric(http, "graphsvc_admission_limit", kind="recall") == 6
        counted_recall(service, sleep_s=0.5)
        for _ in range(4):  # one at a time, each over the 0.3 s target: 6 × 0.9⁴ = 3.9
            assert answered(await recall(http, path), path)
        assert await metric(http, "graphsvc_admission_limit", kind="recall") == 3
        assert admission.limit("write") == 6  # other kinds keep theirs
        counted_recall(service, sleep_s=0.05, real=False)  # quick, and overlapping within a burst
        for _ in range(40):
            burst = await asyncio.gather(*(recall(http, path) for _ in range(6)))
            assert all(answered(r, path) for r in burst)
            if admission.limit("recall") == 6:
                break
        assert await metric(http, "graphsvc_admission_limit", kind="recall") == 6
