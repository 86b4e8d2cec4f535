"""Extraction quality on LoCoMo-format data: how many reference facts the memories carry, and how many
memories rest on a reference fact.

    .venv/bin/python scripts/bench/extraction_quality.py [PATH] [--conversations N] [--only SAMPLE_ID ...]

LoCoMo ships reference facts per session (``observation``: third-person facts, each citing the turn it came
from). Every session of PATH (default: the LoCoMo dev split in ../shared/bench/data) is extracted the way an
ended conversation is (:class:`graphsvc.pipeline.extraction.extractor.MemoryExtractor`: the offline rules,
or the configured LLM when ``LLM_BASE_URL`` is set), in process, with each turn's ``dia_id`` as its message
id. Then, per conversation and over all:

- **fact coverage**: the share of reference facts for which some memory cites the fact's turn among its
  sources and contains at least half of the fact's content words;
- **grounded memories**: the share of memories at least half of whose content words appear in the reference
  facts of the turns they cite;
- memories per conversation;

and the same for "every turn kept verbatim" (one memory per turn, citing it) as a baseline in the same run.
Content words: lower-cased word tokens without English stop words (NLTK's list, as ``locomo.py``) and
without the conversation's speakers' names. A memory with no content word is not grounded.

``--count-llm-calls`` also runs every session (an ended conversation) through the LLM path's extractor with
a scripted stand-in for the model (no network: it answers each call with an empty result and counts it), the
active entities detected by rule as the job does: LLM calls per ended conversation and the prompt tokens they
send (estimated like the extractor does: one per CJK character, one per four other characters). The answer's
tokens depend on the model and are not counted.

Prints a table and, last, one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import re
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import click
from bm25s.stopwords import STOPWORDS_EN_PLUS
from datasets import LOCOMO_DEV, evidence_ids, locomo_records
from openai.types.chat import ChatCompletionMessageParam
from pydantic import BaseModel

from graphsvc.config import Settings
from graphsvc.conversation import ConversationMessage
from graphsvc.graph.identity import IdentityIndex
from graphsvc.llm.client import LLMCall, LLMClient
from graphsvc.pipeline.extraction.extractor import MemoryExtractor
from graphsvc.pipeline.impressions.active import build_active_entities, detect_mentions
from graphsvc.text.tokens import estimate_tokens

T = TypeVar("T", bound=BaseModel)
STOPWORDS = frozenset(STOPWORDS_EN_PLUS)
COVER_SHARE = 0.5
"""A memory covers a fact when it holds at least this share of the fact's content words (the issue's rule)."""


def content_words(text: str, *, names: frozenset[str]) -> set[str]:
    """Lower-cased word tokens of ``text`` without stop words and speaker names (possessive 's dropped)."""
    words = re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("’", "'"))
    words = [re.sub(r"'s$", "", w) for w in words]
    return {w for w in words if w not in STOPWORDS and w not in names and len(w) > 1}


@dataclass
class Fact:
    text: str
    turns: list[str]
    words: set[str]


@dataclass
class Memory:
    text: str
    sources: list[str]
    words: set[str]


@dataclass
class Scores:
    facts: int = 0
    covered: int = 0
    memories: int = 0
    grounded: int = 0
    conversations: int = 0

    def add(self, other: Scores) -> None:
        self.facts += other.facts
        self.covered += other.covered
        self.memories += other.memories
        self.grounded += other.grounded
        self.conversations += other.conversations

    def summary(self) -> dict[str, float]:
        return {
            "fact_coverage": round(self.covered / self.facts, 4) if self.facts else 0.0,
            "grounded": round(self.grounded / self.memories, 4) if self.memories else 0.0,
            "memories_per_conversation": round(self.memories / max(self.conversations, 1), 1),
            "facts": self.facts,
            "memories": self.memories,
        }


@dataclass
class Conversation:
    sample_id: str
    speakers: frozenset[str]
    sessions: list[list[ConversationMessage]] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)


