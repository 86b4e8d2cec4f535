"""Writing memories: the one path every new memory takes, from the extraction job and from ``remember``.

``extracted memories → candidates`` (embedding, exact-duplicate key, slot, valid time) ``→ dedup plan``
(seed 001 §4: exact duplicates and near duplicates reinforce; a different value of the same slot never
does) ``→ write steps`` (create, reinforce, history, provenance) ``→ supersession`` (the slots touched are
put back in valid-time order, :mod:`.supersession`), all inside the caller's one write transaction.

Valid time (issue 12): an event memory holds from when it happened; any other extracted memory from the
first source message that said it; a remembered one from the time given, else from when it was
remembered. Reinforcing never moves ``valid_from``. ``stated_at`` (when it was first said) orders a slot's
values: a relative date ("I moved to Porto last week") is too coarse to outrank what was said in between.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.clock import as_utc
from graphsvc.config import Settings
from graphsvc.embed.base import Embedder
from graphsvc.graph.database import Database, Queries
from graphsvc.pipeline.extraction.contract import ExtractedMemory
from graphsvc.pipeline.extraction.dedup import Candidate, DedupPlan, Nearest, plan_dedup
from graphsvc.pipeline.extraction.slots import memory_slot
from graphsvc.pipeline.extraction.supersession import SettleReport, settle_slots
from graphsvc.vocabulary import MemoryOrigin


async def candidates(
    embedder: Embedder,
    *,
    user_id: str,
    memories: Sequence[ExtractedMemory],
    event_times: Mapping[str, datetime],
    origin: MemoryOrigin,
    default_valid_from: datetime,
    background: bool,
) -> list[Candidate]:
    """Embed the memories and give each its dedup key, slot and valid time.

    Args:
        memories: with ``source_message_ids`` holding event uids (extraction) or empty (``remember``).
        event_times: event uid → when it was said.
        default_valid_from: the valid time of a memory with no event time and no source.
        background: embed at background priority (the extraction job yields to chat traffic).
    """
    vectors = await embedder.embed_passages([m.content for m in memories], background=background)
    out = []
    for memory, vector in zip(memories, vectors, strict=True):
        digest = keys.content_hash(memory.content)
        said = [event_times[s] for s in memory.source_message_ids if s in event_times]
        stated_at = min(said) if said else default_valid_from
        valid_from = memory.occurred_at or stated_at
        out.append(
            Candidate(
                memory=memory,
                embedding=vector,
                content_hash=digest,
                dedup_key=keys.memory_dedup_key(user_id, memory.memory_type, digest),
                source_uids=list(memory.source_message_ids),
                slot=memory_slot(
                    user_id=user_id,
                    content=memory.stated_as or memory.content,
                    memory_type=memory.memory_type,
                    given=memory.slot,
                ),
                valid_from=valid_from,
                stated_at=stated_at,
                origin=origin,
            )
        )
    return out


async def plan(db: Database, settings: Settings, *, user_id: str, cands: list[Candidate]) -> DedupPlan:
    """Read the exact and nearest existing memories of the candidates and decide create or reinforce."""
    if not cands:
        return DedupPlan()
    exact_rows = await db.read("memories_by_dedup_key", user_id=user_id, keys=[c.dedup_key for c in cands])
    exact = {r["dedup_key"]: r["uid"] for r in exact_rows}
    near_rows = await db.read(
        "nearest_memory_same_type",
        user_id=user_id,
        candidates=[
            {"idx": i, "memory_type": c.memory.memory_type, "embedding": c.embedding.tolist()}
            for i, c in enumerate(cands)
        ],
    )
    nearest = {
        int(r["idx"]): Nearest(str(r["uid"]), float(r["cosine"]), r["slot_key"], r["slot_value"])
        for r in near_rows
        if r["uid"] is not None
    }
    return plan_dedup(
        cands,
        exact=exact,
        nearest=nearest,
        threshold=settings.near_duplicate_threshold,
        floor=settings.similarity_floor,
    )


@dataclass(frozen=True)
class Written:
    """The uid each candidate landed on (new or reinforced), in candidate order of the plan."""

    created: dict[str, str]
    """dedup_key → uid of each created memory."""
    reinforced: list[str]
    """uids of the reinforced memories."""


def create_row(c: Candidate, *, uid: str | None = None) -> dict[str, Any]:
    """One ``create_memories`` row."""
    slot = c.slot
    return {
        "uid": uid or keys.new_uid(),
        "history_uid": keys.new_uid(),
        "dedup_key": c.dedup_key,
        "memory_type": c.memory.memory_type,
        "content": c.memory.content,
        "content_hash": c.content_hash,
        "embedding": c.embedding.tolist(),
        "importance": c.memory.importance,
        "confidence": c.memory.confidence,
        "occurred_at": c.memory.occurred_at,
        "valid_from": as_utc(c.valid_from),
        "stated_at": as_utc(c.stated_at),
        "origin": c.origin,
        "slot": slot.slot if slot else None,
        "slot_subject": slot.subject if slot else None,
        "slot_key": slot.slot_key if slot else None,
        "slot_value": slot.value if slot else None,
        "source_uids": c.source_uids,
    }


def reinforce_row(uid: str, c: Candidate) -> dict[str, Any]:
    """One ``reinforce_memories`` row."""
    return {
        "uid": uid,
        "history_uid": keys.new_uid(),
        "content": c.memory.content,
        "confidence": c.memory.confidence,
        "importance": c.memory.importance,
        "source_uids": c.source_uids,
    }


def write_steps(
    dedup: DedupPlan, *, user_id: str, now: datetime, actor: str
) -> tuple[list[tuple[str, dict[str, Any]]], Written]:
    """The named statements that store a dedup plan, and where each memory lands."""
    common = {"user_id": user_id, "tenant_key": keys.tenant_key(user_id), "now": now, "actor": actor}
    creates = [create_row(c) for c in dedup.creates]
    written = Written(
        created={row["dedup_key"]: row["uid"] for row in creates}, reinforced=[uid for uid, _ in dedup.reinforcements]
    )
    steps: list[tuple[str, dict[str, Any]]] = [
        ("create_memories", {**common, "memories": creates}),
        (
            "reinforce_memories",
            {**common, "reinforcements": [reinforce_row(uid, c) for uid, c in dedup.reinforcements]},
        ),
    ]
    return steps, written


async def settle(tx: Queries, dedup: DedupPlan, *, user_id: str, now: datetime, actor: str) -> SettleReport:
    """Put the slots the plan touched back in valid-time order (after its steps ran in ``tx``).

    A reinforced memory's slot is settled too: reinforcing an archived memory makes it active again.
    """
    slot_keys = [c.slot.slot_key for c in dedup.creates if c.slot is not None]
    if dedup.reinforcements:
        rows = await tx.write("memory_slot_keys", user_id=user_id, uids=[uid for uid, _ in dedup.reinforcements])
        slot_keys += [r["slot_key"] for r in rows if r["slot_key"] is not None]
    return await settle_slots(tx, user_id=user_id, slot_keys=slot_keys, now=now, actor=actor)
