"""Exact and near-duplicate decisions for new memories (seed 001 §4).

- Exact: same user, same type, same normalised content hash → never a second memory.
- Near: same user and type, rescaled cosine similarity above the threshold (default 0.85)
  → the existing memory is reinforced (count + 1, ``last_reinforced_at``, new provenance,
  a ``HistoryEntry``) instead of a new one being created.

The decision is a pure function of the candidates and what the graph already holds, so
the thresholds are testable without a database.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from graphsvc.embed.base import rescale_similarity
from graphsvc.pipeline.extraction.contract import ExtractedMemory


@dataclass
class Candidate:
    """A new memory with its embedding (``(d,)`` float32, L2-normalised) and dedup key."""

    memory: ExtractedMemory
    embedding: np.ndarray
    content_hash: str
    dedup_key: str
    source_uids: list[str] = field(default_factory=list)


@dataclass
class DedupPlan:
    """What to write: new memories, and ``(existing_uid, candidate)`` reinforcements."""

    creates: list[Candidate] = field(default_factory=list)
    reinforcements: list[tuple[str, Candidate]] = field(default_factory=list)


def plan_dedup(
    candidates: list[Candidate],
    *,
    exact: dict[str, str],
    nearest: dict[int, tuple[str, float]],
    threshold: float,
    floor: float,
) -> DedupPlan:
    """Decide create or reinforce for each candidate.

    Args:
        candidates: new memories in extraction order.
        exact: ``{dedup_key: existing_uid}`` for keys already in the graph.
        nearest: ``{candidate_index: (existing_uid, raw_cosine)}``, the most similar existing
            memory of the same user and type.
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
        if hit is not None and rescale_similarity(hit[1], floor=floor) > threshold:
            plan.reinforcements.append((hit[0], cand))
            continue
        plan.creates.append(cand)
    return plan


def _batch_twin(cand: Candidate, creates: list[Candidate], *, threshold: float, floor: float) -> Candidate | None:
    for other in creates:
        if other.memory.memory_type != cand.memory.memory_type:
            continue
        if other.dedup_key == cand.dedup_key:
            return other
        cosine = float(np.dot(other.embedding, cand.embedding))
        if rescale_similarity(cosine, floor=floor) > threshold:
            return other
    return None
