"""MemoryExtractor: an ended conversation → typed memories (seed 001 §3.1).

One structured LLM call per conversation window (windows fit ``extraction_window_tokens``);
with no LLM configured, the offline rule-based extractor honours the same contract.
Window results are merged: identical normalised content of the same type becomes one
memory citing the union of source messages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from graphsvc import keys
from graphsvc.conversation import ConversationMessage
from graphsvc.errors import LLMError
from graphsvc.llm.client import LLMCall, StructuredLLM
from graphsvc.pipeline.extraction import prompt as task
from graphsvc.pipeline.extraction.contract import ExtractedMemory, MemoryExtraction
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.text.summary import clip, summarise
from graphsvc.text.tokens import estimate_tokens


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
    """

    def __init__(self, *, llm: StructuredLLM | None, window_tokens: int) -> None:
        self._llm = llm
        self._window_tokens = window_tokens

    @property
    def llm(self) -> StructuredLLM | None:
        """The structured-output client (shared with reflection), or None offline."""
        return self._llm

    @property
    def mode(self) -> str:
        return "llm" if self._llm is not None else "offline"

    async def extract(self, messages: Sequence[ConversationMessage]) -> tuple[MemoryExtraction, list[LLMCall]]:
        """Extract from one conversation.

        Returns:
            the merged extraction (memories cite only ids of ``messages``; ``summary``: the LLM's summaries of
            its windows joined, or offline :func:`graphsvc.text.summary.summarise`, at most 300 characters) and
            the LLM calls made (empty offline).

        Raises:
            LLMError: a window's call failed or its answer did not validate (nothing is kept).
        """
        if not messages:
            return MemoryExtraction(), []
        if self._llm is None:
            # CPU-bound rules run off the event loop, so ingest and recall keep answering meanwhile.
            offline = await asyncio.to_thread(extract_offline, messages)
            return offline.model_copy(update={"summary": summarise(messages)}), []
        results: list[MemoryExtraction] = []
        calls: list[LLMCall] = []
        for window in split_windows(messages, budget_tokens=self._window_tokens):
            try:
                result, call = await self._llm.structured(
                    task=task.TASK, messages=task.build_messages(window), response_model=task.RESPONSE_MODEL
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
        return merge_extractions(results, valid_ids={m.message_id for m in messages}), calls


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
