"""The worker's side of the job queue: claim due jobs under a lease, renew it, and record how a job ended.

Statements: ``cypher/queries/jobs.cypher``. A job is RUNNING under one process's lease (``owner``,
``lease_until``); only an expired lease is taken over, so a job runs once across processes (see
:mod:`graphsvc.service.worker`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from graphsvc import keys
from graphsvc.graph.database import Queries
from graphsvc.graph.jobs import JobRow
from graphsvc.graph.leases import RenewOutcome


@dataclass(frozen=True)
class Lease:
    """Who holds a claimed job and until when (UTC)."""

    owner: str
    until: datetime


async def due(db: Queries, *, now: datetime, max_attempts: int, limit: int) -> list[str]:
    """Settle abandoned jobs (attempts used up under an expired lease → FAILED), then the uids of at most
    ``limit`` due jobs, best priority first, one per user lane."""
    await db.write("settle_abandoned_jobs", now=now, max_attempts=max_attempts, claim_token=keys.new_uid())
    rows = await db.read("job_candidates", now=now, max_attempts=max_attempts, limit=limit)
    return [str(r["uid"]) for r in rows]


async def claim(db: Queries, *, uid: str, now: datetime, lease: Lease, max_attempts: int) -> JobRow | None:
    """Claim a due job for ``lease.owner``; None when another process claimed it first, or its user has a
    running job meanwhile."""
    rows = await db.write(
        "claim_job",
        uid=uid,
        now=now,
        owner=lease.owner,
        lease_until=lease.until,
        max_attempts=max_attempts,
        claim_token=keys.new_uid(),
    )
    return JobRow.from_node(rows[0]["job"]) if rows else None


async def renew(db: Queries, *, uid: str, lease: Lease) -> RenewOutcome:
    """Extend the lease of a job this process holds."""
    rows = await db.write("renew_job_lease", uid=uid, owner=lease.owner, lease_until=lease.until)
    if not rows:
        return "lost"
    return "cancel" if rows[0]["cancel"] else "held"


async def release(db: Queries, *, uid: str, owner: str, now: datetime) -> None:
    """Hand a RUNNING job back to the queue at once (shutdown)."""
    await db.write("release_job", uid=uid, owner=owner, now=now)


async def cancelled(db: Queries, *, uid: str, owner: str, now: datetime) -> None:
    """Record a RUNNING job CANCELLED after it stopped on a cancel request."""
    await db.write("cancelled_while_running", uid=uid, owner=owner, now=now)


@dataclass(frozen=True)
class Failure:
    """One failed attempt: ``error`` (at most 2,000 characters), when to retry (UTC), the LLM cost spent."""

    error: str
    retry_at: datetime
    llm_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0


async def fail(db: Queries, job: JobRow, *, owner: str, now: datetime, failure: Failure, max_attempts: int) -> None:
    """Record a failed attempt: PENDING again from ``failure.retry_at``, or FAILED once ``max_attempts`` are
    used up."""
    await db.write(
        "fail_job",
        uid=job.uid,
        user_id=job.user_id,
        owner=owner,
        error=failure.error[:2000],
        now=now,
        retry_at=failure.retry_at,
        max_attempts=max_attempts,
        llm_calls=failure.llm_calls,
        tokens_in=failure.tokens_in,
        tokens_out=failure.tokens_out,
    )
