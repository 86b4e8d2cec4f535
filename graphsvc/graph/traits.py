"""Traits (seed 002 §3–8): their views, their evidence chain, their lineage and their recorded history.

Statements: ``cypher/queries/traits.cypher``. Every read filters on the user; a trait uid of another user
yields nothing. The reflection cycle's writes (traits, evidence, history, lineage in one transaction) are in
:mod:`graphsvc.graph.reflection`; the trait reads of recall (vector, full-text, hydration) are recall's.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from graphsvc.graph import nodes
from graphsvc.graph.database import Queries, native
from graphsvc.vocabulary import (
    NON_SOURCE_ROLES,
    TRAIT_STAGES,
    EvidenceGrade,
    EvidenceKind,
    TraitContext,
    TraitStage,
    TraitSubtype,
)


class TraitView(BaseModel):
    """A trait as callers see it (no embedding)."""

    model_config = ConfigDict(frozen=True)

    uid: str
    user_id: str
    content: str
    stage: TraitStage
    subtype: TraitSubtype
    confidence: float | None
    context: TraitContext
    window_start: datetime | None
    window_end: datetime | None
    first_observed: datetime | None
    last_reinforced: datetime | None
    reinforcement_count: int
    contradiction_count: int
    derived_from: str
    created_at: datetime | None
    expired_at: datetime | None
    about: str | None = None
    reasoning: str | None = None
    rule_id: str | None = None

    @classmethod
    def from_node(cls, node: Any) -> TraitView:
        """From a ``Trait`` node as returned by the driver (inflated through the neomodel class)."""
        t = nodes.Trait.inflate(node)
        return cls(
            uid=t.uid,
            user_id=t.user_id,
            content=t.content,
            stage=t.stage,
            subtype=t.subtype,
            confidence=t.confidence,
            context=t.context or "general",
            window_start=t.window_start,
            window_end=t.window_end,
            first_observed=t.first_observed,
            last_reinforced=t.last_reinforced,
            reinforcement_count=t.reinforcement_count or 0,
            contradiction_count=t.contradiction_count or 0,
            derived_from=t.derived_from or "reflection",
            created_at=t.created_at,
            expired_at=t.expired_at,
            about=t.about,
            reasoning=t.reasoning,
            rule_id=t.rule_id,
        )


class EvidenceMemoryView(BaseModel):
    """The memory an evidence cites, with the messages it was extracted from."""

    model_config = ConfigDict(frozen=True)

    uid: str
    content: str
    memory_type: str
    source_message_ids: list[str]


class EvidenceView(BaseModel):
    """One link of a trait's evidence chain."""

    model_config = ConfigDict(frozen=True)

    uid: str
    trait_uid: str
    grade: EvidenceGrade
    kind: EvidenceKind
    cycle_id: str | None
    created_at: datetime | None
    inherited_from: str | None
    resolved_at: datetime | None
    memory: EvidenceMemoryView | None


class TraitHistoryPoint(BaseModel):
    """One recorded state of a trait (``Trait.history``): its stage and confidence after ``event``."""

    model_config = ConfigDict(frozen=True)

    at: datetime
    stage: TraitStage
    confidence: float | None  # None for trends (managed by their window)
    event: str  # the HistoryEntry's event: created, reinforced, promoted, upgraded, modified, rescored, dissolved...


@dataclass(frozen=True)
class RecordedState:
    """The state of a trait one ``HistoryEntry`` records: stage, confidence (None for trends, or where an old
    entry said "none") and reinforcement count (None where the entry does not say)."""

    stage: str
    confidence: float | None
    reinforcement_count: int | None


@dataclass(frozen=True)
class TraitHistoryEntry:
    """One ``HistoryEntry`` of a trait, as ``asOf`` reads and the confidence chart replay it.

    Attributes:
        at: when it was written (UTC).
        event: created, reinforced, promoted, upgraded, modified, rescored, dissolved...
        old_value: the text before a modification (None for other events).
        state: the trait's state after the change; None when the entry records none (an old text-only change).
    """

    at: datetime
    event: str
    old_value: str | None
    state: RecordedState | None


_DESCRIBED = re.compile(r"stage (\w+), confidence (none|[\d.]+)")
"""How entries written before states were recorded describe one in ``new_value``."""


