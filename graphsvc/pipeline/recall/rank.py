"""Recall: one ranked list of memories, events, entities' impressions, traits and document passages for one
user's query.

Candidate lists (all filtered to the user):
  vector similarity over events, memories, impressions, traits and document passages (``chunk`` hits: the
  leaves of a document's heading tree, issue 15), and full-text BM25 over all five (English analyzer, or the
  CJK bigram analyzer when the query holds CJK text). Earlier versions of a source record are left out.
  With ``tags``, only memories, events and passages carrying one of them take part (:mod:`.tag_filter`).
  Only traits at stage emerging, established or core take part (seed 002 §7: trend, candidate and dissolved never do).
  Graph expansion (:mod:`.graph_expansion`): entities the query names (subject or alias, found through
  the alias index) bring their impressions, the memories that mention them and, when selective, the
  events they were observed in, each ranked by similarity to the query; their selective ``RELATES``
  neighbours bring their events and impressions too.
Each retrieval method's lists are merged by score into one ranking over all kinds
(:func:`.fusion.merge_by_score`): vector, full-text, graph expansion. Fusion is reciprocal rank fusion
(Cormack et al. 2009, k = 60) over those three rankings; the fused score is then adjusted by seed
002 §7's ``base · (1 + recency + importance + trait_boost)``:
trait_boost is the trait's stage boost (emerging 0.05, established 0.15, core 0.25) and 0 for
everything else; the importance term is a memory's importance, an impression's confidence, and a
trait's stored confidence (decayed by reflection, never recomputed here). Last, a hit whose source
messages all appear in better hits is dropped (:func:`.fusion.drop_covered`). Vector candidates for events
and memories come from :meth:`graphsvc.graph.vector_search.VectorSearch.nearest` (exact for small users, the
filtered vector index for large ones). A time phrase in the query ("yesterday", "on May 2nd", "去年")
boosts hits dated inside its window (:mod:`.time_cues`). No LLM call on this path; with ``RERANKER_BASE_URL``
set, the first ``RERANKER_TOP_N`` hits are put in a reranker's order (:func:`rerank`).

By default only active memories take part (issue 12: superseded, archived and forgotten ones never); a
:class:`~.scope.RecallScope` adds superseded ones (``includeSuperseded``) or returns the state at a past time
(``asOf``). Memory hits carry their status and valid time.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TypeVar

from graphsvc import keys, metrics
from graphsvc.conversation import Turn
from graphsvc.embed.base import Embedder
from graphsvc.graph import recall
from graphsvc.graph.recall import Scored, TextKind
from graphsvc.graph.vector_search import Target
from graphsvc.llm.rerank import Reranker
from graphsvc.pipeline.recall import tenant_bm25
from graphsvc.pipeline.recall.fusion import drop_covered, merge_by_score, reciprocal_rank_fusion
from graphsvc.pipeline.recall.graph_expansion import graph_expansion
from graphsvc.pipeline.recall.hits import HitKind, RecallHit
from graphsvc.pipeline.recall.hydrate import hydrate
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.pipeline.recall.tag_filter import require_tags, tag_filter
from graphsvc.pipeline.recall.time_cues import query_time_window
from graphsvc.pipeline.reflection.as_of import traits_as_of
from graphsvc.runtime import Runtime
from graphsvc.text import lucene
from graphsvc.validation import recall_views, require_aware, require_id, require_limit
from graphsvc.vocabulary import RECALL_TRAIT_STAGES

T = TypeVar("T")

TEXT_VIEW = 2
"""Full text, the entity lookup and time cues read the query with at most this many turns of a conversation."""


async def run(
    rt: Runtime,
    *,
    user_id: str,
    query: str | None = None,
    conversation: Sequence[Turn] | None = None,
    limit: int,
    include_superseded: bool = False,
    as_of: datetime | None = None,
    tags: Sequence[str] | None = None,
) -> list[RecallHit]:
    """Rank the user's memories, events, impressions, traits and document passages for a query and/or the
    conversation so far.

    Args:
        query: what to recall; may be None when ``conversation`` is given.
        conversation: the turns of the conversation so far, oldest first; the service decides how many of
            them count (:func:`graphsvc.validation.recall_text`).
        include_superseded: superseded memories may appear too (marked by their status).
        as_of: recall as it would have answered then: memories that held at that time (valid time), messages
            said by then, traits as they stood then, passages of documents stored by then.
        tags: when given (non-empty), only memories, events and passages carrying one of these tags (a
            passage also through its document) are returned (:mod:`.tag_filter`; active memories only).

    Returns:
        at most ``limit`` hits, best first; empty when the user has nothing stored (an
        unknown user is simply a user with no data) or nothing carries the tags.

    Raises:
        InvalidInputError: neither a query nor a turn, an oversized query, turn or user id, limit out of range,
            bad tags.
    """
    settings = rt.settings
    user_id = require_id("userId", user_id, settings)
    views = recall_views(query, conversation, settings)
    limit = require_limit("limit", limit, maximum=settings.max_recall_limit)
    scope = RecallScope.build(
        include_superseded=include_superseded, as_of=None if as_of is None else require_aware("asOf", as_of)
    )
    tag_keys = require_tags(tags)
    return await _timed("total", _rank(rt, user_id=user_id, views=views, limit=limit, scope=scope, tags=tag_keys))


async def _timed(stage: str, work: Awaitable[T]) -> T:
    """Await ``work`` and record its duration as ``graphsvc_recall_stage_seconds{stage}``."""
    started = time.monotonic()
    try:
        return await work
    finally:
        metrics.RECALL_STAGE_SECONDS.labels(stage).observe(time.monotonic() - started)


async def _rank(
    rt: Runtime, *, user_id: str, views: list[str], limit: int, scope: RecallScope, tags: list[str] | None
) -> list[RecallHit]:
    db, settings, now = rt.db, rt.settings, rt.clock()
    query = views[min(len(views), TEXT_VIEW) - 1]  # what full text, the entity lookup and time cues read
    k = max(settings.recall_candidates, limit)
    allowed = None if tags is None else await tag_filter(db, user_id=user_id, tags=tags)
    if allowed is not None and not allowed.uids:
        return []
    if scope.as_of is not None:
        then = await traits_as_of(db, user_id=user_id, as_of=scope.as_of, settings=settings.reflection)
        scope = replace(scope, traits_then={t.uid: t for t in then if t.stage in RECALL_TRAIT_STAGES})
    # The query embeddings run in a thread; full-text search and the entity lookup need no vector and
    # run meanwhile.
    embedded = asyncio.ensure_future(_timed("embed", _embed_queries(rt.embedder, views)))
    vector = asyncio.ensure_future(_last(embedded))

    (vector_ranking, vectors), text, expansion = await asyncio.gather(
        _timed("vector", _vector_method(rt, user_id=user_id, vectors=embedded, k=k, scope=scope, tags=tags)),
        _timed("fulltext", _text_lists(rt, user_id=user_id, query=query, k=k, scope=scope)),
        _timed("graph", graph_expansion(rt, user_id, query, vector, k, scope=scope)),
    )
    vec_events, vec_memories, vec_impressions, vec_traits, vec_chunks = vectors
    ft_events, ft_memories, ft_impressions, ft_traits, ft_chunks = text
    expanded = expansion.lists()
    if allowed is not None:
        text = [allowed.keep(rows) for rows in text]
        ft_events, ft_memories, ft_impressions, ft_traits, ft_chunks = text
        expanded = [allowed.keep(rows) for rows in expanded]
    ex_events, ex_memories, ex_impressions, ex_related_events, ex_related_impressions = expanded
    kinds: dict[str, HitKind] = {}
    kind: HitKind
    for kind, candidates in (
        ("event", [*vec_events, *ft_events, *ex_events, *ex_related_events]),
        ("memory", [*vec_memories, *ft_memories, *ex_memories]),
        ("impression", [*vec_impressions, *ft_impressions, *ex_impressions, *ex_related_impressions]),
        ("trait", [*vec_traits, *ft_traits]),
        ("chunk", [*vec_chunks, *ft_chunks]),
    ):
        kinds.update((c.uid, kind) for c in candidates)
    methods = [vector_ranking, merge_by_score(text, k=k), merge_by_score(expanded, k=k)]
    fused = reciprocal_rank_fusion(methods, k=settings.recall_rrf_k)
    hits = await _timed(
        "hydrate", hydrate(db, settings, user_id=user_id, fused=fused, kinds=kinds, scope=scope, now=now)
    )
    window = query_time_window(query, now=now)
    if window is not None:
        boost = 1.0 + settings.recall_time_cue_boost
        hits = [replace(h, score=h.score * boost) if window.matches(h.occurred_at) else h for h in hits]
    hits.sort(key=lambda h: (-h.score, h.uid))
    hits = drop_covered(hits)
    if rt.reranker is not None:
        hits = await _timed("rerank", rerank(rt.reranker, query, hits, top_n=settings.reranker_top_n))
    return hits[:limit]


async def rerank(reranker: Reranker, query: str, hits: list[RecallHit], *, top_n: int) -> list[RecallHit]:
    """The first ``top_n`` hits in the reranker's order (ties keep the fused order), the rest after them.

    Scores stay the fused ones; only the order of the first ``top_n`` changes. A reranker that fails leaves
    the list as it was.
    """
    head, tail = hits[:top_n], hits[top_n:]
    scores = await reranker.scores(query, [h.content for h in head])
    if scores is None:
        return hits
    order = sorted(range(len(head)), key=lambda i: (-scores[i], i))
    return [head[i] for i in order] + tail


async def _vector_method(
    rt: Runtime,
    *,
    user_id: str,
    vectors: Awaitable[list[list[float]]],
    k: int,
    scope: RecallScope,
    tags: list[str] | None,
) -> tuple[list[str], list[list[Scored]]]:
    """The vector method's ranking over all kinds, and its rows by kind (events, memories, impressions, traits,
    passages); with ``tags``, only the tagged events, memories and passages
    (:func:`graphsvc.graph.recall.nearest_tagged`).

    One view (a query): the lists merged by score. Several views of a conversation (its last 1, 2, ... turns):
    each view's ranking, fused by reciprocal rank fusion, so no single choice of how many turns count decides
    alone (MADial-Bench zh dev, README: more stable across folds than any one view).
    """

    async def lists_for(vector: list[float]) -> list[list[Scored]]:
        if tags is not None:
            tagged = await recall.nearest_tagged(rt.db, user_id=user_id, tags=tags, embedding=vector, k=3 * k)
            return [tagged.events, tagged.memories, [], [], tagged.passages]
        return await _vector_lists(rt, user_id=user_id, vector=vector, k=k, scope=scope)

    per_view = await asyncio.gather(*(lists_for(v) for v in await vectors))
    rankings = [merge_by_score(lists, k=k) for lists in per_view]
    by_kind = [[row for lists in per_view for row in lists[n]] for n in range(len(per_view[0]))]
    if len(rankings) == 1:
        return rankings[0], by_kind
    fused = reciprocal_rank_fusion(rankings, k=rt.settings.recall_rrf_k)
    return sorted(fused, key=lambda uid: (-fused[uid], uid))[:k], by_kind


async def _vector_lists(
    rt: Runtime, *, user_id: str, vector: list[float], k: int, scope: RecallScope
) -> list[list[Scored]]:
    """Events, memories, impressions, traits, passages by cosine: five candidate lists."""
    db, vectors = rt.db, rt.vectors
    if scope.is_default:
        events = vectors.nearest(target="event", user_id=user_id, embedding=vector, k=k)
        memories = vectors.nearest(target="memory", user_id=user_id, embedding=vector, k=k)
    else:
        memories = recall.nearest_memories_in_scope(
            db, user_id=user_id, embedding=vector, k=k, statuses=scope.statuses, as_of=scope.as_of
        )
        events = (
            vectors.nearest(target="event", user_id=user_id, embedding=vector, k=k)
            if scope.as_of is None
            else recall.nearest_events_said_by(db, user_id=user_id, embedding=vector, k=k, as_of=scope.as_of)
        )
    return list(
        await asyncio.gather(
            events,
            memories,
            recall.nearest_impressions(db, user_id=user_id, embedding=vector, k=k, with_stale=scope.with_stale),
            recall.nearest_traits(
                db, user_id=user_id, embedding=vector, k=k, stages=scope.trait_stages, trait_uids=scope.trait_uids
            ),
            vectors.nearest(target="chunk", user_id=user_id, embedding=vector, k=k),
        )
    )


TEXT_SEARCHES: tuple[tuple[TextKind, Target | None], ...] = (
    ("event", "event"),
    ("memory", "memory"),
    ("impression", None),
    ("trait", None),
    ("chunk", None),
)
"""The full-text searches in list order, each with the vector target whose cached count is its document count
for tenant BM25 (None: counted with the term statistics)."""


async def _text_lists(rt: Runtime, *, user_id: str, query: str, k: int, scope: RecallScope) -> list[list[Scored]]:
    """Events, memories, impressions, traits, passages by full text: Lucene's tenant-filtered pools
    (``recall_fulltext_pool × k`` each), re-ranked with the tenant's own BM25 statistics
    (:mod:`.tenant_bm25`); five candidate lists, empty without words."""
    db, vectors = rt.db, rt.vectors
    text_query = lucene.build_query(query, tenant=keys.tenant_key(user_id))
    if text_query is None:
        return [[], [], [], [], []]
    family = lucene.analyzer_for(query)
    terms = lucene.content_terms(query)
    indexes = [recall.text_index(kind, family) for kind, _ in TEXT_SEARCHES]

    async def statistics() -> dict[str, tenant_bm25.TenantStatistics]:
        sizes: dict[str, int | None] = {}
        for index, (_, target) in zip(indexes, TEXT_SEARCHES, strict=True):
            sizes[index] = None
            if target is not None:
                sizes[index] = await vectors.count(target=target, user_id=user_id)
        return await tenant_bm25.tenant_statistics(db, user_id=user_id, terms=terms, indexes=sizes)

    n = k * rt.settings.recall_fulltext_pool
    pools, stats = await asyncio.gather(
        asyncio.gather(
            recall.text_events(db, user_id=user_id, family=family, lucene_query=text_query, k=n, as_of=scope.as_of),
            recall.text_memories(
                db,
                user_id=user_id,
                family=family,
                lucene_query=text_query,
                k=n,
                statuses=scope.statuses,
                as_of=scope.as_of,
            ),
            recall.text_impressions(
                db, user_id=user_id, family=family, lucene_query=text_query, k=n, with_stale=scope.with_stale
            ),
            recall.text_traits(
                db,
                user_id=user_id,
                family=family,
                lucene_query=text_query,
                k=n,
                stages=scope.trait_stages,
                trait_uids=scope.trait_uids,
            ),
            recall.text_passages(db, user_id=user_id, family=family, lucene_query=text_query, k=n),
        ),
        statistics(),
    )
    return [
        tenant_bm25.rerank(pool, terms=terms, family=family, stats=stats[index], k=k)
        for pool, index in zip(pools, indexes, strict=True)
    ]


async def _embed_queries(embedder: Embedder, texts: list[str]) -> list[list[float]]:
    vectors: list[list[float]] = (await embedder.embed_queries(texts)).tolist()
    return vectors


async def _last(vectors: Awaitable[list[list[float]]]) -> list[float]:
    return (await vectors)[-1]
