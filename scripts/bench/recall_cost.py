"""What one recall costs: CPU (graphsvc's and Neo4j's), Neo4j round trips and rows, latency; two code versions
side by side on the same data in the same run.

    .venv/bin/python scripts/bench/recall_cost.py [PATH] [--rounds 3] [--baseline DIR] [--http] [--user U]

Over data ``scripts/bench/locomo.py`` imported (LoCoMo dev by default: every question of categories 1-4):

* in process (the default): every question through the GraphQL ``recall`` query (in-process schema execution,
  limit 10), once to warm up, then ``--rounds`` times measured: graphsvc CPU per recall (``process_time``: every
  thread, the embedder's included), Neo4j CPU per recall (``/proc/<pid>/stat`` of the local server, read from
  ``$GRAPHSVC_DATA_DIR/neo4j/run/neo4j.pid``), Neo4j queries, transactions and records per recall (counted in
  the driver), and the latency p50/p95;
* ``--http``: ``graphsvc serve`` started on a free port, the questions of one user (``--user``, default the
  first conversation) sent one after another over one keep-alive connection: end-to-end latency p50/p95 and the
  server's CPU per recall.

``--explain`` measures this checkout a second time with every recall asked to explain its ranking (``explain:
true``, the explanation read back), alternating with the plain recall as a baseline is: what explaining costs.

``--baseline DIR`` (a checkout of another version, e.g. ``git archive main | tar -x -C DIR``) measures that
version too, alternating with this one round by round (each round a fresh process), so both see the same
machine load. ``--dump FILE`` writes each question's ranked hit ids (the first measured round of the first
process; the baseline's to ``FILE.baseline``) and reports how many rankings the two versions share.

Prints a table and, last, one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click
import httpx
import numpy as np
from datasets import LOCOMO_DEV, REPO, locomo_questions
from figures import percentiles
from served import served

RECALL_QUERY = """query($u: String!, $q: String!, $n: Int!) {
  recall(userId: $u, query: $q, limit: $n) { id }
}"""
EXPLAINED_QUERY = """query($u: String!, $q: String!, $n: Int!) {
  recall(userId: $u, query: $q, limit: $n, explain: true) {
    id explanation { fusedScore finalScore channels { channel rank contribution }
                     adjustments { rule scoreBefore scoreAfter } }
  }
}"""
CLOCK_TICKS_S = os.sysconf("SC_CLK_TCK")


class DriverCounts:
    """Queries, transactions and records the neo4j driver ran in this process (patched in at start)."""

    queries = 0
    transactions = 0
    records = 0

    @classmethod
    def install(cls) -> None:
        from neo4j import AsyncSession
        from neo4j._async.work.result import AsyncResult

        run, aiter = AsyncResult._run, AsyncResult.__aiter__

        async def counted_run(self: Any, *args: Any, **kwargs: Any) -> Any:
            cls.queries += 1
            return await run(self, *args, **kwargs)  # type: ignore[no-untyped-call]

        async def counted_aiter(self: Any) -> Any:
            async for record in aiter(self):
                cls.records += 1
                yield record

        AsyncResult._run = counted_run  # type: ignore[method-assign]
        AsyncResult.__aiter__ = counted_aiter  # type: ignore[method-assign]
        for name in ("execute_read", "execute_write"):
            original = getattr(AsyncSession, name)

            async def counted(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
                cls.transactions += 1
                return await _original(self, *args, **kwargs)

            setattr(AsyncSession, name, counted)

    @classmethod
    def snapshot(cls) -> tuple[int, int, int]:
        return cls.queries, cls.transactions, cls.records


def neo4j_pid() -> int | None:
    from graphsvc.config import Settings

    path = Settings().data_dir / "neo4j" / "run" / "neo4j.pid"
    return int(path.read_text().strip()) if path.is_file() else None


def cpu_s(pid: int | None) -> float:
    """User + system CPU seconds of a process so far (0 when unknown)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS_S


