"""What the extraction job reads and writes besides memories: its session's events not yet extracted, those
events marked extracted, the conversation's summary on its session, the low-confidence extractions as
candidates, and the job's success.

Statements: ``session_events_pending``, ``mark_events_extracted`` and ``add_session_summary`` in
``cypher/queries/events.cypher``; ``upsert_candidates`` in ``cypher/queries/candidates.cypher``;
``finish_job`` in ``cypher/queries/jobs.cypher``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graphsvc import keys
from graphsvc.graph.database import Queries, native
from graphsvc.graph.jobs import JobRow


@dataclass(frozen=True)
class PendingEvent:
    """A conversation event not extracted yet. ``role``: user or assistant; ``occurred_at``: aware UTC."""

    uid: str
    role: str
    speaker: str | None
    content: str
    occurred_at: datetime


@dataclass(frozen=True)
class CandidateSighting:
    """A statement seen in a source, to keep as a ``MemoryCandidate`` (created open, or reinforced).

    Attributes:
        uid: ``keys.candidate_uid`` of (user, type, content hash): the same statement is one candidate.
        day: the UTC day (``YYYY-MM-DD``) it was said; source: ``<source type>:<source id>``.
        expires_at: when it expires unless promoted (kept when the candidate exists).
        event_uids: the events that said it (``FROM_EVENT`` edges).
    """

    uid: str
    memory_type: str
    content: str
    content_hash: str
    importance: float
    confidence: float
    occurred_at: datetime | None
    day: str
    source: str
    expires_at: datetime
    event_uids: Sequence[str]


@dataclass(frozen=True)
class JobUsage:
    """What a finished extraction job records: its LLM usage and the memories it wrote.

    Attributes:
        llm_calls, tokens_in, tokens_out: of this attempt (added to the job's totals; 0 offline).
        llm_log: the calls as JSON (replaces the job's log).
    """

    llm_calls: int
    tokens_in: int
    tokens_out: int
    memories_created: int
    memories_reinforced: int
    llm_log: str


async def pending_events(db: Queries, *, user_id: str, session_id: str) -> list[PendingEvent]:
    """The session's events not extracted yet, in time order (then sequence, then uid); empty when none is
    left or the user has no such session."""
    rows = await db.read("session_events_pending", user_id=user_id, session_uid=keys.session_uid(user_id, session_id))
    return [
        PendingEvent(
            uid=str(r["uid"]),
            role=r["role"],
            speaker=r["speaker"],
            content=r["content"],
            occurred_at=native(r["occurred_at"]),
        )
        for r in rows
    ]


async def mark_events_extracted(db: Queries, *, user_id: str, event_uids: Sequence[str], now: datetime) -> None:
    """Set ``extracted_at`` on the user's events ``event_uids`` (unknown uids are skipped)."""
    await db.write("mark_events_extracted", user_id=user_id, event_uids=list(event_uids), now=now)


async def add_session_summary(
    db: Queries, *, user_id: str, session_id: str, summary: str, keep: int, now: datetime
) -> None:
    """Append an extraction run's summary to its session's (the last ``keep`` kept, oldest first); a blank
    summary changes nothing."""
    await db.write(
        "add_session_summary",
        user_id=user_id,
        session_uid=keys.session_uid(user_id, session_id),
        summary=summary,
        keep=keep,
        now=now,
    )


async def upsert_candidates(
    db: Queries, *, user_id: str, sightings: Sequence[CandidateSighting], origin: str, now: datetime
) -> list[str]:
    """Create or reinforce one candidate per sighting (seed 003); an expired one seen again opens again.

    Args:
        origin: where the statements came from (``conversation``...), kept on candidates created now.

    Returns:
        the uids of the candidates touched, in no particular order.
    """
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
            }
            for s in sightings
        ],
    )
    return [str(r["uid"]) for r in rows]


async def finish_job(db: Queries, job: JobRow, *, usage: JobUsage, now: datetime) -> bool:
    """Mark the running job SUCCEEDED with its usage, while ``job.owner`` still owns it.

    Returns:
        False when the job is no longer RUNNING under that owner (nothing written).
    """
    rows = await db.write(
        "finish_job",
        user_id=job.user_id,
        uid=job.uid,
        owner=job.owner,
        now=now,
        llm_calls=usage.llm_calls,
        tokens_in=usage.tokens_in,
        tokens_out=usage.tokens_out,
        memories_created=usage.memories_created,
        memories_reinforced=usage.memories_reinforced,
        llm_log=usage.llm_log,
    )
    return bool(rows)
