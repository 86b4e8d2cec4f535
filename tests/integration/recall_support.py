"""Recall's reads one at a time, for tests that check what each returns."""

from __future__ import annotations

from graphsvc.graph import recall
from graphsvc.graph.database import Queries
from graphsvc.graph.recall import TextCandidates, TextFamily
from graphsvc.graph.vector_cache import COPIED_STAGES
from graphsvc.pipeline.recall.graph_expansion import RELATED_ENTITIES, SELECTIVE_MIN_EVENTS, name_lookup
from graphsvc.pipeline.recall.scope import RecallScope


async def first_read(
    db: Queries,
    user_id: str,
    *,
    query: str = "",
    family: TextFamily = "en",
    lucene_query: str | None = None,
    k: int = 10,
    scope: RecallScope | None = None,
    max_share: float = 0.25,
    stamp: bool = False,
) -> TextCandidates:
    """Recall's first read (``recall_text``) with the names of ``query`` and no term counts."""
    names, subject_keys = name_lookup(user_id, query)
    return await recall.text_candidates(
        db,
        user_id=user_id,
        family=family,
        lucene_query=lucene_query,
        k=k,
        asks=[],
        names=names,
        subject_keys=subject_keys,
        filters=(scope or RecallScope()).filters,
        max_share=max_share,
        min_observed=SELECTIVE_MIN_EVENTS,
        related_limit=RELATED_ENTITIES,
        stamp=stamp,
        copied_stages=COPIED_STAGES,
    )
