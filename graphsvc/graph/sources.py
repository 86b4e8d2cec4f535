"""The event layer of other sources and the candidate layer (seed 003).

- ``Source`` nodes (one record of another system: a todo, a note, a document...) with their versions, each an
  ``Event`` (``HAS_VERSION``, newest first through ``PREVIOUS_VERSION``): :func:`store_version`.
- ``MemoryCandidate`` nodes: statements waiting to become memories, each ``FROM_EVENT`` the events that state it,
  and ``PROMOTED_TO`` the memory it became.

Statements: ``cypher/queries/sources.cypher`` and ``cypher/queries/candidates.cypher``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from graphsvc import keys
from graphsvc.graph import nodes
from graphsvc.graph.database import Queries, native
from graphsvc.vocabulary import CandidateStatus, MemoryType, PromotionReason, SourceType


@dataclass(frozen=True)
class SourceEventVersion:
    """One version of a source record, to store as an ``Event`` of its ``Source``.

    Attributes:
        uid: the version's uid (user, source type, source id and the version's fingerprint).
        source_uid: the ``Source``'s uid (user, source type, source id).
        metadata: the record's metadata as compact JSON, or None.
    """

    uid: str
    source_uid: str
    source_type: SourceType
    source_id: str
    title: str | None
    content: str
    status: str | None
    metadata: str | None
    occurred_at: datetime


async def store_version(
    db: Queries, *, user_id: str, event: SourceEventVersion, embedding: list[float] | None, now: datetime
) -> int | None:
    """Store a version of a source record unless it was stored before, with the vector of what it holds
    (L2-normalised), or with none (``embedding`` None): then it is marked due for the ``embed_events`` job.

    The ``Source`` is written first (created when new), so two deliveries of one source take turns on its lock.
    A new version is linked ``PREVIOUS_VERSION`` to the latest one, which keeps its content but leaves recall
    (its vector dropped, ``superseded_at`` set).

    Returns:
        the new version's number (1 for a new source); None when nothing was written (this version was
        stored before, or the source uid belongs to another user).
    """
    rows = await db.write(
        "store_source_event",
        user_id=user_id,
        tenant_key=keys.tenant_key(user_id),
        now=now,
        event={
            "uid": event.uid,
            "source_uid": event.source_uid,
            "source_type": event.source_type,
            "source_id": event.source_id,
            "title": event.title,
            "content": event.content,
            "content_hash": keys.content_hash(event.content),
            "status": event.status,
            "metadata": event.metadata,
            "occurred_at": event.occurred_at,
            "embedding": embedding,
        },
    )
    return int(rows[0]["version"]) if rows and rows[0]["created"] else None


@dataclass(frozen=True)
class CandidateSighting:
    """A candidate statement seen in events: creates the candidate, or reinforces it.

    Attributes:
        uid: ``keys.candidate_uid(user, memory type, content hash)``.
        importance, confidence: 0–1 (a candidate keeps the highest seen).
        occurred_at: when what it states happened, if it says.
        day: the UTC day (``YYYY-MM-DD``) of the events it was seen in.
        source: ``<source type>:<source id>`` (a conversation: ``conversation:<session id>``).
        expires_at: when it expires if still open (used when created, or re-opened after expiring).
        event_uids: the events that state it.
        rule_id: the rulebook rule that made the statement (None: an LLM's, or a source's own); the memory it is
            promoted to records it.
    """

    uid: str
    memory_type: MemoryType
    content: str
    content_hash: str
    importance: float
    confidence: float
    occurred_at: datetime | None
    day: str
    source: str
    expires_at: datetime
    event_uids: tuple[str, ...]
    rule_id: str | None = None


async def upsert_candidates(
    db: Queries, *, user_id: str, sightings: Sequence[CandidateSighting], now: datetime, origin: str
) -> list[str]:
    """Create or reinforce candidates: a new one opens; a known one gains the day and source; an expired one
    opens again with the sighting's expiry; a promoted or rejected one only gains the ``FROM_EVENT`` edges.

    Args:
        origin: ``source`` (events of other systems) or ``conversation`` (low-confidence extraction); kept on
            candidates created now.

    Returns:
        the uids of the touched candidates that are open now.
    """
    if not sightings:
        return []
    rows = await db.write(
        "upsert_candidates",
        user_id=user_id,
        tenant_key=keys.tenant_key(user_id),
        now=now,
        origin=origin,
        candidates=[
            {
                "uid": s.uid,
                "memory_type": s.memory_type,
                "content": s.content,
                "content_hash": s.content_hash,
                "importance": s.importance,
                "confidence": s.confidence,
                "occurred_at": s.occurred_at,
                "day": s.day,
                "source": s.source,
                "expires_at": s.expires_at,
                "event_uids": list(s.event_uids),
                "rule_id": s.rule_id,
            }
            for s in sightings
        ],
    )
    return [str(r["uid"]) for r in rows if r["status"] == "open"]


@dataclass(frozen=True)
class KnownCandidate:
    """A candidate as a new sighting is compared with it: its uid, type, first wording and status."""

    uid: str
    memory_type: MemoryType
    content: str
    status: CandidateStatus


async def paraphrase_pool(
    db: Queries, *, user_id: str, uids: Sequence[str], memory_types: Sequence[str], limit: int
) -> list[KnownCandidate]:
    """The candidates among ``uids`` that exist (any status), and the user's open candidates of ``memory_types``
    (at most ``limit``, the newest), each once, oldest first."""
    rows = await db.read(
        "paraphrase_pool",
        user_id=user_id,
        uids=list(dict.fromkeys(uids)),
        memory_types=list(dict.fromkeys(memory_types)),
        limit=limit,
    )
    return [
        KnownCandidate(
            uid=str(r["uid"]),
            memory_type=cast(MemoryType, r["memory_type"]),
            content=str(r["content"]),
            status=cast(CandidateStatus, r["status"]),
        )
        for r in rows
    ]


@dataclass(frozen=True)
class OpenCandidate:
    """An open candidate with what the promotion rules read.

    Attributes:
        days, sources: how many distinct UTC days and sources its events have.
        event_uids: the events that state it.
        rule_id: the rulebook rule that made its statement, if one did.
    """

    uid: str
    memory_type: MemoryType
    content: str
    content_hash: str
    importance: float
    confidence: float
    occurred_at: datetime | None
    days: int
    sources: int
    expires_at: datetime | None
    event_uids: tuple[str, ...]
    rule_id: str | None = None


async def open_candidates(db: Queries, *, user_id: str, uids: Sequence[str] | None = None) -> list[OpenCandidate]:
    """The user's open candidates (only those of ``uids`` when given), oldest first; empty when none is open."""
    rows = await db.read("open_candidates", user_id=user_id, uids=None if uids is None else list(uids))
    return [
        OpenCandidate(
            uid=str(r["uid"]),
            memory_type=cast(MemoryType, r["memory_type"]),
            content=str(r["content"]),
            content_hash=str(r["content_hash"]),
            importance=float(r["importance"]),
            confidence=float(r["confidence"]),
            occurred_at=native(r["occurred_at"]),
            days=int(r["days"]),
            sources=int(r["sources"]),
            expires_at=native(r["expires_at"]),
            event_uids=tuple(str(u) for u in r["event_uids"]),
            rule_id=r["rule_id"],
        )
        for r in rows
    ]


