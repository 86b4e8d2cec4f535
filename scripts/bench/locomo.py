"""LoCoMo turn-level evidence recall: graphsvc beside BM25-only and vector-only baselines.

    .venv/bin/python scripts/bench/locomo.py [PATH] [--conversations N] [--skip-import] [--half tune|test|all]
        [--grid SETTING=v1,v2,... [--asked-at end] | --context-grid c1,c2,...]

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
With ``--asked-at end`` every question is asked as of its conversation's last message (the service's clock set
there), not today: LoCoMo's conversations are from 2023, so today every hit is years old and recency
(``RECALL_RECENCY_WEIGHT``, ``RECALL_RECENCY_HALF_LIFE_DAYS``) and the time cues change nothing.
``--context-grid c1,c2,...`` (with ``--skip-import``) does the same for ``EVENT_CONTEXT_CHARS``, which changes
only the text each message is embedded with: per value, the imported messages are embedded anew (the
``embed_events`` job, as at ingest) instead of imported again (``--imported-with N``: the value the import
ran with is asked first, as stored), and the mean characters embedded per message and the embedding CPU per
message (this process, on every 32nd message, the lengths alternating) are reported beside the figures.

``--half tune|test`` asks only the questions of the conversations in one half of the split (``splits.py``, by
conversation) and imports only those conversations: every recall reads one conversation's user, so the other half
cannot move the figures, and the import takes half the time. The default, ``all``, is every conversation.

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
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import click
import numpy as np
import Stemmer
from bm25s.stopwords import STOPWORDS_EN_PLUS
from datasets import LOCOMO_DEV, REPO, locomo_questions, locomo_records, locomo_samples, write_jsonl
from figures import percentiles
from rank_bm25 import BM25Okapi
from splits import halves

from graphsvc.api.context import Context
from graphsvc.api.schema import schema
from graphsvc.config import Settings
from graphsvc.pipeline.ingest import vectors as event_vectors
from graphsvc.pipeline.ingest.messages import embedding_text, in_context
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


def half_samples(path: Path, half: str) -> set[str] | None:
    """The conversations of ``half`` of the LoCoMo split (``splits.py``); None for ``all``."""
    if half == "all":
        return None
    return {sample for sample, its in halves("locomo", locomo_samples(path)).items() if its == half}


def run_import(path: Path, conversations: int | None, samples: set[str] | None) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "locomo.jsonl"
        count = write_jsonl(locomo_records(path, conversations=conversations, samples=samples), jsonl)
        click.echo(f"importing {count} turns with `graphsvc import`", err=True)
        started = time.perf_counter()
        subprocess.run([str(REPO / ".venv" / "bin" / "graphsvc"), "import", str(jsonl)], check=True)
        return time.perf_counter() - started


async def evaluate(path: Path, conversations: int | None, samples: set[str] | None) -> dict[str, Any]:
    settings = Settings()
    service = await MemoryService.open(settings, run_worker=False)
    try:
        questions = list(locomo_questions(path, conversations=conversations, samples=samples))
        turns: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for record in locomo_records(path, conversations=conversations, samples=samples):
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


Rows = dict[str, list[dict[str, bool]]]
"""Per conversation (user id), one :func:`score_ranking` result per question, in question order."""
METRICS = ("any@5", "all@5", "any@10", "all@10")


def _fixed(at: datetime) -> datetime:
    return at


def conversation_ends(path: Path, conversations: int | None, samples: set[str] | None) -> dict[str, datetime]:
    """Each conversation's user id → the time of its last message (UTC)."""
    ends: dict[str, datetime] = {}
    for record in locomo_records(path, conversations=conversations, samples=samples):
        said = datetime.fromisoformat(record["occurredAt"])
        ends[record["userId"]] = max(said, ends.get(record["userId"], said))
    return ends


async def ask_graphsvc(
    service: MemoryService, questions: list[dict[str, Any]], *, asked_at: dict[str, datetime] | None = None
) -> Rows:
    """Every question through the GraphQL ``recall`` (limit 10), scored per conversation; with ``asked_at``, each
    asked with the service's clock at its conversation's time there."""
    context = Context(service=service)
    rows: Rows = defaultdict(list)
    today = service.rt.clock
    for q in questions:
        if asked_at is not None:
            service.rt.clock = partial(_fixed, asked_at[q["userId"]])
        result = await schema.execute(
            RECALL_QUERY,
            variable_values={"u": q["userId"], "q": q["question"], "n": max(KS)},
            context_value=context,
        )
        if result.errors or result.data is None:
            raise RuntimeError(result.errors)
        ranked = [hit["sourceMessageIds"] for hit in result.data["recall"]]
        rows[q["userId"]].append(score_ranking(ranked, q["evidence"]))
    service.rt.clock = today
    return rows


