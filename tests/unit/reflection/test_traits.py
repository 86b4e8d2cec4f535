"""Seed 002 §3–4 checks the code owns when it applies a reflector's answer."""

from __future__ import annotations

import pytest

from graphsvc.errors import TraitCycleError
from graphsvc.pipeline.reflection.book import MemoryRecord, TraitState
from graphsvc.pipeline.reflection.contract import (
    Contradiction,
    NewBehavior,
    NewTrend,
    ReflectionOutput,
    Reinforcement,
    Upgrade,
)
from graphsvc.pipeline.reflection.traits import apply_output, best_grade, snap_window_days
from tests.unit.reflection.factories import (
    NOW,
    SETTINGS,
    book,
    context,
    days,
    evidence,
    memory,
    trait,
    unit,
    with_cosine,
)

BASE = unit(1, 0, 0)


def three_sessions() -> list[MemoryRecord]:
    return [memory("a", sessions=("s1",)), memory("b", sessions=("s2",)), memory("c", sessions=("s2",))]


def test_behavior_from_three_memories_across_conversations_starts_as_candidate_at_point_four() -> None:
    mems = three_sessions()
    b = book()
    out = ReflectionOutput(new_behaviors=[NewBehavior(content="Runs every morning", evidence_ids=["m1", "m2", "m3"])])
    apply_output(b, out, ctx=context(mems, [], embeddings={"Runs every morning": BASE}))
    [t] = b.traits.values()
    assert (t.stage, t.subtype, t.confidence, t.reinforcement_count) == ("candidate", "behavior", 0.4, 0)
    assert {e.memory_uid for e in t.evidence} == {"a", "b", "c"} and {e.kind for e in t.evidence} == {"supporting"}
    assert t.first_observed == NOW and b.counts.created == 1 and b.history[0].event == "created"


def test_behavior_with_two_memories_is_refused() -> None:
    b = book()
    out = ReflectionOutput(new_behaviors=[NewBehavior(content="x", evidence_ids=["m1", "m2", "m9"])])
    apply_output(b, out, ctx=context(three_sessions()[:2], []))
    assert not b.traits and b.counts.rejected == 1 and "needs 3" in b.counts.notes[0]


def test_traits_never_come_from_a_single_conversation() -> None:
    mems = [memory(u, sessions=("s1",)) for u in "abc"]
    b = book()
    out = ReflectionOutput(
        new_behaviors=[NewBehavior(content="x", evidence_ids=["m1", "m2", "m3"])],
        new_trends=[NewTrend(content="y", evidence_ids=["m1", "m2"])],
    )
    apply_output(b, out, ctx=context(mems, []))
    assert not b.traits and b.counts.rejected == 2
    assert all("single conversation" in n for n in b.counts.notes)


@pytest.mark.parametrize(("asked", "window"), [(7, 14), (14, 14), (21, 14), (22, 30), (30, 30), (90, 30)])
def test_trend_gets_a_14_or_30_day_window_and_no_confidence(asked: int, window: int) -> None:
    b = book()
    out = ReflectionOutput(
        new_trends=[NewTrend(content="Studying for exams", evidence_ids=["m1", "m2"], window_days=asked)]
    )
    apply_output(b, out, ctx=context(three_sessions(), []))
    [t] = b.traits.values()
    assert t.stage == "trend" and t.confidence is None
    assert t.window_start == NOW and t.window_end == NOW + days(window)
    assert snap_window_days(asked, settings=SETTINGS) == window


@pytest.mark.parametrize(("cosine", "duplicate"), [(0.9499, False), (0.95, False), (0.9501, True)])
def test_near_duplicate_above_point_95_reinforces_instead(cosine: float, duplicate: bool) -> None:
    existing = trait("old", stage="emerging", confidence=0.5, vector=BASE, content="Goes running")
    b = book(existing)
    content = "Runs in the morning"
    out = ReflectionOutput(new_behaviors=[NewBehavior(content=content, evidence_ids=["m1", "m2", "m3"])])
    apply_output(b, out, ctx=context(three_sessions(), [existing], embeddings={content: with_cosine(BASE, cosine)}))
    assert (len(b.traits) == 1) is duplicate
    if duplicate:
        assert existing.reinforcement_count == 1 and existing.confidence == pytest.approx(0.575)


