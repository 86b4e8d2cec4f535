"""One user's daily learning run (seed 003, issue 15).

A run is one ``LearningRun`` node per user and local day (``DAILY_LEARNING_TZ``), keyed by
:func:`graphsvc.keys.learning_run_uid`. It is claimed under a lease in Neo4j (``claim_learning_run``: created,
or taken over when not COMPLETED and its lease is free or expired), renewed while it works
(:func:`graphsvc.graph.leases.hold`), and finished only while this owner still holds it. A COMPLETED run is
never run again: a second call on the same day (any process) returns it and changes nothing. The steps, in order:

0. consolidation: every session of the user still holding messages no extraction has read, whatever their day
   (a conversation nobody ended and the idle sweep did not reach, or whose extraction failed every attempt), is
   ended and its ``extract_memories`` job queued (:func:`graphsvc.graph.sessions.end_and_queue_extraction`), so the
   day's events become memories through the same extraction a conversation's end runs (the LLM, or the offline
   rules), and that job queues its reflection. The job reads only messages not extracted yet, so nothing a
   conversation's job extracted is extracted twice; a session whose last message arrived within
   ``IDLE_CONVERSATION_TIMEOUT_MIN`` is live and left to its end; an extraction already queued is not queued again;
1. promotion of open candidates meeting a rule (two days or two sources, importance, see
   :mod:`graphsvc.pipeline.sources.candidates`), so what they become is evidence for the reflection after it;
2. reflection where seed 002 §1's triggers hold (:func:`graphsvc.pipeline.reflection.cycle.run`: the 24 h
   interval, importance, first reflection). A cycle with no new memories only expires trends and decays
   traits, so an idle user's traits decay once a day; then expiry of the open candidates past
   ``CANDIDATE_TTL_DAYS``;
3. archival: active memories last reinforced (or created) more than ``ARCHIVE_AFTER_DAYS`` ago with
   importance below ``ARCHIVE_IMPORTANCE_BELOW`` become ``archived`` (issue 12's status: kept, out of default
   recall, restorable; a ``HistoryEntry`` records it). At exactly ``ARCHIVE_AFTER_DAYS`` a memory stays;
4. tags: keyword topic tags on the memories and current events not tagged yet
   (:func:`graphsvc.pipeline.tags.assign.daily`);
5. extraction traces recorded more than ``EXTRACTION_TRACE_RETENTION_DAYS`` ago are deleted
   (:func:`graphsvc.graph.extraction_traces.prune`).

Every step is idempotent on its own (extracted messages, promoted, expired, archived and tagged items are not
picked again), so a run taken over after a crash redoes nothing already done.
"""

from __future__ import annotations

import time
from datetime import date, datetime, timedelta

from graphsvc import keys
from graphsvc.errors import NotFoundError
from graphsvc.graph import extraction_traces, sessions
from graphsvc.graph import learning as stored_runs
from graphsvc.graph.learning import LearningCounts, LearningRunView
from graphsvc.graph.leases import RenewOutcome, hold, process_owner
from graphsvc.pipeline.reflection import cycle
from graphsvc.pipeline.sources import candidates
from graphsvc.pipeline.tags import assign as tags
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id

MAX_CONSOLIDATED_SESSIONS = 500
"""Sessions one run queues the extraction of (the oldest first)."""


def learning_day(rt: Runtime, now: datetime | None = None) -> date:
    """The local day (``DAILY_LEARNING_TZ``) of ``now`` (default: the runtime clock)."""
    return (now or rt.clock()).astimezone(rt.settings.learning.zone).date()


