"""What a reflection cycle did (seed 002 §2: reflection_cycles): its outcome, from the book's counts and its
LLM calls, and the user's recorded cycles (the outcome model and its node are in
:mod:`graphsvc.graph.reflection_cycles`)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from graphsvc.config import Settings
from graphsvc.graph import reflection_cycles as stored_cycles
from graphsvc.graph.database import Database
from graphsvc.graph.reflection_cycles import ReflectionOutcome
from graphsvc.llm.client import LLMCall
from graphsvc.pipeline.reflection.book import TraitBook
from graphsvc.pipeline.reflection.triggers import Trigger
from graphsvc.validation import require_id, require_limit
from graphsvc.vocabulary import CycleStatus


def build_outcome(
    *,
    user_id: str,
    status: CycleStatus,
    cycle_id: str,
    trigger: Trigger,
    mode: Literal["llm", "offline"],
    book: TraitBook,
    scanned: int,
    calls: Sequence[LLMCall],
    in_context: int = 0,
    started_at: datetime,
    finished_at: datetime,
    started: float,
    error: str | None = None,
) -> ReflectionOutcome:
    """The outcome of a cycle that ran, from its book's counts and its LLM calls.

    Args:
        scanned: new memories the cycle read. in_context: earlier memories shown beside them.
        started: ``time.perf_counter()`` when the cycle took its running flag (for ``duration_ms``).
    """
    counts = book.counts
    return ReflectionOutcome(
        user_id=user_id,
        status=status,
        cycle_id=cycle_id,
        trigger=trigger.type,
        trigger_value=trigger.value,
        error=error,
        mode=mode,
        memories_scanned=scanned,
        memories_in_context=in_context,
        traits_created=counts.created,
        traits_reinforced=len(counts.reinforced),
        traits_contradicted=len(counts.contradicted),
        traits_upgraded=counts.upgraded,
        traits_promoted=counts.promoted,
        traits_modified=counts.modified,
        traits_dissolved=len(counts.dissolved),
        operations_rejected=counts.rejected,
        notes=list(counts.notes),
        llm_calls=len(calls),
        tokens_in=sum(c.tokens_in for c in calls),
        tokens_out=sum(c.tokens_out for c in calls),
        started_at=started_at,
        finished_at=finished_at,
        duration_ms=round((time.perf_counter() - started) * 1000, 3),
    )


async def recent_cycles(*, db: Database, settings: Settings, user_id: str, limit: int = 20) -> list[ReflectionOutcome]:
    """The user's recorded cycles (COMPLETED and FAILED), newest first.

    Raises:
        InvalidInputError: blank or oversized user id, limit outside 1–500.
    """
    user_id = require_id("userId", user_id, settings)
    limit = require_limit("limit", limit, maximum=500)
    return await stored_cycles.recent(db, user_id=user_id, limit=limit)