def _history_entry(node: Any) -> TraitHistoryEntry:
    """A ``HistoryEntry`` node as returned by the driver → its entry, state decoded from its properties or, for
    older entries, from the text of its new value."""
    h = nodes.HistoryEntry.inflate(node)
    state: RecordedState | None = None
    if h.stage is not None:
        state = RecordedState(h.stage, h.confidence, h.reinforcement_count)
    else:
        match = _DESCRIBED.search(h.new_value or "")
        if match is not None and match[1] in TRAIT_STAGES:
            state = RecordedState(match[1], None if match[2] == "none" else float(match[2]), None)
    return TraitHistoryEntry(at=native(node["created_at"]), event=node["event"], old_value=h.old_value, state=state)


@dataclass(frozen=True)
class StoredEvidence:
    """One ``Evidence`` node of a trait as a reflection cycle (or a retraction's re-scoring) reads it.

    ``sessions``: the conversations the cited memory was extracted from; ``speakers``: the names its messages
    were said under (an assistant's left out); ``strong``: a contradiction the reflector called strong (seed 002
    §5).
    """

    uid: str
    memory_uid: str
    kind: EvidenceKind
    grade: EvidenceGrade
    cycle_id: str | None
    created_at: datetime
    sessions: frozenset[str]
    inherited_from: str | None
    resolved_at: datetime | None
    strong: bool
    speakers: frozenset[str] = frozenset()


@dataclass(frozen=True)
class StoredTrait:
    """A ``Trait`` node with every property a cycle plans on (its embedding included) and its evidence.

    ``embedding``: ``(d,)`` floats, L2-normalised, or None when the trait has none. ``about``, ``reasoning`` and
    ``rule_id``: see :class:`graphsvc.graph.nodes.Trait` (None where not stored).
    """

    uid: str
    content: str
    content_hash: str | None
    stage: TraitStage
    subtype: TraitSubtype
    confidence: float | None
    base_confidence: float | None
    context: TraitContext
    embedding: list[float] | None
    created_at: datetime | None
    cycle_id: str | None
    window_start: datetime | None
    window_end: datetime | None
    first_observed: datetime | None
    last_reinforced: datetime | None
    decayed_at: datetime | None
    expired_at: datetime | None
    reinforcement_count: int
    contradiction_count: int
    derived_from: str
    evidence: tuple[StoredEvidence, ...]
    about: str | None = None
    reasoning: str | None = None
    rule_id: str | None = None

    @classmethod
    def from_record(cls, node: Any, evidence: Sequence[dict[str, Any]]) -> StoredTrait:
        """From a ``Trait`` node and its evidence maps (``uid, memory_uid, kind, grade, cycle_id, created_at,
        sessions, speakers, inherited_from, resolved_at, strong``), as ``reflection_traits`` returns them."""
        t = nodes.Trait.inflate(node)
        return cls(
            uid=t.uid,
            content=t.content,
            content_hash=t.content_hash,
            stage=t.stage,
            subtype=t.subtype,
            confidence=t.confidence,
            base_confidence=t.base_confidence,
            context=t.context or "general",
            embedding=list(t.embedding) if t.embedding else None,
            created_at=t.created_at,
            cycle_id=t.cycle_id,
            window_start=t.window_start,
            window_end=t.window_end,
            first_observed=t.first_observed,
            last_reinforced=t.last_reinforced,
            decayed_at=t.decayed_at,
            expired_at=t.expired_at,
            reinforcement_count=t.reinforcement_count or 0,
            contradiction_count=t.contradiction_count or 0,
            derived_from=t.derived_from or "reflection",
            about=t.about,
            reasoning=t.reasoning,
            rule_id=t.rule_id,
            evidence=tuple(
                StoredEvidence(
                    uid=e["uid"],
                    memory_uid=e["memory_uid"],
                    kind=e["kind"],
                    grade=e["grade"],
                    cycle_id=e["cycle_id"],
                    created_at=native(e["created_at"]),
                    sessions=frozenset(e["sessions"] or []),
                    inherited_from=e["inherited_from"],
                    resolved_at=native(e["resolved_at"]),
                    strong=bool(e.get("strong")),
                    speakers=frozenset(str(s) for s in e.get("speakers") or ()),
                )
                for e in evidence
            ),
        )


# --- the profile and its neighbours -------------------------------------------------------------


async def profile(
    db: Queries, *, user_id: str, stages: Sequence[TraitStage], subtype: str | None, context: str | None
) -> list[TraitView]:
    """The user's traits at one of ``stages`` (of ``subtype`` and ``context`` unless None), unordered."""
    rows = await db.read("trait_profile", user_id=user_id, stages=list(stages), subtype=subtype, context=context)
    return [TraitView.from_node(r["trait"]) for r in rows]


