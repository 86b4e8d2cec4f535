"""MemoryExtractor: an ended conversation → typed memories (seed 001 §3.1) and, with an LLM, the entity
observations of seed 000 from the same call.

One structured LLM call per conversation window (windows fit ``extraction_window_tokens``) returns the
window's memories and the observations of the active entities it mentions, so an ended conversation costs
one call per window (reflection aside). With no LLM configured, the offline rule-based extractor honours the
same memory contract (and the impression pipeline runs its offline planner). Window results are merged:
identical normalised content of the same type becomes one memory citing the union of source messages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field

from graphsvc import keys
from graphsvc.conversation import ConversationMessage
from graphsvc.errors import LLMError
from graphsvc.llm.client import LLMCall, StructuredLLM
from graphsvc.pipeline.extraction import prompt as task
from graphsvc.pipeline.extraction.contract import ExtractedMemory, MemoryExtraction
from graphsvc.pipeline.extraction.offline import judge_and_extract
from graphsvc.pipeline.impressions.active import ActiveEntities
from graphsvc.pipeline.impressions.observation import BatchObservation, ImpressionObservationPlan
from graphsvc.pipeline.impressions.observe import guard_entity_ids
from graphsvc.rulebook.engine import Selection
from graphsvc.rulebook.extract import GroupVoice, MessageTrace, on_this_side
from graphsvc.text.summary import clip, summarise
from graphsvc.text.tokens import estimate_tokens


@dataclass
class ExtractionResult:
    """What the extractor returns for one conversation.

    Attributes:
        extraction: the merged memories (they cite only ids of the conversation).
        calls: the LLM calls made (empty offline).
        observations: with an LLM, one planner answer per window (batch index = window index), each passed
            through :func:`~graphsvc.pipeline.impressions.observe.guard_entity_ids`; None offline (the impression
            pipeline then runs its offline planner).
        judged: offline, the rulebook's trace of every message (what each judged piece became); None with an LLM.
    """

    extraction: MemoryExtraction
    calls: list[LLMCall] = field(default_factory=list)
    observations: list[BatchObservation] | None = None
    judged: list[MessageTrace] | None = None


def split_windows(messages: Sequence[ConversationMessage], *, budget_tokens: int) -> list[list[ConversationMessage]]:
    """Consecutive windows whose estimated size fits ``budget_tokens`` (a single larger message gets its own)."""
    windows: list[list[ConversationMessage]] = []
    current: list[ConversationMessage] = []
    used = 0
    for message in messages:
        cost = estimate_tokens(message.content)
        if current and used + cost > budget_tokens:
            windows.append(current)
            current, used = [], 0
        current.append(message)
        used += cost
    if current:
        windows.append(current)
    return windows


class MemoryExtractor:
    """Extracts memories with the LLM when one is configured, else offline.

    Args:
        llm: the structured-output client, or None for the offline extractor.
        window_tokens: the per-call conversation budget.
        rules: the offline rulebook's rules that run (None: the rulebook's defaults).
        voice: the side of a group's conversation it extracts for (the group's space, or a member's copy of
            what they said there): the rulebook judges each sentence in its voice (a member's own words are
            theirs, "we"/"our" the group's); None elsewhere. The LLM is told the side
            (:func:`graphsvc.pipeline.extraction.prompt.voice_prompt`), and what it returns may cite only the
            messages the voice rules leave on that side (:func:`graphsvc.rulebook.extract.on_this_side`): a
            memory resting on none of them is dropped.
    """

    def __init__(
        self,
        *,
        llm: StructuredLLM | None,
        window_tokens: int,
        rules: Selection | None = None,
        voice: GroupVoice | None = None,
    ) -> None:
        self._llm = llm
        self._window_tokens = window_tokens
        self._rules = rules
        self._voice = voice

    @property
    def llm(self) -> StructuredLLM | None:
        """The structured-output client (shared with reflection), or None offline."""
        return self._llm

    @property
    def mode(self) -> str:
        return "llm" if self._llm is not None else "offline"

    async def extract_by_rules(self, messages: Sequence[ConversationMessage]) -> ExtractionResult:
        """The offline rulebook's extraction of one conversation (no LLM call): what an LLM-configured job falls back
        to when every attempt of its LLM failed, so the user is not left with nothing. Its memories carry their
        keep rules' ids, which marks them as the rulebook's."""
        offline, judged = await asyncio.to_thread(
            lambda: judge_and_extract(messages, selection=self._rules, voice=self._voice)
        )
        return ExtractionResult(offline.model_copy(update={"summary": summarise(messages)}), judged=judged)

    async def extract(self, messages: Sequence[ConversationMessage]) -> tuple[MemoryExtraction, list[LLMCall]]:
        """Extract the memories of one conversation (no entity context); see :meth:`extract_all`."""
        result = await self.extract_all(messages, active=None)
        return result.extraction, result.calls

    async def extract_all(
        self, messages: Sequence[ConversationMessage], *, active: ActiveEntities | None
    ) -> ExtractionResult:
        """Extract memories and, with an LLM, the entity observations of one conversation.

        Args:
            messages: the conversation in time order (short message ids).
            active: the conversation's active entities (detected once for the job, seed 000 stage 1); each
                window's prompt lists those it mentions. None: no entity is shown.

        Returns:
            the merged memories (they cite only ids of ``messages``; ``summary``: the LLM's summaries of its
            windows joined, or offline :func:`graphsvc.text.summary.summarise`, at most 300 characters), the
            calls (empty offline), and one observation plan per window (None offline).

        Raises:
            LLMError: a window's call failed or its answer did not validate (nothing is kept).
        """
        if not messages:
            return ExtractionResult(MemoryExtraction(), observations=None if self._llm is None else [])
        if self._llm is None:
            # CPU-bound rules run off the event loop, so ingest and recall keep answering meanwhile.
            return await self.extract_by_rules(messages)
        results: list[MemoryExtraction] = []
        plans: list[BatchObservation] = []
        calls: list[LLMCall] = []
        for index, window in enumerate(split_windows(messages, budget_tokens=self._window_tokens)):
            in_window = {m.message_id for m in window}
            entities = [e for e in (active.entities if active else []) if in_window & set(e.message_ids)]
            try:
                result, call = await self._llm.structured(
                    task=task.TASK,
                    messages=task.build_messages(window, entities, voice=self._voice),
                    response_model=task.RESPONSE_MODEL,
                )
            except LLMError as exc:  # the windows already paid for count on the failed job too
                exc.add_usage(
                    calls=len(calls),
                    tokens_in=sum(c.tokens_in for c in calls),
                    tokens_out=sum(c.tokens_out for c in calls),
                )
                raise
            calls.append(call)
            results.append(task.to_extraction(result))
            known = {e.known.entity_uuid for e in entities if e.known is not None}
            plan = ImpressionObservationPlan(observations=result.observations)
            plans.append(BatchObservation(batch_index=index, plan=guard_entity_ids(plan, known_uids=known)))
        valid = {m.message_id for m in messages}
        if self._voice is not None:  # the model proposes; the rulebook's voice rules decide whose it is
            voice = self._voice
            valid = {m.message_id for m in messages if on_this_side(m, voice=voice, selection=self._rules)}
        merged = merge_extractions(results, valid_ids=valid)
        return ExtractionResult(merged, calls, plans)


def merge_extractions(results: Sequence[MemoryExtraction], *, valid_ids: set[str]) -> MemoryExtraction:
    """Merge window results: same type + same normalised content → one memory; the summaries joined (clipped).

    Source ids outside ``valid_ids`` (invented by a model) are dropped; a memory left with
    no valid source is dropped.
    """
    merged: dict[tuple[str, str], ExtractedMemory] = {}
    summary = clip(" ".join(r.summary for r in results if r.summary.strip()))
    for result in results:
        for memory in result.memories:
            sources = [s for s in memory.source_message_ids if s in valid_ids]
            if not sources:
                continue
            key = (memory.memory_type, keys.normalise_text(memory.content))  # what content_hash hashes
            if key in merged:
                old = merged[key]
                merged[key] = old.model_copy(
                    update={
                        "source_message_ids": list(dict.fromkeys([*old.source_message_ids, *sources])),
                        "confidence": max(old.confidence, memory.confidence),
                        "importance": max(old.importance, memory.importance),
                    }
                )
            else:
                merged[key] = memory.model_copy(update={"source_message_ids": sources})
    return MemoryExtraction(memories=list(merged.values()), summary=summary)
