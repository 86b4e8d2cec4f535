"""The candidate layer (seed 003: BrainCandidate): statements wait here before they become memories.

A ``MemoryCandidate`` is keyed by (user, memory type, normalised content); every event that states it again
adds a ``FROM_EVENT`` edge and its UTC day and source (source type + source id) to the candidate.

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

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.errors import ConflictError, NotFoundError
from graphsvc.graph import nodes
from graphsvc.graph.database import NamedTx, native
from graphsvc.pipeline.extraction.contract import ExtractedMemory
from graphsvc.pipeline.memories import run as memories
from graphsvc.pipeline.sources.statements import SourceRecord, Statement
from graphsvc.runtime import Runtime
from graphsvc.vocabulary import CandidateStatus, PromotionReason

ACTOR = "candidate"


class EventRecord(SourceRecord, Protocol):
    """An event as the candidate layer reads it: a source record with its uid and source id."""

    @property
    def uid(self) -> str: ...
    @property
    def source_id(self) -> str: ...


candidate_uid = keys.candidate_uid


def promotion_reason(*, days: int, sources: int, importance: float, settings: Settings) -> PromotionReason | None:
    """Why an open candidate is promoted now, or None (seed 003: reinforced by ≥ 2 days or sources, or important).

    Args:
        days: distinct UTC days of its events. sources: distinct sources of its events.
        importance: 0–1.
    """
    if days >= settings.candidate_min_days or sources >= settings.candidate_min_sources:
        return "reinforced"
    if importance >= settings.candidate_promote_importance:
        return "importance"
    return None


def is_expired(expires_at: datetime, *, now: datetime) -> bool:
    """An open candidate expires once its expiry has come (at ``expires_at`` exactly, not a moment before)."""
    return now >= expires_at


async def upsert(
    tx: NamedTx,
    settings: Settings,
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
    if not found:
        return []
    rows = []
    for s in found:
        digest = keys.content_hash(s.content)
        rows.append(
            {
                "uid": candidate_uid(user_id, s.memory_type, digest),
                "memory_type": s.memory_type,
                "content": s.content,
                "content_hash": digest,
                "importance": s.importance,
                "confidence": s.confidence,
                "occurred_at": s.occurred_at,
                "day": event.occurred_at.date().isoformat(),
                "source": f"{event.source_type}:{event.source_id}",
                "expires_at": now + timedelta(days=settings.candidate_ttl_days),
                "event_uids": [event.uid],
            }
        )
    result = await tx.write(
        "upsert_candidates",
        user_id=user_id,
        tenant_key=keys.tenant_key(user_id),
        now=now,
        origin=origin,
        candidates=rows,
    )
    return [str(r["uid"]) for r in result if r["status"] == "open"]


async def promote_due(rt: Runtime, *, user_id: str, uids: list[str] | None = None) -> list[str]:
    """Promote the open candidates (``uids``, or all of the user's) that meet a promotion rule now.

    Returns:
        the uids of the candidates promoted by this call.
    """
    rows = await rt.db.read("open_candidates", user_id=user_id, uids=uids)
    due = []
    for row in rows:
        reason = promotion_reason(
            days=int(row["days"]),
            sources=int(row["sources"]),
            importance=float(row["importance"]),
            settings=rt.settings,
        )
        if reason is not None:
            due.append((row, reason))
    promoted = []
    for row, reason in due:
        if await _promote(rt, user_id=user_id, row=row, reason=reason):
            promoted.append(str(row["uid"]))
    return promoted


async def expire_due(rt: Runtime, *, user_id: str) -> int:
    """Expire the user's open candidates whose expiry has come; returns how many."""
    rows = await rt.db.write("expire_candidates", user_id=user_id, now=rt.clock())
    return int(rows[0]["expired"]) if rows else 0


async def confirm(rt: Runtime, *, user_id: str, uid: str) -> str:
    """A person confirms a candidate: it is promoted now (seed 003). Returns the memory's uid.

    Raises:
        NotFoundError: the user has no such candidate.
        ConflictError: it is not open (promoted, rejected or expired already).
    """
    rows = await rt.db.read("open_candidates", user_id=user_id, uids=[uid])
    if not rows:
        await _require_candidate(rt, user_id=user_id, uid=uid)
        raise ConflictError(kind="candidate", ident=uid, problem="is not open; only open candidates are promoted")
    memory_uid = await _promote(rt, user_id=user_id, row=rows[0], reason="confirmed")
    if memory_uid is None:
        raise ConflictError(kind="candidate", ident=uid, problem="was decided meanwhile")
    return memory_uid


async def reject(rt: Runtime, *, user_id: str, uid: str) -> None:
    """A person rejects an open candidate: it never becomes a memory.

    Raises:
        NotFoundError: the user has no such candidate. ConflictError: it is not open.
    """
    rows = await rt.db.write("reject_candidate", user_id=user_id, uid=uid, now=rt.clock())
    if not rows:
        raise NotFoundError(kind="candidate", ident=uid)
    if rows[0]["before"] != "open":
        raise ConflictError(kind="candidate", ident=uid, problem=f"is {rows[0]['before']}; only open ones are rejected")


async def _require_candidate(rt: Runtime, *, user_id: str, uid: str) -> None:
    if not await rt.db.read("get_candidate", user_id=user_id, uid=uid):
        raise NotFoundError(kind="candidate", ident=uid)


async def _promote(rt: Runtime, *, user_id: str, row: dict[str, Any], reason: PromotionReason) -> str | None:
    """Promote one candidate through seed 001's dedup and issue 12's slots and valid time (the extraction's
    :mod:`graphsvc.pipeline.memories.run`, origin ``extraction``: it rests on its events), in one
    transaction; None when it was decided meanwhile."""
    memory = ExtractedMemory(
        memory_type=row["memory_type"],
        content=row["content"],
        confidence=float(row["confidence"]),
        importance=float(row["importance"]),
        source_message_ids=list(row["event_uids"]) or ["-"],
        occurred_at=native(row["occurred_at"]),
    )
    now = rt.clock()
    writes = await memories.prepare(
        rt,
        user_id=user_id,
        memories=[memory],
        event_times={},
        origin="extraction",
        default_valid_from=native(row["occurred_at"]) or now,
        background=True,
    )
    memory_uid = writes.first_uid()

    async def work(tx: NamedTx) -> str | None:
        claimed = await tx.write(
            "claim_candidate", user_id=user_id, uid=row["uid"], now=now, reason=reason, memory_uid=memory_uid
        )
        if not claimed:
            return None
        await memories.run(tx, writes, user_id=user_id, now=now, actor=ACTOR)
        target = memory_uid
        if writes.creates:  # a concurrent writer may have created the same memory first
            found = await tx.read("memory_uid_by_dedup_key", user_id=user_id, dedup_key=writes.creates[0].dedup_key)
            target = str(found[0]["uid"]) if found else memory_uid
        await tx.write("link_candidate_memory", user_id=user_id, uid=row["uid"], memory_uid=target)
        return target

    return await rt.db.in_transaction(work)


@dataclass(frozen=True)
class CandidateView:
    """A candidate as callers see it. ``days`` / ``sources``: the distinct days and sources of its events."""

    uid: str
    memory_type: str
    content: str
    status: CandidateStatus
    importance: float
    confidence: float
    days: list[str]
    sources: list[str]
    event_uids: list[str]
    source_types: list[str]
    created_at: datetime | None
    expires_at: datetime | None
    decided_at: datetime | None
    promotion_reason: str | None
    memory_uid: str | None
    origin: str | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> CandidateView:
        k = nodes.MemoryCandidate.inflate(row["candidate"])
        return cls(
            uid=k.uid,
            memory_type=k.memory_type,
            content=k.content,
            status=k.status,
            importance=float(k.importance or 0.0),
            confidence=float(k.confidence or 0.0),
            days=list(k.days or []),
            sources=list(k.sources or []),
            event_uids=[str(u) for u in row["event_uids"]],
            source_types=[str(s) for s in row["source_types"]],
            created_at=k.created_at,
            expires_at=k.expires_at,
            decided_at=k.decided_at,
            promotion_reason=k.promotion_reason,
            memory_uid=k.memory_uid,
            origin=k.origin,
        )
