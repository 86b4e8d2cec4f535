"""Hostile callers against graphsvc with ``AUTH_MODE=api_key`` (issue 25): what each costs the service, and
what a well-behaved user sees meanwhile.

    .venv/bin/python scripts/bench/hostile_http.py --serve [--cases …] [--seconds 20] [--probe-rate 5]
    .venv/bin/python scripts/bench/hostile_http.py --url http://127.0.0.1:8031 --key gsk_… --other-key gsk_… \\
        [--server-pid PID] [--cases flood,labels,guessing,nested,headers,heavy,heavy-burst,bomb,mcp] [--seconds 20]

With ``--serve`` the benchmark starts ``graphsvc serve`` itself (``AUTH_MODE=api_key``, every other setting
its default or the environment's, Neo4j from the environment), creates a key for each of two users and seeds
the probing user with messages. With ``--url``, ``--key`` and ``--other-key`` are user keys of two different
users (``graphsvc keys create --user U``); the server should run with its defaults (rate limits on).

*Goodput* is measured by a probe: the other key's user sends a recall every ``1 / --probe-rate`` seconds (open
loop: a slow answer does not delay the next request) and goodput is its answered-ok recalls per second. Each
case with an attacker (flood, heavy, bomb, mcp) first probes ``--seconds`` alone, then ``--seconds`` beside
the attack, and reports both, their ratio (``goodput_share``) and the probe's 5xx count.
Cases, each after the previous one:

- ``flood``: 16 unauthenticated 4 MB bodies (``{ viewer { principal ×400,000 } }``) at a time.
- ``labels``: 2,000 unauthenticated requests naming made-up root fields, then the size of ``/metrics`` and
  the time one scrape takes, before and after.
- ``guessing``: 200 wrong secrets for the key's id and 200 for unknown ids: the server's CPU seconds
  (``--server-pid``) and the statuses.
- ``nested``: a body of 200,000 ``[`` with the key: the status.
- ``headers``: 8 connections each streaming a 100 MB header: the server's RSS before and after (MiB).
- ``heavy``: the key sends 5-turn recalls (1,500 characters a turn) at 1.2 per second, well under its rate
  limit; ``heavy-burst``: the same recalls 8 at a time, as fast as they are answered.
- ``bomb``: the key uploads document bombs 4 at a time (a 500-page dense PDF of 6 pt text, a PDF whose content
  inflates to 1 GiB, a DOCX of a million paragraphs, a DOCX zip bomb); each is accepted as a job and parsed in
  the background, where it fails or is bounded.
- ``mcp``: the key calls the MCP ``recall`` tool 8 at a time through the official SDK client.

Prints one JSON object (and a line per case on stderr).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click
import httpx
from figures import percentiles
from load import rss_mib
from served import caught_up, served

RECALL = """query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 10) { id } }"""
HEAVY_RATE = 1.2
"""Requests per second of the heavy key in the ``heavy`` case (well under its rate limit)."""
UPLOAD = """mutation($i: IngestDocumentInput!) { ingestDocument(input: $i) { id status } }"""
INGEST = """mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"""
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


async def probe(client: httpx.AsyncClient, key: str, user: str, rate: float, stop: asyncio.Event) -> dict[str, Any]:
    """A user sending a recall every ``1 / rate`` seconds until ``stop`` (open loop): statuses, goodput (ok per
    second) and the latency (ms) of the ok ones."""
    statuses: Counter[str] = Counter()
    latencies: list[float] = []

    async def one() -> None:
        started = time.perf_counter()
        try:
            response = await client.post(
                "/graphql", json={"query": RECALL, "variables": {"u": user, "q": "coffee"}}, headers=bearer(key)
            )
            failed = response.status_code == 200 and "errors" in response.text
            statuses["error" if failed else str(response.status_code)] += 1
            if response.status_code == 200 and not failed:
                latencies.append((time.perf_counter() - started) * 1000)
        except httpx.HTTPError as exc:
            statuses[type(exc).__name__] += 1

    began = time.monotonic()
    sent: list[asyncio.Task[None]] = []
    while not stop.is_set():
        sent.append(asyncio.create_task(one()))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=1 / rate)
    seconds = time.monotonic() - began
    await asyncio.gather(*sent)
    return {
        "statuses": dict(statuses),
        "goodput": round(len(latencies) / seconds, 2),
        "server_errors": sum(n for status, n in statuses.items() if status.startswith("5")),
        "max_ms": round(max(latencies, default=0), 1),
        **percentiles(latencies or [0]),
    }


async def beside(
    client: httpx.AsyncClient,
    key: str,
    user: str,
    *,
    seconds: float,
    rate: float,
    attack: Callable[[asyncio.Event], Coroutine[Any, Any, dict[str, Any]]],
) -> dict[str, Any]:
    """The probe alone for ``seconds``, then beside ``attack`` (run until its event is set) for ``seconds``."""
    stop = asyncio.Event()
    alone_task = asyncio.create_task(probe(client, key, user, rate, stop))
    await asyncio.sleep(seconds)
    stop.set()
    alone = await alone_task
    stop = asyncio.Event()
    attacker = asyncio.create_task(attack(stop))
    await asyncio.sleep(min(2.0, seconds / 5))  # the attack is under way before the probe starts
    probed = asyncio.create_task(probe(client, key, user, rate, stop))
    await asyncio.sleep(seconds)
    stop.set()
    during = await probed
    return {
        "alone": alone,
        "beside": during,
        "goodput_share": round(during["goodput"] / alone["goodput"], 3) if alone["goodput"] else None,
        "attack": await attacker,
    }


async def flood(client: httpx.AsyncClient, key: str, user: str, seconds: float, rate: float) -> dict[str, Any]:
    body = json.dumps({"query": "{ viewer { " + "principal " * 400_000 + "} }"}).encode()

    def send() -> Awaitable[httpx.Response]:
        return client.post("/graphql", content=body, headers={"Content-Type": "application/json"})

    return await beside(client, key, user, seconds=seconds, rate=rate, attack=lambda stop: hammer(16, send, stop))


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


async def heavy(
    client: httpx.AsyncClient, key: str, other_key: str, seconds: float, rate: float, *, burst: bool
) -> dict[str, Any]:
    other = await user_of(client, other_key)
    heavy_user = await user_of(client, key)
    turns = [{"role": "user", "content": f"turn {n}: " + "coffee and hiking in the hills " * 50} for n in range(5)]
    request = {"query": TURNS_RECALL, "variables": {"u": heavy_user, "c": turns}}

    def send() -> Awaitable[httpx.Response]:
        return client.post("/graphql", json=request, headers=bearer(key))

    def attack(stop: asyncio.Event) -> Coroutine[Any, Any, dict[str, int]]:
        return hammer(8, send, stop) if burst else paced(HEAVY_RATE, send, stop)

    return await beside(client, other_key, other, seconds=seconds, rate=rate, attack=attack)


async def paced(rate: float, send: Callable[[], Awaitable[httpx.Response]], stop: asyncio.Event) -> dict[str, int]:
    """One request every ``1 / rate`` seconds until ``stop`` (open loop); counts by status or error."""
    counts: Counter[str] = Counter()

    async def one() -> None:
        try:
            counts[str((await send()).status_code)] += 1
        except httpx.HTTPError as exc:
            counts[type(exc).__name__] += 1

    sent: list[asyncio.Task[None]] = []
    while not stop.is_set():
        sent.append(asyncio.create_task(one()))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=1 / rate)
    await asyncio.gather(*sent)
    return dict(counts)


def bombs() -> list[tuple[str, str]]:
    """Document bombs as (filename, base64 bytes), made by the tests' own sample generators."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests import sample_documents as samples

    made = [
        ("dense.pdf", samples.dense_pdf(500)),
        ("inflating.pdf", samples.inflating_pdf(2**30)),
        ("paragraphs.docx", samples.docx_with_paragraphs(1_000_000)),
        ("zipbomb.docx", samples.docx_with_zip_bomb()),
    ]
    return [(name, base64.b64encode(data).decode()) for name, data in made]


