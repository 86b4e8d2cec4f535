"""Bare replies to an assistant's question, through the product path: is the one thing a careful note-taker would
record from the reply kept, and is nothing kept where there is nothing to record?

Each item of a probe file (``answers/probe-*.jsonl``: ``id, language, question, reply, expect``, written for this
benchmark by a writer who had not seen the rules) is one user's one session: the assistant's turn ending with
its question, then the user's reply (speaker Ana or 王芳). The session goes through ``ingestMessages`` and
``endConversation`` to a served graphsvc (offline rulebook, rules on by default), and what the service's own jobs
stored is read back. ``expect`` is the memory the reply's first sentence should give, or null for none.

Reported per language: replies with a memory to keep, and how many of them were kept (an output that
:func:`everyday.holds` the expected text); replies with nothing to keep, and how many gave a memory anyway.
``probe-tune.jsonl`` is the half the answer rules were written against; ``probe-test.jsonl`` was written after
them and measured once.

    .venv/bin/python scripts/bench/answers.py scripts/bench/answers/probe-test.jsonl
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click
import httpx
from everyday import holds
from judging import read_jsonl
from learned import Api, Graph, replay_user
from served import served

from graphsvc.config import Settings

SPEAKERS = {"en": "Ana", "zh": "王芳"}
ASKED_AT = datetime(2025, 4, 2, 18, 0, tzinfo=UTC)


def conversation(item: dict[str, Any]) -> list[dict[str, Any]]:
    """The item as the import format's two records: the assistant's question, then the reply."""
    turns = [("assistant", "Assistant", item["question"]), ("user", SPEAKERS[item["language"]], item["reply"])]
    return [
        {
            "sessionId": "s1",
            "messageId": f"{item['id']}-{n}",
            "role": role,
            "speaker": speaker,
            "content": text,
            "occurredAt": (ASKED_AT + timedelta(minutes=n)).isoformat(),
        }
        for n, (role, speaker, text) in enumerate(turns)
    ]


async def replay(url: str, items: list[dict[str, Any]], tag: str) -> dict[str, list[str]]:
    """Each item as its own user; the memories each one's jobs stored."""
    graph = Graph(Settings())
    gate = asyncio.Semaphore(4)
    try:
        async with httpx.AsyncClient(base_url=url, timeout=600) as client:
            api = Api(client)

            async def one(item: dict[str, Any]) -> tuple[str, list[str]]:
                async with gate:
                    user = f"{tag}-{item['id']}"
                    records = conversation(item)
                    run = await replay_user(api, graph, user_id=user, records=records, force_reflection=False)
                    return item["id"], [row["text"] for row in run.outputs["memory"]]

            return dict(await asyncio.gather(*(one(item) for item in items)))
    finally:
        await graph.close()


@click.command()
@click.argument("probe", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--show", is_flag=True, help="Print every item that was not kept, or kept where nothing was expected.")
def main(probe: Path, show: bool) -> None:
    items = read_jsonl(probe)
    tag = f"ans{secrets.token_hex(3)}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("LLM_")} | {"RATE_LIMIT": "100000/minute"}
    with tempfile.NamedTemporaryFile("w", prefix="answers-serve-", suffix=".log", delete=False) as log:
        with served(env, log=log) as (url, _):
            stored = asyncio.run(replay(url, items, tag))
    figures: dict[str, dict[str, int]] = {}
    for item in items:
        row = figures.setdefault(item["language"], {"to_keep": 0, "kept": 0, "nothing_to_keep": 0, "kept_anyway": 0})
        memories = stored[item["id"]]
        name = SPEAKERS[item["language"]]
        if item["expect"]:
            row["to_keep"] += 1
            kept = any(holds(item["expect"], m, name) for m in memories)
            row["kept"] += kept
            missed = not kept
        else:
            row["nothing_to_keep"] += 1
            row["kept_anyway"] += bool(memories)
            missed = bool(memories)
        if show and missed:
            click.echo(f"{item['id']}: {item['question']!r} | {item['reply']!r}")
            click.echo(f"  expected {item['expect']!r}, stored {memories}")
    for language, row in sorted(figures.items()):
        click.echo(
            f"{language}: kept {row['kept']} of {row['to_keep']} replies with something to keep; "
            f"{row['kept_anyway']} of {row['nothing_to_keep']} replies with nothing to keep gave a memory"
        )
    click.echo(json.dumps({"probe": probe.name, "figures": figures}, ensure_ascii=False))


if __name__ == "__main__":
    main()
