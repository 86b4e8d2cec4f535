"""Tenant-scoped vector search on both paths, over memories written by the bulk loader."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import numpy as np
import pytest
from neo4j.vector import Vector

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph import bulk
from graphsvc.graph.bulk import BulkMemory
from graphsvc.graph.database import Database
from graphsvc.graph.vector_search import VectorSearch

_SEARCHES: list[VectorSearch] = []


def searcher(database: Database, settings: Settings) -> VectorSearch:
    """A vector search with its own (empty) caches, as one runtime has; settled after the test."""
    search = VectorSearch(database, settings)
    _SEARCHES.append(search)
    return search


@pytest.fixture(autouse=True)
async def settle_copies() -> AsyncIterator[None]:
    yield
    for search in _SEARCHES:
        await search.copies.settled()
    _SEARCHES.clear()


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


@pytest.mark.parametrize("exact_max", [10_000, 50], ids=["exact scan", "filtered index"])
async def test_both_paths_return_only_the_users_own_active_memories(
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
    search = searcher(database, tuned)
    for q in range(5):
        query = mine[q]
        rows = await search.nearest(target="memory", user_id="u-mine", embedding=query.tolist(), k=10)
        uids = [r.uid for r in rows]
        assert all(uid.startswith("u-mine-") for uid in uids)
        assert "u-mine-0" not in uids and "u-mine-1" not in uids
        scores_exact = mine @ query
        scores_exact[:2] = -np.inf  # superseded
        assert set(uids) == {f"u-mine-{i}" for i in np.argsort(-scores_exact)[:10]}
        scores = [r.score for r in rows]
        assert scores == sorted(scores, reverse=True)


async def test_a_user_without_vectors_gets_nothing(database: Database, settings: Settings) -> None:
    rows = await searcher(database, settings).nearest(
        target="memory", user_id="u-nobody", embedding=[1.0] + [0.0] * 383, k=10
    )
    assert rows == []


async def test_a_stale_count_still_searches_only_this_user(
    database: Database, embedder: LocalEmbedder, settings: Settings
) -> None:
    """The count picks the path only: a user who grows past the threshold inside the count's
    lifetime is still searched over all of their memories and only theirs."""
    tuned = settings.model_copy(update={"vector_exact_max": 50, "vector_size_cache_s": 3600.0})
    first = unit_vectors(3, 20, embedder.dimensions)
    await bulk_load(database, "u-grow", first)
    query = first[0]
    search = searcher(database, tuned)
    await search.nearest(target="memory", user_id="u-grow", embedding=query.tolist(), k=5)
    later = unit_vectors(4, 200, embedder.dimensions)
    later[7] = query  # a new memory identical to the query
    await bulk_load(database, "u-grow", later, start=20)
    await bulk_load(database, "u-else", later)
    rows = await search.nearest(target="memory", user_id="u-grow", embedding=query.tolist(), k=5)
    uids = [r.uid for r in rows]
    assert {"u-grow-0", "u-grow-27"} <= set(uids)
    assert all(uid.startswith("u-grow-") for uid in uids)


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


async def test_held_copies_answer_only_while_the_users_memories_are_unchanged(
    database: Database, embedder: LocalEmbedder, settings: Settings
) -> None:
    tuned = settings.model_copy(update={"vector_exact_max": 50, "vector_cache_max_vectors": 10_000})
    mine = unit_vectors(5, 120, embedder.dimensions)
    await bulk_load(database, "u-held", mine)
    await bulk_load(database, "u-twin", mine)

    vectors = searcher(database, tuned)
    copies = vectors.copies

    async def search(user_id: str, query: np.ndarray) -> list[str]:
        rows = await vectors.nearest(target="memory", user_id=user_id, embedding=query.tolist(), k=10)
        return [r.uid for r in rows]

    query = mine[3]
    first = await search("u-held", query)  # from the database; the copy fills meanwhile
    await copies.settled()
    assert copies.holds("u-held")
    hits = copies.hits
    assert set(await search("u-held", query)) == set(first) == exact_top(mine, query, "u-held", 10)
    assert copies.hits == hits + 1

    # A memory written by the service's own write path is found at once, not after the copy refills.
    fresh = -query
    await create_memory_as_the_service_does(database, "u-held", "u-held-new", fresh)
    assert (await search("u-held", fresh))[0] == "u-held-new"
    assert copies.hits == hits + 1
    await copies.settled()
    assert (await search("u-held", fresh))[0] == "u-held-new"
    assert copies.hits == hits + 2

    # A memory that stops being active disappears at once.
    await database.driver.execute_query(
        "MATCH (m:Memory {uid: 'u-held-new'}) SET m.status = 'superseded'", database_=database.database
    )
    assert "u-held-new" not in await search("u-held", fresh)
    await copies.settled()
    assert "u-held-new" not in await search("u-held", fresh)

    # The twin holds the same vectors under another user id: neither sees the other's memories.
    await search("u-twin", query)
    await copies.settled()
    assert all(uid.startswith("u-twin-") for uid in await search("u-twin", query))
    assert all(uid.startswith("u-held-") for uid in await search("u-held", query))