async def claim(
    db: Queries, *, user_id: str, uid: str, reason: PromotionReason, memory_uid: str, now: datetime
) -> bool:
    """Mark an open candidate promoted to ``memory_uid`` (the first statement of a promotion's transaction).

    Returns:
        False when it is not open any more (a concurrent promotion, rejection or expiry won; nothing written).
    """
    rows = await db.write("claim_candidate", user_id=user_id, uid=uid, now=now, reason=reason, memory_uid=memory_uid)
    return bool(rows)


async def link_memory(db: Queries, *, user_id: str, uid: str, memory_uid: str) -> bool:
    """Point the candidate ``PROMOTED_TO`` the memory; False when either is not the user's."""
    return bool(await db.write("link_candidate_memory", user_id=user_id, uid=uid, memory_uid=memory_uid))


async def promoted_to_active(db: Queries, *, user_id: str, uids: Sequence[str]) -> set[str]:
    """Which of the candidates ``uids`` were promoted to a memory that is still active."""
    if not uids:
        return set()
    rows = await db.read("promoted_to_active", user_id=user_id, uids=list(dict.fromkeys(uids)))
    return {str(r["uid"]) for r in rows}


async def memory_uid_by_dedup_key(db: Queries, *, user_id: str, dedup_key: str) -> str | None:
    """The uid of the user's memory with this dedup key (``keys.memory_dedup_key``); None when there is none."""
    rows = await db.read("memory_uid_by_dedup_key", user_id=user_id, dedup_key=dedup_key)
    return str(rows[0]["uid"]) if rows else None


async def reject(db: Queries, *, user_id: str, uid: str, now: datetime) -> CandidateStatus | None:
    """Reject the candidate if it is open (a decided one is left as it is).

    Returns:
        its status before this call (``open`` when it was rejected now); None when the user has no such candidate.
    """
    rows = await db.write("reject_candidate", user_id=user_id, uid=uid, now=now)
    return cast(CandidateStatus, rows[0]["before"]) if rows else None


async def expire_due(db: Queries, *, user_id: str, now: datetime) -> int:
    """Expire the user's open candidates whose ``expires_at`` is at or before ``now``; returns how many."""
    rows = await db.write("expire_candidates", user_id=user_id, now=now)
    return int(rows[0]["expired"]) if rows else 0


@dataclass(frozen=True)
class CandidateView:
    """A candidate as callers see it. ``days`` / ``sources``: the distinct days and sources of its events;
    ``event_uids`` in time order; ``memory_uid``: the memory it was promoted to."""

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
        """From a row holding the ``candidate`` node, its ``event_uids`` and ``source_types``."""
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


async def get_candidate(db: Queries, *, user_id: str, uid: str) -> CandidateView | None:
    """One candidate of the user; None when there is none."""
    rows = await db.read("get_candidate", user_id=user_id, uid=uid)
    return CandidateView.from_row(rows[0]) if rows else None


async def list_candidates(
    db: Queries, *, user_id: str, status: CandidateStatus | None, limit: int
) -> list[CandidateView]:
    """The user's candidates (of one ``status`` when given), newest first, at most ``limit``."""
    rows = await db.read("list_candidates", user_id=user_id, status=status, limit=limit)
    return [CandidateView.from_row(r) for r in rows]
