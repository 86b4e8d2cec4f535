"""Seed 001 §4: near duplicates above 0.85 reinforce; exact duplicates never create."""

from __future__ import annotations

import numpy as np
import pytest

from graphsvc.embed.base import rescale_similarity
from graphsvc.graph.memories import Nearest
from graphsvc.pipeline.extraction.contract import ExtractedMemory
from graphsvc.pipeline.memories.dedup import Candidate, plan_dedup, replaces_in_place
from graphsvc.pipeline.memories.slots import memory_slot
from graphsvc.vocabulary import MemoryType


def cand(content: str, vec: list[float], *, memory_type: str = "fact", key: str | None = None) -> Candidate:
    memory = ExtractedMemory(
        memory_type=memory_type, content=content, confidence=0.9, importance=0.5, source_message_ids=["m1"]
    )
    v = np.asarray(vec, dtype=np.float32)
    return Candidate(
        memory=memory,
        embedding=v / np.linalg.norm(v),
        content_hash=content,
        dedup_key=key or content,
        source_uids=[f"e-{content}"],
    )


@pytest.mark.parametrize(("similarity", "reinforces"), [(0.84, False), (0.85, False), (0.86, True)])
def test_near_duplicate_threshold_against_the_graph(similarity: float, reinforces: bool) -> None:
    plan = plan_dedup(
        [cand("a", [1, 0])], user_id="u", exact={}, nearest={0: Nearest("old", similarity)}, threshold=0.85, floor=0.0
    )
    assert (len(plan.reinforcements) == 1) is reinforces
    assert (len(plan.creates) == 1) is not reinforces


@pytest.mark.parametrize(("cosine", "merged"), [(0.84, False), (0.85, False), (0.86, True)])
def test_near_duplicate_threshold_within_one_batch(cosine: float, merged: bool) -> None:
    second = [cosine, float(np.sqrt(1 - cosine**2))]
    plan = plan_dedup(
        [cand("a", [1, 0]), cand("b", second)], user_id="u", exact={}, nearest={}, threshold=0.85, floor=0.0
    )
    assert len(plan.creates) == (1 if merged else 2)
    if merged:
        assert plan.creates[0].source_uids == ["e-a", "e-b"]


def test_exact_duplicate_reinforces_the_existing_memory() -> None:
    plan = plan_dedup(
        [cand("a", [1, 0], key="k")], user_id="u", exact={"k": "old"}, nearest={}, threshold=0.85, floor=0.0
    )
    assert [uid for uid, _ in plan.reinforcements] == ["old"] and not plan.creates


def test_other_types_never_merge() -> None:
    plan = plan_dedup(
        [cand("a", [1, 0]), cand("a2", [1, 0], memory_type="goal")],
        user_id="u",
        exact={},
        nearest={},
        threshold=0.85,
        floor=0.0,
    )
    assert len(plan.creates) == 2


def test_rescaling_maps_the_embedder_floor_to_zero() -> None:
    assert rescale_similarity(0.75, floor=0.75) == 0.0
    assert rescale_similarity(1.0, floor=0.75) == 1.0
    assert rescale_similarity(0.9625, floor=0.75) == pytest.approx(0.85)
    assert rescale_similarity(0.2, floor=0.75) == 0.0


def test_a_changed_value_joins_the_old_slot_keeping_the_value_it_states() -> None:
    new = cand("Ana lives in Porto now.", [1, 0])
    new.slot = memory_slot(user_id="u", content="Ana: I live in Porto now.", memory_type="fact")
    assert new.slot is not None
    old = Nearest(
        "old",
        0.95,
        slot_key=new.slot.slot_key,
        slot_value="lisbon",
        content="Ana lives in Lisbon now.",
        slot_name="lives_in",
        slot_subject="ana",
    )
    plan_dedup([new], user_id="u", exact={}, nearest={0: old}, threshold=0.85, floor=0.0)
    assert (new.slot.slot_key, new.slot.value) == (old.slot_key, "porto")


@pytest.mark.parametrize(
    ("memory_type", "content", "in_place"),
    [
        ("fact", "Ana lives in Porto.", True),
        ("preference", "Ana goes running along the river every morning.", True),
        ("preference", "王芳每天早上跑步。", True),
        ("preference", "Ana likes documentaries about history.", False),
        ("event", "Ana went to the museum on Monday.", False),
    ],
)
def test_facts_and_habits_replace_in_place(memory_type: MemoryType, content: str, in_place: bool) -> None:
    assert replaces_in_place(memory_type, content) is in_place
