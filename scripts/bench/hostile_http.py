"""Hostile callers against a running graphsvc with ``AUTH_MODE=api_key`` (issue 25): what each costs the
service, and what a well-behaved user sees meanwhile.

    .venv/bin/python scripts/bench/hostile_http.py --url http://127.0.0.1:8031 --key gsk_… --other-key gsk_… \\
        [--server-pid PID] [--cases flood,labels,guessing,nested,headers,heavy] [--seconds 20]

``--key`` and ``--other-key`` are user keys of two different users (``graphsvc keys create --user U``); the
server should run with its defaults (rate limits on). Cases, each after the previous one:

- ``flood``: 16 unauthenticated 4 MB bodies (``{ viewer { principal ×400,000 } }``) at a time for
  ``--seconds``, while the key's user recalls every 100 ms: the user's statuses and latency, and the flood's.
- ``labels``: 2,000 unauthenticated requests naming made-up root fields, then the size of ``/metrics`` and
  the time one scrape takes, before and after.
- ``guessing``: 200 wrong secrets for the key's id and 200 for unknown ids: the server's CPU seconds
  (``--server-pid``) and the statuses.
- ``nested``: a body of 200,000 ``[`` with the key: the status.
- ``headers``: 8 connections each streaming a 100 MB header: the server's RSS before and after (MiB).
- ``heavy``: the key sends 5-turn recalls (1,500 characters a turn) 8 at a time for ``--seconds`` while the
  other key's user recalls every 250 ms; the other user's statuses and latency, against the same user alone.

Prints one JSON object (and a line per case on stderr).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click
import httpx
from figures import percentiles
from load import rss_mib

RECALL = """query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 10) { id } }"""
TURNS_RECALL = """query($u: String!, $c: [TurnInput!]!) { recall(userId: $u, conversation: $c, limit: 10) { id } }"""
VIEWER = """{ viewer { userIds } }"""


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def cpu_s(pid: int | None) -> float | None:
    """User + system CPU seconds of ``pid`` so far (Linux ``/proc``)."""
    if pid is None:
        return None
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


async def user_of(client: httpx.AsyncClient, key: str) -> str:
    body = (await client.post("/graphql", json={"query": VIEWER}, headers=bearer(key))).json()
    return str(body["data"]["viewer"]["userIds"][0])


async def probe(client: httpx.AsyncClient, key: str, user: str, every_s: float, stop: asyncio.Event) -> dict[str, Any]:
    """A user recalling every ``every_s`` until ``stop``: statuses and latency (ms) of the answered ones."""
    statuses: Counter[str] = Counter()
    latencies: list[float] = []
    while not stop.is_set():
        started = time.perf_counter()
        try:
            response = await client.post(
                "/graphql", json={"query": RECALL, "variables": {"u": user, "q": "coffee"}}, headers=bearer(key)
            )
            failed = response.status_code == 200 and "errors" in response.text
            statuses["error" if failed else str(response.status_code)] += 1
            latencies.append((time.perf_counter() - started) * 1000)
        except httpx.HTTPError as exc:
            statuses[type(exc).__name__] += 1
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=every_s)
    return {"statuses": dict(statuses), "max_ms": round(max(latencies, default=0), 1), **percentiles(latencies or [0])}


async def flood(client: httpx.AsyncClient, key: str, user: str, seconds: float) -> dict[str, Any]:
    body = json.dumps({"query": "{ viewer { " + "principal " * 400_000 + "} }"}).encode()
    stop = asyncio.Event()
    flooders = asyncio.create_task(
        hammer(16, lambda: client.post("/graphql", content=body, headers={"Content-Type": "application/json"}), stop)
    )
    user_task = asyncio.create_task(probe(client, key, user, 0.1, stop))
    await asyncio.sleep(seconds)
    stop.set()
    return {"user": await user_task, "flood": await flooders}


async def hammer(senders: int, send: Callable[[], Awaitable[httpx.Response]], stop: asyncio.Event) -> dict[str, int]:
    """``senders`` loops each sending one request after the other until ``stop``; counts by status or error."""
    counts: Counter[str] = Counter()

    async def one() -> None:
        while not stop.is_set():
            try:
                counts[str((await send()).status_code)] += 1
            except httpx.HTTPError as exc:
                counts[type(exc).__name__] += 1

    await asyncio.gather(*(one() for _ in range(senders)))
    return dict(counts)


async def labels(client: httpx.AsyncClient) -> dict[str, Any]:
    async def scrape() -> tuple[int, float]:
        started = time.perf_counter()
        text = (await client.get("/metrics")).content
        return len(text), round((time.perf_counter() - started) * 1000, 1)

    before_bytes, before_ms = await scrape()
    for n in range(2_000):
        await client.post("/graphql", json={"query": f"{{ madeUpField{n} }}"})
    after_bytes, after_ms = await scrape()
    return {"bytes": [before_bytes, after_bytes], "scrape_ms": [before_ms, after_ms]}


async def guessing(client: httpx.AsyncClient, key: str, pid: int | None) -> dict[str, Any]:
    key_id = key.split("_")[1]
    statuses: Counter[str] = Counter()
    cpu_before = cpu_s(pid)
    for n in range(200):
        guess = bearer(f"gsk_{key_id}_{n:04d}{'w' * 40}")
        response = await client.post("/graphql", json={"query": VIEWER}, headers=guess)
        statuses[f"known:{response.status_code}"] += 1
    for n in range(200):
        response = await client.post("/graphql", json={"query": VIEWER}, headers=bearer(f"gsk_{n:016x}_{'u' * 43}"))
        statuses[f"unknown:{response.status_code}"] += 1
    cpu_after = cpu_s(pid)
    used = None if cpu_before is None or cpu_after is None else round(cpu_after - cpu_before, 2)
    return {"statuses": dict(statuses), "server_cpu_s": used}


async def nested(client: httpx.AsyncClient, key: str) -> dict[str, Any]:
    response = await client.post(
        "/graphql", content=b"[" * 200_000, headers={"Content-Type": "application/json", **bearer(key)}
    )
    return {"status": response.status_code, "code": response.json()["errors"][0]["extensions"]["code"]}


async def headers(url: str, pid: int | None) -> dict[str, Any]:
    parts = urlsplit(url)
    before = rss_mib(pid)

    async def one() -> str:
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
        writer.write(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
        try:
            for _ in range(1_600):  # 100 MB in 64 KiB pieces
                writer.write(b"a" * 65_536)
                await writer.drain()
            answer = await asyncio.wait_for(reader.read(12), timeout=30)
            return answer.decode(errors="replace") or "closed"
        except (ConnectionError, TimeoutError) as exc:
            return type(exc).__name__
        finally:
            writer.close()

    outcomes = Counter(await asyncio.gather(*(one() for _ in range(8))))
    await asyncio.sleep(2)
    return {"outcomes": dict(outcomes), "rss_mib_before": before, "rss_mib_after": rss_mib(pid)}


async def heavy(client: httpx.AsyncClient, key: str, other_key: str, seconds: float) -> dict[str, Any]:
    other = await user_of(client, other_key)
    alone_stop = asyncio.Event()
    alone_task = asyncio.create_task(probe(client, other_key, other, 0.25, alone_stop))
    await asyncio.sleep(seconds)
    alone_stop.set()
    alone = await alone_task
    heavy_user = await user_of(client, key)
    turns = [{"role": "user", "content": f"turn {n}: " + "coffee and hiking in the hills " * 50} for n in range(5)]
    stop = asyncio.Event()
    request = {"query": TURNS_RECALL, "variables": {"u": heavy_user, "c": turns}}
    heavies = asyncio.create_task(hammer(8, lambda: client.post("/graphql", json=request, headers=bearer(key)), stop))
    shared_task = asyncio.create_task(probe(client, other_key, other, 0.25, stop))
    await asyncio.sleep(seconds)
    stop.set()
    return {"other_alone": alone, "other_beside_heavy": await shared_task, "heavy": await heavies}


async def run(url: str, key: str, other_key: str, pid: int | None, cases: list[str], seconds: float) -> dict[str, Any]:
    results: dict[str, Any] = {}
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        user = await user_of(client, key)
        for case in cases:
            if case == "flood":
                results[case] = await flood(client, key, user, seconds)
            elif case == "labels":
                results[case] = await labels(client)
            elif case == "guessing":
                results[case] = await guessing(client, key, pid)
            elif case == "nested":
                results[case] = await nested(client, key)
            elif case == "headers":
                results[case] = await headers(url, pid)
            elif case == "heavy":
                results[case] = await heavy(client, key, other_key, seconds)
            print(f"{case}: {json.dumps(results[case])}", file=sys.stderr)
    return results


@click.command()
@click.option("--url", required=True, help="The service's base URL, e.g. http://127.0.0.1:8031.")
@click.option("--key", required=True, help="A user key.")
@click.option("--other-key", required=True, help="A key of another user.")
@click.option("--server-pid", type=int, default=None, help="The service's process id (CPU and RSS figures).")
@click.option("--cases", default="flood,labels,guessing,nested,headers,heavy", show_default=True)
@click.option("--seconds", default=20.0, show_default=True, help="Length of the flood and heavy cases.")
def main(url: str, key: str, other_key: str, server_pid: int | None, cases: str, seconds: float) -> None:
    chosen = [c.strip() for c in cases.split(",") if c.strip()]
    print(json.dumps(asyncio.run(run(url.rstrip("/"), key, other_key, server_pid, chosen, seconds)), indent=2))


if __name__ == "__main__":
    main()
