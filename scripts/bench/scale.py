"""Recall latency and bulk ingest at a million memories over 1,000 users.

    .venv/bin/python scripts/bench/scale.py [--scale 1.0] [--queries 10] [--skip-load]
                                            [--writers 1] [--batch 2000]

Builds a synthetic graph (fixed seed): at ``--scale 1`` 50 users with 10,000 memories, 450 with
1,000 and 500 with 100 (1,000,000 in all). Vectors are random but clustered (each user has a few
topic centres; a memory is a centre plus noise), precomputed, so the embedder is not what is timed.
Memories are loaded with UNWIND batches (:func:`graphsvc.graph.bulk.create_memories`, embeddings sent as packed
float32 ``neo4j.vector.Vector`` values) from ``--writers`` concurrent sessions and the ingest rate
is printed; then the script waits for the indexes to come online. For users of each size it times
recall's two vector steps (its first read, ``recall_text``, for the counts and the copy stamp; then
``graphsvc.pipeline.recall.vectors.vector_lists``: the in-process copy when held, else Neo4j's exact scan for
small users and in-index filtered ``SEARCH`` + exact re-rank for larger ones) beside an exact numpy brute force
over the same user's vectors in this process, and reports recall@10 of the former against the latter. Also
prints the peak RSS of this process and of the Neo4j server.
Use an empty database (e.g. a separate ``scripts/neo4j`` instance): it adds 1M nodes.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
import numpy as np
from figures import percentiles
from neo4j.vector import Vector

from graphsvc.config import Settings
from graphsvc.embed.base import Vectors
from graphsvc.graph import bulk, recall
from graphsvc.graph.bulk import BulkMemory
from graphsvc.graph.database import Database
from graphsvc.graph.recall import Scored
from graphsvc.graph.vector_cache import COPIED_STAGES
from graphsvc.graph.vector_search import candidate_count
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.pipeline.recall.vectors import vector_lists
from graphsvc.runtime import Runtime

DIM = 384
BATCH = 2_000
WRITERS = 1
CLASSES = ((10_000, 50), (1_000, 450), (100, 500))  # (memories per user, users) at scale 1


def user_vectors(rng: np.random.Generator, n: int) -> np.ndarray:
    centres = rng.standard_normal((max(2, n // 250), DIM)).astype(np.float32)
    picks = rng.integers(0, len(centres), n)
    vectors = centres[picks] + 0.6 * rng.standard_normal((n, DIM)).astype(np.float32)
    normalised: np.ndarray = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    return normalised


def plan(scale: float) -> list[tuple[str, int]]:
    users = []
    for size, count in CLASSES:
        for i in range(max(1, round(count * scale))):
            users.append((f"scale-{size}-{i}", size))
    return users


def batches(users: list[tuple[str, int]], vectors: dict[str, np.ndarray], size: int) -> Iterator[list[BulkMemory]]:
    """Memories to bulk-load, ``size`` at a time; embeddings as packed float32 ``Vector``s."""
    rows: list[BulkMemory] = []
    for user_id, _ in users:
        for i, vector in enumerate(vectors[user_id]):
            rows.append(BulkMemory(f"{user_id}-{i}", user_id, f"synthetic memory {i} of {user_id}", Vector(vector)))
            if len(rows) >= size:
                yield rows
                rows = []
    if rows:
        yield rows


async def load(
    db: Database, users: list[tuple[str, int]], vectors: dict[str, np.ndarray], *, writers: int, batch: int
) -> dict[str, float]:
    """Bulk-load every user's memories: ``writers`` concurrent sessions, one transaction per batch."""
    now = datetime.now(UTC)
    queue: asyncio.Queue[list[BulkMemory] | None] = asyncio.Queue(maxsize=2 * writers)
    total = 0
    started = time.perf_counter()

    async def writer() -> None:
        nonlocal total
        while (rows := await queue.get()) is not None:
            await bulk.create_memories(db, rows, now=now)
            before, total = total, total + len(rows)
            if total // 100_000 > before // 100_000:
                rate = total / (time.perf_counter() - started)
                click.echo(f"  loaded {total:,} memories ({rate:,.0f}/s)", err=True)

    tasks = [asyncio.create_task(writer()) for _ in range(writers)]
    for rows in batches(users, vectors, batch):
        await queue.put(rows)
    for _ in tasks:
        await queue.put(None)
    await asyncio.gather(*tasks)
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


class PrecomputedVectors:
    """The embedder slot of the runtime: this benchmark brings its own vectors, so nothing is ever embedded."""

    dimensions = DIM
    concurrency = 1

    async def embed_passages(self, texts: list[str], *, background: bool = False) -> Vectors:
        raise NotImplementedError

    async def embed_queries(self, texts: list[str]) -> Vectors:
        raise NotImplementedError

    async def aclose(self) -> None:
        return None


async def nearest_memories(rt: Runtime, user_id: str, query: np.ndarray) -> list[Scored]:
    """What recall's vector method returns for memories: its first read, then the copy or Neo4j."""
    scope = RecallScope()
    read = await recall.text_candidates(
        rt.db,
        user_id=user_id,
        family="en",
        lucene_query=None,
        k=10,
        asks=[],
        names=[],
        subject_keys=[],
        filters=scope.filters,
        max_share=rt.settings.recall.entity_max_share,
        min_observed=20,
        related_limit=10,
        stamp=rt.settings.vector.cache_max_vectors > 0,
        copied_stages=COPIED_STAGES,
    )
    found = await vector_lists(
        rt, user_id=user_id, vectors=[query.tolist()], read=read, k=10, scope=scope, tags=None, allowed=None
    )
    return found.views[0].memories