async def in_process(path: Path, rounds: int, explain: bool = False) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Warm up, then ``rounds`` passes over every question: per-recall means over all measured passes, and each
    question's ranked hit ids in the first pass."""
    from graphsvc.api.context import Context
    from graphsvc.api.schema import schema
    from graphsvc.config import Settings
    from graphsvc.service import MemoryService

    DriverCounts.install()
    service = await MemoryService.open(Settings(), run_worker=False)
    questions = list(locomo_questions(path))
    context = Context(service=service)
    pid = neo4j_pid()

    async def ask(q: dict[str, Any]) -> list[str]:
        result = await schema.execute(
            EXPLAINED_QUERY if explain else RECALL_QUERY,
            variable_values={"u": q["userId"], "q": q["question"], "n": 10},
            context_value=context,
        )
        if result.errors or result.data is None:
            raise RuntimeError(result.errors)
        return [str(hit["id"]) for hit in result.data["recall"]]

    try:
        for q in questions:
            await ask(q)
        latencies_ms: list[float] = []
        rankings: list[list[str]] = []
        cpu0, neo0, (q0, t0, r0) = time.process_time(), cpu_s(pid), DriverCounts.snapshot()
        for n in range(rounds):
            for q in questions:
                started = time.perf_counter()
                ranked = await ask(q)
                latencies_ms.append((time.perf_counter() - started) * 1000)
                if n == 0:
                    rankings.append(ranked)
        cpu1, neo1, (q1, t1, r1) = time.process_time(), cpu_s(pid), DriverCounts.snapshot()
    finally:
        await service.close()
    recalls = rounds * len(questions)
    dumped_rankings = [{"question": q["question"], "ids": r} for q, r in zip(questions, rankings, strict=True)]
    return {
        "recalls": recalls,
        "graphsvc_cpu_ms": round((cpu1 - cpu0) * 1000 / recalls, 1),
        "neo4j_cpu_ms": round((neo1 - neo0) * 1000 / recalls, 1),
        "cpu_ms": round(((cpu1 - cpu0) + (neo1 - neo0)) * 1000 / recalls, 1),
        "queries": round((q1 - q0) / recalls, 2),
        "transactions": round((t1 - t0) / recalls, 2),
        "records": round((r1 - r0) / recalls, 1),
        "latency_ms": percentiles(np.array(latencies_ms)),
    }, dumped_rankings


def over_http(path: Path, rounds: int, user: str | None, env: dict[str, str]) -> dict[str, Any]:
    """One user's questions in order over one keep-alive connection, after one warm-up pass."""
    questions = list(locomo_questions(path))
    user = user or questions[0]["userId"]
    mine = [q for q in questions if q["userId"] == user]
    with served({**env, "RATE_LIMIT": "100000/minute"}) as (url, pid), httpx.Client(timeout=30) as client:

        def ask(q: dict[str, Any]) -> None:
            body = {"query": RECALL_QUERY, "variables": {"u": user, "q": q["question"], "n": 10}}
            response = client.post(f"{url}/graphql", json=body)
            if response.status_code != 200 or response.json().get("errors"):
                raise click.ClickException(f"recall failed: HTTP {response.status_code} {response.text[:200]}")

        for q in mine:
            ask(q)
        latencies_ms: list[float] = []
        cpu0 = cpu_s(pid)
        for _ in range(rounds):
            for q in mine:
                started = time.perf_counter()
                ask(q)
                latencies_ms.append((time.perf_counter() - started) * 1000)
        cpu1 = cpu_s(pid)
    return {
        "user": user,
        "recalls": len(latencies_ms),
        "server_cpu_ms": round((cpu1 - cpu0) * 1000 / len(latencies_ms), 1),
        "latency_ms": percentiles(np.array(latencies_ms)),
    }


