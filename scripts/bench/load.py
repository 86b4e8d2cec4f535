"""Open-loop mixed load against a running graphsvc over loopback HTTP (issue 11's overload goals).

    .venv/bin/python scripts/bench/load.py --serve [--rate-limit 100000/minute] \\
        [--rates 20,40,60,80] [--duration-s 30] [--overload 4] [--soak-s 600 --soak-fraction 0.7]
    .venv/bin/python scripts/bench/load.py --url http://127.0.0.1:8021/graphql [--server-pid PID] ...

With ``--serve`` the benchmark starts ``graphsvc serve`` itself (the settings of the environment, on a free port)
with ``RATE_LIMIT`` set to ``--rate-limit`` and prints that limit: with ``AUTH_MODE=none`` every request of the
load generator comes from one principal, so the default limit (600/minute) would cap the measured rate at
10 req/s. With ``--url`` it loads a running service whose limit it cannot know, and says so.

Requests arrive as a Poisson process at each offered rate (open loop: a slow server does not slow the
arrivals), 70 % ``recall``, 25 % ``ingestMessages`` (one message into an open session) and 5 %
``endConversation``, over ``--users`` users seeded first with ``--seed-messages`` messages each. Each
request has a client timeout of ``--timeout-s`` and at most ``--max-outstanding`` requests are in flight
(bounded: beyond it an arrival is counted as ``dropped`` by the client, never sent).

For each rate it prints: sent, ok (HTTP 200 without GraphQL errors), goodput (ok per second), rate-limited
(HTTP 429: the per-principal rate limit, not overload), shed (HTTP 503 with Retry-After: the admission
control's answer to overload), errors (anything else: GraphQL errors, HTTP 5xx other than 503, timeouts), and
the p50/p95/p99 latency of the ok requests. *Capacity* is the highest rate with p95 < 250 ms, 0 errors,
0 rate-limited and 0 shed; then the load runs at ``--overload`` × capacity, and goodput there is compared with
capacity. ``--soak-s`` runs ``--soak-fraction`` × capacity for that long and samples the server's RSS
(``--server-pid``, or the served process) every 10 s. Output: a table and one JSON object.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import random
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click
import httpx
import numpy as np
from served import served

INGEST = """mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"""
RECALL = """query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 10) { id score } }"""
END = """mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"""
WORDS = (
    "coffee hiking Berlin guitar marathon sister project deadline python garden recipe violin holiday doctor "
    "budget apartment puppy museum novel chess train salary yoga painting lake birthday camera concert bakery"
).split()
SLO_P95_MS = 250.0


def sentence(rng: random.Random) -> str:
    a, b, c = rng.sample(WORDS, 3)
    return rng.choice(
        (
            f"I went to the {a} with my {b} yesterday and it reminded me of {c}.",
            f"My {a} is getting better, but the {b} still worries me a bit.",
            f"I have been thinking about {a} and {b} a lot lately, especially {c}.",
        )
    )


@dataclass
class Phase:
    """What one rate produced."""

    rate: float
    duration_s: float
    sent: int = 0
    ok: int = 0
    rate_limited: int = 0
    refused: int = 0
    errors: int = 0
    dropped: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    error_kinds: dict[str, int] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        lat = np.asarray(self.latencies_ms or [0.0])
        return {
            "rate": self.rate,
            "duration_s": self.duration_s,
            "sent": self.sent,
            "ok": self.ok,
            "goodput": round(self.ok / self.duration_s, 1),
            "rate_limited": self.rate_limited,
            "refused": self.refused,
            "errors": self.errors,
            "dropped": self.dropped,
            "p50_ms": round(float(np.percentile(lat, 50)), 1),
            "p95_ms": round(float(np.percentile(lat, 95)), 1),
            "p99_ms": round(float(np.percentile(lat, 99)), 1),
            "error_kinds": self.error_kinds,
        }


class Load:
    def __init__(self, *, url: str, users: int, timeout_s: float, max_outstanding: int, seed: int) -> None:
        self.url = url
        self.run = uuid.uuid4().hex[:6]
        self.users = [f"load-{self.run}-u{i}" for i in range(users)]
        self.sessions = {u: 0 for u in self.users}
        self.counter = 0
        self.rng = random.Random(seed)
        self.client = httpx.AsyncClient(
            timeout=timeout_s, limits=httpx.Limits(max_connections=max_outstanding, max_keepalive_connections=100)
        )
        self.max_outstanding = max_outstanding
        self.outstanding = 0

    async def post(self, query: str, variables: dict[str, Any]) -> httpx.Response:
        return await self.client.post(self.url, json={"query": query, "variables": variables})

    def message(self, user: str) -> dict[str, Any]:
        self.counter += 1
        when = datetime(2024, 1, 1, tzinfo=UTC) + timedelta(seconds=self.counter)
        return {
            "messageId": f"m{self.counter}",
            "role": "user",
            "speaker": user,
            "content": sentence(self.rng),
            "occurredAt": when.isoformat(),
        }

    async def seed(self, per_user: int) -> None:
        for user in self.users:
            messages = [self.message(user) for _ in range(per_user)]
            response = await self.post(INGEST, {"i": {"userId": user, "sessionId": "seed", "messages": messages}})
            response.raise_for_status()
            body = response.json()
            if body.get("errors"):
                raise click.ClickException(f"seeding failed: {body['errors'][0]['message']}")

    def request(self) -> tuple[str, dict[str, Any]]:
        user = self.rng.choice(self.users)
        draw = self.rng.random()
        session = f"s{self.sessions[user]}"
        if draw < 0.70:
            return RECALL, {"u": user, "q": sentence(self.rng)}
        if draw < 0.95:
            return INGEST, {"i": {"userId": user, "sessionId": session, "messages": [self.message(user)]}}
        self.sessions[user] += 1
        return END, {"u": user, "s": session}

    async def one(self, phase: Phase, query: str, variables: dict[str, Any]) -> None:
        started = time.monotonic()
        try:
            response = await self.post(query, variables)
            elapsed_ms = (time.monotonic() - started) * 1000
            if response.status_code == 429:
                phase.rate_limited += 1  # the rate limit answered, not the admission control
                return
            if response.status_code == 503 and "retry-after" in response.headers:
                phase.refused += 1
                return
            body = response.json() if response.status_code == 200 else {}
            if response.status_code == 200 and not body.get("errors"):
                phase.ok += 1
                phase.latencies_ms.append(elapsed_ms)
                return
            code = (body.get("errors") or [{}])[0].get("extensions", {}).get("code", str(response.status_code))
            if code == "NOT_FOUND" and query is END:
                phase.ok += 1  # ending a session that got no message yet: a valid answer
                phase.latencies_ms.append(elapsed_ms)
                return
            self._error(phase, code)
        except httpx.TimeoutException:
            self._error(phase, "client_timeout")
        except httpx.HTTPError as exc:
            self._error(phase, type(exc).__name__)
        finally:
            self.outstanding -= 1

    @staticmethod
    def _error(phase: Phase, kind: str) -> None:
        phase.errors += 1
        phase.error_kinds[kind] = phase.error_kinds.get(kind, 0) + 1

    async def phase(self, rate: float, duration_s: float) -> Phase:
        phase = Phase(rate=rate, duration_s=duration_s)
        tasks: set[asyncio.Task[None]] = set()
        start = time.monotonic()
        next_at = start
        while next_at < start + duration_s:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += self.rng.expovariate(rate)
            if self.outstanding >= self.max_outstanding:
                phase.dropped += 1
                continue
            self.outstanding += 1
            phase.sent += 1
            task = asyncio.create_task(self.one(phase, *self.request()))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.gather(*tasks)
        return phase

    async def aclose(self) -> None:
        await self.client.aclose()


def rss_mib(pid: int | None) -> float | None:
    if pid is None:
        return None
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return None


def row(s: dict[str, Any], label: str = "") -> str:
    return (
        f"| {label}{s['rate']:g} | {s['sent']} | {s['ok']} | {s['goodput']} | {s['rate_limited']} | {s['refused']} | "
        f"{s['errors']} | "
        f"{s['p50_ms']} / {s['p95_ms']} / {s['p99_ms']} |"
    )


async def soak(load: Load, rate: float, seconds: float, pid: int | None) -> dict[str, Any]:
    samples: list[float] = []
    phases: list[Phase] = []
    window = 10.0
    elapsed = 0.0
    while elapsed < seconds:
        phases.append(await load.phase(rate, min(window, seconds - elapsed)))
        elapsed += phases[-1].duration_s
        rss = rss_mib(pid)
        if rss is not None:
            samples.append(rss)
    merged = Phase(rate=rate, duration_s=seconds)
    for p in phases:
        merged.sent += p.sent
        merged.ok += p.ok
        merged.rate_limited += p.rate_limited
        merged.refused += p.refused
        merged.errors += p.errors
        merged.latencies_ms += p.latencies_ms
        for k, v in p.error_kinds.items():
            merged.error_kinds[k] = merged.error_kinds.get(k, 0) + v
    out = merged.summary()
    if samples:
        third = max(1, len(samples) // 3)
        out["rss_mib"] = {
            "first": samples[0],
            "max": max(samples),
            "last": samples[-1],
            "first_third_mean": round(sum(samples[:third]) / third, 1),
            "last_third_mean": round(sum(samples[-third:]) / third, 1),
        }
    return out


@click.command()
@click.option("--url", default="http://127.0.0.1:8021/graphql", show_default=True, help="A running service.")
@click.option("--serve", is_flag=True, help="Start graphsvc serve for the run instead of using --url.")
@click.option(
    "--rate-limit", default="100000/minute", show_default=True, help="With --serve: the service's RATE_LIMIT."
)
@click.option("--rates", default="20,40,60,80", show_default=True, help="Offered rates (requests/s), in order.")
@click.option("--duration-s", default=30.0, show_default=True)
@click.option("--users", default=20, show_default=True)
@click.option("--seed-messages", default=50, show_default=True)
@click.option("--overload", default=4.0, show_default=True, help="Then run at this × capacity (0: skip).")
@click.option("--soak-s", default=0.0, show_default=True, help="Then run this long at --soak-fraction × capacity.")
@click.option("--soak-fraction", default=0.7, show_default=True)
@click.option("--soak-rate", default=None, type=float, help="Soak at this rate instead of a fraction of capacity.")
@click.option("--server-pid", default=None, type=int, help="The service's pid, for RSS samples during the soak.")
@click.option("--timeout-s", default=30.0, show_default=True)
@click.option("--max-outstanding", default=2000, show_default=True)
def main(
    url: str,
    serve: bool,
    rate_limit: str,
    rates: str,
    duration_s: float,
    users: int,
    seed_messages: int,
    overload: float,
    soak_s: float,
    soak_fraction: float,
    soak_rate: float | None,
    server_pid: int | None,
    timeout_s: float,
    max_outstanding: int,
) -> None:
    """Mixed open-loop load, capacity, overload and soak figures for graphsvc."""
    measure = functools.partial(
        run,
        rates=[float(r) for r in rates.split(",") if r.strip()],
        duration_s=duration_s,
        users=users,
        seed_messages=seed_messages,
        overload=overload,
        soak_s=soak_s,
        soak_fraction=soak_fraction,
        soak_rate=soak_rate,
        timeout_s=timeout_s,
        max_outstanding=max_outstanding,
    )
    if serve:
        with served({**os.environ, "RATE_LIMIT": rate_limit}) as (base, pid):
            click.echo(f"rate limit: RATE_LIMIT={rate_limit} (set by this benchmark)", err=True)
            result = asyncio.run(measure(url=f"{base}/graphql", server_pid=pid))
        result["rate_limit"] = rate_limit
    else:
        click.echo("rate limit: the running service's own RATE_LIMIT (429s are counted apart)", err=True)
        result = asyncio.run(measure(url=url, server_pid=server_pid))
        result["rate_limit"] = None
    print(json.dumps(result))


async def run(
    *,
    url: str,
    rates: list[float],
    duration_s: float,
    users: int,
    seed_messages: int,
    overload: float,
    soak_s: float,
    soak_fraction: float,
    soak_rate: float | None,
    server_pid: int | None,
    timeout_s: float,
    max_outstanding: int,
) -> dict[str, Any]:
    load = Load(url=url, users=users, timeout_s=timeout_s, max_outstanding=max_outstanding, seed=7)
    try:
        if seed_messages:
            await load.seed(seed_messages)
        print(
            "| offered req/s | sent | ok | goodput req/s | rate-limited 429 | shed 503 | errors | ok p50/p95/p99 ms |"
        )
        print("|---|---|---|---|---|---|---|---|")
        steps = []
        for rate in rates:
            summary = (await load.phase(rate, duration_s)).summary()
            steps.append(summary)
            print(row(summary), flush=True)
        meeting = [
            s
            for s in steps
            if s["errors"] == 0 and s["p95_ms"] < SLO_P95_MS and s["refused"] == 0 and s["rate_limited"] == 0
        ]
        capacity = max((s["goodput"] for s in meeting), default=0.0)
        result: dict[str, Any] = {"steps": steps, "capacity": capacity, "slo_p95_ms": SLO_P95_MS}
        if overload and capacity:
            over = (await load.phase(capacity * overload, duration_s)).summary()
            over["goodput_share_of_capacity"] = round(over["goodput"] / capacity, 3)
            result["overload"] = over
            print(row(over, label=f"{overload:g}× capacity: "), flush=True)
        rate = soak_rate or (capacity * soak_fraction if capacity else 0.0)
        if soak_s and rate:
            result["soak"] = await soak(load, rate, soak_s, server_pid)
            print(row(result["soak"], label=f"soak {soak_s:g} s at "), flush=True)
            if "rss_mib" in result["soak"]:
                print(f"server RSS MiB: {result['soak']['rss_mib']}")
        slo = f"p95 < {SLO_P95_MS:g} ms, 0 errors, 0 rate-limited, 0 shed"
        print(f"capacity ({slo}): {capacity} req/s", file=sys.stderr)
        return result
    finally:
        await load.aclose()


if __name__ == "__main__":
    main()
