"""Seed 002 §4–5 transitions on the trait book: reinforcement, contradiction, trends, decay, dissolution."""

from __future__ import annotations

import math

import pytest

from graphsvc.pipeline.reflection.book import TraitState
from graphsvc.pipeline.reflection.lifecycle import (
    apply_decay,
    contradict_trait,
    evaluate_trends,
    reinforce_trait,
    settle_decay,
)
from tests.unit.reflection.factories import NOW, SETTINGS, book, days, evidence, memory, trait


def test_reinforcement_applies_grade_factor_and_raises_the_stage() -> None:
    t = trait("t", stage="candidate", confidence=0.4)
    b = book(t)
    assert reinforce_trait(b, t, [memory("m1")], grade="C", now=NOW, cycle_id="c1", settings=SETTINGS)
    assert t.confidence == pytest.approx(0.49) and t.stage == "emerging"
    assert t.reinforcement_count == 1 and t.last_reinforced == NOW
    assert [e.memory_uid for e in t.evidence] == ["m1"] and t.evidence[0].grade == "C"
    assert [h.event for h in b.history] == ["reinforced"]


def test_reinforcement_counts_once_per_cycle_and_ignores_known_memories() -> None:
    t = trait("t", confidence=0.5)
    b = book(t)
    reinforce_trait(b, t, [memory("m1")], grade="C", now=NOW, cycle_id="c1", settings=SETTINGS)
    reinforce_trait(b, t, [memory("m2")], grade="A", now=NOW, cycle_id="c1", settings=SETTINGS)
    assert t.reinforcement_count == 1 and t.confidence == pytest.approx(0.575)
    assert len(t.evidence) == 2
    read = memory("m1", is_new=False)  # cited already and not said again since
    assert not reinforce_trait(book(t), t, [read], grade="A", now=NOW, cycle_id="c2", settings=SETTINGS)


def test_a_cited_memory_said_again_reinforces_once_in_a_later_cycle() -> None:
    """A restatement makes the memory unread: the next cycle reads it as new, and it supports the trait again (a
    habit restated in the same words), at most once per cycle."""
    t = trait("t", confidence=0.5)
    reinforce_trait(book(t), t, [memory("m1")], grade="C", now=NOW, cycle_id="c1", settings=SETTINGS)
    assert not reinforce_trait(book(t), t, [memory("m1")], grade="C", now=NOW, cycle_id="c1", settings=SETTINGS)
    again = memory("m1", sessions=("s1", "s2"))
    assert reinforce_trait(book(t), t, [again], grade="C", now=NOW, cycle_id="c2", settings=SETTINGS)
    assert [e.memory_uid for e in t.evidence] == ["m1", "m1"] and t.reinforcement_count == 2


def test_reinforcement_first_applies_pending_decay() -> None:
    t = trait("t", confidence=0.5, created=NOW - days(10))
    reinforce_trait(book(t), t, [memory("m1")], grade="D", now=NOW, cycle_id="c1", settings=SETTINGS)
    decayed = 0.5 * math.exp(-0.005 * 10)
    assert t.confidence == pytest.approx(decayed + (1 - decayed) * 0.05)


def test_trend_reinforcement_has_no_confidence() -> None:
    t = trait("t", stage="trend", confidence=None)
    reinforce_trait(book(t), t, [memory("m1")], grade="C", now=NOW, cycle_id="c1", settings=SETTINGS)
    assert t.confidence is None and t.stage == "trend" and t.reinforcement_count == 1


@pytest.mark.parametrize(("memories", "strong", "factor"), [(1, False, 0.2), (1, True, 0.4), (2, False, 0.4)])
def test_contradiction_single_or_strong(memories: int, strong: bool, factor: float) -> None:
    t = trait("t", stage="established", confidence=0.7)
    b = book(t)
    mems = [memory(f"m{i}") for i in range(memories)]
    assert contradict_trait(b, t, mems, strong=strong, now=NOW, cycle_id="c1", settings=SETTINGS)
    assert t.confidence == pytest.approx(0.7 * (1 - factor))
    assert t.contradiction_count == 1
    assert all(e.kind == "contradicting" for e in t.evidence)
    assert t.stage == "emerging"  # 0.56 and 0.42 are both below 0.6


def test_contradiction_never_promotes_and_dissolves_below_point_one() -> None:
    upgraded = trait("u", stage="emerging", confidence=0.9)
    contradict_trait(book(upgraded), upgraded, [memory("m")], strong=False, now=NOW, cycle_id="c", settings=SETTINGS)
    assert upgraded.confidence == pytest.approx(0.72) and upgraded.stage == "emerging"
    weak = trait("w", stage="candidate", confidence=0.15)
    b = book(weak)
    contradict_trait(b, weak, [memory("m")], strong=True, now=NOW, cycle_id="c", settings=SETTINGS)
    assert weak.stage == "dissolved" and weak.expired_at == NOW and "w" in b.counts.dissolved


