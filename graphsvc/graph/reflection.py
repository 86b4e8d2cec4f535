"""Reflection cycles (seed 002 §1–2, §9): the user's running flag and trigger inputs, the memories a cycle
reads, and the one transaction a completed cycle writes.

Statements: ``cypher/queries/reflection.cypher``. A user's ``ReflectionState`` node holds the last reflection
time and the running flag that makes concurrent cycles of one user, in any process, run one at a time. A
completed cycle's writes run in ONE transaction whose first statement checks that the cycle still holds the
flag (``reflection_finish``); if it lost it (the flag lapsed and another process took over), the transaction
is rolled back and nothing is written. The recorded ``ReflectionCycle`` nodes are read back through
:mod:`graphsvc.graph.reflection_cycles`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt

from graphsvc import keys
from graphsvc.errors import GraphsvcError
from graphsvc.graph.database import Database, NamedTx, Queries, native
from graphsvc.graph.reflection_cycles import ReflectionOutcome, cycle_props
from graphsvc.vocabulary import NON_SOURCE_ROLES, EvidenceGrade, EvidenceKind, HistoryEvent

ACTOR = "reflection"
"""``HistoryEntry.actor`` of every change the engine makes (seed 002 §6)."""


class ReflectionLockLostError(GraphsvcError):
    """The cycle no longer holds the user's running flag; its results were not written."""

    code = "REFLECTION_LOCK_LOST"

    def __init__(self, *, user_id: str, cycle_id: str) -> None:
        super().__init__(
            f"reflection cycle {cycle_id} for user {user_id!r} lost its running flag; nothing was written",
            suggestion="raise REFLECTION__LOCK_TTL_S above the longest cycle, then reflect again",
        )


def state_uid(user_id: str) -> str:
    """The uid of the user's ``ReflectionState`` node."""
    return keys.digest("reflection-state", user_id)


# --- the running flag and the trigger inputs -------------------------------------------------------


@dataclass(frozen=True)
class TriggerState:
    """What the trigger decision reads from the graph (seed 002 §1).

    ``last_reflected_at``: None for a user never reflected on. ``pending_importance``: sum of the 0–1
    importances of the unreflected memories a cycle reads; ``pending_memories``: how many there are.
    ``running_cycle``: the cycle holding the running flag, if any (it may have lapsed).
    """

    last_reflected_at: datetime | None
    pending_importance: float
    pending_memories: int
    running_cycle: str | None = None


async def trigger_state(db: Queries, *, user_id: str, memory_types: Sequence[str]) -> TriggerState:
    """The user's last reflection, running flag and active memories of ``memory_types`` no cycle has read."""
    rows = await db.read(
        "reflection_trigger_state", state_uid=state_uid(user_id), user_id=user_id, memory_types=list(memory_types)
    )
    row = rows[0]
    return TriggerState(
        last_reflected_at=native(row["last_reflected_at"]),
        pending_importance=float(row["pending_importance"] or 0.0),
        pending_memories=int(row["pending_memories"] or 0),
        running_cycle=row["running_cycle"],
    )


async def acquire_lock(db: Queries, *, user_id: str, cycle_id: str, now: datetime, expires_at: datetime) -> bool:
    """Set the user's running flag to ``cycle_id`` until ``expires_at`` unless another live cycle holds it.

    Returns:
        True when this cycle now holds the flag (of several concurrent calls, exactly one).
    """
    rows = await db.write(
        "reflection_lock_acquire",
        state_uid=state_uid(user_id),
        user_id=user_id,
        cycle_id=cycle_id,
        now=now,
        expires_at=expires_at,
    )
    return bool(rows)


async def release_lock(db: Queries, *, user_id: str, cycle_id: str) -> None:
    """Clear the user's running flag if ``cycle_id`` holds it (otherwise nothing changes)."""
    await db.write("reflection_lock_release", state_uid=state_uid(user_id), user_id=user_id, cycle_id=cycle_id)


# --- the memories a cycle reads --------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryRecord:
    """A memory a cycle reads: new since the last reflection, or earlier context.

    ``sessions``: the conversations (``Session.session_id``) it was extracted from. ``speakers``: the names the
    messages it was extracted from were said under (an assistant's left out; empty when none was named).
    ``embedding``: ``(d,)`` float32, L2-normalised (zeros for a memory stored without one). ``observed_at``: when
    it happened, or else when it was stored.

    A context memory may be superseded (by slot: a newer value of the same slot replaced it). Then
    ``replaced_by`` holds the texts of the memories along its ``SUPERSEDED_BY`` chain, oldest first, ending at the
    one without a successor; ``replaced_reasons`` the reasons of those edges (``slot``, ``correction``) and
    ``replacement_status`` the last one's status (None when the chain is empty).
    """

    uid: str
    content: str
    memory_type: str
    importance: float
    observed_at: datetime
    sessions: frozenset[str]
    embedding: npt.NDArray[np.float32]
    is_new: bool
    status: str = "active"
    speakers: frozenset[str] = frozenset()
    replaced_by: tuple[str, ...] = ()
    replaced_reasons: tuple[str, ...] = ()
    replacement_status: str | None = None


