"""Seed 002 §5 confidence model: every formula, at, just above and just below each threshold."""

from __future__ import annotations

import math

import pytest

from graphsvc.config import ReflectionSettings
from graphsvc.errors import ConfigurationError
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.vocabulary import EvidenceGrade, TraitSubtype

S = ReflectionSettings()
EPS = 1e-9


@pytest.mark.parametrize(("grade", "factor"), [("A", 0.25), ("B", 0.20), ("C", 0.15), ("D", 0.05)])
def test_reinforcement_is_c_plus_one_minus_c_times_grade_factor(grade: EvidenceGrade, factor: float) -> None:
    for c in (0.0, 0.4, 0.9, 1.0):
        assert cm.reinforce(c, grade=grade, settings=S) == pytest.approx(c + (1 - c) * factor)


def test_reinforcement_from_a_new_behavior() -> None:
    assert cm.reinforce(0.4, grade="C", settings=S) == pytest.approx(0.49)
    assert cm.reinforce(0.4, grade="A", settings=S) == pytest.approx(0.55)


@pytest.mark.parametrize(("strong", "factor"), [(False, 0.2), (True, 0.4)])
def test_contradiction_is_c_times_one_minus_factor(strong: bool, factor: float) -> None:
    assert cm.contradict(0.5, strong=strong, settings=S) == pytest.approx(0.5 * (1 - factor))
    assert cm.contradict(0.0, strong=strong, settings=S) == 0.0


def test_results_are_clamped_to_the_unit_interval() -> None:
    assert cm.clamp(-0.2) == 0.0 and cm.clamp(1.3) == 1.0 and cm.clamp(0.5) == 0.5
    assert cm.clamp(float("nan")) == 0.0
    assert cm.reinforce(1.7, grade="A", settings=S) == 1.0
    assert cm.reinforce(-0.5, grade="D", settings=S) == pytest.approx(0.05)
    assert cm.contradict(1.5, strong=True, settings=S) == pytest.approx(0.6)
    assert cm.decay(2.0, subtype="core", reinforcement_count=0, days=0, settings=S) == 1.0


@pytest.mark.parametrize(("subtype", "base"), [("behavior", 0.005), ("preference", 0.002), ("core", 0.001)])
def test_decay_lambda_by_subtype_and_reinforcement_count(subtype: TraitSubtype, base: float) -> None:
    assert cm.effective_lambda(subtype=subtype, reinforcement_count=0, settings=S) == pytest.approx(base)
    assert cm.effective_lambda(subtype=subtype, reinforcement_count=10, settings=S) == pytest.approx(base / 2)
    assert cm.effective_lambda(subtype=subtype, reinforcement_count=-3, settings=S) == pytest.approx(base)


def test_decay_is_c_exp_minus_lambda_days() -> None:
    got = cm.decay(0.8, subtype="behavior", reinforcement_count=5, days=30, settings=S)
    assert got == pytest.approx(0.8 * math.exp(-(0.005 / 1.5) * 30))
    assert cm.decay(0.8, subtype="core", reinforcement_count=0, days=0, settings=S) == pytest.approx(0.8)
    assert cm.decay(0.8, subtype="core", reinforcement_count=0, days=-5, settings=S) == pytest.approx(0.8)


def test_decay_in_steps_equals_decay_at_once() -> None:
    once = cm.decay(0.7, subtype="preference", reinforcement_count=2, days=50, settings=S)
    step = cm.decay(0.7, subtype="preference", reinforcement_count=2, days=20, settings=S)
    twice = cm.decay(step, subtype="preference", reinforcement_count=2, days=30, settings=S)
    assert twice == pytest.approx(once)


def test_dissolve_below_point_one_exactly() -> None:
    assert cm.is_below_dissolve(0.1 - EPS, settings=S)
    assert not cm.is_below_dissolve(0.1, settings=S)
    assert not cm.is_below_dissolve(0.1 + EPS, settings=S)


def test_days_for_a_new_behavior_to_dissolve_without_reinforcement() -> None:
    # 0.4·exp(−0.005·d) < 0.1  ⇔  d > ln(4) / 0.005 ≈ 277.26 days
    limit = math.log(4) / 0.005
    assert not cm.is_below_dissolve(
        cm.decay(0.4, subtype="behavior", reinforcement_count=0, days=limit - 0.01, settings=S), settings=S
    )
    assert cm.is_below_dissolve(
        cm.decay(0.4, subtype="behavior", reinforcement_count=0, days=limit + 0.01, settings=S), settings=S
    )


@pytest.mark.parametrize(
    ("confidence", "stage"),
    [
        (0.0, "candidate"),
        (0.3 - EPS, "candidate"),
        (0.3, "emerging"),
        (0.3 + EPS, "emerging"),
        (0.6 - EPS, "emerging"),
        (0.6, "established"),
        (0.6 + EPS, "established"),
        (0.85 - EPS, "established"),
        (0.85, "established"),
        (0.85 + EPS, "core"),
        (1.0, "core"),
        (1.4, "core"),
    ],
)
def test_stage_for_confidence_boundaries(confidence: float, stage: str) -> None:
    assert cm.stage_for_confidence(confidence, settings=S) == stage


