"""Hostile and heavy callers against the HTTP layer (issue 25): DNS rebinding, work before authentication,
guessing keys, admission of /mcp, outages and shutdowns, bounded heads, bounded metric labels."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from neo4j import AsyncGraphDatabase

from graphsvc.api.app import build_app
from graphsvc.api.server import uvicorn_config
from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.errors import OverloadedError
from graphsvc.graph.database import Database
from graphsvc.logs import ContextFilter
from graphsvc.service import MemoryService
from graphsvc.service import api_keys as key_area
from tests.integration.auth_support import api_key_settings
from tests.integration.conftest import at, endless_recall, make_service, unreachable_database
from tests.integration.graphql_client import RECALL

MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def mcp_call(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}


@contextlib.asynccontextmanager
async def app_client(
    service: MemoryService, settings: Settings, credential: str | None = None
) -> AsyncIterator[httpx.AsyncClient]:
    headers = {"Authorization": f"Bearer {credential}"} if credential is not None else {}
    transport = httpx.ASGITransport(app=build_app(settings, service=service))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1", headers=headers, timeout=30) as c:
        yield c


@pytest.fixture
def counted_hashes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every Argon2 check the service makes, by the hash it was checked against (None: the decoy)."""
    seen: list[str] = []
    original = key_area._check

    def counting(stored: str | None, secret: str) -> bool:
        seen.append(stored or "decoy")
        return original(stored, secret)

    monkeypatch.setattr(key_area, "_check", counting)
    return seen


async def test_dns_rebinding_cannot_read_memories_without_auth(service: MemoryService, settings: Settings) -> None:
    secret = MessageIn(role="user", content="my bank pin is 4321", occurred_at=at(1), message_id="m1")
    await service.ingest_messages(user_id="alice", session_id="s1", messages=[secret])
    body = {"query": RECALL, "variables": {"u": "alice", "q": "bank pin"}}
    async with app_client(service, settings) as client:
        own = await client.post("/graphql", json=body)
        assert own.status_code == 200 and own.json()["data"]["recall"]
        rebound = {"Host": "rebind.evil.example:8000"}
        for method, path in (("POST", "/graphql"), ("POST", "/mcp"), ("GET", "/health"), ("GET", "/metrics")):
            response = await client.request(method, path, json=body, headers=rebound)
            assert response.status_code == 421, (path, response.text)
            assert "4321" not in response.text
        page = {"Origin": "https://evil.example", "Content-Type": "text/plain"}
        forged = await client.post("/graphql", content=json.dumps(body), headers=page)
        assert forged.status_code == 403 and "4321" not in forged.text


async def test_neo4js_http_port_does_not_allow_every_origin() -> None:
    port = os.environ.get("NEO4J_HTTP_PORT")
    if not port:
        pytest.skip("the Neo4j of scripts/test (NEO4J_HTTP_PORT) is not running")
    async with httpx.AsyncClient(timeout=10) as client:
        response = await client.get(f"http://127.0.0.1:{port}/", headers={"Origin": "https://evil.example"})
    assert response.headers.get("access-control-allow-origin") not in ("*", "https://evil.example")


async def test_nothing_of_the_body_is_read_before_authentication(service: MemoryService, settings: Settings) -> None:
    secured = api_key_settings(settings)
    async with app_client(service, secured) as anonymous:
        for body in (
            b"[" * 200_000,
            b"{not json",
            json.dumps({"query": "{ viewer { " + "principal " * 50_000 + "} }"}),
        ):
            response = await anonymous.post("/graphql", content=body, headers={"Content-Type": "application/json"})
            assert response.status_code == 401, response.text[:200]
        for n in range(20):
            await anonymous.post("/graphql", json={"query": f"{{ madeUpField{n} }}"})
        metrics = (await anonymous.get("/metrics")).text
    assert "madeUpField" not in metrics


