"""What a reflection cycle did: the outcome model, the ``ReflectionCycle`` node it becomes, and reading
recorded cycles back (seed 002 §2: reflection_cycles)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from graphsvc.config import Settings
from graphsvc.graph import nodes
from graphsvc.graph.database import Database
from graphsvc.llm.client import LLMCall
from graphsvc.pipeline.reflection import store
from graphsvc.pipeline.reflection.book import TraitBook
from graphsvc.pipeline.reflection.triggers import Trigger
from graphsvc.validation import require_id, require_limit
from graphsvc.vocabulary import CycleStatus, TriggerType


class ReflectionOutcome(BaseModel):
    """What one ``reflect`` call did (seed 002 §2: reflection_cycles).

    ``cycle_id`` is None for SKIPPED calls (no cycle ran and no node was written). Counts are of traits:
    ``traits_created`` includes upgrades (``traits_upgraded``); ``traits_dissolved`` covers trend
    expiry, decay and contradiction review. ``notes`` lists operations the code refused, with reasons.
    ``duration_ms`` is the cycle's wall time from taking the running flag to the commit (the value
    stored on the ``ReflectionCycle`` node stops before its own write).
    """

    model_config = ConfigDict(frozen=True)

    user_id: str
    status: CycleStatus
    cycle_id: str | None = None
    trigger: TriggerType | None = None
    trigger_value: float | None = None
    skipped_reason: str | None = None
    error: str | None = None
    mode: Literal["llm", "offline"]
    memories_scanned: int = 0
    traits_created: int = 0
    traits_reinforced: int = 0
    traits_contradicted: int = 0
    traits_upgraded: int = 0
    traits_promoted: int = 0
    traits_modified: int = 0
    traits_dissolved: int = 0
    operations_rejected: int = 0
    notes: list[str] = []
    llm_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    started_at: datetime | None = None
    finished_at: datetime | None = None
    duration_ms: float = 0.0


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
    started_at: datetime,
    finished_at: datetime,
    started: float,
    error: str | None = None,
) -> ReflectionOutcome:
    """The outcome of a cycle that ran, from its book's counts and its LLM calls.

    Args:
        scanned: new memories the cycle read.
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


def cycle_props(outcome: ReflectionOutcome) -> dict[str, Any]:
    """The ``ReflectionCycle`` node properties of an outcome."""
    return {
        "trigger_type": outcome.trigger,
        "trigger_value": outcome.trigger_value,
        "status": outcome.status,
        "mode": outcome.mode,
        "started_at": outcome.started_at,
        "finished_at": outcome.finished_at,
        "duration_ms": outcome.duration_ms,
        "error": outcome.error,
        "memories_scanned": outcome.memories_scanned,
        "traits_created": outcome.traits_created,
        "traits_reinforced": outcome.traits_reinforced,
        "traits_contradicted": outcome.traits_contradicted,
        "traits_upgraded": outcome.traits_upgraded,
        "traits_promoted": outcome.traits_promoted,
        "traits_modified": outcome.traits_modified,
        "traits_dissolved": outcome.traits_dissolved,
        "operations_rejected": outcome.operations_rejected,
        "notes": store.notes_json(outcome.notes),
        "llm_calls": outcome.llm_calls,
        "tokens_in": outcome.tokens_in,
        "tokens_out": outcome.tokens_out,
    }


async def recent_cycles(*, db: Database, settings: Settings, user_id: str, limit: int = 20) -> list[ReflectionOutcome]:
    """The user's recorded cycles (COMPLETED and FAILED), newest first.

    Raises:
        InvalidInputError: blank or oversized user id, limit outside 1–500.
    """
    user_id = require_id("userId", user_id, settings)
    limit = require_limit("limit", limit, maximum=500)
    rows = await db.read("reflection_cycles", user_id=user_id, limit=limit)
    return [outcome_from_node(r["cycle"]) for r in rows]


def outcome_from_node(node: Any) -> ReflectionOutcome:
    """A ``ReflectionCycle`` node (inflated through the neomodel class) as an outcome."""
    c = nodes.ReflectionCycle.inflate(node)
    try:
        notes = [str(n) for n in json.loads(c.notes)] if c.notes else []
    except json.JSONDecodeError:
        notes = []
    return ReflectionOutcome(
        user_id=c.user_id,
        status=c.status,
        cycle_id=c.uid,
        trigger=c.trigger_type,
        trigger_value=c.trigger_value,
        error=c.error,
        mode=c.mode or "offline",
        memories_scanned=c.memories_scanned or 0,
        traits_created=c.traits_created or 0,
        traits_reinforced=c.traits_reinforced or 0,
        traits_contradicted=c.traits_contradicted or 0,
        traits_upgraded=c.traits_upgraded or 0,
        traits_promoted=c.traits_promoted or 0,
        traits_modified=c.traits_modified or 0,
        traits_dissolved=c.traits_dissolved or 0,
        operations_rejected=c.operations_rejected or 0,
        notes=notes,
        llm_calls=c.llm_calls or 0,
        tokens_in=c.tokens_in or 0,
        tokens_out=c.tokens_out or 0,
        started_at=c.started_at,
        finished_at=c.finished_at,
        duration_ms=c.duration_ms or 0.0,
    )
