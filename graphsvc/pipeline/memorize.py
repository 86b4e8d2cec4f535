"""The extraction job body: an ended session's new events → memories, entities, provenance.

Steps: read the session's not-yet-extracted events → extract (LLM or offline) → embed →
exact and near-duplicate decisions → ONE write transaction holding the new memories, the
reinforcements, history entries, provenance edges, MENTIONS edges, the events marked extracted
and the job marked SUCCEEDED. Entities, aliases and impressions come from the seed-000 pipeline
(``graphsvc.pipeline.impressions``), which runs just before that transaction in idempotent steps,
followed by embedding the user's impressions that have no vector yet (recall ranks them).
A crash before the commit leaves no memory behind; re-running finds no new events, so a job is
never applied twice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graphsvc.config import Settings
from graphsvc.embed.base import Embedder
from graphsvc.graph.database import Database
from graphsvc.llm.client import LLMCall
from graphsvc.pipeline import keys
from graphsvc.pipeline.dedup import Candidate, plan_dedup
from graphsvc.pipeline.extract import MemoryExtractor
from graphsvc.pipeline.extraction import ConversationMessage, ExtractedEntity, MemoryExtraction
from graphsvc.pipeline.impressions import identity
from graphsvc.pipeline.impressions.run import run_impression_pipeline
from graphsvc.pipeline.impressions.vectors import embed_missing_impressions

ACTOR = "extraction"
REFLECTION_JOB = "reflect"
"""The job queued when an extraction commits: ``reflect(session_ended=True)`` for the user."""


@dataclass
class ExtractionReport:
    """What one job did; ``llm_calls`` is empty on the offline path."""

    events: int = 0
    memories_created: int = 0
    memories_reinforced: int = 0
    entities: int = 0
    llm_calls: list[LLMCall] = field(default_factory=list)


async def run_extraction(
    *,
    db: Database,
    embedder: Embedder,
    extractor: MemoryExtractor,
    settings: Settings,
    user_id: str,
    session_id: str,
    job_uid: str,
    now: datetime,
) -> ExtractionReport:
    """Extract one session and commit the result together with the job's success.

    Raises:
        LLMError: the extractor's LLM call failed (nothing is written; the job is retried).
        neo4j errors: the write failed (rolled back; the job is retried).
    """
    report = ExtractionReport()
    rows = await db.read("session_events_pending", user_id=user_id, session_uid=keys.session_uid(user_id, session_id))
    report.events = len(rows)
    # Short per-conversation ids ("m1", "m2"...) keep prompts small; mapped back to event uids below.
    event_uids = {f"m{i + 1}": r["uid"] for i, r in enumerate(rows)}
    messages = [
        ConversationMessage(
            message_id=f"m{i + 1}",
            role=r["role"],
            speaker=r["speaker"],
            content=r["content"],
            occurred_at=r["occurred_at"].to_native(),
        )
        for i, r in enumerate(rows)
    ]
    extraction, calls = await extractor.extract(messages)
    # Entities, aliases and impressions (seed 000) commit first, in their own idempotent steps: if the
    # memory transaction below fails, the retried job runs them again and they change nothing.
    impressions = await run_impression_pipeline(
        db=db, settings=settings, llm=extractor.llm, user_id=user_id, messages=messages, event_uids=event_uids, now=now
    )
    await embed_missing_impressions(db, embedder, user_id=user_id)
    calls = [*calls, *impressions.llm_calls]
    report.entities = impressions.created_entities + impressions.updated_entities
    extraction = _with_event_uids(extraction, event_uids)
    report.llm_calls = calls
    candidates = await _candidates(extraction, embedder, user_id)
    exact, nearest = await _existing(db, user_id, candidates)
    plan = plan_dedup(
        candidates,
        exact=exact,
        nearest=nearest,
        threshold=settings.near_duplicate_threshold,
        floor=settings.similarity_floor,
    )
    report.memories_created = len(plan.creates)
    report.memories_reinforced = len(plan.reinforcements)
    links = await _mention_links(db, user_id, plan.creates, extraction.entities)
    common = {"user_id": user_id, "tenant_key": keys.tenant_key(user_id), "now": now, "actor": ACTOR}
    steps: list[tuple[str, dict[str, Any]]] = [
        ("create_memories", {**common, "memories": [_create_row(user_id, c) for c in plan.creates]}),
        (
            "reinforce_memories",
            {**common, "reinforcements": [_reinforce_row(uid, c) for uid, c in plan.reinforcements]},
        ),
        ("link_memory_entities", {**common, "links": links}),
        ("mark_events_extracted", {**common, "event_uids": [r["uid"] for r in rows]}),
        # Seed 002 §1: a conversation end is a reflection trigger. Queued in the same transaction,
        # so a committed extraction always has its reflection check to follow.
        (
            "create_job",
            {
                **common,
                "uid": keys.new_uid(),
                "kind": REFLECTION_JOB,
                "session_id": session_id,
                "session_uid": keys.session_uid(user_id, session_id),
            },
        ),
        (
            "finish_job",
            {
                **common,
                "uid": job_uid,
                "llm_calls": len(calls),
                "tokens_in": sum(c.tokens_in for c in calls),
                "tokens_out": sum(c.tokens_out for c in calls),
                "memories_created": report.memories_created,
                "memories_reinforced": report.memories_reinforced,
                "llm_log": json.dumps([c.__dict__ for c in calls]),
            },
        ),
    ]
    await db.write_many(steps)
    return report


def _with_event_uids(extraction: MemoryExtraction, event_uids: dict[str, str]) -> MemoryExtraction:
    """Replace the prompt's short message ids by event uids; ids the extractor invented are dropped."""

    def mapped(ids: list[str]) -> list[str]:
        return [event_uids[i] for i in ids if i in event_uids]

    memories = [
        m.model_copy(update={"source_message_ids": mapped(m.source_message_ids)})
        for m in extraction.memories
        if mapped(m.source_message_ids)
    ]
    entities = [e.model_copy(update={"source_message_ids": mapped(e.source_message_ids)}) for e in extraction.entities]
    return MemoryExtraction(memories=memories, entities=entities)