def load(path: Path, *, conversations: int | None, only: Sequence[str]) -> list[Conversation]:
    """The conversations of a LoCoMo-format file with their sessions and reference facts."""
    samples = json.loads(path.read_text(encoding="utf-8"))[:conversations]
    out = []
    for sample in samples:
        if only and sample["sample_id"] not in only:
            continue
        conv = sample["conversation"]
        names = [conv[key] for key in ("speaker_a", "speaker_b") if conv.get(key)]
        speakers = frozenset(w for name in names for w in content_words(name, names=frozenset()))
        by_session: dict[str, list[ConversationMessage]] = defaultdict(list)
        for record in locomo_records(path, conversations=None):
            if record["userId"] != f"locomo-{sample['sample_id']}":
                continue
            by_session[record["sessionId"]].append(
                ConversationMessage(
                    message_id=record["messageId"],
                    role=record["role"],
                    speaker=record["speaker"],
                    content=record["content"],
                    occurred_at=datetime.fromisoformat(record["occurredAt"]),
                )
            )
        facts = []
        for per_speaker in sample.get("observation", {}).values():
            for items in per_speaker.values():
                for item in items:
                    text, raw = item[0], item[1] if len(item) > 1 else []
                    turns = evidence_ids(raw if isinstance(raw, list) else [raw])
                    if turns:
                        facts.append(Fact(text, turns, content_words(text, names=speakers)))
        out.append(Conversation(sample["sample_id"], speakers, list(by_session.values()), facts))
    return out


def score(conversation: Conversation, memories: Iterable[tuple[str, list[str]]]) -> Scores:
    """Coverage and grounding of ``memories`` (``(text, source turn ids)``) against the conversation's facts."""
    kept = [Memory(t, s, content_words(t, names=conversation.speakers)) for t, s in memories]
    by_turn: dict[str, list[Memory]] = defaultdict(list)
    for memory in kept:
        for turn in memory.sources:
            by_turn[turn].append(memory)
    fact_words: dict[str, set[str]] = defaultdict(set)
    for fact in conversation.facts:
        for turn in fact.turns:
            fact_words[turn] |= fact.words
    result = Scores(facts=len(conversation.facts), memories=len(kept), conversations=1)
    for fact in conversation.facts:
        if not fact.words:
            continue
        need = COVER_SHARE * len(fact.words)
        candidates = [m for turn in fact.turns for m in by_turn.get(turn, [])]
        if any(len(fact.words & m.words) >= need for m in candidates):
            result.covered += 1
    for memory in kept:
        support = set().union(*(fact_words.get(t, set()) for t in memory.sources))
        if memory.words and len(memory.words & support) >= COVER_SHARE * len(memory.words):
            result.grounded += 1
    return result


async def run(conversations: list[Conversation], settings: Settings) -> dict[str, Any]:
    llm = LLMClient.from_settings(settings.llm) if settings.llm.enabled else None
    extractor = MemoryExtractor(llm=llm, window_tokens=settings.extraction.window_tokens)
    totals: dict[str, Scores] = {"graphsvc": Scores(), "verbatim turns": Scores()}
    per_conversation: dict[str, dict[str, dict[str, float]]] = {}
    llm_calls = tokens_in = tokens_out = 0
    try:
        for conversation in conversations:
            extracted: list[tuple[str, list[str]]] = []
            verbatim: list[tuple[str, list[str]]] = []
            for session in conversation.sessions:
                result, calls = await extractor.extract(session)
                llm_calls += len(calls)
                tokens_in += sum(c.tokens_in for c in calls)
                tokens_out += sum(c.tokens_out for c in calls)
                extracted += [(m.content, list(m.source_message_ids)) for m in result.memories]
                verbatim += [(f"{m.speaker}: {m.content}", [m.message_id]) for m in session]
            rows = {"graphsvc": score(conversation, extracted), "verbatim turns": score(conversation, verbatim)}
            per_conversation[conversation.sample_id] = {name: s.summary() for name, s in rows.items()}
            for name, s in rows.items():
                totals[name].add(s)
    finally:
        if llm is not None:
            await llm.aclose()
    return {
        "extractor": extractor.mode,
        "conversations": len(conversations),
        "systems": {name: s.summary() for name, s in totals.items()},
        "per_conversation": per_conversation,
        "llm": {"calls": llm_calls, "tokens_in": tokens_in, "tokens_out": tokens_out},
    }