def _memory(row: dict[str, Any], *, is_new: bool, dimensions: int) -> MemoryRecord:
    values = row["embedding"]
    embedding = np.zeros(dimensions, dtype=np.float32) if values is None else np.asarray(values, dtype=np.float32)
    return MemoryRecord(
        uid=row["uid"],
        content=row["content"],
        memory_type=row["memory_type"],
        importance=float(row["importance"] or 0.0),
        observed_at=native(row["observed_at"]),
        sessions=frozenset(row["sessions"] or []),
        embedding=embedding,
        is_new=is_new,
        status=str(row.get("status") or "active"),
        speakers=frozenset(str(s).strip() for s in row.get("speakers") or ()),
        replaced_by=tuple(str(c) for c in row.get("successors") or ()),
        replaced_reasons=tuple(str(r) for r in row.get("reasons") or ()),
        replacement_status=row.get("current_status"),
    )


async def pending_memories(
    db: Queries, *, user_id: str, memory_types: Sequence[str], limit: int, dimensions: int
) -> list[MemoryRecord]:
    """Step 1: the active memories of ``memory_types`` no cycle has read, oldest first, at most ``limit``
    (``is_new`` True)."""
    rows = await db.read(
        "reflection_pending_memories",
        user_id=user_id,
        memory_types=list(memory_types),
        limit=limit,
        non_source_roles=sorted(NON_SOURCE_ROLES),
    )
    return [_memory(r, is_new=True, dimensions=dimensions) for r in rows]


async def context_memories(
    db: Queries,
    *,
    user_id: str,
    memory_types: Sequence[str],
    new: Sequence[tuple[str, npt.NDArray[np.float32]]],
    k: int,
    min_cosine: float,
    related_k: int,
    dimensions: int,
) -> list[MemoryRecord]:
    """Earlier memories shown beside the new ones (``is_new`` False), each once: at most ``k`` nearest to the new
    memories' embeddings (an exact scan; a plain cosine ≥ ``min_cosine`` to one of them), best first; then at most
    ``related_k`` the graph relates to a new memory, most recent first (the same slot, or a mention of the same
    entity other than the new memory's speaker). Active memories a cycle has read, and memories superseded by slot
    (read or not) with their chain to what replaced them (:class:`MemoryRecord`); which of those still count as
    evidence is the reflection pipeline's rule.

    Args:
        new: ``(uid, embedding)`` of the new memories, embeddings ``(d,)`` float32.
    """
    rows = await db.read(
        "reflection_context_memories",
        user_id=user_id,
        memory_types=list(memory_types),
        embeddings=[e.tolist() for _, e in new],
        uids=[uid for uid, _ in new],
        k=k,
        min_cosine=min_cosine,
        related_k=related_k,
        non_source_roles=sorted(NON_SOURCE_ROLES),
    )
    return [_memory(r, is_new=False, dimensions=dimensions) for r in rows]


async def memory_texts(db: Queries, *, user_id: str, uids: Sequence[str]) -> dict[str, tuple[str, datetime | None]]:
    """``{memory_uid: (content, observed_at)}`` for the given memories of the user (missing → absent)."""
    rows = await db.read("reflection_memory_texts", user_id=user_id, uids=list(dict.fromkeys(uids)))
    return {r["uid"]: (r["content"], native(r["observed_at"])) for r in rows}


# --- a cycle's writes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TraitWrite:
    """A new or changed trait as a cycle writes it: every property it plans on.

    ``created_at``, ``cycle_id`` and ``derived_from`` are written only when the trait is new; ``embedding``
    (``(d,)`` floats) only when given (None keeps the stored one). A None value of any other property removes
    it from the node. ``about``: whom it is about (a speaker's name); ``reasoning``: why an upgrade made it;
    ``rule_id``: the rulebook's trait rule that phrased it (None: an LLM phrased it).
    """

    uid: str
    created_at: datetime
    cycle_id: str | None
    derived_from: str
    content: str
    content_hash: str
    stage: str
    subtype: str
    confidence: float | None
    base_confidence: float | None
    context: str
    window_start: datetime | None
    window_end: datetime | None
    first_observed: datetime | None
    last_reinforced: datetime | None
    decayed_at: datetime | None
    expired_at: datetime | None
    reinforcement_count: int
    contradiction_count: int
    about: str | None = None
    reasoning: str | None = None
    rule_id: str | None = None
    embedding: list[float] | None = None

    def row(self) -> dict[str, Any]:
        props: dict[str, Any] = {
            "content": self.content,
            "content_hash": self.content_hash,
            "stage": self.stage,
            "subtype": self.subtype,
            "confidence": self.confidence,
            "base_confidence": self.base_confidence,
            "context": self.context,
            "window_start": self.window_start,
            "window_end": self.window_end,
            "first_observed": self.first_observed,
            "last_reinforced": self.last_reinforced,
            "decayed_at": self.decayed_at,
            "expired_at": self.expired_at,
            "reinforcement_count": self.reinforcement_count,
            "contradiction_count": self.contradiction_count,
            "about": self.about,
            "reasoning": self.reasoning,
            "rule_id": self.rule_id,
        }
        if self.embedding is not None:
            props["embedding"] = self.embedding
        return {
            "uid": self.uid,
            "created_at": self.created_at,
            "cycle_id": self.cycle_id,
            "derived_from": self.derived_from,
            "props": props,
        }


