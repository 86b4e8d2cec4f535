"""What an event of another source states: candidate statements, by rule (pure, no I/O).

- a todo or task: its whole text (the title alone only when there is no text: "Book the dentist for my kid"
  titled "Dentist" is about the kid's appointment, not "Dentist") as a ``goal`` while open, as an ``event``
  dated by the record once its status says it is done (``done``, ``completed``, ``closed``, ``finished``,
  ``完成``, ``已完成``);
- a calendar entry: its whole text (else its title) as an ``event`` dated by the entry;
- what the user wrote (notes, todos, tasks, calendar entries): the first-person statements the offline extractor
  finds in its text (:func:`graphsvc.pipeline.extraction.offline.extract_offline`: place, work, likes, plans,
  problems, dated events; English and Chinese), at most ``candidate_statements_per_event`` in all, most important
  first.

Sources have an author (issue 22): a document or a forum post is written by someone else (a paper's "I think…",
an auditor's paragraph), so :data:`THIRD_PARTY` sources state nothing about the user: no candidate, hence never a
memory. What the user says about them in a conversation is the user's own statement.

The same rules run with or without an LLM: candidates wait for reinforcement before they become memories, so a
rule's miss costs a candidate, never a wrong memory.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from graphsvc.config import CandidateSettings
from graphsvc.conversation import ConversationMessage
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.rulebook.engine import Selection
from graphsvc.text.importance import score_importance
from graphsvc.vocabulary import THIRD_PARTY_SOURCES, MemoryType, SourceType

DONE_STATUSES = frozenset({"done", "completed", "complete", "closed", "finished", "resolved", "完成", "已完成"})
MAX_READ_CHARS = 20_000
MAX_STATEMENT_CHARS = 500
DEFAULT_CONFIDENCE = 0.6
THIRD_PARTY: frozenset[SourceType] = THIRD_PARTY_SOURCES
"""Sources whose sentences are someone else's: never the user's statements (:data:`graphsvc.vocabulary.
THIRD_PARTY_SOURCES`)."""


class SourceRecord(Protocol):
    """What the rules read of an event (``pipeline.sources.events.EventRow`` is one)."""

    @property
    def source_type(self) -> str: ...
    @property
    def title(self) -> str | None: ...
    @property
    def content(self) -> str: ...
    @property
    def status(self) -> str | None: ...
    @property
    def occurred_at(self) -> datetime: ...


@dataclass(frozen=True)
class Statement:
    """A candidate statement: what a memory would say, typed, with the rule's importance and confidence (0–1)."""

    memory_type: MemoryType
    content: str
    importance: float
    confidence: float
    occurred_at: datetime | None = None


def _whole_text(record: SourceRecord) -> str:
    """The record's whole text on one line (whitespace collapsed), else its title; at most
    :data:`MAX_STATEMENT_CHARS`. The title is a label the text already carries; it stands in only for an empty text."""
    text = " ".join(record.content.split()) or " ".join((record.title or "").split())
    return text[:MAX_STATEMENT_CHARS]


def _record_statement(record: SourceRecord) -> Statement | None:
    headline = _whole_text(record)
    if not headline:
        return None
    done = (record.status or "").strip().casefold() in DONE_STATUSES
    if record.source_type in ("todo", "task"):
        memory_type: MemoryType = "event" if done else "goal"
    elif record.source_type == "calendar":
        memory_type = "event"
    else:
        return None
    when = record.occurred_at if memory_type == "event" else None
    return Statement(memory_type, headline, score_importance(memory_type, headline), DEFAULT_CONFIDENCE, when)


def from_event(record: SourceRecord, *, settings: CandidateSettings, rules: Selection | None = None) -> list[Statement]:
    """The candidate statements of one event, most important first, at most ``candidate_statements_per_event``.

    Args:
        rules: the offline rulebook's rules that run (None: its defaults).

    Returns:
        an empty list when the record states nothing the rules recognise, and always for a third-party source
        (:data:`THIRD_PARTY`: documents, forum posts).
    """
    if record.source_type in THIRD_PARTY:
        return []
    found: list[Statement] = []
    own = _record_statement(record)
    if own is not None:
        found.append(own)
    text = record.content[:MAX_READ_CHARS]
    message = ConversationMessage(message_id="m1", role="user", content=text, occurred_at=record.occurred_at)
    for memory in extract_offline([message], selection=rules).memories:
        content = memory.content[:MAX_STATEMENT_CHARS]
        if any(s.content == content for s in found):
            continue
        found.append(Statement(memory.memory_type, content, memory.importance, memory.confidence, memory.occurred_at))
    found.sort(key=lambda s: -s.importance)
    return found[: settings.statements_per_event]
