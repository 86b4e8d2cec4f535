"""Stage 2: one planner call per batch, every batch planned, and no entity id gets through."""

from __future__ import annotations

import json
from typing import Any, TypeVar

import pytest
from openai.types.chat import ChatCompletionMessageParam
from pydantic import BaseModel

from graphsvc.errors import LLMError
from graphsvc.llm.client import LLMCall
from graphsvc.pipeline.impressions import observe
from graphsvc.pipeline.impressions.active import ActiveEntityBatch
from graphsvc.pipeline.impressions.observation import ImpressionObservationPlan
from graphsvc.pipeline.impressions.observe import batch_window, guard_entity_ids
from tests.unit.impressions.helpers import active_entity, actives, conversation, msg, observation, settings

T = TypeVar("T", bound=BaseModel)


class FakePlanner:
    """Answers each batch with one observation per active entity it was shown; records the prompts."""

    def __init__(self, *, extra: dict[str, Any] | None = None, fail: bool = False) -> None:
        self.prompts: list[dict[str, Any]] = []
        self.extra = extra or {}
        self.fail = fail

    async def aclose(self) -> None:
        return None

    async def structured(
        self, *, task: str, messages: list[ChatCompletionMessageParam], response_model: type[T]
    ) -> tuple[T, LLMCall]:
        if self.fail:
            raise LLMError(task=task, reason="malformed output")
        content = str(messages[1].get("content"))
        data = json.loads(content.split("\n", 1)[1].rsplit("\n\n", 1)[0])
        self.prompts.append(data)
        observations = [
            {"proposed_subject": e["name"], "source_active_runtime_ids": [e["runtime_id"]], **self.extra}
            for e in data["active_entities"]
        ]
        answer = response_model.model_validate({"observations": observations})
        return answer, LLMCall(task, 10, 5, 1.0, "ok")


def batch_of(*names: str) -> ActiveEntityBatch:
    return ActiveEntityBatch(index=0, entities=[active_entity(f"e{i}", n) for i, n in enumerate(names, 1)])


async def test_one_call_per_batch_covers_three_batches_plus_one() -> None:
    entities = [active_entity(f"e{i}", f"Person{i}", message_ids=[f"m{1 + i % 10}"]) for i in range(1, 26)]
    planner = FakePlanner()
    result = await observe.run(
        llm=planner, active=actives(*entities, batch_size=8), messages=conversation(10), settings=settings().impressions
    )
    assert len(result.calls) == 4 == len(planner.prompts)
    shown = [e["runtime_id"] for p in planner.prompts for e in p["active_entities"]]
    assert sorted(shown) == sorted(e.runtime_id for e in entities) and len(set(shown)) == 25
    assert [len(p["active_entities"]) for p in planner.prompts] == [8, 8, 8, 1]
    assert [b.batch_index for b in result.plans] == [0, 1, 2, 3]
    assert sum(len(b.plan.observations) for b in result.plans) == 25


async def test_the_prompt_shows_runtime_ids_and_names_never_stored_ids() -> None:
    entity = active_entity("e1", "Melanie", aliases=["Mel"])
    planner = FakePlanner()
    await observe.run(llm=planner, active=actives(entity), messages=conversation(2), settings=settings().impressions)
    shown = planner.prompts[0]["active_entities"][0]
    assert shown["runtime_id"] == "e1" and shown["name"] == "Melanie"
    assert not any("uuid" in k or k == "id" for k in shown)


async def test_a_planner_answer_with_an_entity_uuid_field_is_rejected() -> None:
    planner = FakePlanner(extra={"entity_uuid": "6f1c2a40-6a8e-4d43-9a59-7b9b9b1d0c11"})
    result = await observe.run(
        llm=planner,
        active=actives(active_entity("e1", "Ann")),
        messages=conversation(2),
        settings=settings().impressions,
    )
    plan = result.plans[0].plan
    assert plan.status == "REJECTED" and plan.observations == []
    assert "entity_uuid" in (plan.reason or "")


async def test_a_planner_that_fails_raises_and_nothing_is_planned() -> None:
    with pytest.raises(LLMError):
        await observe.run(
            llm=FakePlanner(fail=True),
            active=actives(active_entity("e1", "Ann")),
            messages=conversation(2),
            settings=settings().impressions,
        )


@pytest.mark.parametrize(
    "smuggled",
    [
        "6f1c2a40-6a8e-4d43-9a59-7b9b9b1d0c11",  # uuid4
        "9f2b" * 16,  # sha256 hex, as graphsvc's derived uids
        "e3b0c44298fc1c149afbf4c8",  # 24 hex digits
    ],
)
def test_an_id_anywhere_in_the_text_rejects_the_plan(smuggled: str) -> None:
    plan = ImpressionObservationPlan(observations=[observation("Ann", aliases=[smuggled])])
    guarded = guard_entity_ids(plan, known_uids=set())
    assert guarded.status == "REJECTED" and "entity id" in (guarded.reason or "")


def test_a_known_uid_of_any_shape_rejects_the_plan() -> None:
    plan = ImpressionObservationPlan(observations=[observation("Ann", snippets=["update entity ent-42"])])
    assert guard_entity_ids(plan, known_uids={"ent-42"}).status == "PREPARED"  # inside text: not the id itself
    plan = ImpressionObservationPlan(observations=[observation("Ann", snippets=["ent-42"])])
    assert guard_entity_ids(plan, known_uids={"ent-42"}).status == "REJECTED"


@pytest.mark.parametrize("field", ["entity_uuid", "entity_id", "uid", "action", "decision", "subject_key"])
def test_decision_and_id_fields_reject_the_plan(field: str) -> None:
    obs = observation("Ann")
    plan = ImpressionObservationPlan.model_validate({"observations": [{**obs.model_dump(), field: "create"}]})
    assert guard_entity_ids(plan, known_uids=set()).status == "REJECTED"


def test_a_clean_plan_passes_unchanged() -> None:
    plan = ImpressionObservationPlan(observations=[observation("Ann", aliases=["Annie"], snippets=["Ann, 42, 2024"])])
    assert guard_entity_ids(plan, known_uids={"u-1"}) == plan


def test_the_window_holds_the_batch_messages_with_their_context() -> None:
    messages = [msg(f"m{i}", f"text {i}", minute=i) for i in range(1, 11)]
    batch = ActiveEntityBatch(index=0, entities=[active_entity("e1", "Ann", message_ids=["m5", "m9"])])
    assert [m.message_id for m in batch_window(batch, messages, budget_tokens=10_000)] == ["m4", "m5", "m8", "m9"]


def test_the_window_keeps_the_most_recent_messages_within_budget() -> None:
    messages = [msg(f"m{i}", "x" * 400, minute=i) for i in range(1, 11)]  # ~108 tokens each
    batch = ActiveEntityBatch(
        index=0, entities=[active_entity("e1", "Ann", message_ids=[m.message_id for m in messages])]
    )
    window = batch_window(batch, messages, budget_tokens=250)
    assert [m.message_id for m in window] == ["m9", "m10"]


async def test_offline_planner_plans_every_batch_without_calls() -> None:
    messages = [msg("m1", "I love painting landscapes.", speaker="Ann"), msg("m2", "Nice!", speaker="Bob", minute=1)]
    entities = [active_entity("e1", "Ann", message_ids=["m1"]), active_entity("e2", "Bob", message_ids=["m2"])]
    entities = [e.model_copy(update={"is_speaker": True}) for e in entities]
    result = await observe.run(
        llm=None, active=actives(*entities, batch_size=1), messages=messages, settings=settings().impressions
    )
    assert result.calls == [] and len(result.plans) == 2