def worker(version: str, args: list[str]) -> dict[str, Any]:
    """Run one measurement in a fresh process of ``version`` ("branch": the checkout this script is in, or another
    checkout's directory)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) if version in ("branch", "explain") else version
    extra = ["--explained"] if version == "explain" else []
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", *args, *extra],
        env=env,
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        raise click.ClickException(f"{version}: {out.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def dumped(dump: Path, version: str) -> Path:
    """Where ``version``'s rankings go: ``dump`` for this checkout, ``dump.baseline`` for the other (or for this
    checkout explaining)."""
    return dump if version == "branch" else dump.with_name(dump.name + ".baseline")


def mean_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Means of the numeric figures over runs (latency percentiles included); the runs themselves kept."""
    keys_ = [k for k, v in runs[0].items() if isinstance(v, int | float)]
    out: dict[str, Any] = {k: round(float(np.mean([r[k] for r in runs])), 2) for k in keys_}
    out["latency_ms"] = {p: round(float(np.mean([r["latency_ms"][p] for r in runs])), 1) for p in ("p50", "p95")}
    out["runs"] = runs
    return out


@click.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=LOCOMO_DEV)
@click.option("--rounds", default=3, show_default=True, help="Measured passes per process (after a warm-up).")
@click.option("--repeats", default=1, show_default=True, help="Processes per version, alternating.")
@click.option("--baseline", type=click.Path(exists=True, file_okay=False), default=None, help="Another checkout.")
@click.option("--http", "http_mode", is_flag=True, help="End to end through a served graphsvc.")
@click.option("--user", default=None, help="With --http: the user whose questions are asked.")
@click.option("--dump", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Rankings to this file.")
@click.option("--explain", "explain_too", is_flag=True, help="Also measure recall with explain: true (in process).")
@click.option("--explained", is_flag=True, hidden=True)
@click.option("--worker", "as_worker", is_flag=True, hidden=True)
def main(
    path: Path,
    rounds: int,
    repeats: int,
    baseline: str | None,
    http_mode: bool,
    user: str | None,
    dump: Path | None,
    explain_too: bool,
    explained: bool,
    as_worker: bool,
) -> None:
    """CPU, round trips and latency of recall; optionally beside another version of graphsvc."""
    if as_worker:
        if http_mode:
            figures = over_http(path, rounds, user, dict(os.environ))
        else:
            figures, ranked = asyncio.run(in_process(path, rounds, explained))
            if dump is not None:
                dump.write_text(json.dumps(ranked))
        print(json.dumps(figures))
        return
    args = [str(path), "--rounds", str(rounds)] + (["--http"] if http_mode else []) + (["--user", user] if user else [])
    if explain_too and (http_mode or baseline):
        raise click.UsageError("--explain compares this checkout with itself, in process: no --http, no --baseline")
    versions = ["branch"] + ([str(Path(baseline).resolve())] if baseline else []) + (["explain"] if explain_too else [])
    runs: dict[str, list[dict[str, Any]]] = {v: [] for v in versions}
    for n in range(repeats):
        for version in versions if n % 2 == 0 else reversed(versions):
            extra = [] if dump is None or n > 0 else ["--dump", str(dumped(dump, version))]
            runs[version].append(worker(version, args + extra))
            click.echo(f"{version}: {json.dumps(runs[version][-1])}", err=True)
    report: dict[str, Any] = {"mode": "http" if http_mode else "in-process", "rounds": rounds, "repeats": repeats}
    report["versions"] = {(v if v in ("branch", "explain") else "baseline"): mean_of(r) for v, r in runs.items()}
    other = str(Path(baseline).resolve()) if baseline else ("explain" if explain_too else None)
    if dump is not None and other is not None and not http_mode:
        mine = json.loads(dump.read_text())
        theirs = json.loads(dumped(dump, other).read_text())
        same = sum(a["ids"] == b["ids"] for a, b in zip(mine, theirs, strict=True))
        report["identical_rankings"] = {"same": same, "questions": len(mine)}
    for name, figures in report["versions"].items():
        shown = {k: v for k, v in figures.items() if k != "runs"}
        click.echo(f"{name}: {shown}")
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "scripts" / "bench"))
    main()