class CountingLLM:
    """A stand-in for the model: answers every call with an empty, valid result and counts calls and prompt tokens."""

    def __init__(self) -> None:
        self.calls = 0
        self.tokens_in = 0

    async def structured(
        self, *, task: str, messages: list[ChatCompletionMessageParam], response_model: type[T]
    ) -> tuple[T, LLMCall]:
        self.calls += 1
        tokens = sum(estimate_tokens(str(m.get("content") or "")) for m in messages)
        self.tokens_in += tokens
        return response_model.model_validate({}), LLMCall(task, tokens, 0, 0.0, "ok")

    async def aclose(self) -> None:
        return None


async def count_llm_calls(conversations: list[Conversation], settings: Settings) -> dict[str, Any]:
    """LLM calls and prompt tokens per ended conversation (session) on the LLM path."""
    llm = CountingLLM()
    extractor = MemoryExtractor(llm=llm, window_tokens=settings.extraction.window_tokens)
    per_session: list[tuple[int, int]] = []
    for conversation in conversations:
        for session in conversation.sessions:
            before = (llm.calls, llm.tokens_in)
            active = build_active_entities(
                detect_mentions(session), session, index=IdentityIndex(), batch_size=settings.impressions.batch_size
            )
            await extractor.extract_all(session, active=active)
            per_session.append((llm.calls - before[0], llm.tokens_in - before[1]))
    calls = [c for c, _ in per_session]
    tokens = [t for _, t in per_session]
    return {
        "ended_conversations": len(per_session),
        "calls_per_conversation": {"mean": round(statistics.mean(calls), 2), "max": max(calls)},
        "prompt_tokens_per_conversation": {"mean": round(statistics.mean(tokens)), "max": max(tokens)},
    }


@click.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=LOCOMO_DEV)
@click.option("--conversations", type=int, default=None, help="Only the first N conversations.")
@click.option("--only", multiple=True, help="Only these sample ids (repeatable), e.g. conv-26.")
@click.option("--show", type=int, default=0, help="Print this many memories of the first conversation.")
@click.option(
    "--count-llm-calls", "llm_calls", is_flag=True, help="Also count LLM calls and prompt tokens per conversation."
)
def main(path: Path, conversations: int | None, only: tuple[str, ...], show: int, llm_calls: bool) -> None:
    convs = load(path, conversations=conversations, only=only)
    report = asyncio.run(run(convs, Settings()))
    if llm_calls:
        report["llm_path"] = asyncio.run(count_llm_calls(convs, Settings()))
        lp = report["llm_path"]
        click.echo(
            f"LLM path: {lp['calls_per_conversation']['mean']} calls and "
            f"{lp['prompt_tokens_per_conversation']['mean']} prompt tokens per ended conversation "
            f"({lp['ended_conversations']} conversations)"
        )
    if show and convs:
        extractor = MemoryExtractor(llm=None, window_tokens=6000)
        for session in convs[0].sessions[:3]:
            result, _ = asyncio.run(extractor.extract(session))
            for memory in result.memories[:show]:
                click.echo(f"  {memory.source_message_ids} {memory.memory_type:<10} {memory.content}", err=True)
    click.echo(f"\nExtraction quality ({report['extractor']}, {report['conversations']} conversations)")
    click.echo(f"{'system':<16}{'coverage':>10}{'grounded':>10}{'mem/conv':>10}")
    for name, s in report["systems"].items():
        click.echo(
            f"{name:<16}{s['fact_coverage']:>10.3f}{s['grounded']:>10.3f}{s['memories_per_conversation']:>10.1f}"
        )
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
