"""What a caller hands the memory-writing wing: a memory about to be written, before it is embedded and placed.

Extraction hands its contract's :class:`~graphsvc.pipeline.extraction.contract.ExtractedMemory` (source
messages already event uids); ``remember`` and ``correctMemory`` an :class:`Asserted` memory; candidate
promotion an ``ExtractedMemory`` built from the candidate. Any object with these attributes will do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from graphsvc.vocabulary import MemoryType


class MemoryDraft(Protocol):
    """A memory about to be written.

    Attributes:
        content: its text (at most 1000 characters).
        confidence, importance: 0–1.
        source_message_ids: the uids of the events it was taken from (empty: it rests on an assertion).
        occurred_at: an event's time (None for other types).
        slot: what it is a value of, as the extractor or the caller named it; None: the slot rules decide.
        stated_as: the sentence as its speaker said it, when ``content`` rewrote it (the slot rules read it).
        rule_id: the rulebook rule that kept it (:mod:`graphsvc.rulebook`); None when an LLM or a person made it.
    """

    @property
    def memory_type(self) -> MemoryType: ...
    @property
    def content(self) -> str: ...
    @property
    def confidence(self) -> float: ...
    @property
    def importance(self) -> float: ...
    @property
    def source_message_ids(self) -> Sequence[str]: ...
    @property
    def occurred_at(self) -> datetime | None: ...
    @property
    def slot(self) -> str | None: ...
    @property
    def stated_as(self) -> str | None: ...
    @property
    def rule_id(self) -> str | None: ...


@dataclass(frozen=True)
class Asserted:
    """A memory a person or an agent asserts (``remember``, ``correctMemory``): it rests on no message."""

    memory_type: MemoryType
    content: str
    confidence: float
    importance: float
    occurred_at: datetime | None = None
    slot: str | None = None
    source_message_ids: Sequence[str] = ()
    stated_as: str | None = None
    rule_id: str | None = None
