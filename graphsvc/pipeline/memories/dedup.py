"""Exact and near-duplicate decisions for new memories (seed 001 §4).

- Exact: same user, same type, same normalised content hash → never a second memory.
- Near: same user and type, rescaled cosine similarity above the threshold (default 0.85)
  → the existing memory is reinforced (count + 1, ``last_reinforced_at``, new provenance,
  a ``HistoryEntry``) instead of a new one being created.
- Never a duplicate: two memories of different slots, or of the same slot with different known values
  ("I live in Lisbon" / "I live in Porto" are close vectors but a change of value: issue 12 supersedes
  instead of reinforcing).

The decision is a pure function of the candidates and what the graph already holds, so
the thresholds are testable without a database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from graphsvc.embed.base import rescale_similarity
from graphsvc.graph.memories import Nearest
from graphsvc.pipeline.memories.draft import MemoryDraft
from graphsvc.pipeline.memories.slots import MemorySlot
from graphsvc.vocabulary import MemoryOrigin


@dataclass
class Candidate:
    """A new memory with its embedding (``(d,)`` float32, L2-normalised) and dedup key.

    ``valid_from``: when it began to hold; ``stated_at``: when it was said (the first source message, or
    the time given to ``remember``); ``slot``: what it is a value of.
    """

    memory: MemoryDraft
    embedding: np.ndarray
    content_hash: str
    dedup_key: str
    source_uids: list[str] = field(default_factory=list)
    slot: MemorySlot | None = None
    valid_from: datetime | None = None
    stated_at: datetime | None = None
    origin: MemoryOrigin = "extraction"


def conflicting_values(cand: Candidate, *, slot_key: str | None, slot_value: str | None) -> bool:
    """True when ``cand`` and a memory of slot ``slot_key`` / value ``slot_value`` cannot be the same memory:
    both have slots and they differ, or the same slot with two different known values."""
    if cand.slot is None or slot_key is None:
        return False
    if cand.slot.slot_key != slot_key:
        return True
    return cand.slot.value is not None and slot_value is not None and cand.slot.value != slot_value


@dataclass
class DedupPlan:
    """What to write: new memories, and ``(existing_uid, candidate)`` reinforcements."""

    creates: list[Candidate] = field(default_factory=list)
    reinforcements: list[tuple[str, Candidate]] = field(default_factory=list)


def plan_dedup(
    candidates: list[Candidate],
    *,
    exact: dict[str, str],
    nearest: dict[int, Nearest],
    threshold: float,
    floor: float,
) -> DedupPlan:
    """Decide create or reinforce for each candidate.

    Args:
        candidates: new memories in extraction order.
        exact: ``{dedup_key: existing_uid}`` for keys already in the graph.
        nearest: ``{candidate_index: Nearest}``, the most similar existing memory of the same user and type
            (active or archived); never a duplicate when their slot values conflict (:func:`conflicting_values`).
        threshold: reinforce when the rescaled similarity is strictly above this (seed: 0.85).
        floor: the embedder's unrelated-text cosine (see ``Settings.similarity_floor``).

    Returns:
        the plan; candidates that duplicate an earlier candidate of the same batch are folded
        into it (their sources added), so one conversation never creates two near-copies.
    """
    plan = DedupPlan()
    for i, cand in enumerate(candidates):
        if cand.dedup_key in exact:
            plan.reinforcements.append((exact[cand.dedup_key], cand))
            continue
        twin = _batch_twin(cand, plan.creates, threshold=threshold, floor=floor)
        if twin is not None:
            twin.source_uids = list(dict.fromkeys([*twin.source_uids, *cand.source_uids]))
            continue
        hit = nearest.get(i)
        if (
            hit is not None
            and rescale_similarity(hit.cosine, floor=floor) > threshold
            and not conflicting_values(cand, slot_key=hit.slot_key, slot_value=hit.slot_value)
        ):
            plan.reinforcements.append((hit.uid, cand))
            continue
        plan.creates.append(cand)
    return plan


def _batch_twin(cand: Candidate, creates: list[Candidate], *, threshold: float, floor: float) -> Candidate | None:
    for other in creates:
        if other.memory.memory_type != cand.memory.memory_type:
            continue
        if other.slot is not None and conflicting_values(
            cand, slot_key=other.slot.slot_key, slot_value=other.slot.value
        ):
            continue
        if other.dedup_key == cand.dedup_key:
            return other
        cosine = float(np.dot(other.embedding, cand.embedding))
        if rescale_similarity(cosine, floor=floor) > threshold:
            return other
    return None