def cross_validate(setting: str, per_value: dict[str, Rows]) -> dict[str, Any]:
    """Leave one conversation out: for each conversation, the value with the best any@10 + all@10 over the
    others (the first listed on a tie) is scored on it; the held-out figures are the mean over conversations."""
    values = list(per_value)

    def mean(value: str, users: list[str], metric: str) -> float:
        results = [r for u in users for r in per_value[value][u]]
        return sum(r[metric] for r in results) / len(results)

    users = sorted(per_value[values[0]])
    chosen: list[str] = []
    held: dict[str, list[float]] = defaultdict(list)
    for test in users:
        train = [u for u in users if u != test]
        best = max(values, key=lambda v: mean(v, train, "any@10") + mean(v, train, "all@10"))
        chosen.append(best)
        for metric in METRICS:
            held[metric].append(mean(best, [test], metric))
    return {
        "setting": setting,
        "all_dev": {v: {m: round(mean(v, users, m), 4) for m in METRICS} for v in values},
        "chosen_per_fold": chosen,
        "held_out_mean": {m: round(float(np.mean(held[m])), 4) for m in METRICS},
    }


async def grid_search(
    path: Path,
    conversations: int | None,
    samples: set[str] | None,
    setting: str,
    values: list[str],
    *,
    at_end: bool = False,
) -> dict[str, Any]:
    """Every question once per value of a recall ``setting`` on what is imported, cross-validated; with
    ``at_end``, asked as of each conversation's last message."""
    asked_at = conversation_ends(path, conversations, samples) if at_end else None
    service = await MemoryService.open(Settings(), run_worker=False)
    base = service.settings
    field = setting.lower()
    try:
        questions = list(locomo_questions(path, conversations=conversations, samples=samples))
        per_value: dict[str, Rows] = {}
        for value in values:
            service.rt.settings = base.model_copy(update={field: type(base.variable(field))(value)})
            per_value[value] = await ask_graphsvc(service, questions, asked_at=asked_at)
    finally:
        service.rt.settings = base
        await service.close()
    return cross_validate(setting, per_value)


COST_STRIDE = 32
"""The embedding cost of a context length is measured on every 32nd message (87 of the dev split's 2,760)..."""
COST_ROUNDS = 2
"""... in this many rounds, the lengths alternating, so that each shares the machine's load alike."""


def context_texts(path: Path, conversations: int | None, chars: int) -> list[str]:
    """What each message is embedded with for ``chars`` of context (as the ``embed_events`` job builds it: the
    end of the previous turn of its session, then its own ``speaker: text``), in conversation order."""
    texts: list[str] = []
    previous: dict[tuple[str, str], str] = {}
    for record in locomo_records(path, conversations=conversations):
        key = (record["userId"], record["sessionId"])
        text = embedding_text(record["speaker"], record["content"])
        texts.append(in_context(previous.get(key), text, chars=chars))
        previous[key] = text
    return texts


async def embedding_costs(
    service: MemoryService, path: Path, conversations: int | None, values: list[int]
) -> dict[str, dict[str, float]]:
    """Per value: the mean characters embedded per message, and this process's CPU per message embedding every
    :data:`COST_STRIDE`-th text in the ``embed_events`` job's background slices (mean of :data:`COST_ROUNDS`)."""
    texts = {v: context_texts(path, conversations, v) for v in values}
    cpu_ms: dict[int, list[float]] = defaultdict(list)
    for _ in range(COST_ROUNDS):
        for value in values:
            sample = texts[value][::COST_STRIDE]
            cpu = time.process_time()
            for start in range(0, len(sample), event_vectors.SLICE):
                await service.embedder.embed_passages(sample[start : start + event_vectors.SLICE], background=True)
            cpu_ms[value].append((time.process_time() - cpu) * 1000 / len(sample))
    return {
        str(v): {
            "embedded_chars_per_message": round(sum(map(len, texts[v])) / len(texts[v]), 1),
            "cpu_ms_per_message": round(float(np.mean(cpu_ms[v])), 1),
            "cost_sample": len(texts[v][::COST_STRIDE]),
        }
        for v in values
    }