async def evidence_of(db: Queries, *, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[EvidenceView]]:
    """``{trait_uid: [evidence, oldest first]}`` for the given traits of the user (missing → absent)."""
    rows = await db.read("trait_evidence", user_id=user_id, uids=list(dict.fromkeys(trait_uids)))
    out: dict[str, list[EvidenceView]] = defaultdict(list)
    for r in rows:
        ev = nodes.Evidence.inflate(r["evidence"])
        memory = None
        if r["memory_uid"] is not None:
            memory = EvidenceMemoryView(
                uid=r["memory_uid"],
                content=r["memory_content"],
                memory_type=r["memory_type"],
                source_message_ids=list(r["source_ids"]),
            )
        out[r["trait_uid"]].append(
            EvidenceView(
                uid=ev.uid,
                trait_uid=r["trait_uid"],
                grade=ev.grade,
                kind=ev.kind,
                cycle_id=ev.cycle_id,
                created_at=ev.created_at,
                inherited_from=ev.inherited_from,
                resolved_at=ev.resolved_at,
                memory=memory,
            )
        )
    return dict(out)


async def _lineage(name: str, db: Queries, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitView]]:
    rows = await db.read(name, user_id=user_id, uids=list(dict.fromkeys(trait_uids)))
    out: dict[str, list[TraitView]] = defaultdict(list)
    for r in rows:
        out[r["key"]].append(TraitView.from_node(r["trait"]))
    return dict(out)


async def parents_of(db: Queries, *, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitView]]:
    """``{trait_uid: [traits it was upgraded into]}`` (PARENT_OF → it), dissolved ones included, unordered."""
    return await _lineage("trait_parents", db, user_id, trait_uids)


async def children_of(db: Queries, *, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitView]]:
    """``{trait_uid: [traits it was built from]}`` (it → PARENT_OF), dissolved ones included, unordered."""
    return await _lineage("trait_children", db, user_id, trait_uids)


# --- history -------------------------------------------------------------------------------------


async def recorded_by(db: Queries, *, user_id: str, as_of: datetime) -> list[tuple[TraitView, list[TraitHistoryEntry]]]:
    """Every trait of the user created at or before ``as_of`` (or with no creation time), as it is now, with its
    history in the order it was written (a cycle's entries share one time and keep their order in ``seq``)."""
    rows = await db.read("traits_as_of", user_id=user_id, as_of=as_of)
    return [(TraitView.from_node(r["trait"]), [_history_entry(h) for h in r["history"]]) for r in rows]


async def history_of(db: Queries, *, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitHistoryEntry]]:
    """``{trait_uid: [entry, oldest first]}`` for the given traits of the user (another user's, missing or
    without history → absent)."""
    rows = await db.read("trait_history", user_id=user_id, uids=list(dict.fromkeys(trait_uids)))
    out: dict[str, list[TraitHistoryEntry]] = defaultdict(list)
    for r in rows:
        out[r["trait_uid"]].extend(_history_entry(h) for h in r["history"])
    return dict(out)


# --- what a reflection cycle plans on ------------------------------------------------------------


async def active_with_evidence(db: Queries, *, user_id: str) -> list[StoredTrait]:
    """The user's traits not dissolved, oldest first, each with the evidence citing one of the user's memories."""
    rows = await db.read("reflection_traits", user_id=user_id, non_source_roles=sorted(NON_SOURCE_ROLES))
    return [StoredTrait.from_record(r["trait"], r["evidence"]) for r in rows]


async def parent_edges(db: Queries, *, user_id: str) -> set[tuple[str, str]]:
    """Every ``(parent_uid, child_uid)`` PARENT_OF edge between the user's traits (dissolved ones included)."""
    rows = await db.read("reflection_parent_edges", user_id=user_id)
    return {(r["parent"], r["child"]) for r in rows}


async def reaches(db: Queries, *, user_id: str, ancestor: str, descendant: str) -> bool | None:
    """Whether trait ``ancestor`` reaches ``descendant`` over PARENT_OF (0 hops: the same trait is reached);
    None when the user has no trait ``ancestor``."""
    rows = await db.read("trait_is_descendant", user_id=user_id, ancestor=ancestor, descendant=descendant)
    return bool(rows[0]["reachable"]) if rows else None


async def link_parent(db: Queries, *, user_id: str, parent_uid: str, child_uid: str) -> bool:
    """MERGE ``(parent)-[:PARENT_OF]->(child)`` unless the parent is the child or one of its descendants.

    Returns:
        False when nothing was linked: either trait is missing, or the edge would close a cycle.
    """
    return bool(await db.write("trait_link_parent", user_id=user_id, parent=parent_uid, child=child_uid))
