"""Exact and near-duplicate decisions for new memories (seed 001 §4).

- Exact: same user, same type, same normalised content hash → never a second memory.
- Near: same user and type, rescaled cosine similarity above the threshold (default 0.85)
  → the existing memory is reinforced (count + 1, ``last_reinforced_at``, new provenance,
  a ``HistoryEntry``) instead of a new one being created.
- Never a duplicate: two memories of different slots, or of the same slot with different known values
  ("I live in Lisbon" / "I live in Porto" are close vectors but a change of value: issue 12 supersedes
  instead of reinforcing).
- Never a duplicate either: a near duplicate whose text changes a value (a number, a negation, a day or
  date, a name, a substituted word: :func:`.restatement.compare`, issue 21). The new memory joins the old
  one's slot instead, so settling the slot supersedes the older value: the old memory's slot when it has one;
  the new memory's when only it has one (the old memory adopts it); else a slot of their own,
  ``near:<old uid>``, which both take. This applies from the lower ``changed_threshold`` on, since a changed
  value moves the vector further than a paraphrase does, to facts and habits only (:func:`replaces_in_place`), and only
  when the two differ in that one place ("a cat named Miso" / "a dog named Rex" are two facts: both stay).

The decision is a pure function of the candidates and what the graph already holds, so
the thresholds are testable without a database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime

import numpy as np

from graphsvc import keys
from graphsvc.embed.base import rescale_similarity
from graphsvc.graph.memories import Nearest
from graphsvc.pipeline.memories.draft import MemoryDraft
from graphsvc.pipeline.memories.restatement import compare
from graphsvc.pipeline.memories.slots import MemorySlot
from graphsvc.rulebook.lexicon import alternation, en, zh
from graphsvc.vocabulary import MemoryOrigin, MemoryType

SUPERSEDING_TYPES: frozenset[MemoryType] = frozenset({"fact"})
"""The types whose changed value takes the older one's place. A changed event is another occurrence ("the museum
on Monday" does not undo "the museum on Tuesday"), a changed preference, goal or pain point another one
("documentaries about space" / "about history" both hold): new memories beside the old, never reinforcements."""
_ROUTINE = re.compile(
    rf"\b(?:every|each|{alternation(en.FREQUENCY_ADVERBS | en.FREQUENCY_ADJECTIVES)})\b|{alternation(zh.HABIT_WORDS)}",
    re.IGNORECASE,
)
"""How often a habit happens ("every morning", "usually", 每天): a preference that says it is a routine."""


def _in_place(cand: Candidate) -> bool:
    return replaces_in_place(cand.memory.memory_type, cand.memory.content)


def replaces_in_place(memory_type: MemoryType, content: str) -> bool:
    """Whether a memory with one value changed takes the older one's place: a fact (:data:`SUPERSEDING_TYPES`),
    or a habit, a preference that says how often (seed 001 types habits as preferences): "goes running in the
    park every morning" restated "along the river every morning" is the routine moved, not a second one."""
    return memory_type in SUPERSEDING_TYPES or (memory_type == "preference" and _ROUTINE.search(content) is not None)


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
    """What to write: new memories, ``(existing_uid, candidate)`` reinforcements, ``(existing_uid, slot)``
    adoptions: an existing memory without a slot that a changed value of it joins in a slot, and
    ``(candidate, twin)`` foldings: a candidate that repeats an earlier one of the same batch, folded into it."""

    creates: list[Candidate] = field(default_factory=list)
    reinforcements: list[tuple[str, Candidate]] = field(default_factory=list)
    adoptions: list[tuple[str, MemorySlot]] = field(default_factory=list)
    folded: list[tuple[Candidate, Candidate]] = field(default_factory=list)


