"""The candidate layer (seed 003: BrainCandidate): statements wait here before they become memories.

A ``MemoryCandidate`` is keyed by (user, memory type, normalised content); every event that states it again, in
the same words or in a paraphrase (:mod:`graphsvc.pipeline.memories.paraphrases`), adds a ``FROM_EVENT`` edge and
its UTC day and source (source type + source id) to the candidate. A changed value opens a candidate of its own.

Rules (``Settings``; :func:`promotion_reason` and :func:`is_expired` are the pure decisions):

- promoted when reinforced by events of at least ``candidate_min_days`` (2) distinct days or
  ``candidate_min_sources`` (2) distinct sources → reason ``reinforced``;
- or when its importance is at least ``candidate_promote_importance`` (0.8) → ``importance``;
- or when a person confirms it (``promoteCandidate``) → ``confirmed``;
- else it expires once ``candidate_ttl_days`` (14) have passed since its first event was ingested
  (``expires_at <= now``, checked by the daily learning job); ``rejectCandidate`` ends it at once.

Promotion goes through seed 001's dedup: an exact or near duplicate (rescaled cosine > 0.85) of an existing
memory reinforces it instead of creating a second one; the new or reinforced memory is ``EXTRACTED_FROM`` every
event of the candidate, and the candidate points ``PROMOTED_TO`` it. Each promotion is one transaction that
first claims the candidate (still open), so a candidate is promoted once whatever runs concurrently.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Protocol

from graphsvc import keys
from graphsvc.config import CandidateSettings
from graphsvc.errors import ConflictError, NotFoundError
from graphsvc.graph import sources as stored_candidates
from graphsvc.graph.database import NamedTx, Queries
from graphsvc.graph.sources import CandidateSighting, OpenCandidate
from graphsvc.pipeline.extraction.contract import ExtractedMemory
from graphsvc.pipeline.memories import paraphrases
from graphsvc.pipeline.memories import run as memories
from graphsvc.pipeline.sources.statements import SourceRecord, Statement
from graphsvc.runtime import Runtime
from graphsvc.vocabulary import PromotionReason

ACTOR = "candidate"


class EventRecord(SourceRecord, Protocol):
    """An event as the candidate layer reads it: a source record with its uid and source id."""

    @property
    def uid(self) -> str: ...
    @property
    def source_id(self) -> str: ...


candidate_uid = keys.candidate_uid


def promotion_reason(
    *, days: int, sources: int, importance: float, settings: CandidateSettings
) -> PromotionReason | None:
    """Why an open candidate is promoted now, or None (seed 003: reinforced by ≥ 2 days or sources, or important).

    Args:
        days: distinct UTC days of its events. sources: distinct sources of its events.
        importance: 0–1.
    """
    if days >= settings.min_days or sources >= settings.min_sources:
        return "reinforced"
    if importance >= settings.promote_importance:
        return "importance"
    return None


def is_expired(expires_at: datetime, *, now: datetime) -> bool:
    """An open candidate expires once its expiry has come (at ``expires_at`` exactly, not a moment before)."""
    return now >= expires_at


async def upsert(
    tx: NamedTx,
    settings: CandidateSettings,
    *,
    user_id: str,
    event: EventRecord,
    found: list[Statement],
    now: datetime,
    origin: str,
) -> list[str]:
    """Create or reinforce the candidates of one event's statements, inside the event's transaction.

    Returns:
        the uids of the open candidates it touched (promotion reads them next).
    """
    sightings = []
    for s in found:
        digest = keys.content_hash(s.content)
        sightings.append(
            CandidateSighting(
                uid=candidate_uid(user_id, s.memory_type, digest),
                memory_type=s.memory_type,
                content=s.content,
                content_hash=digest,
                importance=s.importance,
                confidence=s.confidence,
                occurred_at=s.occurred_at,
                day=event.occurred_at.date().isoformat(),
                source=f"{event.source_type}:{event.source_id}",
                expires_at=now + timedelta(days=settings.ttl_days),
                event_uids=(event.uid,),
            )
        )
    return await paraphrases.record(tx, user_id=user_id, sightings=sightings, now=now, origin=origin)


async def due_uids(tx: Queries, settings: CandidateSettings, *, user_id: str, uids: list[str]) -> list[str]:
    """Which of the open candidates ``uids`` meet a promotion rule now (a read: nothing is promoted or embedded)."""
    found = await stored_candidates.open_candidates(tx, user_id=user_id, uids=uids)
    return [
        c.uid
        for c in found
        if promotion_reason(days=c.days, sources=c.sources, importance=c.importance, settings=settings) is not None
    ]


async def promote_due(rt: Runtime, *, user_id: str, uids: list[str] | None = None) -> list[str]:
    """Promote the open candidates (``uids``, or all of the user's) that meet a promotion rule now.

    Returns:
        the uids of the candidates promoted by this call.
    """
    due = []
    for candidate in await stored_candidates.open_candidates(rt.db, user_id=user_id, uids=uids):
        reason = promotion_reason(
            days=candidate.days,
            sources=candidate.sources,
            importance=candidate.importance,
            settings=rt.settings.candidates,
        )
        if reason is not None:
            due.append((candidate, reason))
    promoted = []
    for candidate, reason in due:
        if await _promote(rt, user_id=user_id, candidate=candidate, reason=reason):
            promoted.append(candidate.uid)
    return promoted


async def expire_due(rt: Runtime, *, user_id: str) -> int:
    """Expire the user's open candidates whose expiry has come; returns how many."""
    return await stored_candidates.expire_due(rt.db, user_id=user_id, now=rt.clock())


async def confirm(rt: Runtime, *, user_id: str, uid: str) -> str:
    """A person confirms a candidate: it is promoted now (seed 003). Returns the memory's uid.

    Raises:
        NotFoundError: the user has no such candidate.
        ConflictError: it is not open (promoted, rejected or expired already).
    """
    found = await stored_candidates.open_candidates(rt.db, user_id=user_id, uids=[uid])
    if not found:
        if await stored_candidates.get_candidate(rt.db, user_id=user_id, uid=uid) is None:
            raise NotFoundError(kind="candidate", ident=uid)
        raise ConflictError(kind="candidate", ident=uid, problem="is not open; only open candidates are promoted")
    memory_uid = await _promote(rt, user_id=user_id, candidate=found[0], reason="confirmed")
    if memory_uid is None:
        raise ConflictError(kind="candidate", ident=uid, problem="was decided meanwhile")
    return memory_uid


async def reject(rt: Runtime, *, user_id: str, uid: str) -> None:
    """A person rejects an open candidate: it never becomes a memory.

    Raises:
        NotFoundError: the user has no such candidate. ConflictError: it is not open.
    """
    before = await stored_candidates.reject(rt.db, user_id=user_id, uid=uid, now=rt.clock())
    if before is None:
        raise NotFoundError(kind="candidate", ident=uid)
    if before != "open":
        raise ConflictError(kind="candidate", ident=uid, problem=f"is {before}; only open ones are rejected")


async def _promote(rt: Runtime, *, user_id: str, candidate: OpenCandidate, reason: PromotionReason) -> str | None:
    """Promote one candidate through seed 001's dedup and issue 12's slots and valid time (the extraction's
    :mod:`graphsvc.pipeline.memories.run`, origin ``extraction``: it rests on its events), in one
    transaction; None when it was decided meanwhile."""
    memory = ExtractedMemory(
        memory_type=candidate.memory_type,
        content=candidate.content,
        confidence=candidate.confidence,
        importance=candidate.importance,
        source_message_ids=list(candidate.event_uids) or ["-"],
        occurred_at=candidate.occurred_at,
        rule_id=candidate.rule_id,
    )
    now = rt.clock()
    writes = await memories.prepare(
        rt,
        user_id=user_id,
        memories=[memory],
        event_times={},
        origin="extraction",
        default_valid_from=candidate.occurred_at or now,
        background=True,
    )
    memory_uid = writes.first_uid()

    async def work(tx: NamedTx) -> str | None:
        if not await stored_candidates.claim(
            tx, user_id=user_id, uid=candidate.uid, reason=reason, memory_uid=memory_uid, now=now
        ):
            return None
        landed = await memories.run(tx, writes, user_id=user_id, now=now, actor=ACTOR)
        target = landed.first_uid()  # a concurrent writer may have created the same memory first
        await stored_candidates.link_memory(tx, user_id=user_id, uid=candidate.uid, memory_uid=target)
        return target

    return await rt.db.in_transaction(work)
