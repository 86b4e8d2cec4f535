"""MADial-Bench (zh, dev split): recall@5 of the relevant memories at each dialogue's test turn.

    .venv/bin/python scripts/bench/madial.py [--data DIR] [--turns-grid 1,2,3,4,6,0] [--half tune|test|all]

Each memory (``event`` text with its ``time``) is ingested through ``ingestMessages`` as a message
of its user (``madial-<user-id>``) in a session of its own (the memories are separate past events),
``messageId`` = the memory id. For each dialogue, the whole dialogue before the test turn is passed to
``recall`` as ``conversation`` (GraphQL, in-process; speaker tags become ``speaker``, the assistant's turns
role ``assistant``): the service decides how many turns count (``RECALL_CONVERSATION_TURNS``); the hits'
``sourceMessageIds`` are memory ids. recall@5 = |relevant ∩ top 5| / min(|relevant|, 5), averaged over
dialogues; hit@5 = any relevant in the top 5.

``--turns-grid`` evaluates each value of ``RECALL_CONVERSATION_TURNS`` on the same ingested data and
cross-validates the choice: the dialogues are split in 5 folds (dialogue index mod 5); for each fold the
value with the best mean recall@5 on the other four is measured on it; the mean over the held-out folds is
reported beside each value's all-dev figure. Baselines in the same run, over the text the service searched
for with the configured value and over the whole dialogue: BM25 over CJK bigrams and exact cosine over the
same multilingual-e5-small vectors. The published best on MADial-Bench is OpenAI embeddings at about 0.69.

``--half tune|test`` measures the dialogues of one half of the split (``splits.py``: by dialogue, its index in the
dev file as the unit), each keeping its fold (its index mod 5); every memory is ingested either way (the memory
bank is what both halves recall from). The default, ``all``, is every dialogue.
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
from splits import halves

from graphsvc.api.context import Context
from graphsvc.api.schema import schema
from graphsvc.config import Settings
from graphsvc.conversation import MessageIn, Turn
from graphsvc.service import MemoryService
from graphsvc.text.lucene import query_terms
from graphsvc.validation import recall_text

MADIAL = DATA / "madial_bench" / "zh"
K = 5
RECALL = """query($u: String!, $c: [TurnInput!]!, $n: Int!) {
  recall(userId: $u, conversation: $c, limit: $n) { sourceMessageIds } }"""
TAG = re.compile(r'^<([^>]+)>:\s*"?|"?\s*$')
SPEAKER = re.compile(r"^<([^>]+)>:")
FOLDS = 5


def load_memories(data: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for line in (data / "MADial-Bench-zh-memory.json").read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.update(json.loads(line))
    return out


def load_dialogues(data: Path) -> list[dict[str, Any]]:
    path = data / "MADial-Bench-zh-dialogue-dev.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def dialogue_turns(dialogue: dict[str, Any]) -> list[dict[str, str]]:
    """The turns before the test turn as ``TurnInput`` values (tags become speakers; "Assistant" is the
    assistant), oldest first."""
    turn = dialogue["test-turn"][0]
    out = []
    for raw in dialogue["dialogue"][1:turn]:
        line = raw.strip()
        speaker = SPEAKER.match(line)
        content = TAG.sub("", line)
        if not content:
            continue
        name = speaker[1] if speaker else "User"
        out.append(
            {"role": "assistant" if name.lower() == "assistant" else "user", "content": content, "speaker": name}
        )
    return out


def cross_validate(per_value: dict[int, list[float]], folds: list[int]) -> dict[str, Any]:
    """Tune on four folds, measure on the fifth (``folds[i]``: the fold of the i-th dialogue measured, its index in
    the dev file mod :data:`FOLDS`)."""
    n = len(folds)
    held_out, chosen = [], []
    for fold in range(FOLDS):
        train = [i for i in range(n) if folds[i] != fold]
        test = [i for i in range(n) if folds[i] == fold]
        best = max(per_value, key=lambda v: (float(np.mean([per_value[v][i] for i in train])), -v))
        chosen.append(best)
        held_out.append(float(np.mean([per_value[best][i] for i in test])))
    return {"held_out_recall@5": round(float(np.mean(held_out)), 4), "chosen_per_fold": chosen}


def recall_at(ranked: list[str], relevant: list[str]) -> tuple[float, bool]:
    top = set(ranked[:K])
    found = len(top & set(relevant))
    return found / min(len(relevant), K), found > 0


def in_half(dialogues: list[dict[str, Any]], half: str) -> list[tuple[int, dict[str, Any]]]:
    """``(index in the dev file, dialogue)`` of the dialogues of ``half`` (``all``: every one)."""
    split = halves("madial", [str(i) for i in range(len(dialogues))])
    return [(i, d) for i, d in enumerate(dialogues) if half == "all" or split[str(i)] == half]


async def run(data: Path, grid: list[int], half: str = "all") -> dict[str, Any]:
    memories = load_memories(data)
    chosen = in_half(load_dialogues(data), half)
    dialogues = [d for _, d in chosen]
    service = await MemoryService.open(Settings(), run_worker=False)
    base = service.settings
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
        await service.worker.start()  # the messages' vectors (embed_events jobs) before any recall
        await service.wait_for_jobs()
        await service.worker.stop()
        context = Context(service=service)
        index: dict[str, tuple[list[str], BM25Okapi, np.ndarray]] = {}
        for user_id, items in by_user.items():
            texts = [m["event"] for m in items]
            index[user_id] = (
                [m["id"] for m in items],
                BM25Okapi([query_terms(t) for t in texts]),
                await service.embedder.embed_passages(texts),
            )
        per_value: dict[int, list[float]] = {}
        hits_per_value: dict[int, list[bool]] = {}
        for value in sorted(set(grid) | {base.recall.conversation_turns}):
            service.rt.settings = base.model_copy(update={"recall_conversation_turns": value})
            per_value[value], hits_per_value[value] = [], []
            for dialogue in dialogues:
                relevant = [str(r) for r in dialogue["relevant-id"]]
                variables = {"u": f"madial-{dialogue['user-id']}", "c": dialogue_turns(dialogue), "n": K}
                result = await schema.execute(RECALL, variable_values=variables, context_value=context)
                if result.errors or result.data is None:
                    raise RuntimeError(result.errors)
                ranked = [s for hit in result.data["recall"] for s in hit["sourceMessageIds"]]
                score, hit = recall_at(ranked, relevant)
                per_value[value].append(score)
                hits_per_value[value].append(hit)
        service.rt.settings = base
        scores: dict[str, list[tuple[float, bool]]] = defaultdict(list)
        for dialogue in dialogues:
            user_id = f"madial-{dialogue['user-id']}"
            relevant = [str(r) for r in dialogue["relevant-id"]]
            turns = [Turn(role=t["role"], content=t["content"], speaker=t["speaker"]) for t in dialogue_turns(dialogue)]
            ids, bm25, vectors = index[user_id]
            for label, settings in (
                ("", base),
                (", all turns", base.model_copy(update={"recall_conversation_turns": 0})),
            ):
                query = recall_text(None, turns, settings)
                bm25_order = np.argsort(-bm25.get_scores(query_terms(query)), kind="stable")
                qvec = (await service.embedder.embed_queries([query]))[0]
                vec_order = np.argsort(-(vectors @ qvec), kind="stable")
                scores[f"bm25 (cjk bigrams){label}"].append(recall_at([ids[i] for i in bm25_order[:K]], relevant))
                scores[f"vector (e5-small){label}"].append(recall_at([ids[i] for i in vec_order[:K]], relevant))
        default = base.recall.conversation_turns
        systems = {
            f"graphsvc (turns={v or 'all'})": {
                "recall@5": round(float(np.mean(per_value[v])), 4),
                "hit@5": round(float(np.mean(hits_per_value[v])), 4),
            }
            for v in per_value
        }
        systems |= {
            name: {
                "recall@5": round(float(np.mean([r for r, _ in rows])), 4),
                "hit@5": round(float(np.mean([h for _, h in rows])), 4),
            }
            for name, rows in scores.items()
        }
        return {
            "dataset": str(data),
            "dialogues": len(dialogues),
            "memories": len(memories),
            "recall_conversation_turns": default,
            "cross_validation": cross_validate(per_value, [i % FOLDS for i, _ in chosen])
            if len(per_value) > 1
            else None,
            "systems": systems,
        } | ({"half": half} if half != "all" else {})
    finally:
        await service.close()


@click.command()
@click.option("--data", type=click.Path(exists=True, file_okay=False, path_type=Path), default=MADIAL)
@click.option(
    "--turns-grid",
    default="",
    help="Comma-separated RECALL_CONVERSATION_TURNS values to evaluate and cross-validate (0: all turns).",
)
@click.option("--half", type=click.Choice(["tune", "test", "all"]), default="all", help="Measure one half's dialogues.")
def main(data: Path, turns_grid: str, half: str) -> None:
    grid = [int(v) for v in turns_grid.split(",") if v.strip()]
    report = asyncio.run(run(data, grid, half))
    of_half = "" if half == "all" else f", {half} half"
    click.echo(f"\nMADial-Bench zh dev{of_half}: {report['dialogues']} dialogues, {report['memories']} memories")
    if report["cross_validation"]:
        cv = report["cross_validation"]
        click.echo(f"5-fold held-out recall@5 {cv['held_out_recall@5']:.3f} (chosen per fold: {cv['chosen_per_fold']})")
    click.echo(f"{'system':<22}{'recall@5':>10}{'hit@5':>8}")
    for name, s in report["systems"].items():
        click.echo(f"{name:<22}{s['recall@5']:>10.3f}{s['hit@5']:>8.3f}")
    json.dump(report, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
