"""Writing memories: the one path every new memory takes (extraction, ``remember``, ``correctMemory``, candidate
promotion, and through promotion the documents' statements).

:func:`prepare` (outside any transaction): ``drafts → candidates`` (embedding, exact-duplicate key, slot, valid
time) ``→ dedup plan`` (seed 001 §4: exact duplicates and near duplicates reinforce; a different value of the
same slot never does; :mod:`.dedup`) ``→`` the new memories and reinforcements to write, each new memory's uid
chosen. :func:`run` (inside the caller's ONE write transaction): create, reinforce (history, provenance), the
caller's own writes that go with them, then the slots touched put back in valid-time order
(:mod:`.supersession`); it says where each memory landed (a memory another writer created in between with the
same exact-duplicate key is reinforced, not duplicated).

Valid time (issue 12): an event memory holds from when it happened; any other extracted memory from the
first source message that said it; a remembered one from the time given, else from when it was
remembered. Reinforcing never moves ``valid_from``. ``stated_at`` (when it was first said) orders a slot's
values: a relative date ("I moved to Porto last week") is too coarse to outrank what was said in between.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.embed.base import Embedder
from graphsvc.graph import memories as stored
from graphsvc.graph.database import NamedTx, Queries
from graphsvc.graph.memories import NearProbe, NewMemory, Reinforcement, SlotAdoption
from graphsvc.pipeline.memories.dedup import Candidate, DedupPlan, plan_dedup
from graphsvc.pipeline.memories.draft import MemoryDraft
from graphsvc.pipeline.memories.slots import memory_slot
from graphsvc.pipeline.memories.supersession import settle_slots
from graphsvc.runtime import Runtime
from graphsvc.vocabulary import MemoryOrigin


@dataclass(frozen=True)
class Placement:
    """Where one draft is planned to land: a new memory (``created``), an existing one it repeats
    (``reinforced``), or the new memory of an earlier draft of the same batch it was folded into (``merged``)."""

    outcome: Literal["created", "reinforced", "merged"]
    uid: str


@dataclass(frozen=True)
class Prepared:
    """What :func:`run` will write.

    Attributes:
        candidates: the drafts as placed (embedding, dedup key, slot, valid time), in the order given.
        creates: the memories to create (a batch's near-copies folded into one), uids chosen.
        reinforcements: the existing memories to reinforce, one per draft that repeats one.
        adoptions: existing memories without a slot that a new changed value of theirs shares one with.
        placements: where each draft lands, in the order of ``candidates`` (extraction traces record it).
    """

    candidates: list[Candidate]
    creates: list[NewMemory] = field(default_factory=list)
    reinforcements: list[Reinforcement] = field(default_factory=list)
    adoptions: list[SlotAdoption] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)

    @property
    def created(self) -> dict[str, str]:
        """dedup key → uid of each memory to create."""
        return {m.dedup_key: m.uid for m in self.creates}

    @property
    def reinforced(self) -> list[str]:
        """uids of the memories to reinforce."""
        return [r.uid for r in self.reinforcements]

    def first_uid(self) -> str:
        """Where the one memory of ``remember``, a correction or a promotion is planned to land: the memory it
        creates, else the one it reinforces (:meth:`Landed.first_uid` says where it did).

        Raises:
            ValueError: nothing is to be written (no draft was given).
        """
        uids = [*self.created.values(), *self.reinforced]
        if not uids:
            raise ValueError("no memory to write")
        return uids[0]


async def _candidates(
    embedder: Embedder,
    *,
    user_id: str,
    memories: Sequence[MemoryDraft],
    event_times: Mapping[str, datetime],
    origin: MemoryOrigin,
    default_valid_from: datetime,
    background: bool,
) -> list[Candidate]:
    """Embed the drafts and give each its dedup key, slot and valid time (the arguments: :func:`prepare`)."""
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


async def _plan(db: Queries, settings: Settings, *, user_id: str, cands: list[Candidate]) -> DedupPlan:
    """Read the exact and nearest existing memories of the candidates and decide create or reinforce."""
    if not cands:
        return DedupPlan()
    exact = await stored.uids_by_dedup_key(db, user_id=user_id, dedup_keys=[c.dedup_key for c in cands])
    nearest = await stored.nearest_of_same_type(
        db,
        user_id=user_id,
        probes=[NearProbe(memory_type=c.memory.memory_type, embedding=c.embedding.tolist()) for c in cands],
    )
    return plan_dedup(
        cands,
        user_id=user_id,
        exact=exact,
        nearest=nearest,
        threshold=settings.extraction.near_duplicate_threshold,
        floor=settings.embedding.similarity_floor,
        changed_threshold=settings.extraction.changed_value_threshold,
    )


def _new_memory(c: Candidate) -> NewMemory:
    """The memory a planned creation writes, with a fresh uid."""
    slot = c.slot
    return NewMemory(
        uid=keys.new_uid(),
        dedup_key=c.dedup_key,
        memory_type=c.memory.memory_type,
        content=c.memory.content,
        content_hash=c.content_hash,
        embedding=c.embedding.tolist(),
        importance=c.memory.importance,
        confidence=c.memory.confidence,
        occurred_at=c.memory.occurred_at,
        valid_from=c.valid_from,
        stated_at=c.stated_at,
        origin=c.origin,
        slot=slot.slot if slot else None,
        slot_subject=slot.subject if slot else None,
        slot_key=slot.slot_key if slot else None,
        slot_value=slot.value if slot else None,
        source_uids=list(c.source_uids),
        rule_id=c.memory.rule_id,
    )


def _reinforcement(uid: str, c: Candidate) -> Reinforcement:
    """The reinforcement of memory ``uid`` by candidate ``c``."""
    return Reinforcement(
        uid=uid,
        content=c.memory.content,
        confidence=c.memory.confidence,
        importance=c.memory.importance,
        source_uids=list(c.source_uids),
    )


async def prepare(
    rt: Runtime,
    *,
    user_id: str,
    memories: Sequence[MemoryDraft],
    event_times: Mapping[str, datetime],
    origin: MemoryOrigin,
    default_valid_from: datetime,
    background: bool,
    place: Callable[[Candidate], Candidate] | None = None,
    never_reinforce: str | None = None,
) -> Prepared:
    """Embed the drafts and place them (dedup key, slot, valid time), then decide create or reinforce.

    Reads the graph (outside any transaction); writes nothing.

    Args:
        memories: with ``source_message_ids`` holding event uids (extraction, promotion) or empty (``remember``).
        event_times: event uid → when it was said.
        origin: stored on the new memories (``extraction``: it rests on events; ``user`` or ``agent``).
        default_valid_from: the valid time of a memory with no event time and no source.
        background: embed at background priority (the extraction job yields to chat traffic).
        place: changes each candidate before the plan (a correction keeps the old memory's slot and place).
        never_reinforce: a memory uid the drafts may not reinforce (a memory is never its own correction):
            when the plan would, every draft is created instead.

    Returns:
        the writes for :func:`run`; empty when ``memories`` is.
    """
    cands = await _candidates(
        rt.embedder,
        user_id=user_id,
        memories=memories,
        event_times=event_times,
        origin=origin,
        default_valid_from=default_valid_from,
        background=background,
    )
    if place is not None:
        cands = [place(c) for c in cands]
    dedup = await _plan(rt.db, rt.settings, user_id=user_id, cands=cands)
    if never_reinforce is not None and any(uid == never_reinforce for uid, _ in dedup.reinforcements):
        dedup = DedupPlan(creates=cands, reinforcements=[])
    if never_reinforce is not None:  # a correction supersedes its memory itself, by no slot
        dedup.adoptions = [(uid, slot) for uid, slot in dedup.adoptions if uid != never_reinforce]
        for c in dedup.creates:
            if c.slot is not None and c.slot.slot == f"near:{never_reinforce}":
                c.slot = None
    creates = [_new_memory(c) for c in dedup.creates]
    return Prepared(
        candidates=cands,
        creates=creates,
        reinforcements=[_reinforcement(uid, c) for uid, c in dedup.reinforcements],
        adoptions=[
            SlotAdoption(uid=uid, slot=slot.slot, slot_subject=slot.subject, slot_key=slot.slot_key)
            for uid, slot in dedup.adoptions
        ],
        placements=_placements(cands, dedup, creates),
    )


def _placements(cands: Sequence[Candidate], dedup: DedupPlan, creates: Sequence[NewMemory]) -> list[Placement]:
    """Where each candidate lands under the plan (pure); ``creates`` are the plan's creations, in its order."""
    created = {id(c): m.uid for c, m in zip(dedup.creates, creates, strict=True)}
    reinforced = {id(c): uid for uid, c in dedup.reinforcements}
    folded = {id(c): twin for c, twin in dedup.folded}
    out = []
    for c in cands:
        if id(c) in created:
            out.append(Placement("created", created[id(c)]))
        elif id(c) in reinforced:
            out.append(Placement("reinforced", reinforced[id(c)]))
        else:
            out.append(Placement("merged", created[id(folded[id(c)])]))
    return out


@dataclass(frozen=True)
class Landed:
    """Where the prepared memories landed.

    Attributes:
        created: uids of the memories created now, in the order planned.
        reinforced: uids of the memories reinforced: those planned, then those another writer created between
            :func:`prepare` and :func:`run` under a planned creation's exact-duplicate key.
        landed_on: planned uid → the uid of the memory it landed on instead (such a raced creation); others
            landed where planned.
    """

    created: list[str]
    reinforced: list[str]
    landed_on: dict[str, str] = field(default_factory=dict)

    def first_uid(self) -> str:
        """Where the one memory of ``remember``, a correction or a promotion landed: the memory it created, else
        the one it reinforced.

        Raises:
            ValueError: nothing was written (no draft was given).
        """
        uids = [*self.created, *self.reinforced]
        if not uids:
            raise ValueError("no memory was written")
        return uids[0]


@dataclass(frozen=True)
class Committed(Landed):
    """Where the memories landed and what settling their slots changed (uids superseded and reinstated;
    ``successors``: each memory superseded now → the memory that supersedes it)."""

    superseded: list[str] = field(default_factory=list)
    reinstated: list[str] = field(default_factory=list)
    successors: dict[str, str] = field(default_factory=dict)


async def run(
    tx: NamedTx,
    writes: Prepared,
    *,
    user_id: str,
    now: datetime,
    actor: str,
    before_settling: Callable[[NamedTx, Landed], Awaitable[None]] | None = None,
) -> Committed:
    """Write the prepared memories in the caller's transaction and settle the slots they touched.

    Order: create, reinforce, then ``before_settling(tx, landed)`` (the caller's writes that go with the
    memories and must see them under their exact-duplicate keys: mention links, a correction's supersession),
    then the slots put back in valid-time order. A reinforced memory's slot is settled too: reinforcing an
    archived memory makes it active again.

    Args:
        tx: the caller's write transaction; nothing commits until it does.
        actor: who writes (``extraction``, ``user``, ``agent``, ``candidate``), for the history entries.

    Returns:
        where each memory landed (a planned creation lands on the memory another writer created meanwhile
        with the same exact-duplicate key, reinforced), and the uids superseded and reinstated by settling.
    """
    landed_on = await stored.create(tx, user_id=user_id, memories=writes.creates, now=now, actor=actor)
    await stored.reinforce(tx, user_id=user_id, reinforcements=writes.reinforcements, now=now, actor=actor)
    actual = [landed_on.get(m.uid, m.uid) for m in writes.creates]
    raced = [uid for m, uid in zip(writes.creates, actual, strict=True) if uid != m.uid]
    landed = Landed(
        created=[uid for m, uid in zip(writes.creates, actual, strict=True) if uid == m.uid],
        reinforced=[*writes.reinforced, *raced],
        landed_on={m.uid: uid for m, uid in zip(writes.creates, actual, strict=True) if uid != m.uid},
    )
    if before_settling is not None:
        await before_settling(tx, landed)
    slot_keys = [m.slot_key for m in writes.creates if m.slot_key is not None]
    slot_keys += await stored.adopt_slots(tx, user_id=user_id, adoptions=writes.adoptions)
    if landed.reinforced:
        slot_keys += await stored.slot_keys(tx, user_id=user_id, uids=landed.reinforced)
    settled = await settle_slots(tx, user_id=user_id, slot_keys=slot_keys, now=now, actor=actor)
    return Committed(
        created=landed.created,
        reinforced=landed.reinforced,
        superseded=settled.superseded,
        reinstated=settled.reinstated,
        landed_on=landed.landed_on,
        successors=settled.successors,
    )
