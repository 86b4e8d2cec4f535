"""Stage 7 without a database: only CONFIRMED plans, batches of steps per transaction, relations last."""

from __future__ import annotations

from typing import Any

import pytest

from graphsvc import keys
from graphsvc.errors import PlanRejectedError
from graphsvc.pipeline.impressions import apply
from graphsvc.pipeline.impressions.observation import ImpressionPatch
from graphsvc.pipeline.impressions.plan import (
    CreateEntityStep,
    EntityPatch,
    ImpressionUpdatePlan,
    PlannedRelation,
    RelationTarget,
)
from tests.unit.impressions.helpers import T0, USER


class RecordingDatabase:
    """Stands in for :class:`Database`: records each transaction's statements."""

    def __init__(self) -> None:
        self.transactions: list[list[tuple[str, dict[str, Any]]]] = []

    async def write_many(self, steps: list[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
        self.transactions.append(steps)
        return [[{"changed": [], "changes": 0, "linked": 0}] for _ in steps]

    async def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        self.transactions.append([(name, params)])
        return [{"changed": [], "changes": 0}]


def creates(n: int, *, related: bool = False) -> list[CreateEntityStep]:
    steps = []
    for i in range(n):
        relations = []
        if related and i:
            target = RelationTarget(name="P0", subject_key=keys.entity_subject_key(USER, "p0"))
            relations = [PlannedRelation(target=target, relation="friend", strength=0.5, confidence=0.8)]
        steps.append(
            CreateEntityStep(
                subject=f"P{i}",
                subject_key=keys.entity_subject_key(USER, f"p{i}"),
                kind="person",
                patch=EntityPatch(
                    impressions=[ImpressionPatch(content=f"P{i} sings.", evidence_message_ids=["m1", "m9"])],
                    relations=relations,
                    evidence_message_ids=["m1"],
                ),
            )
        )
    return steps


async def run(plan: ImpressionUpdatePlan, db: RecordingDatabase, batch_steps: int = 50) -> apply.ApplyResult:
    return await apply.apply_plan(
        db=db,  # type: ignore[arg-type]
        user_id=USER,
        plan=plan,
        event_uids={"m1": "ev-1"},
        message_times={"m1": T0},
        now=T0,
        batch_steps=batch_steps,
    )


@pytest.mark.parametrize("status", ["PREPARED", "REJECTED"])
async def test_only_confirmed_plans_are_applied(status: str) -> None:
    db = RecordingDatabase()
    plan = ImpressionUpdatePlan.model_validate({"steps": [s.model_dump() for s in creates(1)], "status": status})
    with pytest.raises(PlanRejectedError):
        await run(plan, db)
    assert db.transactions == []


async def test_steps_go_in_batches_one_transaction_each_and_relations_last() -> None:
    db = RecordingDatabase()
    plan = ImpressionUpdatePlan(steps=list(creates(120, related=True)), status="CONFIRMED")
    result = await run(plan, db, batch_steps=50)
    assert result.transactions == 4 == len(db.transactions)
    created = [[r["subject_key"] for r in dict(tx)["apply_create_entities"]["rows"]] for tx in db.transactions[:3]]
    assert [len(c) for c in created] == [50, 50, 20]
    assert sorted(k for c in created for k in c) == sorted(s.subject_key for s in plan.steps)
    assert [name for name, _ in db.transactions[3]] == ["apply_relations"]
    assert len(db.transactions[3][0][1]["rows"]) == 119


async def test_evidence_links_only_mapped_events_and_the_subject_is_an_alias() -> None:
    db = RecordingDatabase()
    await run(ImpressionUpdatePlan(steps=list(creates(1)), status="CONFIRMED"), db)
    statements = dict(db.transactions[0])
    assert [r["event_uid"] for r in statements["apply_impression_evidence"]["rows"]] == ["ev-1"]
    assert [r["name"] for r in statements["apply_aliases"]["rows"]] == ["P0"]
    assert statements["apply_observed_in"]["rows"] == [
        {"subject_key": creates(1)[0].subject_key, "event_uids": ["ev-1"]}
    ]


def test_batches_cover_every_step_once() -> None:
    steps = creates(7)
    groups = apply.batches(steps, 3)
    assert [len(g) for g in groups] == [3, 3, 1] and [s for g in groups for s in g] == steps
    with pytest.raises(ValueError):
        apply.batches(steps, 0)


@pytest.mark.parametrize(("confidence", "grade"), [(0.8, "B"), (0.95, "B"), (0.79, "D")])
def test_evidence_grade(confidence: float, grade: str) -> None:
    assert apply.evidence_grade(confidence) == grade
