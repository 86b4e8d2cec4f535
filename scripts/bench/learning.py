"""What graphsvc learns on its own (no LLM), measured through the product path, per tuning half and test half.

    .venv/bin/python scripts/bench/learning.py [--sets precision,memorybank-en,memorybank-cn,everyday] [--locomo]
        [--data SET=FILE] [--everyday-gold FILE] [--gold FILE ...] [--half tune|test|both]
        [--unlabelled FILE] [--items FILE] [--show-wrong] [--reveal-test] [--force-reflection-at-end]
        [--users-at-once 3]

Data sets (each split by ``splits.py`` into a tuning half and a test half by its unit; ``--data SET=FILE`` gives
any file of the same format instead):

- ``precision``: ``precision/conversations.jsonl``, conversations written for the benchmark (import format), by
  user;
- ``memorybank-en``, ``memorybank-cn``: MemoryBank (MIT licence) from ``../shared/bench/data``, each day of a user
  a session, by user (``memorybank-<name>``); its text stays there: gold files hold only the hashes of its items;
- ``everyday``: ``everyday/conversations.jsonl`` (import format, by user) with its gold, ``everyday/gold.jsonl``
  (``everyday.py``); skipped while the file is absent;
- ``locomo`` (with ``--locomo``, it is large): the LoCoMo dev split, by conversation (``conv-26``...).

Product path (``learned.py``): ``graphsvc serve`` on a free port with the environment's Neo4j (``NEO4J_URI``) and
no LLM settings; each user of each set (as ``<run tag>-<user id>``, so runs never share a user) replays its
sessions in time order, ``--users-at-once`` users at a time: messages through ``ingestMessages``,
``endConversation``, then a wait until every job the service queued for that user has finished. Reflection runs
only where the service schedules it; ``--force-reflection-at-end`` forces one cycle per user after the last
session, and the traits that appear only then are reported on their own row (``trait (forced)``).

Items and labels: every memory (its content), trait (its content), entity (``"name (kind)"``, the speakers of the
user's conversations left out, as before) and relation (``"source -relation-> target"``), keyed by
``sha256("kind|user|text")``; labelled by the gold files (``--gold``, default ``precision/gold.jsonl`` and
``precision/gold-test.jsonl``; rules in ``precision/LABELLING.md``) and, for the everyday set, by its own gold
where that decides. Precision = right / labelled, with its Wilson 95 % interval; per data set, half and kind; for
memories per language (a CJK character in the text: Chinese); per rule id (the ``rule_id`` / ``kind_rule`` stored
on the output, ``-`` without); and the everyday set's own figures. Prints the run, the tables and, last, one JSON
object; ``--half`` chooses the halves printed.

Test-half texts are never printed (counts and precision only) unless ``--reveal-test``: those who write rules
must not see test-half output. ``--show-wrong`` lists the tuning half's wrong items (the test half's too with
``--reveal-test``); ``--unlabelled FILE`` and ``--items FILE`` write items of both halves with their texts, for
the labellers (MemoryBank and LoCoMo texts included: keep those files out of the repository).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import click
import httpx
from datasets import LOCOMO_DEV, MEMORYBANK, locomo_records, locomo_sample, memorybank_records
from everyday import EverydayGold
from judging import KINDS, Item, Label, load_gold, on_by_default, read_jsonl, tally
from learned import Api, Graph, Record, Replay, replay_user, served_offline
from splits import Half, halves

from graphsvc.config import Settings

HERE = Path(__file__).resolve().parent
GOLD_FILES = (HERE / "precision" / "gold.jsonl", HERE / "precision" / "gold-test.jsonl")
EVERYDAY_GOLD = HERE / "everyday" / "gold.jsonl"
SETS: dict[str, Path] = {
    "precision": HERE / "precision" / "conversations.jsonl",
    "memorybank-en": MEMORYBANK["en"],
    "memorybank-cn": MEMORYBANK["cn"],
    "everyday": HERE / "everyday" / "conversations.jsonl",
    "locomo": LOCOMO_DEV,
}
DEFAULT_SETS = "precision,memorybank-en,memorybank-cn,everyday"
HALVES: tuple[Half, ...] = ("tune", "test")


def load_records(name: str, path: Path) -> list[Record]:
    """A data set's messages in the import format."""
    if name.startswith("memorybank-"):
        return list(memorybank_records(path))
    if name == "locomo":
        return list(locomo_records(path))
    return read_jsonl(path)


