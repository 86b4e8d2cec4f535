"""Tenant-scoped vector search that stays exact for small tenants and fast for large ones.

A user with at most ``vector_exact_max`` vectors is searched by an exact scan of their own
vectors (cosine over a ``user_id`` index seek): exact, and fast at that size. A larger user is
searched through the vector index with the ``user_id`` filter applied inside the index (Cypher 25
``SEARCH ... WHERE``), over-fetching ``vector_oversample × k`` candidates and re-ranking them by
exact cosine, which recovers the recall the index's quantised graph search loses.
"""

from __future__ import annotations

from typing import Any, Literal

from graphsvc.config import Settings
from graphsvc.graph.database import Database

Target = Literal["memory", "event"]

_QUERIES: dict[Target, tuple[str, str, str]] = {
    "memory": ("count_user_memories", "vector_memories_exact", "vector_memories_ann"),
    "event": ("count_user_events", "vector_events_exact", "vector_events_ann"),
}


async def nearest(
    db: Database, *, target: Target, user_id: str, embedding: list[float], k: int, settings: Settings
) -> list[dict[str, Any]]:
    """The user's ``k`` most similar memories or events.

    Args:
        embedding: the query vector, ``(d,)`` L2-normalised, d = the index dimension.

    Returns:
        ``[{"uid", "score"}]`` best first; ``score`` is Neo4j's cosine similarity ``(1 + cos) / 2``.
    """
    count_query, exact_query, ann_query = _QUERIES[target]
    count = (await db.read(count_query, user_id=user_id))[0]["n"]
    if count <= settings.vector_exact_max:
        return await db.read(exact_query, user_id=user_id, embedding=embedding, k=k)
    candidates = max(k * settings.vector_oversample, settings.vector_min_candidates)
    return await db.read(ann_query, user_id=user_id, embedding=embedding, k=k, candidates=candidates)
