"""Recall latency and bulk ingest at a million memories over 1,000 users.

    .venv/bin/python scripts/bench/scale.py [--scale 1.0] [--queries 10] [--skip-load]

Builds a synthetic graph (fixed seed): at ``--scale 1`` 50 users with 10,000 memories, 450 with
1,000 and 500 with 100 (1,000,000 in all). Vectors are random but clustered (each user has a few
topic centres; a memory is a centre plus noise), precomputed, so the embedder is not what is timed.
Memories are loaded with UNWIND batches (``bulk_create_memories``) and the ingest rate is printed;
then the script waits for the indexes to come online. For users of each size it times the
tenant-scoped vector search graphsvc's recall uses (``graphsvc.pipeline.vector_search.nearest``:
exact scan for small users, in-index filtered ``SEARCH`` + exact re-rank for large ones) beside an
exact numpy brute force over the same user's vectors in this process, and reports recall@10 of the
former against the latter. Also prints the peak RSS of this process and of the Neo4j server.
Use an empty database (e.g. a separate ``scripts/neo4j`` instance): it adds 1M nodes.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
import numpy as np

from graphsvc.config import Settings
from graphsvc.graph.database import Database
from graphsvc.pipeline import keys
from graphsvc.pipeline.vector_search import nearest

DIM = 384
BATCH = 2_000
CLASSES = ((10_000, 50), (1_000, 450), (100, 500))  # (memories per user, users) at scale 1


def user_vectors(rng: np.random.Generator, n: int) -> np.ndarray:
    centres = rng.standard_normal((max(2, n // 250), DIM)).astype(np.float32)
    picks = rng.integers(0, len(centres), n)
    vectors = centres[picks] + 0.6 * rng.standard_normal((n, DIM)).astype(np.float32)
    return (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)


def plan(scale: float) -> list[tuple[str, int]]:
    users = []
    for size, count in CLASSES:
        for i in range(max(1, round(count * scale))):
            users.append((f"scale-{size}-{i}", size))
    return users


async def load(db: Database, users: list[tuple[str, int]], vectors: dict[str, np.ndarray]) -> dict[str, float]:
    now = datetime.now(UTC)
    rows: list[dict[str, Any]] = []
    total = 0
    started = time.perf_counter()

    async def flush() -> None:
        nonlocal rows, total
        if rows:
            await db.write("bulk_create_memories", rows=rows, now=now)
            total += len(rows)
            rows = []

    for user_id, _ in users:
        tenant = keys.tenant_key(user_id)
        for i, vector in enumerate(vectors[user_id]):
            content = f"synthetic memory {i} of {user_id}"
            digest = keys.content_hash(content)
            rows.append(
                {
                    "uid": f"{user_id}-{i}",
                    "user_id": user_id,
                    "tenant_key": tenant,
                    "memory_type": "fact",
                    "content": content,
                    "content_hash": digest,
                    "dedup_key": keys.memory_dedup_key(user_id, "fact", digest),
                    "embedding": vector.tolist(),
                    "importance": 0.5,
                    "confidence": 0.8,
                }
            )
            if len(rows) >= BATCH:
                await flush()
                if total % 100_000 < BATCH:
                    rate = total / (time.perf_counter() - started)
                    click.echo(f"  loaded {total:,} memories ({rate:,.0f}/s)", err=True)
    await flush()
    load_s = time.perf_counter() - started
    click.echo("  waiting for the indexes to come online...", err=True)
    t0 = time.perf_counter()
    async with db.driver.session(database=db.database) as session:
        await (await session.run("CALL db.awaitIndexes(7200)")).consume()
    return {
        "memories": total,
        "load_s": round(load_s, 1),
        "ingest_per_s": round(total / load_s, 1),
        "index_online_s": round(time.perf_counter() - t0, 1),
    }


async def measure(
    db: Database,
    settings: Settings,
    users: list[tuple[str, int]],
    vectors: dict[str, np.ndarray],
    queries: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for size, _ in CLASSES:
        sample = [u for u, s in users if s == size][:20]
        graph_ms, numpy_ms, recalls = [], [], []
        for user_id in sample:
            mine = vectors[user_id]
            for _ in range(queries):
                q = mine[rng.integers(0, len(mine))] + 0.3 * rng.standard_normal(DIM).astype(np.float32)
                q = (q / np.linalg.norm(q)).astype(np.float32)
                t0 = time.perf_counter()
                rows = await nearest(
                    db, target="memory", user_id=user_id, embedding=q.tolist(), k=10, settings=settings
                )
                graph_ms.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                scores = mine @ q
                top = np.argpartition(-scores, 10)[:10]
                numpy_ms.append((time.perf_counter() - t0) * 1000)
                exact = {f"{user_id}-{i}" for i in top}
                recalls.append(len(exact & {r["uid"] for r in rows}) / 10)
        out[str(size)] = {
            "users": len(sample),
            "queries": len(graph_ms),
            "graphsvc_ms": {
                "p50": round(float(np.percentile(graph_ms, 50)), 1),
                "p95": round(float(np.percentile(graph_ms, 95)), 1),
            },
            "numpy_bruteforce_ms": {
                "p50": round(float(np.percentile(numpy_ms, 50)), 2),
                "p95": round(float(np.percentile(numpy_ms, 95)), 2),
            },
            "recall_at_10_vs_exact": round(float(np.mean(recalls)), 4),
            "path": "exact scan" if size <= settings.vector_exact_max else "SEARCH in-index filter + re-rank",
        }
    return out


def neo4j_peak_rss_mb(settings: Settings) -> float | None:
    pid_file = settings.data_dir / "neo4j" / "run" / "neo4j.pid"
    try:
        pid = pid_file.read_text().strip()
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


async def run(scale: float, queries: int, skip_load: bool) -> dict[str, Any]:
    settings = Settings()
    rng = np.random.default_rng(42)
    users = plan(scale)
    vectors = {user_id: user_vectors(rng, size) for user_id, size in users}
    db = await Database.connect(settings)
    try:
        await db.apply_schema(dimensions=DIM)
        report: dict[str, Any] = {"scale": scale, "users": len(users), "memories": int(sum(s for _, s in users))}
        report["ingest"] = None if skip_load else await load(db, users, vectors)
        report["recall"] = await measure(db, settings, users, vectors, queries, np.random.default_rng(7))
        report["peak_rss_mb"] = {
            "benchmark_process": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "neo4j": neo4j_peak_rss_mb(settings),
        }
        return report
    finally:
        await db.close()


@click.command()
@click.option("--scale", default=1.0, show_default=True, help="1.0 = 1M memories over 1,000 users.")
@click.option("--queries", default=10, show_default=True, help="Queries per sampled user (20 users per size).")
@click.option("--skip-load", is_flag=True, help="Measure a graph loaded by an earlier run.")
def main(scale: float, queries: int, skip_load: bool) -> None:
    report = asyncio.run(run(scale, queries, skip_load))
    ingest = report["ingest"]
    if ingest:
        click.echo(
            f"\nbulk ingest: {ingest['memories']:,} memories in {ingest['load_s']} s = "
            f"{ingest['ingest_per_s']:,.0f}/s; indexes online after {ingest['index_online_s']} s more"
        )
    click.echo(f"{'user size':>10}{'graphsvc p50':>14}{'p95':>8}{'numpy p50':>11}{'p95':>8}{'recall@10':>11}  path")
    for size, r in report["recall"].items():
        click.echo(
            f"{size:>10}{r['graphsvc_ms']['p50']:>14}{r['graphsvc_ms']['p95']:>8}"
            f"{r['numpy_bruteforce_ms']['p50']:>11}{r['numpy_bruteforce_ms']['p95']:>8}"
            f"{r['recall_at_10_vs_exact']:>11}  {r['path']}"
        )
    click.echo(
        f"peak RSS: benchmark process {report['peak_rss_mb']['benchmark_process']} MB, "
        f"Neo4j {report['peak_rss_mb']['neo4j']} MB\n"
    )
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
