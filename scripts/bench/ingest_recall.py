"""Ingest throughput and recall latency: one user with N messages among 100 users.

    .venv/bin/python scripts/bench/ingest_recall.py [--messages 10000] [--users 100] [--other 20]
    .venv/bin/python scripts/bench/ingest_recall.py --target-user bench-<run>-u0   # recall only

Synthetic conversation messages (templated sentences over a word list, fixed seed) are ingested
through ``MemoryService.ingest_messages`` (the GraphQL resolver's code path) in batches of 100:
the target user gets ``--messages``, each of the other users ``--other``. Then ``--queries``
recall calls for the target user. Prints messages/s on the request path (ingest stores and queues the
embedding), the seconds until the background ``embed_events`` jobs gave every message its vector (recall is timed
after that), and recall p50/p95 in ms, a table and one JSON object. Every run uses fresh user ids
(``bench-<run>-u<i>``), so runs never overlap; the JSON names the measured user (``target_user``).
``--target-user`` skips the ingest and times recall only, over a user a previous run ingested: two code
versions (e.g. this checkout and ``PYTHONPATH=<main checkout>``) can then be timed alternately on the same
data in the same hour.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta

import click
import numpy as np
from figures import percentiles

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService

WORDS = (
    "coffee hiking Berlin guitar marathon sister project deadline python garden recipe violin "
    "holiday doctor budget apartment puppy museum novel chess train salary yoga painting lake "
    "birthday camera concert bakery keyboard tennis river festival lecture exam sushi"
).split()
TEMPLATES = (
    "I went to the {a} with my {b} yesterday and it reminded me of {c}.",
    "My {a} is getting better, but the {b} still worries me a bit.",
    "Do you think I should try {a} before the {b} next week?",
    "I have been thinking about {a} and {b} a lot lately.",
    "We talked about the {a}, the {b} and the {c} for an hour.",
)
BATCH = 100


def synth(rng: random.Random, n: int, start: datetime) -> list[MessageIn]:
    out = []
    for i in range(n):
        a, b, c = rng.sample(WORDS, 3)
        text = rng.choice(TEMPLATES).format(a=a, b=b, c=c)
        out.append(
            MessageIn(
                role="user" if i % 2 == 0 else "assistant",
                content=text,
                occurred_at=start + timedelta(minutes=i),
                message_id=f"m{i}",
            )
        )
    return out


async def run(
    messages: int, users: int, other: int, queries: int, target_user: str | None = None, warmup: int = 0
) -> dict[str, object]:
    service = await MemoryService.open(Settings(), run_worker=False)
    rng = random.Random(7)
    try:
        if target_user is not None:
            await time_recall(service, rng, target_user, warmup)
            return {"target_user": target_user, **await time_recall(service, rng, target_user, queries)}
        report = await ingest(service, rng, messages=messages, users=users, other=other)
        return {**report, **await time_recall(service, rng, str(report["target_user"]), queries)}
    finally:
        await service.close()


async def ingest(
    service: MemoryService, rng: random.Random, *, messages: int, users: int, other: int
) -> dict[str, object]:
    """Ingest the synthetic users in batches of ``BATCH``; returns the counts and the throughput."""
    run_id = uuid.uuid4().hex[:8]
    start = datetime(2024, 1, 1, tzinfo=UTC)
    plan = [(f"bench-{run_id}-u0", messages)] + [(f"bench-{run_id}-u{i}", other) for i in range(1, users)]
    total = sum(n for _, n in plan)
    began = time.perf_counter()
    done = 0
    for user_id, n in plan:
        msgs = synth(rng, n, start)
        for offset in range(0, n, BATCH):
            session = f"s{offset // 500}"
            await service.ingest_messages(user_id=user_id, session_id=session, messages=msgs[offset : offset + BATCH])
            done += len(msgs[offset : offset + BATCH])
            if done % 1000 < BATCH:
                click.echo(f"  ingested {done}/{total}", err=True)
    ingest_s = time.perf_counter() - began
    began = time.perf_counter()
    await service.worker.start()
    await service.wait_for_jobs()
    await service.worker.stop()
    vectors_s = time.perf_counter() - began
    return {
        "target_user": plan[0][0],
        "messages_total": total,
        "target_user_messages": messages,
        "users": users,
        "ingest_messages_per_s": round(total / ingest_s, 1),
        "ingest_s": round(ingest_s, 1),
        "vectors_s": round(vectors_s, 1),
    }


async def time_recall(service: MemoryService, rng: random.Random, target: str, queries: int) -> dict[str, object]:
    """``queries`` recall calls for ``target`` (a query each, limit 10); their latency percentiles in ms."""
    latencies = []
    for _ in range(queries):
        a, b = rng.sample(WORDS, 2)
        q = f"what did I say about {a} and {b}?"
        t0 = time.perf_counter()
        await service.recall(user_id=target, query=q, limit=10)
        latencies.append((time.perf_counter() - t0) * 1000)
    return {"recall_queries": queries, "recall_ms": percentiles(np.array(latencies))}


@click.command()
@click.option("--messages", default=10_000, show_default=True, help="Messages of the measured user.")
@click.option("--users", default=100, show_default=True, help="Users in all, the measured one included.")
@click.option("--other", default=20, show_default=True, help="Messages of each other user.")
@click.option("--queries", default=200, show_default=True, help="Recall calls to time.")
@click.option("--target-user", default=None, help="Skip the ingest: time recall over this already ingested user.")
@click.option("--warmup", default=0, show_default=True, help="Untimed recall calls first (with --target-user).")
def main(messages: int, users: int, other: int, queries: int, target_user: str | None, warmup: int) -> None:
    report = asyncio.run(run(messages, users, other, queries, target_user, warmup))
    if target_user is None:
        click.echo(
            f"\ningest: {report['messages_total']} messages at {report['ingest_messages_per_s']} msg/s "
            f"({report['ingest_s']} s; every vector {report['vectors_s']} s later)"
        )
    rec = report["recall_ms"]
    assert isinstance(rec, dict)
    click.echo(
        f"recall over {report.get('target_user_messages', '(existing)')} messages of {report['target_user']}: "
        f"p50 {rec['p50']} ms, p95 {rec['p95']} ms\n"
    )
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