def shared_slot(
    cand: Candidate, *, user_id: str, other_uid: str, other_slot: MemorySlot | None
) -> tuple[MemorySlot, bool] | None:
    """The slot a changed value ``cand`` of memory ``other_uid`` shares with it, and whether the other memory
    must adopt it (it has none); None when both have slots and they differ (two attributes, no supersession).

    The shared slot keeps the value the rules read from ``cand`` when it has one ("lives in Porto now": porto,
    so a "moved to Porto" of the same conversation is the same value, not a third), else it is unknown (None):
    each of the two is a value of its own and the later one supersedes the earlier (:mod:`.supersession`).
    """
    if other_slot is not None:
        if cand.slot is not None and cand.slot.slot_key != other_slot.slot_key:
            return None
        return replace(other_slot, value=cand.slot.value if cand.slot is not None else None), False
    if cand.slot is not None:
        return replace(cand.slot, value=None), True
    slot = f"near:{other_uid}"
    return MemorySlot(slot=slot, subject="", value=None, slot_key=keys.memory_slot_key(user_id, "", slot)), True


def plan_dedup(
    candidates: list[Candidate],
    *,
    user_id: str,
    exact: dict[str, str],
    nearest: dict[int, Nearest],
    threshold: float,
    floor: float,
    changed_threshold: float | None = None,
) -> DedupPlan:
    """Decide create or reinforce for each candidate.

    Args:
        candidates: new memories in extraction order (a changed value's slot is set on it here).
        user_id: whose memories (for the key of a slot two memories share).
        exact: ``{dedup_key: existing_uid}`` for keys already in the graph.
        nearest: ``{candidate_index: Nearest}``, the most similar existing memory of the same user and type
            (active or archived); never a duplicate when their slot values conflict (:func:`conflicting_values`)
            or when the new text changes a value of the old (:func:`.restatement.compare`).
        threshold: reinforce when the rescaled similarity is strictly above this (seed: 0.85).
        floor: the embedder's unrelated-text cosine (``SIMILARITY_FLOOR``).
        changed_threshold: a changed value above this rescaled similarity joins the nearest memory's slot
            (None: ``threshold``).

    Returns:
        the plan; candidates that duplicate an earlier candidate of the same batch are folded
        into it (their sources added), so one conversation never creates two near-copies.
    """
    plan = DedupPlan()
    changed_at = threshold if changed_threshold is None else min(changed_threshold, threshold)
    for i, cand in enumerate(candidates):
        if cand.dedup_key in exact:
            plan.reinforcements.append((exact[cand.dedup_key], cand))
            continue
        twin = _batch_twin(cand, plan.creates, user_id=user_id, threshold=threshold, floor=floor)
        if twin is not None:
            twin.source_uids = list(dict.fromkeys([*twin.source_uids, *cand.source_uids]))
            plan.folded.append((cand, twin))
            continue
        hit = nearest.get(i)
        similarity = rescale_similarity(hit.cosine, floor=floor) if hit is not None else -1.0
        if (
            hit is not None
            and hit.content is not None
            and similarity > changed_at
            and (found := compare(hit.content, cand.memory.content)).changed
        ):
            shared = shared_slot(cand, user_id=user_id, other_uid=hit.uid, other_slot=_slot_of(hit))
            if shared is not None and found.one_value_changed and _in_place(cand):
                cand.slot = shared[0]
                if shared[1]:
                    plan.adoptions.append((hit.uid, shared[0]))
            plan.creates.append(cand)
            continue
        if (
            hit is not None
            and similarity > threshold
            and not conflicting_values(cand, slot_key=hit.slot_key, slot_value=hit.slot_value)
        ):
            plan.reinforcements.append((hit.uid, cand))
            continue
        plan.creates.append(cand)
    return plan


def _slot_of(hit: Nearest) -> MemorySlot | None:
    if hit.slot_key is None or hit.slot_name is None:
        return None
    return MemorySlot(slot=hit.slot_name, subject=hit.slot_subject or "", value=hit.slot_value, slot_key=hit.slot_key)


def _batch_twin(
    cand: Candidate, creates: list[Candidate], *, user_id: str, threshold: float, floor: float
) -> Candidate | None:
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
        if rescale_similarity(cosine, floor=floor) <= threshold:
            continue
        found = compare(other.memory.content, cand.memory.content)
        if not found.changed:
            return other
        shared = shared_slot(cand, user_id=user_id, other_uid=other.dedup_key, other_slot=other.slot)
        if shared is not None and found.one_value_changed and _in_place(cand):
            other_value = other.slot.value if other.slot is not None else None
            cand.slot, other.slot = shared[0], replace(shared[0], value=other_value)
    return None
