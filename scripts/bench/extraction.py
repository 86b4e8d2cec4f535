"""Seed 001 acceptance, measured: extraction time after endConversation, LLM cost, ingest latency under load.

    .venv/bin/python scripts/bench/extraction.py [--turns 50] [--llm-delay-s 2] [--probes 40]

For each extractor (offline rules, and the LLM path against a local fake OpenAI-compatible
endpoint that answers after ``--llm-delay-s`` seconds with a valid extraction):
1. ingests a ``--turns``-turn conversation (MemoryBank en, first user, days concatenated),
2. calls ``end_conversation`` and times until the job is SUCCEEDED (seed: within 30 s),
3. meanwhile measures ``ingest_messages`` latency (one message per call, another user) while the
   extraction runs, against the same measure taken idle just before (seed: within 20 %),
and prints LLM calls and tokens per ended conversation, and what ending one costs Neo4j: the same conversation
ingested for another user and, once its vectors are written, ended with nothing else running, the Neo4j process's
CPU (``/proc``) until the extraction and the jobs it queues (reflection) are done. A table, then one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click
import numpy as np
from datasets import MEMORYBANK, memorybank_records
from recall_cost import cpu_s, neo4j_pid

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.fakes.openai_server import FakeOpenAI  # noqa: E402


def conversation(turns: int) -> list[MessageIn]:
    start = datetime(2024, 5, 1, 9, tzinfo=UTC)
    out = []
    for i, record in enumerate(memorybank_records(MEMORYBANK["en"])):
        if i >= turns:
            break
        out.append(
            MessageIn(
                role=record["role"],
                speaker=record["speaker"],
                content=record["content"],
                occurred_at=start + timedelta(minutes=i),
                message_id=f"turn-{i}",
            )
        )
    return out


def fake_answer(turns: int) -> str:
    """A valid extraction citing the conversation's first user turns (ids m1, m3, ...)."""
    memories = [
        {
            "memory_type": kind,
            "content": f"Scripted {kind} memory {i}",
            "confidence": 0.8,
            "importance": 0.6,
            "source_message_ids": [f"m{2 * i + 1}"],
        }
        for i, kind in enumerate(["fact", "preference", "goal", "pain_point", "event"][: max(1, turns // 10)])
    ]
    return json.dumps({"memories": memories, "entities": []})


async def ingest_probe(
    service: MemoryService, user_id: str, n: int, *, until: asyncio.Event | None = None
) -> list[float]:
    """Latency in ms of single-message ingests; stops after n, or when ``until`` is set (at least 3).

    Probes are stamped now, so the idle sweep does not end the probe session mid-benchmark.
    """
    latencies: list[float] = []
    for i in range(n):
        if until is not None and until.is_set() and len(latencies) >= 3:
            break
        msg = MessageIn(
            role="user",
            content=f"probe message number {i} about the weather and my garden",
            occurred_at=datetime.now(UTC),
            message_id=f"p{uuid.uuid4()}",
        )
        t0 = time.perf_counter()
        await service.ingest_messages(user_id=user_id, session_id="probe", messages=[msg])
        latencies.append((time.perf_counter() - t0) * 1000)
    return latencies


async def measure(settings: Settings, label: str, turns: int, probes: int, rounds: int) -> dict[str, Any]:
    """``rounds`` conversations, each: idle ingest probes, then end it and probe until it is extracted."""
    service = await MemoryService.open(settings)
    try:
        results = [await _round(service, turns, probes) for _ in range(rounds)]
    finally:
        await service.close()
    idle = [ms for r in results for ms in r["idle"]]
    busy = [ms for r in results for ms in r["busy"]]
    idle_p50, busy_p50 = float(np.median(idle)), float(np.median(busy))
    times = [r["elapsed_s"] for r in results]
    return {
        "extractor": label,
        "turns": turns,
        "rounds": rounds,
        "extraction_s_max": round(max(times), 2),
        "extraction_s_median": round(float(np.median(times)), 2),
        "within_30_s": max(times) <= 30,
        "memories_created_per_conversation": results[0]["memories_created"],
        "llm_calls_per_conversation": float(np.mean([r["llm_calls"] for r in results])),
        "tokens_in_per_conversation": float(np.mean([r["tokens_in"] for r in results])),
        "tokens_out_per_conversation": float(np.mean([r["tokens_out"] for r in results])),
        "ingest_idle_p50_ms": round(idle_p50, 1),
        "ingest_during_extraction_p50_ms": round(busy_p50, 1),
        "ingest_probes": {"idle": len(idle), "during": len(busy)},
        "ingest_slowdown_pct": round(100 * (busy_p50 - idle_p50) / idle_p50, 1),
        "neo4j_cpu_s_per_ended_conversation": round(float(np.median([r["neo4j_cpu_s"] for r in results])), 2),
    }


async def settled(service: MemoryService, timeout_s: float = 300.0) -> None:
    """Wait until no job is pending or running and no event waits for its vector (over every user).

    Raises:
        click.ClickException: not so within ``timeout_s`` (a CPU figure taken then would miss work).
    """
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        depth, _ = await service.job_backlog()
        if not depth.get("PENDING") and not depth.get("RUNNING") and not (await service.vector_backlog()).events:
            return
        await asyncio.sleep(0.5)
    raise click.ClickException(f"background work was not done within {timeout_s:g} s")


async def ended_alone(service: MemoryService, turns: int) -> float:
    """Neo4j CPU seconds of ending a ``turns``-turn conversation with nothing else running: from
    ``end_conversation`` until its extraction and the jobs it queues are done (its vectors written before)."""
    user = f"bench-alone-{uuid.uuid4().hex[:8]}"
    await service.ingest_messages(user_id=user, session_id="s1", messages=conversation(turns))
    await settled(service)
    graph = neo4j_pid()
    before = cpu_s(graph)
    await service.end_conversation(user_id=user, session_id="s1")
    await settled(service)
    return cpu_s(graph) - before


async def _round(service: MemoryService, turns: int, probes: int) -> dict[str, Any]:
    run = uuid.uuid4().hex[:8]
    user, prober = f"bench-extract-{run}", f"bench-probe-{run}"
    await service.ingest_messages(user_id=user, session_id="s1", messages=conversation(turns))
    idle = await ingest_probe(service, prober, probes)
    started = time.perf_counter()
    job = await service.end_conversation(user_id=user, session_id="s1")
    done = asyncio.Event()

    async def watch() -> float:
        while True:
            view = await service.job(job_id=job.uid, user_ids=None)
            if view.status in ("SUCCEEDED", "FAILED"):
                done.set()
                if view.status == "FAILED":
                    raise RuntimeError(f"extraction failed: {view.error}")
                return time.perf_counter() - started
            await asyncio.sleep(0.05)

    elapsed_s, busy = await asyncio.gather(watch(), ingest_probe(service, prober, probes * 10, until=done))
    final = await service.job(job_id=job.uid, user_ids=None)
    return {
        "elapsed_s": elapsed_s,
        "neo4j_cpu_s": await ended_alone(service, turns),
        "idle": idle,
        "busy": busy,
        "memories_created": final.memories_created,
        "llm_calls": final.llm_calls,
        "tokens_in": final.tokens_in,
        "tokens_out": final.tokens_out,
    }


async def run(turns: int, llm_delay_s: float, probes: int, rounds: int) -> list[dict[str, Any]]:
    results = [await measure(Settings(), "offline", turns, probes, rounds)]
    server = FakeOpenAI().start()
    try:
        server.default = {"delay_s": llm_delay_s, "content": fake_answer(turns)}
        llm_settings = Settings(llm_base_url=server.base_url, llm_api_key="bench", llm_model="fake")
        results.append(await measure(llm_settings, f"llm (fake, {llm_delay_s:g} s)", turns, probes, rounds))
    finally:
        server.stop()
    return results


@click.command()
@click.option("--turns", default=50, show_default=True)
@click.option("--llm-delay-s", default=2.0, show_default=True)
@click.option("--probes", default=20, show_default=True, help="Idle ingest calls to time per round.")
@click.option("--rounds", default=5, show_default=True, help="Conversations ended per extractor.")
def main(turns: int, llm_delay_s: float, probes: int, rounds: int) -> None:
    results = asyncio.run(run(turns, llm_delay_s, probes, rounds))
    click.echo(
        f"\n{'extractor':<18}{'extract s (max)':>16}{'calls/conv':>11}{'tok in':>8}{'tok out':>8}"
        f"{'ingest idle ms':>16}{'during ms':>11}{'slowdown':>10}{'Neo4j CPU s/end':>17}"
    )
    for r in results:
        click.echo(
            f"{r['extractor']:<18}{r['extraction_s_max']:>16}{r['llm_calls_per_conversation']:>11}"
            f"{r['tokens_in_per_conversation']:>8}{r['tokens_out_per_conversation']:>8}"
            f"{r['ingest_idle_p50_ms']:>16}{r['ingest_during_extraction_p50_ms']:>11}{r['ingest_slowdown_pct']:>9}%"
            f"{r['neo4j_cpu_s_per_ended_conversation']:>17}"
        )
    json.dump({"turns": turns, "results": results}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