def test_same_normalised_text_is_a_duplicate_regardless_of_vectors() -> None:
    existing = trait("old", content="Goes running!", vector=BASE)
    b = book(existing)
    out = ReflectionOutput(new_trends=[NewTrend(content="goes   RUNNING", evidence_ids=["m1", "m2"])])
    apply_output(b, out, ctx=context(three_sessions(), [existing], embeddings={"goes   RUNNING": unit(0, 1, 0)}))
    assert list(b.traits) == ["old"] and existing.reinforcement_count == 1


def test_reinforcements_merge_per_trait_with_best_grade_and_unknown_ids_are_dropped() -> None:
    t = trait("t", confidence=0.5)
    b = book(t)
    out = ReflectionOutput(
        reinforcements=[
            Reinforcement(trait_id="t1", new_evidence_ids=["m1", "m99"], quality_grade="C"),
            Reinforcement(trait_id="t1", new_evidence_ids=["m2"], quality_grade="B"),
            Reinforcement(trait_id="t7", new_evidence_ids=["m1"], quality_grade="A"),
        ]
    )
    apply_output(b, out, ctx=context(three_sessions(), [t]))
    assert t.confidence == pytest.approx(0.6) and t.reinforcement_count == 1
    assert {e.memory_uid for e in t.evidence} == {"a", "b"} and b.counts.rejected == 1
    assert best_grade(["D", "B", "C"]) == "B" and best_grade([]) == "D"


def test_memory_cited_both_ways_is_ignored() -> None:
    t = trait("t", confidence=0.5)
    b = book(t)
    out = ReflectionOutput(
        reinforcements=[Reinforcement(trait_id="t1", new_evidence_ids=["m1", "m2"], quality_grade="C")],
        contradictions=[Contradiction(trait_id="t1", contradicting_evidence_ids=["m1"])],
    )
    apply_output(b, out, ctx=context(three_sessions(), [t]))
    assert {(e.memory_uid, e.kind) for e in t.evidence} == {("b", "supporting")}
    assert t.contradiction_count == 0


def _behaviors(*confidences: float) -> list[TraitState]:
    return [trait(f"b{i}", subtype="behavior", confidence=c, stage="emerging") for i, c in enumerate(confidences)]


@pytest.mark.parametrize(("low", "upgraded"), [(0.49, False), (0.5, True), (0.51, True)])
def test_behavior_to_preference_gate_and_confidence(low: float, upgraded: bool) -> None:
    children = _behaviors(low, 0.62)
    b = book(*children)
    out = ReflectionOutput(
        upgrades=[Upgrade(from_trait_ids=["t1", "t2"], new_content="Likes being active", new_subtype="preference")]
    )
    apply_output(b, out, ctx=context([], children))
    parents = [t for t in b.traits.values() if t.subtype == "preference"]
    assert bool(parents) is upgraded
    if upgraded:
        [p] = parents
        assert p.stage == "emerging" and p.confidence == pytest.approx(0.72)
        assert b.children(p.uid) == {"b0", "b1"} and b.new_edges == [(p.uid, "b0"), (p.uid, "b1")]
        assert b.counts.upgraded == 1 and b.history[-1].event == "upgraded"


@pytest.mark.parametrize(("low", "upgraded"), [(0.59, False), (0.6, True)])
def test_preference_to_core_gate(low: float, upgraded: bool) -> None:
    prefs = [trait("p0", subtype="preference", confidence=low), trait("p1", subtype="preference", confidence=0.8)]
    b = book(*prefs)
    out = ReflectionOutput(
        upgrades=[Upgrade(from_trait_ids=["t1", "t2"], new_content="Values health", new_subtype="core")]
    )
    apply_output(b, out, ctx=context([], prefs))
    cores = [t for t in b.traits.values() if t.subtype == "core"]
    assert bool(cores) is upgraded
    if upgraded:
        assert cores[0].confidence == pytest.approx(0.9) and cores[0].stage == "emerging"


