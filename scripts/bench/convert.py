"""Convert a benchmark dataset into a ``graphsvc import`` JSONL file.

Examples (from the repository root)::

    .venv/bin/python scripts/bench/convert.py locomo ../shared/bench/data/locomo/locomo-dev.json /tmp/l.jsonl
    .venv/bin/python scripts/bench/convert.py memorybank \
        ../shared/bench/data/memorybank_siliconfriend/en/memory_bank_en.json /tmp/mb.jsonl --user Emily
"""

from __future__ import annotations

from pathlib import Path

import click
from datasets import locomo_records, memorybank_records, write_jsonl


@click.command()
@click.argument("kind", type=click.Choice(["locomo", "memorybank"]))
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--conversations", type=int, default=None, help="LoCoMo: only the first N conversations.")
@click.option("--user", "users", multiple=True, help="MemoryBank: only these users (repeatable).")
def main(kind: str, source: Path, out: Path, conversations: int | None, users: tuple[str, ...]) -> None:
    records = (
        locomo_records(source, conversations=conversations)
        if kind == "locomo"
        else memorybank_records(source, users=list(users) or None)
    )
    click.echo(f"wrote {write_jsonl(records, out)} messages to {out}")


if __name__ == "__main__":
    main()
