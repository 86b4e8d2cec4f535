"""The failures seed 000 names, through the pure stages: an invented uuid, a wrong uuid, one entity split into
two new ones, and a premature merge of near subjects. None of them reaches a CONFIRMED plan."""

from __future__ import annotations

from graphsvc.graph.identity import IdentityIndex
from graphsvc.pipeline.impressions.aggregate import aggregate
from graphsvc.pipeline.impressions.observation import BatchObservation, ImpressionObservationPlan
from graphsvc.pipeline.impressions.observe import guard_entity_ids
from graphsvc.pipeline.impressions.plan import CreateEntityStep, ImpressionUpdatePlan, UpdateExistingStep, build_plan
from graphsvc.pipeline.impressions.resolve import resolve
from graphsvc.pipeline.impressions.validate import ValidationContext, validate_plan
from tests.unit.impressions.helpers import (
    USER,
    active_entity,
    actives,
    batch,
    conversation,
    index,
    known,
    observation,
    settings,
)

MESSAGES = conversation(6)
ACTIVE = actives(
    active_entity("e1", "Melanie", message_ids=["m1", "m2"]),
    active_entity("e2", "Ann", message_ids=["m3"]),
    active_entity("e3", "张薇", message_ids=["m4"]),
    batch_size=1,
)


def pipeline(plans: list[BatchObservation], idx: IdentityIndex) -> ImpressionUpdatePlan:
    merged = aggregate(plans, messages=MESSAGES, active=ACTIVE, settings=settings().impressions)
    plan = build_plan(resolve(merged, index=idx, settings=settings().impressions), user_id=USER)
    existing = {i.entity_uuid: i.subject_key for i in idx.identities.values()}
    return validate_plan(plan, ValidationContext(existing=existing, index=idx), settings=settings().impressions)


def test_an_invented_uuid_from_the_planner_never_reaches_the_plan() -> None:
    raw = ImpressionObservationPlan.model_validate(
        {
            "observations": [
                {**observation("Melanie").model_dump(), "entity_uuid": "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"}
            ]
        }
    )
    guarded = BatchObservation(batch_index=0, plan=guard_entity_ids(raw, known_uids=set()))
    merged = aggregate([guarded], messages=MESSAGES, active=ACTIVE, settings=settings().impressions)
    assert merged.observations == [] and merged.dropped[0].reason == "rejected_plan"


def test_an_invented_uuid_in_a_plan_is_rejected_by_the_validator() -> None:
    mel = known("u-mel", "Melanie")
    plan = pipeline([batch(0, observation("Melanie", runtime_ids=["e1"]))], index(mel))
    assert plan.status == "CONFIRMED"
    step = plan.steps[0]
    assert isinstance(step, UpdateExistingStep)
    forged = plan.model_copy(update={"steps": [step.model_copy(update={"entity_uuid": "u-invented"})]})
    checked = validate_plan(
        forged,
        ValidationContext(existing={"u-mel": mel.subject_key}, index=index(mel)),
        settings=settings().impressions,
    )
    assert [r.code for r in checked.reasons] == ["unknown_entity"]


def test_a_wrong_uuid_is_rejected() -> None:
    mel, anna = known("u-mel", "Melanie", "Mel"), known("u-anna", "Anna")
    plan = pipeline([batch(0, observation("Mel", runtime_ids=["e1"]))], index(mel, anna))
    step = plan.steps[0]
    assert isinstance(step, UpdateExistingStep) and step.entity_uuid == "u-mel"
    wrong = step.model_copy(update={"entity_uuid": "u-anna", "subject_key": anna.subject_key})
    checked = validate_plan(
        plan.model_copy(update={"steps": [wrong]}),
        ValidationContext(existing={"u-mel": mel.subject_key, "u-anna": anna.subject_key}, index=index(mel, anna)),
        settings=settings().impressions,
    )
    assert [r.code for r in checked.reasons] == ["identity_mismatch"]


def test_one_entity_observed_under_two_names_in_two_batches_is_created_once() -> None:
    plan = pipeline(
        [batch(0, observation("Melanie", runtime_ids=["e1"])), batch(1, observation("Mel", runtime_ids=["e1"]))],
        IdentityIndex(),
    )
    assert plan.status == "CONFIRMED" and len(plan.steps) == 1
    step = plan.steps[0]
    assert isinstance(step, CreateEntityStep) and step.subject == "Melanie" and step.patch.aliases == ["Mel"]


def test_one_known_entity_observed_under_its_alias_is_updated_not_created() -> None:
    plan = pipeline([batch(0, observation("Mel"))], index(known("u-mel", "Melanie", "Mel")))
    assert [type(s).__name__ for s in plan.steps] == ["UpdateExistingStep"]


def test_near_subjects_are_not_merged_prematurely() -> None:
    plan = pipeline(
        [batch(0, observation("Ann", runtime_ids=["e2"])), batch(1, observation("张薇", runtime_ids=["e3"]))],
        index(known("u-anna", "Anna"), known("u-zw", "张伟")),
    )
    assert plan.status == "CONFIRMED"
    assert sorted(s.subject for s in plan.steps if isinstance(s, CreateEntityStep)) == ["Ann", "张薇"]
    assert not any(isinstance(s, UpdateExistingStep) for s in plan.steps)