async def bomb(client: httpx.AsyncClient, key: str, other_key: str, seconds: float, rate: float) -> dict[str, Any]:
    other = await user_of(client, other_key)
    bomber = await user_of(client, key)
    files = bombs()
    turn = iter(range(10**9))

    def send() -> Awaitable[httpx.Response]:
        n = next(turn)
        name, data = files[n % len(files)]
        variables = {"i": {"userId": bomber, "filename": name, "contentBase64": data, "sourceId": f"bomb-{n}"}}
        return client.post("/graphql", json={"query": UPLOAD, "variables": variables}, headers=bearer(key))

    return await beside(client, other_key, other, seconds=seconds, rate=rate, attack=lambda stop: hammer(4, send, stop))


async def mcp_load(
    url: str, key: str, client: httpx.AsyncClient, other_key: str, seconds: float, rate: float
) -> dict[str, Any]:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    other = await user_of(client, other_key)

    async def attack(stop: asyncio.Event) -> dict[str, int]:
        counts: Counter[str] = Counter()
        async with (
            httpx2.AsyncClient(headers=bearer(key), timeout=60) as http,
            Client(streamable_http_client(f"{url}/mcp", http_client=http)) as session,
        ):

            async def one() -> None:
                while not stop.is_set():
                    try:
                        result = await session.call_tool("recall", {"query": "coffee and hiking"})
                        counts["error" if result.is_error else "ok"] += 1
                    except Exception as exc:  # noqa: BLE001 - every failure is a figure here
                        counts[type(exc).__name__] += 1

            await asyncio.gather(*(one() for _ in range(8)))
        return dict(counts)

    return await beside(client, other_key, other, seconds=seconds, rate=rate, attack=attack)


