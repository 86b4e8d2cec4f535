"""LoCoMo turn-level evidence recall: graphsvc beside BM25-only and vector-only baselines.

    .venv/bin/python scripts/bench/locomo.py [PATH] [--conversations N] [--skip-import]

1. Converts PATH (default: the LoCoMo dev split in ../shared/bench/data) to the import format
   and runs ``graphsvc import`` on it (ingest, end every session, wait for extraction).
2. Asks every question of categories 1-4 through the GraphQL ``recall`` query (in-process
   schema execution: the same resolvers the HTTP endpoint runs) with limit 10.
3. Computes recall_any@k (any evidence turn among the sources of the top k hits) and
   recall_all@k (all of them) for k = 5, 10, per category, and the same for the baselines
   over the same turns (``speaker: text``) in the same run: BM25 (rank_bm25, Okapi, per
   conversation, NLTK English stop words dropped), the same with Porter stems, exact cosine
   over multilingual-e5-small vectors, and plain RRF of BM25 and vector.
``--grid SETTING=v1,v2,...`` (with ``--skip-import``) asks every question once per value of one recall
setting (e.g. ``RECALL_ENTITY_MAX_SHARE=0.1,0.25,0.5``) and cross-validates the choice over the
conversations: for each conversation in turn, the value with the best any@10 + all@10 on the other four is
measured on it; the mean of the held-out conversations is reported beside each value's all-dev figures.

Prints a table and, last, one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import click
import numpy as np
import Stemmer
from bm25s.stopwords import STOPWORDS_EN_PLUS
from datasets import LOCOMO_DEV, REPO, locomo_questions, locomo_records, write_jsonl
from figures import percentiles
from rank_bm25 import BM25Okapi

from graphsvc.api.context import Context
from graphsvc.api.schema import schema
from graphsvc.config import Settings
from graphsvc.service import MemoryService

KS = (5, 10)
RECALL_QUERY = """query($u: String!, $q: String!, $n: Int!) {
  recall(userId: $u, query: $q, limit: $n) { kind sourceMessageIds }
}"""


STOPWORDS = frozenset(STOPWORDS_EN_PLUS)
STEMMER = Stemmer.Stemmer("porter")


def tokenize(text: str) -> list[str]:
    """Baseline BM25 terms: lower-cased words without English stop words (NLTK's list)."""
    return [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOPWORDS]


def tokenize_stemmed(text: str) -> list[str]:
    """The stronger baseline's terms: :func:`tokenize` with Porter stems."""
    return list(STEMMER.stemWords(tokenize(text)))


def score_ranking(ranked_sources: list[list[str]], evidence: list[str]) -> dict[str, bool]:
    """``{"any@5": bool, "all@5": ..., ...}`` for one question; ``ranked_sources[i]`` = ids of hit i."""
    out = {}
    for k in KS:
        seen = {s for sources in ranked_sources[:k] for s in sources}
        out[f"any@{k}"] = any(e in seen for e in evidence)
        out[f"all@{k}"] = all(e in seen for e in evidence)
    return out


def summarise(rows: list[tuple[int, dict[str, bool]]]) -> dict[str, dict[str, float]]:
    by_cat: dict[str, list[dict[str, bool]]] = defaultdict(list)
    for category, result in rows:
        by_cat[str(category)].append(result)
        by_cat["all"].append(result)
    return {
        cat: {metric: round(sum(r[metric] for r in results) / len(results), 4) for metric in results[0]}
        | {"questions": len(results)}
        for cat, results in sorted(by_cat.items())
    }


def run_import(path: Path, conversations: int | None) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "locomo.jsonl"
        count = write_jsonl(locomo_records(path, conversations=conversations), jsonl)
        click.echo(f"importing {count} turns with `graphsvc import`", err=True)
        started = time.perf_counter()
        subprocess.run([str(REPO / ".venv" / "bin" / "graphsvc"), "import", str(jsonl)], check=True)
        return time.perf_counter() - started


async def evaluate(path: Path, conversations: int | None) -> dict[str, Any]:
    settings = Settings()
    service = await MemoryService.open(settings, run_worker=False)
    try:
        questions = list(locomo_questions(path, conversations=conversations))
        turns: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for record in locomo_records(path, conversations=conversations):
            turns[record["userId"]].append(record)
        context = Context(service=service)
        systems: dict[str, list[tuple[int, dict[str, bool]]]] = defaultdict(list)
        latencies_ms: list[float] = []
        for user_id, user_turns in turns.items():
            ids = [t["messageId"] for t in user_turns]
            texts = [f"{t['speaker']}: {t['content']}" for t in user_turns]
            bm25 = BM25Okapi([tokenize(t) for t in texts])
            bm25_stemmed = BM25Okapi([tokenize_stemmed(t) for t in texts])
            vectors = await service.embedder.embed_passages(texts)
            for q in (q for q in questions if q["userId"] == user_id):
                started = time.perf_counter()
                result = await schema.execute(
                    RECALL_QUERY,
                    variable_values={"u": user_id, "q": q["question"], "n": max(KS)},
                    context_value=context,
                )
                latencies_ms.append((time.perf_counter() - started) * 1000)
                if result.errors:
                    raise RuntimeError(result.errors)
                assert result.data is not None
                ranked = [hit["sourceMessageIds"] for hit in result.data["recall"]]
                systems["graphsvc"].append((q["category"], score_ranking(ranked, q["evidence"])))
                bm25_order = list(np.argsort(-bm25.get_scores(tokenize(q["question"])), kind="stable"))
                stemmed_scores = bm25_stemmed.get_scores(tokenize_stemmed(q["question"]))
                stemmed_order = list(np.argsort(-stemmed_scores, kind="stable"))
                qvec = (await service.embedder.embed_queries([q["question"]]))[0]
                vec_order = list(np.argsort(-(vectors @ qvec), kind="stable"))
                fused: dict[int, float] = defaultdict(float)
                for order in (bm25_order[:50], vec_order[:50]):
                    for rank, idx in enumerate(order, start=1):
                        fused[int(idx)] += 1 / (60 + rank)
                rrf_order = sorted(fused, key=lambda i: -fused[i])
                for name, order in (
                    ("bm25", bm25_order),
                    ("bm25 stemmed", stemmed_order),
                    ("vector", vec_order),
                    ("bm25+vector rrf", rrf_order),
                ):
                    ranked_ids = [[ids[int(i)]] for i in order[: max(KS)]]
                    systems[name].append((q["category"], score_ranking(ranked_ids, q["evidence"])))
        lat = np.array(latencies_ms)
        return {
            "dataset": str(path),
            "questions": len(questions),
            "recall_latency_ms": percentiles(lat),
            "systems": {name: summarise(rows) for name, rows in systems.items()},
        }
    finally:
        await service.close()


async def grid_search(path: Path, conversations: int | None, setting: str, values: list[str]) -> dict[str, Any]:
    """Every question once per value of ``setting``; leave-one-conversation-out choice by any@10 + all@10."""
    service = await MemoryService.open(Settings(), run_worker=False)
    base = service.settings
    field = setting.lower()
    try:
        questions = list(locomo_questions(path, conversations=conversations))
        context = Context(service=service)
        per_value: dict[str, dict[str, list[dict[str, bool]]]] = {}
        for value in values:
            service.rt.settings = base.model_copy(update={field: type(base.variable(field))(value)})
            rows: dict[str, list[dict[str, bool]]] = defaultdict(list)
            for q in questions:
                result = await schema.execute(
                    RECALL_QUERY,
                    variable_values={"u": q["userId"], "q": q["question"], "n": max(KS)},
                    context_value=context,
                )
                if result.errors or result.data is None:
                    raise RuntimeError(result.errors)
                ranked = [hit["sourceMessageIds"] for hit in result.data["recall"]]
                rows[q["userId"]].append(score_ranking(ranked, q["evidence"]))
            per_value[value] = rows
    finally:
        service.rt.settings = base
        await service.close()

    def mean(value: str, users: list[str], metric: str) -> float:
        results = [r for u in users for r in per_value[value][u]]
        return sum(r[metric] for r in results) / len(results)

    users = sorted(next(iter(per_value.values())))
    chosen, held_any, held_all = [], [], []
    for test in users:
        train = [u for u in users if u != test]
        best = max(values, key=lambda v: mean(v, train, "any@10") + mean(v, train, "all@10"))
        chosen.append(best)
        held_any.append(mean(best, [test], "any@10"))
        held_all.append(mean(best, [test], "all@10"))
    return {
        "setting": setting,
        "all_dev": {v: {m: round(mean(v, users, m), 4) for m in ("any@10", "all@10")} for v in values},
        "chosen_per_fold": chosen,
        "held_out_mean": {"any@10": round(float(np.mean(held_any)), 4), "all@10": round(float(np.mean(held_all)), 4)},
    }


def print_table(report: dict[str, Any]) -> None:
    cats = list(next(iter(report["systems"].values())).keys())
    click.echo(f"\nLoCoMo evidence recall ({report['questions']} questions, categories 1-4)")
    click.echo(f"{'system':<18}{'cat':>5}{'n':>6}{'any@5':>8}{'all@5':>8}{'any@10':>8}{'all@10':>8}")
    for name, summary in report["systems"].items():
        for cat in cats:
            s = summary[cat]
            click.echo(
                f"{name:<18}{cat:>5}{s['questions']:>6}{s['any@5']:>8.3f}{s['all@5']:>8.3f}"
                f"{s['any@10']:>8.3f}{s['all@10']:>8.3f}"
            )
    click.echo(
        f"graphsvc recall latency: p50 {report['recall_latency_ms']['p50']} ms, "
        f"p95 {report['recall_latency_ms']['p95']} ms\n"
    )


@click.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=LOCOMO_DEV)
@click.option("--conversations", type=int, default=None, help="Only the first N conversations.")
@click.option("--skip-import", is_flag=True, help="Evaluate what is already imported.")
@click.option("--grid", default="", help="SETTING=v1,v2,... : cross-validate one recall setting (use --skip-import).")
def main(path: Path, conversations: int | None, skip_import: bool, grid: str) -> None:
    if grid:
        setting, _, raw = grid.partition("=")
        cv = asyncio.run(grid_search(path, conversations, setting.strip(), [v.strip() for v in raw.split(",")]))
        click.echo(
            f"{cv['setting']}: all dev {cv['all_dev']}; held out {cv['held_out_mean']} ({cv['chosen_per_fold']})"
        )
        json.dump(cv, sys.stdout)
        sys.stdout.write("\n")
        return
    import_s = None if skip_import else run_import(path, conversations)
    report = asyncio.run(evaluate(path, conversations))
    report["import_s"] = round(import_s, 1) if import_s is not None else None
    print_table(report)
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
