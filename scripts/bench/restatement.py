"""Restatement or changed value: accuracy on the minimal-pairs set (issue 21).

    .venv/bin/python scripts/bench/restatement.py [--pairs tests/data/restatement_pairs.jsonl]

Each pair is an older and a newer memory of one user and type, labelled ``restatement`` (the newer repeats the
older: reinforce) or ``changed`` (it changes a value: supersede). Two accuracies:

1. The text rule alone (:func:`graphsvc.pipeline.memories.restatement.compare`): changed or not.
2. The whole dedup decision for the newer memory against the older one (:func:`plan_dedup` with the default
   embedder and the default thresholds): ``reinforced`` is right for a restatement, ``superseded`` (a new
   memory that shares the older one's slot) for a changed value; ``separate`` (a new memory beside the old,
   too far apart for either) is wrong for both.

No database: the older memory's nearness comes from the embedder, as the graph would return it. Prints a table
per language and outcome, the pairs decided wrongly, and one JSON object.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path
from typing import Literal

import click
import numpy as np

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.memories import Nearest
from graphsvc.pipeline.memories.dedup import Candidate, plan_dedup
from graphsvc.pipeline.memories.draft import Asserted
from graphsvc.pipeline.memories.restatement import compare
from graphsvc.pipeline.memories.slots import memory_slot

Decision = Literal["reinforced", "superseded", "separate"]


def decide(old: str, new: str, cosine: float, settings: Settings) -> Decision:
    """What the writing wing does with ``new`` when ``old`` (cosine ``cosine`` away) is its nearest memory."""
    old_slot = memory_slot(user_id="bench", content=old, memory_type="fact")
    draft = Asserted(memory_type="fact", content=new, confidence=0.9, importance=0.5)
    cand = Candidate(
        memory=draft,
        embedding=np.zeros(1, dtype=np.float32),
        content_hash=keys.content_hash(new),
        dedup_key=keys.memory_dedup_key("bench", "fact", keys.content_hash(new)),
        slot=memory_slot(user_id="bench", content=new, memory_type="fact"),
    )
    exact = {keys.memory_dedup_key("bench", "fact", keys.content_hash(old)): "old"}
    hit = Nearest(
        "old",
        cosine,
        old_slot.slot_key if old_slot else None,
        old_slot.value if old_slot else None,
        content=old,
        slot_name=old_slot.slot if old_slot else None,
        slot_subject=old_slot.subject if old_slot else None,
    )
    plan = plan_dedup(
        [cand],
        user_id="bench",
        exact=exact,
        nearest={0: hit},
        threshold=settings.extraction.near_duplicate_threshold,
        floor=settings.embedding.similarity_floor,
        changed_threshold=settings.extraction.changed_value_threshold,
    )
    if plan.reinforcements:
        return "reinforced"
    shares = cand.slot is not None and (
        (old_slot is not None and old_slot.slot_key == cand.slot.slot_key and old_slot.value != cand.slot.value)
        or any(uid == "old" for uid, _ in plan.adoptions)
    )
    return "superseded" if shares else "separate"


async def _cosines(pairs: list[dict[str, str]]) -> list[float]:
    embedder = LocalEmbedder()
    out = []
    for pair in pairs:
        vectors = await embedder.embed_passages([pair["old"], pair["new"]], background=False)
        out.append(float(np.dot(vectors[0], vectors[1])))
    return out


@click.command()
@click.option("--pairs", "pairs_path", default="tests/data/restatement_pairs.jsonl", type=click.Path(exists=True))
def main(pairs_path: str) -> None:
    """Print both accuracies on the minimal-pairs set."""
    pairs = [json.loads(line) for line in Path(pairs_path).read_text(encoding="utf-8").splitlines() if line.strip()]
    settings = Settings()
    cosines = asyncio.run(_cosines(pairs))
    rule_right: Counter[str] = Counter()
    whole_right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    wrong = []
    for pair, cosine in zip(pairs, cosines, strict=True):
        group = f"{pair['lang']} {pair['outcome']}"
        total[group] += 1
        changed = pair["outcome"] == "changed"
        rule_right[group] += compare(pair["old"], pair["new"]).changed == changed
        decision = decide(pair["old"], pair["new"], cosine, settings)
        right = decision == ("superseded" if changed else "reinforced")
        whole_right[group] += right
        if not right:
            wrong.append({**pair, "decision": decision, "cosine": round(cosine, 4)})
    print(f"{'group':<18}{'pairs':>6}{'rule':>8}{'dedup':>8}")
    for group in sorted(total):
        n = total[group]
        print(f"{group:<18}{n:>6}{rule_right[group] / n:>8.3f}{whole_right[group] / n:>8.3f}")
    n = sum(total.values())
    rule, whole = sum(rule_right.values()) / n, sum(whole_right.values()) / n
    print(f"{'all':<18}{n:>6}{rule:>8.3f}{whole:>8.3f}")
    for w in wrong:
        print(f"wrong: {w['decision']:<10} cos {w['cosine']:.4f}  {w['old']} | {w['new']} ({w['outcome']})")
    print(json.dumps({"pairs": n, "rule_accuracy": round(rule, 4), "dedup_accuracy": round(whole, 4)}))


if __name__ == "__main__":
    main()
