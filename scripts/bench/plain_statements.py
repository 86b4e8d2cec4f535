"""What graphsvc keeps of plain statements told to an assistant, one per session, through the product path.

    .venv/bin/python scripts/bench/plain_statements.py [--data plainprobe/statements.jsonl]
        [--gold plainprobe/gold.jsonl] [--show] [--reveal-test] [--unlabelled FILE] [--users-at-once 3]

Data (``plainprobe/README.md``): batches of statements, each line ``{batch, half, language, kind, text}``; ``kind``
``plain`` (a fact the assistant should keep) or ``look-alike`` (one that only looks like one); ``half`` fixed per
batch before anything ran (``tune``: rules may be written from it; ``test``: held back).

Product path (``learned.py``): ``graphsvc serve`` with the environment's Neo4j (``NEO4J_URI``) and no LLM settings;
each batch is one user (``<run tag>-pp<batch>-<language>``), each statement one session of two turns (the statement,
then the assistant's "Got it."), a day apart: ``ingestMessages``, ``endConversation``, then a wait until the
user's jobs are done. What the service stored is read back with the message ids each memory was extracted from.

Figures, per half and language and per batch and language: plain statements that gave a memory (at least one
memory extracted from the statement's message), look-alikes that gave one, and the memories right of those
labelled, by the gold file (``{language, statement, memory, label}``, ``label`` ``right`` or ``wrong``; the labelling
rules of ``precision/LABELLING.md``). Test-half texts are never printed unless ``--reveal-test``; ``--show`` prints
the tuning half's statements with what each gave; ``--unlabelled FILE`` writes the outputs no label covers, for the
labeller. Prints the tables, then one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click
import httpx
from learned import Api, Graph, Record, replay_user, served_offline

from graphsvc.config import Settings

HERE = Path(__file__).parent
SPEAKERS = {"en": "Maya", "zh": "林悦"}
ACKNOWLEDGED = {"en": "Got it.", "zh": "好的，记下了。"}
STARTED = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Statement:
    batch: str
    half: str
    language: str
    kind: str
    text: str

    @property
    def user(self) -> str:
        return f"pp{self.batch}-{self.language}"


@dataclass
class Outcome:
    """What one statement gave: the memories extracted from its message, each with its rule and label."""

    statement: Statement
    memories: list[tuple[str, str, str | None]] = field(default_factory=list)
    """``(memory text, rule id, label or None)``."""


def load_statements(path: Path) -> list[Statement]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [Statement(r["batch"], r["half"], r["language"], r["kind"], r["text"]) for r in rows]


def load_gold(path: Path) -> dict[tuple[str, str], str]:
    """``(statement, memory) → label``."""
    if not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {(r["statement"], r["memory"]): r["label"] for r in rows}


def records(statements: list[Statement]) -> dict[str, list[Record]]:
    """Per user (batch), its sessions in the import format: one statement and the assistant's answer each."""
    by_user: dict[str, list[Record]] = defaultdict(list)
    for s in statements:
        n = len(by_user[s.user]) // 2
        said_at = STARTED + timedelta(days=n)
        session = f"s{n:02d}"
        by_user[s.user] += [
            {
                "sessionId": session,
                "messageId": f"{session}-u",
                "role": "user",
                "speaker": SPEAKERS[s.language],
                "content": s.text,
                "occurredAt": said_at.isoformat(),
            },
            {
                "sessionId": session,
                "messageId": f"{session}-a",
                "role": "assistant",
                "speaker": "Assistant",
                "content": ACKNOWLEDGED[s.language],
                "occurredAt": (said_at + timedelta(minutes=1)).isoformat(),
            },
        ]
    return dict(by_user)


async def replay(url: str, by_user: dict[str, list[Record]], *, tag: str, users_at_once: int) -> dict[str, Any]:
    """Each user replayed (``users_at_once`` at a time); user → its memory rows as read back."""
    graph = Graph(Settings())
    gate = asyncio.Semaphore(users_at_once)

    async def one(api: Api, user: str, rows: list[Record]) -> tuple[str, list[Record]]:
        async with gate:
            run = await replay_user(api, graph, user_id=f"{tag}-{user}", records=rows, force_reflection=False)
        click.echo(f"  {user}: {run.sessions} sessions replayed", err=True)
        return user, run.outputs["memory"]

    try:
        async with httpx.AsyncClient(base_url=url, timeout=600) as client:
            api = Api(client)
            done = await asyncio.gather(*(one(api, user, rows) for user, rows in by_user.items()))
    finally:
        await graph.close()
    return dict(done)


