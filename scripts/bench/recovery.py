"""Start-up on a cold Neo4j, and recovery after a Neo4j outage: how long after Neo4j is back a recall first
succeeds, and ``/ready`` turns 200.

    .venv/bin/python scripts/bench/recovery.py [--outage-s 60] [--bolt-port 7796] [--service-port 8796]

It starts its own Neo4j (``scripts/neo4j``, data in ``.data/recovery``, wiped first; Bolt ``--bolt-port``, HTTP the
port after it) and one ``graphsvc serve`` on ``--service-port`` (offline extractor), twice on a Neo4j just started
(a cold JVM without query plans): without its warm-up (``NEO4J_WARM_UP=false``; this one ingests a few messages) and
with it, timing each from Neo4j ready to the service ready, and its first recall (the baseline beside the warm-up,
in the same run). Then it recalls the messages until they are found. Then it stops Neo4j (``scripts/neo4j stop``)
for ``--outage-s`` seconds while a caller keeps sending a recall every ``--interval-s`` seconds (each in flight on
its own, as clients that retry on their own schedule do) and ``/ready`` is polled as often; then it starts Neo4j
again and measures from **Neo4j ready** (its Bolt port accepts a connection and ``RETURN 1`` succeeds on a fresh
driver) to:

- the first recall that answers without errors and finds what was ingested (when it was answered, and when that
  request was sent);
- ``/ready`` answering 200.

``--rounds`` repeats the outage. Prints one table row per round (seconds; the goal is ≤ 5 s from Neo4j ready to the
first successful recall) with the refusal codes seen after Neo4j was ready, and a JSON line. Exit status 1 if a
round did not recover within ``--give-up-s`` or lost a message ingested before the outage.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import socket
import subprocess
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field

import click
import httpx
from faults import REPO, Api, Neo4j, Service, message

RECALL = "query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 5) { id content } }"
USER = "recovery"
MESSAGES = 6


@dataclass
class Round:
    """One outage, its times in seconds from Neo4j ready (None: not within the give-up time)."""

    outage_s: float
    neo4j_start_s: float
    first_recall_answered_s: float | None
    first_recall_sent_s: float | None
    ready_s: float | None
    events_before: int
    events_after: int
    after_ready: dict[str, int] = field(default_factory=dict)
    """What the recalls answered after Neo4j was ready until the first success: ``ok`` or the error code."""


@dataclass
class ColdStart:
    """``graphsvc serve`` started on a Neo4j that has just started (cold JVM, no query plans), with or without its
    warm-up (``NEO4J_WARM_UP``): seconds from Neo4j ready to the service ready, and the first recall's."""

    warm_up: bool
    service_ready_s: float
    first_recall_s: float
    first_recall: str
    """``ok`` or the error code (DEADLINE_EXCEEDED: past the request deadline)."""


@dataclass
class Attempt:
    sent: float
    answered: float
    outcome: str


async def recall_once(client: httpx.AsyncClient, url: str) -> str:
    """One recall: ``ok`` when it answered without errors and found an ingested message, else the error code (or
    the HTTP error's name)."""
    try:
        response = await client.post(
            f"{url}/graphql", json={"query": RECALL, "variables": {"u": USER, "q": "garden lake"}}, timeout=60
        )
        body = response.json()
    except (httpx.HTTPError, ValueError) as exc:
        return type(exc).__name__
    if body.get("errors"):
        return str(body["errors"][0].get("extensions", {}).get("code", "ERROR"))
    hits = (body.get("data") or {}).get("recall") or []
    return "ok" if any("garden" in h["content"] for h in hits) else "no hits"


async def neo4j_answers(bolt: int, password: str) -> bool:
    """Whether Neo4j is ready: its Bolt port accepts a connection and ``RETURN 1`` succeeds on a fresh driver."""
    from neo4j import AsyncGraphDatabase

    with socket.socket() as sock:
        sock.settimeout(0.5)
        if sock.connect_ex(("127.0.0.1", bolt)) != 0:
            return False
    driver = AsyncGraphDatabase.driver(
        f"bolt://127.0.0.1:{bolt}", auth=("neo4j", password), connection_timeout=2, connection_acquisition_timeout=5
    )
    try:
        await driver.execute_query("RETURN 1")
        return True
    except Exception:
        return False
    finally:
        await driver.close()


