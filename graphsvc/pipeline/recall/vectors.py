"""Recall's vector method: the five cosine lists per view of the query and graph expansion's scored lists,
from the user's in-process copy when it is current, else from Neo4j.

Where the scoring runs (measured on LoCoMo dev, ``scripts/bench/recall_cost.py``; README "Benchmarks"): numpy
over a held copy (:mod:`graphsvc.graph.vector_cache`) costs well under a millisecond, against tens of
milliseconds of Neo4j CPU for the same exact scans, so recall's default scope uses the copy whenever one is held
(refreshed first when the user's stamp moved). Neo4j scores when the copies are off, the user has none yet (one
fills in the background) or is too large to copy, and for ``includeSuperseded`` and ``asOf``, whose scopes no
copy holds. Both give the same lists: the same scope, exact cosine on Neo4j's ``(1 + cos) / 2`` scale, ties by
uid (large users aside, whom Neo4j searches through its vector index).
"""

from __future__ import annotations

import numpy as np

from graphsvc.config import Settings
from graphsvc.graph import recall
from graphsvc.graph.recall import Scored, Target, TextCandidates, VectorCandidates, VectorLists
from graphsvc.graph.vector_cache import Matrix, UserCopy
from graphsvc.graph.vector_search import candidate_count
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.runtime import Runtime

IMPRESSION_WITHOUT_VECTOR = 0.0
"""What an impression not yet embedded scores in graph expansion (it ranks last, as in Neo4j)."""


async def vector_lists(
    rt: Runtime,
    *,
    user_id: str,
    vectors: list[list[float]],
    read: TextCandidates,
    k: int,
    scope: RecallScope,
    tags: list[str] | None,
    allowed: frozenset[str] | None,
) -> VectorCandidates:
    """The vector method's lists for each of ``vectors`` (``(d,)`` each, one per view) and graph expansion's lists
    scored against the last one.

    Args:
        read: recall's first read (the stamp, the counts and graph expansion's uids).
        tags, allowed: with a tag filter, its normalised keys and the uids carrying them: only tagged events,
            memories and passages, the best ``3k`` of them, take part; impressions and traits none.
    """
    settings = rt.settings
    if scope.is_default and read.stamp is not None:
        copy = await rt.vectors.copies.current(
            rt.db, user_id=user_id, stamp=read.stamp, dimensions=rt.embedder.dimensions, settings=settings
        )
        if copy is not None:
            tagged = None if tags is None else (allowed or frozenset())
            return from_copy(copy, np.asarray(vectors, dtype=np.float32), read.graph, k=k, tagged=tagged)
    return await recall.vector_candidates(
        rt.db,
        user_id=user_id,
        embeddings=vectors,
        k=k,
        filters=scope.filters,
        graph=read.graph,
        ann=index_searches(read, k=k, scope=scope, settings=settings),
        tags=tags,
        tagged_k=3 * k,
    )


def from_copy(
    copy: UserCopy, queries: Matrix, graph: recall.GraphCandidates, *, k: int, tagged: frozenset[str] | None
) -> VectorCandidates:
    """What ``recall_vectors`` returns for the default scope, computed over ``copy`` (pure).

    Args:
        queries: ``(v, d)``, one row per view.
        tagged: None, or the tagged uids: then only tagged events, memories and passages, the best ``3k``.
    """
    norms = np.linalg.norm(queries, axis=1, keepdims=True)
    queries = (queries / np.where(norms > 0, norms, 1.0)).astype(np.float32)
    kinds = copy.kinds
    views: list[VectorLists]
    if tagged is None:
        per_kind = [kinds[kind].nearest(queries, k) for kind in ("event", "memory", "impression", "trait", "chunk")]
        views = [VectorLists(*(lists[v] for lists in per_kind)) for v in range(len(queries))]
    else:
        per_kind = [kinds[kind].nearest(queries, 3 * k, only=tagged) for kind in ("event", "memory", "chunk")]
        views = []
        for v in range(len(queries)):
            best = sorted(
                (
                    (s, kind)
                    for kind, lists in zip(("event", "memory", "chunk"), per_kind, strict=True)
                    for s in lists[v]
                ),
                key=lambda pair: (-pair[0].score, pair[0].uid),
            )[: 3 * k]
            by_kind: dict[str, list[Scored]] = {"event": [], "memory": [], "chunk": []}
            for scored, kind in best:
                by_kind[kind].append(scored)
            views.append(VectorLists(by_kind["event"], by_kind["memory"], [], [], by_kind["chunk"]))
    last = queries[-1]
    scored_graph = [
        kinds["event"].score(graph.events, last, k),
        kinds["memory"].score(graph.memories, last, k),
        kinds["impression"].score(graph.impressions, last, k, missing=IMPRESSION_WITHOUT_VECTOR),
        kinds["event"].score(graph.related_events, last, k),
        kinds["impression"].score(graph.related_impressions, last, k, missing=IMPRESSION_WITHOUT_VECTOR),
    ]
    return VectorCandidates(views, scored_graph)


def index_searches(read: TextCandidates, *, k: int, scope: RecallScope, settings: Settings) -> dict[Target, int]:
    """The targets Neo4j searches through the user-filtered vector index (users above ``vector_exact_max``), each
    with its candidate count (:func:`graphsvc.graph.vector_search.candidate_count`); memories only in the default
    scope, events only now (``asOf`` scans the messages said by then exactly)."""
    out: dict[Target, int] = {}
    for target in ("event", "memory", "chunk"):
        n = read.user_count(target)
        if n <= settings.vector.exact_max:
            continue
        if (target == "memory" and not scope.is_default) or (target == "event" and scope.as_of is not None):
            continue
        out[target] = candidate_count(n, k=k, settings=settings)
    return out
