"""Show the items of a learning-benchmark run with what they were learnt from, for the person who labels them.

    .venv/bin/python scripts/bench/context.py ITEMS.jsonl [--half tune|test] [--kind memory] [--data-set SET]

``ITEMS.jsonl`` is what ``learning.py --unlabelled`` (or ``--items``) wrote. For each item: its kind, data set,
half, user, rule and text, then the messages it rests on: a memory's source messages (``message_ids``), a trait's
evidence memories, and for an entity or a relation the user's messages that name it (at most
:data:`MAX_MESSAGES`). Labels go by ``precision/LABELLING.md``; this script only reads.

Test-half items are printed only with ``--half test``, for the person who labels them and writes no rules.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import click
from judging import read_jsonl
from learning import SETS, load_records

MAX_MESSAGES = 6


def _messages_by_user(data_sets: set[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """user → message id → message, for the data sets named."""
    out: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for name in sorted(data_sets):
        for record in load_records(name, SETS[name]):
            out[str(record["userId"])][str(record["messageId"])] = dict(record)
    return out


def _line(message: dict[str, Any]) -> str:
    who = message.get("speaker") or message.get("role")
    return f"    [{message['messageId']}] {who}: {message['content']}"


def _sources(item: dict[str, Any], messages: dict[str, dict[str, Any]]) -> list[str]:
    """The lines an item rests on (see the module)."""
    if item["kind"] == "memory":
        return [_line(messages[m]) for m in item.get("message_ids", []) if m in messages]
    if item["kind"] == "trait":
        return [f"    evidence: {text}" for text in item.get("evidence", [])]
    names = [item.get("name")] if item["kind"] == "entity" else [item.get("source"), item.get("target")]
    wanted = [n for n in names if n]
    found = [m for m in messages.values() if any(n in str(m["content"]) for n in wanted)]
    return [_line(m) for m in found[:MAX_MESSAGES]]


@click.command()
@click.argument("items_path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--half", type=click.Choice(["tune", "test"]), default="tune", show_default=True)
@click.option("--kind", default=None, help="Only items of this kind (memory, trait, entity, relation).")
@click.option("--data-set", "data_set", default=None, help="Only items of this data set.")
def main(items_path: Path, half: str, kind: str | None, data_set: str | None) -> None:
    items = [
        i
        for i in read_jsonl(items_path)
        if i["half"] == half and (kind is None or i["kind"] == kind) and (data_set is None or i["data_set"] == data_set)
    ]
    messages = _messages_by_user({str(i["data_set"]) for i in items})
    for item in items:
        detail = item.get("entity_kind") or item.get("type") or item.get("stage") or ""
        click.echo(f"{item['hash']} {item['kind']} {item['data_set']} {item['user']} {item['rule']} ({detail})")
        click.echo(f"  {item['text']}")
        for line in _sources(item, messages[str(item["user"])]):
            click.echo(line)
    click.echo(f"{len(items)} items")


if __name__ == "__main__":
    main()
