"""Recall: one ranked list of memories, events, entities' impressions and traits for one user's query.

Candidate lists (all filtered to the user):
  vector similarity over events, memories, impressions and traits, and full-text BM25 over all four
  (English analyzer, or the CJK bigram analyzer when the query holds CJK text). Only traits at stage
  emerging, established or core take part (seed 002 §7: trend, candidate and dissolved never do).
  Graph expansion (:mod:`graphsvc.pipeline.graph_expansion`): entities the query names (subject or alias, found through
  the alias index) bring their impressions, the memories that mention them and, when selective, the
  events they were observed in, each ranked by similarity to the query; their selective ``RELATES``
  neighbours bring their events and impressions too.
Each retrieval method's lists are merged by score into one ranking over all kinds
(:func:`merge_by_score`): vector, full-text, graph expansion. Fusion is reciprocal rank fusion
(Cormack et al. 2009, k = 60) over those three rankings; the fused score is then adjusted by seed
002 §7's ``base · (1 + recency + importance + trait_boost)``:
trait_boost is the trait's stage boost (emerging 0.05, established 0.15, core 0.25) and 0 for
everything else; the importance term is a memory's importance, an impression's confidence, and a
trait's stored confidence (decayed by reflection, never recomputed here). Last, a hit whose source
messages all appear in better hits is dropped (:func:`drop_covered`). Vector candidates for events
and memories come from :func:`graphsvc.pipeline.vector_search.nearest` (exact for small users, the
filtered vector index for large ones). A time phrase in the query ("yesterday", "on May 2nd", "去年")
boosts hits dated inside its window (:mod:`graphsvc.pipeline.time_cues`). No LLM call on this path.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from graphsvc.config import Settings
from graphsvc.embed.base import Embedder
from graphsvc.graph.database import Database, native
from graphsvc.pipeline import keys, lucene, tenant_bm25
from graphsvc.pipeline.graph_expansion import graph_expansion
from graphsvc.pipeline.reflection.confidence import trait_boost
from graphsvc.pipeline.time_cues import query_time_window
from graphsvc.pipeline.validate_input import require_id, require_limit, require_text
from graphsvc.pipeline.vector_search import SIZES, Target, nearest

HitKind = Literal["memory", "event", "impression", "trait"]

RECALL_TRAIT_STAGES = ("emerging", "established", "core")
"""Seed 002 §7: the trait stages recall may return."""


@dataclass(frozen=True)
class RecallHit:
    """One ranked result. ``source_message_ids``: an event's own id, the messages a memory came from, the
    messages an impression's evidence came from, or for a trait the messages of the memories its supporting
    evidence cites. ``entity``: for an impression, the subject of the entity it characterises."""

    uid: str
    kind: HitKind
    content: str
    score: float
    occurred_at: datetime | None
    source_message_ids: list[str]
    memory_type: str | None = None
    entity: str | None = None


def reciprocal_rank_fusion(lists: list[list[str]], *, k: int) -> dict[str, float]:
    """``score(d) = Σ_lists 1 / (k + rank(d))``, rank from 1 (Cormack, Clarke & Büttcher, SIGIR 2009)."""
    fused: dict[str, float] = {}
    for ranked in lists:
        for rank, uid in enumerate(ranked, start=1):
            fused[uid] = fused.get(uid, 0.0) + 1.0 / (k + rank)
    return fused


def merge_by_score(lists: list[list[dict[str, Any]]], *, k: int) -> list[str]:
    """One retrieval method's ranking over all kinds: the ``[{"uid", "score"}]`` lists of one method
    (cosine for vector search and graph expansion, BM25 for full-text) merged by score, a uid at its
    best score, ties by uid; the top ``k`` uids.

    Fusing methods rather than per-kind lists keeps a kind from winning by having more lists: with one
    RRF term per (method, kind) list, impressions (three lists on LoCoMo) crowded events (two) out of the
    top 10: recall_any@10 0.509 against 0.705 with this, both replayed on the candidate lists recall
    returned for LoCoMo dev's questions (README, "What moved the figures").
    """
    best: dict[str, float] = {}
    for rows in lists:
        for row in rows:
            uid, score = str(row["uid"]), float(row["score"])
            if score > best.get(uid, -math.inf):
                best[uid] = score
    return sorted(best, key=lambda uid: (-best[uid], uid))[:k]


def adjusted_score(
    base: float, *, age_days: float | None, importance: float, trait_boost: float, settings: Settings
) -> float:
    """``base · (1 + recency + importance + trait_boost)`` (seed 002 §7).

    recency = ``recall_recency_weight · 2^(−age_days / half_life)``; importance bonus =
    ``recall_importance_weight · importance`` (importance in [0, 1]).
    """
    recency = 0.0
    if age_days is not None:
        recency = settings.recall_recency_weight * math.pow(
            2.0, -max(age_days, 0.0) / settings.recall_recency_half_life_days
        )
    return base * (1.0 + recency + settings.recall_importance_weight * importance + trait_boost)


async def recall(
    *,
    db: Database,
    embedder: Embedder,
    settings: Settings,
    user_id: str,
    query: str,
    limit: int,
    now: datetime,
) -> list[RecallHit]:
    """Rank the user's memories, events, impressions and traits for ``query``.

    Returns:
        at most ``limit`` hits, best first; empty when the user has nothing stored (an
        unknown user is simply a user with no data).

    Raises:
        InvalidInputError: blank or oversized query or user id, limit out of range.
    """
    user_id = require_id("userId", user_id, settings)
    query = require_text("query", query, limit=settings.max_query_chars)
    limit = require_limit("limit", limit, maximum=settings.max_recall_limit)
    k = max(settings.recall_candidates, limit)
    stages = list(RECALL_TRAIT_STAGES)
    # The query embedding runs in a thread; full-text search and the entity lookup need no vector and
    # run meanwhile.
    vector = asyncio.ensure_future(_embed_query(embedder, query))

    async def by_vector() -> list[list[dict[str, Any]]]:
        return await _vector_lists(db, settings, user_id=user_id, vector=await vector, k=k, stages=stages)

    (vec_events, vec_memories, vec_impressions, vec_traits), text, expansion = await asyncio.gather(
        by_vector(),
        _text_lists(db, settings, user_id=user_id, query=query, k=k, stages=stages),
        graph_expansion(db, settings, user_id, query, vector, k),
    )
    ft_events, ft_memories, ft_impressions, ft_traits = text
    kinds: dict[str, HitKind] = {}
    kind: HitKind
    for kind, rows in (
        ("event", [*vec_events, *ft_events, *expansion.events, *expansion.related_events]),
        ("memory", [*vec_memories, *ft_memories, *expansion.memories]),
        ("impression", [*vec_impressions, *ft_impressions, *expansion.impressions, *expansion.related_impressions]),
        ("trait", [*vec_traits, *ft_traits]),
    ):
        kinds.update((str(r["uid"]), kind) for r in rows)
    methods = [
        merge_by_score([vec_events, vec_memories, vec_impressions, vec_traits], k=k),
        merge_by_score(text, k=k),
        merge_by_score(expansion.lists(), k=k),
    ]
    fused = reciprocal_rank_fusion(methods, k=settings.recall_rrf_k)
    hits = await _hydrate(db, settings, user_id=user_id, fused=fused, kinds=kinds, stages=stages, now=now)
    window = query_time_window(query, now=now)
    if window is not None:
        boost = 1.0 + settings.recall_time_cue_boost
        hits = [replace(h, score=h.score * boost) if window.matches(h.occurred_at) else h for h in hits]
    hits.sort(key=lambda h: (-h.score, h.uid))
    return drop_covered(hits)[:limit]


async def _vector_lists(
    db: Database, settings: Settings, *, user_id: str, vector: list[float], k: int, stages: list[str]
) -> list[list[dict[str, Any]]]:
    """Events, memories, impressions, traits by cosine: four ``[{"uid", "score"}]`` lists."""
    return list(
        await asyncio.gather(
            nearest(db, target="event", user_id=user_id, embedding=vector, k=k, settings=settings),
            nearest(db, target="memory", user_id=user_id, embedding=vector, k=k, settings=settings),
            db.read("vector_impressions_exact", user_id=user_id, embedding=vector, k=k),
            db.read("vector_traits_exact", user_id=user_id, embedding=vector, k=k, stages=stages),
        )
    )


async def _text_lists(
    db: Database, settings: Settings, *, user_id: str, query: str, k: int, stages: list[str]
) -> list[list[dict[str, Any]]]:
    """Events, memories, impressions, traits by full text: Lucene's tenant-filtered pools
    (``recall_fulltext_pool × k`` each), re-ranked with the tenant's own BM25 statistics
    (:mod:`graphsvc.pipeline.tenant_bm25`); four ``[{"uid", "score"}]`` lists, empty without words."""
    text_query = lucene.build_query(query, tenant=keys.tenant_key(user_id))
    if text_query is None:
        return [[], [], [], []]
    family = lucene.analyzer_for(query)
    terms = lucene.content_terms(query)
    searches: list[tuple[str, str, Target | None, dict[str, Any]]] = [
        ("fulltext_events", f"event_text_{family}", "event", {}),
        ("fulltext_memories", f"memory_text_{family}", "memory", {}),
        ("fulltext_impressions", f"impression_text_{family}", None, {}),
        ("fulltext_traits", f"trait_text_{family}", None, {"stages": stages}),
    ]

    async def statistics() -> dict[str, tenant_bm25.TenantStatistics]:
        sizes: dict[str, int | None] = {}
        for _, index, target, _ in searches:
            sizes[index] = None
            if target is not None:
                sizes[index] = await SIZES.count(db, target=target, user_id=user_id, ttl_s=settings.vector_size_cache_s)
        return await tenant_bm25.tenant_statistics(db, user_id=user_id, terms=terms, indexes=sizes)

    pool_size = k * settings.recall_fulltext_pool
    pools, stats = await asyncio.gather(
        asyncio.gather(
            *(
                db.read(name, user_id=user_id, index=index, lucene=text_query, k=pool_size, **extra)
                for name, index, _, extra in searches
            )
        ),
        statistics(),
    )
    return [
        tenant_bm25.rerank(pool, terms=terms, family=family, stats=stats[index], k=k)
        for pool, (_, index, _, _) in zip(pools, searches, strict=True)
    ]


async def _hydrate(
    db: Database,
    settings: Settings,
    *,
    user_id: str,
    fused: dict[str, float],
    kinds: dict[str, HitKind],
    stages: list[str],
    now: datetime,
) -> list[RecallHit]:
    """Read the fused candidates and score each: its RRF score · seed 002 §7's adjustment."""
    event_uids, memory_uids, impression_uids, trait_uids = (
        sorted(uid for uid in fused if kinds[uid] == kind) for kind in ("event", "memory", "impression", "trait")
    )
    events, memories, impressions, traits = await asyncio.gather(
        db.read("hydrate_events", user_id=user_id, uids=event_uids),
        db.read("hydrate_memories", user_id=user_id, uids=memory_uids),
        db.read("hydrate_impressions", user_id=user_id, uids=impression_uids),
        db.read("hydrate_traits", user_id=user_id, uids=trait_uids, stages=stages),
    )

    def scored(row: dict[str, Any], *, reinforced: Any, importance: float, boost: float = 0.0) -> float:
        return adjusted_score(
            fused[row["uid"]],
            age_days=_age_days(native(reinforced), now),
            importance=importance,
            trait_boost=boost,
            settings=settings,
        )

    hits: list[RecallHit] = []
    for row in events:
        occurred = native(row["occurred_at"])
        score = scored(row, reinforced=occurred, importance=0.0)
        hits.append(RecallHit(row["uid"], "event", _event_text(row), score, occurred, list(row["source_ids"])))
    for row in memories:
        occurred = native(row["occurred_at"])
        score = scored(row, reinforced=row["last_reinforced_at"] or occurred, importance=float(row["importance"] or 0))
        hits.append(
            RecallHit(
                row["uid"], "memory", row["content"], score, occurred, list(row["source_ids"]), row["memory_type"]
            )
        )
    for row in impressions:
        occurred = native(row["occurred_at"])
        score = scored(row, reinforced=occurred, importance=float(row["confidence"] or 0.0))
        hits.append(
            RecallHit(
                row["uid"],
                "impression",
                row["content"],
                score,
                occurred,
                list(row["source_ids"]),
                entity=row["entity"],
            )
        )
    for row in traits:
        occurred = native(row["occurred_at"])
        score = scored(
            row,
            reinforced=row["last_reinforced_at"] or occurred,
            importance=float(row["confidence"] or 0.0),
            boost=trait_boost(row["stage"], settings=settings.reflection),
        )
        hits.append(RecallHit(row["uid"], "trait", row["content"], score, occurred, list(row["source_ids"])))
    return hits


def drop_covered(hits: list[RecallHit]) -> list[RecallHit]:
    """Drop a hit whose source messages are all covered by better-ranked hits.

    A memory and the message it was extracted from (or two memories from one message) say the
    same thing; keeping the best-ranked one leaves room in the top k for other evidence. Traits
    are never dropped and cover nothing: they generalise over their evidence instead of repeating it.
    Hits with no source ids are kept.

    Measured on LoCoMo dev (scripts/bench/locomo.py): any@10 0.642 → 0.668, all@10 0.518 → 0.551.
    """
    covered: set[str] = set()
    kept = []
    for hit in hits:
        sources = set(hit.source_message_ids)
        if hit.kind != "trait":
            if sources and sources <= covered:
                continue
            covered |= sources
        kept.append(hit)
    return kept


async def _embed_query(embedder: Embedder, query: str) -> list[float]:
    vector: list[float] = (await embedder.embed_queries([query]))[0].tolist()
    return vector


def _event_text(row: dict[str, Any]) -> str:
    return f"{row['speaker']}: {row['content']}" if row["speaker"] else str(row["content"])


def _age_days(when: datetime | None, now: datetime) -> float | None:
    return None if when is None else (now - when).total_seconds() / 86_400.0