async def count_events(neo4j: Neo4j) -> int:
    from neo4j import AsyncGraphDatabase

    async with AsyncGraphDatabase.driver(f"bolt://127.0.0.1:{neo4j.bolt}", auth=("neo4j", neo4j.password())) as d:
        records, _, _ = await d.execute_query("MATCH (e:Event {user_id: $u}) RETURN count(e) AS n", {"u": USER})
        return int(records[0]["n"])


async def outage(
    client: httpx.AsyncClient, url: str, neo4j: Neo4j, *, outage_s: float, interval_s: float, give_up_s: float
) -> Round:
    """Stop Neo4j for ``outage_s`` while recalls and ``/ready`` are polled, start it, time the recovery."""
    events_before = await count_events(neo4j)
    attempts: list[Attempt] = []
    ready_at: list[float] = []
    stop = asyncio.Event()
    in_flight: set[asyncio.Task[None]] = set()

    async def one_recall() -> None:
        sent = time.monotonic()
        outcome = await recall_once(client, url)
        attempts.append(Attempt(sent, time.monotonic(), outcome))

    async def caller() -> None:
        while not stop.is_set():
            task = asyncio.create_task(one_recall())
            in_flight.add(task)
            task.add_done_callback(in_flight.discard)
            await asyncio.sleep(interval_s)

    async def readiness() -> None:
        while not stop.is_set():
            try:
                if (await client.get(f"{url}/ready", timeout=10)).status_code == 200:
                    ready_at.append(time.monotonic())
            except httpx.HTTPError:
                pass
            await asyncio.sleep(interval_s)

    pollers = [asyncio.create_task(caller()), asyncio.create_task(readiness())]
    try:
        await asyncio.to_thread(neo4j.stop)
        await asyncio.sleep(outage_s)
        restart = time.monotonic()
        starting = asyncio.create_task(asyncio.to_thread(neo4j.start))
        password = neo4j.password()
        while not await neo4j_answers(neo4j.bolt, password):
            if starting.done():
                starting.result()  # raises when scripts/neo4j start failed
            await asyncio.sleep(0.1)
        back = time.monotonic()
        neo4j_start_s = back - restart
        deadline = back + give_up_s
        while time.monotonic() < deadline:
            recalled = [a for a in attempts if a.answered >= back and a.outcome == "ok"]
            if recalled and any(t >= back for t in ready_at):
                break
            await asyncio.sleep(0.1)
        await starting
    finally:
        stop.set()
        await asyncio.gather(*pollers)
        await asyncio.gather(*in_flight)
    first = min(
        (a for a in attempts if a.answered >= back and a.outcome == "ok"), key=lambda a: a.answered, default=None
    )
    until = first.answered if first else float("inf")
    seen = Counter(a.outcome for a in attempts if back <= a.answered <= until)
    return Round(
        outage_s=outage_s,
        neo4j_start_s=round(neo4j_start_s, 1),
        first_recall_answered_s=round(first.answered - back, 2) if first else None,
        first_recall_sent_s=round(first.sent - back, 2) if first else None,
        ready_s=round(min(t for t in ready_at if t >= back) - back, 2) if any(t >= back for t in ready_at) else None,
        events_before=events_before,
        events_after=await count_events(neo4j),
        after_ready=dict(seen),
    )


