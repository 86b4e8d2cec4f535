"""Graph I/O of a reflection cycle: the per-user lock, what a cycle reads, and its one write transaction.

Queries are the named statements of ``cypher/queries/reflection.cypher``. The cycle's writes run in
ONE transaction whose first statement checks that this cycle still holds the user's running flag
(``reflection_finish``); if it lost it (its flag lapsed and another process took over), the transaction
is rolled back and nothing is written.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import numpy as np
from neo4j import AsyncManagedTransaction

from graphsvc import keys
from graphsvc.config import ReflectionSettings
from graphsvc.errors import GraphsvcError, NotFoundError, TraitCycleError
from graphsvc.graph import nodes
from graphsvc.graph.cypher import query
from graphsvc.graph.database import Database, native
from graphsvc.pipeline.reflection.book import EvidenceRecord, MemoryRecord, TraitBook, TraitState

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


# --- lock ------------------------------------------------------------------------------------------


async def acquire_lock(
    db: Database, *, user_id: str, cycle_id: str, now: datetime, settings: ReflectionSettings
) -> bool:
    """Set the user's running flag to ``cycle_id`` unless another live cycle holds it.

    Returns:
        True when this cycle now holds the flag.
    """
    rows = await db.write(
        "reflection_lock_acquire",
        state_uid=state_uid(user_id),
        user_id=user_id,
        cycle_id=cycle_id,
        now=now,
        expires_at=now + timedelta(seconds=settings.lock_ttl_s),
    )
    return bool(rows)


async def release_lock(db: Database, *, user_id: str, cycle_id: str) -> None:
    await db.write("reflection_lock_release", state_uid=state_uid(user_id), user_id=user_id, cycle_id=cycle_id)


# --- reads -----------------------------------------------------------------------------------------


def _vector(values: Sequence[float] | None, dimensions: int) -> np.ndarray:
    if values is None:
        return np.zeros(dimensions, dtype=np.float32)
    return np.asarray(values, dtype=np.float32)


def _memory(row: dict[str, Any], *, is_new: bool, dimensions: int) -> MemoryRecord:
    return MemoryRecord(
        uid=row["uid"],
        content=row["content"],
        memory_type=row["memory_type"],
        importance=float(row["importance"] or 0.0),
        observed_at=native(row["observed_at"]),
        sessions=frozenset(row["sessions"] or []),
        embedding=_vector(row["embedding"], dimensions),
        is_new=is_new,
    )


async def pending_memories(
    db: Database, *, user_id: str, settings: ReflectionSettings, dimensions: int
) -> list[MemoryRecord]:
    """Step 1: the unreflected fact/event memories, oldest first, at most ``max_memories_per_cycle``."""
    rows = await db.read(
        "reflection_pending_memories",
        user_id=user_id,
        memory_types=list(settings.memory_types),
        limit=settings.max_memories_per_cycle,
    )
    return [_memory(r, is_new=True, dimensions=dimensions) for r in rows]


async def context_memories(
    db: Database,
    *,
    user_id: str,
    new: Sequence[MemoryRecord],
    settings: ReflectionSettings,
    similarity_floor: float,
    dimensions: int,
) -> list[MemoryRecord]:
    """Earlier memories most similar to the new ones (rescaled ≥ ``context_min_similarity``), best first."""
    if not new or settings.context_memories == 0:
        return []
    min_cosine = similarity_floor + settings.context_min_similarity * (1.0 - similarity_floor)
    rows = await db.read(
        "reflection_context_memories",
        user_id=user_id,
        memory_types=list(settings.memory_types),
        embeddings=[m.embedding.tolist() for m in new],
        k=settings.context_memories,
        min_cosine=min_cosine,
    )
    return [_memory(r, is_new=False, dimensions=dimensions) for r in rows]


async def memory_texts(db: Database, *, user_id: str, uids: Sequence[str]) -> dict[str, tuple[str, datetime | None]]:
    """``{memory_uid: (content, observed_at)}`` for the given memories of the user."""
    rows = await db.read("reflection_memory_texts", user_id=user_id, uids=list(dict.fromkeys(uids)))
    return {r["uid"]: (r["content"], native(r["observed_at"])) for r in rows}


def trait_from_node(node: Any, evidence: Sequence[dict[str, Any]], *, now: datetime) -> TraitState:
    """A ``Trait`` node (inflated through the neomodel class) and its evidence maps → TraitState.

    A trait written without any timestamp (not by this engine) counts as created ``now``.
    """
    t = nodes.Trait.inflate(node)
    embedding = np.asarray(t.embedding, dtype=np.float32) if t.embedding else None
    created = t.created_at or t.last_reinforced or t.first_observed or t.decayed_at or now
    return TraitState(
        uid=t.uid,
        content=t.content,
        content_hash=t.content_hash or keys.content_hash(t.content),
        stage=t.stage,
        subtype=t.subtype,
        confidence=t.confidence,
        context=t.context or "general",
        embedding=embedding,
        created_at=created,
        cycle_id=t.cycle_id,
        base_confidence=t.base_confidence,
        window_start=t.window_start,
        window_end=t.window_end,
        first_observed=t.first_observed,
        last_reinforced=t.last_reinforced,
        decayed_at=t.decayed_at,
        expired_at=t.expired_at,
        reinforcement_count=t.reinforcement_count or 0,
        contradiction_count=t.contradiction_count or 0,
        derived_from=t.derived_from or "reflection",
        evidence=[
            EvidenceRecord(
                memory_uid=e["memory_uid"],
                kind=e["kind"],
                grade=e["grade"],
                cycle_id=e["cycle_id"],
                created_at=native(e["created_at"]),
                sessions=frozenset(e["sessions"] or []),
                uid=e["uid"],
                inherited_from=e["inherited_from"],
                resolved_at=native(e["resolved_at"]),
                strong=bool(e.get("strong")),
            )
            for e in evidence
        ],
    )


async def load_book(db: Database, *, user_id: str, now: datetime) -> TraitBook:
    """The user's active traits with evidence, and every PARENT_OF edge of the user."""
    trait_rows = await db.read("reflection_traits", user_id=user_id)
    edge_rows = await db.read("reflection_parent_edges", user_id=user_id)
    traits = [trait_from_node(r["trait"], r["evidence"], now=now) for r in trait_rows]
    return TraitBook(traits, {(r["parent"], r["child"]) for r in edge_rows})


