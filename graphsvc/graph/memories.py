"""Typed memories as written: duplicate lookups, creation, reinforcement, mention links, correction, archive
and restore (issue 12 for the last three).

Statements: ``cypher/queries/memories.cypher``. The memory-writing wing (:mod:`graphsvc.pipeline.memories`)
decides what to write; these functions only store it. Reads of memories as callers see them are in
:mod:`graphsvc.graph.memory_reads`, the slot timeline in :mod:`graphsvc.graph.memory_slots`.

Every write records a ``HistoryEntry`` (``actor``, ``now``) and, where it cites events, ``EXTRACTED_FROM``
provenance edges to those of the user's events that exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graphsvc import keys
from graphsvc.clock import as_utc
from graphsvc.graph.database import Queries


@dataclass(frozen=True)
class Nearest:
    """The most similar current (active or archived) memory of the same user and type.

    Attributes:
        cosine: the plain cosine similarity, -1..1 (not Neo4j's ``(1 + cos) / 2``).
        slot_key, slot_value: its slot and value (None: no slot, or value unknown).
    """

    uid: str
    cosine: float
    slot_key: str | None = None
    slot_value: str | None = None
    content: str | None = None
    slot_name: str | None = None
    slot_subject: str | None = None


@dataclass(frozen=True)
class NearProbe:
    """A vector to find the nearest memory of: ``embedding`` is ``(d,)`` floats, L2-normalised."""

    memory_type: str
    embedding: Sequence[float]


@dataclass(frozen=True)
class NewMemory:
    """A memory to create, with the ``HistoryEntry`` of its creation.

    Attributes:
        uid: chosen by the caller (a fresh id); dedup_key: the exact-duplicate key (``keys.memory_dedup_key``):
            a memory of the same key is reinforced instead (a concurrent writer got there first).
        embedding: ``(d,)`` floats, L2-normalised.
        importance, confidence: 0–1.
        occurred_at: an event's time (None for other types); valid_from: when it began to hold;
            stated_at: when it was first said.
        origin: ``extraction``, ``user`` or ``agent``.
        slot, slot_subject, slot_key, slot_value: what it is a value of (all None: no slot).
        source_uids: the events it was taken from (``EXTRACTED_FROM`` edges; the history entry quotes them).
        rule_id: the rulebook rule that kept it (None: an LLM or a person made it).
    """

    uid: str
    dedup_key: str
    memory_type: str
    content: str
    content_hash: str
    embedding: Sequence[float]
    importance: float
    confidence: float
    occurred_at: datetime | None
    valid_from: datetime | None
    stated_at: datetime | None
    origin: str
    slot: str | None
    slot_subject: str | None
    slot_key: str | None
    slot_value: str | None
    source_uids: Sequence[str]
    rule_id: str | None = None


@dataclass(frozen=True)
class Reinforcement:
    """An existing memory said again: its ``uid``, the new wording (kept on the history entry), the confidence
    and importance it was said with (the memory keeps the higher), and the events that said it."""

    uid: str
    content: str
    confidence: float
    importance: float
    source_uids: Sequence[str]


@dataclass(frozen=True)
class MentionLink:
    """A ``MENTIONS`` edge from the memory of ``dedup_key`` to the entity of ``subject_key``."""

    dedup_key: str
    subject_key: str


@dataclass(frozen=True)
class StatusChanged:
    """A memory whose status changed, with its slot key (None: no slot)."""

    uid: str
    slot_key: str | None


async def uids_by_dedup_key(db: Queries, *, user_id: str, dedup_keys: Sequence[str]) -> dict[str, str]:
    """dedup key → uid of the user's memory holding it, for the keys that are taken (seed 001 §4: exact
    duplicates). A retired key (``retired:<uid>``, a superseded memory) is not the key it was."""
    rows = await db.read("memories_by_dedup_key", user_id=user_id, keys=list(dedup_keys))
    return {str(r["dedup_key"]): str(r["uid"]) for r in rows}


async def nearest_of_same_type(db: Queries, *, user_id: str, probes: Sequence[NearProbe]) -> dict[int, Nearest]:
    """For each probe, the user's most similar active or archived memory of its type (an exact scan).

    Returns:
        position of the probe in ``probes`` → its nearest memory; absent when the user has no memory of
        that type with a vector.
    """
    rows = await db.read(
        "nearest_memory_same_type",
        user_id=user_id,
        candidates=[
            {"idx": i, "memory_type": p.memory_type, "embedding": [float(x) for x in p.embedding]}
            for i, p in enumerate(probes)
        ],
    )
    return {
        int(r["idx"]): Nearest(
            str(r["uid"]),
            float(r["cosine"]),
            r["slot_key"],
            r["slot_value"],
            content=r["content"],
            slot_name=r["slot"],
            slot_subject=r["slot_subject"],
        )
        for r in rows
        if r["uid"] is not None
    }


@dataclass(frozen=True)
class SlotAdoption:
    """An existing memory without a slot taking one (a changed value of it joined it in that slot)."""

    uid: str
    slot: str
    slot_subject: str
    slot_key: str


async def adopt_slots(db: Queries, *, user_id: str, adoptions: Sequence[SlotAdoption]) -> list[str]:
    """Give each memory its slot, unless it has one by now (another writer set it).

    Returns:
        the slot keys of the memories that took one (the caller settles them).
    """
    if not adoptions:
        return []
    rows = await db.write(
        "adopt_memory_slots",
        user_id=user_id,
        adoptions=[
            {"uid": a.uid, "slot": a.slot, "slot_subject": a.slot_subject, "slot_key": a.slot_key} for a in adoptions
        ],
    )
    return [str(r["slot_key"]) for r in rows]


async def create(
    db: Queries, *, user_id: str, memories: Sequence[NewMemory], now: datetime, actor: str
) -> dict[str, str]:
    """Create the memories, active, with a ``created`` history entry each and their provenance edges.

    A memory whose dedup key exists by now (another writer created it after the caller planned) is reinforced
    instead (count + 1, history ``reinforced``, the provenance edges). Their slots are not settled here: the
    caller does it in the same transaction.

    Returns:
        the planned uid of each memory → the uid of the memory it landed on: itself when created, else the one
        that holds its dedup key.
    """
    rows = [
        {
            "uid": m.uid,
            "history_uid": keys.new_uid(),
            "dedup_key": m.dedup_key,
            "memory_type": m.memory_type,
            "content": m.content,
            "content_hash": m.content_hash,
            "embedding": [float(x) for x in m.embedding],
            "importance": m.importance,
            "confidence": m.confidence,
            "occurred_at": m.occurred_at,
            "valid_from": as_utc(m.valid_from),
            "stated_at": as_utc(m.stated_at),
            "origin": m.origin,
            "slot": m.slot,
            "slot_subject": m.slot_subject,
            "slot_key": m.slot_key,
            "slot_value": m.slot_value,
            "source_uids": list(m.source_uids),
            "rule_id": m.rule_id,
        }
        for m in memories
    ]
    landed = await db.write(
        "create_memories", user_id=user_id, tenant_key=keys.tenant_key(user_id), now=now, actor=actor, memories=rows
    )
    return {str(r["planned_uid"]): str(r["uid"]) for r in landed}


async def reinforce(
    db: Queries, *, user_id: str, reinforcements: Sequence[Reinforcement], now: datetime, actor: str
) -> None:
    """Reinforce the user's memories (count + 1, ``last_reinforced_at``, the higher confidence and importance,
    new provenance, a ``reinforced`` history entry); an archived one is active again (its slot is settled by
    the caller in the same transaction). Unknown uids are skipped."""
    rows = [
        {
            "uid": r.uid,
            "history_uid": keys.new_uid(),
            "content": r.content,
            "confidence": r.confidence,
            "importance": r.importance,
            "source_uids": list(r.source_uids),
        }
        for r in reinforcements
    ]
    await db.write(
        "reinforce_memories",
        user_id=user_id,
        tenant_key=keys.tenant_key(user_id),
        now=now,
        actor=actor,
        reinforcements=rows,
    )


async def link_entities(db: Queries, *, user_id: str, links: Sequence[MentionLink]) -> None:
    """``MENTIONS`` edges from memories (by dedup key) to the user's entities (by subject key); idempotent."""
    await db.write(
        "link_memory_entities",
        user_id=user_id,
        links=[{"dedup_key": link.dedup_key, "subject_key": link.subject_key} for link in links],
    )