def test_upgrade_refusals() -> None:
    children = _behaviors(0.7, 0.7)
    pref = trait("p", subtype="preference", confidence=0.7)
    trend = trait("tr", stage="trend", confidence=None)
    b = book(*children, pref, trend)
    out = ReflectionOutput(
        upgrades=[
            Upgrade(from_trait_ids=["t1", "t1"], new_content="one child", new_subtype="preference"),
            Upgrade(from_trait_ids=["t1", "t3"], new_content="mixed subtypes", new_subtype="preference"),
            Upgrade(from_trait_ids=["t1", "t2"], new_content="behaviors to core", new_subtype="core"),
            Upgrade(from_trait_ids=["t1", "t4"], new_content="with a trend", new_subtype="preference"),
        ]
    )
    apply_output(b, out, ctx=context([], [*children, pref, trend]))
    assert len(b.traits) == 4 and b.counts.rejected == 4


def test_upgraded_trait_inherits_children_evidence() -> None:
    children = _behaviors(0.6, 0.6)
    mems = three_sessions()
    for child, m in zip(children, mems, strict=False):
        child.evidence.append(evidence(m.uid, sessions=tuple(m.sessions)))
    b = book(*children)
    out = ReflectionOutput(upgrades=[Upgrade(from_trait_ids=["t1", "t2"], new_content="P", new_subtype="preference")])
    apply_output(b, out, ctx=context([], children))
    [p] = [t for t in b.traits.values() if t.subtype == "preference"]
    assert {(e.memory_uid, e.inherited_from) for e in p.evidence} == {("a", "b0"), ("b", "b1")}


def test_the_same_children_are_not_upgraded_twice() -> None:
    children = _behaviors(0.6, 0.6)
    pref = trait("p", subtype="preference", confidence=0.7)
    b = book(*children, pref, edges={("p", "b0"), ("p", "b1")})
    out = ReflectionOutput(
        upgrades=[Upgrade(from_trait_ids=["t1", "t2"], new_content="again", new_subtype="preference")]
    )
    apply_output(b, out, ctx=context([], [*children, pref]))
    assert len(b.traits) == 3 and "already upgraded" in b.counts.notes[0]


def test_upgrade_into_a_duplicate_parent_checks_for_cycles() -> None:
    # Corrupt lineage: preference p is (somehow) a descendant of behavior b0. Linking p → b0 would close a cycle.
    children = _behaviors(0.6, 0.6)
    pref = trait("p", subtype="preference", confidence=0.7, content="Likes sport", vector=BASE)
    b = book(*children, pref, edges={("b0", "p")})
    out = ReflectionOutput(
        upgrades=[Upgrade(from_trait_ids=["t1", "t2"], new_content="Likes sport", new_subtype="preference")]
    )
    apply_output(b, out, ctx=context([], [*children, pref]))
    assert not b.new_edges and "descendants" in b.counts.notes[-1]


def test_book_link_refuses_self_and_descendants() -> None:
    b = book(trait("a"), trait("b"), trait("c"), edges={("a", "b"), ("b", "c")})
    with pytest.raises(TraitCycleError) as err:
        b.link("c", "a")
    assert "descendants" in err.value.message and err.value.code == "TRAIT_CYCLE"
    with pytest.raises(TraitCycleError):
        b.link("a", "a")
    assert b.link("a", "c") and not b.link("a", "c")


# --- a trait is about one person ---------------------------------------------------------------------


def _said_by(*speakers: str) -> list[MemoryRecord]:
    """One memory per speaker, in sessions s1, s2, s2..."""
    return [memory(f"x{i}", sessions=(f"s{min(i, 1) + 1}",), speakers=(s,)) for i, s in enumerate(speakers)]


def test_a_new_trait_records_whom_it_is_about_and_never_rests_on_two_people() -> None:
    b = book()
    out = ReflectionOutput(
        new_behaviors=[
            NewBehavior(content="Goes running", evidence_ids=["m1", "m2", "m3"]),
            NewBehavior(content="Plays chess", evidence_ids=["m4", "m5", "m6"]),
        ]
    )
    mems = [*_said_by("Theo", "theo", "Theo"), *_said_by("Theo", "Mia", "Mia")]
    apply_output(b, out, ctx=context(mems, []))
    [t] = b.traits.values()
    assert (t.content, t.about) == ("Goes running", "Theo")
    assert b.counts.rejected == 1 and "several people" in b.counts.notes[0]


