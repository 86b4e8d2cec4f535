"""Stage 2: the observation planner, one call per batch of active entities (LLM, or the offline rules).

Seed 000 §执行流程 2: the planner only observes. Its answer is checked here before anything else sees it:
an answer that carries an entity id anyway (a uuid or long hex key anywhere in its text, a known entity's
uid, or an extra field such as ``entity_uuid`` / ``action``) is turned into a REJECTED plan with the reason,
so an invented or wrong id can never reach the plan. Every batch is planned; the batch size bounds a call's
context, never which entities are covered.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from graphsvc.config import ImpressionSettings
from graphsvc.conversation import ConversationMessage
from graphsvc.llm.client import LLMCall, StructuredLLM
from graphsvc.pipeline.impressions import offline
from graphsvc.pipeline.impressions import prompt as task
from graphsvc.pipeline.impressions.active import ActiveEntities, ActiveEntityBatch
from graphsvc.pipeline.impressions.observation import BatchObservation, ImpressionObservationPlan
from graphsvc.text.tokens import estimate_tokens

T = TypeVar("T", bound=BaseModel)

ID_LIKE = re.compile(
    r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b|\b[0-9a-fA-F]{24,}\b"
)
"""A uuid, or a hex key of 24+ digits (graphsvc's uids are uuid4 or sha256 hex)."""
ID_FIELD = re.compile(r"(?:^|_)(?:uuid|uid|id|key)$|^(?:action|operation|decision|merge_with|update|create)$", re.I)
"""Extra fields that smuggle an id or an update/create decision."""


class ObservationRound(BaseModel):
    """Every batch's plan (in batch order) and the LLM calls made (empty offline)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    plans: list[BatchObservation] = Field(default=[])
    calls: list[LLMCall] = Field(default=[])


def batch_window(
    batch: ActiveEntityBatch, messages: Sequence[ConversationMessage], *, budget_tokens: int
) -> list[ConversationMessage]:
    """The part of the conversation one planner call sees.

    The messages that mention an entity of the batch, each with the message before it (what it answers),
    in time order; when they exceed ``budget_tokens`` (:func:`graphsvc.text.tokens.estimate_tokens`), the most
    recent that fit.
    """
    mentioned = {i for e in batch.entities for i in e.message_ids}
    keep: set[int] = set()
    for position, message in enumerate(messages):
        if message.message_id in mentioned:
            keep.update({position, max(0, position - 1)})
    chosen: list[ConversationMessage] = []
    used = 0
    for position in sorted(keep, reverse=True):
        cost = estimate_tokens(messages[position].content)
        if chosen and used + cost > budget_tokens:
            break
        chosen.append(messages[position])
        used += cost
    return chosen[::-1]


def guard_entity_ids(plan: ImpressionObservationPlan, *, known_uids: set[str]) -> ImpressionObservationPlan:
    """REJECT a plan that carries an entity id or a decision field (seed 000: the planner must not output uuids).

    Args:
        plan: the planner's answer.
        known_uids: uids of the known entities bound to the batch (the planner is never shown them).

    Returns:
        ``plan`` unchanged, or a REJECTED plan with no observations and every offending item in ``reason``.
    """
    problems: list[str] = []
    for path, name, value in _walk(plan, "plan"):
        if name is not None and ID_FIELD.search(name):
            problems.append(f"{path}: field {name!r} is not allowed")
        if isinstance(value, str) and (ID_LIKE.search(value) or value.strip() in known_uids):
            problems.append(f"{path}: contains an entity id")
    if not problems:
        return plan
    return ImpressionObservationPlan(status="REJECTED", reason="planner output an entity id: " + "; ".join(problems))


def _walk(model: BaseModel, path: str) -> Iterator[tuple[str, str | None, Any]]:
    """(path, extra-field name or None, value) of every string value, and every extra field, of the model."""
    for name in type(model).model_fields:
        yield from _walk_value(getattr(model, name), f"{path}.{name}")
    for name, value in (model.model_extra or {}).items():
        yield f"{path}.{name}", name, value
        yield from _walk_value(value, f"{path}.{name}")


def _walk_value(value: Any, path: str) -> Iterator[tuple[str, str | None, Any]]:
    if isinstance(value, BaseModel):
        yield from _walk(value, path)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from _walk_value(item, f"{path}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk_value(item, f"{path}.{key}")
    elif isinstance(value, str):
        yield path, None, value


async def run(
    *,
    llm: StructuredLLM | None,
    active: ActiveEntities,
    messages: Sequence[ConversationMessage],
    settings: ImpressionSettings,
    statements: Sequence[offline.Statement] = (),
) -> ObservationRound:
    """Plan every batch: one LLM call per batch (at most ``impression_llm_concurrency`` at once), or offline.

    Args:
        statements: offline only: the first-person statements the offline memory extractor found in the
            conversation (see :func:`.offline.analyse`).

    Returns:
        one plan per batch, in batch order, each passed through :func:`guard_entity_ids`.

    Raises:
        LLMError: a batch's call failed or its answer did not validate (the run writes nothing and is retried).
    """
    if llm is None:
        analysis = offline.analyse(messages, statements=statements, entities=active.entities)
        return ObservationRound(
            plans=[BatchObservation(batch_index=b.index, plan=offline.plan_batch(b, analysis)) for b in active.batches]
        )
    limit = asyncio.Semaphore(settings.llm_concurrency)

    async def plan_one(batch: ActiveEntityBatch) -> tuple[BatchObservation, LLMCall]:
        window = batch_window(batch, messages, budget_tokens=settings.window_tokens)
        async with limit:
            plan, call = await llm.structured(
                task=task.TASK, messages=task.build_messages(batch, window), response_model=task.RESPONSE_MODEL
            )
        known = {e.known.entity_uuid for e in batch.entities if e.known is not None}
        return BatchObservation(batch_index=batch.index, plan=guard_entity_ids(plan, known_uids=known)), call

    tasks = [asyncio.create_task(plan_one(b)) for b in active.batches]
    try:
        results = await asyncio.gather(*tasks)
    except BaseException:
        for t in tasks:  # one batch failed: stop the others, the run writes nothing anyway
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise
    return ObservationRound(plans=[r[0] for r in results], calls=[r[1] for r in results])
