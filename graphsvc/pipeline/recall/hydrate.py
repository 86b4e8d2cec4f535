"""Recall's last read: the fused candidates as hits, each scored by seed 002 §7's adjustment.

A hit's score is its reciprocal-rank-fusion score · ``(1 + recency + importance + trait_boost)``
(:func:`.fusion.adjusted_score`): recency counts from an event's time, a memory's or trait's last
reinforcement, an impression's newest evidence, a passage's document change; importance is a memory's
importance, an impression's confidence, a trait's stored confidence; the trait boost is its stage's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime

from graphsvc.config import Settings
from graphsvc.graph import recall_hits
from graphsvc.graph.database import Queries
from graphsvc.graph.recall_hits import RecalledEvent, RecalledPassage
from graphsvc.pipeline.recall.fusion import adjusted_score
from graphsvc.pipeline.recall.hits import HitKind, RecallHit
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.pipeline.reflection.confidence import trait_boost

Scorer = Callable[..., float]


async def hydrate(
    db: Queries,
    settings: Settings,
    *,
    user_id: str,
    fused: dict[str, float],
    kinds: dict[str, HitKind],
    scope: RecallScope,
    now: datetime,
) -> list[RecallHit]:
    """Read the fused candidates and score each: its RRF score · seed 002 §7's adjustment. At ``as_of``, a trait
    scores and reads as it was then, and an impression with no evidence said by then is left out.

    Args:
        fused: candidate uid → its fused score.
        kinds: candidate uid → its kind (every uid of ``fused`` is in it).

    Returns:
        one hit per candidate still stored (and in scope), in no particular order.
    """
    event_uids, memory_uids, impression_uids, trait_uids, chunk_uids = (
        sorted(uid for uid in fused if kinds[uid] == kind)
        for kind in ("event", "memory", "impression", "trait", "chunk")
    )
    events, memories, impressions, traits, passages = await asyncio.gather(
        recall_hits.events(db, user_id=user_id, uids=event_uids),
        recall_hits.memories(db, user_id=user_id, uids=memory_uids),
        recall_hits.impressions(db, user_id=user_id, uids=impression_uids),
        recall_hits.traits(db, user_id=user_id, uids=trait_uids, stages=scope.trait_stages),
        recall_hits.passages(db, user_id=user_id, uids=chunk_uids),
    )

    def scored(uid: str, *, reinforced: datetime | None, importance: float, boost: float = 0.0) -> float:
        return adjusted_score(
            fused[uid],
            age_days=_age_days(reinforced, now),
            importance=importance,
            trait_boost=boost,
            settings=settings,
        )

    hits: list[RecallHit] = []
    for event in events:
        score = scored(event.uid, reinforced=event.occurred_at, importance=0.0)
        hits.append(
            RecallHit(
                event.uid,
                "event",
                _event_text(event),
                score,
                event.occurred_at,
                list(event.source_ids),
                role=event.role,
                source_event_uids=event.source_uids,
            )
        )
    for memory in memories:
        score = scored(
            memory.uid,
            reinforced=memory.last_reinforced_at or memory.occurred_at,
            importance=float(memory.importance or 0),
        )
        hits.append(
            RecallHit(
                memory.uid,
                "memory",
                memory.content,
                score,
                memory.occurred_at,
                list(memory.source_ids),
                memory.memory_type,
                status=memory.status or "active",
                valid_from=memory.valid_from,
                valid_to=memory.valid_to,
                source_event_uids=memory.source_uids,
            )
        )
    for impression in impressions:
        if not scope.said_by(impression.first_said):
            continue
        score = scored(impression.uid, reinforced=impression.occurred_at, importance=impression.confidence or 0.0)
        hits.append(
            RecallHit(
                impression.uid,
                "impression",
                impression.content,
                score,
                impression.occurred_at,
                list(impression.source_ids),
                entity=impression.entity,
                source_event_uids=impression.source_uids,
            )
        )
    for trait in traits:
        then = scope.traits_then.get(trait.uid)
        stage, confidence, content = (
            (trait.stage, trait.confidence, trait.content)
            if then is None
            else (then.stage, then.confidence, then.content)
        )
        score = scored(
            trait.uid,
            reinforced=trait.last_reinforced_at or trait.occurred_at,
            importance=float(confidence or 0.0),
            boost=trait_boost(stage, settings=settings.reflection),
        )
        hits.append(RecallHit(trait.uid, "trait", content, score, trait.occurred_at, list(trait.source_ids)))
    hits += _passage_hits(passages, scored=scored, scope=scope)
    return hits


def _passage_hits(passages: list[RecalledPassage], *, scored: Scorer, scope: RecallScope) -> list[RecallHit]:
    """Passage hits (issue 15); at ``as_of`` only passages of documents stored by then."""
    hits = []
    for passage in passages:
        if not scope.said_by(passage.occurred_at):
            continue
        hits.append(
            RecallHit(
                passage.uid,
                "chunk",
                passage.content,
                scored(passage.uid, reinforced=passage.occurred_at, importance=0.0),
                passage.occurred_at,
                [],
                document_id=passage.document_uid,
                heading_path=list(passage.heading_path),
                title=passage.title or passage.filename,
            )
        )
    return hits


def _event_text(event: RecalledEvent) -> str:
    return f"{event.speaker}: {event.content}" if event.speaker else event.content


def _age_days(when: datetime | None, now: datetime) -> float | None:
    return None if when is None else (now - when).total_seconds() / 86_400.0