def test_an_unnamed_user_s_trait_is_about_no_one_named() -> None:
    b = book()
    apply_output(
        b,
        ReflectionOutput(new_trends=[NewTrend(content="Runs", evidence_ids=["m1", "m2"])]),
        ctx=context(three_sessions(), []),
    )
    [t] = b.traits.values()
    assert t.about is None


def test_another_person_s_memory_neither_reinforces_nor_contradicts_a_trait() -> None:
    t = trait("t", about="Theo")
    mems = _said_by("Mia", "Theo", "Mia")
    out = ReflectionOutput(
        reinforcements=[Reinforcement(trait_id="t1", new_evidence_ids=["m1", "m2"], quality_grade="C")],
        contradictions=[Contradiction(trait_id="t1", contradicting_evidence_ids=["m3"])],
    )
    b = book(t)
    apply_output(b, out, ctx=context(mems, [t]))
    assert {(e.memory_uid, e.kind) for e in t.evidence} == {("x1", "supporting")}
    assert t.contradiction_count == 0 and b.counts.rejected == 3  # 1 dropped + 1 dropped + empty contradiction


def test_the_same_words_about_another_person_are_no_duplicate() -> None:
    mias = trait("mia", content="Goes running", vector=BASE, about="Mia")
    b = book(mias)
    out = ReflectionOutput(new_behaviors=[NewBehavior(content="Goes running", evidence_ids=["m1", "m2", "m3"])])
    apply_output(b, out, ctx=context(_said_by("Theo", "Theo", "Theo"), [mias], embeddings={"Goes running": BASE}))
    assert sorted((t.about or "", len(t.evidence)) for t in b.traits.values()) == [("Mia", 0), ("Theo", 3)]


def test_an_upgrade_joins_one_person_s_traits_and_keeps_its_reasoning() -> None:
    theo = [trait(f"b{i}", confidence=0.6, about="Theo") for i in range(2)]
    mia = trait("b2", confidence=0.6, about="Mia")
    b = book(*theo, mia)
    out = ReflectionOutput(
        upgrades=[
            Upgrade(from_trait_ids=["t1", "t3"], new_content="Likes sport", new_subtype="preference"),
            Upgrade(
                from_trait_ids=["t1", "t2"],
                new_content="Likes being active",
                new_subtype="preference",
                reasoning="  Running and swimming both keep him moving.  ",
            ),
            Upgrade(from_trait_ids=["t2", "t3"], new_content="Likes water", new_subtype="preference", reasoning=" "),
        ]
    )
    apply_output(b, out, ctx=context([], [*theo, mia]))
    [p] = [t for t in b.traits.values() if t.subtype == "preference"]
    assert (p.content, p.about, p.reasoning) == (
        "Likes being active",
        "Theo",
        "Running and swimming both keep him moving.",
    )
    assert b.counts.rejected == 2 and all("different people" in n for n in b.counts.notes)


def test_an_upgrade_without_reasoning_stores_none() -> None:
    children = _behaviors(0.6, 0.6)
    b = book(*children)
    out = ReflectionOutput(upgrades=[Upgrade(from_trait_ids=["t1", "t2"], new_content="P", new_subtype="preference")])
    apply_output(b, out, ctx=context([], children))
    [p] = [t for t in b.traits.values() if t.subtype == "preference"]
    assert p.reasoning is None


def test_a_trait_keeps_the_rulebook_rule_that_phrased_it_and_no_id_the_rulebook_lacks() -> None:
    b = book()
    out = ReflectionOutput(
        new_behaviors=[
            NewBehavior(content="Goes running regularly", evidence_ids=["m1", "m2", "m3"], rule_id="en.trait.activity"),
            NewBehavior(content="Plays chess", evidence_ids=["m4", "m5", "m6"], rule_id="en.trait.made-up"),
        ]
    )
    apply_output(b, out, ctx=context([*_said_by("Theo", "Theo", "Theo"), *_said_by("Mia", "Mia", "Mia")], []))
    rules = {t.content: t.rule_id for t in b.traits.values()}
    assert rules == {"Goes running regularly": "en.trait.activity", "Plays chess": None}
    assert "rule_id" not in NewBehavior.model_json_schema()["properties"]  # never asked of an LLM
