"""Precision of what graphsvc learns on its own (no LLM): offline memories, traits and entity kinds, against a
hand-labelled gold set.

    .venv/bin/python scripts/bench/precision.py [--no-memorybank] [--unlabelled FILE] [--show-wrong]

Conversations (each session an ended conversation):

- ``scripts/bench/precision/conversations.jsonl``: conversations written for this benchmark (import format, two
  friends talking or a person and an assistant, English and Chinese);
- MemoryBank (cn and en, MIT licence) from ``../shared/bench/data`` unless ``--no-memorybank``: each day of each
  user a session. Its text stays there: the gold set holds only the hashes of items built from it.

What is judged, per user (the current code, in process, no database):

- **memory**: every memory :func:`graphsvc.pipeline.extraction.offline.extract_offline` returns for a session;
- **trait**: every new behavior or trend the offline reflector
  (:func:`graphsvc.pipeline.reflection.offline.reflect_offline`) proposes over all the user's memories at once
  (all new, local e5 embeddings, default reflection settings), as its content;
- **entity**: every entity a session names (:func:`graphsvc.pipeline.impressions.active.detect_mentions`) other
  than the speakers, as "name (kind)"; a thing named in one message only is left out, as the offline planner does
  not observe it.

Each item is keyed by ``sha256("kind|user|text")`` (16 hex digits) and matched to ``precision/gold.jsonl`` (one
object per line: ``hash``, ``kind``, ``label`` right/wrong, ``rule``: the labelling rule that decided, see
``precision/LABELLING.md``; ``text`` for items of the benchmark's own conversations). Precision per kind = right /
labelled among the items the current code outputs; items with no label are counted and can be written out with
their text (``--unlabelled FILE``) so a person labels them by the same rules. Prints a table and, last, one JSON
object.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import click
from datasets import MEMORYBANK, memorybank_records

from graphsvc.config import ReflectionSettings, Settings
from graphsvc.conversation import ConversationMessage
from graphsvc.embed.local import LocalEmbedder
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.pipeline.impressions.active import detect_mentions
from graphsvc.pipeline.reflection.book import MemoryRecord
from graphsvc.pipeline.reflection.offline import reflect_offline

HERE = Path(__file__).resolve().parent / "precision"
CONVERSATIONS = HERE / "conversations.jsonl"
GOLD = HERE / "gold.jsonl"
KINDS = ("memory", "trait", "entity")
GOALS = {"memory": 0.85, "trait": 0.90, "entity": 0.90}


@dataclass(frozen=True)
class Item:
    """One output of the current code to be judged."""

    kind: str
    user: str
    text: str
    source: str  # "own" (the benchmark's conversations) or "memorybank"

    @property
    def key(self) -> str:
        return item_hash(self.kind, self.user, self.text)


def item_hash(kind: str, user: str, text: str) -> str:
    """The gold set's key of an item: 16 hex digits of ``sha256("kind|user|text")``."""
    return hashlib.sha256(f"{kind}|{user}|{text}".encode()).hexdigest()[:16]


def sessions_of(records: list[dict[str, Any]]) -> dict[str, dict[str, list[ConversationMessage]]]:
    """``{user: {session: messages in order}}`` from import-format records."""
    out: dict[str, dict[str, list[ConversationMessage]]] = defaultdict(lambda: defaultdict(list))
    for r in records:
        out[r["userId"]][r["sessionId"]].append(
            ConversationMessage(
                message_id=r["messageId"],
                role=r["role"],
                speaker=r["speaker"],
                content=r["content"],
                occurred_at=datetime.fromisoformat(r["occurredAt"]),
            )
        )
    return out