# --- writes ----------------------------------------------------------------------------------------


def _trait_row(trait: TraitState, *, now: datetime) -> dict[str, Any]:
    props: dict[str, Any] = {
        "content": trait.content,
        "content_hash": trait.content_hash,
        "stage": trait.stage,
        "subtype": trait.subtype,
        "confidence": trait.confidence,
        "base_confidence": trait.base_confidence,
        "context": trait.context,
        "window_start": trait.window_start,
        "window_end": trait.window_end,
        "first_observed": trait.first_observed,
        "last_reinforced": trait.last_reinforced,
        "decayed_at": trait.decayed_at,
        "expired_at": trait.expired_at,
        "reinforcement_count": trait.reinforcement_count,
        "contradiction_count": trait.contradiction_count,
    }
    if (trait.is_new or trait.embedding_changed) and trait.embedding is not None:
        props["embedding"] = trait.embedding.tolist()
    return {
        "uid": trait.uid,
        "created_at": trait.created_at,
        "cycle_id": trait.cycle_id,
        "derived_from": trait.derived_from,
        "props": props,
    }


def write_steps(
    book: TraitBook,
    *,
    user_id: str,
    cycle_id: str,
    now: datetime,
    memory_uids: Sequence[str],
    cycle_props: dict[str, Any],
) -> list[tuple[str, dict[str, Any]]]:
    """The statements of a completed cycle's transaction, after the ``reflection_finish`` guard.

    Sets the uid of each new evidence record (so the book matches what was written).
    """
    common = {"user_id": user_id, "now": now, "cycle_id": cycle_id}
    changed = [t for t in book.traits.values() if t.is_new or t.changed or t.embedding_changed]
    evidence_rows: list[dict[str, Any]] = []
    resolved: list[str] = []
    for trait in changed:
        for e in trait.evidence:
            if e.uid is None:
                e.uid = keys.new_uid()
                evidence_rows.append(
                    {
                        "uid": e.uid,
                        "trait_uid": trait.uid,
                        "memory_uid": e.memory_uid,
                        "kind": e.kind,
                        "grade": e.grade,
                        "cycle_id": e.cycle_id,
                        "created_at": e.created_at,
                        "inherited_from": e.inherited_from,
                        "resolved_at": e.resolved_at,
                        "strong": e.strong,
                    }
                )
            elif e.resolved_now:
                resolved.append(e.uid)
    return [
        ("reflection_record_cycle", {**common, "props": cycle_props}),
        (
            "reflection_upsert_traits",
            {**common, "tenant_key": keys.tenant_key(user_id), "traits": [_trait_row(t, now=now) for t in changed]},
        ),
        ("reflection_create_evidence", {**common, "evidence": evidence_rows}),
        ("reflection_resolve_evidence", {**common, "uids": resolved}),
        ("reflection_link_parents", {**common, "edges": [{"parent": p, "child": c} for p, c in book.new_edges]}),
        (
            "reflection_history",
            {
                **common,
                "actor": ACTOR,
                "entries": [
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
                    for seq, h in enumerate(book.history)
                ],
            },
        ),
        ("reflection_mark_memories", {**common, "uids": list(memory_uids)}),
    ]