async def measure_pass(
    rt: Runtime,
    sample: list[str],
    vectors: dict[str, np.ndarray],
    queries: dict[str, list[np.ndarray]],
) -> dict[str, Any]:
    settings = rt.settings
    copies = rt.vectors.copies
    graph_ms, numpy_ms, recalls = [], [], []
    hits_before = copies.hits + copies.refreshes
    for user_id in sample:
        mine = vectors[user_id]
        for q in queries[user_id]:
            t0 = time.perf_counter()
            rows = await nearest_memories(rt, user_id, q)
            graph_ms.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            scores = mine @ q
            top = np.argpartition(-scores, 10)[:10]
            numpy_ms.append((time.perf_counter() - t0) * 1000)
            exact = {f"{user_id}-{i}" for i in top}
            recalls.append(len(exact & {r.uid for r in rows}) / 10)
    size = len(vectors[sample[0]])
    copied = settings.vector.cache_max_vectors > 0 and size <= settings.vector.cache_max_user_vectors
    return {
        "users": len(sample),
        "queries": len(graph_ms),
        "graphsvc_ms": percentiles(graph_ms),
        "numpy_bruteforce_ms": percentiles(numpy_ms, digits=2),
        "recall_at_10_vs_exact": round(float(np.mean(recalls)), 4),
        "from_copy": copies.hits + copies.refreshes - hits_before,
        "path": ("held copy, else " if copied else "")
        + (
            "exact scan"
            if size <= settings.vector.exact_max
            else f"SEARCH in-index filter + re-rank {candidate_count(size, k=10, settings=settings)}"
        ),
    }


async def measure(
    db: Database,
    settings: Settings,
    users: list[tuple[str, int]],
    vectors: dict[str, np.ndarray],
    queries: int,
    rng: np.random.Generator,
) -> dict[str, Any]:
    """Two passes of the same queries: ``first`` (no user's vectors held in process yet; copies fill
    in the background meanwhile) and ``repeat`` (after the fills finished)."""
    samples = {size: [u for u, s in users if s == size][:20] for size, _ in CLASSES}
    asked: dict[str, list[np.ndarray]] = {}
    for sample in samples.values():
        for user_id in sample:
            mine = vectors[user_id]
            asked[user_id] = []
            for _ in range(queries):
                q = mine[rng.integers(0, len(mine))] + 0.3 * rng.standard_normal(DIM).astype(np.float32)
                asked[user_id].append((q / np.linalg.norm(q)).astype(np.float32))
    out: dict[str, Any] = {}
    rt = Runtime(settings=settings, db=db, embedder=PrecomputedVectors())  # its copies live across both passes
    for name in ("first", "repeat"):
        await rt.vectors.copies.settled()
        out[name] = {str(size): await measure_pass(rt, sample, vectors, asked) for size, sample in samples.items()}
    await rt.vectors.aclose()
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


async def run(scale: float, queries: int, skip_load: bool, writers: int, batch: int) -> dict[str, Any]:
    settings = Settings()
    rng = np.random.default_rng(42)
    users = plan(scale)
    vectors = {user_id: user_vectors(rng, size) for user_id, size in users}
    db = await Database.connect(settings)
    try:
        await db.apply_schema(dimensions=DIM)
        report: dict[str, Any] = {"scale": scale, "users": len(users), "memories": int(sum(s for _, s in users))}
        report["ingest"] = None if skip_load else await load(db, users, vectors, writers=writers, batch=batch)
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
@click.option("--writers", default=WRITERS, show_default=True, help="Concurrent write sessions while loading.")
@click.option("--batch", default=BATCH, show_default=True, help="Memories per UNWIND transaction.")
def main(scale: float, queries: int, skip_load: bool, writers: int, batch: int) -> None:
    report = asyncio.run(run(scale, queries, skip_load, writers, batch))
    ingest = report["ingest"]
    if ingest:
        click.echo(
            f"\nbulk ingest: {ingest['memories']:,} memories in {ingest['load_s']} s = "
            f"{ingest['ingest_per_s']:,.0f}/s; indexes online after {ingest['index_online_s']} s more"
        )
    click.echo(
        f"{'pass':>7}{'user size':>10}{'graphsvc p50':>14}{'p95':>8}{'numpy p50':>11}{'p95':>8}{'recall@10':>11}"
        f"{'from copy':>11}  path"
    )
    for name, sizes in report["recall"].items():
        for size, r in sizes.items():
            click.echo(
                f"{name:>7}{size:>10}{r['graphsvc_ms']['p50']:>14}{r['graphsvc_ms']['p95']:>8}"
                f"{r['numpy_bruteforce_ms']['p50']:>11}{r['numpy_bruteforce_ms']['p95']:>8}"
                f"{r['recall_at_10_vs_exact']:>11}{r['from_copy']:>7}/{r['queries']:<3}  {r['path']}"
            )
    click.echo(
        f"peak RSS: benchmark process {report['peak_rss_mb']['benchmark_process']} MB, "
        f"Neo4j {report['peak_rss_mb']['neo4j']} MB\n"
    )
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
