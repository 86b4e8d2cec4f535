"""A reflection cycle's book and the graph: loading the user's traits into a :class:`TraitBook`, the memories a
cycle reads, and writing what the book changed.

The graph functions are in :mod:`graphsvc.graph.reflection` (running flag, memories, the cycle's one write
transaction, guarded by the flag) and :mod:`graphsvc.graph.traits` (the traits and their lineage); this module
turns their records into the book's working state and the book's changes into their write records.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import numpy as np

from graphsvc import keys
from graphsvc.config import ReflectionSettings
from graphsvc.errors import NotFoundError, TraitCycleError
from graphsvc.graph import reflection as stored_cycles
from graphsvc.graph import traits as stored_traits
from graphsvc.graph.database import Database, Queries
from graphsvc.graph.reflection import CycleWrites, EvidenceWrite, MemoryRecord, TraitWrite
from graphsvc.graph.reflection_cycles import ReflectionOutcome
from graphsvc.graph.traits import StoredTrait
from graphsvc.pipeline.reflection import persons
from graphsvc.pipeline.reflection.book import EvidenceRecord, TraitBook, TraitState
from graphsvc.pipeline.reflection.superseded import still_evidence

# --- lock ------------------------------------------------------------------------------------------


async def acquire_lock(
    db: Database, *, user_id: str, cycle_id: str, now: datetime, settings: ReflectionSettings
) -> bool:
    """Set the user's running flag to ``cycle_id`` for ``lock_ttl_s`` unless another live cycle holds it.

    Returns:
        True when this cycle now holds the flag.
    """
    return await stored_cycles.acquire_lock(
        db, user_id=user_id, cycle_id=cycle_id, now=now, expires_at=now + timedelta(seconds=settings.lock_ttl_s)
    )


# --- reads -----------------------------------------------------------------------------------------


async def pending_memories(
    db: Database, *, user_id: str, settings: ReflectionSettings, dimensions: int
) -> list[MemoryRecord]:
    """Step 1: the unreflected memories of ``memory_types``, oldest first, at most ``max_memories_per_cycle``."""
    return await stored_cycles.pending_memories(
        db,
        user_id=user_id,
        memory_types=settings.memory_types,
        limit=settings.max_memories_per_cycle,
        dimensions=dimensions,
    )


async def context_memories(
    db: Database,
    *,
    user_id: str,
    new: Sequence[MemoryRecord],
    settings: ReflectionSettings,
    similarity_floor: float,
    dimensions: int,
) -> list[MemoryRecord]:
    """The user's earlier memories that may support or contradict the new ones, so a pattern across conversations
    can be seen and cited: the ``context_memories`` most similar (rescaled ≥ ``context_min_similarity``), best
    first, then up to ``context_related_memories`` the graph relates to a new one (the same slot, or an entity
    both mention). Active ones already read, and superseded ones that are still evidence (a habit restated with
    a changed detail: :func:`.superseded.still_evidence`)."""
    if not new or settings.context_memories + settings.context_related_memories == 0:
        return []
    min_cosine = similarity_floor + settings.context_min_similarity * (1.0 - similarity_floor)
    found = await stored_cycles.context_memories(
        db,
        user_id=user_id,
        memory_types=settings.memory_types,
        new=[(m.uid, m.embedding) for m in new],
        k=settings.context_memories,
        min_cosine=min_cosine,
        related_k=settings.context_related_memories,
        dimensions=dimensions,
    )
    return [m for m in found if still_evidence(m)]


def trait_state(stored: StoredTrait, *, now: datetime) -> TraitState:
    """A stored trait as the working state a cycle (or a retraction's re-scoring) changes.

    A trait written without any timestamp (not by this engine) counts as created ``now``. A trait stored without
    ``about`` is about the one person its supporting evidence was said by (:func:`evidence_person`).
    """
    created = stored.created_at or stored.last_reinforced or stored.first_observed or stored.decayed_at or now
    return TraitState(
        uid=stored.uid,
        content=stored.content,
        content_hash=stored.content_hash or keys.content_hash(stored.content),
        stage=stored.stage,
        subtype=stored.subtype,
        confidence=stored.confidence,
        context=stored.context,
        embedding=None if stored.embedding is None else np.asarray(stored.embedding, dtype=np.float32),
        created_at=created,
        cycle_id=stored.cycle_id,
        base_confidence=stored.base_confidence,
        window_start=stored.window_start,
        window_end=stored.window_end,
        first_observed=stored.first_observed,
        last_reinforced=stored.last_reinforced,
        decayed_at=stored.decayed_at,
        expired_at=stored.expired_at,
        reinforcement_count=stored.reinforcement_count,
        contradiction_count=stored.contradiction_count,
        derived_from=stored.derived_from,
        about=stored.about if stored.about is not None else evidence_person(stored),
        reasoning=stored.reasoning,
        rule_id=stored.rule_id,
        evidence=[
            EvidenceRecord(
                memory_uid=e.memory_uid,
                kind=e.kind,
                grade=e.grade,
                cycle_id=e.cycle_id,
                created_at=e.created_at,
                sessions=e.sessions,
                uid=e.uid,
                inherited_from=e.inherited_from,
                resolved_at=e.resolved_at,
                strong=e.strong,
            )
            for e in stored.evidence
        ],
    )


def evidence_person(stored: StoredTrait) -> str | None:
    """The name of the one person who said every memory the trait's supporting evidence cites; None when they
    named no speaker or several people (:mod:`.persons`)."""
    said = [e.speakers for e in stored.evidence if e.kind == "supporting"]
    keys = {persons.person_of(speakers) for speakers in said}
    if len(keys) != 1 or None in keys:
        return None
    return persons.display_name(s for speakers in said for s in speakers)


async def load_book(db: Database, *, user_id: str, now: datetime) -> TraitBook:
    """The user's active traits with evidence, and every PARENT_OF edge of the user."""
    traits = await stored_traits.active_with_evidence(db, user_id=user_id)
    edges = await stored_traits.parent_edges(db, user_id=user_id)
    return TraitBook([trait_state(t, now=now) for t in traits], edges)


# --- writes ----------------------------------------------------------------------------------------


def _trait_write(trait: TraitState) -> TraitWrite:
    embedding = trait.embedding if trait.is_new or trait.embedding_changed else None
    return TraitWrite(
        uid=trait.uid,
        created_at=trait.created_at,
        cycle_id=trait.cycle_id,
        derived_from=trait.derived_from,
        content=trait.content,
        content_hash=trait.content_hash,
        stage=trait.stage,
        subtype=trait.subtype,
        confidence=trait.confidence,
        base_confidence=trait.base_confidence,
        context=trait.context,
        window_start=trait.window_start,
        window_end=trait.window_end,
        first_observed=trait.first_observed,
        last_reinforced=trait.last_reinforced,
        decayed_at=trait.decayed_at,
        expired_at=trait.expired_at,
        reinforcement_count=trait.reinforcement_count,
        contradiction_count=trait.contradiction_count,
        about=trait.about,
        reasoning=trait.reasoning,
        rule_id=trait.rule_id,
        embedding=None if embedding is None else embedding.tolist(),
    )


def cycle_writes(book: TraitBook, *, memory_uids: Sequence[str]) -> CycleWrites:
    """What a completed cycle's transaction writes besides its node and the running flag: the new and changed
    traits, their new and newly resolved evidence, the new edges, the history and the memories read.

    Sets the uid of each new evidence record (so the book matches what was written).
    """
    changed = [t for t in book.traits.values() if t.is_new or t.changed or t.embedding_changed]
    evidence: list[EvidenceWrite] = []
    resolved: list[str] = []
    for trait in changed:
        for e in trait.evidence:
            if e.uid is None:
                e.uid = keys.new_uid()
                evidence.append(
                    EvidenceWrite(
                        uid=e.uid,
                        trait_uid=trait.uid,
                        memory_uid=e.memory_uid,
                        kind=e.kind,
                        grade=e.grade,
                        cycle_id=e.cycle_id,
                        created_at=e.created_at,
                        inherited_from=e.inherited_from,
                        resolved_at=e.resolved_at,
                        strong=e.strong,
                    )
                )
            elif e.resolved_now:
                resolved.append(e.uid)
    return CycleWrites(
        traits=[_trait_write(t) for t in changed],
        evidence=evidence,
        resolved=resolved,
        edges=list(book.new_edges),
        history=list(book.history),
        memory_uids=list(memory_uids),
    )


async def commit_cycle(
    db: Database,
    *,
    user_id: str,
    cycle_id: str,
    now: datetime,
    book: TraitBook,
    memory_uids: Sequence[str],
    outcome: ReflectionOutcome,
) -> None:
    """Write a completed cycle (its node, the book's changes, the memories read marked) in ONE transaction,
    guarded by the running flag, which it releases.

    Raises:
        ReflectionLockLostError: this cycle no longer holds the flag (rolled back, nothing written).
    """
    writes = cycle_writes(book, memory_uids=memory_uids)
    await stored_cycles.commit_cycle(db, user_id=user_id, cycle_id=cycle_id, now=now, outcome=outcome, writes=writes)


async def link_parent(*, db: Queries, user_id: str, parent_uid: str, child_uid: str) -> None:
    """Create ``(parent)-[:PARENT_OF]->(child)`` after a graph traversal check (seed 002 §4).

    Raises:
        TraitCycleError: the parent is the child itself or one of the child's descendants.
        NotFoundError: either trait does not exist for this user.
    """
    for uid in (parent_uid, child_uid):
        if not await stored_traits.reaches(db, user_id=user_id, ancestor=uid, descendant=uid):
            raise NotFoundError(kind="trait", ident=uid)
    if await stored_traits.reaches(db, user_id=user_id, ancestor=child_uid, descendant=parent_uid):
        raise TraitCycleError(parent_uid=parent_uid, child_uid=child_uid)
    if not await stored_traits.link_parent(db, user_id=user_id, parent_uid=parent_uid, child_uid=child_uid):
        raise TraitCycleError(parent_uid=parent_uid, child_uid=child_uid)  # a concurrent edge closed the cycle
