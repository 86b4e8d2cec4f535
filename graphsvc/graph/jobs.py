"""Jobs: the typed row of a ``Job`` node, queuing (the one place a job is created), reads, cancel and retry.

Statements: ``cypher/queries/jobs.cypher`` and ``user_jobs.cypher``; the worker's claim and lease statements are
in :mod:`graphsvc.graph.job_leases`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from graphsvc import keys
from graphsvc.graph import nodes
from graphsvc.graph.database import Database, NamedTx, Queries, native
from graphsvc.graph.leases import LeaseLostError
from graphsvc.vocabulary import (
    ENDED_JOB_STATUSES,
    JOB_KINDS,
    JOB_PRIORITY_RANK,
    JOB_STATUSES,
    JobKind,
    JobPriority,
    JobStatus,
)

_PRIORITY_OF_RANK: dict[int, JobPriority] = {rank: name for name, rank in JOB_PRIORITY_RANK.items()}


@dataclass(frozen=True)
class JobRow:
    """One background job.

    Attributes:
        kind: what the job does (``graphsvc.vocabulary.JobKind``).
        status: PENDING → RUNNING → SUCCEEDED, or back to PENDING with ``error`` until FAILED; CANCELLED.
        attempts: how many times it was claimed.
        llm_calls, tokens_in, tokens_out: LLM usage of every attempt (0 on the offline path).
        owner: the process holding its lease while RUNNING (None otherwise).
        priority: interactive jobs are claimed before bulk ones.
        cancel_requested: ``cancelJob`` asked a RUNNING job to stop.
        request_id: the request that queued it (its logs carry the same id).
        extractor: of a finished extraction job: ``llm`` or ``rules`` (the offline rulebook); None otherwise.
        fallback_reason: why the rulebook extracted although an LLM is configured (every attempt of the LLM failed).
    """

    uid: str
    user_id: str
    kind: JobKind
    status: JobStatus
    error: str | None
    attempts: int
    session_id: str | None
    created_at: datetime | None
    updated_at: datetime | None
    llm_calls: int
    tokens_in: int
    tokens_out: int
    memories_created: int
    memories_reinforced: int
    owner: str | None = None
    priority: JobPriority = "interactive"
    cancel_requested: bool = False
    request_id: str | None = None
    target_uid: str | None = None
    extractor: str | None = None
    fallback_reason: str | None = None

    @classmethod
    def from_node(cls, node: Any) -> JobRow:
        """From a ``Job`` node as returned by the driver (inflated through the neomodel class).

        Raises:
            ValueError: the node's kind or status is not in the vocabulary (a newer process wrote it).
        """
        job = nodes.Job.inflate(node)
        if job.kind not in JOB_KINDS or job.status not in JOB_STATUSES:
            raise ValueError(f"job {job.uid} has unknown kind {job.kind!r} or status {job.status!r}")
        return cls(
            uid=job.uid,
            user_id=job.user_id,
            kind=cast(JobKind, job.kind),
            status=cast(JobStatus, job.status),
            error=job.error,
            attempts=job.attempts or 0,
            session_id=job.session_id,
            created_at=job.created_at,
            updated_at=job.updated_at,
            llm_calls=job.llm_calls or 0,
            tokens_in=job.tokens_in or 0,
            tokens_out=job.tokens_out or 0,
            memories_created=job.memories_created or 0,
            memories_reinforced=job.memories_reinforced or 0,
            owner=job.owner,
            priority=_PRIORITY_OF_RANK.get(job.priority or 0, "interactive"),
            cancel_requested=bool(job.cancel_requested),
            request_id=job.request_id,
            target_uid=job.target_uid,
            extractor=job.extractor,
            fallback_reason=job.fallback_reason,
        )


async def commit_with_job(db: Database, job: JobRow, *, now: datetime, work: Any) -> Any:
    """Run ``work(tx)`` in one transaction that first locks the job and checks this process still owns it.

    Args:
        job: the claimed job (``job.owner`` is this process).
        work: ``async (NamedTx) -> result``: the job's writes, its status included.

    Raises:
        LeaseLostError: the job was taken over (or finished) meanwhile; nothing was written.
    """

    async def guarded(tx: NamedTx) -> Any:
        rows = await tx.write("guard_job_owner", uid=job.uid, user_id=job.user_id, owner=job.owner, now=now)
        if not rows:
            raise LeaseLostError(f"job {job.uid} is no longer owned by {job.owner}")
        return await work(tx)

    return await db.in_transaction(guarded)


async def enqueue(
    db: Queries,
    *,
    user_id: str,
    kind: JobKind,
    now: datetime,
    coalesce_on: str,
    session_id: str | None = None,
    target_uid: str | None = None,
    priority: JobPriority = "interactive",
    open_statuses: tuple[JobStatus, ...] = ("PENDING",),
    request_id: str | None = None,
    coalesce_running: bool = True,
) -> tuple[JobRow, bool] | None:
    """Queue a background job: the one place every job is created.

    Jobs of one kind with the same ``coalesce_on`` are coalesced: while one is queued (its status in
    ``open_statuses``) it is returned instead of a new one, with its priority raised to ``priority`` when that
    is higher. A job tied to a session (``session_id``: extraction, the reflection an extraction queues) also
    counts a RUNNING job claimed after the session's last ingest as queued (it reads everything there is).

    Args:
        db: a :class:`Database`, or a :class:`NamedTx` to queue inside the caller's transaction.
        coalesce_on: what the job is about: the session uid for an extraction, the user for a reflection, the
            document uid for its indexing, ``learn:<day>`` for a day's learning.
        session_id: the session a conversation job reads; it must exist.
        coalesce_running: with ``session_id``, whether a RUNNING job claimed after the session's last ingest
            counts as queued. False for a job that must read what its caller's transaction writes (the reflection
            an extraction queues: a reflection already running may have read the memories before they existed).
        target_uid: what a job not tied to a session works on (a document, a day).

    Returns:
        the job and whether it was created now; None when ``session_id`` names no session of the user.
    """
    dedup_key = keys.job_dedup_key(_COALESCE_TAG.get(kind, kind), coalesce_on)
    common = {
        "uid": keys.new_uid(),
        "user_id": user_id,
        "kind": kind,
        "now": now,
        "priority": JOB_PRIORITY_RANK[priority],
        "dedup_key": dedup_key,
        "request_id": request_id,
    }
    if session_id is not None:
        rows = await db.write(
            "create_job",
            **common,
            session_id=session_id,
            session_uid=keys.session_uid(user_id, session_id),
            coalesce_running=coalesce_running,
        )
    else:
        rows = await db.write("create_user_job", **common, target_uid=target_uid, open_statuses=list(open_statuses))
    return (JobRow.from_node(rows[0]["job"]), bool(rows[0]["created"])) if rows else None


_COALESCE_TAG: dict[str, str] = {"extract_memories": "extract"}
"""The coalescing key's tag of a kind, where it differs from the kind's name."""


async def get(db: Queries, *, uid: str, user_ids: list[str] | None) -> JobRow | None:
    """The job ``uid`` if it belongs to one of ``user_ids`` (None: any user, for admins); else None."""
    rows = await db.read("get_job", uid=uid, user_ids=user_ids)
    return JobRow.from_node(rows[0]["job"]) if rows else None


async def list_for_user(db: Queries, *, user_id: str, status: JobStatus | None, limit: int) -> list[JobRow]:
    """The user's jobs, newest first, optionally of one status; at most ``limit``."""
    rows = await db.read("list_jobs", user_id=user_id, status=status, limit=limit)
    return [JobRow.from_node(r["job"]) for r in rows]