@dataclass
class SetRun:
    """One data set replayed: its messages per user, each user's half and replay, the wall time."""

    name: str
    by_user: dict[str, list[Record]]
    replays: dict[str, Replay]
    wall_s: float

    @property
    def halves(self) -> dict[str, Half]:
        unit = locomo_sample if self.name == "locomo" else str
        split = halves(self.name, [unit(u) for u in self.by_user])
        return {u: split[unit(u)] for u in self.by_user}

    def items(self) -> list[Item]:
        """Every output of every user, once per key (the first read back wins)."""
        items: dict[str, Item] = {}
        half = self.halves
        for user, replay in self.replays.items():
            speakers = {r.get("speaker") for r in self.by_user[user]}
            forced = set(replay.forced["new_traits"]) if replay.forced else set()
            for kind, rows in replay.outputs.items():
                for row in rows:
                    if kind == "entity" and row["name"] in speakers:
                        continue
                    detail = {k: v for k, v in row.items() if k not in ("text", "rule")}
                    is_forced = kind == "trait" and row["text"] in forced
                    item = Item(kind, user, row["text"], self.name, half[user], row["rule"], is_forced, detail)
                    items.setdefault(item.key, item)
        return list(items.values())

    def summary(self) -> dict[str, Any]:
        """Users per half, sessions, messages, wall time, failed jobs by kind, reflection cycles, forced cycles."""
        failed: Counter[str] = Counter()
        cycles: Counter[str] = Counter()
        forced: Counter[str] = Counter()
        for replay in self.replays.values():
            failed.update(replay.failed_jobs)
            cycles.update(replay.cycles)
            if replay.forced:
                forced[f"cycles {replay.forced['status']}"] += 1
                forced["memories_scanned"] += replay.forced["memoriesScanned"]
                forced["new_traits"] += len(replay.forced["new_traits"])
        return {
            "users": dict(Counter(self.halves.values())),
            "sessions": sum(r.sessions for r in self.replays.values()),
            "messages": sum(r.messages for r in self.replays.values()),
            "wall_s": round(self.wall_s, 1),
            "failed_jobs": dict(failed),
            "reflection": dict(cycles),
        } | ({"forced_reflection": dict(forced)} if forced else {})


async def _replay_one(
    gate: asyncio.Semaphore,
    api: Api,
    graph: Graph,
    *,
    name: str,
    tag: str,
    user: str,
    records: list[Record],
    force: bool,
) -> tuple[str, Replay]:
    async with gate:
        replay = await replay_user(api, graph, user_id=f"{tag}-{user}", records=records, force_reflection=force)
    click.echo(f"  {name}: {user} replayed ({replay.sessions} sessions)", err=True)
    return user, replay


async def replay_sets(
    url: str, sets: dict[str, list[Record]], *, users_at_once: int, force: bool, tag: str
) -> list[SetRun]:
    """Every set, one after another, through the served graphsvc at ``url``."""
    graph = Graph(Settings())
    gate = asyncio.Semaphore(users_at_once)
    runs: list[SetRun] = []
    try:
        async with httpx.AsyncClient(base_url=url, timeout=600) as client:
            api = Api(client)
            for name, records in sets.items():
                by_user: dict[str, list[Record]] = defaultdict(list)
                for r in records:
                    by_user[r["userId"]].append(r)
                started = time.perf_counter()
                replayed = await asyncio.gather(
                    *(
                        _replay_one(gate, api, graph, name=name, tag=tag, user=u, records=rs, force=force)
                        for u, rs in by_user.items()
                    )
                )
                runs.append(SetRun(name, dict(by_user), dict(replayed), time.perf_counter() - started))
                click.echo(f"{name}: {len(by_user)} users in {runs[-1].wall_s:.0f} s", err=True)
    finally:
        await graph.close()
    return runs


def grouped(
    judged: list[tuple[Item, Label | None]], key: Callable[[Item], tuple[Hashable, ...]]
) -> dict[tuple[Hashable, ...], dict[str, Any]]:
    """:func:`judging.tally` of the items per ``key(item)``."""
    groups: dict[tuple[Hashable, ...], list[Label | None]] = defaultdict(list)
    for item, label in judged:
        groups[key(item)].append(label)
    return {k: tally(labels) for k, labels in sorted(groups.items(), key=lambda kv: str(kv[0]))}


def row_kind(item: Item) -> str:
    return "trait (forced)" if item.forced else item.kind


