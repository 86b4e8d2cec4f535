"""Recall's vector method on every path (exact scan, filtered index, in-process copy), over memories written by the
bulk loader."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import numpy as np
import pytest
from neo4j.vector import Vector

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph import bulk, recall
from graphsvc.graph.bulk import BulkMemory
from graphsvc.graph.database import Database
from graphsvc.graph.recall import Scored
from graphsvc.graph.vector_cache import COPIED_STAGES
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.pipeline.recall.vectors import vector_lists
from graphsvc.runtime import Runtime

_RUNTIMES: list[Runtime] = []


@pytest.fixture(autouse=True)
async def settle_copies() -> AsyncIterator[None]:
    yield
    for rt in _RUNTIMES:
        await rt.vectors.copies.settled()
    _RUNTIMES.clear()


def unit_vectors(seed: int, n: int, dimensions: int) -> np.ndarray:
    vectors = np.random.default_rng(seed).standard_normal((n, dimensions)).astype(np.float32)
    normalised: np.ndarray = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    return normalised


async def bulk_load(db: Database, user_id: str, vectors: np.ndarray, *, start: int = 0) -> None:
    memories = [
        BulkMemory(f"{user_id}-{i}", user_id, f"memory {i} of {user_id}", Vector(vector))
        for i, vector in enumerate(vectors, start=start)
    ]
    await bulk.create_memories(db, memories, now=datetime.now(UTC))


def exact_top(vectors: np.ndarray, query: np.ndarray, user_id: str, k: int) -> set[str]:
    return {f"{user_id}-{i}" for i in np.argsort(-(vectors @ query))[:k]}


async def test_bulk_loaded_embeddings_are_stored_as_float_lists(database: Database, embedder: LocalEmbedder) -> None:
    vectors = unit_vectors(1, 3, embedder.dimensions)
    await bulk_load(database, "u-bulk", vectors)
    async with database.driver.session(database=database.database) as session:
        rows = await (
            await session.run(
                "MATCH (m:Memory {user_id: 'u-bulk'}) RETURN m.uid AS uid, valueType(m.embedding) AS type, "
                "m.embedding AS embedding ORDER BY uid"
            )
        ).data()
    assert {r["type"] for r in rows} == {"LIST<FLOAT NOT NULL> NOT NULL"}
    np.testing.assert_allclose(np.array([r["embedding"] for r in rows]), vectors, rtol=1e-6)


def runtime(database: Database, embedder: LocalEmbedder, settings: Settings) -> Runtime:
    """A runtime with its own (empty) vector copies, as one service has; its fills settle after the test."""
    rt = Runtime(settings=settings, db=database, embedder=embedder)
    _RUNTIMES.append(rt)
    return rt


async def nearest_memories(rt: Runtime, user_id: str, query: np.ndarray, *, k: int = 10) -> list[Scored]:
    """The memory list of recall's vector method for ``query``: its first read (counts and stamp), then the copy
    or Neo4j (:func:`graphsvc.pipeline.recall.vectors.vector_lists`)."""
    scope = RecallScope()
    read = await recall.text_candidates(
        rt.db,
        user_id=user_id,
        family="en",
        lucene_query=None,
        k=k,
        asks=[],
        names=[],
        subject_keys=[],
        filters=scope.filters,
        max_share=0.25,
        min_observed=20,
        related_limit=10,
        stamp=rt.settings.vector.cache_max_vectors > 0,
        copied_stages=COPIED_STAGES,
    )
    found = await vector_lists(
        rt, user_id=user_id, vectors=[query.tolist()], read=read, k=k, scope=scope, tags=None, allowed=None
    )
    return found.views[0].memories


@pytest.mark.parametrize("exact_max", [10_000, 50], ids=["exact scan", "filtered index"])
async def test_both_database_paths_return_only_the_users_own_active_memories(
    database: Database, embedder: LocalEmbedder, settings: Settings, exact_max: int
) -> None:
    tuned = settings.model_copy(update={"vector_exact_max": exact_max, "vector_cache_max_vectors": 0})
    mine = unit_vectors(2, 300, embedder.dimensions)
    await bulk_load(database, "u-mine", mine)
    await bulk_load(database, "u-other", mine)  # the same vectors under another user
    await database.driver.execute_query(
        "MATCH (m:Memory) WHERE m.uid IN ['u-mine-0', 'u-mine-1'] SET m.status = 'superseded'",
        database_=database.database,
    )
    rt = runtime(database, embedder, tuned)
    for q in range(5):
        query = mine[q]
        rows = await nearest_memories(rt, "u-mine", query)
        uids = [r.uid for r in rows]
        assert all(uid.startswith("u-mine-") for uid in uids)
        assert "u-mine-0" not in uids and "u-mine-1" not in uids
        scores_exact = mine @ query
        scores_exact[:2] = -np.inf  # superseded
        assert set(uids) == {f"u-mine-{i}" for i in np.argsort(-scores_exact)[:10]}
        scores = [r.score for r in rows]
        assert scores == sorted(scores, reverse=True)
    assert not rt.vectors.copies.holds("u-mine")


async def test_a_user_without_vectors_gets_nothing(
    database: Database, embedder: LocalEmbedder, settings: Settings
) -> None:
    rt = runtime(database, embedder, settings)
    assert await nearest_memories(rt, "u-nobody", unit_vectors(1, 1, embedder.dimensions)[0]) == []


async def create_memory_as_the_service_does(db: Database, user_id: str, uid: str, vector: np.ndarray) -> None:
    content = f"new memory {uid}"
    digest = keys.content_hash(content)
    memory = {
        "uid": uid,
        "dedup_key": keys.memory_dedup_key(user_id, "fact", digest),
        "memory_type": "fact",
        "content": content,
        "content_hash": digest,
        "embedding": vector.tolist(),
        "importance": 0.5,
        "confidence": 0.8,
        "occurred_at": None,
        "history_uid": f"h-{uid}",
        "source_uids": [],
    }
    await db.write(
        "create_memories",
        memories=[memory],
        user_id=user_id,
        tenant_key=keys.tenant_key(user_id),
        now=datetime.now(UTC),
        actor="test",
    )


async def test_held_copies_answer_like_the_database_and_follow_every_change(
    database: Database, embedder: LocalEmbedder, settings: Settings
) -> None:
    tuned = settings.model_copy(update={"vector_exact_max": 50, "vector_cache_max_vectors": 10_000})
    mine = unit_vectors(5, 120, embedder.dimensions)
    await bulk_load(database, "u-held", mine)
    await bulk_load(database, "u-twin", mine)

    rt = runtime(database, embedder, tuned)
    copies = rt.vectors.copies

    async def search(user_id: str, query: np.ndarray) -> list[Scored]:
        return await nearest_memories(rt, user_id, query)

    query = mine[3]
    first = await search("u-held", query)  # from the database; the copy fills meanwhile
    await copies.settled()
    assert copies.holds("u-held")
    hits = copies.hits
    held = await search("u-held", query)
    assert copies.hits == hits + 1
    assert [r.uid for r in held] == [r.uid for r in first]
    assert {r.uid for r in held} == exact_top(mine, query, "u-held", 10)
    np.testing.assert_allclose([r.score for r in held], [r.score for r in first], rtol=1e-5)

    # A memory written by the service's write path moves the stamp: the copy reads it before answering.
    fresh = -query
    await create_memory_as_the_service_does(database, "u-held", "u-held-new", fresh)
    assert (await search("u-held", fresh))[0].uid == "u-held-new"
    assert copies.refreshes == 1 and copies.holds("u-held")

    # A memory that stops being active disappears at once.
    await database.driver.execute_query(
        "MATCH (m:Memory {uid: 'u-held-new'}) SET m.status = 'superseded'", database_=database.database
    )
    assert "u-held-new" not in {r.uid for r in await search("u-held", fresh)}
    assert copies.refreshes == 2

    # The twin holds the same vectors under another user id: neither sees the other's memories.
    await search("u-twin", query)
    await copies.settled()
    assert all(r.uid.startswith("u-twin-") for r in await search("u-twin", query))
    assert all(r.uid.startswith("u-held-") for r in await search("u-held", query))
