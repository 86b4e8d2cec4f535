"""Recorded reflection cycles (seed 002 §2: reflection_cycles): what a ``reflect`` call did, the
``ReflectionCycle`` node it becomes, and reading recorded cycles back.

Statements: ``reflection_cycles`` and ``last_cycle_before`` in ``cypher/queries/reflection.cypher`` (a cycle's
node is written with the rest of the cycle, in :mod:`graphsvc.graph.reflection`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from graphsvc.graph import nodes
from graphsvc.graph.database import Queries, native
from graphsvc.vocabulary import CycleStatus, TriggerType

MAX_NOTES = 50
"""Notes kept on a ``ReflectionCycle`` node (the outcome of the call itself keeps them all)."""


class ReflectionOutcome(BaseModel):
    """What one ``reflect`` call did (seed 002 §2: reflection_cycles).

    ``cycle_id`` is None for SKIPPED calls (no cycle ran and no node was written). ``memories_scanned``: the new
    memories the cycle read (and marked read); ``memories_in_context``: the earlier ones shown beside them
    (similar, or related by the graph), read again and not marked. Other counts are of traits:
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
    memories_in_context: int = 0
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

    @classmethod
    def from_node(cls, node: Any) -> ReflectionOutcome:
        """A ``ReflectionCycle`` node as returned by the driver (inflated through the neomodel class); notes that
        are not a JSON array read as none."""
        c = nodes.ReflectionCycle.inflate(node)
        try:
            notes = [str(n) for n in json.loads(c.notes)] if c.notes else []
        except json.JSONDecodeError:
            notes = []
        return cls(
            user_id=c.user_id,
            status=c.status,
            cycle_id=c.uid,
            trigger=c.trigger_type,
            trigger_value=c.trigger_value,
            error=c.error,
            mode=c.mode or "offline",
            memories_scanned=c.memories_scanned or 0,
            memories_in_context=c.memories_in_context or 0,
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


def notes_json(notes: Sequence[str], *, limit: int = MAX_NOTES) -> str:
    """The cycle's notes (refused operations and their reasons) as a JSON array, at most ``limit``."""
    return json.dumps(list(notes)[:limit], ensure_ascii=False)


def cycle_props(outcome: ReflectionOutcome) -> dict[str, Any]:
    """The ``ReflectionCycle`` node properties of an outcome (its uid and user are written beside them)."""
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
        "memories_in_context": outcome.memories_in_context,
        "traits_created": outcome.traits_created,
        "traits_reinforced": outcome.traits_reinforced,
        "traits_contradicted": outcome.traits_contradicted,
        "traits_upgraded": outcome.traits_upgraded,
        "traits_promoted": outcome.traits_promoted,
        "traits_modified": outcome.traits_modified,
        "traits_dissolved": outcome.traits_dissolved,
        "operations_rejected": outcome.operations_rejected,
        "notes": notes_json(outcome.notes),
        "llm_calls": outcome.llm_calls,
        "tokens_in": outcome.tokens_in,
        "tokens_out": outcome.tokens_out,
    }


async def recent(db: Queries, *, user_id: str, limit: int) -> list[ReflectionOutcome]:
    """The user's recorded cycles (COMPLETED and FAILED), newest first, at most ``limit``."""
    rows = await db.read("reflection_cycles", user_id=user_id, limit=limit)
    return [ReflectionOutcome.from_node(r["cycle"]) for r in rows]


async def last_completed_start(db: Queries, *, user_id: str, at: datetime) -> datetime | None:
    """When the user's last COMPLETED cycle that started at or before ``at`` started; None when none did."""
    rows = await db.read("last_cycle_before", user_id=user_id, as_of=at)
    return native(rows[0]["at"]) if rows else None
