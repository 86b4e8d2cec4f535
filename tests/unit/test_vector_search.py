from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.config import Settings
from graphsvc.graph.recall import TextCandidates
from graphsvc.graph.vector_search import candidate_count
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.pipeline.recall.vectors import index_searches


@pytest.mark.parametrize(
    ("n", "expected"),
    [(0, 40), (100, 40), (200, 40), (205, 41), (1_000, 200), (3_000, 600), (3_001, 600), (10_000, 600)],
)
def test_candidates_are_a_share_of_the_user_between_the_oversample_and_the_cap(n: int, expected: int) -> None:
    settings = Settings(vector_oversample=4, vector_candidate_fraction=0.2, vector_max_candidates=600)
    assert candidate_count(n, k=10, settings=settings) == expected


def test_a_large_k_still_gets_its_oversample() -> None:
    settings = Settings(vector_oversample=4, vector_candidate_fraction=0.2, vector_max_candidates=600)
    assert candidate_count(10_000, k=200, settings=settings) == 800


def test_only_large_users_go_through_the_index_and_only_in_the_scope_it_serves() -> None:
    settings = Settings(vector_exact_max=300, vector_oversample=4, vector_candidate_fraction=0.2)
    read = TextCandidates(user_events=301, user_memories=300, user_passages=5_000, pools={}, term_counts={})
    now = RecallScope.build(include_superseded=False, as_of=None)
    assert index_searches(read, k=10, scope=now, settings=settings) == {"event": 61, "chunk": 600}
    large = TextCandidates(user_events=301, user_memories=301, user_passages=0, pools={}, term_counts={})
    assert set(index_searches(large, k=10, scope=now, settings=settings)) == {"event", "memory"}
    superseded_too = RecallScope.build(include_superseded=True, as_of=None)
    assert set(index_searches(large, k=10, scope=superseded_too, settings=settings)) == {"event"}  # memories: exact
    then = RecallScope.build(include_superseded=False, as_of=datetime(2024, 1, 1, tzinfo=UTC))
    assert index_searches(large, k=10, scope=then, settings=settings) == {}  # asOf: every list exact
