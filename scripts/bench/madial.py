"""MADial-Bench (zh, dev split): recall@5 of the relevant memories at each dialogue's test turn.

    .venv/bin/python scripts/bench/madial.py [--data DIR] [--last-turns N]

Each memory (``event`` text with its ``time``) is ingested through ``ingestMessages`` as a message
of its user (``madial-<user-id>``) in a session of its own (the memories are separate past events),
``messageId`` = the memory id. For each dialogue, the query is
the last ``--last-turns`` turns before the test turn (default 2: what a live assistant has just
heard; speaker tags removed, cut to the query limit); ``recall`` (GraphQL, in-process) returns
ranked hits whose ``sourceMessageIds`` are memory ids. recall@5 = |relevant ∩ top 5| /
min(|relevant|, 5), averaged over dialogues; hit@5 = any relevant in the top 5. Baselines in the
same run: BM25 over CJK bigrams and exact cosine over the same multilingual-e5-small vectors. The
published best on MADial-Bench is OpenAI embeddings at about 0.69.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
import numpy as np
from datasets import DATA
from rank_bm25 import BM25Okapi

from graphsvc.api.context import Context
from graphsvc.api.schema import schema
from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService
from graphsvc.text.lucene import query_terms

MADIAL = DATA / "madial_bench" / "zh"
K = 5
RECALL = (
    """query($u: String!, $q: String!, $n: Int!) { recall(userId: $u, query: $q, limit: $n) { sourceMessageIds } }"""
)
TAG = re.compile(r'^<([^>]+)>:\s*"?|"?\s*$')


def load_memories(data: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for line in (data / "MADial-Bench-zh-memory.json").read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.update(json.loads(line))
    return out


def load_dialogues(data: Path) -> list[dict[str, Any]]:
    path = data / "MADial-Bench-zh-dialogue-dev.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def dialogue_query(dialogue: dict[str, Any], *, max_chars: int, last_turns: int | None = None) -> str:
    """The turns before the test turn (the last ``last_turns`` of them if given), tags stripped,
    most recent kept when cut."""
    turn = dialogue["test-turn"][0]
    lines = [TAG.sub("", t.strip()) for t in dialogue["dialogue"][1:turn]]
    lines = [line for line in lines if line]
    if last_turns:
        lines = lines[-last_turns:]
    return "\n".join(lines)[-max_chars:]


def recall_at(ranked: list[str], relevant: list[str]) -> tuple[float, bool]:
    top = set(ranked[:K])
    found = len(top & set(relevant))
    return found / min(len(relevant), K), found > 0


async def run(data: Path, last_turns: int | None) -> dict[str, Any]:
    memories = load_memories(data)
    dialogues = load_dialogues(data)
    service = await MemoryService.open(Settings(), run_worker=False)
    try:
        by_user: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for mid, memory in memories.items():
            by_user[f"madial-{memory.get('user-id', 1)}"].append({**memory, "id": mid})
        for user_id, items in by_user.items():
            for m in items:  # each memory is a separate past event: its own session
                await service.ingest_messages(
                    user_id=user_id,
                    session_id=f"memory-{m['id']}",
                    messages=[
                        MessageIn(
                            role="user",
                            content=m["event"],
                            message_id=m["id"],
                            occurred_at=datetime.fromisoformat(m["time"]).replace(tzinfo=UTC),
                        )
                    ],
                )
        context = Context(service=service)
        scores: dict[str, list[tuple[float, bool]]] = defaultdict(list)
        index: dict[str, tuple[list[str], BM25Okapi, np.ndarray]] = {}
        for user_id, items in by_user.items():
            texts = [m["event"] for m in items]
            index[user_id] = (
                [m["id"] for m in items],
                BM25Okapi([query_terms(t) for t in texts]),
                await service.embedder.embed_passages(texts),
            )
        for dialogue in dialogues:
            user_id = f"madial-{dialogue['user-id']}"
            relevant = [str(r) for r in dialogue["relevant-id"]]
            query = dialogue_query(dialogue, max_chars=service.settings.max_query_chars, last_turns=last_turns)
            result = await schema.execute(
                RECALL, variable_values={"u": user_id, "q": query, "n": K}, context_value=context
            )
            if result.errors or result.data is None:
                raise RuntimeError(result.errors)
            ranked = [s for hit in result.data["recall"] for s in hit["sourceMessageIds"]]
            scores["graphsvc"].append(recall_at(ranked, relevant))
            ids, bm25, vectors = index[user_id]
            bm25_order = np.argsort(-bm25.get_scores(query_terms(query)), kind="stable")
            qvec = (await service.embedder.embed_queries([query]))[0]
            vec_order = np.argsort(-(vectors @ qvec), kind="stable")
            scores["bm25 (cjk bigrams)"].append(recall_at([ids[i] for i in bm25_order[:K]], relevant))
            scores["vector (e5-small)"].append(recall_at([ids[i] for i in vec_order[:K]], relevant))
        return {
            "dataset": str(data),
            "dialogues": len(dialogues),
            "query_turns": last_turns or "all",
            "memories": len(memories),
            "systems": {
                name: {
                    "recall@5": round(float(np.mean([r for r, _ in rows])), 4),
                    "hit@5": round(float(np.mean([h for _, h in rows])), 4),
                }
                for name, rows in scores.items()
            },
        }
    finally:
        await service.close()


@click.command()
@click.option("--data", type=click.Path(exists=True, file_okay=False, path_type=Path), default=MADIAL)
@click.option(
    "--last-turns",
    type=int,
    default=2,
    show_default=True,
    help="Query with the last N turns before the test turn (0: all of them).",
)
def main(data: Path, last_turns: int | None) -> None:
    report = asyncio.run(run(data, last_turns))
    click.echo(f"\nMADial-Bench zh dev: {report['dialogues']} dialogues, {report['memories']} memories")
    click.echo(f"{'system':<22}{'recall@5':>10}{'hit@5':>8}")
    for name, s in report["systems"].items():
        click.echo(f"{name:<22}{s['recall@5']:>10.3f}{s['hit@5']:>8.3f}")
    json.dump(report, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