def test_lowered_stage_never_promotes() -> None:
    assert cm.lowered_stage("emerging", 0.8, settings=S) == "emerging"
    assert cm.lowered_stage("core", 0.8, settings=S) == "established"
    assert cm.lowered_stage("established", 0.29, settings=S) == "candidate"
    assert cm.lowered_stage("candidate", 0.5, settings=S) == "candidate"


def test_stage_rank_orders_stages_and_puts_dissolved_last() -> None:
    ranks = [cm.stage_rank(s) for s in ("trend", "candidate", "emerging", "established", "core")]
    assert ranks == sorted(ranks) and len(set(ranks)) == 5
    assert cm.stage_rank("dissolved") == cm.stage_rank(None) == cm.stage_rank("bogus") == -1


def test_upgraded_confidence_is_max_children_plus_point_one_clamped() -> None:
    assert cm.upgraded_confidence([0.5, 0.62, 0.55], settings=S) == pytest.approx(0.72)
    assert cm.upgraded_confidence([0.95], settings=S) == 1.0
    with pytest.raises(ValueError):
        cm.upgraded_confidence([], settings=S)


@pytest.mark.parametrize(
    ("target", "confidence", "passes"),
    [
        ("preference", 0.5 - EPS, False),
        ("preference", 0.5, True),
        ("preference", 0.5 + EPS, True),
        ("core", 0.6 - EPS, False),
        ("core", 0.6, True),
        ("core", 0.6 + EPS, True),
        ("core", None, False),
    ],
)
def test_upgrade_gates(target: TraitSubtype, confidence: float | None, passes: bool) -> None:
    assert cm.passes_upgrade_gate(confidence, target=target, settings=S) is passes


def test_nothing_upgrades_into_a_behavior() -> None:
    with pytest.raises(ValueError):
        cm.upgrade_gate("behavior", settings=S)


def test_contradiction_ratio() -> None:
    assert cm.contradiction_ratio(reinforcements=0, contradictions=0) == 0.0
    assert cm.contradiction_ratio(reinforcements=7, contradictions=3) == pytest.approx(0.3)
    assert cm.contradiction_ratio(reinforcements=0, contradictions=2) == 1.0


@pytest.mark.parametrize(
    ("reinforcements", "contradictions", "review"),
    [
        (0, 1, False),  # the first contradiction only counts, even at ratio 1.0
        (14, 6, False),  # ratio exactly 0.3: not above
        (13, 6, True),  # 6 / 19 = 0.316 > 0.3
        (5, 2, False),  # 2 / 7 = 0.286 < 0.3
        (4, 2, True),  # 2 / 6 = 0.333
        (0, 2, True),
    ],
)
def test_contradiction_review_threshold(reinforcements: int, contradictions: int, review: bool) -> None:
    got = cm.needs_contradiction_review(reinforcements=reinforcements, contradictions=contradictions, settings=S)
    assert got is review


def test_replay_confidence() -> None:
    assert cm.replay_confidence(0.4, [], settings=S) == pytest.approx(0.4)
    assert cm.replay_confidence(0.4, ["C", "A"], settings=S) == pytest.approx(0.49 + 0.51 * 0.25)


@pytest.mark.parametrize(
    ("stage", "boost"),
    [
        ("trend", 0.0),
        ("candidate", 0.0),
        ("emerging", 0.05),
        ("established", 0.15),
        ("core", 0.25),
        ("dissolved", 0.0),
        (None, 0.0),
        ("bogus", 0.0),
    ],
)
def test_trait_boost_by_stage(stage: str | None, boost: float) -> None:
    assert cm.trait_boost(stage, settings=S) == boost


def test_settings_refuse_unordered_cut_offs() -> None:
    with pytest.raises(ConfigurationError):
        ReflectionSettings(candidate_below=0.7)
    with pytest.raises(ConfigurationError):
        ReflectionSettings(trend_default_window_days=21)


def test_settings_hold_every_seed_number() -> None:
    assert (S.importance_sum_threshold, S.importance_scale, S.interval_h) == (30.0, 10.0, 24.0)
    assert S.reinforcement_factors == {"A": 0.25, "B": 0.20, "C": 0.15, "D": 0.05}
    assert (S.contradiction_factor_single, S.contradiction_factor_strong) == (0.2, 0.4)
    assert S.decay_base_lambda == {"behavior": 0.005, "preference": 0.002, "core": 0.001}
    assert (S.dissolve_below, S.candidate_below, S.established_from, S.core_above) == (0.1, 0.3, 0.6, 0.85)
    assert (S.stage_boost["emerging"], S.stage_boost["established"], S.stage_boost["core"]) == (0.05, 0.15, 0.25)
    assert S.trend_window_days == (14, 30) and S.behavior_initial_confidence == 0.4
    assert (S.preference_upgrade_min_confidence, S.core_upgrade_min_confidence, S.upgrade_confidence_bonus) == (
        0.5,
        0.6,
        0.1,
    )
    assert (S.duplicate_similarity, S.contradiction_ratio_threshold) == (0.95, 0.3)