def figures(
    runs: list[SetRun], judged: list[tuple[Item, Label | None]], everyday: EverydayGold | None, shown: tuple[Half, ...]
) -> dict[str, Any]:
    """The report's JSON: per set its run and, per half shown, per kind; memories per half and language; per half
    and rule id; the everyday set's own figures per half."""
    mine = [(i, label) for i, label in judged if i.half in shown]
    per_kind = grouped(mine, lambda i: (i.data_set, i.half, row_kind(i)))
    sets: dict[str, Any] = {
        run.name: {"run": run.summary()} | {h: {kind: tally([]) for kind in KINDS} for h in shown} for run in runs
    }
    for (name, half, kind), row in per_kind.items():
        sets[str(name)][str(half)][str(kind)] = row
    memories = [j for j in mine if j[0].kind == "memory"]
    languages = _by_language(memories, shown)
    shipped = _by_language([j for j in memories if on_by_default(j[0].rule)], shown)
    rules: dict[str, Any] = {h: {} for h in shown}
    for (half, kind, rule), row in grouped(mine, lambda i: (i.half, row_kind(i), i.rule or "-")).items():
        rules[str(half)][f"{kind} {rule}"] = row
    extras = None
    everyday_run = next((run for run in runs if run.name == "everyday"), None)
    if everyday is not None and everyday_run is not None:
        items = [i for i, _ in judged if i.data_set == "everyday"]
        split = everyday_run.halves
        extras = {h: everyday.extras(items, {u for u, uh in split.items() if uh == h}) for h in shown}
    return {
        "sets": sets,
        "memory_by_language": languages,
        "memory_by_language_on_by_default": shipped,
        "rules": rules,
        "everyday": extras,
    }


def _by_language(judged: list[tuple[Item, Label | None]], shown: tuple[Half, ...]) -> dict[str, Any]:
    """:func:`judging.tally` of the items per half and language (both languages always present)."""
    languages: dict[str, Any] = {h: {language: tally([]) for language in ("en", "zh")} for h in shown}
    for (half, language), row in grouped(judged, lambda i: (i.half, i.language)).items():
        languages[str(half)][str(language)] = row
    return languages


def _line(label: str, row: dict[str, Any]) -> str:
    shown = "-" if row["precision"] is None else f"{row['precision']:.3f}"
    ci = "" if row["ci95"] is None else f"{row['ci95'][0]:.2f}-{row['ci95'][1]:.2f}"
    return (
        f"{label:<44}{row['output']:>7}{row['labelled']:>9}{row['right']:>7}{shown:>10}{ci:>12}{row['unlabelled']:>11}"
    )


def print_report(report: dict[str, Any]) -> None:
    header = f"{'':<44}{'output':>7}{'labelled':>9}{'right':>7}{'precision':>10}{'95% CI':>12}{'unlabelled':>11}"
    for name, entry in report["sets"].items():
        run = entry["run"]
        forced = f"; forced reflection {run['forced_reflection']}" if "forced_reflection" in run else ""
        click.echo(
            f"\n{name}: users {run['users']}, {run['sessions']} sessions, {run['messages']} messages, "
            f"{run['wall_s']} s; failed jobs {run['failed_jobs'] or 'none'}; "
            f"reflection cycles {run['reflection']}{forced}"
        )
        click.echo(header)
        for half in HALVES:
            for kind, row in entry.get(half, {}).items():
                click.echo(_line(f"{half} {kind}", row))
    for title, section in (
        ("memories by language", "memory_by_language"),
        ("memories by language, rules on by default only (judging.on_by_default)", "memory_by_language_on_by_default"),
    ):
        click.echo(f"\n{title}\n{header}")
        for half, languages in report[section].items():
            for language, row in languages.items():
                click.echo(_line(f"{half} {language}", row))
    click.echo(f"\nper rule id (- : the output carries none)\n{header}")
    for half, rules in report["rules"].items():
        for rule, row in rules.items():
            click.echo(_line(f"{half} {rule}", row))
    for half, extras in (report["everyday"] or {}).items():
        shares = (f"{name} {'/'.join(str(n) for n in counts.values())}" for name, counts in extras.items())
        click.echo(f"\neveryday, {half} half: " + "; ".join(shares))


