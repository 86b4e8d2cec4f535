"""Stage 5: the final plan builder turns decisions into update/create steps and pending drafts."""

from __future__ import annotations

from graphsvc import keys
from graphsvc.pipeline.impressions.aggregate import AggregatedObservation, ObservationAggregate
from graphsvc.pipeline.impressions.observation import RelationPatch
from graphsvc.pipeline.impressions.plan import CreateEntityStep, ImpressionUpdatePlan, UpdateExistingStep, build_plan
from graphsvc.pipeline.impressions.resolve import resolve
from tests.unit.impressions.helpers import USER, aggregated, index, known, settings

IDX = index(known("u-mel", "Melanie", "Mel"), known("u-sam1", "Sam"), known("u-sam2", "Samuel", "Sam"))


def with_relation(obs: AggregatedObservation, target: str, relation: str = "friend") -> AggregatedObservation:
    patch = RelationPatch(target=target, relation=relation, strength=0.7, evidence_message_ids=["m1"])
    return obs.model_copy(update={"relations": [*obs.relations, patch]})


def plan_for(*observations: AggregatedObservation) -> ImpressionUpdatePlan:
    resolution = resolve(
        ObservationAggregate(observations=list(observations)), index=IDX, settings=settings().impressions
    )
    return build_plan(resolution, user_id=USER)


def test_updates_and_creates_become_steps_and_the_rest_pending() -> None:
    plan = plan_for(
        aggregated("Mel", "Mellie"), aggregated("Oliver"), aggregated("Sam"), aggregated("Zed", confidence=0.1)
    )
    assert plan.status == "PREPARED"
    update, create = plan.steps
    assert isinstance(update, UpdateExistingStep) and update.entity_uuid == "u-mel"
    assert update.patch.aliases == ["Mellie"]  # only the names it does not have yet
    assert update.subject_key == keys.entity_subject_key(USER, "melanie")
    assert isinstance(create, CreateEntityStep) and create.subject == "Oliver"
    assert create.subject_key == keys.entity_subject_key(USER, "oliver")
    assert [(p.observation.subject, p.reason, p.candidate_uuids) for p in plan.pending] == [
        ("Sam", "ambiguous", ["u-sam1", "u-sam2"]),
        ("Zed", "postponed", []),
    ]
    assert plan.decisions == {"mel": "update", "oliver": "create", "sam": "ambiguous", "zed": "postponed"}


def test_observations_of_one_entity_become_one_update_step() -> None:
    plan = plan_for(aggregated("Mel"), aggregated("Melanie", "Mellie"))
    assert len(plan.steps) == 1
    step = plan.steps[0]
    assert isinstance(step, UpdateExistingStep) and step.observation_keys == ["mel", "melanie"]
    assert {p.content for p in step.patch.impressions} == {"Mel likes tea.", "Melanie likes tea."}


def test_relation_targets_bind_to_created_known_and_updated_entities() -> None:
    plan = plan_for(
        with_relation(aggregated("Oliver"), "Mel"),
        with_relation(aggregated("Mel"), "Oliver", "brother"),
        with_relation(aggregated("Ruth"), "Melanie"),
    )
    by_subject = {s.subject if isinstance(s, CreateEntityStep) else "Melanie": s for s in plan.steps}
    oliver_rel = by_subject["Oliver"].patch.relations[0]
    assert oliver_rel.target.entity_uuid == "u-mel"
    mel_rel = by_subject["Melanie"].patch.relations[0]
    assert mel_rel.target.entity_uuid is None and mel_rel.target.subject_key == keys.entity_subject_key(USER, "oliver")
    assert by_subject["Ruth"].patch.relations[0].target.entity_uuid == "u-mel"


def test_unbindable_relation_targets_are_left_out_with_a_note() -> None:
    plan = plan_for(with_relation(with_relation(aggregated("Oliver"), "Nobody"), "Sam"))
    assert plan.steps[0].patch.relations == []
    assert len(plan.notes) == 2
    assert "is not a known or created entity" in plan.notes[0] and "matches several entities" in plan.notes[1]


def test_relations_to_itself_are_left_out() -> None:
    plan = plan_for(with_relation(aggregated("Mel"), "Melanie"))
    assert plan.steps[0].patch.relations == []


def test_an_empty_resolution_builds_an_empty_plan() -> None:
    plan = plan_for()
    assert plan.steps == [] and plan.pending == []
