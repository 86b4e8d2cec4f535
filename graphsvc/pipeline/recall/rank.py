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
messages all appear in better hits is dropped (:func:`.fusion.drop_covered`). Before that, a time phrase in the
query ("yesterday", "on May 2nd", "去年") boosts hits dated inside its window (:mod:`.time_cues`) and a person the
query names boosts the messages they said where several people talk (:mod:`.speaker_cues`); both are applied
inside :func:`.hydrate.hydrate` before its ordering rules, so neither lifts a superseded belief above what
replaced it nor a document's derivative above its passage (:func:`_query_cues`). No
LLM call on this path; with ``RERANKER_BASE_URL`` set, the first ``RERANKER_TOP_N`` hits are put in a reranker's order
(:func:`rerank`).

Round trips (issue 23): three reads, each one statement returning one record. The first
(:func:`graphsvc.graph.recall.text_candidates`: full-text pools, tenant BM25's counts, the named entities and
what they bring, the vector copies' stamp) runs while the query is embedded; the vector lists come from the
user's in-process copy when it is current, else from one Neo4j statement (:mod:`.vectors`); the last reads the
fused candidates (:mod:`.hydrate`).

By default only active memories take part (issue 12: superseded, archived and forgotten ones never); a
:class:`~.scope.RecallScope` adds superseded ones (``includeSuperseded``) or returns the state at a past time
(``asOf``). Memory hits carry their status and valid time. Recall follows the current belief (issue 21,
:mod:`.hydrate`): a message that states only superseded beliefs is left out by default and marked beyond it,
and nothing that states a superseded belief outranks what replaced it.

With ``explain``, each hit says why it ranked where it did (:mod:`.explain`): each method's rank and fusion term,
then every step above that changed its score, in order.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from typing import TypeVar

from graphsvc import keys, metrics
from graphsvc.config import Settings
from graphsvc.conversation import Turn
from graphsvc.embed.base import Embedder
from graphsvc.graph import recall
from graphsvc.graph.recall import TEXT_KINDS, Scored, TextFamily
from graphsvc.graph.vector_cache import COPIED_STAGES
from graphsvc.llm.rerank import Reranker
from graphsvc.pipeline.recall import tenant_bm25
from graphsvc.pipeline.recall.explain import ChannelRanks
from graphsvc.pipeline.recall.fusion import drop_covered, merge_by_score, reciprocal_rank_fusion
from graphsvc.pipeline.recall.graph_expansion import (
    RELATED_ENTITIES,
    SELECTIVE_MIN_EVENTS,
    GraphExpansion,
    name_lookup,
)
from graphsvc.pipeline.recall.hits import HitKind, RecallHit, rescored
from graphsvc.pipeline.recall.hydrate import hydrate
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.pipeline.recall.speaker_cues import boost_named_speakers
from graphsvc.pipeline.recall.tag_filter import require_tags, tag_filter
from graphsvc.pipeline.recall.time_cues import query_time_window
from graphsvc.pipeline.recall.vectors import vector_lists
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
    explain: bool = False,
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
        explain: each hit carries its explanation (:mod:`.explain`): each channel's rank and fusion term, then every
            rule that changed its score, which together recompute it. Without it, ``explanation`` is None.

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
    limit = require_limit("limit", limit, maximum=settings.limits.max_recall_limit)
    scope = RecallScope.build(
        include_superseded=include_superseded, as_of=None if as_of is None else require_aware("asOf", as_of)
    )
    tag_keys = require_tags(tags)
    return await _timed(
        "total", _rank(rt, user_id=user_id, views=views, limit=limit, scope=scope, tags=tag_keys, explain=explain)
    )


async def _timed(stage: str, work: Awaitable[T]) -> T:
    """Await ``work`` and record its duration as ``graphsvc_recall_stage_seconds{stage}``."""
    started = time.monotonic()
    try:
        return await work
    finally:
        metrics.RECALL_STAGE_SECONDS.labels(stage).observe(time.monotonic() - started)


async def _rank(
    rt: Runtime,
    *,
    user_id: str,
    views: list[str],
    limit: int,
    scope: RecallScope,
    tags: list[str] | None,
    explain: bool,
) -> list[RecallHit]:
    db, settings, now = rt.db, rt.settings, rt.clock()
    query = views[min(len(views), TEXT_VIEW) - 1]  # what full text, the entity lookup and time cues read
    k = max(settings.recall.candidates, limit)
    allowed = None if tags is None else await tag_filter(db, user_id=user_id, tags=tags)
    if allowed is not None and not allowed.uids:
        return []
    if scope.as_of is not None:
        then = await traits_as_of(db, user_id=user_id, as_of=scope.as_of, settings=settings.reflection)
        scope = replace(scope, traits_then={t.uid: t for t in then if t.stage in RECALL_TRAIT_STAGES})

    # The query embeddings run in a thread; the read that needs no vector (full text, term counts, the named
    # entities and what they bring) runs meanwhile.
    async def embed() -> list[list[float]]:  # the coroutine is made in the task: cancelled unstarted, none leaks
        return await _timed("embed", _embed_queries(rt.embedder, views))

    embedded = asyncio.ensure_future(embed())
    text_search = _TextSearch.build(user_id, query, settings=settings)
    try:
        read = await _timed("fulltext", text_search.read(rt, user_id=user_id, k=k, scope=scope))
        vectors = await embedded
    finally:
        if not embedded.done():
            embedded.cancel()
    vector_read = asyncio.ensure_future(
        _timed(
            "vector",
            _vector_method(
                rt,
                user_id=user_id,
                vectors=vectors,
                read=read,
                k=k,
                scope=scope,
                tags=tags,
                allowed=None if allowed is None else allowed.uids,
            ),
        )
    )
    text = text_search.lists(read, k=k)  # tenant BM25 in Python while Neo4j scores the vectors
    (vector_ranking, by_kind), expansion = await vector_read
    vec_events, vec_memories, vec_impressions, vec_traits, vec_chunks = by_kind
    expanded = expansion.lists()
    if allowed is not None:
        text = [allowed.keep(rows) for rows in text]
        expanded = [allowed.keep(rows) for rows in expanded]
    ft_events, ft_memories, ft_impressions, ft_traits, ft_chunks = text
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
    fused = reciprocal_rank_fusion(methods, k=settings.recall.rrf_k)
    hits = await _timed(
        "hydrate",
        hydrate(
            db,
            settings,
            user_id=user_id,
            fused=fused,
            kinds=kinds,
            scope=scope,
            now=now,
            allowed=None if allowed is None else allowed.uids,
            cues=partial(_query_cues, query=query, now=now, settings=settings),
            channels=ChannelRanks.of(methods, rrf_k=settings.recall.rrf_k) if explain else None,
        ),
    )
    hits.sort(key=lambda h: (-h.score, h.uid))
    hits = drop_covered(hits)
    if rt.reranker is not None:
        hits = await _timed("rerank", rerank(rt.reranker, query, hits, top_n=settings.reranker.top_n))
    return hits[:limit]


def _query_cues(hits: list[RecallHit], *, query: str, now: datetime, settings: Settings) -> list[RecallHit]:
    """The query's cues on the hits' scores: a time phrase boosts hits dated inside its window (``· (1 +
    RECALL_TIME_CUE_BOOST)``, :mod:`.time_cues`), a named person the messages they said (:mod:`.speaker_cues`).
    Applied by :func:`.hydrate.hydrate` before its ordering rules."""
    window = query_time_window(query, now=now)
    if window is not None:
        boost = 1.0 + settings.recall.time_cue_boost
        detail = "dated inside the time the query names"
        hits = [
            rescored(h, h.score * boost, "time_cue", detail, factor=boost) if window.matches(h.occurred_at) else h
            for h in hits
        ]
    return boost_named_speakers(hits, query, boost=settings.recall.speaker_cue_boost)


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
    reordered = [head[i] for i in order]
    reordered = [
        rescored(h, h.score, "reranked", f"put at place {n} of the first {len(head)} by the reranker")
        if h.explanation is not None
        else h
        for n, h in enumerate(reordered, start=1)
    ]
    return reordered + tail


async def _vector_method(
    rt: Runtime,
    *,
    user_id: str,
    vectors: list[list[float]],
    read: recall.TextCandidates,
    k: int,
    scope: RecallScope,
    tags: list[str] | None,
    allowed: frozenset[str] | None,
) -> tuple[tuple[list[str], list[list[Scored]]], GraphExpansion]:
    """The vector method's ranking over all kinds and its rows by kind (events, memories, impressions, traits,
    passages), and graph expansion's lists scored against the last vector (:mod:`.vectors`); with ``tags``, only
    the tagged events, memories and passages take part in the vector method.

    One view (a query): the lists merged by score. Several views of a conversation (its last 1, 2, ... turns):
    each view's ranking, fused by reciprocal rank fusion, so no single choice of how many turns count decides
    alone (MADial-Bench zh dev, README: more stable across folds than any one view).
    """
    found = await vector_lists(
        rt, user_id=user_id, vectors=vectors, read=read, k=k, scope=scope, tags=tags, allowed=allowed
    )
    per_view = [view.lists() for view in found.views]
    rankings = [merge_by_score(lists, k=k) for lists in per_view]
    by_kind = [[row for lists in per_view for row in lists[n]] for n in range(len(per_view[0]))]
    expansion = GraphExpansion.of(found.graph)
    if len(rankings) == 1:
        return (rankings[0], by_kind), expansion
    fused = reciprocal_rank_fusion(rankings, k=rt.settings.recall.rrf_k)
    return (sorted(fused, key=lambda uid: (-fused[uid], uid))[:k], by_kind), expansion


@dataclass(frozen=True)
class _TextSearch:
    """The full-text side of one recall: the Lucene query, its analyzer family and terms, and the document
    counts tenant BM25 needs (events and memories are counted by the read itself)."""

    lucene_query: str | None
    family: TextFamily
    terms: list[str]
    asks: list[tenant_bm25.CountAsk]
    names: list[str]
    subject_keys: list[str]

    @classmethod
    def build(cls, user_id: str, query: str, *, settings: Settings) -> _TextSearch:
        lucene_query = lucene.build_query(query, tenant=keys.tenant_key(user_id))
        family = lucene.analyzer_for(query)
        terms = lucene.content_terms(query) if lucene_query is not None else []
        asks = tenant_bm25.count_asks(user_id=user_id, terms=terms, indexes=_known_counts(family, None))
        names, subject_keys = name_lookup(user_id, query)
        return cls(lucene_query, family, terms, asks if lucene_query is not None else [], names, subject_keys)

    async def read(self, rt: Runtime, *, user_id: str, k: int, scope: RecallScope) -> recall.TextCandidates:
        settings = rt.settings
        return await recall.text_candidates(
            rt.db,
            user_id=user_id,
            family=self.family,
            lucene_query=self.lucene_query,
            k=k * settings.recall.fulltext_pool,
            asks=[(a.index, a.query) for a in self.asks],
            names=self.names,
            subject_keys=self.subject_keys,
            filters=scope.filters,
            max_share=settings.recall.entity_max_share,
            min_observed=SELECTIVE_MIN_EVENTS,
            related_limit=RELATED_ENTITIES,
            stamp=scope.is_default and settings.vector.cache_max_vectors > 0,
            copied_stages=COPIED_STAGES,
        )

    def lists(self, read: recall.TextCandidates, *, k: int) -> list[list[Scored]]:
        """Events, memories, impressions, traits, passages by full text: Lucene's tenant-filtered pools
        (``recall_fulltext_pool × k`` each), re-ranked with the tenant's own BM25 statistics
        (:mod:`.tenant_bm25`); five candidate lists, empty without words."""
        if self.lucene_query is None:
            return [[], [], [], [], []]
        known = _known_counts(self.family, read)
        stats = tenant_bm25.tenant_statistics(self.asks, read.term_counts, indexes=known)
        return [
            tenant_bm25.rerank(read.pools[kind], terms=self.terms, family=self.family, stats=stats[index], k=k)
            for kind, index in zip(TEXT_KINDS, known, strict=True)
        ]


def _known_counts(family: TextFamily, read: recall.TextCandidates | None) -> dict[str, int | None]:
    """Full-text index → the user's document count in it where the first read counts it (events, memories),
    None where Lucene counts it with the terms (impressions, traits, passages: sections share their index).
    Before the read (``read`` None) the known counts are placeholders: only which are known matters."""
    counted = {"event": 0 if read is None else read.user_events, "memory": 0 if read is None else read.user_memories}
    return {recall.text_index(kind, family): counted.get(kind) for kind in TEXT_KINDS}


async def _embed_queries(embedder: Embedder, texts: list[str]) -> list[list[float]]:
    vectors: list[list[float]] = (await embedder.embed_queries(texts)).tolist()
    return vectors
