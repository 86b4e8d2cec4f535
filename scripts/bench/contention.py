"""Recall on a quiet machine and beside co-tenants that oversubscribe its cores, in one run.

    GRAPHSVC_DATA_DIR=.data/bench NEO4J_BOLT_PORT=7798 NEO4J_HTTP_PORT=7799 scripts/neo4j start
    GRAPHSVC_DATA_DIR=.data/bench NEO4J_URI=bolt://127.0.0.1:7798 \\
        .venv/bin/python scripts/bench/contention.py [--recalls 40] [--rates 5,10,20,40] [--duration-s 15] \\
        [--oversubscribe 4] [--no-embedding-tenant] [--drain 500] [--worker-apart] [--baseline DIR]

``graphsvc serve`` is started on the Neo4j the environment names (``served.py``), in a session of its own as a
service is (so the load generator does not share its CPU share), a small conversation is
ingested for a few users (``load.py``'s seeding) and the background work it causes is let finish. Then, first
on the machine as it is ("quiet") and then beside the co-tenants ("busy"), it measures:

* one user's recalls, one after another over one connection (``--recalls``): CPU per recall of the service
  process and of the Neo4j process (``/proc/<pid>/stat`` utime + stime deltas over the recalls, as
  ``recall_cost.py``), and the recall latency p50/p95;
* goodput at each offered rate of ``--rates`` for ``--duration-s`` each, Poisson arrivals over the users
  (``load.py``'s open loop): ok answers per second (HTTP 200 without an error, so within the server's
  ``REQUEST_DEADLINE_S``), for GraphQL ``recall`` and for the MCP ``recall`` tool on ``/mcp``, with how many
  were refused with ``Retry-After`` (shed) and how many failed otherwise, the recall limit at the end of each
  rate and the refusals by reason (from ``/metrics``); then the rate at which the ok p95 first passes 250 ms
  (the knee), and goodput at 2 × and 4 × the knee as a share of the peak goodput.

* how fast background work drains (``--drain``, default 500): that many messages ingested in one request for a
  user of their own, then the seconds until every one has its vector and no job is pending (``/ready``), and the
  messages embedded per second; by default the jobs run in the service process, with ``--worker-apart`` in a
  ``graphsvc worker`` process (in a session of its own) beside ``graphsvc serve --no-worker``. Not with
  ``--baseline``, whose service would take some of the jobs.

``--baseline DIR`` (a checkout of another version, e.g. ``git archive main | tar -x -C DIR``) serves that
version too, on the same Neo4j and users, and measures it right after this one in each condition, so both see
the same machine.

The co-tenants are ``--oversubscribe`` × cores processes, each in its own session (``start_new_session``, so
autogroup scheduling gives each its own share, as separate programs get): plain busy loops, and with
``--embedding-tenant`` (the default) one of them a process embedding text in a loop with the local embedder
(the kind of neighbour that once made the embedder's threads spin). They are stopped before the run ends.

Prints a table of quiet, busy and busy ÷ quiet per version, and last one JSON object.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import click
import httpx
import numpy as np
from figures import percentiles
from load import INGEST, RECALL, Load, sentence, settled_after
from recall_cost import cpu_s, neo4j_pid
from served import served, worker

BUSY_LOOP = "while True: pass"
EMBEDDING_LOOP = """
import asyncio
from graphsvc.embed.local import LocalEmbedder

async def main() -> None:
    embedder = LocalEmbedder()
    texts = [f"a neighbour embedding sentence number {i} about the weather and the trains" for i in range(8)]
    while True:
        await embedder.embed_passages(texts)

