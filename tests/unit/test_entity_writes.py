"""The applier's typed rows become the statements' parameters (no database): order, shapes, history ids."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from graphsvc import keys
from graphsvc.graph import entity_writes
from graphsvc.graph.entity_writes import (
    EntityBatch,
    FeatureEvidence,
    NewEntity,
    ObservedFeature,
    ObservedIn,
    SeedAlias,
    SeedIdentity,
)

T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


class Recording:
    """Stands in for a ``Database``: records statements, answers each with a scripted first row."""

    def __init__(self, answers: dict[str, dict[str, Any]] | None = None) -> None:
        self.answers = answers or {}
        self.steps: list[tuple[str, dict[str, Any]]] = []

    async def write_many(self, steps: list[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
        self.steps += steps
        return [[self.answers[name]] if name in self.answers else [] for name, _ in steps]

    async def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        self.steps.append((name, params))
        return [self.answers.get(name, {})]


FEATURE = ObservedFeature(
    subject_key="sk-ana", key="city", value="Lisbon", confidence=0.9, observed_at=T0, uid="f1", event_uids=("e1",)
)


async def test_a_batch_is_one_transaction_of_every_statement_in_order_with_lists_for_tuples() -> None:
    db = Recording()
    batch = EntityBatch(
        entities=(NewEntity(uid="u1", subject_key="sk-ana", subject="Ana", kind="person", event_uids=("e1", "e2")),),
        features=(FEATURE,),
        observed_in=(ObservedIn(subject_key="sk-ana", event_uids=("e1",)),),
    )
    await entity_writes.apply_batch(db, user_id="u", batch=batch, now=T0, actor="impressions")  # type: ignore[arg-type]
    names = [name for name, _ in db.steps]
    assert names[0] == "apply_create_entities" and names[-1] == "apply_observed_in" and len(names) == 9
    params = dict(db.steps)
    assert params["apply_create_entities"]["tenant_key"] == keys.tenant_key("u")
    assert params["apply_create_entities"]["rows"][0]["event_uids"] == ["e1", "e2"]
    assert params["apply_observed_in"]["rows"] == [{"subject_key": "sk-ana", "event_uids": ["e1"]}]
    changed, created = params["apply_feature_changes"]["rows"][0], params["apply_feature_creates"]["rows"][0]
    assert changed["history_uid"] != created["history_uid"]  # each change its own history entry
    assert {k: v for k, v in changed.items() if k != "history_uid"} == {
        k: v for k, v in created.items() if k != "history_uid"
    }
    assert params["apply_entity_kinds"]["rows"] == []


async def test_a_batch_reports_created_changed_and_linked_from_the_statements_answers() -> None:
    db = Recording(
        {
            "apply_create_entities": {"changed": ["sk-new"], "changes": 1},
            "apply_aliases": {"changed": ["sk-old"], "changes": 2},
            "apply_impression_evidence": {"linked": 3},
            "apply_feature_evidence": {"linked": 1},
            "apply_observed_in": {"links": 7},
        }
    )
    batch = EntityBatch(
        feature_evidence=(
            FeatureEvidence(
                subject_key="sk-ana", key="city", value="Lisbon", event_uid="e1", observed_at=T0, grade="B", uid="x"
            ),
        )
    )
    outcome = await entity_writes.apply_batch(db, user_id="u", batch=batch, now=T0, actor="api")  # type: ignore[arg-type]
    assert outcome.created == {"sk-new"} and outcome.changed == {"sk-old"}
    assert outcome.changes == 3 and outcome.evidence_linked == 4


async def test_seeded_identities_carry_their_aliases_as_a_list_of_maps() -> None:
    db = Recording({"seed_entity_identities": {"entities": 1}})
    alias = SeedAlias(uid="a1", name="Ana", normalized="ana")
    seeded = await entity_writes.seed_identities(
        db,  # type: ignore[arg-type]
        user_id="u",
        identities=[SeedIdentity(uid="u1", subject="Ana", subject_key="sk", kind="person", aliases=(alias,))],
        now=T0,
    )
    assert seeded == 1
    ((name, params),) = db.steps
    assert name == "seed_entity_identities" and params["tenant_key"] == keys.tenant_key("u")
    assert params["rows"][0]["aliases"] == [{"uid": "a1", "name": "Ana", "normalized": "ana"}]
