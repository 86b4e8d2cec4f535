"""When to reflect (seed 002 §1): the three trigger conditions, the first reflection, and ``should_reflect``.

- importance: the new memories (not yet read by a cycle) sum to ≥ 30 on the seed's 1–10 scale; graphsvc
  importance is 0–1, so the sum of ``importance × importance_scale`` (10) is compared. The sum runs over the
  memories a cycle reads (``ReflectionSettings.memory_types``: every type). The seed sums fact/episodic, which
  in its model are every statement about the user (its preferences are traits, not memories); graphsvc stores a
  liking or a habit as a ``preference`` and a plan as a ``goal`` memory, and what a cycle is triggered to read
  is what the trigger weighs;
- interval: ≥ 24 h since the last reflection;
- session end: the caller says a conversation just ended;
- first: a user never reflected on always triggers (seed: last_reflected_at NULL → 首次反思);
- force skips the conditions.

A triggered cycle with no new memories only runs trend expiry and decay (no LLM call), so a user who
stops talking still sees trends expire and traits decay once a day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from graphsvc.clock import Clock
from graphsvc.config import ReflectionSettings, Settings
from graphsvc.graph import reflection as stored_cycles
from graphsvc.graph.database import Database
from graphsvc.graph.reflection import TriggerState
from graphsvc.validation import require_id
from graphsvc.vocabulary import TriggerType


@dataclass(frozen=True)
class Trigger:
    """Why a cycle runs; ``value`` is the scaled importance sum or the hours since the last reflection."""

    type: TriggerType
    value: float | None = None


def decide_trigger(
    state: TriggerState, *, now: datetime, force: bool, session_ended: bool, settings: ReflectionSettings
) -> Trigger | None:
    """The first condition that holds, in the order force, first, importance, session end, interval.

    Returns:
        None when no condition holds (``reflect`` then returns at once, seed 002 §1).
    """
    if force:
        return Trigger("force")
    if state.last_reflected_at is None:
        return Trigger("first")
    importance = state.pending_importance * settings.importance_scale
    if state.pending_memories and importance >= settings.importance_sum_threshold:
        return Trigger("importance", round(importance, 6))
    if session_ended:
        return Trigger("session_end")
    hours = (now - state.last_reflected_at).total_seconds() / 3600.0
    if hours >= settings.interval_h:
        return Trigger("interval", round(hours, 6))
    return None


async def read_trigger_state(db: Database, *, user_id: str, settings: ReflectionSettings) -> TriggerState:
    """The user's last reflection, running flag and unreflected memories (of ``settings.memory_types``)."""
    return await stored_cycles.trigger_state(db, user_id=user_id, memory_types=settings.memory_types)


async def should_reflect(
    *, db: Database, settings: Settings, user_id: str, session_ended: bool = False, clock: Clock
) -> bool:
    """Seed 002 §1 ``should_reflect(user_id)``: does any trigger condition hold now?

    Read-only and cheap (one query). A cycle already running for the user does not change the answer;
    ``reflect`` deals with that.

    Raises:
        InvalidInputError: blank or oversized user id.
    """
    user_id = require_id("userId", user_id, settings)
    state = await read_trigger_state(db, user_id=user_id, settings=settings.reflection)
    trigger = decide_trigger(state, now=clock(), force=False, session_ended=session_ended, settings=settings.reflection)
    return trigger is not None
