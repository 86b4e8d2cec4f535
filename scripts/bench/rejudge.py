"""Judge the items of a learning-benchmark run again, against the gold files as they are now (after labelling),
without replaying the conversations; and write the rulebook's measured precision from the test half.

    .venv/bin/python scripts/bench/rejudge.py ITEMS.jsonl [--gold FILE ...] [--write-precision]

``ITEMS.jsonl`` is what ``learning.py --items`` wrote. An item's label is the gold files' (``precision/gold.jsonl``,
``precision/gold-test.jsonl``) or, for an everyday item the run matched to its own gold, that match. Prints, per
data set, half and kind, the outputs, labelled, right and precision with its Wilson interval; memory precision per
half and language, of every rule and of the rules on by default only (:func:`judging.on_by_default`); per rule id
of the test half, how often it fired, how many of its outputs were judged and its precision; and last one JSON
object. Texts are never printed.

``--write-precision`` writes the test half's per-rule figures to ``graphsvc/rulebook/measured.json`` (fired, judged,
right per rule id), which decides which rules run by default (``graphsvc.rulebook.book.on_by_default``); a rule that
made no output in the run (one off by default) keeps the figures the file held for it.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from judging import load_gold, on_by_default, read_jsonl, tally

HERE = Path(__file__).resolve().parent
GOLD_FILES = (HERE / "precision" / "gold.jsonl", HERE / "precision" / "gold-test.jsonl")
MEASURED = HERE.parents[1] / "graphsvc" / "rulebook" / "measured.json"

Label = tuple[str, str]


def label_of(item: dict[str, Any], gold: dict[str, dict[str, Any]]) -> Label | None:
    """The gold files' label of an item, else the everyday match the run made (``label`` on the item), else None."""
    row = gold.get(item["hash"])
    if row is not None:
        return (str(row["label"]), str(row.get("rule", "")))
    if item.get("data_set") == "everyday" and item.get("label"):
        return (str(item["label"]), str(item.get("label_rule", "")))
    return None


def language(text: str) -> str:
    return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"


def figures(items: list[dict[str, Any]], gold: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Precision per data set × half × kind, memories per half × language, and per rule of the test half."""
    groups: dict[str, list[Label | None]] = defaultdict(list)
    languages: dict[str, list[Label | None]] = defaultdict(list)
    shipped: dict[str, list[Label | None]] = defaultdict(list)
    rules: dict[str, list[Label | None]] = defaultdict(list)
    for item in items:
        label = label_of(item, gold)
        groups[f"{item['data_set']} {item['half']} {item['kind']}"].append(label)
        if item["kind"] == "memory":
            languages[f"{item['half']} {language(item['text'])}"].append(label)
            if on_by_default(item.get("rule")):
                shipped[f"{item['half']} {language(item['text'])}"].append(label)
        if item["half"] == "test":
            rules[f"{item['kind']} {item.get('rule') or '-'}"].append(label)
    return {
        "by_set": {key: tally(labels) for key, labels in sorted(groups.items())},
        "memory_by_language": {key: tally(labels) for key, labels in sorted(languages.items())},
        "memory_by_language_on_by_default": {key: tally(labels) for key, labels in sorted(shipped.items())},
        "test_by_rule": {key: tally(labels) for key, labels in sorted(rules.items())},
    }


def _row(name: str, row: dict[str, Any]) -> str:
    precision = "-" if row["precision"] is None else f"{row['precision']:.3f}"
    ci = "" if row["ci95"] is None else f" ({row['ci95'][0]:.2f}-{row['ci95'][1]:.2f})"
    return (
        f"  {name:<44} {row['output']:>5} out {row['labelled']:>5} judged {row['right']:>5} right "
        f"{precision}{ci}  unlabelled {row['unlabelled']}"
    )


def measured(report: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
    """The test half's per-rule figures as ``graphsvc/rulebook/measured.json`` holds them. A rule with no output in
    this run keeps the figures ``before`` holds for it: a rule off by default makes no output, and dropping what it
    measured would turn it back on."""
    rules = dict(before.get("rules", {}))
    for key, row in report["test_by_rule"].items():
        rule_id = key.split(" ", 1)[1]
        if rule_id != "-":
            rules[rule_id] = {"fired": row["output"], "judged": row["labelled"], "right": row["right"]}
    return {
        "measured_on": datetime.now(UTC).date().isoformat(),
        "how": "scripts/bench/learning.py --items (product path, offline) then scripts/bench/rejudge.py, test half",
        "rules": dict(sorted(rules.items())),
    }


@click.command()
@click.argument("items_path", type=click.Path(exists=True, path_type=Path))
@click.option("--gold", type=click.Path(path_type=Path), multiple=True, default=GOLD_FILES, show_default=True)
@click.option("--write-precision", is_flag=True, help="Write the test half's per-rule figures to measured.json.")
def main(items_path: Path, gold: tuple[Path, ...], write_precision: bool) -> None:
    report = figures(read_jsonl(items_path), load_gold(gold))
    for title, section in (
        ("by data set, half and kind", "by_set"),
        ("memories by half and language", "memory_by_language"),
        ("memories by half and language, rules on by default only", "memory_by_language_on_by_default"),
        ("test half by rule", "test_by_rule"),
    ):
        click.echo(title)
        for name, row in report[section].items():
            click.echo(_row(name, row))
    if write_precision:
        before = json.loads(MEASURED.read_text(encoding="utf-8")) if MEASURED.exists() else {}
        figures_now = measured(report, before)
        MEASURED.write_text(json.dumps(figures_now, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        click.echo(f"wrote {MEASURED}")
    json.dump(report, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