async def slot_keys(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[str]:
    """The slot keys of the user's memories ``uids`` that have a slot (read with ``write``: inside the caller's
    write transaction it sees what the transaction wrote), in the order of ``uids``."""
    rows = await db.write("memory_slot_keys", user_id=user_id, uids=list(uids))
    return [str(r["slot_key"]) for r in rows if r["slot_key"] is not None]


@dataclass(frozen=True)
class MemoryState:
    """A memory's status as a writer holding its lock sees it. ``corrected_by``: the version that corrected it."""

    status: str
    superseded_reason: str | None
    corrected_by: str | None


async def claim(db: Queries, *, user_id: str, uid: str) -> MemoryState | None:
    """Lock the memory for the rest of the caller's write transaction and read its status (issue 25 item 9:
    checks made before the lock are stale by the time the transaction writes).

    Waits while another transaction holds the memory's lock (a correction, a forget). Returns None when the
    user has no such memory (any more).
    """
    rows = await db.write("claim_memory", user_id=user_id, uid=uid)
    if not rows:
        return None
    state = await db.read("memory_state", user_id=user_id, uid=uid)
    row = state[0]
    return MemoryState(
        status=str(row["status"]), superseded_reason=row["superseded_reason"], corrected_by=row["corrected_by"]
    )


async def supersede_by_correction(
    db: Queries, *, user_id: str, old_uid: str, new_uid: str, now: datetime, actor: str
) -> bool:
    """The memory ``old_uid`` is replaced by its correction ``new_uid`` (already written in this transaction).

    The old one becomes ``superseded`` (reason ``correction``, ``valid_to`` = its ``valid_from``: it never
    held, its exact-duplicate key retired, its other ``SUPERSEDED_BY`` edges gone); the new one takes its
    source events and mentions; the impressions repeating it are stale; a ``corrected`` history entry.

    Returns:
        False when either memory is not the user's, or both are the same memory (nothing written).
    """
    rows = await db.write(
        "supersede_by_correction",
        user_id=user_id,
        old_uid=old_uid,
        new_uid=new_uid,
        now=now,
        actor=actor,
        history_uid=keys.new_uid(),
    )
    return bool(rows)


async def archive(
    db: Queries, *, user_id: str, uids: Sequence[str], now: datetime, actor: str, reason: str | None
) -> list[str]:
    """Archive the user's active memories among ``uids`` (an ``archived`` history entry each, with ``reason``).

    Returns:
        the uids archived now; others (not active, not the user's) are skipped.
    """
    rows = await db.write(
        "archive_active_memories", user_id=user_id, uids=list(uids), now=now, actor=actor, reason=reason
    )
    return [str(r["uid"]) for r in rows]


async def restore(
    db: Queries, *, user_id: str, uids: Sequence[str], now: datetime, actor: str, reason: str | None
) -> list[StatusChanged]:
    """Make the user's archived memories among ``uids`` active again (a ``restored`` history entry each).

    Their slots are not settled here: the caller does it in the same transaction.

    Returns:
        the memories restored now, with their slot keys; others are skipped.
    """
    rows = await db.write("restore_memories", user_id=user_id, uids=list(uids), now=now, actor=actor, reason=reason)
    return [StatusChanged(uid=str(r["uid"]), slot_key=r["slot_key"]) for r in rows]
