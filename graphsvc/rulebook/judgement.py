"""What the rules decide about the sentences of a message: a kept statement, or why nothing was kept.

The composers of each language (:mod:`graphsvc.rulebook.en.compose`, :mod:`graphsvc.rulebook.zh.compose`) return
one :class:`Judgement` per piece of a sentence they judged; the extractor (:mod:`graphsvc.rulebook.extract`) turns
the kept ones into memories and keeps the rest as the trace of what was considered.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from graphsvc.vocabulary import MemoryType


@dataclass(frozen=True)
class Statement:
    """A statement the rules keep, ready to be a memory.

    Attributes:
        content: the statement standing alone, the speaker named ("Ana is allergic to peanuts.").
        said: the piece as the speaker said it, in the first person ("I'm allergic to peanuts.").
        memory_type: the type its keep rule (or a type rule) gave.
        confidence: its keep rule's confidence (0-1).
        rule_id: the keep rule that kept it.
        shaped_by: every other rule that shaped it, in order (trims, split, subject, type).
        occurred_at: for an event, when it happened or will (UTC); else None.
        slot: the slot a newer value of it supersedes (``lives_in``, ``locker_number``), or None.
        about: whom it is about: the speaker's name ("" when unknown).
    """

    content: str
    said: str
    memory_type: MemoryType
    confidence: float
    rule_id: str
    shaped_by: tuple[str, ...] = ()
    occurred_at: datetime | None = None
    slot: str | None = None
    about: str = ""


@dataclass(frozen=True)
class Judgement:
    """The rules' decision on one piece of a sentence.

    Attributes:
        sentence: the sentence the piece comes from, as said.
        piece: the piece as judged (after trims, a split and a restored subject).
        statement: what was kept; None when nothing was.
        refused_by: the refuse rule that refused it; None when kept or when no keep rule fired.
        shaped_by: the rules that shaped the piece before the decision (trims, split, subject).
    """

    sentence: str
    piece: str
    statement: Statement | None = None
    refused_by: str | None = None
    shaped_by: tuple[str, ...] = ()

    @property
    def decided_by(self) -> str | None:
        """The rule that decided: the keep rule, the refuse rule, or None (no keep rule fired: nothing kept)."""
        if self.statement is not None:
            return self.statement.rule_id
        return self.refused_by
