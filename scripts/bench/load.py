"""Open-loop mixed load against a running graphsvc over loopback HTTP (issue 11's overload goals).

    .venv/bin/python scripts/bench/load.py --serve [--processes 1] [--fake-embedder] [--rate-limit 100000/minute] \\
        [--rates 20,40,60,80] [--duration-s 30] [--warm-up-s 60] [--overload 4] [--soak-s 600 --soak-fraction 0.7] \\
        [--drain-slack-s 5] [--checkout DIR]
    .venv/bin/python scripts/bench/load.py --url http://127.0.0.1:8021/graphql [--server-pid PID] ...

With ``--serve`` the benchmark starts ``graphsvc serve`` itself (the settings of the environment, on a free port)
with ``RATE_LIMIT`` set to ``--rate-limit`` and ``MAX_INFLIGHT_PER_CALLER`` to ``--inflight-per-caller`` and
prints both: with ``AUTH_MODE=none`` every request of the load generator comes from one principal, so the
default limit (600/minute) would cap the measured rate at 10 req/s and the default per-caller cap (4 requests in
flight) would queue what many users send at once. With ``--url`` it loads a running service whose limits it
cannot know, and says so.

Requests arrive as a Poisson process at each offered rate (open loop: a slow server does not slow the
arrivals), by default (``--mix 0.7,0.25``) 70 % ``recall``, 25 % ``ingestMessages`` (one message into an open
session) and 5 % ``endConversation``, over ``--users`` users seeded first with ``--seed-messages`` messages each. Each
request has a client timeout of ``--timeout-s`` and at most ``--max-outstanding`` requests are in flight
(bounded: beyond it an arrival is counted as ``dropped`` by the client, never sent).

For each rate it prints: sent, ok (HTTP 200 without GraphQL errors), goodput (ok per second), rate-limited
(HTTP 429: the per-principal rate limit, not overload), shed (HTTP 503 with Retry-After: the admission
control's answer to overload), errors (anything else: GraphQL errors, HTTP 5xx other than 503, timeouts), and
the p50/p95/p99 latency of the ok requests, and how long after the step the background work it caused (events
waiting for their vectors, pending or running jobs, read from ``/ready``) took to finish: the CPU per ok request
counts that work too. *Capacity* is the highest rate with p95 < 250 ms, 0 errors, 0 rate-limited, 0 shed and its
background work done within ``--drain-slack-s`` of the step's end (a backlog that grows is load not carried);
then the load runs at ``--overload`` × capacity, and goodput there is compared with
capacity. ``--soak-s`` runs ``--soak-fraction`` × capacity for that long and samples the server's RSS
(``--server-pid``, or the served process) every 10 s. At the end it ends every session it opened and waits for
what that queues: a run leaves no conversation for the idle sweep to end and extract half an hour later, during
another run. Output: a table and one JSON object.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
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
from recall_cost import cpu_s, neo4j_pid
from served import caught_up, served

INGEST = """mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"""
RECALL = """query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 10) { id score } }"""
END = """mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"""
WORDS = (
    "coffee hiking Berlin guitar marathon sister project deadline python garden recipe violin holiday doctor "
    "budget apartment puppy museum novel chess train salary yoga painting lake birthday camera concert bakery"
).split()
SLO_P95_MS = 250.0
DRAIN_WAIT_S = 60.0
"""Longest wait after a step for the background work it caused (at least four times the step)."""
SETTLE_POLL_S = 0.25
"""How often :meth:`Load.settle` asks ``/ready`` whether the background work is done (seconds)."""


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
    by_kind: dict[str, list[float]] = field(default_factory=dict)

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
            "by_kind": {
                kind: {
                    "ok": len(values),
                    "p50_ms": round(float(np.percentile(values, 50)), 1),
                    "p95_ms": round(float(np.percentile(values, 95)), 1),
                }
                for kind, values in sorted(self.by_kind.items())
            },
        }

    def answered(self, kind: str, elapsed_ms: float) -> None:
        """One ok answer of ``kind`` (recall, ingest, end) after ``elapsed_ms``."""
        self.ok += 1
        self.latencies_ms.append(elapsed_ms)
        self.by_kind.setdefault(kind, []).append(elapsed_ms)


class Load:
    def __init__(
        self,
        *,
        urls: list[str],
        users: int,
        timeout_s: float,
        max_outstanding: int,
        seed: int,
        mix: tuple[float, float] = (0.70, 0.25),
    ) -> None:
        self.urls = urls
        self.turn = 0
        self.mix = mix
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
        self.turn += 1  # round-robin over the processes, as a proxy in front of them would
        return await self.client.post(
            self.urls[self.turn % len(self.urls)], json={"query": query, "variables": variables}
        )

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

    async def settle(self, timeout_s: float = 600.0) -> float | None:
        """Wait until the service's background work is done (``/ready``: no event waiting for its vector, no job
        pending or running), so a phase measures its own load and not the seeding's; returns the seconds waited
        (polled every :data:`SETTLE_POLL_S`), or None when it was not done within ``timeout_s``.
        """
        base = self.urls[0].removesuffix("/graphql")
        started = time.monotonic()
        while time.monotonic() - started < timeout_s:
            if caught_up((await self.client.get(f"{base}/ready")).json()):
                return round(time.monotonic() - started, 2)
            await asyncio.sleep(SETTLE_POLL_S)
        return None

    async def wind_down(self) -> float | None:
        """End each user's open sessions (the seeding one and the current one) and wait for what that queues, so a
        run leaves no conversation for the service's idle sweep to end, and extract, during a run half an hour
        later; returns the seconds waited, as :meth:`settle` does."""
        for user in self.users:
            for session in dict.fromkeys(["seed", f"s{self.sessions[user]}"]):
                await self.post(END, {"u": user, "s": session})  # NOT_FOUND for one without messages: fine
        return await self.settle()

    async def warm_up(self) -> None:
        """Two recalls per user, one after the other, before any phase: the first use of each statement
        (Neo4j plans it) and of each user's vector copy is not what a phase measures."""
        for _ in range(2):
            for user in self.users:
                await self.post(RECALL, {"u": user, "q": sentence(self.rng)})

    def request(self) -> tuple[str, str, dict[str, Any]]:
        user = self.rng.choice(self.users)
        draw = self.rng.random()
        session = f"s{self.sessions[user]}"
        recall_share, ingest_share = self.mix
        if draw < recall_share:
            return "recall", RECALL, {"u": user, "q": sentence(self.rng)}
        if draw < recall_share + ingest_share:
            return "ingest", INGEST, {"i": {"userId": user, "sessionId": session, "messages": [self.message(user)]}}
        self.sessions[user] += 1
        return "end", END, {"u": user, "s": session}

    async def one(self, phase: Phase, kind: str, query: str, variables: dict[str, Any]) -> None:
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
                phase.answered(kind, elapsed_ms)
                return
            code = (body.get("errors") or [{}])[0].get("extensions", {}).get("code", str(response.status_code))
            if code == "NOT_FOUND" and query is END:
                phase.answered(kind, elapsed_ms)  # ending a session that got no message yet: a valid answer
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


