"""The book and the graph records: what a cycle writes of its book, and stored traits and history read back."""

from __future__ import annotations

from dataclasses import replace

from graphsvc.graph.traits import RecordedState, StoredEvidence, StoredTrait, TraitHistoryEntry, TraitView
from graphsvc.pipeline.reflection.as_of import history_points, state_at
from graphsvc.pipeline.reflection.store import cycle_writes, trait_state
from tests.unit.reflection.factories import NOW, SETTINGS, book, days, evidence, trait, unit


def test_cycle_writes_take_new_and_changed_traits_and_only_new_or_changed_embeddings() -> None:
    kept = trait("kept", vector=unit(1, 0, 0))
    changed = trait("changed", vector=unit(0, 1, 0), evidence=[evidence("m1")])
    changed.changed = True
    new = trait("new", vector=unit(0, 0, 1), evidence=[replace(evidence("m2"), uid=None)])
    traits = book(kept, changed)
    traits.add(new)
    traits.new_edges.append(("new", "changed"))
    writes = cycle_writes(traits, memory_uids=["m1", "m2"])
    by_uid = {t.uid: t for t in writes.traits}
    assert set(by_uid) == {"changed", "new"}
    assert by_uid["changed"].embedding is None  # unchanged: the stored one stays
    assert "embedding" not in by_uid["changed"].row()["props"]
    assert by_uid["new"].embedding is not None and by_uid["new"].row()["props"]["embedding"] == by_uid["new"].embedding
    assert [e.memory_uid for e in writes.evidence] == ["m2"]  # the stored evidence is not written again
    assert new.evidence[0].uid == writes.evidence[0].uid is not None  # the book learns the written uid
    assert writes.edges == [("new", "changed")] and writes.memory_uids == ["m1", "m2"]


def test_cycle_writes_resolve_stored_evidence_resolved_now() -> None:
    against = replace(evidence("m1", kind="contradicting"), resolved_now=True, resolved_at=NOW)
    t = trait("t", evidence=[against])
    t.changed = True
    assert list(cycle_writes(book(t), memory_uids=[]).resolved) == [against.uid]


def _stored(**changes: object) -> StoredTrait:
    base = StoredTrait(
        uid="t",
        content="likes tea",
        content_hash=None,
        stage="emerging",
        subtype="behavior",
        confidence=0.5,
        base_confidence=0.4,
        context="general",
        embedding=[1.0, 0.0],
        created_at=None,
        cycle_id=None,
        window_start=None,
        window_end=None,
        first_observed=NOW - days(3),
        last_reinforced=NOW - days(2),
        decayed_at=None,
        expired_at=None,
        reinforcement_count=2,
        contradiction_count=0,
        derived_from="reflection",
        evidence=(
            StoredEvidence(
                uid="e1",
                memory_uid="m1",
                kind="supporting",
                grade="B",
                cycle_id="c0",
                created_at=NOW,
                sessions=frozenset({"s1"}),
                inherited_from=None,
                resolved_at=None,
                strong=False,
            ),
        ),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_a_stored_trait_without_creation_time_counts_from_its_latest_known_time() -> None:
    state = trait_state(_stored(), now=NOW)
    assert state.created_at == NOW - days(2)  # last_reinforced before first_observed
    assert trait_state(_stored(last_reinforced=None, first_observed=None), now=NOW).created_at == NOW
    assert state.content_hash and state.embedding is not None and state.embedding.dtype.name == "float32"
    assert [(e.uid, e.memory_uid, e.grade) for e in state.evidence] == [("e1", "m1", "B")]


def _said_by(*speakers: frozenset[str]) -> tuple[StoredEvidence, ...]:
    [one] = _stored().evidence
    return tuple(replace(one, uid=f"e{i}", memory_uid=f"m{i}", speakers=s) for i, s in enumerate(speakers))


def test_a_trait_stored_without_whom_it_is_about_is_about_the_one_person_its_evidence_was_said_by() -> None:
    theo, mia = frozenset({"Theo"}), frozenset({"Mia"})
    assert trait_state(_stored(evidence=_said_by(theo, frozenset({"theo"}))), now=NOW).about == "Theo"
    assert trait_state(_stored(evidence=_said_by(theo, mia)), now=NOW).about is None  # two people: no one
    assert trait_state(_stored(evidence=_said_by(frozenset())), now=NOW).about is None  # no speaker named
    stored = _stored(evidence=_said_by(mia), about="Theo", reasoning="why")
    assert (trait_state(stored, now=NOW).about, trait_state(stored, now=NOW).reasoning) == ("Theo", "why")


def test_cycle_writes_carry_whom_a_trait_is_about_and_its_reasoning() -> None:
    new = trait("new", about="Mia")
    new.reasoning = "two behaviors"
    traits = book()
    traits.add(new)
    props = cycle_writes(traits, memory_uids=[]).traits[0].row()["props"]
    assert (props["about"], props["reasoning"]) == ("Mia", "two behaviors")


def _view() -> TraitView:
    return TraitView(
        uid="t",
        user_id="u",
        content="now text",
        stage="established",
        subtype="behavior",
        confidence=0.8,
        context="general",
        window_start=None,
        window_end=None,
        first_observed=None,
        last_reinforced=None,
        reinforcement_count=5,
        contradiction_count=0,
        derived_from="reflection",
        created_at=NOW - days(10),
        expired_at=None,
    )


def test_state_at_replays_recorded_states_and_the_text_before_a_later_modification() -> None:
    history = [
        TraitHistoryEntry(NOW - days(10), "created", None, RecordedState("candidate", 0.3, 1)),
        TraitHistoryEntry(NOW - days(5), "promoted", None, RecordedState("emerging", 0.5, None)),
        TraitHistoryEntry(NOW - days(1), "modified", "old text", RecordedState("established", 0.8, 5)),
    ]
    then = state_at(_view(), history, as_of=NOW - days(3), last_cycle=None, settings=SETTINGS)
    assert then is not None
    assert (then.stage, then.confidence, then.reinforcement_count, then.content) == ("emerging", 0.5, 1, "old text")
    assert state_at(_view(), history, as_of=NOW - days(11), last_cycle=None, settings=SETTINGS) is None


def test_history_points_carry_the_last_state_over_entries_without_one() -> None:
    history = [
        TraitHistoryEntry(NOW - days(3), "modified", "x", None),  # before any state: left out
        TraitHistoryEntry(NOW - days(2), "created", None, RecordedState("trend", None, None)),
        TraitHistoryEntry(NOW - days(1), "modified", "y", None),
    ]
    points = history_points(history)
    assert [(p.event, p.stage, p.confidence) for p in points] == [
        ("created", "trend", None),
        ("modified", "trend", None),
    ]