async def test_metric_labels_name_known_fields_only(service: MemoryService, settings: Settings) -> None:
    async with app_client(service, settings) as client:
        await client.post("/graphql", json={"query": "{ inventedRootField }"})
        await client.post("/graphql", json={"query": RECALL, "variables": {"u": "u1", "q": "x"}})
        metrics = (await client.get("/metrics")).text
    assert "inventedRootField" not in metrics
    assert 'graphsvc_requests_total{operation="other",outcome="error"}' in metrics
    assert 'graphsvc_requests_total{operation="recall",outcome="ok"}' in metrics


async def test_metrics_are_rendered_off_the_event_loop(
    service: MemoryService, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    import prometheus_client

    from graphsvc.api import observability

    threads: list[str] = []
    original = prometheus_client.generate_latest

    def recording() -> bytes:
        threads.append(threading.current_thread().name)
        return original()

    monkeypatch.setattr(observability, "generate_latest", recording)
    async with app_client(service, settings) as client:
        assert (await client.get("/metrics")).status_code == 200
    assert threads and threads[0] != threading.main_thread().name


async def test_deeply_nested_json_is_400_with_or_without_auth_mode(service: MemoryService, settings: Settings) -> None:
    async with app_client(service, settings) as client:
        response = await client.post("/graphql", content=b"[" * 200_000, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"


async def test_a_wrong_secret_is_hashed_once_and_guessing_stops_before_hashing(
    service: MemoryService, settings: Settings, counted_hashes: list[str]
) -> None:
    _, real = await service.create_api_key(user_id="alice")
    prefix = real[: real.rindex("_") + 1]
    body = {"query": RECALL, "variables": {"u": "alice", "q": "x"}}

    def bearer(key: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {key}"}

    async with app_client(service, api_key_settings(settings, auth_failure_limit="3/minute")) as client:
        assert (await client.post("/graphql", json=body, headers=bearer(real))).status_code == 200
        hashed_for_alice = len(counted_hashes)
        wrong = prefix + "w" * 43
        repeats = [(await client.post("/graphql", json=body, headers=bearer(wrong))).status_code for _ in range(3)]
        assert repeats == [401, 401, 401]
        assert len(counted_hashes) - hashed_for_alice == 1  # the same wrong secret is hashed once
        guesses = [prefix + f"{n:02d}" + "g" * 41 for n in range(10)]
        statuses = [(await client.post("/graphql", json=body, headers=bearer(g))).status_code for g in guesses]
        assert set(statuses) == {429}  # the budget of 3 failures is spent: no more hashing
        assert len(counted_hashes) - hashed_for_alice == 1
        ok = await client.post("/graphql", json=body, headers=bearer(real))
        assert ok.status_code == 200, ok.text  # alice, behind the same address, is not held back
        other = await client.post("/graphql", json=body, headers=bearer("gsk_00112233aabbccdd_" + "o" * 43))
        assert other.status_code == 429 and 1 <= int(other.headers["retry-after"]) <= 60


async def test_requests_without_credentials_do_not_spend_the_addresss_failure_budget(
    service: MemoryService, settings: Settings
) -> None:
    _, key = await service.create_api_key(user_id="alice")
    body = {"query": RECALL, "variables": {"u": "alice", "q": "x"}}
    async with app_client(service, api_key_settings(settings, auth_failure_limit="3/minute")) as client:
        anonymous = [(await client.post("/graphql", json=body)).status_code for _ in range(10)]
        assert set(anonymous) == {401}  # refused, never 429: no credential was checked
        first_use = await client.post("/graphql", json=body, headers={"Authorization": f"Bearer {key}"})
        assert first_use.status_code == 200, first_use.text  # a new key behind the same address still works
        wrong = key[: key.rindex("_") + 1] + "w" * 43
        refused = [
            (await client.post("/graphql", json=body, headers={"Authorization": f"Bearer {wrong}"})).status_code
            for _ in range(4)
        ]
        assert refused == [401, 401, 401, 429]  # wrong credentials still spend it


async def test_an_unknown_key_id_costs_the_same_hash_as_a_wrong_secret(
    service: MemoryService, settings: Settings, counted_hashes: list[str]
) -> None:
    async with app_client(service, api_key_settings(settings), "gsk_0123456789abcdef_" + "u" * 43) as unknown:
        assert (await unknown.post("/graphql", json={"query": RECALL})).status_code == 401
    assert counted_hashes == ["decoy"]


async def test_unauthenticated_requests_never_take_an_admission_slot(
    service: MemoryService, settings: Settings
) -> None:
    _, key = await service.create_api_key(user_id="alice")
    secured = api_key_settings(settings, max_inflight_requests=1, max_queued_requests=0)
    release = asyncio.Event()

    async def slow_recall(**kwargs: Any) -> Any:
        await release.wait()
        return []

    service.recall = slow_recall  # type: ignore[method-assign]
    app = build_app(secured, service=service)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1", timeout=30) as client:
        body = {"query": RECALL, "variables": {"u": "alice", "q": "x"}}
        busy = asyncio.create_task(client.post("/graphql", json=body, headers={"Authorization": f"Bearer {key}"}))
        await asyncio.sleep(0.3)
        anonymous = await client.post("/graphql", json=body)
        assert anonymous.status_code == 401  # refused at the door, not queued (503) behind alice
        release.set()
        assert (await busy).status_code == 200


async def test_mcp_passes_admission_and_the_deadline(service: MemoryService, settings: Settings) -> None:
    stopped = asyncio.Event()
    service.recall = endless_recall(stopped)  # type: ignore[method-assign,assignment]
    limits = {"request_deadline_s": 1.0, "max_inflight_requests": 1, "max_queued_requests": 0}
    limited = settings.model_copy(update=limits)
    async with served(build_app(limited, service=service), limited) as (url, _):
        async with httpx.AsyncClient(base_url=url, timeout=30) as client:
            call = mcp_call("recall", {"query": "x", "user_id": "ana"})
            first = asyncio.create_task(client.post("/mcp", json=call, headers=MCP_HEADERS))
            await asyncio.sleep(0.3)
            second = await client.post("/mcp", json=call, headers=MCP_HEADERS)
            timed_out = await asyncio.wait_for(first, timeout=10)
    assert second.status_code == 503 and second.json()["errors"][0]["extensions"]["code"] == "OVERLOADED"
    assert second.headers["retry-after"] == "1"
    assert timed_out.status_code == 503
    assert timed_out.json()["errors"][0]["extensions"]["code"] == "DEADLINE_EXCEEDED"
    assert stopped.is_set()


async def test_api_key_mode_answers_database_unavailable_during_an_outage(
    settings: Settings, embedder: LocalEmbedder
) -> None:
    dead = unreachable_database(settings)
    service = make_service(settings, dead, embedder)
    loop = asyncio.get_running_loop()
    started = loop.time()
    async with app_client(service, api_key_settings(settings), "gsk_0123456789abcdef_" + "k" * 43) as client:
        response = await client.post("/graphql", json={"query": RECALL, "variables": {"u": "u1", "q": "x"}})
    elapsed = loop.time() - started
    await dead.close()
    assert response.status_code == 503 and response.headers["retry-after"] == "1"
    assert response.json()["errors"][0]["extensions"]["code"] == "DATABASE_UNAVAILABLE"
    assert elapsed < 6.0


async def test_a_full_connection_pool_is_overloaded_not_internal(settings: Settings) -> None:
    driver = AsyncGraphDatabase.driver(
        settings.neo4j.uri,
        auth=(settings.neo4j.user, settings.resolve_neo4j_password()),
        max_connection_pool_size=1,
        connection_acquisition_timeout=0.5,
    )
    db = Database(driver, database=settings.neo4j.database, uri=settings.neo4j.uri)
    try:
        async with driver.session(database=db.database) as holding:
            tx = await holding.begin_transaction()  # the pool's only connection is busy
            with pytest.raises(OverloadedError):
                await db.read("ping")
            await tx.rollback()
    finally:
        await db.close()


@contextlib.asynccontextmanager
async def served(app: Any, settings: Settings) -> AsyncIterator[tuple[str, Any]]:
    import uvicorn

    server = uvicorn.Server(uvicorn_config(app, settings, host="127.0.0.1", port=0, lifespan="on"))
    task = asyncio.create_task(server.serve())
    async with asyncio.timeout(30):
        while not server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", server
    finally:
        server.should_exit = True
        await task


async def test_a_request_in_flight_at_shutdown_gets_503(service: MemoryService, settings: Settings) -> None:
    started = asyncio.Event()

    async def endless_recall(**kwargs: Any) -> Any:
        started.set()
        await asyncio.sleep(60)
        return []

    service.recall = endless_recall  # type: ignore[method-assign]
    stopping = settings.model_copy(update={"shutdown_grace_s": 1.0, "request_deadline_s": 60.0})
    async with served(build_app(stopping, service=service), stopping) as (url, server):
        async with httpx.AsyncClient(base_url=url, timeout=30) as client:
            body = {"query": RECALL, "variables": {"u": "u1", "q": "x"}}
            request = asyncio.create_task(client.post("/graphql", json=body))
            await asyncio.wait_for(started.wait(), timeout=10)
            server.should_exit = True  # what SIGTERM does
            response = await asyncio.wait_for(request, timeout=20)
    assert response.status_code == 503, response.text
    assert response.json()["errors"][0]["extensions"]["code"] == "SHUTTING_DOWN"


async def test_request_heads_are_bounded(service: MemoryService, settings: Settings) -> None:
    bounded = settings.model_copy(update={"max_header_bytes": 16 * 1024})
    async with served(build_app(bounded, service=service), bounded) as (url, _):
        host, port = url.removeprefix("http://").split(":")
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 20_000)  # no end in sight
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(200), timeout=10)
        assert answer.startswith(b"HTTP/1.1 400"), answer
        await asyncio.wait_for(reader.read(), timeout=10)
        assert reader.at_eof()  # and the connection is closed
        writer.close()
        async with httpx.AsyncClient(base_url=url) as client:
            assert (await client.get("/health", headers={"X-Fine": "a" * 8_000})).status_code == 200


async def test_every_refusal_is_logged_with_its_request_id_and_stage(
    service: MemoryService, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    caplog.handler.addFilter(ContextFilter())
    _, key = await service.create_api_key(user_id="alice")
    async with app_client(service, api_key_settings(settings, rate_limit="1/minute"), key) as client:
        body = {"query": RECALL, "variables": {"u": "alice", "q": "x"}}
        await client.post("/graphql", json=body, headers={"X-Request-ID": "first-1"})
        refused = await client.post("/graphql", json=body, headers={"X-Request-ID": "over-2"})
    assert refused.status_code == 429
    lines = [r for r in caplog.records if r.name == "graphsvc.api.refusals"]
    assert len(lines) == 1
    assert getattr(lines[0], "request_id", None) == "over-2" and "at rate_limit" in lines[0].getMessage()
    assert lines[0].levelno == logging.WARNING


async def test_no_field_suggestions_in_production(service: MemoryService, settings: Settings) -> None:
    typo = {"query": '{ recal(userId: "u", query: "q") { id } }'}
    async with app_client(service, settings.model_copy(update={"environment": "production"})) as client:
        production = (await client.post("/graphql", json=typo)).json()["errors"][0]["message"]
    async with app_client(service, settings) as client:
        development = (await client.post("/graphql", json=typo)).json()["errors"][0]["message"]
    assert "Did you mean" not in production and "recal" in production
    assert "Did you mean 'recall'" in development
