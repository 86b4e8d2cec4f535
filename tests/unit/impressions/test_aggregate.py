"""Stage 3: every aggregate rule at its boundary (seed 000 §执行流程 3)."""

from __future__ import annotations

import math

import pytest

from graphsvc.pipeline.impressions.aggregate import ObservationAggregate, aggregate
from graphsvc.pipeline.impressions.observation import (
    BatchObservation,
    FeaturePatch,
    ImpressionObservationPlan,
    RelationPatch,
)
from tests.unit.impressions.helpers import (
    active_entity,
    actives,
    batch,
    conversation,
    impression,
    msg,
    observation,
    settings,
)

MESSAGES = conversation(10)
ACTIVE = actives(
    active_entity("e1", "Melanie", message_ids=["m1"]),
    active_entity("e2", "Mel", message_ids=["m2"]),
    active_entity("e3", "Oliver", message_ids=["m3"]),
    active_entity("e4", "Bach", message_ids=["m4"]),
)


def run(*plans: BatchObservation, **overrides: object) -> ObservationAggregate:
    return aggregate(list(plans), messages=MESSAGES, active=ACTIVE, settings=settings(**overrides).impressions)


def subjects(result: ObservationAggregate) -> list[str]:
    return sorted(o.subject for o in result.observations)


# --- drops ---------------------------------------------------------------------------------------


def test_rejected_plans_are_dropped_with_their_reason() -> None:
    rejected = BatchObservation(
        batch_index=0,
        plan=ImpressionObservationPlan(observations=[observation("Ann")], status="REJECTED", reason="id"),
    )
    result = run(rejected, batch(1, observation("Bob")))
    assert subjects(result) == ["Bob"]
    assert [(d.reason, d.item, d.detail) for d in result.dropped] == [("rejected_plan", "plan", "id")]


@pytest.mark.parametrize("subject", ["", "   ", "!!!", "—"])
def test_an_observation_with_a_blank_subject_is_empty(subject: str) -> None:
    result = run(batch(0, observation(subject)))
    assert result.observations == [] and result.dropped[0].reason == "empty_observation"


def test_an_observation_with_no_evidence_at_all_is_dropped() -> None:
    result = run(batch(0, observation("Ann", impressions=[])))
    assert result.observations == [] and result.dropped[0].reason == "no_evidence"


def test_a_mention_with_evidence_but_no_patch_is_kept() -> None:
    result = run(batch(0, observation("Oliver", impressions=[], runtime_ids=["e3"])))
    assert subjects(result) == ["Oliver"] and result.observations[0].evidence_message_ids == ["m3"]


@pytest.mark.parametrize(("confidence", "kept"), [(0.5, True), (0.51, True), (0.49, False), (0.0, False)])
def test_patch_confidence_threshold(confidence: float, kept: bool) -> None:
    result = run(
        batch(
            0,
            observation(
                "Ann",
                impressions=[
                    impression("Ann bakes bread.", confidence=confidence),
                    impression("Ann runs.", confidence=0.9),
                ],
            ),
        )
    )
    contents = [p.content for p in result.observations[0].impressions]
    assert ("Ann bakes bread." in contents) is kept
    if not kept:
        assert [d.reason for d in result.dropped] == ["low_confidence"]


@pytest.mark.parametrize("confidence", [math.nan, math.inf, 1.01, -0.01])
def test_invalid_patch_confidence_is_dropped(confidence: float) -> None:
    result = run(
        batch(
            0,
            observation("Ann", impressions=[impression("Ann bakes.", confidence=confidence), impression("Ann runs.")]),
        )
    )
    assert [p.content for p in result.observations[0].impressions] == ["Ann runs."]
    assert result.dropped[0].reason == "invalid_confidence"


@pytest.mark.parametrize("confidence", [math.nan, 1.5])
def test_invalid_observation_confidence_drops_the_observation(confidence: float) -> None:
    result = run(batch(0, observation("Ann", confidence=confidence)))
    assert result.observations == [] and result.dropped[0].reason == "invalid_confidence"


def test_invalid_relation_strength_is_dropped() -> None:
    obs = observation("Ann").model_copy(
        update={
            "relations": [RelationPatch(target="Bob", relation="friend", strength=2.0, evidence_message_ids=["m1"])]
        }
    )
    result = run(batch(0, obs))
    assert result.observations[0].relations == [] and result.dropped[0].reason == "invalid_confidence"


