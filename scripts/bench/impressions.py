"""Impression pipeline figures (seed 000): identity-resolver latency per observation with 100k known entities of
one user, and LLM calls per ended conversation.

    .venv/bin/python scripts/bench/impressions.py [--entities 100000] [--observations 1000] [--locomo FILE]

1. Resolver: ``--entities`` identities (subject + a nickname alias each) are bulk-created for one fresh user
   with UNWIND in batches of 5000 (:func:`graphsvc.graph.entity_writes.seed_identities`). Then ``--observations``
   single-observation resolutions are timed through :func:`graphsvc.pipeline.impressions.resolve.run` (one
   identity-index read over Neo4j + the decision): 40% name a known subject, 30% a known alias, 30% unknown
   names; each carries 1-3 names and one relation target. Also timed: 20 observations per call (the pipeline's
   usual shape), per observation.
2. LLM calls: every session of a LoCoMo-format file (default: the dev split in ``../shared/bench/data``) is an
   ended conversation run through :func:`graphsvc.pipeline.impressions.run.run` with a fake planner that answers
   each call with one observation per active entity (no network), so the count is the real batching: calls =
   ceil(active entities / impression_batch_size). The offline path makes 0 calls by construction.

Every run uses fresh user ids (``bench-imp-<run>``) and deletes them afterwards unless ``--keep``. Prints a
table and one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import click
import numpy as np
from figures import percentiles
from openai.types.chat import ChatCompletionMessageParam
from pydantic import BaseModel

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.conversation import ConversationMessage
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph import entity_writes, pending_observations
from graphsvc.graph.database import Database
from graphsvc.graph.entity_writes import SeedAlias, SeedIdentity
from graphsvc.llm.client import LLMCall
from graphsvc.pipeline.impressions import resolve
from graphsvc.pipeline.impressions import run as impressions
from graphsvc.pipeline.impressions.aggregate import AggregatedObservation, ObservationAggregate
from graphsvc.pipeline.impressions.observation import RelationPatch
from graphsvc.runtime import Runtime

sys.path.insert(0, str(Path(__file__).resolve().parent))
from datasets import LOCOMO_DEV, locomo_records  # noqa: E402

T = TypeVar("T", bound=BaseModel)
SEED_BATCH = 5_000
FIRST = "Ann Anna Ben Carl Dana Eve Finn Gina Hugo Ivy Jon Kate Liam Mia Nate Olga Pia Quinn Rosa Sam Tim Uma".split()
LAST = "Stone Park Li Wang Zhang Brown Garcia Smith Kim Ito Novak Rossi Silva Khan Müller Dubois 陈 张 王 刘".split()


def identities(user_id: str, start: int, count: int) -> list[SeedIdentity]:
    out = []
    for i in range(start, start + count):
        subject = f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]} {i}"
        subject_key = keys.entity_subject_key(user_id, keys.normalise_text(subject))
        nickname = f"{FIRST[i % len(FIRST)][:3]}{i}"
        out.append(
            SeedIdentity(
                uid=keys.new_uid(),
                subject=subject,
                subject_key=subject_key,
                kind="person",
                aliases=tuple(
                    SeedAlias(
                        uid=keys.alias_uid(user_id, subject_key, keys.normalise_text(n)),
                        name=n,
                        normalized=keys.normalise_text(n),
                    )
                    for n in (subject, nickname)
                ),
            )
        )
    return out


async def seed(db: Database, user_id: str, entities: int) -> float:
    began = time.perf_counter()
    now = datetime.now(UTC)
    for start in range(0, entities, SEED_BATCH):
        batch = identities(user_id, start, min(SEED_BATCH, entities - start))
        await entity_writes.seed_identities(db, user_id=user_id, identities=batch, now=now)
        if (start // SEED_BATCH) % 4 == 3:
            click.echo(f"  seeded {start + len(batch)}/{entities}", err=True)
    return time.perf_counter() - began


def observation(rng: random.Random, entities: int) -> AggregatedObservation:
    i = rng.randrange(entities)
    roll = rng.random()
    if roll < 0.4:
        names = [f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]} {i}"]
    elif roll < 0.7:
        names = [f"{FIRST[i % len(FIRST)][:3]}{i}"]
    else:
        names = [f"Stranger {rng.randrange(10**9)}"]
    names += [f"Nick {rng.randrange(10**9)}" for _ in range(rng.randrange(3))]
    target = f"{FIRST[(i + 1) % len(FIRST)][:3]}{(i + 1) % entities}"
    return AggregatedObservation(
        key=keys.normalise_text(names[0]),
        subject=names[0],
        names={keys.normalise_text(n): n for n in names},
        relations=[RelationPatch(target=target, relation="friend", evidence_message_ids=["m1"])],
        evidence_message_ids=["m1"],
        confidence=0.9,
    )


async def time_resolver(db: Database, settings: Settings, user_id: str, entities: int, count: int) -> dict[str, Any]:
    rng = random.Random(11)
    for _ in range(50):  # warm-up: plan cache, page cache
        await resolve.run(
            db=db,
            user_id=user_id,
            aggregate=ObservationAggregate(observations=[observation(rng, entities)]),
            settings=settings.impressions,
        )
    single: list[float] = []
    decisions: dict[str, int] = {}
    for _ in range(count):
        obs = observation(rng, entities)
        began = time.perf_counter()
        result = await resolve.run(
            db=db, user_id=user_id, aggregate=ObservationAggregate(observations=[obs]), settings=settings.impressions
        )
        single.append((time.perf_counter() - began) * 1000)
        decision = result.resolved[0].decision
        decisions[decision] = decisions.get(decision, 0) + 1
    batched: list[float] = []
    for _ in range(max(1, count // 20)):
        group = [observation(rng, entities) for _ in range(20)]
        group = list({o.key: o for o in group}.values())
        began = time.perf_counter()
        await resolve.run(
            db=db, user_id=user_id, aggregate=ObservationAggregate(observations=group), settings=settings.impressions
        )
        batched.append((time.perf_counter() - began) * 1000 / len(group))
    return {
        "single_ms": percentiles(single, digits=2),
        "batch20_per_observation_ms": percentiles(batched, digits=2),
        "decisions": decisions,
    }


class CountingPlanner:
    """A fake LLM planner: one observation per active entity shown, no network; counts calls."""

    def __init__(self) -> None:
        self.calls = 0

    async def aclose(self) -> None:
        return None

    async def structured(
        self, *, task: str, messages: list[ChatCompletionMessageParam], response_model: type[T]
    ) -> tuple[T, LLMCall]:
        self.calls += 1
        data = json.loads(str(messages[1].get("content")).split("\n", 1)[1].rsplit("\n\n", 1)[0])
        observations = [
            {
                "proposed_subject": e["name"],
                "aliases": e["aliases"],
                "kind": e["kind"],
                "confidence": 0.9,
                "source_active_runtime_ids": [e["runtime_id"]],
            }
            for e in data["active_entities"]
        ]
        return response_model.model_validate({"observations": observations}), LLMCall(task, 0, 0, 0.0, "ok")


async def count_llm_calls(
    db: Database, settings: Settings, path: Path, run_id: str
) -> tuple[dict[str, Any], list[str]]:
    sessions: dict[tuple[str, str], list[ConversationMessage]] = {}
    for r in locomo_records(path):
        sessions.setdefault((r["userId"], r["sessionId"]), []).append(
            ConversationMessage(
                message_id=r["messageId"],
                role=r["role"],
                speaker=r["speaker"],
                content=r["content"],
                occurred_at=datetime.fromisoformat(r["occurredAt"]),
            )
        )
    calls: list[int] = []
    entities: list[int] = []
    seconds: list[float] = []
    embedder = LocalEmbedder()  # the runtime needs one; the impression pipeline embeds nothing
    users = set()
    for (user, _), messages in sessions.items():
        planner = CountingPlanner()
        bench_user = f"bench-imp-{run_id}-{user}"
        users.add(bench_user)
        began = time.perf_counter()
        runtime = Runtime(settings=settings, db=db, embedder=embedder, llm=planner)
        report = await impressions.run(runtime, user_id=bench_user, messages=messages, event_uids={})
        seconds.append(time.perf_counter() - began)
        calls.append(planner.calls)
        entities.append(report.active_entities)
    return (
        {
            "conversations": len(calls),
            "batch_size": settings.impressions.batch_size,
            "llm_calls_per_conversation": {
                "mean": round(statistics.mean(calls), 2),
                "p50": float(np.percentile(calls, 50)),
                "max": max(calls),
            },
            "active_entities_per_conversation": {"mean": round(statistics.mean(entities), 2), "max": max(entities)},
            "pipeline_s_per_conversation_without_llm": percentiles(seconds, digits=3),
            "offline_llm_calls_per_conversation": 0,
        },
        sorted(users),
    )


async def cleanup(db: Database, user_id: str) -> None:
    while await entity_writes.delete_entity_graph(db, user_id=user_id, limit=5_000):
        pass
    while await pending_observations.delete_pending(db, user_id=user_id, limit=5_000):
        pass


async def run(entities: int, observations: int, locomo: Path | None, keep: bool) -> dict[str, Any]:
    settings = Settings()
    db = await Database.connect(settings)
    run_id = uuid.uuid4().hex[:8]
    user_id = f"bench-imp-{run_id}"
    users = [user_id]
    try:
        await db.apply_schema(dimensions=settings.embedding.dimensions)
        seed_s = await seed(db, user_id, entities)
        report: dict[str, Any] = {"entities": entities, "seed_s": round(seed_s, 1)}
        report["resolver"] = await time_resolver(db, settings, user_id, entities, observations)
        if locomo is not None:
            report["llm_calls"], more = await count_llm_calls(db, settings, locomo, run_id)
            users += more
        return report
    finally:
        if not keep:
            for user in users:
                await cleanup(db, user)
        await db.close()


@click.command()
@click.option("--entities", default=100_000, show_default=True, help="Known entities of the measured user.")
@click.option("--observations", default=1_000, show_default=True, help="Single-observation resolutions to time.")
@click.option(
    "--locomo",
    type=click.Path(path_type=Path),
    default=LOCOMO_DEV,
    show_default=True,
    help="LoCoMo-format file for LLM calls per conversation (skipped when missing).",
)
@click.option("--keep", is_flag=True, help="Keep the benchmark users' data.")
def main(entities: int, observations: int, locomo: Path, keep: bool) -> None:
    report = asyncio.run(run(entities, observations, locomo if locomo.is_file() else None, keep))
    res = report["resolver"]
    click.echo(f"\n{'figure':<58} {'p50':>9} {'p95':>9}")
    click.echo(
        f"{'resolver, 1 observation per call (ms)':<58} {res['single_ms']['p50']:>9} {res['single_ms']['p95']:>9}"
    )
    b = res["batch20_per_observation_ms"]
    click.echo(f"{'resolver, 20 observations per call, per observation (ms)':<58} {b['p50']:>9} {b['p95']:>9}")
    click.echo(
        f"  with {report['entities']} known entities of one user (seeded in {report['seed_s']} s); "
        f"decisions {res['decisions']}"
    )
    if "llm_calls" in report:
        c = report["llm_calls"]
        calls = c["llm_calls_per_conversation"]
        click.echo(
            f"{'LLM calls per ended conversation (mean / p50 / max)':<58} {calls['mean']} / {calls['p50']} / "
            f"{calls['max']}"
        )
        click.echo(
            f"  {c['conversations']} LoCoMo sessions, batch size {c['batch_size']}, active entities mean "
            f"{c['active_entities_per_conversation']['mean']} (max {c['active_entities_per_conversation']['max']});"
            f" offline path: 0 calls"
        )
    click.echo("")
    json.dump(report, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
