"""Daily learning runs (seed 003): one ``LearningRun`` node per user and local day, claimed under a lease, and
the archival of stale memories the run does.

Statements: ``cypher/queries/learning.cypher``. A run is claimed (created, or taken over when it is not
COMPLETED and its lease is free or expired), renewed while it works and finished only while its owner still
holds it; ``MERGE`` on its uid makes two processes claiming at once take turns.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from graphsvc.graph.database import Queries, native


@dataclass(frozen=True)
class LearningCounts:
    """What a run's steps did, written on the run: the conversations whose extraction it queued (their messages
    not extracted yet), the reflection cycle's status and trigger (None when it had none), traits it dissolved,
    candidates promoted and expired, memories archived, tag edges made, LLM calls, and extraction traces pruned
    (older than ``EXTRACTION_TRACE_RETENTION_DAYS``)."""

    conversations_consolidated: int
    reflection_status: str | None
    reflection_trigger: str | None
    traits_dissolved: int
    candidates_promoted: int
    candidates_expired: int
    memories_archived: int
    tags_assigned: int
    llm_calls: int
    extraction_traces_pruned: int = 0


COUNTS = (
    "conversations_consolidated",
    "traits_dissolved",
    "candidates_promoted",
    "candidates_expired",
    "memories_archived",
    "tags_assigned",
    "llm_calls",
    "extraction_traces_pruned",
)
"""The counters of :class:`LearningCounts` (0 on a run that has not written them)."""


@dataclass(frozen=True)
class LearningRunView:
    """A ``LearningRun`` as callers see it. ``ran_now``: this call did the work (False: it was done already,
    or another process holds it). ``day``: the local day, ISO (``YYYY-MM-DD``); ``duration_ms``: the steps'
    wall time."""

    uid: str
    user_id: str
    day: str
    status: str
    attempts: int
    started_at: datetime | None
    finished_at: datetime | None
    error: str | None
    reflection_status: str | None
    reflection_trigger: str | None
    conversations_consolidated: int
    traits_dissolved: int
    candidates_promoted: int
    candidates_expired: int
    memories_archived: int
    tags_assigned: int
    llm_calls: int
    extraction_traces_pruned: int
    duration_ms: float
    ran_now: bool = False

    @classmethod
    def from_node(cls, node: Any, *, ran_now: bool = False) -> LearningRunView:
        """From a ``LearningRun`` node as returned by the driver."""
        p = dict(node)
        return cls(
            uid=str(p["uid"]),
            user_id=str(p["user_id"]),
            day=str(p["day"]),
            status=str(p["status"]),
            attempts=int(p.get("attempts") or 0),
            started_at=native(p.get("started_at")),
            finished_at=native(p.get("finished_at")),
            error=p.get("error"),
            reflection_status=p.get("reflection_status"),
            reflection_trigger=p.get("reflection_trigger"),
            duration_ms=float(p.get("duration_ms") or 0.0),
            ran_now=ran_now,
            **{name: int(p.get(name) or 0) for name in COUNTS},
        )


async def claim(
    db: Queries, *, uid: str, user_id: str, day: str, owner: str, now: datetime, until: datetime
) -> tuple[LearningRunView, bool]:
    """Claim the user's run ``uid`` of ``day`` (ISO) for ``owner`` until ``until``.

    Returns:
        the run and whether ``owner`` holds it now (False: it is COMPLETED, or another owner's lease is live).
    """
    rows = await db.write("claim_learning_run", uid=uid, user_id=user_id, day=day, owner=owner, now=now, until=until)
    return LearningRunView.from_node(rows[0]["run"]), bool(rows[0]["claimed"])


async def renew(db: Queries, *, uid: str, user_id: str, owner: str, until: datetime) -> bool:
    """Extend ``owner``'s lease of the RUNNING run to ``until``; False when ``owner`` no longer holds it."""
    return bool(await db.write("renew_learning_run", uid=uid, user_id=user_id, owner=owner, until=until))


async def finish(
    db: Queries,
    *,
    uid: str,
    user_id: str,
    owner: str,
    counts: LearningCounts | None,
    status: str,
    error: str | None,
    now: datetime,
    duration_ms: float,
) -> LearningRunView | None:
    """Write the run's outcome (``counts`` None: none are written) and release it, only while ``owner`` still
    holds it; None when it does not (nothing was written)."""
    rows = await db.write(
        "finish_learning_run",
        uid=uid,
        user_id=user_id,
        owner=owner,
        counts=asdict(counts) if counts is not None else {},
        status=status,
        error=error,
        now=now,
        duration_ms=duration_ms,
    )
    return LearningRunView.from_node(rows[0]["run"], ran_now=True) if rows else None


async def get(db: Queries, *, uid: str, user_id: str) -> LearningRunView | None:
    """The user's run ``uid``; None when there is none."""
    rows = await db.read("learning_run", uid=uid, user_id=user_id)
    return LearningRunView.from_node(rows[0]["run"]) if rows else None


async def recent(db: Queries, *, user_id: str, limit: int) -> list[LearningRunView]:
    """The user's runs, newest day first, at most ``limit``."""
    rows = await db.read("recent_learning_runs", user_id=user_id, limit=limit)
    return [LearningRunView.from_node(r["run"]) for r in rows]


async def active_users(db: Queries, *, since: datetime) -> list[str]:
    """Users (of every tenant: the daily job visits each) with an event ingested at or after ``since``, by id."""
    return [str(r["user_id"]) for r in await db.read("learning_active_users", since=since)]


async def archive_stale_memories(
    db: Queries, *, user_id: str, before: datetime, after_days: float, importance_below: float, now: datetime
) -> int:
    """Archive the user's active memories last reinforced (or created) before ``before`` with importance below
    ``importance_below`` (seed 003), each with a ``HistoryEntry`` citing ``after_days``. Returns how many."""
    rows = await db.write(
        "archive_stale_memories",
        user_id=user_id,
        before=before,
        after_days=after_days,
        importance_below=importance_below,
        now=now,
    )
    return int(rows[0]["archived"]) if rows else 0