def test_evidence_free_patches_are_dropped_and_invented_ids_do_not_count() -> None:
    result = run(
        batch(
            0,
            observation(
                "Ann",
                impressions=[
                    impression("Ann bakes.", evidence=[]),
                    impression("Ann sings.", evidence=["m999"]),  # not a message of this conversation
                    impression("Ann runs.", evidence=["m999", "m2"]),
                ],
            ),
        )
    )
    kept = result.observations[0].impressions
    assert [(p.content, p.evidence_message_ids) for p in kept] == [("Ann runs.", ["m2"])]
    assert [d.reason for d in result.dropped] == ["no_evidence", "no_evidence"]


@pytest.mark.parametrize(
    "text",
    [
        "{subject} likes tea",
        "<name> is kind",
        "[NAME] is a teacher",
        "N/A",
        "unknown",
        "...",
        "TBD",
        "Lorem ipsum dolor",
        "Ann was mentioned in the conversation.",
        "暂无",
    ],
)
def test_templated_patches_are_dropped(text: str) -> None:
    result = run(batch(0, observation("Ann", impressions=[impression(text), impression("Ann runs.")])))
    assert [p.content for p in result.observations[0].impressions] == ["Ann runs."]
    assert result.dropped[0].reason == "templated"


@pytest.mark.parametrize(("length", "kept"), [(299, True), (300, True), (301, False)])
def test_patch_length_limit(length: int, kept: bool) -> None:
    text = "A" + "a" * (length - 1)
    result = run(batch(0, observation("Ann", impressions=[impression(text), impression("Ann runs.")])))
    assert (text in [p.content for p in result.observations[0].impressions]) is kept
    assert ([d.reason for d in result.dropped] == ["too_long"]) is not kept


def test_over_long_feature_values_and_names_are_dropped() -> None:
    obs = observation("Ann", aliases=["A" * 101, "Annie"]).model_copy(
        update={"features": [FeaturePatch(key="bio", value="x" * 301, evidence_message_ids=["m1"])]}
    )
    result = run(batch(0, obs))
    assert result.observations[0].aliases == ["Annie"] and result.observations[0].features == []
    assert sorted(d.item for d in result.dropped) == ["alias", "feature"]


# --- normalisation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant",
    ["ＭＥＬＡＮＩＥ", "MELANIE", "melanie", " Melanie ", "Melanie.", "Melanie!!", "mélanie".replace("é", "e")],
)
def test_subjects_are_normalised_before_merging(variant: str) -> None:
    result = run(batch(0, observation("Melanie")), batch(1, observation(variant)))
    assert len(result.observations) == 1 and result.observations[0].subject == "Melanie"


def test_whitespace_and_punctuation_fold_to_one_space() -> None:
    result = run(batch(0, observation("Grand  Canyon")), batch(1, observation("grand-canyon")))
    assert len(result.observations) == 1 and result.observations[0].key == "grand canyon"


# --- merging ---------------------------------------------------------------------------------------


def test_same_normalised_subject_merges_and_unions_patches() -> None:
    a = observation("Ann", impressions=[impression("Ann bakes.", evidence=["m1"])])
    b = observation("ann", impressions=[impression("Ann bakes.", evidence=["m2"]), impression("Ann runs.")])
    merged = run(batch(0, a), batch(1, b)).observations
    assert len(merged) == 1 and merged[0].merged_from == 2
    assert {p.content: p.evidence_message_ids for p in merged[0].impressions} == {
        "Ann bakes.": ["m1", "m2"],
        "Ann runs.": ["m1"],
    }


def test_overlapping_aliases_merge_transitively() -> None:
    result = run(
        batch(0, observation("Katherine", aliases=["Kate"])),
        batch(1, observation("Kate", aliases=["Katie"])),
        batch(2, observation("Katie Smith", aliases=["Katie"])),
        batch(2, observation("Bob")),
    )
    assert len(result.observations) == 2
    kate = next(o for o in result.observations if o.subject != "Bob")
    assert set(kate.names) == {"katherine", "kate", "katie", "katie smith"}
    assert kate.subject == "Katie Smith"  # all named once: the fullest name is the subject


