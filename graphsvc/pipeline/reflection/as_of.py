"""Traits as they were at a past time (``userTraits(asOf:)``, issue 12): what graphsvc believed about the
user on date D, and why.

Every change the reflection engine makes to a trait writes a ``HistoryEntry`` holding the trait's state after
the change (stage, confidence, counters; older entries only say "stage X, confidence Y", which is parsed), and
a retraction's re-scoring does the same. A trait's state at D is the state of its last entry at or before D,
decayed (seed 002 §5) from that entry to the last reflection cycle that ran at or before D: every completed
cycle decays every trait, and only stage changes write an entry. Its text at D is the old text of the first
modification after D, if any. Traits created after D, or dissolved at D, are not returned; traits deleted by a
retraction are gone (that is the point of deleting them).

Trait times are recorded times (when reflection concluded it), not valid times: imported old conversations
give no traits before the day they were reflected on.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from graphsvc.config import ReflectionSettings
from graphsvc.graph import nodes
from graphsvc.graph.database import Database, native
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.pipeline.reflection.traits_query import TraitView
from graphsvc.vocabulary import TRAIT_STAGES, TraitStage

_DESCRIBED = re.compile(r"stage (\w+), confidence (none|[\d.]+)")


def _state(entry: Any) -> tuple[str, float | None, int | None] | None:
    """(stage, confidence, reinforcement count) recorded by one HistoryEntry, or None when it records none."""
    h = nodes.HistoryEntry.inflate(entry)
    if h.stage is not None:
        return h.stage, h.confidence, h.reinforcement_count
    match = _DESCRIBED.search(h.new_value or "")
    if match is None or match[1] not in TRAIT_STAGES:
        return None
    return match[1], None if match[2] == "none" else float(match[2]), None


def state_at(
    view: TraitView,
    history: Sequence[Any],
    *,
    as_of: datetime,
    last_cycle: datetime | None,
    settings: ReflectionSettings,
) -> TraitView | None:
    """The trait as it was at ``as_of`` (pure), or None when it did not exist yet or was dissolved then.

    Args:
        view: the trait now.
        history: its HistoryEntry nodes, oldest first.
        last_cycle: the start of the user's last completed reflection cycle at or before ``as_of``.
    """
    if view.created_at is not None and view.created_at > as_of:
        return None
    stage: str = view.stage
    confidence, count, at, content = view.confidence, view.reinforcement_count, view.created_at, view.content
    known = False
    for entry in history:
        when = native(entry["created_at"])
        if when > as_of:
            if entry["event"] == "modified" and entry["old_value"]:
                content = entry["old_value"]
                break
            continue
        state = _state(entry)
        if state is not None:
            stage, confidence, count, at, known = (
                state[0],
                state[1],
                state[2] if state[2] is not None else count,
                when,
                True,
            )
    if not known:
        return view  # written before states were recorded: the best answer is the trait as it is
    if stage == "dissolved":
        return None
    if confidence is not None and last_cycle is not None and at is not None and last_cycle > at:
        confidence = cm.decay(
            confidence,
            subtype=view.subtype,
            reinforcement_count=count or 0,
            days=(last_cycle - at).total_seconds() / 86_400.0,
            settings=settings,
        )
    return view.model_copy(
        update={"stage": stage, "confidence": confidence, "reinforcement_count": count or 0, "content": content}
    )


async def traits_as_of(db: Database, *, user_id: str, as_of: datetime, settings: ReflectionSettings) -> list[TraitView]:
    """Every trait of the user as it was at ``as_of`` (any stage but dissolved), unsorted."""
    rows = await db.read("traits_as_of", user_id=user_id, as_of=as_of)
    cycle = await db.read("last_cycle_before", user_id=user_id, as_of=as_of)
    last_cycle = native(cycle[0]["at"]) if cycle else None
    out = []
    for row in rows:
        view = state_at(
            TraitView.from_node(row["trait"]), row["history"], as_of=as_of, last_cycle=last_cycle, settings=settings
        )
        if view is not None:
            out.append(view)
    return out


class TraitHistoryPoint(BaseModel):
    """One recorded state of a trait (``Trait.history``, issue 16): its stage and confidence after ``event``."""

    model_config = ConfigDict(frozen=True)

    at: datetime
    stage: TraitStage
    confidence: float | None  # None for trends (managed by their window)
    event: str  # the HistoryEntry's event: created, reinforced, promoted, upgraded, modified, rescored, dissolved...


def history_points(history: Sequence[Any]) -> list[TraitHistoryPoint]:
    """The states a trait's HistoryEntry nodes (oldest first) record, oldest first (pure).

    An entry that records no state (an old text-only change) carries the state before it; entries before the
    first recorded state are left out. Confidences are as written then, not decayed since.
    """
    points: list[TraitHistoryPoint] = []
    for entry in history:
        state = _state(entry)
        if state is None and not points:
            continue
        stage, confidence = (state[0], state[1]) if state is not None else (points[-1].stage, points[-1].confidence)
        points.append(
            TraitHistoryPoint(
                at=native(entry["created_at"]),
                stage=stage,
                confidence=confidence,
                event=entry["event"],
            )
        )
    return points


async def trait_history(db: Database, *, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitHistoryPoint]]:
    """``{trait_uid: [point, oldest first]}`` for the given traits of the user (another user's or missing → absent)."""
    rows = await db.read("trait_history", user_id=user_id, uids=list(dict.fromkeys(trait_uids)))
    out: dict[str, list[TraitHistoryPoint]] = defaultdict(list)
    for row in rows:
        out[row["trait_uid"]].extend(history_points(row["history"]))
    return dict(out)
