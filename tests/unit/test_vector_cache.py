from __future__ import annotations

from typing import Any

import numpy as np
from neo4j.vector import Vector

from graphsvc.config import Settings
from graphsvc.graph.database import Database
from graphsvc.graph.vector_cache import MemoryVectors

DIM = 8


class MemoryStore(Database):
    """Answers the stamp and copy queries from per-user lists of (uid, vector, status)."""

    def __init__(self) -> None:
        super().__init__(driver=None, database="neo4j", uri="bolt://fake")  # type: ignore[arg-type]
        self.users: dict[str, list[tuple[str, np.ndarray, str, int]]] = {}
        self.calls: list[tuple[str, str]] = []

    def add(self, user_id: str, uid: str, vector: np.ndarray, *, status: str = "active", created: int = 0) -> None:
        self.users.setdefault(user_id, []).append((uid, vector.astype(np.float32), status, created))

    async def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        user_id = params["user_id"]
        self.calls.append((name, user_id))
        mine = self.users.get(user_id, [])
        active = [m for m in mine if m[2] == "active"]
        if name == "memory_vectors_stamp":
            newest = max((m[3] for m in mine), default=None)
            return [{"memories": len(mine), "active": len(active), "newest": newest}]
        assert name == "memory_vectors_of_user"
        return [{"uids": [m[0] for m in active], "embeddings": [Vector(m[1]) for m in active]}]


class Clock:
    def __init__(self) -> None:
        self.now_s = 0.0

    def __call__(self) -> float:
        return self.now_s


def settings(**update: Any) -> Settings:
    return Settings(**({"vector_cache_max_vectors": 1_000, "vector_cache_ttl_s": 600} | update))


def unit(i: int) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    v[i] = 1.0
    return v


async def ask(cache: MemoryVectors, db: Database, user_id: str, query: np.ndarray, **update: Any) -> list[str] | None:
    rows = await cache.nearest(db, user_id=user_id, embedding=query.tolist(), k=3, settings=settings(**update))
    return None if rows is None else [r.uid for r in rows]


async def filled(cache: MemoryVectors, db: Database, user_id: str, query: np.ndarray) -> None:
    assert await ask(cache, db, user_id, query) is None  # first use: no copy yet, fill starts
    await cache.settled()
    assert cache.holds(user_id)


async def test_scores_are_neo4js_cosine_scale_best_first() -> None:
    db, cache = MemoryStore(), MemoryVectors(clock=Clock())
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((20, DIM)).astype(np.float32) * 3  # not normalised: the copy normalises
    for i, v in enumerate(vectors):
        db.add("u", f"m{i}", v)
    query = rng.standard_normal(DIM).astype(np.float32)
    await filled(cache, db, "u", query)
    rows = await cache.nearest(db, user_id="u", embedding=query.tolist(), k=5, settings=settings())
    assert rows is not None
    cosines = vectors @ query / (np.linalg.norm(vectors, axis=1) * np.linalg.norm(query))
    order = np.argsort(-cosines)[:5]
    assert [r.uid for r in rows] == [f"m{i}" for i in order]
    np.testing.assert_allclose([r.score for r in rows], (1 + cosines[order]) / 2, rtol=1e-5)


async def test_a_new_memory_makes_the_copy_unusable_until_refilled() -> None:
    db, cache = MemoryStore(), MemoryVectors(clock=Clock())
    db.add("u", "old", unit(0), created=1)
    await filled(cache, db, "u", unit(1))
    assert await ask(cache, db, "u", unit(1)) == ["old"]
    db.add("u", "new", unit(1), created=2)
    assert await ask(cache, db, "u", unit(1)) is None
    await cache.settled()
    assert await ask(cache, db, "u", unit(1)) == ["new", "old"]


