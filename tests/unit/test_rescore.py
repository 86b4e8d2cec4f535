"""Issue 12: a trait's confidence replayed from the evidence left after a retraction (seed 002 §5)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from graphsvc.config import ReflectionSettings
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.pipeline.reflection.book import EvidenceRecord, TraitState
from graphsvc.pipeline.retraction.rescore import rescore
from graphsvc.vocabulary import EvidenceGrade, EvidenceKind, TraitStage, TraitSubtype

S = ReflectionSettings()
T0 = datetime(2024, 5, 1, tzinfo=UTC)


def day(n: float) -> datetime:
    return T0 + timedelta(days=n)


def evidence(
    memory: str,
    cycle: str,
    at: datetime,
    *,
    kind: EvidenceKind = "supporting",
    grade: EvidenceGrade = "C",
    **extra: object,
) -> EvidenceRecord:
    return EvidenceRecord(memory_uid=memory, kind=kind, grade=grade, cycle_id=cycle, created_at=at, **extra)  # type: ignore[arg-type]


def trait(
    *,
    base: float = 0.4,
    stage: TraitStage = "candidate",
    subtype: TraitSubtype = "behavior",
    confidence: float | None = 0.4,
    decayed: datetime | None = None,
) -> TraitState:
    return TraitState(
        uid="t",
        content="runs in the morning",
        content_hash="h",
        stage=stage,
        subtype=subtype,
        confidence=confidence,
        context="general",
        embedding=None,
        created_at=T0,
        cycle_id="c0",
        base_confidence=base,
        last_reinforced=decayed or T0,
        decayed_at=decayed or T0,
    )


CREATION = [evidence(f"m{i}", "c0", T0) for i in range(3)]


def test_no_evidence_left_deletes_the_trait() -> None:
    assert rescore(trait(), [], resets=[], settings=S).delete


@pytest.mark.parametrize("stage", ["candidate", "trend", "dissolved"])
def test_one_supporting_memory_left_grounds_no_trait(stage: TraitStage) -> None:
    confidence = None if stage == "trend" else 0.4
    one = [CREATION[0], evidence("m9", "c1", day(1), kind="contradicting")]
    assert rescore(trait(stage=stage, confidence=confidence), one, resets=[], settings=S).delete
    twice = [CREATION[0], evidence("m0", "c1", day(1))]  # one memory cited twice is still one memory
    assert rescore(trait(stage=stage, confidence=confidence), twice, resets=[], settings=S).delete
    kept = rescore(trait(stage=stage, confidence=confidence), CREATION[:2], resets=[], settings=S)
    assert not kept.delete and kept.stage == stage


def test_the_replay_of_all_evidence_is_the_engines_confidence() -> None:
    reinforcement = evidence("m3", "c1", day(2), grade="B")
    engine = cm.reinforce(
        cm.decay(0.4, subtype="behavior", reinforcement_count=0, days=2, settings=S), grade="B", settings=S
    )
    result = rescore(trait(decayed=day(2)), [*CREATION, reinforcement], resets=[], settings=S)
    assert result.confidence == pytest.approx(engine)
    assert (result.stage, result.reinforcement_count) == (cm.stage_for_confidence(engine, settings=S), 1)


def test_losing_the_only_reinforcement_falls_back_to_the_creation_state() -> None:
    result = rescore(trait(decayed=day(2), stage="emerging", confidence=0.5), CREATION, resets=[], settings=S)
    expected = cm.decay(0.4, subtype="behavior", reinforcement_count=0, days=2, settings=S)
    assert result.confidence == pytest.approx(expected)
    assert (result.stage, result.reinforcement_count, result.delete) == ("candidate", 0, False)


def test_one_reinforcement_per_cycle_at_the_best_grade() -> None:
    cycle = [evidence("m3", "c1", day(1), grade="D"), evidence("m4", "c1", day(1), grade="A")]
    result = rescore(trait(decayed=day(1)), [*CREATION, *cycle], resets=[], settings=S)
    expected = cm.reinforce(
        cm.decay(0.4, subtype="behavior", reinforcement_count=0, days=1, settings=S), grade="A", settings=S
    )
    assert result.confidence == pytest.approx(expected) and result.reinforcement_count == 1


def test_removing_a_contradiction_restores_confidence() -> None:
    against = evidence("m9", "c1", day(1), kind="contradicting", grade="D", strong=True)
    with_it = rescore(trait(decayed=day(1)), [*CREATION, against], resets=[], settings=S)
    without = rescore(trait(decayed=day(1)), CREATION, resets=[], settings=S)
    assert with_it.confidence is not None and without.confidence is not None
    assert with_it.confidence == pytest.approx(without.confidence * (1 - S.contradiction_factor_strong))
    assert with_it.contradiction_count == 1 and without.contradiction_count == 0
    resolved = evidence("m9", "c1", day(1), kind="contradicting", resolved_at=day(2))
    assert rescore(trait(decayed=day(1)), [*CREATION, resolved], resets=[], settings=S).confidence == without.confidence


@pytest.mark.parametrize(("base", "dissolved"), [(0.1666, True), (0.1667, False), (0.2, False)])
def test_below_a_tenth_dissolves(base: float, dissolved: bool) -> None:
    # a strong contradiction keeps 60 %: 0.1667 · 0.6 = 0.10002 stays, 0.1666 · 0.6 = 0.09996 dissolves
    against = evidence("m9", "c1", T0 + timedelta(seconds=1), kind="contradicting", strong=True)
    state = trait(base=base, confidence=base, decayed=T0 + timedelta(seconds=1))
    result = rescore(state, [*CREATION, against], resets=[], settings=S)
    assert (result.stage == "dissolved") is dissolved


def test_inherited_and_creation_evidence_are_not_reinforcements() -> None:
    inherited = [evidence(f"i{i}", "c5", day(5), inherited_from="child") for i in range(3)]
    upgrade = trait(base=0.6, stage="emerging", subtype="preference", confidence=0.6, decayed=day(5))
    result = rescore(upgrade, inherited, resets=[], settings=S)
    assert result.reinforcement_count == 0 and result.stage == "emerging"
    assert result.confidence == pytest.approx(
        cm.decay(0.6, subtype="preference", reinforcement_count=0, days=5, settings=S)
    )


def test_a_promotion_resets_the_replay() -> None:
    before = [evidence("m1", "c0", T0), evidence("m2", "c1", day(1))]
    after = evidence("m3", "c3", day(4), grade="C")
    promoted = trait(base=0.3, decayed=day(4))
    result = rescore(promoted, [*before, after], resets=[day(3)], settings=S)
    expected = cm.reinforce(
        cm.decay(0.3, subtype="behavior", reinforcement_count=0, days=1, settings=S), grade="C", settings=S
    )
    assert result.confidence == pytest.approx(expected) and result.reinforcement_count == 1


def test_trends_and_dissolved_traits_keep_their_stage() -> None:
    trend = trait(stage="trend", confidence=None)
    result = rescore(trend, [*CREATION, evidence("m5", "c1", day(1))], resets=[], settings=S)
    assert (result.stage, result.confidence, result.reinforcement_count) == ("trend", None, 1)
    gone = rescore(trait(stage="dissolved", confidence=0.05), CREATION, resets=[], settings=S)
    assert gone.stage == "dissolved" and not gone.delete
