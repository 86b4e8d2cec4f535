"""Seed 002 §6: which traits are reviewed, and applying modify or dissolve."""

from __future__ import annotations

import pytest

from graphsvc.pipeline.reflection.contract import ContradictionResolution
from graphsvc.pipeline.reflection.contradictions import (
    apply_resolution,
    build_case,
    flagged_traits,
    offline_resolution,
)
from tests.unit.reflection.factories import NOW, SETTINGS, book, days, evidence, trait, unit


def test_first_contradiction_only_counts_and_ratio_must_exceed_point_three() -> None:
    first = trait("first", reinforcements=0, contradictions=1)
    at = trait("at", reinforcements=14, contradictions=6)
    above = trait("above", reinforcements=4, contradictions=2)
    most = trait("most", reinforcements=0, contradictions=3)
    b = book(first, at, above, most)
    assert [t.uid for t in flagged_traits(b, settings=SETTINGS)] == ["most", "above"]


def test_build_case_holds_the_texts_of_all_evidence() -> None:
    t = trait("t", reinforcements=1, contradictions=2)
    t.evidence = [evidence("s1"), evidence("c1", kind="contradicting"), evidence("gone", kind="contradicting")]
    case = build_case(t, texts={"s1": ("drinks coffee daily", NOW), "c1": ("quit coffee", NOW)})
    assert [e.content for e in case.supporting] == ["drinks coffee daily"]
    assert [e.content for e in case.contradicting] == ["quit coffee"]
    assert (case.reinforcement_count, case.contradiction_count) == (1, 2)


def test_dissolve_records_old_content() -> None:
    t = trait("t", content="Drinks coffee daily", contradictions=2)
    b = book(t)
    apply_resolution(
        b, t, ContradictionResolution(action="dissolve", reasoning="quit"), embedding=None, now=NOW, settings=SETTINGS
    )
    assert t.stage == "dissolved" and t.expired_at == NOW
    [h] = b.history
    assert (h.event, h.old_value, h.new_value) == ("dissolved", "Drinks coffee daily", None)


def test_modify_rewrites_resolves_contradictions_and_replays_confidence() -> None:
    t = trait(
        "t",
        stage="emerging",
        confidence=0.35,
        base=0.4,
        content="Drinks coffee daily",
        reinforcements=2,
        contradictions=2,
    )
    t.evidence = [
        evidence("e0", cycle="c0"),  # the creating cycle: covered by the base confidence
        evidence("e1", cycle="c1", at=NOW - days(3), grade="C"),
        evidence("e1b", cycle="c1", at=NOW - days(3), grade="B"),
        evidence("e2", cycle="c2", at=NOW - days(1), grade="D"),
        evidence("x1", cycle="c2", kind="contradicting"),
    ]
    b = book(t)
    vector = unit(0, 1, 0)
    changed = apply_resolution(
        b,
        t,
        ContradictionResolution(action="modify", new_content="Drank coffee daily until May", reasoning="r"),
        embedding=vector,
        now=NOW,
        settings=SETTINGS,
    )
    assert changed and t.content == "Drank coffee daily until May" and t.embedding is vector and t.embedding_changed
    assert t.contradiction_count == 0 and t.reinforcement_count == 2
    expected = 0.4 + 0.6 * 0.20  # c1 (best grade B)
    expected = expected + (1 - expected) * 0.05  # c2 (D)
    assert t.confidence == pytest.approx(expected) and t.stage == "emerging"
    assert [e.resolved_now for e in t.evidence if e.kind == "contradicting"] == [True]
    [h] = b.history
    assert (h.event, h.old_value, h.new_value) == ("modified", "Drinks coffee daily", "Drank coffee daily until May")


def test_modify_without_new_content_changes_nothing() -> None:
    t = trait("t", content="Same", contradictions=2)
    b = book(t)
    assert not apply_resolution(
        b, t, ContradictionResolution(action="modify", new_content=" same "), embedding=None, now=NOW, settings=SETTINGS
    )
    assert t.content == "Same" and t.contradiction_count == 2 and b.counts.rejected == 1


@pytest.mark.parametrize(
    ("reinforcements", "contradictions", "action"), [(3, 2, None), (2, 2, "dissolve"), (0, 2, "dissolve")]
)
def test_offline_resolution(reinforcements: int, contradictions: int, action: str | None) -> None:
    got = offline_resolution(trait("t", reinforcements=reinforcements, contradictions=contradictions))
    assert (got.action if got else None) == action
