"""The extraction job (seed 001): an ended session's new events → memories, entities, provenance.

Steps: read the session's not-yet-extracted events → detect the entities they mention (once, by rule:
:func:`graphsvc.pipeline.impressions.active.detect_mentions`) → extract memories (LLM or offline) →
the seed-000 impression pipeline over the same mentions (and, offline, the same rule pass) → embed →
exact and near-duplicate decisions → ONE write transaction holding the new memories, the
reinforcements, history entries, provenance edges, MENTIONS edges, the events marked extracted, the
reflection job it queues and the job marked SUCCEEDED. The impression pipeline's writes commit just
before that transaction in idempotent steps, followed by embedding the user's impressions that have no
vector yet (recall ranks them). A crash before the commit leaves no memory behind; re-running finds no
new events, so a job is never applied twice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from graphsvc import keys
from graphsvc.conversation import ConversationMessage
from graphsvc.embed.base import Embedder
from graphsvc.graph.database import Database
from graphsvc.graph.jobs import JobRow, commit_with_job
from graphsvc.llm.client import LLMCall
from graphsvc.pipeline.extraction.contract import MemoryExtraction
from graphsvc.pipeline.extraction.dedup import Candidate, plan_dedup
from graphsvc.pipeline.extraction.extractor import MemoryExtractor
from graphsvc.pipeline.impressions import run as impressions
from graphsvc.pipeline.impressions.active import detect_mentions, mention_names
from graphsvc.pipeline.impressions.vectors import embed_missing_impressions
from graphsvc.runtime import Runtime
from graphsvc.vocabulary import JOB_PRIORITY_RANK

ACTOR = "extraction"


@dataclass
class ExtractionReport:
    """What one job did; ``llm_calls`` is empty on the offline path."""

    events: int = 0
    memories_created: int = 0
    memories_reinforced: int = 0
    entities: int = 0
    llm_calls: list[LLMCall] = field(default_factory=list)


@dataclass(frozen=True)
class EndedConversation:
    """A session's not-yet-extracted events as the extractors read them: messages with short ids
    ("m1", "m2"... keep prompts small) and the event uid behind each id."""

    messages: list[ConversationMessage]
    event_uids: dict[str, str]


async def read_conversation(db: Database, *, user_id: str, session_id: str) -> EndedConversation:
    """The session's events not extracted yet, in time order (empty when none is left)."""
    rows = await db.read("session_events_pending", user_id=user_id, session_uid=keys.session_uid(user_id, session_id))
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
    return EndedConversation(messages=messages, event_uids={f"m{i + 1}": r["uid"] for i, r in enumerate(rows)})


async def run(rt: Runtime, *, job: JobRow) -> ExtractionReport:
    """Extract one ended session and commit the result together with the job's success.

    Args:
        rt: the runtime (``rt.llm`` None: the offline extractor and planner).
        job: the claimed ``extract_memories`` job (its user and session).

    Returns:
        what the job did (also written on the Job node).

    Raises:
        LLMError: an LLM call failed (no memory is written; the job is retried).
        neo4j errors: the write failed (rolled back; the job is retried).
    """
    db, settings, now = rt.db, rt.settings, rt.clock()
    user_id, session_id = job.user_id, job.session_id or ""
    conversation = await read_conversation(db, user_id=user_id, session_id=session_id)
    messages, event_uids = conversation.messages, conversation.event_uids
    report = ExtractionReport(events=len(messages))
    mentions = detect_mentions(messages)
    extractor = MemoryExtractor(llm=rt.llm, window_tokens=settings.extraction_window_tokens)
    extraction, calls = await extractor.extract(messages)
    # Entities, aliases and impressions (seed 000) commit first, in their own idempotent steps: if the
    # memory transaction below fails, the retried job runs them again and they change nothing.
    entity_run = await impressions.run(
        rt,
        user_id=user_id,
        messages=messages,
        event_uids=event_uids,
        mentions=mentions,
        statements=extraction.memories if rt.llm is None else (),
    )
    await embed_missing_impressions(db, rt.embedder, user_id=user_id)
    calls = [*calls, *entity_run.llm_calls]
    report.entities = entity_run.created_entities + entity_run.updated_entities
    extraction = _with_event_uids(extraction, event_uids)
    report.llm_calls = calls
    candidates = await _candidates(extraction, rt.embedder, user_id)
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
    links = mention_links(plan.creates, names=mention_names(mentions), entity_names=entity_run.entity_names)
    common = {"user_id": user_id, "tenant_key": keys.tenant_key(user_id), "now": now, "actor": ACTOR}
    steps: list[tuple[str, dict[str, Any]]] = [
        ("create_memories", {**common, "memories": [_create_row(c) for c in plan.creates]}),
        (
            "reinforce_memories",
            {**common, "reinforcements": [_reinforce_row(uid, c) for uid, c in plan.reinforcements]},
        ),
        ("link_memory_entities", {**common, "links": links}),
        ("mark_events_extracted", {**common, "event_uids": list(event_uids.values())}),
        # Seed 002 §1: a conversation end is a reflection trigger. Queued in the same transaction,
        # so a committed extraction always has its reflection check to follow.
        (
            "create_job",
            {
                **common,
                "uid": keys.new_uid(),
                "kind": "reflect",
                "session_id": session_id,
                "session_uid": keys.session_uid(user_id, session_id),
                "priority": JOB_PRIORITY_RANK[job.priority],
                "dedup_key": keys.job_dedup_key("reflect", user_id),
                "request_id": job.request_id,
            },
        ),
        (
            "finish_job",
            {
                **common,
                "uid": job.uid,
                "owner": job.owner,
                "llm_calls": len(calls),
                "tokens_in": sum(c.tokens_in for c in calls),
                "tokens_out": sum(c.tokens_out for c in calls),
                "memories_created": report.memories_created,
                "memories_reinforced": report.memories_reinforced,
                "llm_log": json.dumps([c.__dict__ for c in calls]),
            },
        ),
    ]
    # Only while this process still owns the job (its lease was not taken over): else nothing commits.
    await commit_with_job(db, job, now=now, work=lambda tx: tx.write_many(steps))
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
    return MemoryExtraction(memories=memories)


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


def _create_row(c: Candidate) -> dict[str, Any]:
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


def mention_links(
    creates: list[Candidate], *, names: set[str], entity_names: dict[str, list[str]]
) -> list[dict[str, str]]:
    """A new memory MENTIONS each entity one of whose names occurs in its text (pure).

    Args:
        creates: the memories about to be created.
        names: the normalised names of the conversation's entity mentions.
        entity_names: normalised name → subject keys of the user's entities bearing it after the impression
            pipeline (:attr:`graphsvc.pipeline.impressions.run.ImpressionReport.entity_names`); a name
            borne by more than one entity links none (seed 000: ambiguous, never guessed).

    Returns:
        ``[{"dedup_key", "subject_key"}]`` rows for the ``link_memory_entities`` statement.
    """
    links = []
    for cand in creates:
        text = f" {keys.normalise_text(cand.memory.content)} "
        for name in sorted(names):
            owners = entity_names.get(name, [])
            if len(owners) == 1 and f" {name} " in text:
                links.append({"dedup_key": cand.dedup_key, "subject_key": owners[0]})
    return links