@pytest.mark.parametrize(("strong", "stage"), [(True, "dissolved"), (False, "trend")])
def test_a_trend_flatly_negated_is_dissolved_and_one_weakly_contradicted_only_counts(strong: bool, stage: str) -> None:
    t = trait("t", stage="trend", confidence=None)
    b = book(t)
    assert contradict_trait(b, t, [memory("m")], strong=strong, now=NOW, cycle_id="c1", settings=SETTINGS)
    assert t.stage == stage and t.contradiction_count == 1 and t.confidence is None
    assert [h.event for h in b.history] == ["contradicted", "dissolved"][: 2 if strong else 1]
    assert (t.expired_at == NOW) is strong


def test_decay_over_injected_time_and_stage_only_falls() -> None:
    t = trait("t", stage="established", confidence=0.62, created=NOW - days(10))
    b = book(t)
    apply_decay(b, now=NOW, settings=SETTINGS)
    assert t.confidence == pytest.approx(0.62 * math.exp(-0.005 * 10))
    assert t.stage == "emerging" and b.history[-1].event == "stage_changed"
    upgraded = trait("u", stage="emerging", subtype="preference", confidence=0.8, created=NOW - days(1))
    apply_decay(book(upgraded), now=NOW, settings=SETTINGS)
    assert upgraded.stage == "emerging"


def test_decay_is_incremental_across_cycles() -> None:
    t = trait("t", confidence=0.5, created=NOW - days(30), reinforcements=3)
    b = book(t)
    apply_decay(b, now=NOW - days(20), settings=SETTINGS)
    apply_decay(b, now=NOW, settings=SETTINGS)
    assert t.confidence == pytest.approx(0.5 * math.exp(-(0.005 / 1.3) * 30))
    assert t.decayed_at == NOW


@pytest.mark.parametrize(("offset_days", "dissolved"), [(-0.01, False), (0.01, True)])
def test_decay_dissolves_below_point_one(offset_days: float, dissolved: bool) -> None:
    limit = math.log(0.4 / 0.1) / 0.005  # days for 0.4 to reach exactly 0.1
    t = trait("t", stage="candidate", confidence=0.4, created=NOW - days(limit + offset_days))
    b = book(t)
    apply_decay(b, now=NOW, settings=SETTINGS)
    assert (t.stage == "dissolved") is dissolved
    if dissolved:
        assert b.history[-1].event == "dissolved" and b.history[-1].old_value == t.content


def test_decay_leaves_trends_and_dissolved_traits_alone() -> None:
    trend = trait("t", stage="trend", confidence=None, created=NOW - days(100))
    gone = trait("g", stage="dissolved", confidence=0.05, created=NOW - days(100))
    settle_decay(trend, now=NOW, settings=SETTINGS)
    settle_decay(gone, now=NOW, settings=SETTINGS)
    assert trend.confidence is None and gone.confidence == 0.05


def _trend(cycles: list[str], *, window_days: int = 30, opened_days_ago: float = 1) -> TraitState:
    start = NOW - days(opened_days_ago)
    t = trait("t", stage="trend", confidence=None, created=start)
    t.window_start, t.window_end = start, start + days(window_days)
    t.evidence = [evidence(f"m{i}", cycle=c, at=start + days(0.1 * i)) for i, c in enumerate(cycles)]
    return t


def test_trend_reinforced_in_two_cycles_becomes_a_candidate_at_point_three() -> None:
    t = _trend(["c1", "c2"])
    b = book(t)
    evaluate_trends(b, now=NOW, settings=SETTINGS)
    promoted = b.traits["t"]
    assert promoted.stage == "candidate" and promoted.confidence == 0.3
    assert promoted.window_start is None and promoted.window_end is None
    assert b.counts.promoted == 1 and b.history[-1].event == "promoted"


def test_trend_with_one_cycle_stays_until_its_window_ends() -> None:
    t = _trend(["c1", "c1"])
    b = book(t)
    evaluate_trends(b, now=NOW, settings=SETTINGS)
    assert b.traits["t"].stage == "trend"


@pytest.mark.parametrize(("after_end_s", "dissolved"), [(0, False), (1, True)])
def test_trend_expires_after_its_window(after_end_s: int, dissolved: bool) -> None:
    t = _trend(["c1"], window_days=14, opened_days_ago=14 + after_end_s / 86_400)
    b = book(t)
    evaluate_trends(b, now=NOW, settings=SETTINGS)
    assert (b.traits["t"].stage == "dissolved") is dissolved


def test_reinforcement_outside_the_window_does_not_count() -> None:
    t = _trend(["c1"], window_days=14, opened_days_ago=20)
    late = evidence("late", cycle="c2", at=NOW)
    t.evidence.append(late)
    b = book(t)
    evaluate_trends(b, now=NOW, settings=SETTINGS)
    assert b.traits["t"].stage == "dissolved"
