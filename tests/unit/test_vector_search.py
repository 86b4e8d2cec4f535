from __future__ import annotations

from typing import Any

import pytest

from graphsvc.config import Settings
from graphsvc.graph.database import Database
from graphsvc.graph.vector_search import UserSizes, candidate_count


class CountingDatabase(Database):
    """Answers the count queries from a dict and records every query it is asked."""

    def __init__(self, sizes: dict[str, int]) -> None:
        super().__init__(driver=None, database="neo4j", uri="bolt://fake")  # type: ignore[arg-type]
        self.sizes = sizes
        self.calls: list[tuple[str, str]] = []

    async def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        self.calls.append((name, params["user_id"]))
        return [{"n": self.sizes.get(params["user_id"], 0)}]


class Clock:
    def __init__(self) -> None:
        self.now_s = 0.0

    def __call__(self) -> float:
        return self.now_s


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


async def test_counts_are_reused_until_the_ttl_then_counted_again() -> None:
    db, clock = CountingDatabase({"u1": 5}), Clock()
    sizes = UserSizes(clock=clock)
    assert await sizes.count(db, target="memory", user_id="u1", ttl_s=30) == 5
    db.sizes["u1"] = 6
    clock.now_s = 29.9
    assert await sizes.count(db, target="memory", user_id="u1", ttl_s=30) == 5
    clock.now_s = 30.0
    assert await sizes.count(db, target="memory", user_id="u1", ttl_s=30) == 6
    assert db.calls == [("count_user_memories", "u1"), ("count_user_memories", "u1")]


async def test_counts_are_kept_per_user_and_per_target() -> None:
    db = CountingDatabase({"u1": 5, "u2": 7})
    sizes = UserSizes(clock=Clock())
    assert await sizes.count(db, target="memory", user_id="u1", ttl_s=30) == 5
    assert await sizes.count(db, target="memory", user_id="u2", ttl_s=30) == 7
    assert await sizes.count(db, target="event", user_id="u1", ttl_s=30) == 5
    assert [name for name, _ in db.calls] == ["count_user_memories", "count_user_memories", "count_user_events"]


async def test_a_zero_ttl_counts_every_time() -> None:
    db = CountingDatabase({"u1": 5})
    sizes = UserSizes(clock=Clock())
    for _ in range(3):
        await sizes.count(db, target="memory", user_id="u1", ttl_s=0)
    assert len(db.calls) == 3


async def test_the_oldest_user_is_dropped_when_full() -> None:
    db = CountingDatabase({"a": 1, "b": 2, "c": 3})
    sizes = UserSizes(max_users=2, clock=Clock())
    for user_id in ("a", "b", "c"):
        await sizes.count(db, target="memory", user_id=user_id, ttl_s=30)
    await sizes.count(db, target="memory", user_id="b", ttl_s=30)
    await sizes.count(db, target="memory", user_id="a", ttl_s=30)
    assert [user for _, user in db.calls] == ["a", "b", "c", "a"]