async def cancel(db: Queries, *, uid: str, user_id: str, now: datetime) -> tuple[JobRow, JobStatus] | None:
    """Cancel the user's job: a PENDING one ends CANCELLED at once, a RUNNING one is asked to stop (its owner
    sees the request at its next lease renewal); an ended one is left as it is.

    Returns:
        the job as it is now and its status before; None when the user has no such job.
    """
    rows = await db.write("cancel_job", uid=uid, user_id=user_id, now=now)
    return (JobRow.from_node(rows[0]["job"]), rows[0]["before"]) if rows else None


async def retry(
    db: Queries, *, uid: str, user_id: str, now: datetime, priority: JobPriority
) -> tuple[JobRow, JobStatus] | None:
    """Queue a FAILED or CANCELLED job of the user again with fresh attempts (any other status: unchanged).

    Returns:
        the job as it is now and its status before; None when the user has no such job.
    """
    rows = await db.write("retry_job", uid=uid, user_id=user_id, now=now, priority=JOB_PRIORITY_RANK[priority])
    return (JobRow.from_node(rows[0]["job"]), rows[0]["before"]) if rows else None


async def complete(
    tx: Queries, job: JobRow, *, now: datetime, llm_calls: int, outcome: str, tokens_in: int = 0, tokens_out: int = 0
) -> None:
    """Record ``job`` SUCCEEDED with its LLM cost and outcome (run it inside :func:`commit_with_job`)."""
    await tx.write(
        "complete_job",
        uid=job.uid,
        user_id=job.user_id,
        owner=job.owner,
        now=now,
        llm_calls=llm_calls,
        tokens_in=tokens_in,
        tokens_out=tokens_out,
        outcome=outcome,
    )


