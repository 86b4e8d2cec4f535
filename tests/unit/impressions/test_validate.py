"""Stage 6: every validator rule, the seed's failure cases, and every reason listed at once."""

from __future__ import annotations

import math

import pytest

from graphsvc import keys
from graphsvc.graph.identity import IdentityIndex
from graphsvc.pipeline.impressions.observation import FeaturePatch, ImpressionPatch
from graphsvc.pipeline.impressions.plan import (
    CreateEntityStep,
    EntityPatch,
    ImpressionUpdatePlan,
    PlannedRelation,
    PlanStep,
    RelationTarget,
    UpdateExistingStep,
)
from graphsvc.pipeline.impressions.validate import ValidationContext, validate_plan
from tests.unit.impressions.helpers import USER, index, known, settings

MEL = known("u-mel", "Melanie", "Mel")
ANNA = known("u-anna", "Anna")
CONTEXT = ValidationContext(existing={"u-mel": MEL.subject_key, "u-anna": ANNA.subject_key}, index=index(MEL, ANNA))


def update(
    uuid: str = "u-mel",
    *,
    names: tuple[str, ...] = ("mel",),
    patch: EntityPatch | None = None,
    matched_by: str = "alias",
    subject_key: str | None = None,
) -> UpdateExistingStep:
    return UpdateExistingStep.model_validate(
        {
            "entity_uuid": uuid,
            "subject_key": subject_key or (MEL.subject_key if uuid == "u-mel" else ANNA.subject_key),
            "observed_names": list(names),
            "observation_keys": [names[0]],
            "matched_by": matched_by,
            "patch": patch
            or EntityPatch(impressions=[ImpressionPatch(content="Mel paints.", evidence_message_ids=["m1"])]),
        }
    )


def create(subject: str, *aliases: str, patch: EntityPatch | None = None) -> CreateEntityStep:
    norm = keys.normalise_text(subject)
    return CreateEntityStep(
        subject=subject,
        subject_key=keys.entity_subject_key(USER, norm),
        kind="person",
        observation_keys=[norm],
        patch=(patch or EntityPatch()).model_copy(update={"aliases": list(aliases)}),
    )


def check(
    *steps: PlanStep, decisions: dict[str, str] | None = None, context: ValidationContext = CONTEXT
) -> ImpressionUpdatePlan:
    plan = ImpressionUpdatePlan.model_validate({"steps": [s.model_dump() for s in steps], "decisions": decisions or {}})
    return validate_plan(plan, context, settings=settings().impressions)


def codes(plan: ImpressionUpdatePlan) -> list[str]:
    return [r.code for r in plan.reasons]


def test_a_sound_plan_is_confirmed() -> None:
    plan = check(update(), create("Oliver", "Olly"))
    assert plan.status == "CONFIRMED" and plan.reasons == []


def test_an_empty_plan_is_rejected() -> None:
    plan = check()
    assert plan.status == "REJECTED" and codes(plan) == ["empty_plan"]


def test_an_invented_uuid_is_rejected() -> None:
    plan = check(update("9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"))
    assert codes(plan) == ["unknown_entity"]


def test_a_uuid_with_another_subject_key_is_rejected() -> None:
    assert codes(check(update(subject_key="not-the-key"))) == ["unknown_entity"]


def test_a_wrong_uuid_is_rejected_as_an_identity_mismatch() -> None:
    """seed 000: the planner picked the wrong known entity: 'Mel' observations aimed at Anna."""
    plan = check(update("u-anna", names=("mel",)))
    assert "identity_mismatch" in codes(plan) and plan.status == "REJECTED"


def test_an_entity_chosen_by_a_person_needs_no_name_match() -> None:
    assert check(update("u-anna", names=("mel",), matched_by="user")).status == "CONFIRMED"


def test_a_created_subject_that_names_a_known_entity_clashes() -> None:
    assert codes(check(create("mel"))) == ["subject_clash"]


def test_a_created_alias_that_names_a_known_entity_clashes() -> None:
    assert codes(check(create("Annabel", "Anna"))) == ["alias_clash"]


def test_an_added_alias_that_names_another_entity_clashes() -> None:
    step = update(patch=EntityPatch(aliases=["Anna"]))
    assert codes(check(step)) == ["alias_clash"]


def test_one_entity_split_into_two_new_ones_is_rejected() -> None:
    plan = check(create("Oliver", "Olly"), create("Olly"))
    assert codes(plan) == ["duplicate_create"] and plan.reasons[0].step == 1