async def items_of(
    user: str, sessions: dict[str, list[ConversationMessage]], source: str, embedder: LocalEmbedder
) -> list[Item]:
    """The memories, traits and entities the current code learns from one user's sessions."""
    items: list[Item] = []
    records: list[MemoryRecord] = []
    for session_id, messages in sessions.items():
        for memory in extract_offline(messages).memories:
            items.append(Item("memory", user, memory.content, source))
            records.append(
                MemoryRecord(
                    uid=f"{session_id}:{len(records)}",
                    content=memory.content,
                    memory_type=memory.memory_type,
                    importance=memory.importance,
                    observed_at=messages[0].occurred_at,
                    sessions=frozenset({session_id}),
                    embedding=None,  # type: ignore[arg-type]  # filled below
                    is_new=True,
                )
            )
        speakers = {(m.speaker or "").strip() for m in messages}
        for mention in detect_mentions(messages):
            if mention.name in speakers or (mention.kind == "thing" and len(mention.source_message_ids) < 2):
                continue
            items.append(Item("entity", user, f"{mention.name} ({mention.kind})", source))
    if records:
        vectors = await embedder.embed_passages([r.content for r in records])
        memories = [
            (f"m{i + 1}", MemoryRecord(**{**r.__dict__, "embedding": vectors[i]})) for i, r in enumerate(records)
        ]
        output = reflect_offline(
            memories=memories,
            traits=[],
            settings=ReflectionSettings(),
            similarity_floor=Settings().embedding.similarity_floor,
        )
        contents = [t.content for t in output.new_behaviors] + [t.content for t in output.new_trends]
        items += [Item("trait", user, content, source) for content in contents]
    return list(dict.fromkeys(items))


def load_gold(path: Path) -> dict[str, dict[str, Any]]:
    """``{hash: label row}`` of the gold set."""
    if not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {row["hash"]: row for row in rows}


def precision(items: list[Item], gold: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per kind: items output, labelled, right, precision (right / labelled) and the goal."""
    report: dict[str, dict[str, Any]] = {}
    for kind in KINDS:
        of_kind = [i for i in items if i.kind == kind]
        labelled = [gold[i.key] for i in of_kind if i.key in gold]
        right = sum(row["label"] == "right" for row in labelled)
        report[kind] = {
            "output": len(of_kind),
            "labelled": len(labelled),
            "unlabelled": len(of_kind) - len(labelled),
            "right": right,
            "precision": round(right / len(labelled), 4) if labelled else None,
            "goal": GOALS[kind],
        }
    return report


async def collect(memorybank: bool) -> list[Item]:
    own = [json.loads(line) for line in CONVERSATIONS.read_text(encoding="utf-8").splitlines() if line.strip()]
    sources: list[tuple[str, list[dict[str, Any]]]] = [("own", own)]
    if memorybank:
        for lang in ("en", "cn"):
            sources.append(("memorybank", list(memorybank_records(MEMORYBANK[lang]))))
    embedder = LocalEmbedder()
    items: list[Item] = []
    try:
        for source, records in sources:
            for user, sessions in sessions_of(records).items():
                items += await items_of(user, sessions, source, embedder)
    finally:
        await embedder.aclose()
    return items


@click.command()
@click.option("--memorybank/--no-memorybank", default=True, help="Also judge output on MemoryBank (cn and en).")
@click.option("--gold", "gold_path", type=click.Path(path_type=Path), default=GOLD, show_default=True)
@click.option("--unlabelled", type=click.Path(path_type=Path), help="Write the unlabelled items here (JSON lines).")
@click.option("--show-wrong", is_flag=True, help="List the output items labelled wrong.")
def main(memorybank: bool, gold_path: Path, unlabelled: Path | None, show_wrong: bool) -> None:
    items = asyncio.run(collect(memorybank))
    gold = load_gold(gold_path)
    report = precision(items, gold)
    if unlabelled is not None:
        with unlabelled.open("w", encoding="utf-8") as out:
            for item in items:
                if item.key not in gold:
                    row = {"hash": item.key, "kind": item.kind, "user": item.user, "source": item.source}
                    out.write(json.dumps(row | {"text": item.text}, ensure_ascii=False) + "\n")
    click.echo(f"{'kind':<8}{'output':>8}{'labelled':>10}{'right':>7}{'precision':>11}{'goal':>6}")
    for kind, row in report.items():
        shown = "-" if row["precision"] is None else f"{row['precision']:.3f}"
        click.echo(f"{kind:<8}{row['output']:>8}{row['labelled']:>10}{row['right']:>7}{shown:>11}{row['goal']:>6}")
    if show_wrong:
        for item in items:
            if gold.get(item.key, {}).get("label") == "wrong":
                click.echo(f"  wrong {item.kind} [{gold[item.key].get('rule', '')}] {item.text}")
    json.dump({"precision": report, "gold_items": len(gold)}, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