async def count_open(db: Queries) -> int:
    """How many jobs of any user are PENDING or RUNNING."""
    rows = await db.read("count_open_jobs")
    return int(rows[0]["open"])


async def prune_ended(db: Queries, *, before: datetime, limit: int) -> int:
    """Delete at most ``limit`` jobs of any user that ended (:data:`~graphsvc.vocabulary.ENDED_JOB_STATUSES`)
    before ``before`` (UTC), in no particular order (the ``job_ended`` index finds them); returns how many were
    deleted. A job queued again meanwhile (``retryJob``) is read again under its lock and kept."""
    rows = await db.write(
        "prune_ended_jobs", ended=list(ENDED_JOB_STATUSES), before=before, limit=limit, claim_token=keys.new_uid()
    )
    return int(rows[0]["deleted"]) if rows else 0


async def describe_open(db: Queries, *, limit: int = 10) -> list[str]:
    """At most ``limit`` open jobs of any user, oldest due first, each in one line: uid, kind, status, user,
    attempts, due time, lease and owner, last error (a wait that does not end says what it waits for)."""
    rows = await db.read("open_jobs", limit=limit)
    return [
        f"{r['uid']} {r['kind']} {r['status']} user={r['user_id']} attempts={r['attempts']} "
        f"run_after={native(r['run_after'])} lease_until={native(r['lease_until'])} owner={r['owner']} "
        f"error={r['error']!r}"
        for r in rows
    ]


@dataclass(frozen=True)
class Backlog:
    """The job queue by status: ``jobs`` how many, ``oldest_due`` when the longest-waiting one became due (UTC,
    None when none is waiting)."""

    status: JobStatus
    jobs: int
    oldest_due: datetime | None


async def backlog(db: Queries) -> list[Backlog]:
    """The queue depth of every status that has jobs (``/ready`` and the ``graphsvc_job_queue_*`` gauges)."""
    rows = await db.read("job_backlog")
    return [Backlog(r["status"], int(r["jobs"]), native(r["oldest_due"])) for r in rows]


@dataclass(frozen=True)
class JobUsage:
    """What a finished extraction job records: its LLM usage and the memories it wrote.

    Attributes:
        llm_calls, tokens_in, tokens_out: of this attempt (added to the job's totals; 0 offline).
        llm_log: the calls as JSON (replaces the job's log).
        extractor: ``llm`` or ``rules`` (the offline rulebook extracted: no LLM is configured, or it failed).
        fallback_reason: why the rulebook extracted although an LLM is configured (every attempt failed); None
            otherwise.
    """

    llm_calls: int
    tokens_in: int
    tokens_out: int
    memories_created: int
    memories_reinforced: int
    llm_log: str
    extractor: str = "rules"
    fallback_reason: str | None = None


async def finish(db: Queries, job: JobRow, *, usage: JobUsage, now: datetime) -> bool:
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
        extractor=usage.extractor,
        fallback_reason=usage.fallback_reason,
    )
    return bool(rows)