async def commit_cycle(
    db: Database, *, user_id: str, cycle_id: str, now: datetime, steps: list[tuple[str, dict[str, Any]]]
) -> None:
    """Write a completed cycle in ONE transaction, guarded by the running flag.

    Raises:
        ReflectionLockLostError: this cycle no longer holds the flag (rolled back, nothing written).
    """
    guard = {"state_uid": state_uid(user_id), "user_id": user_id, "cycle_id": cycle_id, "now": now}

    async def work(tx: AsyncManagedTransaction) -> None:
        result = await tx.run(query("reflection_finish"), guard)
        if await result.single() is None:
            raise ReflectionLockLostError(user_id=user_id, cycle_id=cycle_id)
        for name, params in steps:
            await (await tx.run(query(name), params)).consume()

    async with db.driver.session(database=db.database) as session:
        await session.execute_write(work)


async def record_failed_cycle(
    db: Database, *, user_id: str, cycle_id: str, now: datetime, cycle_props: dict[str, Any]
) -> None:
    """Record a FAILED cycle and release the running flag; nothing else changes."""
    common = {"user_id": user_id, "cycle_id": cycle_id, "now": now}
    await db.write_many(
        [
            ("reflection_record_cycle", {**common, "props": cycle_props}),
            ("reflection_lock_release", {**common, "state_uid": state_uid(user_id)}),
        ]
    )


def notes_json(notes: Sequence[str], *, limit: int = 50) -> str:
    """The cycle's notes (refused operations and their reasons) as a JSON array, at most ``limit``."""
    return json.dumps(list(notes)[:limit], ensure_ascii=False)


async def link_parent(*, db: Database, user_id: str, parent_uid: str, child_uid: str) -> None:
    """Create ``(parent)-[:PARENT_OF]->(child)`` after a graph traversal check (seed 002 §4).

    Raises:
        TraitCycleError: the parent is the child itself or one of the child's descendants.
        NotFoundError: either trait does not exist for this user.
    """
    for uid in (parent_uid, child_uid):
        if not await db.read("trait_is_descendant", user_id=user_id, ancestor=uid, descendant=uid):
            raise NotFoundError(kind="trait", ident=uid)
    rows = await db.read("trait_is_descendant", user_id=user_id, ancestor=child_uid, descendant=parent_uid)
    if rows[0]["reachable"]:
        raise TraitCycleError(parent_uid=parent_uid, child_uid=child_uid)
    if not await db.write("trait_link_parent", user_id=user_id, parent=parent_uid, child=child_uid):
        raise TraitCycleError(parent_uid=parent_uid, child_uid=child_uid)  # a concurrent edge closed the cycle