async def run(rt: Runtime, *, user_id: str, day: date | None = None, owner: str | None = None) -> LearningRunView:
    """Run the user's learning of ``day`` (default: today, local) unless it was done already.

    Returns:
        the run: COMPLETED (now or earlier), FAILED (this attempt failed; the next call runs it again), or
        RUNNING when another process holds it.

    Raises:
        InvalidInputError: a bad user id.
        LeaseLostError: the lease was lost while working (nothing more is written).
    """
    user_id = require_id("userId", user_id, rt.settings)
    day = day or learning_day(rt)
    owner = owner or process_owner()
    uid = keys.learning_run_uid(user_id, day.isoformat())
    ttl_s = rt.settings.learning.lease_s
    now = rt.clock()
    run_view, claimed = await stored_runs.claim(
        rt.db, uid=uid, user_id=user_id, day=day.isoformat(), owner=owner, now=now, until=now + timedelta(seconds=ttl_s)
    )
    if not claimed:
        return run_view

    async def renew() -> RenewOutcome:
        at = rt.clock()
        until = at + timedelta(seconds=ttl_s)
        kept = await stored_runs.renew(rt.db, uid=uid, user_id=user_id, owner=owner, until=until)
        return "held" if kept else "lost"

    started = time.monotonic()
    status, error = "COMPLETED", None
    counts: LearningCounts | None = None
    try:
        counts = await hold(_steps(rt, user_id=user_id), renew=renew, ttl_s=ttl_s)
    except Exception as exc:  # recorded on the run; the next call (or the next day's job) runs it again
        status, error = "FAILED", f"{type(exc).__name__}: {exc}"[:500]
    finished = await stored_runs.finish(
        rt.db,
        uid=uid,
        user_id=user_id,
        owner=owner,
        counts=counts,
        status=status,
        error=error,
        now=rt.clock(),
        duration_ms=(time.monotonic() - started) * 1000.0,
    )
    if finished is not None:
        return finished
    current = await stored_runs.get(rt.db, uid=uid, user_id=user_id)
    if current is None:  # not possible while the run is never deleted but with its user
        raise NotFoundError(kind="learning run", ident=uid)
    return current


async def consolidate(rt: Runtime, *, user_id: str) -> int:
    """Step 0: queue the extraction of every session of the user holding messages no extraction has read and
    idle for ``idle_conversation_timeout_min`` (at most ``MAX_CONSOLIDATED_SESSIONS`` a run, the oldest first;
    the next day's run takes the rest).

    Returns:
        how many sessions' extractions were queued (an extraction already queued counts too).
    """
    now = rt.clock()
    idle = timedelta(minutes=rt.settings.extraction.idle_conversation_timeout_min)
    found = await sessions.with_unextracted_events(
        rt.db, user_id=user_id, before=now - idle, limit=MAX_CONSOLIDATED_SESSIONS
    )
    queued = 0
    for session_id in found:
        job = await sessions.end_and_queue_extraction(
            rt.db, user_id=user_id, session_id=session_id, now=now, priority="bulk", request_id=None
        )
        queued += int(job is not None)
    return queued


async def _steps(rt: Runtime, *, user_id: str) -> LearningCounts:
    """The six steps; returns the counts written on the run."""
    settings = rt.settings
    consolidated = await consolidate(rt, user_id=user_id)
    promoted = await candidates.promote_due(rt, user_id=user_id)  # before reflecting: new evidence for the cycle
    outcome = await cycle.run(rt, user_id=user_id)
    expired = await candidates.expire_due(rt, user_id=user_id)
    now = rt.clock()
    archived = await stored_runs.archive_stale_memories(
        rt.db,
        user_id=user_id,
        before=now - timedelta(days=settings.learning.archive_after_days),
        after_days=settings.learning.archive_after_days,
        importance_below=settings.learning.archive_importance_below,
        now=now,
    )
    tagging = await tags.daily(rt.db, user_id=user_id, min_items=settings.documents.auto_tag_min_items, now=now)
    pruned = await extraction_traces.prune(
        rt.db, user_id=user_id, before=now - timedelta(days=settings.extraction.trace_retention_days)
    )
    return LearningCounts(
        conversations_consolidated=consolidated,
        reflection_status=outcome.status,
        reflection_trigger=outcome.trigger,
        traits_dissolved=outcome.traits_dissolved,
        candidates_promoted=len(promoted),
        candidates_expired=expired,
        memories_archived=archived,
        tags_assigned=tagging.tagged,
        llm_calls=outcome.llm_calls,
        extraction_traces_pruned=pruned,
    )