def settled_after(seconds: float | None) -> str:
    """What :meth:`Load.settle` returned, in words."""
    return "not done within the wait" if seconds is None else f"settled after {seconds:g} s"


def _drained(seconds: float | None) -> str:
    return "not drained" if seconds is None else f"{seconds:g}"


def row(s: dict[str, Any], label: str = "") -> str:
    return (
        f"| {label}{s['rate']:g} | {s['sent']} | {s['ok']} | {s['goodput']} | {s['rate_limited']} | {s['refused']} | "
        f"{s['errors']} | "
        f"{s['p50_ms']} / {s['p95_ms']} / {s['p99_ms']} |" + (f" {_drained(s['drain_s'])} |" if "drain_s" in s else "")
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
        for kind, values in p.by_kind.items():
            merged.by_kind.setdefault(kind, []).extend(values)
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
@click.option(
    "--inflight-per-caller",
    default=1000,
    show_default=True,
    help="With --serve: the service's MAX_INFLIGHT_PER_CALLER (the benchmark is one caller standing for many).",
)
@click.option(
    "--processes",
    default=1,
    show_default=True,
    help="With --serve: this many graphsvc serve processes on the one Neo4j; requests go to them in turn (what a "
    "proxy in front of them does).",
)
@click.option(
    "--fake-embedder",
    is_flag=True,
    help="With --serve: embed through a stand-in OpenAI-compatible server (a remote embedder: the service spends no "
    "CPU on the model; pseudo-random 384-dimensional vectors).",
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
@click.option(
    "--warm-up-s",
    default=60.0,
    show_default=True,
    help="First run the mix at half the first rate this long, unreported: Neo4j plans its statements and its JIT "
    "compiles on first use, which a fresh database otherwise charges to the first phases.",
)
@click.option(
    "--drain-slack-s",
    default=5.0,
    show_default=True,
    help="A step counts towards capacity only when the background work it caused (vectors, jobs) is done this many "
    "seconds after it ends: a backlog that grows is load the service did not carry.",
)
@click.option(
    "--checkout",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="With --serve: serve the graphsvc of this directory (another version, e.g. git archive REV | tar -x -C DIR).",
)
@click.option(
    "--mix",
    default="0.70,0.25",
    show_default=True,
    help="Shares of recall and ingestMessages; the rest is endConversation (e.g. 1,0 for recall only).",
)
def main(
    url: str,
    serve: bool,
    rate_limit: str,
    inflight_per_caller: int,
    fake_embedder: bool,
    processes: int,
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
    mix: str,
    warm_up_s: float,
    drain_slack_s: float,
    checkout: str | None,
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
        mix=_shares(mix),
        warm_up_s=warm_up_s,
        drain_slack_s=drain_slack_s,
    )
    if serve:
        env = {**os.environ, "RATE_LIMIT": rate_limit, "MAX_INFLIGHT_PER_CALLER": str(inflight_per_caller)}
        fake = None
        if fake_embedder:
            fake = stand_in_embedder()
            env |= {
                "EMBEDDER": "openai",
                "EMBEDDING_BASE_URL": fake.base_url,
                "EMBEDDING_DIMENSIONS": str(STAND_IN_DIMENSIONS),
                "SIMILARITY_FLOOR": "0",
            }
            click.echo(f"embedder: a stand-in OpenAI-compatible server at {fake.base_url}", err=True)
        with contextlib.ExitStack() as stack:
            started = [stack.enter_context(served(env, checkout=checkout)) for _ in range(processes)]
            click.echo(
                f"RATE_LIMIT={rate_limit}, MAX_INFLIGHT_PER_CALLER={inflight_per_caller} (set by this benchmark: "
                "its one principal stands for many users)",
                err=True,
            )
            urls = [f"{base}/graphql" for base, _ in started]
            result = asyncio.run(measure(urls=urls, server_pids=[pid for _, pid in started]))
        result["rate_limit"] = rate_limit
        result["processes"] = processes
        if fake is not None:
            fake.stop()
    else:
        click.echo("rate limit: the running service's own RATE_LIMIT (429s are counted apart)", err=True)
        result = asyncio.run(measure(urls=[url], server_pids=[server_pid] if server_pid else []))
        result["rate_limit"] = None
    print(json.dumps(result))


STAND_IN_DIMENSIONS = 384


def stand_in_embedder() -> Any:
    """The tests' fake OpenAI-compatible server, started, answering embeddings with a pseudo-random unit vector per text
    (seeded by the text: the same text, the same vector) of the local model's 384 dimensions, so the database's
    indexes fit and vector search sees a realistic spread (the fake's own 8-dimensional letter counts make nearly
    every vector alike)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from starlette.requests import Request
    from starlette.responses import JSONResponse

    from tests.fakes.openai_server import FakeOpenAI

    class Server(FakeOpenAI):
        async def _embeddings(self, request: Request) -> JSONResponse:
            body = await request.json()
            texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
            data = []
            for i, text in enumerate(texts):
                seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
                vector = np.random.default_rng(seed).standard_normal(STAND_IN_DIMENSIONS)
                vector /= np.linalg.norm(vector)
                data.append({"object": "embedding", "index": i, "embedding": vector.tolist()})
            usage = {"prompt_tokens": len(texts), "total_tokens": len(texts)}
            return JSONResponse({"object": "list", "data": data, "model": "stand-in", "usage": usage})

    return Server().start()


def _shares(mix: str) -> tuple[float, float]:
    """``"0.7,0.25"`` → (recall share, ingest share); refused unless both are in [0, 1] and sum to at most 1."""
    try:
        recall_share, ingest_share = (float(part) for part in mix.split(","))
    except ValueError as exc:
        raise click.BadParameter(f"expected two shares like 0.7,0.25, got {mix!r}") from exc
    if min(recall_share, ingest_share) < 0 or recall_share + ingest_share > 1:
        raise click.BadParameter(f"shares must be ≥ 0 and sum to ≤ 1, got {mix!r}")
    return recall_share, ingest_share


async def run(
    *,
    urls: list[str],
    rates: list[float],
    duration_s: float,
    users: int,
    seed_messages: int,
    overload: float,
    soak_s: float,
    soak_fraction: float,
    soak_rate: float | None,
    server_pids: list[int],
    timeout_s: float,
    max_outstanding: int,
    mix: tuple[float, float],
    warm_up_s: float,
    drain_slack_s: float = 5.0,
) -> dict[str, Any]:
    load = Load(urls=urls, users=users, timeout_s=timeout_s, max_outstanding=max_outstanding, seed=7, mix=mix)
    try:
        if seed_messages:
            await load.seed(seed_messages)
            print(f"seeded; background work {settled_after(await load.settle())}", file=sys.stderr)
        await load.warm_up()
        if warm_up_s:
            warm = (await load.phase(rates[0] / 2, warm_up_s)).summary()
            print(
                f"warm-up at {rates[0] / 2:g} req/s for {warm_up_s:g} s (not reported): {warm['ok']} ok",
                file=sys.stderr,
            )
        graph_pid = neo4j_pid()
        print(
            "| offered req/s | sent | ok | goodput req/s | rate-limited 429 | shed 503 | errors | ok p50/p95/p99 ms "
            "| drained after s |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        steps = []
        for rate in rates:
            before = (sum(cpu_s(pid) for pid in server_pids), cpu_s(graph_pid))
            summary = (await load.phase(rate, duration_s)).summary()
            summary["drain_s"] = await load.settle(timeout_s=max(DRAIN_WAIT_S, 4 * duration_s))
            if server_pids and summary["ok"]:
                summary["cpu_ms_per_ok"] = {
                    "graphsvc": round((sum(cpu_s(pid) for pid in server_pids) - before[0]) * 1000 / summary["ok"], 1),
                    "neo4j": round((cpu_s(graph_pid) - before[1]) * 1000 / summary["ok"], 1) if graph_pid else None,
                }
            steps.append(summary)
            print(row(summary), flush=True)
        meeting = [
            s
            for s in steps
            if s["errors"] == 0
            and s["p95_ms"] < SLO_P95_MS
            and s["refused"] == 0
            and s["rate_limited"] == 0
            and s["drain_s"] is not None
            and s["drain_s"] <= drain_slack_s
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
            result["soak"] = await soak(load, rate, soak_s, server_pids[0] if server_pids else None)
            print(row(result["soak"], label=f"soak {soak_s:g} s at "), flush=True)
            if "rss_mib" in result["soak"]:
                print(f"server RSS MiB: {result['soak']['rss_mib']}")
        slo = f"p95 < {SLO_P95_MS:g} ms, 0 errors, 0 rate-limited, 0 shed, drained within {drain_slack_s:g} s"
        print(f"capacity ({slo}): {capacity} req/s", file=sys.stderr)
        print(f"sessions ended; background work {settled_after(await load.wind_down())}", file=sys.stderr)
        return result
    finally:
        await load.aclose()


if __name__ == "__main__":
    main()