async def run(
    *, bolt: int, service_port: int, outage_s: float, rounds: int, interval_s: float, give_up_s: float
) -> tuple[list[ColdStart], list[Round]]:
    data_dir = REPO / ".data" / "recovery"
    neo4j = Neo4j(bolt=bolt, http=bolt + 1, data_dir=data_dir)
    with contextlib.suppress(subprocess.CalledProcessError):
        neo4j.stop()  # one an interrupted run left
    shutil.rmtree(data_dir, ignore_errors=True)
    env = {k: v for k, v in neo4j.env.items() if not k.startswith("LLM_")}  # the offline extractor
    env.update(AUTH_MODE="none", LOG_FORMAT="text", DAILY_LEARNING="false")
    starts: list[ColdStart] = []
    results: list[Round] = []
    service: Service | None = None
    try:
        async with httpx.AsyncClient(timeout=60) as client:
            for warm_up in (False, True):  # the baseline first: it also ingests, which warms Neo4j a little
                if service is not None:
                    service.stop()
                    neo4j.stop()
                neo4j.start()
                started = time.monotonic()
                service = Service(
                    port=service_port,
                    env=env | {"NEO4J_WARM_UP": str(warm_up).lower()},
                    log=data_dir / f"service-warm-up-{str(warm_up).lower()}.log",
                )
                await service.ready(client, timeout_s=240)
                ready_s = time.monotonic() - started
                if not warm_up:
                    reply = await Api(client, service.url).ingest(
                        USER, "s1", [message(i) for i in range(1, MESSAGES + 1)]
                    )
                    if reply.get("errors"):
                        raise click.ClickException(f"ingest failed: {reply['errors']}")
                sent = time.monotonic()
                outcome = await recall_once(client, service.url)
                starts.append(ColdStart(warm_up, round(ready_s, 1), round(time.monotonic() - sent, 2), outcome))
            assert service is not None
            for _ in range(240):  # found (full text at once, by similarity once embedded), vector copy warm
                if await recall_once(client, service.url) == "ok":
                    break
                await asyncio.sleep(0.5)
            for _ in range(10):
                await recall_once(client, service.url)
            for _ in range(rounds):
                results.append(
                    await outage(
                        client,
                        service.url,
                        neo4j,
                        outage_s=outage_s,
                        interval_s=interval_s,
                        give_up_s=give_up_s,
                    )
                )
    finally:
        if service is not None:
            service.stop()
        neo4j.stop()
    return starts, results


@click.command()
@click.option("--outage-s", default=60.0, show_default=True, help="How long Neo4j stays stopped.")
@click.option("--rounds", default=1, show_default=True, help="How many outages, one after the other.")
@click.option("--interval-s", default=0.25, show_default=True, help="A recall and a /ready poll this often.")
@click.option("--give-up-s", default=180.0, show_default=True, help="A round fails when not recovered by then.")
@click.option("--bolt-port", default=7796, show_default=True, help="The script's own Neo4j (HTTP: the next port).")
@click.option("--service-port", default=8796, show_default=True)
def main(outage_s: float, rounds: int, interval_s: float, give_up_s: float, bolt_port: int, service_port: int) -> None:
    """Stop Neo4j under a polling caller, start it again, and time how long graphsvc takes to answer again."""
    starts, results = asyncio.run(
        run(
            bolt=bolt_port,
            service_port=service_port,
            outage_s=outage_s,
            rounds=rounds,
            interval_s=interval_s,
            give_up_s=give_up_s,
        )
    )
    print("| warm-up | Neo4j ready → service ready s | first recall s | first recall |")
    print("|---|---|---|---|")
    for c in starts:
        print(f"| {'on' if c.warm_up else 'off'} | {c.service_ready_s} | {c.first_recall_s} | {c.first_recall} |")
    print()
    print(
        "| outage s | Neo4j start s | first recall answered s | its request sent s | /ready 200 s | events "
        "before → after | answers after Neo4j ready |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in results:
        print(
            f"| {r.outage_s:g} | {r.neo4j_start_s} | {r.first_recall_answered_s} | {r.first_recall_sent_s} | "
            f"{r.ready_s} | {r.events_before} → {r.events_after} | {r.after_ready} |"
        )
    print(json.dumps({"cold_starts": [asdict(c) for c in starts], "outages": [asdict(r) for r in results]}))
    failed = [r for r in results if r.first_recall_answered_s is None or r.events_after < r.events_before]
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