def test_near_subjects_created_side_by_side_are_fine() -> None:
    assert check(create("Ann"), create("张薇"), create("张伟")).status == "CONFIRMED"


def relation(target: RelationTarget, strength: float = 0.5, confidence: float = 0.8) -> EntityPatch:
    return EntityPatch(
        relations=[PlannedRelation(target=target, relation="friend", strength=strength, confidence=confidence)]
    )


def test_relation_targets_must_be_known_or_created_in_the_plan() -> None:
    olly_key = keys.entity_subject_key(USER, "oliver")
    good = check(update(patch=relation(RelationTarget(name="Oliver", subject_key=olly_key))), create("Oliver"))
    assert good.status == "CONFIRMED"
    known_target = check(
        update(patch=relation(RelationTarget(name="Anna", subject_key=ANNA.subject_key, entity_uuid="u-anna")))
    )
    assert known_target.status == "CONFIRMED"
    missing = check(update(patch=relation(RelationTarget(name="Oliver", subject_key=olly_key))))
    assert codes(missing) == ["unresolved_relation_target"]
    invented = check(update(patch=relation(RelationTarget(name="X", subject_key="k", entity_uuid="u-x"))))
    assert codes(invented) == ["unresolved_relation_target"]


@pytest.mark.parametrize(("length", "ok"), [(300, True), (301, False)])
def test_patch_text_is_bounded(length: int, ok: bool) -> None:
    patch = EntityPatch(impressions=[ImpressionPatch(content="x" * length)])
    plan = check(update(patch=patch))
    assert (plan.status == "CONFIRMED") is ok
    if not ok:
        assert codes(plan) == ["text_too_long"]


@pytest.mark.parametrize("text", ["", "   "])
def test_patch_text_must_not_be_blank(text: str) -> None:
    plan = check(update(patch=EntityPatch(features=[FeaturePatch(key="job", value=text)])))
    assert codes(plan) == ["empty_text"]


def test_names_are_bounded() -> None:
    assert codes(check(create("O" * 101))) == ["text_too_long"]
    assert check(create("O" * 100)).status == "CONFIRMED"


@pytest.mark.parametrize(
    ("value", "ok"), [(0.0, True), (1.0, True), (-0.01, False), (1.01, False), (math.nan, False), (math.inf, False)]
)
def test_confidence_must_be_finite_and_in_range(value: float, ok: bool) -> None:
    plan = check(update(patch=EntityPatch(impressions=[ImpressionPatch(content="Mel paints.", confidence=value)])))
    assert (plan.status == "CONFIRMED") is ok
    if not ok:
        assert codes(plan) == ["invalid_confidence"]


@pytest.mark.parametrize(("value", "ok"), [(0.0, True), (1.0, True), (1.5, False), (math.nan, False)])
def test_strength_must_be_finite_and_in_range(value: float, ok: bool) -> None:
    target = RelationTarget(name="Anna", subject_key=ANNA.subject_key, entity_uuid="u-anna")
    plan = check(update(patch=relation(target, strength=value)))
    assert (plan.status == "CONFIRMED") is ok
    if not ok:
        assert codes(plan) == ["invalid_strength"]


@pytest.mark.parametrize("decision", ["ambiguous", "postponed"])
def test_a_step_from_an_unsettled_observation_is_rejected(decision: str) -> None:
    plan = check(create("Oliver"), decisions={"oliver": decision})
    assert codes(plan) == ["ambiguous_step"]


def test_an_update_whose_names_now_match_two_entities_is_ambiguous() -> None:
    plan = check(update(names=("mel", "anna")))
    assert "ambiguous_step" in codes(plan)


def test_every_reason_is_listed() -> None:
    plan = check(
        update("invented"),
        create("Mel", "Anna"),
        create("Oliver", patch=EntityPatch(impressions=[ImpressionPatch(content="", confidence=2.0)])),
        decisions={"oliver": "ambiguous"},
    )
    assert plan.status == "REJECTED"
    assert sorted(codes(plan)) == sorted(
        ["unknown_entity", "subject_clash", "alias_clash", "ambiguous_step", "empty_text", "invalid_confidence"]
    )
    assert [r.step for r in plan.reasons if r.code == "unknown_entity"] == [0]


def test_the_context_is_what_the_graph_says_now() -> None:
    """An entity deleted (merged away) since resolution makes its update invalid."""
    assert codes(check(update(), context=ValidationContext(existing={}, index=IdentityIndex()))) == ["unknown_entity"]