def outcomes(
    statements: list[Statement], memories: dict[str, list[Record]], gold: dict[tuple[str, str], str]
) -> list[Outcome]:
    """Each statement with the memories extracted from its message (by the message ids stored on each)."""
    found: dict[tuple[str, str], Outcome] = {}
    counters: dict[str, int] = defaultdict(int)
    for s in statements:
        found[(s.user, f"s{counters[s.user]:02d}-u")] = Outcome(s)
        counters[s.user] += 1
    for user, rows in memories.items():
        for row in rows:
            for message_id in row["message_ids"]:
                outcome = found.get((user, message_id))
                if outcome is not None:
                    label = gold.get((outcome.statement.text, row["text"]))
                    outcome.memories.append((row["text"], row["rule"] or "-", label))
    return list(found.values())


def figures(found: list[Outcome], by: Callable[[Statement], str]) -> dict[str, Any]:
    """Per ``by(statement)`` (``half/language``, ``batch/language``): plain statements and look-alikes that gave a
    memory, memories right of labelled."""
    out: dict[str, dict[str, Any]] = {}
    for o in found:
        row = out.setdefault(
            by(o.statement),
            {
                "plain_gave": 0,
                "plain": 0,
                "look_alike_gave": 0,
                "look_alikes": 0,
                "right": 0,
                "labelled": 0,
                "memories": 0,
            },
        )
        said, gave = ("plain", "plain_gave") if o.statement.kind == "plain" else ("look_alikes", "look_alike_gave")
        row[said] += 1
        row[gave] += bool(o.memories)
        row["memories"] += len(o.memories)
        row["labelled"] += sum(label is not None for _, _, label in o.memories)
        row["right"] += sum(label == "right" for _, _, label in o.memories)
    return dict(sorted(out.items()))


def print_report(report: dict[str, Any], heading: str) -> None:
    click.echo(f"{heading:<15} plain gave a memory   look-alikes gave one   memories right / labelled (of kept)")
    for key, row in report.items():
        click.echo(
            f"{key:<15} {row['plain_gave']:>3} of {row['plain']:<14} {row['look_alike_gave']:>3} of "
            f"{row['look_alikes']:<17} {row['right']} / {row['labelled']} ({row['memories']})"
        )


@click.command()
@click.option("--data", type=click.Path(path_type=Path), default=HERE / "plainprobe" / "statements.jsonl")
@click.option("--gold", type=click.Path(path_type=Path), default=HERE / "plainprobe" / "gold.jsonl")
@click.option("--show", is_flag=True, help="Print the tuning half's statements and what each gave.")
@click.option("--reveal-test", is_flag=True, help="With --show, the held-back half's too.")
@click.option("--unlabelled", type=click.Path(path_type=Path), default=None, help="Write unlabelled outputs here.")
@click.option("--users-at-once", type=int, default=3, show_default=True)
def main(data: Path, gold: Path, show: bool, reveal_test: bool, unlabelled: Path | None, users_at_once: int) -> None:
    statements = load_statements(data)
    tag = f"ps{secrets.token_hex(3)}"
    started = time.perf_counter()
    with served_offline(users_at_once=users_at_once, prefix="plain-serve-") as (url, log_name):
        memories = asyncio.run(replay(url, records(statements), tag=tag, users_at_once=users_at_once))
    found = outcomes(statements, memories, load_gold(gold))
    report = figures(found, lambda s: f"{s.half}/{s.language}")
    by_batch = figures(found, lambda s: f"{s.batch}/{s.language}")
    click.echo(f"run tag {tag}, wall {time.perf_counter() - started:.0f} s, {len(statements)} statements, offline")
    print_report(report, "half/language")
    print_report(by_batch, "batch/language")
    if show:
        for o in found:
            if o.statement.half == "tune" or reveal_test:
                click.echo(f"{'  ' if o.memories else '∅ '}[{o.statement.half} {o.statement.kind}] {o.statement.text}")
                for text, rule, label in o.memories:
                    click.echo(f"      -> {text}  [{rule}] {label or 'unlabelled'}")
    if unlabelled is not None:
        with unlabelled.open("w", encoding="utf-8") as f:
            for o in found:
                for text, _, label in o.memories:
                    if label is None:
                        row = {"language": o.statement.language, "statement": o.statement.text, "memory": text}
                        f.write(json.dumps(row | {"half": o.statement.half}, ensure_ascii=False) + "\n")
    json.dump({"run_tag": tag, "figures": report, "by_batch": by_batch}, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