asyncio.run(main())
"""


@contextlib.contextmanager
def co_tenants(count: int, *, embedding: bool) -> Iterator[list[int]]:
    """``count`` CPU-bound processes, each in a session of its own, until the block ends; yields their pids.
    With ``embedding`` the first one embeds text in a loop instead of spinning."""
    programs = [EMBEDDING_LOOP if embedding and i == 0 else BUSY_LOOP for i in range(count)]
    started = [
        subprocess.Popen(
            [sys.executable, "-c", program],
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for program in programs
    ]
    try:
        time.sleep(3.0)  # the embedding tenant loads its model
        yield [p.pid for p in started]
    finally:
        for process in started:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        for process in started:
            process.wait(timeout=30)


async def drain(load: Load, messages: int) -> dict[str, Any]:
    """``messages`` messages ingested in one request for a user of their own; seconds until the background work
    is done (every message has its vector, no job pending or running), and messages embedded per second."""
    user = f"{load.users[0]}-drain-{time.monotonic_ns()}"
    batch = [load.message(user) for _ in range(messages)]
    started = time.monotonic()
    response = await load.post(INGEST, {"i": {"userId": user, "sessionId": "drain", "messages": batch}})
    response.raise_for_status()
    if response.json().get("errors"):
        raise click.ClickException(f"the drain's ingest failed: {response.json()['errors'][0]['message']}")
    if await load.settle(timeout_s=900.0) is None:
        raise click.ClickException(f"{messages} messages were not drained within 900 s")
    took_s = time.monotonic() - started
    return {"messages": messages, "drained_s": round(took_s, 1), "per_s": round(messages / took_s, 1)}


class McpLoad(Load):
    """:class:`load.Load` whose recalls go to the MCP ``recall`` tool on ``/mcp``: a tool error is reported
    in the GraphQL error shape, so :meth:`Load.one` counts it as an error, not as an answer."""

    async def post(self, query: str, variables: dict[str, Any]) -> httpx.Response:
        self.turn += 1
        url = self.urls[self.turn % len(self.urls)].removesuffix("/graphql") + "/mcp"
        arguments = {"query": variables["q"], "user_id": variables["u"], "limit": 10}
        call = {
            "jsonrpc": "2.0",
            "id": self.turn,
            "method": "tools/call",
            "params": {"name": "recall", "arguments": arguments},
        }
        response = await self.client.post(url, json=call, headers={"Accept": "application/json, text/event-stream"})
        if response.status_code == 200 and response.json().get("result", {}).get("isError", True):
            return httpx.Response(200, json={"errors": [{"extensions": {"code": "TOOL_ERROR"}}]})
        return response


async def one_user(load: Load, *, recalls: int, service_pid: int, graph_pid: int | None) -> dict[str, Any]:
    """``recalls`` recalls of one user, one after another: latency of the answered ones and CPU per answered
    recall (service, Neo4j); the others are counted by their error code."""
    user = load.users[0]
    latencies_ms: list[float] = []
    failed: dict[str, int] = {}
    before = (cpu_s(service_pid), cpu_s(graph_pid))
    for _ in range(recalls):
        started = time.perf_counter()
        response = await load.post(RECALL, {"u": user, "q": sentence(load.rng)})
        elapsed_ms = (time.perf_counter() - started) * 1000
        body = response.json()
        if response.status_code == 200 and not body.get("errors"):
            latencies_ms.append(elapsed_ms)
        else:
            code = str((body.get("errors") or [{}])[0].get("extensions", {}).get("code", response.status_code))
            failed[code] = failed.get(code, 0) + 1
    ok = max(1, len(latencies_ms))
    return {
        "ok": len(latencies_ms),
        "failed": failed,
        "service_cpu_ms_per_recall": round((cpu_s(service_pid) - before[0]) * 1000 / ok, 1),
        "neo4j_cpu_ms_per_recall": round((cpu_s(graph_pid) - before[1]) * 1000 / ok, 1) if graph_pid else None,
        "latency_ms": percentiles(np.array(latencies_ms or [0.0])),
    }


SLO_P95_MS = 250.0
ADMISSION_SERIES = re.compile(r'^graphsvc_admission_(limit|refused_total)\{kind="recall"(?:,reason="(\w+)")?\} (\S+)$')
DEADLINE_SERIES = re.compile(r"^graphsvc_request_deadline_exceeded_total (\S+)$")


async def admission_state(load: Load) -> dict[str, float]:
    """From ``/metrics``: requests stopped at their deadline so far (``deadline``), and, for a version with
    adaptive admission, the recall limit (``limit``) and the recall refusals so far by reason."""
    response = await load.client.get(load.urls[0].removesuffix("/graphql") + "/metrics")
    state: dict[str, float] = {}
    for line in response.text.splitlines():
        if found := ADMISSION_SERIES.match(line):
            state[found.group(2) or "limit"] = float(found.group(3))
        elif found := DEADLINE_SERIES.match(line):
            state["deadline"] = float(found.group(1))
    return state


async def goodput(load: Load, rate: float, duration_s: float) -> dict[str, Any]:
    """One rate's figures, with the requests stopped at their deadline during it (the service's count: they
    are among ``refused``, answered 503 with Retry-After), the recall limit at its end, what admission
    refused during it, by reason, and the kinds of errors if there were any."""
    before = await admission_state(load)
    summary = (await load.phase(rate, duration_s)).summary()
    after = await admission_state(load)
    figures = {key: summary[key] for key in ("rate", "sent", "ok", "goodput", "refused", "errors", "p95_ms")}
    if summary["errors"]:
        figures["error_kinds"] = summary["error_kinds"]
    figures["deadline"] = int(after.pop("deadline", 0.0) - before.pop("deadline", 0.0))
    if after:
        figures["recall_limit"] = after.pop("limit")
        figures["refused_by"] = {k: int(v - before.get(k, 0.0)) for k, v in after.items() if v > before.get(k, 0.0)}
    return figures


def holding(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """The issue's overload figure: the first offered rate whose ok p95 passes 250 ms (the knee), and goodput
    at 2 × and 4 × that rate as a share of the peak goodput (None where that rate was not offered)."""
    knee = next((s["rate"] for s in steps if s["p95_ms"] > SLO_P95_MS), None)
    peak = max((s["goodput"] for s in steps), default=0.0)
    by_rate = {s["rate"]: s["goodput"] for s in steps}
    shares = {
        f"{times}x": round(by_rate[knee * times] / peak, 2) if knee and peak and knee * times in by_rate else None
        for times in (2, 4)
    }
    return {"knee_rate": knee, "peak_goodput": peak, "share_of_peak": shares}


async def measure(
    loads: dict[str, Load],
    *,
    recalls: int,
    rates: list[float],
    duration_s: float,
    service_pid: int,
    drained: int = 0,
) -> dict[str, Any]:
    """Every figure of one condition (quiet or busy); the drain of ``drained`` messages unless 0."""
    graphql = loads["graphql"]
    result: dict[str, Any] = {
        "one_user": await one_user(graphql, recalls=recalls, service_pid=service_pid, graph_pid=neo4j_pid())
    }
    if drained:
        result["drain"] = await drain(graphql, drained)
        print(f"  drain: {result['drain']}", file=sys.stderr, flush=True)
    for path, load in loads.items():
        result[path] = []
        for rate in rates:
            result[path].append(await goodput(load, rate, duration_s))
            print(f"  {path} at {rate:g}/s: {result[path][-1]}", file=sys.stderr, flush=True)
        result[f"{path}_holding"] = holding(result[path])
    return result


async def run(
    services: dict[str, tuple[str, int]],
    *,
    users: int,
    seed_messages: int,
    tenants: int,
    embedding_tenant: bool,
    recalls: int,
    rates: list[float],
    duration_s: float,
    drained: int = 0,
) -> dict[str, Any]:
    """Every figure, quiet then busy, of each of ``services`` (version → its base URL and pid), one version
    after the other within each condition; the users are seeded once, through the first; the drain of
    ``drained`` messages (0: none) with the only version."""

    def make(kind: type[Load], url: str, seed: int) -> Load:
        urls = [f"{url}/graphql"]
        return kind(urls=urls, users=users, timeout_s=15.0, max_outstanding=256, seed=seed, mix=(1.0, 0.0))

    loads: dict[str, dict[str, Load]] = {}
    for version, (url, _) in services.items():
        loads[version] = {"graphql": make(Load, url, 7), "mcp": make(McpLoad, url, 8)}
    first = next(iter(loads.values()))["graphql"]
    for load in (load for by_path in loads.values() for load in by_path.values()):
        load.users, load.sessions = first.users, first.sessions  # one set of users, seeded once
    try:
        await first.seed(seed_messages)
        print(f"seeded; background work {settled_after(await first.settle())}", file=sys.stderr)
        for by_path in loads.values():
            for load in by_path.values():
                await load.warm_up()

        async def figures() -> dict[str, Any]:
            measured = {}
            for version, by_path in loads.items():
                print(f" {version}", file=sys.stderr, flush=True)
                pid = services[version][1]
                measured[version] = await measure(
                    by_path,
                    recalls=recalls,
                    rates=rates,
                    duration_s=duration_s,
                    service_pid=pid,
                    drained=drained if len(services) == 1 else 0,
                )
            return measured

        print("quiet", file=sys.stderr, flush=True)
        quiet = await figures()
        print(f"busy: {tenants} co-tenants", file=sys.stderr, flush=True)
        with co_tenants(tenants, embedding=embedding_tenant):
            busy = await figures()
        return {version: {"quiet": quiet[version], "busy": busy[version]} for version in services}
    finally:
        for by_path in loads.values():
            for load in by_path.values():
                await load.aclose()


def ratio(quiet: float | None, busy: float | None) -> str:
    return f"{busy / quiet:.2f}" if quiet and busy is not None else "-"


def table(result: dict[str, Any]) -> list[str]:
    """Quiet, busy and busy ÷ quiet of one version's figures, as Markdown table lines."""
    quiet, busy = result["quiet"], result["busy"]
    lines = ["| figure | quiet | busy | busy ÷ quiet |", "|---|---|---|---|"]
    for key, label in (
        ("service_cpu_ms_per_recall", "service CPU per recall, ms"),
        ("neo4j_cpu_ms_per_recall", "Neo4j CPU per recall, ms"),
    ):
        q, b = quiet["one_user"][key], busy["one_user"][key]
        lines.append(f"| {label} | {q} | {b} | {ratio(q, b)} |")
    for p in ("p50", "p95"):
        q, b = quiet["one_user"]["latency_ms"][p], busy["one_user"]["latency_ms"][p]
        lines.append(f"| one user's recall {p}, ms | {q} | {b} | {ratio(q, b)} |")
    q, b = (f"{c['one_user']['ok']} ok {c['one_user']['failed'] or ''}" for c in (quiet, busy))
    lines.append(f"| one user's recalls answered | {q} | {b} | |")
    if "drain" in quiet and "drain" in busy:
        q, b = quiet["drain"], busy["drain"]
        lines.append(
            f"| {q['messages']} messages ingested: embedded per second (all done after) "
            f"| {q['per_s']} ({q['drained_s']} s) | {b['per_s']} ({b['drained_s']} s) "
            f"| {ratio(q['per_s'], b['per_s'])} |"
        )
    for path, name in (("graphql", "GraphQL"), ("mcp", "MCP")):
        for q, b in zip(quiet[path], busy[path], strict=True):
            cell = (
                "{goodput} ok/s ({refused} refused, of them {deadline} at the deadline; {errors} errors; "
                "ok p95 {p95_ms} ms)"
            )
            lines.append(
                f"| {name} recall goodput at {q['rate']:g}/s | {cell.format(**q)}{limit(q)} | "
                f"{cell.format(**b)}{limit(b)} | {ratio(q['goodput'], b['goodput'])} |"
            )
        q, b = quiet[f"{path}_holding"], busy[f"{path}_holding"]
        lines.append(f"| {name} goodput at 2× / 4× the knee ÷ peak | {held(q)} | {held(b)} | |")
    return lines


