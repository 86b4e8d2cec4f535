"""Seed 002 §1 trigger conditions, at and around their thresholds, with an injected time."""

from __future__ import annotations

from datetime import timedelta

import pytest

from graphsvc.config import ReflectionSettings
from graphsvc.graph.reflection import TriggerState
from graphsvc.pipeline.reflection.triggers import Trigger, decide_trigger
from tests.unit.reflection.factories import NOW

S = ReflectionSettings()


def state(*, hours_ago: float | None = 1.0, importance: float = 0.0, memories: int = 0) -> TriggerState:
    last = None if hours_ago is None else NOW - timedelta(hours=hours_ago)
    return TriggerState(last_reflected_at=last, pending_importance=importance, pending_memories=memories)


def decide(s: TriggerState, *, force: bool = False, session_ended: bool = False) -> Trigger | None:
    return decide_trigger(s, now=NOW, force=force, session_ended=session_ended, settings=S)


def test_first_reflection_always_runs() -> None:
    assert decide(state(hours_ago=None)) == Trigger("first")


def test_force_skips_the_conditions() -> None:
    assert decide(state(), force=True) == Trigger("force")


@pytest.mark.parametrize(
    ("importance_sum", "fires"),
    [(2.99, False), (3.0, True), (3.01, True)],  # 0-1 importances ×10 against the seed's 30
)
def test_importance_sum_threshold(importance_sum: float, fires: bool) -> None:
    got = decide(state(importance=importance_sum, memories=5))
    if fires:
        assert got is not None and got.type == "importance" and got.value == pytest.approx(importance_sum * 10)
    else:
        assert got is None


def test_importance_without_memories_never_fires() -> None:
    assert decide(state(importance=9.0, memories=0)) is None


@pytest.mark.parametrize(("hours", "fires"), [(23.99, False), (24.0, True), (24.01, True)])
def test_interval_threshold(hours: float, fires: bool) -> None:
    got = decide(state(hours_ago=hours))
    if fires:
        assert got is not None and got.type == "interval" and got.value == pytest.approx(hours)
    else:
        assert got is None


def test_session_end_fires() -> None:
    assert decide(state(), session_ended=True) == Trigger("session_end")


def test_nothing_holds() -> None:
    assert decide(state(hours_ago=0.5, importance=1.0, memories=2)) is None


def test_threshold_and_scale_come_from_settings() -> None:
    custom = ReflectionSettings(importance_sum_threshold=5, importance_scale=1, interval_h=1)
    got = decide_trigger(
        state(hours_ago=0.5, importance=5, memories=1), now=NOW, force=False, session_ended=False, settings=custom
    )
    assert got == Trigger("importance", 5.0)
    assert decide_trigger(state(hours_ago=1.0), now=NOW, force=False, session_ended=False, settings=custom) == Trigger(
        "interval", 1.0
    )