async def context_search(
    path: Path, conversations: int | None, samples: set[str] | None, values: list[int], *, imported_with: int | None
) -> dict[str, Any]:
    """``EVENT_CONTEXT_CHARS`` cross-validated without importing again: per value, every imported message is
    embedded anew with it (the ``embed_events`` job, as at ingest; nothing else stored depends on the setting),
    then every question is asked in a fresh service (no in-process vector copy of the previous value). The value
    ``imported_with`` (the setting the import ran with) is asked first, as stored. The database is left with
    the last value's vectors."""
    questions = list(locomo_questions(path, conversations=conversations, samples=samples))
    users = sorted({q["userId"] for q in questions})
    per_value: dict[str, Rows] = {}
    service = await MemoryService.open(Settings(), run_worker=False)
    try:
        cost = await embedding_costs(service, path, conversations, values)
    finally:
        await service.close()
    for value in sorted(values, key=lambda v: v != imported_with):
        settings = Settings().model_copy(update={"event_context_chars": value})
        service = await MemoryService.open(settings, run_worker=False)
        try:
            if value != imported_with:
                started, marked = time.perf_counter(), 0
                for user_id in users:
                    marked += (await event_vectors.embed_messages_anew(service.rt, user_id=user_id))[0]
                await service.worker.start()
                await service.wait_for_jobs()
                click.echo(f"{marked} messages embedded anew in {time.perf_counter() - started:.0f} s", err=True)
        finally:
            await service.close()
        service = await MemoryService.open(settings, run_worker=False)
        try:
            rows = per_value[str(value)] = await ask_graphsvc(service, questions)
        finally:
            await service.close()
        by_user = {u: {m: sum(r[m] for r in rows[u]) for m in METRICS} | {"n": len(rows[u])} for u in users}
        click.echo(f"EVENT_CONTEXT_CHARS={value}: {json.dumps(cost[str(value)] | {'hits': by_user})}", err=True)
    ordered = {str(v): per_value[str(v)] for v in values}
    return cross_validate("EVENT_CONTEXT_CHARS", ordered) | {"embedding_cost": cost}


def print_cv(cv: dict[str, Any]) -> None:
    click.echo(f"\n{cv['setting']} on the dev conversations")
    costs = cv.get("embedding_cost")
    click.echo(f"{'value':<10}" + "".join(f"{m:>8}" for m in METRICS) + ("   chars  cpu ms" if costs else ""))
    for value, figures in cv["all_dev"].items():
        line = f"{value:<10}" + "".join(f"{figures[m]:>8.3f}" for m in METRICS)
        if costs:
            c = costs[value]
            line += f"{c['embedded_chars_per_message']:>8.0f}{c['cpu_ms_per_message']:>8.1f}"
        click.echo(line)
    held = cv["held_out_mean"]
    line = f"{'held out':<10}" + "".join(f"{held[m]:>8.3f}" for m in METRICS)
    click.echo(f"{line}   chosen per fold: {cv['chosen_per_fold']}\n")


def print_table(report: dict[str, Any]) -> None:
    cats = list(next(iter(report["systems"].values())).keys())
    of_half = "".join(f", {half} half: {', '.join(units)}" for half, units in report.get("half", {}).items())
    click.echo(f"\nLoCoMo evidence recall ({report['questions']} questions, categories 1-4{of_half})")
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
@click.option(
    "--context-grid",
    default="",
    help="c1,c2,... : cross-validate EVENT_CONTEXT_CHARS, re-embedding what is imported for each value "
    "(use --skip-import; the database keeps the last value's vectors).",
)
@click.option(
    "--imported-with",
    type=int,
    default=None,
    help="With --context-grid: the EVENT_CONTEXT_CHARS the import ran with; that value is asked first, as stored.",
)
@click.option("--half", type=click.Choice(["tune", "test", "all"]), default="all", help="Import and ask one half.")
@click.option(
    "--asked-at",
    type=click.Choice(["today", "end"]),
    default="today",
    help="With --grid: ask as of today, or as of each conversation's last message.",
)
def main(
    path: Path,
    conversations: int | None,
    skip_import: bool,
    grid: str,
    context_grid: str,
    imported_with: int | None,
    half: str,
    asked_at: str,
) -> None:
    samples = half_samples(path, half)
    if grid or context_grid:
        if grid:
            setting, _, raw = grid.partition("=")
            values = [v.strip() for v in raw.split(",")]
            cv = asyncio.run(
                grid_search(path, conversations, samples, setting.strip(), values, at_end=asked_at == "end")
            )
            cv["asked_at"] = asked_at
        else:
            chars = [int(v) for v in context_grid.split(",")]
            cv = asyncio.run(context_search(path, conversations, samples, chars, imported_with=imported_with))
        print_cv(cv)
        json.dump(cv, sys.stdout)
        sys.stdout.write("\n")
        return
    import_s = None if skip_import else run_import(path, conversations, samples)
    report = asyncio.run(evaluate(path, conversations, samples))
    report["import_s"] = round(import_s, 1) if import_s is not None else None
    if samples is not None:
        report["half"] = {half: sorted(samples)}
    print_table(report)
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
