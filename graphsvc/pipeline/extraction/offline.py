"""Offline memory extraction (seed 001, M.4): the rulebook's statements as the extraction contract's memories.

Used when no LLM is configured, and when every attempt of an LLM call failed (the job falls back to the rules
rather than leave the user with nothing). Same output model as the LLM extractor (:mod:`.contract`), English and
Chinese, pure and deterministic. What is kept, and why, is the rulebook's (:mod:`graphsvc.rulebook`): each
memory records the keep rule that made it (``rule_id``); a sentence no rule keeps is not a memory (its message
stays searchable as an event). Importance comes from :func:`graphsvc.text.importance.score_importance`.
Identical normalised contents are kept once, with their source ids merged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from graphsvc.conversation import ConversationMessage
from graphsvc.pipeline.extraction.contract import ExtractedMemory, MemoryExtraction
from graphsvc.rulebook import book
from graphsvc.rulebook.engine import Selection
from graphsvc.rulebook.extract import GroupVoice, MessageTrace, judge_conversation, judge_sentence
from graphsvc.rulebook.judgement import Statement
from graphsvc.text.importance import score_importance
from graphsvc.text.language import detect_language, split_sentences
from graphsvc.vocabulary import MemoryType

_MAX_CONTENT_CHARS = 1000


def _normalise(content: str) -> str:
    return " ".join(re.sub(r"[\W_]+", " ", content.casefold()).split())


def statement_key(content: str) -> str:
    """A statement's text as :func:`memories_of` compares it (identical normalised contents are one memory),
    clipped as a memory's content is: extraction traces find the memory a statement became by it."""
    return _normalise(content[:_MAX_CONTENT_CHARS])


def _names_itself(statement: Statement) -> bool:
    """A self-introduction once the speaker is named says nothing: "Ana's name is Ana", "王芳叫王芳"."""
    name = re.escape(statement.about)
    if not name:
        return False
    linking = r"(?:'s name is|['’]s name is|is called|is|叫|是|名叫|的名字是|的名字叫)"
    return re.fullmatch(rf"\s*{name}\s*{linking}\s*{name}\s*[。.!！]?\s*", statement.content, re.IGNORECASE) is not None


def memories_of(traces: Sequence[MessageTrace], *, max_memories: int = 200) -> list[ExtractedMemory]:
    """The memories the traces keep, in conversation order (see :func:`extract_offline`)."""
    by_key: dict[str, ExtractedMemory] = {}
    for trace in traces:
        for judgement in trace.judgements:
            statement = judgement.statement
            if statement is None or _names_itself(statement):
                continue
            key = _normalise(statement.content)
            known = by_key.get(key)
            if known is not None:
                if trace.message_id not in known.source_message_ids:
                    known.source_message_ids.append(trace.message_id)
                known.confidence = max(known.confidence, statement.confidence)
                continue
            said = f"{trace.speaker}: {statement.said}" if trace.speaker else statement.said
            by_key[key] = ExtractedMemory(
                memory_type=statement.memory_type,
                content=statement.content[:_MAX_CONTENT_CHARS],
                confidence=statement.confidence,
                importance=score_importance(statement.memory_type, statement.content),
                source_message_ids=[trace.message_id],
                occurred_at=statement.occurred_at,
                slot=statement.slot,
                stated_as=said[:_MAX_CONTENT_CHARS],
                rule_id=statement.rule_id,
            )
    memories = list(by_key.values())
    if len(memories) > max_memories:
        ranked = sorted(memories, key=lambda m: (-m.importance, -m.confidence))  # stable: ties keep order
        kept = {id(m) for m in ranked[:max_memories]}
        memories = [m for m in memories if id(m) in kept]
    return memories


def extract_offline(
    messages: Sequence[ConversationMessage], *, max_memories: int = 200, selection: Selection | None = None
) -> MemoryExtraction:
    """Extract memories from one conversation by the rulebook.

    Args:
        messages: The conversation in order; assistant/system/AI messages are context only, never sources.
        max_memories: Upper bound on the memories returned; when exceeded, the most important ones
            (ties: higher confidence, then earlier) are kept, in conversation order.
        selection: the rules that run (None: the rulebook's defaults, :func:`graphsvc.rulebook.book.default`).

    Returns:
        Memories in conversation order, each one statement of one message made to stand alone (the speaker
        named, a compound sentence one memory per fact), with the keep rule that made it; empty when nothing
        was kept.

    Raises:
        ValueError: `max_memories` is negative.
    """
    return judge_and_extract(messages, max_memories=max_memories, selection=selection)[0]


def judge_and_extract(
    messages: Sequence[ConversationMessage],
    *,
    max_memories: int = 200,
    selection: Selection | None = None,
    voice: GroupVoice | None = None,
) -> tuple[MemoryExtraction, list[MessageTrace]]:
    """:func:`extract_offline`, and the rulebook's trace of every message (what each judged piece became: kept,
    refused by which rule, or nothing), one per message in order. ``voice``: the side of a group's conversation
    it is judged for (:func:`graphsvc.rulebook.extract.in_voice`); None for anyone else's.

    Raises:
        ValueError: `max_memories` is negative.
    """
    if max_memories < 0:
        raise ValueError(f"max_memories must be >= 0, got {max_memories}")
    traces = judge_conversation(messages, selection=selection, voice=voice)
    return MemoryExtraction(memories=memories_of(traces, max_memories=max_memories)), traces


def classify_statement(
    text: str, *, at: datetime, selection: Selection | None = None
) -> tuple[MemoryType, datetime | None]:
    """The memory type of a statement stored without one (``remember`` over MCP), as the rulebook types it: the
    most confident keep rule over its sentences; a fact when no rule keeps any.

    Args:
        text: the statement, possibly behind a speaker prefix ("Ana: I adopted a cat last May.").
        at: when it is stated (relative times such as "last May" resolve against it).

    Returns:
        the type and, for an event that names its time, that time (UTC); else None.
    """
    chosen = selection or book.default()
    speaker, _, rest = text.partition(":") if re.match(r"^[^:：\n]{1,40}:\s", text) else ("", "", text)
    language = detect_language(rest)
    best: Statement | None = None
    for sentence in split_sentences(rest):
        for judgement in judge_sentence(sentence, language, speaker=speaker.strip(), sent_at=at, selection=chosen):
            found = judgement.statement
            if found is not None and (best is None or found.confidence > best.confidence):
                best = found
    if best is None:
        return "fact", None
    return best.memory_type, best.occurred_at if best.memory_type == "event" else None
