"""The typed row of a ``Job`` node: what the worker claims and runs, and what callers see of a job."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from graphsvc.graph import nodes
from graphsvc.vocabulary import JOB_KINDS, JOB_STATUSES, JobKind, JobStatus


@dataclass(frozen=True)
class JobRow:
    """One background job.

    Attributes:
        kind: what the job does (``graphsvc.vocabulary.JobKind``).
        status: PENDING → RUNNING → SUCCEEDED, or back to PENDING with ``error`` until FAILED.
        attempts: how many times it was claimed.
        llm_calls, tokens_in, tokens_out: LLM usage of every attempt (0 on the offline path).
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
        )
