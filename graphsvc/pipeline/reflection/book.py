"""The in-memory picture of one user's traits that a reflection cycle plans on.

A cycle loads the user's traits, their evidence and the PARENT_OF edges into a :class:`TraitBook`,
applies every step to it (pure code, no I/O), and writes the changes in one transaction. The book
records what changed (new and changed traits, new evidence, new edges, history entries, counts), so
the writer persists exactly that, and unit tests can run whole cycles without a database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
import numpy.typing as npt

from graphsvc.errors import TraitCycleError
from graphsvc.graph.reflection import HistoryRecord
from graphsvc.graph.reflection import MemoryRecord as MemoryRecord  # re-exported: what a cycle reads of a memory
from graphsvc.vocabulary import (
    EvidenceGrade,
    EvidenceKind,
    HistoryEvent,
    TraitContext,
    TraitStage,
    TraitSubtype,
)

Vector = npt.NDArray[np.float32]
"""``(d,)`` float32, L2-normalised."""


def observations(memories: Iterable[MemoryRecord]) -> int:
    """How many times the memories were said: each once per conversation it was extracted from (a habit restated
    in the same words in three conversations is one memory said three times), at least once.

    This is what the evidence gates of a new trait count (``behavior_min_evidence``, a trend's two).
    """
    return sum(max(1, len(m.sessions)) for m in memories)


@dataclass
class EvidenceRecord:
    """One ``Evidence`` node: a memory cited as supporting or contradicting a trait.

    ``uid`` is None until written; ``resolved_at`` is set when a modification of the trait took the
    contradiction into account (seed 002 §6).
    """

    memory_uid: str
    kind: EvidenceKind
    grade: EvidenceGrade
    cycle_id: str | None
    created_at: datetime
    sessions: frozenset[str] = frozenset()
    uid: str | None = None
    inherited_from: str | None = None
    resolved_at: datetime | None = None
    resolved_now: bool = False
    strong: bool = False
    """A contradiction the reflector called strong (seed 002 §5: factor 0.4); recorded so a retraction can
    replay the trait's confidence from the evidence left."""


@dataclass
class TraitState:
    """A trait while a cycle works on it (the fields of the ``Trait`` node plus its evidence).

    ``about``: the person whose memories it rests on (a speaker's name; None when the messages named no speaker:
    the user of the memory space), see :mod:`.persons`. ``reasoning``: why an upgrade made it (seed 002 §4: the
    reflector's ``reasoning``), None for other traits. ``rule_id``: the rulebook's trait rule that phrased it (the
    offline reflector, :mod:`graphsvc.rulebook.traits`); None when an LLM phrased it.
    """

    uid: str
    content: str
    content_hash: str
    stage: TraitStage
    subtype: TraitSubtype
    confidence: float | None
    context: TraitContext
    embedding: Vector | None
    created_at: datetime
    cycle_id: str | None
    base_confidence: float | None
    window_start: datetime | None = None
    window_end: datetime | None = None
    first_observed: datetime | None = None
    last_reinforced: datetime | None = None
    decayed_at: datetime | None = None
    expired_at: datetime | None = None
    reinforcement_count: int = 0
    contradiction_count: int = 0
    derived_from: str = "reflection"
    about: str | None = None
    reasoning: str | None = None
    rule_id: str | None = None
    evidence: list[EvidenceRecord] = field(default_factory=list)
    is_new: bool = False
    changed: bool = False
    embedding_changed: bool = False

    @property
    def active(self) -> bool:
        return self.stage != "dissolved"

    def cites(self, memory_uid: str, kind: EvidenceKind | None = None) -> bool:
        """True when the trait already has evidence citing ``memory_uid`` (of ``kind``, if given)."""
        return any(e.memory_uid == memory_uid and (kind is None or e.kind == kind) for e in self.evidence)

    def evidence_sessions(self, kind: EvidenceKind = "supporting") -> frozenset[str]:
        """The conversations its evidence of ``kind`` comes from."""
        return frozenset(s for e in self.evidence if e.kind == kind for s in e.sessions)

    def new_evidence(self) -> list[EvidenceRecord]:
        return [e for e in self.evidence if e.uid is None]


@dataclass
class CycleCounts:
    """What a cycle did; becomes the ``ReflectionCycle`` counters."""

    created: int = 0
    upgraded: int = 0
    promoted: int = 0
    modified: int = 0
    reinforced: set[str] = field(default_factory=set)
    contradicted: set[str] = field(default_factory=set)
    dissolved: set[str] = field(default_factory=set)
    rejected: int = 0
    notes: list[str] = field(default_factory=list)

    def reject(self, note: str) -> None:
        """Count an operation the code refused, with the reason (kept on the cycle for debugging)."""
        self.rejected += 1
        self.notes.append(note)


class TraitBook:
    """One user's traits and PARENT_OF edges, plus the changes of the running cycle.

    Args:
        traits: the user's traits (dissolved ones may be left out; their edges may not).
        edges: every ``(parent_uid, child_uid)`` PARENT_OF edge of the user.
    """

    def __init__(self, traits: list[TraitState], edges: set[tuple[str, str]]) -> None:
        self.traits: dict[str, TraitState] = {t.uid: t for t in traits}
        self.edges: set[tuple[str, str]] = set(edges)
        self.new_edges: list[tuple[str, str]] = []
        self.history: list[HistoryRecord] = []
        self.counts = CycleCounts()

    def active(self) -> list[TraitState]:
        """Traits not dissolved, in insertion order."""
        return [t for t in self.traits.values() if t.active]

    def add(self, trait: TraitState) -> None:
        trait.is_new = True
        self.traits[trait.uid] = trait

    def record(
        self, trait: TraitState, event: HistoryEvent, old: str | None, new: str | None, reason: str | None = None
    ) -> None:
        """Mark the trait changed and queue a HistoryEntry (seed 002 §6: every change is audited)."""
        trait.changed = True
        self.history.append(
            HistoryRecord(
                trait.uid,
                event,
                old,
                new,
                reason,
                stage=trait.stage,
                confidence=trait.confidence,
                reinforcement_count=trait.reinforcement_count,
                contradiction_count=trait.contradiction_count,
            )
        )

    def children(self, uid: str) -> set[str]:
        return {c for p, c in self.edges if p == uid}

    def parents(self, uid: str) -> set[str]:
        return {p for p, c in self.edges if c == uid}

    def descendants(self, uid: str) -> set[str]:
        """Every trait reachable from ``uid`` over PARENT_OF (not ``uid`` itself unless in a cycle)."""
        seen: set[str] = set()
        stack = list(self.children(uid))
        while stack:
            node = stack.pop()
            if node not in seen:
                seen.add(node)
                stack.extend(self.children(node))
        return seen

    def would_cycle(self, parent_uid: str, child_uid: str) -> bool:
        """True when ``parent → child`` would close a cycle: the parent is the child or its descendant."""
        return parent_uid == child_uid or parent_uid in self.descendants(child_uid)

    def link(self, parent_uid: str, child_uid: str) -> bool:
        """Add a PARENT_OF edge after the traversal check.

        Returns:
            False when the edge already exists (nothing to do), True when added.

        Raises:
            TraitCycleError: the parent is the child itself or one of its descendants.
        """
        if (parent_uid, child_uid) in self.edges:
            return False
        if self.would_cycle(parent_uid, child_uid):
            raise TraitCycleError(parent_uid=parent_uid, child_uid=child_uid)
        self.edges.add((parent_uid, child_uid))
        self.new_edges.append((parent_uid, child_uid))
        return True
