"""In-process vector copies: served only while their stamp matches, refreshed by what changed, bounded in size."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from neo4j.vector import Vector

from graphsvc.config import Settings
from graphsvc.graph.recall import TEXT_KINDS
from graphsvc.graph.vector_cache import KindCopy, UserVectors, held_by_copy

DIM = 8


class Store:
    """Answers ``vector_copy_uids`` / ``vector_copy_vectors`` from per-user, per-kind vectors, and records calls."""

    def __init__(self) -> None:
        self.nodes: dict[str, dict[str, dict[str, np.ndarray]]] = {}
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.fail = False

    def add(self, user_id: str, kind: str, uid: str, vector: np.ndarray) -> None:
        self.nodes.setdefault(user_id, {k: {} for k in TEXT_KINDS})[kind][uid] = vector.astype(np.float32)

    def stamp(self, user_id: str, *, version: int = 0) -> dict[str, list[Any]]:
        kinds = self.nodes.get(user_id, {k: {} for k in TEXT_KINDS})
        return {kind: [len(kinds[kind]), len(kinds[kind]), version] for kind in TEXT_KINDS}

    async def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        self.calls.append((name, params))
        if self.fail:
            raise RuntimeError("Neo4j went away")
        mine = self.nodes.get(params["user_id"], {k: {} for k in TEXT_KINDS})
        if name == "vector_copy_uids":
            return [{kind: sorted(mine[kind]) if kind in params["kinds"] else None for kind in TEXT_KINDS}]
        assert name == "vector_copy_vectors"
        row: dict[str, Any] = {}
        for kind in TEXT_KINDS:
            found = [u for u in params["uids"][kind] if u in mine[kind]]
            row[f"{kind}_uids"] = found
            row[f"{kind}_vectors"] = [Vector(mine[kind][u]) for u in found]
        return [row]

    async def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        raise AssertionError("copies never write")

    async def write_many(self, steps: list[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
        raise AssertionError("copies never write")

    def vector_reads(self) -> list[dict[str, list[str]]]:
        return [params["uids"] for name, params in self.calls if name == "vector_copy_vectors"]


class Clock:
    def __init__(self) -> None:
        self.now_s = 0.0

    def __call__(self) -> float:
        return self.now_s


def settings(**update: Any) -> Settings:
    return Settings(
        **(
            {"vector_cache_max_vectors": 1_000, "vector_cache_max_user_vectors": 500, "vector_cache_ttl_s": 600}
            | update
        )
    )


def unit(i: int) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    v[i % DIM] = 1.0
    return v


async def current(cache: UserVectors, db: Store, user_id: str, *, version: int = 0, **update: Any) -> Any:
    return await cache.current(
        db, user_id=user_id, stamp=db.stamp(user_id, version=version), dimensions=DIM, settings=settings(**update)
    )


async def filled(cache: UserVectors, db: Store, user_id: str) -> None:
    assert await current(cache, db, user_id) is None  # first use: no copy yet, it fills in the background
    await cache.settled()
    assert cache.holds(user_id)


async def test_a_copy_fills_in_the_background_and_scores_on_neo4js_scale_best_first() -> None:
    db, cache = Store(), UserVectors(clock=Clock())
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((20, DIM)).astype(np.float32) * 3  # not normalised: the copy normalises
    for i, v in enumerate(vectors):
        db.add("u", "memory", f"m{i:02d}", v)
    await filled(cache, db, "u")
    copy = await current(cache, db, "u")
    assert copy is not None and copy.size == 20
    query = rng.standard_normal((1, DIM)).astype(np.float32)
    query /= np.linalg.norm(query)
    [rows] = copy.kinds["memory"].nearest(query, 5)
    cosines = vectors @ query[0] / np.linalg.norm(vectors, axis=1)
    order = np.argsort(-cosines)[:5]
    assert [r.uid for r in rows] == [f"m{i:02d}" for i in order]
    np.testing.assert_allclose([r.score for r in rows], (1 + cosines[order]) / 2, rtol=1e-5)
    assert copy.kinds["event"].nearest(query, 5) == [[]]


def test_ties_go_by_uid_and_only_and_missing_behave() -> None:
    copy = KindCopy(("a", "b", "c"), np.stack([unit(0), unit(0), unit(1)]))
    [rows] = copy.nearest(unit(0)[None, :], 3)
    assert [r.uid for r in rows] == ["a", "b", "c"] and rows[0].score == pytest.approx(1.0)
    [only_b] = copy.nearest(unit(0)[None, :], 3, only=frozenset({"b", "zz"}))
    assert [s.uid for s in only_b] == ["b"] and only_b[0].score == pytest.approx(1.0)
    scored = copy.score(["c", "b", "nope"], unit(0), 5, missing=0.0)
    assert [(s.uid, s.score) for s in scored] == [("b", pytest.approx(1.0)), ("c", pytest.approx(0.5)), ("nope", 0.0)]
    assert [s.uid for s in copy.score(["c", "nope"], unit(0), 5)] == ["c"]


async def test_a_matching_stamp_asks_nothing_and_a_moved_one_reads_only_what_changed() -> None:
    db, cache = Store(), UserVectors(clock=Clock())
    for i in range(4):
        db.add("u", "event", f"e{i}", unit(i))
        db.add("u", "trait", f"t{i}", unit(i))
    db.add("u", "memory", "m0", unit(0))
    await filled(cache, db, "u")
    calls = len(db.calls)
    assert await current(cache, db, "u") is not None
    assert len(db.calls) == calls and cache.hits == 1  # nothing read
    db.add("u", "event", "e9", unit(5))  # a new message: only events moved
    del db.nodes["u"]["event"]["e0"]  # and one left the scope
    db.add("u", "trait", "t9", unit(6))
    copy = await current(cache, db, "u", version=1)
    assert copy is not None and cache.refreshes == 1
    kinds = db.calls[-2][1]["kinds"]
    assert kinds == ["event", "memory", "impression", "trait", "chunk"]  # version moved every kind's stamp
    last_read = db.vector_reads()[-1]
    assert last_read["event"] == ["e9"]  # only the vector not held yet
    assert sorted(last_read["trait"]) == ["t0", "t1", "t2", "t3", "t9"]  # traits are read whole
    assert last_read["memory"] == []
    assert copy.kinds["event"].uids == ("e1", "e2", "e3", "e9")
    [rows] = copy.kinds["event"].nearest(unit(5)[None, :], 1)
    assert rows[0].uid == "e9"


async def test_only_the_kinds_whose_stamp_moved_are_read_again() -> None:
    db, cache = Store(), UserVectors(clock=Clock())
    db.add("u", "event", "e0", unit(0))
    db.add("u", "memory", "m0", unit(1))
    await filled(cache, db, "u")
    db.add("u", "memory", "m1", unit(2))
    assert await current(cache, db, "u") is not None
    assert db.calls[-2][1]["kinds"] == ["memory"]
    assert db.vector_reads()[-1]["memory"] == ["m1"] and db.vector_reads()[-1]["event"] == []


async def test_an_old_copy_is_dropped_after_its_ttl_and_filled_again() -> None:
    db, clock = Store(), Clock()
    cache = UserVectors(clock=clock)
    db.add("u", "memory", "m0", unit(0))
    await filled(cache, db, "u")
    clock.now_s = 601.0
    assert await current(cache, db, "u") is None
    await cache.settled()
    assert await current(cache, db, "u") is not None


async def test_copies_stay_within_their_budget_and_can_be_off() -> None:
    db, cache = Store(), UserVectors(clock=Clock())
    for user in ("a", "b"):
        for i in range(3):
            db.add(user, "event", f"{user}{i}", unit(i))
    budget = {"vector_cache_max_vectors": 4}
    await current(cache, db, "a", **budget)
    await cache.settled()
    await current(cache, db, "b", **budget)
    await cache.settled()
    assert cache.holds("b") and not cache.holds("a")  # the least recently used went
    assert cache.held_vectors == 3
    assert await current(cache, db, "b", vector_cache_max_user_vectors=2) is None  # too large: never copied
    assert not cache.holds("b") and cache.held_vectors == 0
    calls = len(db.calls)
    assert await current(cache, db, "a", vector_cache_max_vectors=0) is None  # off
    await cache.settled()
    assert len(db.calls) == calls and not cache.holds("a")
    assert held_by_copy(db.stamp("a")) == 3


async def test_a_failed_refresh_falls_back_to_the_database_and_drops_the_copy() -> None:
    db, cache = Store(), UserVectors(clock=Clock())
    db.add("u", "memory", "m0", unit(0))
    await filled(cache, db, "u")
    db.add("u", "memory", "m1", unit(1))
    db.fail = True
    assert await current(cache, db, "u") is None
    assert not cache.holds("u")


async def test_copies_are_per_user() -> None:
    db, cache = Store(), UserVectors(clock=Clock())
    db.add("a", "memory", "a0", unit(0))
    db.add("b", "memory", "b0", unit(0))
    await filled(cache, db, "a")
    await filled(cache, db, "b")
    copy = await current(cache, db, "a")
    assert copy is not None and copy.kinds["memory"].uids == ("a0",)
    cache.drop("a")
    assert not cache.holds("a") and cache.holds("b")
    await cache.aclose()