def chosen_sets(sets: str, locomo: bool, data: tuple[str, ...]) -> dict[str, Path]:
    """``{set: file}`` of the sets asked for, ``--data`` overriding the default files; an absent everyday file is
    left out with a note."""
    names = [s.strip() for s in sets.split(",") if s.strip()] + (["locomo"] if locomo else [])
    unknown = [n for n in names if n not in SETS]
    if unknown:
        raise click.BadParameter(f"unknown set {', '.join(unknown)}; one of {', '.join(SETS)}", param_hint="--sets")
    files = dict(SETS)
    for spec in data:
        name, _, path = spec.partition("=")
        files[name.strip()] = Path(path.strip())
    chosen = {n: files[n] for n in dict.fromkeys(names)}
    if "everyday" in chosen and not chosen["everyday"].exists():
        click.echo(f"everyday: {chosen.pop('everyday')} is absent; the set is skipped", err=True)
    return chosen


def write_items(path: Path, judged: list[tuple[Item, Label | None]]) -> None:
    with path.open("w", encoding="utf-8") as out:
        for item, label in judged:
            out.write(json.dumps(item.row(label), ensure_ascii=False) + "\n")


@click.command()
@click.option("--sets", default=DEFAULT_SETS, show_default=True, help="Comma-separated data sets to replay.")
@click.option("--locomo", is_flag=True, help="Also replay the LoCoMo dev split (large).")
@click.option("--data", multiple=True, metavar="SET=FILE", help="A file of the same format for a set.")
@click.option("--everyday-gold", type=click.Path(path_type=Path), default=EVERYDAY_GOLD, show_default=True)
@click.option("--gold", type=click.Path(path_type=Path), multiple=True, default=GOLD_FILES, show_default=True)
@click.option("--half", type=click.Choice(["tune", "test", "both"]), default="both", help="The halves printed.")
@click.option("--unlabelled", type=click.Path(path_type=Path), help="Write the unlabelled items here (JSON lines).")
@click.option("--items", "items_path", type=click.Path(path_type=Path), help="Write every item here (JSON lines).")
@click.option("--show-wrong", is_flag=True, help="List the tuning half's items labelled wrong.")
@click.option("--reveal-test", is_flag=True, help="Allow test-half texts on the terminal (--show-wrong).")
@click.option("--force-reflection-at-end", "force", is_flag=True, help="One forced reflection per user at the end.")
@click.option("--users-at-once", default=3, show_default=True, help="Users replayed concurrently.")
def main(
    sets: str,
    locomo: bool,
    data: tuple[str, ...],
    everyday_gold: Path,
    gold: tuple[Path, ...],
    half: str,
    unlabelled: Path | None,
    items_path: Path | None,
    show_wrong: bool,
    reveal_test: bool,
    force: bool,
    users_at_once: int,
) -> None:
    files = chosen_sets(sets, locomo, data)
    records = {name: load_records(name, path) for name, path in files.items()}
    tag = f"lb{secrets.token_hex(3)}"
    started = time.perf_counter()
    with served_offline(users_at_once=users_at_once, prefix="learning-serve-") as (url, log_name):
        runs = asyncio.run(replay_sets(url, records, users_at_once=users_at_once, force=force, tag=tag))
    wall_s = time.perf_counter() - started
    labels = load_gold(gold)
    everyday = EverydayGold.load(everyday_gold) if "everyday" in files and everyday_gold.exists() else None
    judged: list[tuple[Item, Label | None]] = []
    for run in runs:
        for item in run.items():
            row = labels.get(item.key)
            found = (row["label"], row.get("rule", "")) if row else None
            judged.append((item, found or (everyday.label(item) if everyday and item.data_set == "everyday" else None)))
    if unlabelled is not None:
        write_items(unlabelled, [(i, label) for i, label in judged if label is None])
    if items_path is not None:
        write_items(items_path, judged)
    shown = HALVES if half == "both" else (cast(Half, half),)
    report = figures(runs, judged, everyday, shown)
    click.echo(f"run tag {tag}, wall {wall_s:.0f} s, {len(labels)} gold labels, offline; service log {log_name}")
    print_report(report)
    if show_wrong:
        for item, label in judged:
            if label and label[0] == "wrong" and item.half in shown and (item.half == "tune" or reveal_test):
                click.echo(
                    f"  wrong {item.half} {item.data_set} {item.kind} [{label[1]}] [{item.rule or '-'}] {item.text}"
                )
    summary = {"run_tag": tag, "wall_s": round(wall_s, 1), "forced_reflection": force, "gold_labels": len(labels)}
    json.dump(summary | report, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