async def test_a_deleted_memory_makes_the_copy_unusable() -> None:
    db, cache = MemoryStore(), MemoryVectors(clock=Clock())
    db.add("u", "a", unit(0), created=1)
    db.add("u", "b", unit(1), created=2)
    await filled(cache, db, "u", unit(0))
    db.users["u"].pop(0)
    assert await ask(cache, db, "u", unit(0)) is None
    await cache.settled()
    assert await ask(cache, db, "u", unit(0)) == ["b"]


async def test_a_memory_that_stops_being_active_makes_the_copy_unusable() -> None:
    db, cache = MemoryStore(), MemoryVectors(clock=Clock())
    db.add("u", "a", unit(0), created=1)
    db.add("u", "b", unit(1), created=1)
    await filled(cache, db, "u", unit(0))
    uid, vector, _, created = db.users["u"][0]
    db.users["u"][0] = (uid, vector, "superseded", created)
    assert await ask(cache, db, "u", unit(0)) is None
    await cache.settled()
    assert await ask(cache, db, "u", unit(0)) == ["b"]


async def test_inactive_memories_are_never_copied() -> None:
    db, cache = MemoryStore(), MemoryVectors(clock=Clock())
    db.add("u", "gone", unit(0), status="superseded")
    db.add("u", "kept", unit(1))
    await filled(cache, db, "u", unit(0))
    assert await ask(cache, db, "u", unit(0)) == ["kept"]


async def test_users_never_see_each_others_copies() -> None:
    db, cache = MemoryStore(), MemoryVectors(clock=Clock())
    db.add("alice", "a1", unit(0))
    db.add("bob", "b1", unit(0))
    await filled(cache, db, "alice", unit(0))
    assert await ask(cache, db, "bob", unit(0)) is None  # bob has no copy of his own yet
    await cache.settled()
    assert await ask(cache, db, "alice", unit(0)) == ["a1"]
    assert await ask(cache, db, "bob", unit(0)) == ["b1"]
    assert {user for name, user in db.calls if name == "memory_vectors_of_user"} == {"alice", "bob"}


async def test_a_copy_older_than_the_ttl_is_refilled_even_if_the_stamp_matches() -> None:
    db, clock = MemoryStore(), Clock()
    cache = MemoryVectors(clock=clock)
    db.add("u", "a", unit(0))
    await filled(cache, db, "u", unit(0))
    clock.now_s = 599.0
    assert await ask(cache, db, "u", unit(0)) == ["a"]
    clock.now_s = 600.0
    assert await ask(cache, db, "u", unit(0)) is None


async def test_least_recently_used_users_go_first_when_over_the_vector_budget() -> None:
    db, cache = MemoryStore(), MemoryVectors(clock=Clock())
    for user_id in ("a", "b", "c"):
        for i in range(4):
            db.add(user_id, f"{user_id}{i}", unit(i))
    budget = {"vector_cache_max_vectors": 8}
    for user_id in ("a", "b"):
        await ask(cache, db, user_id, unit(0), **budget)
        await cache.settled()
    assert await ask(cache, db, "a", unit(0), **budget) is not None  # a is now the most recent
    await ask(cache, db, "c", unit(0), **budget)
    await cache.settled()
    assert cache.holds("a") and cache.holds("c") and not cache.holds("b")
    assert cache.held_vectors == 8


async def test_a_user_larger_than_the_budget_is_not_copied() -> None:
    db, cache = MemoryStore(), MemoryVectors(clock=Clock())
    for i in range(5):
        db.add("u", f"m{i}", unit(i))
    assert await ask(cache, db, "u", unit(0), vector_cache_max_vectors=4) is None
    await cache.settled()
    assert not cache.holds("u")
    assert ("memory_vectors_of_user", "u") not in db.calls


async def test_a_zero_budget_turns_the_cache_off() -> None:
    db, cache = MemoryStore(), MemoryVectors(clock=Clock())
    db.add("u", "a", unit(0))
    assert await ask(cache, db, "u", unit(0), vector_cache_max_vectors=0) is None
    await cache.settled()
    assert db.calls == []
