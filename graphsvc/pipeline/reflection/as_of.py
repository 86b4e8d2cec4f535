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

from collections.abc import Sequence
from datetime import datetime

from graphsvc.config import ReflectionSettings
from graphsvc.graph import reflection_cycles as stored_cycles
from graphsvc.graph import traits as stored_traits
from graphsvc.graph.database import Database
from graphsvc.graph.traits import TraitHistoryEntry, TraitHistoryPoint, TraitView
from graphsvc.pipeline.reflection import confidence as cm


def state_at(
    view: TraitView,
    history: Sequence[TraitHistoryEntry],
    *,
    as_of: datetime,
    last_cycle: datetime | None,
    settings: ReflectionSettings,
) -> TraitView | None:
    """The trait as it was at ``as_of`` (pure), or None when it did not exist yet or was dissolved then.

    Args:
        view: the trait now.
        history: its history entries, oldest first.
        last_cycle: the start of the user's last completed reflection cycle at or before ``as_of``.
    """
    if view.created_at is not None and view.created_at > as_of:
        return None
    stage: str = view.stage
    confidence, count, at, content = view.confidence, view.reinforcement_count, view.created_at, view.content
    known = False
    for entry in history:
        when = entry.at
        if when > as_of:
            if entry.event == "modified" and entry.old_value:
                content = entry.old_value
                break
            continue
        state = entry.state
        if state is not None:
            stage, confidence, count, at, known = (
                state.stage,
                state.confidence,
                state.reinforcement_count if state.reinforcement_count is not None else count,
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
    recorded = await stored_traits.recorded_by(db, user_id=user_id, as_of=as_of)
    last_cycle = await stored_cycles.last_completed_start(db, user_id=user_id, at=as_of)
    out = []
    for view, history in recorded:
        then = state_at(view, history, as_of=as_of, last_cycle=last_cycle, settings=settings)
        if then is not None:
            out.append(then)
    return out


def history_points(history: Sequence[TraitHistoryEntry]) -> list[TraitHistoryPoint]:
    """The states a trait's history entries (oldest first) record, oldest first (pure).

    An entry that records no state (an old text-only change) carries the state before it; entries before the
    first recorded state are left out. Confidences are as written then, not decayed since.
    """
    points: list[TraitHistoryPoint] = []
    for entry in history:
        state = entry.state
        if state is None and not points:
            continue
        if state is not None:
            stage, confidence = state.stage, state.confidence
        else:
            stage, confidence = points[-1].stage, points[-1].confidence
        points.append(TraitHistoryPoint(at=entry.at, stage=stage, confidence=confidence, event=entry.event))
    return points


async def trait_history(db: Database, *, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitHistoryPoint]]:
    """``{trait_uid: [point, oldest first]}`` for the given traits of the user (another user's or missing → absent)."""
    entries = await stored_traits.history_of(db, user_id=user_id, trait_uids=trait_uids)
    return {uid: history_points(history) for uid, history in entries.items()}