async def _candidates(extraction: MemoryExtraction, embedder: Embedder, user_id: str) -> list[Candidate]:
    memories = extraction.memories
    vectors = await embedder.embed_passages([m.content for m in memories], background=True)
    out = []
    for memory, vector in zip(memories, vectors, strict=True):
        digest = keys.content_hash(memory.content)
        out.append(
            Candidate(
                memory=memory,
                embedding=vector,
                content_hash=digest,
                dedup_key=keys.memory_dedup_key(user_id, memory.memory_type, digest),
                source_uids=list(memory.source_message_ids),
            )
        )
    return out


async def _existing(
    db: Database, user_id: str, candidates: list[Candidate]
) -> tuple[dict[str, str], dict[int, tuple[str, float]]]:
    if not candidates:
        return {}, {}
    exact_rows = await db.read("memories_by_dedup_key", user_id=user_id, keys=[c.dedup_key for c in candidates])
    exact = {r["dedup_key"]: r["uid"] for r in exact_rows}
    near_rows = await db.read(
        "nearest_memory_same_type",
        user_id=user_id,
        candidates=[
            {"idx": i, "memory_type": c.memory.memory_type, "embedding": c.embedding.tolist()}
            for i, c in enumerate(candidates)
        ],
    )
    nearest = {int(r["idx"]): (str(r["uid"]), float(r["cosine"])) for r in near_rows if r["uid"] is not None}
    return exact, nearest


def _create_row(user_id: str, c: Candidate) -> dict[str, Any]:
    return {
        "uid": keys.new_uid(),
        "history_uid": keys.new_uid(),
        "dedup_key": c.dedup_key,
        "memory_type": c.memory.memory_type,
        "content": c.memory.content,
        "content_hash": c.content_hash,
        "embedding": c.embedding.tolist(),
        "importance": c.memory.importance,
        "confidence": c.memory.confidence,
        "occurred_at": c.memory.occurred_at,
        "source_uids": c.source_uids,
    }


def _reinforce_row(uid: str, c: Candidate) -> dict[str, Any]:
    return {
        "uid": uid,
        "history_uid": keys.new_uid(),
        "content": c.memory.content,
        "confidence": c.memory.confidence,
        "importance": c.memory.importance,
        "source_uids": c.source_uids,
    }


async def _mention_links(
    db: Database, user_id: str, creates: list[Candidate], entities: list[ExtractedEntity]
) -> list[dict[str, str]]:
    """A new memory MENTIONS each entity one of whose names occurs in its text.

    Names come from the extractor and are resolved through the identity index (subject or alias,
    seed 000); a name matching more than one entity links none.
    """
    names = {keys.normalise_text(n) for e in entities for n in (e.name, *e.aliases)} - {""}
    index = await identity.lookup(db, user_id=user_id, names=names)
    links = []
    for cand in creates:
        text = f" {keys.normalise_text(cand.memory.content)} "
        for name in names:
            matches = index.matches(name)
            if len(matches) == 1 and f" {name} " in text:
                links.append({"dedup_key": cand.dedup_key, "entity_uid": matches[0].entity_uuid})
    return links