@pytest.mark.parametrize(("a", "b"), [("Ann", "Anna"), ("张伟", "张薇"), ("Sam", "Samuel"), ("Jon", "John")])
def test_near_subjects_never_merge_on_names_alone(a: str, b: str) -> None:
    result = run(batch(0, observation(a)), batch(1, observation(b)))
    assert subjects(result) == sorted([a, b])


def test_same_runtime_id_across_batches_merges_one_entity_split_in_two() -> None:
    """seed 000: 'one entity split into two new ones' — batch 1 calls e1 Melanie, batch 2 calls it Mel."""
    result = run(batch(0, observation("Melanie", runtime_ids=["e1"])), batch(1, observation("Mel", runtime_ids=["e1"])))
    assert len(result.observations) == 1
    assert result.observations[0].subject == "Melanie" and result.observations[0].aliases == ["Mel"]


@pytest.mark.parametrize(
    ("left", "right", "merged"),
    [
        (["e1", "e2"], ["e1", "e2"], True),  # 1.0
        (["e1"], ["e1", "e2"], True),  # 0.5: at the threshold
        (["e1", "e2"], ["e2", "e3", "e4"], False),  # 0.25
        (["e1"], ["e2"], False),  # 0.0
    ],
)
def test_runtime_id_overlap_threshold(left: list[str], right: list[str], merged: bool) -> None:
    result = run(batch(0, observation("Melanie", runtime_ids=left)), batch(1, observation("Mel", runtime_ids=right)))
    assert (len(result.observations) == 1) is merged


def test_one_planner_call_keeps_its_own_observations_apart() -> None:
    result = run(batch(0, observation("Melanie", runtime_ids=["e1"]), observation("Mel", runtime_ids=["e1"])))
    assert subjects(result) == ["Mel", "Melanie"]


def test_same_evidence_hash_across_batches_merges() -> None:
    snippet = ["Message number 4 with some text."]
    result = run(batch(0, observation("Melanie", snippets=snippet)), batch(1, observation("Mel", snippets=snippet)))
    assert len(result.observations) == 1


def test_same_evidence_of_two_different_active_entities_does_not_merge() -> None:
    """'I love Bach and Mozart' is evidence of two entities: distinct mentions never merge on evidence."""
    snippet = ["Message number 4 with some text."]
    result = run(
        batch(0, observation("Bach", snippets=snippet, runtime_ids=["e4"])),
        batch(1, observation("Oliver", snippets=snippet, runtime_ids=["e3"])),
    )
    assert subjects(result) == ["Bach", "Oliver"]


def test_invented_snippets_carry_no_evidence() -> None:
    result = run(batch(0, observation("Ann", impressions=[], snippets=["Ann said something nobody said."])))
    assert result.observations == []


def test_relations_to_itself_are_dropped_and_others_kept() -> None:
    obs = observation("Melanie", aliases=["Mel"]).model_copy(
        update={
            "relations": [
                RelationPatch(target="Mel", relation="self", evidence_message_ids=["m1"]),
                RelationPatch(target="Oliver", relation="Best Friend", evidence_message_ids=["m1"]),
            ]
        }
    )
    relations = run(batch(0, obs)).observations[0].relations
    assert [(r.target, r.relation) for r in relations] == [("Oliver", "best_friend")]


def test_a_feature_takes_the_value_with_the_newest_evidence() -> None:
    messages = [msg("m1", "I live in Lisbon.", minute=1), msg("m2", "I moved to Porto.", minute=50)]
    old = observation("Ana").model_copy(
        update={"features": [FeaturePatch(key="Lives In", value="Lisbon", confidence=0.9, evidence_message_ids=["m1"])]}
    )
    new = observation("Ana").model_copy(
        update={"features": [FeaturePatch(key="lives_in", value="Porto", confidence=0.7, evidence_message_ids=["m2"])]}
    )
    for order in ([old, new], [new, old]):
        result = aggregate(
            [batch(i, o) for i, o in enumerate(order)],
            messages=messages,
            active=ACTIVE,
            settings=settings().impressions,
        )
        assert [(f.key, f.value) for f in result.observations[0].features] == [("lives_in", "Porto")]
