"""Stage 4: the identity resolver's five rules, at their thresholds, with no fuzzy matching."""

from __future__ import annotations

import pytest

from graphsvc.pipeline.impressions.aggregate import ObservationAggregate
from graphsvc.pipeline.impressions.observation import RelationPatch
from graphsvc.pipeline.impressions.resolve import names_to_look_up, resolve, resolve_one
from tests.unit.impressions.helpers import aggregated, index, known, settings

IDX = index(known("u-mel", "Melanie", "Mel"), known("u-anna", "Anna"), known("u-zw", "张伟"))


def test_exact_normalised_subject_match_updates() -> None:
    r = resolve_one(aggregated("ＭＥＬＡＮＩＥ"), index=IDX, settings=settings().impressions)
    assert (r.decision, r.matched_by, r.entity and r.entity.entity_uuid) == ("update", "subject", "u-mel")


def test_exact_alias_match_updates() -> None:
    r = resolve_one(aggregated("Mel"), index=IDX, settings=settings().impressions)
    assert (r.decision, r.matched_by, r.entity and r.entity.entity_uuid) == ("update", "alias", "u-mel")


def test_an_observed_alias_that_is_a_known_subject_updates() -> None:
    r = resolve_one(aggregated("Mellie", "Melanie"), index=IDX, settings=settings().impressions)
    assert r.decision == "update" and r.matched_by == "alias" and r.entity and r.entity.entity_uuid == "u-mel"


def test_more_than_one_matched_entity_is_ambiguous() -> None:
    idx = index(known("u-1", "Sam"), known("u-2", "Samuel", "Sam"))
    r = resolve_one(aggregated("Sam"), index=idx, settings=settings().impressions)
    assert r.decision == "ambiguous" and r.entity is None
    assert [c.entity_uuid for c in r.candidates] == ["u-1", "u-2"]


def test_names_matching_two_entities_through_different_names_are_ambiguous() -> None:
    r = resolve_one(aggregated("Anna", "Mel"), index=IDX, settings=settings().impressions)
    assert r.decision == "ambiguous" and {c.entity_uuid for c in r.candidates} == {"u-anna", "u-mel"}


@pytest.mark.parametrize(("subject", "near"), [("Ann", "Anna"), ("张薇", "张伟"), ("Melanie Smith", "Melanie")])
def test_near_names_are_no_match(subject: str, near: str) -> None:
    r = resolve_one(aggregated(subject), index=IDX, settings=settings().impressions)
    assert r.decision == "create" and r.candidates == []


@pytest.mark.parametrize(("confidence", "decision"), [(0.6, "create"), (0.61, "create"), (0.59, "postponed")])
def test_creation_confidence_threshold(confidence: float, decision: str) -> None:
    r = resolve_one(aggregated("Oliver", confidence=confidence), index=IDX, settings=settings().impressions)
    assert r.decision == decision


@pytest.mark.parametrize(("evidence", "decision"), [(["m1"], "postponed"), (["m1", "m2"], "create")])
def test_creation_evidence_threshold(evidence: list[str], decision: str) -> None:
    r = resolve_one(
        aggregated("Oliver", evidence=evidence),
        index=IDX,
        settings=settings(impression_create_min_evidence=2).impressions,
    )
    assert r.decision == decision
    if decision == "postponed":
        assert "1 evidence message(s) (needs 2)" in r.reason


def test_a_match_updates_whatever_the_evidence() -> None:
    r = resolve_one(aggregated("Mel", confidence=0.1), index=IDX, settings=settings().impressions)
    assert r.decision == "update"


def test_resolve_keeps_every_observation_and_the_index() -> None:
    result = resolve(
        ObservationAggregate(observations=[aggregated("Mel"), aggregated("Oliver"), aggregated("Zed", confidence=0.1)]),
        index=IDX,
        settings=settings().impressions,
    )
    assert [r.decision for r in result.resolved] == ["update", "create", "postponed"]
    assert result.index == IDX


def test_names_to_look_up_include_relation_targets() -> None:
    obs = aggregated("Melanie", "Mel").model_copy(
        update={"relations": [RelationPatch(target="Oliver!", relation="friend", evidence_message_ids=["m1"])]}
    )
    assert names_to_look_up(ObservationAggregate(observations=[obs])) == {"melanie", "mel", "oliver"}