@dataclass(frozen=True)
class EvidenceWrite:
    """A new ``Evidence`` node: ``memory_uid`` cited for (``supporting``) or against (``contradicting``) the
    trait ``trait_uid``, produced by the cycle being written."""

    uid: str
    trait_uid: str
    memory_uid: str
    kind: EvidenceKind
    grade: EvidenceGrade
    cycle_id: str | None
    created_at: datetime
    inherited_from: str | None
    resolved_at: datetime | None
    strong: bool


@dataclass(frozen=True)
class HistoryRecord:
    """One ``HistoryEntry`` to write (actor "reflection"), with the trait's state after the change (what
    ``asOf`` reads of traits replay: stage, confidence and counters as they were)."""

    trait_uid: str
    event: HistoryEvent
    old_value: str | None
    new_value: str | None
    reason: str | None = None
    stage: str | None = None
    confidence: float | None = None
    reinforcement_count: int | None = None
    contradiction_count: int | None = None


@dataclass(frozen=True)
class CycleWrites:
    """Everything a completed cycle changes besides its ``ReflectionCycle`` node and the running flag.

    Attributes:
        traits: new and changed traits.
        evidence: new evidence (its uids already chosen).
        resolved: uids of stored evidence to mark resolved now (seed 002 §6).
        edges: new ``(parent_uid, child_uid)`` PARENT_OF edges (each re-checked against cycles when written).
        history: the history entries, in order (their order is kept in ``seq``).
        memory_uids: the memories the cycle read, marked reflected.
    """

    traits: Sequence[TraitWrite]
    evidence: Sequence[EvidenceWrite]
    resolved: Sequence[str]
    edges: Sequence[tuple[str, str]]
    history: Sequence[HistoryRecord]
    memory_uids: Sequence[str]


async def commit_cycle(
    db: Database, *, user_id: str, cycle_id: str, now: datetime, outcome: ReflectionOutcome, writes: CycleWrites
) -> None:
    """Write a completed cycle in ONE transaction, guarded by the running flag (released by the write).

    Raises:
        ReflectionLockLostError: this cycle no longer holds the flag (rolled back, nothing written).
    """
    common = {"user_id": user_id, "now": now, "cycle_id": cycle_id}
    entries = [
        {
            "seq": seq,
            "uid": keys.new_uid(),
            "trait_uid": h.trait_uid,
            "event": h.event,
            "old_value": h.old_value,
            "new_value": h.new_value,
            "reason": h.reason,
            "stage": h.stage,
            "confidence": h.confidence,
            "reinforcement_count": h.reinforcement_count,
            "contradiction_count": h.contradiction_count,
        }
        for seq, h in enumerate(writes.history)
    ]
    steps: list[tuple[str, dict[str, Any]]] = [
        ("reflection_record_cycle", {**common, "props": cycle_props(outcome)}),
        (
            "reflection_upsert_traits",
            {**common, "tenant_key": keys.tenant_key(user_id), "traits": [t.row() for t in writes.traits]},
        ),
        ("reflection_create_evidence", {**common, "evidence": [asdict(e) for e in writes.evidence]}),
        ("reflection_resolve_evidence", {**common, "uids": list(writes.resolved)}),
        ("reflection_link_parents", {**common, "edges": [{"parent": p, "child": c} for p, c in writes.edges]}),
        ("reflection_history", {**common, "actor": ACTOR, "entries": entries}),
        ("reflection_mark_memories", {**common, "uids": list(writes.memory_uids)}),
    ]

    async def work(tx: NamedTx) -> None:
        if not await tx.write("reflection_finish", state_uid=state_uid(user_id), **common):
            raise ReflectionLockLostError(user_id=user_id, cycle_id=cycle_id)
        await tx.write_many(steps)

    await db.in_transaction(work)


async def record_failed_cycle(
    db: Database, *, user_id: str, cycle_id: str, now: datetime, outcome: ReflectionOutcome
) -> None:
    """Record a FAILED cycle and release the running flag, in one transaction; nothing else changes."""
    common = {"user_id": user_id, "cycle_id": cycle_id, "now": now}
    await db.write_many(
        [
            ("reflection_record_cycle", {**common, "props": cycle_props(outcome)}),
            ("reflection_lock_release", {**common, "state_uid": state_uid(user_id)}),
        ]
    )