async def run(
    url: str, key: str, other_key: str, pid: int | None, cases: list[str], seconds: float, rate: float
) -> dict[str, Any]:
    results: dict[str, Any] = {}
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        other = await user_of(client, other_key)
        await user_of(client, key)  # both keys are in use before the attacks (a verified secret stays accepted)
        for _ in range(10):  # the first recalls plan the statements and fill the user's vector copy
            await client.post(
                "/graphql", json={"query": RECALL, "variables": {"u": other, "q": "coffee"}}, headers=bearer(other_key)
            )
        for case in cases:
            if case == "flood":
                results[case] = await flood(client, other_key, other, seconds, rate)
            elif case == "labels":
                results[case] = await labels(client)
            elif case == "guessing":
                results[case] = await guessing(client, key, pid)
            elif case == "nested":
                results[case] = await nested(client, key)
            elif case == "headers":
                results[case] = await headers(url, pid)
            elif case in ("heavy", "heavy-burst"):
                results[case] = await heavy(client, key, other_key, seconds, rate, burst=case == "heavy-burst")
            elif case == "bomb":
                results[case] = await bomb(client, key, other_key, seconds, rate)
            elif case == "mcp":
                results[case] = await mcp_load(url, key, client, other_key, seconds, rate)
            else:
                raise click.BadParameter(f"unknown case {case!r}")
            print(f"{case}: {json.dumps(results[case])}", file=sys.stderr)
    summary = {
        case: {
            "goodput_alone": r["alone"]["goodput"],
            "goodput_beside": r["beside"]["goodput"],
            "goodput_share": r["goodput_share"],
            "probe_5xx": r["beside"]["server_errors"],
            "probe_p95_ms_alone_beside": [r["alone"]["p95"], r["beside"]["p95"]],
        }
        for case, r in results.items()
        if isinstance(r, dict) and "goodput_share" in r
    }
    for case, figures in summary.items():
        print(f"{case}: {json.dumps(figures)}", file=sys.stderr)
    return {"cases": results, "summary": summary}


def create_key(env: dict[str, str], user: str) -> str:
    """A new key for ``user``, made with ``graphsvc keys create`` against the environment's Neo4j."""
    made = subprocess.run(
        [sys.executable, "-m", "graphsvc.cli", "keys", "create", "--user", user, "--name", "hostile-bench"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return made.stdout.strip().splitlines()[-1]


async def seed(url: str, key: str, messages: int) -> None:
    """``messages`` messages for the key's user, then wait until their vectors are made (``/ready``)."""
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        user = await user_of(client, key)
        words = "coffee hiking Berlin guitar marathon sister garden recipe violin holiday museum novel".split()
        batch = [
            {
                "messageId": f"seed-{n}",
                "role": "user",
                "content": f"I talked about {words[n % len(words)]} and {words[(n * 7) % len(words)]} today ({n}).",
                "occurredAt": f"2024-01-{1 + n % 28:02d}T10:{n % 60:02d}:00Z",
            }
            for n in range(messages)
        ]
        variables = {"i": {"userId": user, "sessionId": "seed", "messages": batch}}
        answer = await client.post("/graphql", json={"query": INGEST, "variables": variables}, headers=bearer(key))
        answer.raise_for_status()
        for _ in range(600):
            if caught_up((await client.get("/ready")).json(), jobs=False):
                return
            await asyncio.sleep(1)
        raise click.ClickException(f"the seed messages of {user} were not all embedded within 600 s; see /ready")


@click.command()
@click.option("--url", default=None, help="A running service's base URL, e.g. http://127.0.0.1:8031.")
@click.option("--serve", is_flag=True, help="Start graphsvc serve (AUTH_MODE=api_key) and make the keys.")
@click.option("--key", default=None, help="With --url: a user key.")
@click.option("--other-key", default=None, help="With --url: a key of another user.")
@click.option("--server-pid", type=int, default=None, help="The service's process id (CPU and RSS figures).")
@click.option("--cases", default="flood,labels,guessing,nested,headers,heavy,heavy-burst,bomb,mcp", show_default=True)
@click.option("--seconds", default=20.0, show_default=True, help="Length of the probe alone and beside an attack.")
@click.option("--probe-rate", default=5.0, show_default=True, help="The probing user's recalls per second.")
@click.option("--seed-messages", default=200, show_default=True, help="With --serve: the probing user's messages.")
def main(
    url: str | None,
    serve: bool,
    key: str | None,
    other_key: str | None,
    server_pid: int | None,
    cases: str,
    seconds: float,
    probe_rate: float,
    seed_messages: int,
) -> None:
    chosen = [c.strip() for c in cases.split(",") if c.strip()]
    if serve:
        env = {**os.environ, "AUTH_MODE": "api_key"}
        tag = uuid.uuid4().hex[:6]
        key, other_key = create_key(env, f"hostile-{tag}-a"), create_key(env, f"hostile-{tag}-b")
        with served(env) as (base, pid):
            asyncio.run(seed(base, other_key, seed_messages))
            result = asyncio.run(run(base, key, other_key, pid, chosen, seconds, probe_rate))
    else:
        if not (url and key and other_key):
            raise click.UsageError("give --serve, or --url with --key and --other-key")
        result = asyncio.run(run(url.rstrip("/"), key, other_key, server_pid, chosen, seconds, probe_rate))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
