"""Tenant-scoped vector search that stays exact for small tenants and fast for large ones.

Recall scores the user's vectors in one of two places (:mod:`graphsvc.pipeline.recall.vectors`):

* in this process, over the copies of :mod:`graphsvc.graph.vector_cache` (exact; the default for users up to
  ``vector_cache_max_user_vectors`` vectors once their copy is filled);
* in Neo4j (``recall_vectors`` in ``cypher/queries/recall.cypher``): a user with at most ``vector_exact_max``
  vectors of a kind by an exact scan of their own vectors (cosine over a ``user_id`` index seek); a larger one
  through the vector index with the ``user_id`` filter applied inside the index (Cypher 25 ``SEARCH ...
  WHERE``), over-fetching candidates (:func:`candidate_count`) and re-ranking them by exact cosine, which
  recovers the recall the index's quantised graph search loses.

The copies belong to one :class:`VectorSearch`, which the runtime owns (one per service): nothing is
module-global, so a new runtime (a test's, after the graph is wiped) starts with none.
"""

from __future__ import annotations

import math

from graphsvc.config import Settings
from graphsvc.graph.database import Database
from graphsvc.graph.vector_cache import UserVectors
from graphsvc.text import lucene


def candidate_count(n: int, *, k: int, settings: Settings) -> int:
    """How many candidates the filtered index search returns for exact re-ranking.

    ``max(k × vector_oversample, min(vector_max_candidates, ceil(n × vector_candidate_fraction)))``
    for a user with ``n`` vectors: a fifth of a 1,000-vector user (200) and at most 600 for larger
    ones gave recall@10 ≥ 0.99 against brute force at 1M memories (scripts/bench/scale.py).
    """
    share = min(settings.vector.max_candidates, math.ceil(n * settings.vector.candidate_fraction))
    return max(k * settings.vector.oversample, share)


class VectorSearch:
    """The vector copies of one runtime.

    Args:
        db: the graph.
        settings: ``vector_*`` settings (thresholds, candidate counts, copy sizes and lifetimes).
    """

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.copies = UserVectors()

    async def aclose(self) -> None:
        """Stop the copies' fills in flight."""
        await self.copies.aclose()

    def clear(self) -> None:
        """Forget every copy and the cached term counts of candidate texts (after the graph was wiped)."""
        self.copies.clear()
        lucene.term_frequencies.cache_clear()

    def forget_user(self, user_id: str) -> None:
        """Forget one user's copy (after this process deleted or changed their nodes; other processes notice
        through the copy's stamp) and the cached term counts of candidate texts, which hold user text
        (:func:`graphsvc.text.lucene.term_frequencies`; shared by every user, refilled by the next recalls)."""
        self.copies.drop(user_id)
        lucene.term_frequencies.cache_clear()