def limit(step: dict[str, Any]) -> str:
    if "recall_limit" not in step:
        return ""
    refused = ", ".join(f"{reason} {count}" for reason, count in step["refused_by"].items())
    return f"; recall limit {step['recall_limit']:g}" + (f"; {refused}" if refused else "")


def held(holding: dict[str, Any]) -> str:
    shares = " / ".join("-" if v is None else f"{v:.2f}" for v in holding["share_of_peak"].values())
    return f"{shares} (knee {holding['knee_rate']}/s, peak {holding['peak_goodput']} ok/s)"


@click.command()
@click.option("--recalls", default=40, show_default=True, help="One user's recalls, one after another.")
@click.option("--rates", default="5,10,20,40", show_default=True, help="Offered recalls per second.")
@click.option("--duration-s", default=15.0, show_default=True, help="Seconds at each rate.")
@click.option("--users", default=4, show_default=True)
@click.option("--seed-messages", default=20, show_default=True, help="Messages ingested per user first.")
@click.option("--oversubscribe", default=4.0, show_default=True, help="Co-tenant processes per core.")
@click.option("--embedding-tenant/--no-embedding-tenant", default=True, show_default=True)
@click.option(
    "--drain",
    "drained",
    default=500,
    show_default=True,
    help="Messages of the drain figure (0: none; never with a baseline).",
)
@click.option("--worker-apart", is_flag=True, help="Jobs in a graphsvc worker process beside serve --no-worker.")
@click.option(
    "--baseline",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="A checkout of another version (git archive main | tar -x -C DIR), served beside and measured too.",
)
def main(
    recalls: int,
    rates: str,
    duration_s: float,
    users: int,
    seed_messages: int,
    oversubscribe: float,
    embedding_tenant: bool,
    baseline: str | None,
    drained: int,
    worker_apart: bool,
) -> None:
    """Recall CPU, latency and goodput, quiet and beside co-tenants, for GraphQL and MCP."""
    cores = os.cpu_count() or 1
    tenants: dict[str, Any] = {"count": max(1, round(oversubscribe * cores)), "embedding": embedding_tenant}
    env = {**os.environ, "RATE_LIMIT": "1000000/minute"}
    with contextlib.ExitStack() as stack:
        args = ["--no-worker"] if worker_apart else []
        services = {"branch": stack.enter_context(served(env, own_session=True, args=args))}
        if worker_apart:
            stack.enter_context(worker(env))
        if baseline is not None:
            services["baseline"] = stack.enter_context(served(env, checkout=baseline, own_session=True))
        result: dict[str, Any] = asyncio.run(
            run(
                services,
                users=users,
                seed_messages=seed_messages,
                recalls=recalls,
                rates=[float(r) for r in rates.split(",") if r.strip()],
                duration_s=duration_s,
                tenants=tenants["count"],
                embedding_tenant=embedding_tenant,
                drained=drained,
            )
        )
    result["co_tenants"] = tenants
    result["cores"] = cores
    result["worker"] = "apart" if worker_apart else "in the service process"
    print(f"{cores} cores; busy = beside {tenants['count']} co-tenants", end="")
    print(" (one embedding text in a loop)" if embedding_tenant else "")
    for version in services:
        print(f"\n{version}" + (f" ({baseline})" if version == "baseline" else " (this checkout)"))
        print("\n".join(table(result[version])))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
