"""The extraction job (seed 001): an ended session's new events → memories, entities, provenance.

Steps: read the session's not-yet-extracted events → detect the entities they mention (once, by rule:
:func:`graphsvc.pipeline.impressions.active.detect_mentions`) and bind them to known entities → extract
memories (LLM: one call per window returning the memories, the entity observations and a summary together; or
offline) → the seed-000 impression pipeline's aggregate → resolve → plan → validate → apply over those
observations (offline: its rule planner, fed the offline memories) → embed → exact and near-duplicate decisions
(the memory-writing wing, :mod:`graphsvc.pipeline.memories.run`) → ONE write transaction holding the new
memories, the reinforcements, history entries, provenance edges, MENTIONS edges, the events marked extracted,
the conversation's summary on its Session (``summaries``, the last ``SESSION_SUMMARIES`` extraction runs), the
low-confidence extractions as candidates, the reflection job it queues (:func:`graphsvc.graph.jobs.enqueue`),
the slots the memories touched put back in valid-time order (:mod:`graphsvc.pipeline.memories.supersession`,
issue 12) and the job marked SUCCEEDED. The impression pipeline's writes commit just
before that transaction in idempotent steps, followed by embedding the user's impressions that have no
vector yet (recall ranks them). A crash before the commit leaves no memory behind; re-running finds no
new events, so a job is never applied twice.

Low confidence: an extraction whose confidence is below ``CANDIDATE_CONFIDENCE_BELOW`` (0.5; an LLM's unsure
memory, or offline a pastime mentioned in passing, :mod:`graphsvc.rulebook.pastimes`, at 0.4; the keep rules never
rate below it) becomes a ``MemoryCandidate`` (origin ``conversation``, its source ``conversation:<session id>``, its
day the UTC day of its first message, the rule that made it) instead of a memory; the candidate rules of seed 003
decide whether it becomes one (:mod:`graphsvc.pipeline.sources.candidates`). One whose candidate was promoted to a
memory still active reinforces that memory instead. Such extractions feed no impression.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Literal

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.conversation import ConversationMessage
from graphsvc.errors import LLMError
from graphsvc.graph import catalog, document_entities, extraction_traces, jobs
from graphsvc.graph import events as stored_events
from graphsvc.graph import memories as memory_store
from graphsvc.graph import sources as stored_candidates
from graphsvc.graph import spaces as stored_spaces
from graphsvc.graph.database import NamedTx, Queries
from graphsvc.graph.extraction_traces import MessageTraceRecord, TraceOrigin
from graphsvc.graph.jobs import JobRow, JobUsage, commit_with_job
from graphsvc.graph.memories import MentionLink, NewMemory
from graphsvc.graph.sources import CandidateSighting
from graphsvc.llm.client import LLMCall
from graphsvc.pipeline.extraction import traces
from graphsvc.pipeline.extraction.contract import ExtractedMemory, MemoryExtraction
from graphsvc.pipeline.extraction.extractor import MemoryExtractor
from graphsvc.pipeline.impressions import observe
from graphsvc.pipeline.impressions import run as impressions
from graphsvc.pipeline.impressions.active import detect_mentions, mention_names
from graphsvc.pipeline.impressions.observe import ObservationRound
from graphsvc.pipeline.impressions.vectors import embed_missing_impressions
from graphsvc.pipeline.memories import paraphrases
from graphsvc.pipeline.memories import run as memories
from graphsvc.pipeline.memories.slots import offline_slot, split_speaker
from graphsvc.rulebook.extract import GroupVoice, MessageTrace
from graphsvc.runtime import Runtime
from graphsvc.spaces import group_of_session, space_kind

log = logging.getLogger(__name__)
ACTOR = "extraction"
SESSION_SUMMARIES = 3


@dataclass
class ExtractionReport:
    """What one job did; ``llm_calls`` is empty on the offline path."""

    events: int = 0
    memories_created: int = 0
    memories_reinforced: int = 0
    memories_superseded: int = 0
    entities: int = 0
    candidate_uids: list[str] = field(default_factory=list)
    """The candidates its low-confidence extractions created or reinforced (the caller promotes the due ones)."""
    summary: str = ""
    llm_calls: list[LLMCall] = field(default_factory=list)
    fallback_reason: str | None = None
    """Set when an LLM is configured but failed every attempt, and the offline rulebook extracted instead."""


@dataclass(frozen=True)
class EndedConversation:
    """A session's not-yet-extracted events as the extractors read them: messages with short ids
    ("m1", "m2"... keep prompts small) and the event uid behind each id."""

    messages: list[ConversationMessage]
    event_uids: dict[str, str]
    message_ids: dict[str, str] = field(default_factory=dict)
    """Short id → the message id its caller knows (the event's ``source_id``)."""


async def read_conversation(db: Queries, *, user_id: str, session_id: str) -> EndedConversation:
    """The session's events not extracted yet, in time order (empty when none is left)."""
    events = await stored_events.pending_messages(db, user_id=user_id, session_id=session_id)
    messages = [
        ConversationMessage(
            message_id=f"m{i + 1}",
            role=e.role,
            speaker=e.speaker,
            speaker_id=e.speaker_id,
            content=e.content,
            occurred_at=e.occurred_at,
        )
        for i, e in enumerate(events)
    ]
    return EndedConversation(
        messages=messages,
        event_uids={f"m{i + 1}": e.uid for i, e in enumerate(events)},
        message_ids={f"m{i + 1}": e.source_id for i, e in enumerate(events)},
    )


async def _voice(db: Queries, space_id: str, session_id: str) -> GroupVoice | None:
    """The side of a group's conversation a session is extracted for (:func:`graphsvc.rulebook.extract.in_voice`):
    the group's, in the group's space; the member's, in a member's copy (:func:`graphsvc.spaces.group_of_session`);
    None for anyone else's conversation."""
    side: Literal["group", "member"] = "group" if space_kind(space_id) == "group" else "member"
    group_id = space_id if side == "group" else group_of_session(session_id)
    if group_id is None:
        return None
    found = await stored_spaces.group(db, group_id=group_id)
    return GroupVoice(found.name if found is not None else group_id.removeprefix("group:"), side)


async def run(rt: Runtime, *, job: JobRow) -> ExtractionReport:
    """Extract one ended session and commit the result together with the job's success.

    Args:
        rt: the runtime (``rt.llm`` None: the offline extractor and planner).
        job: the claimed ``extract_memories`` job (its user and session).

    Returns:
        what the job did (also written on the Job node).

    Raises:
        LLMError: an LLM call failed on an attempt before the last (no memory is written; the job is retried). On
            the last attempt (``JOBS__MAX_ATTEMPTS``) the offline rulebook extracts instead, the report says why
            (``fallback_reason``) and the memories carry their rules' ids.
        neo4j errors: the write failed (rolled back; the job is retried).
    """
    db, settings, now = rt.db, rt.settings, rt.clock()
    user_id, session_id = job.user_id, job.session_id or ""
    conversation = await read_conversation(db, user_id=user_id, session_id=session_id)
    messages, event_uids = conversation.messages, conversation.event_uids
    report = ExtractionReport(events=len(messages))
    # The English pipeline (spaCy) is CPU work of tens of milliseconds per message: off the event loop.
    mentions = await asyncio.to_thread(detect_mentions, messages)
    prepared = await impressions.prepare(rt, user_id=user_id, messages=messages, mentions=mentions)
    extractor = MemoryExtractor(
        llm=rt.llm,
        window_tokens=settings.extraction.window_tokens,
        rules=rt.rules,
        voice=await _voice(db, user_id, session_id),
    )
    failed_usage = (0, 0, 0)  # the LLM calls an attempt paid for before the rulebook stepped in
    try:
        result = await extractor.extract_all(messages, active=prepared.active)
    except LLMError as exc:
        if job.attempts < settings.jobs.max_attempts:
            raise  # retried later: the endpoint may be back
        # Every attempt failed: the rulebook extracts instead of leaving the user with nothing.
        log.warning("extraction job %s: the LLM failed every attempt (%s); the offline rules extract", job.uid, exc)
        report.fallback_reason = exc.message
        failed_usage = (exc.llm_calls, exc.tokens_in, exc.tokens_out)
        result = await extractor.extract_by_rules(messages)
    by_rules = rt.llm is None or report.fallback_reason is not None
    extraction, calls = result.extraction, result.calls
    # Entities, aliases and impressions (seed 000) commit first, in their own idempotent steps: if the
    # memory transaction below fails, the retried job runs them again and they change nothing. With an LLM
    # the observations came with the memories (one call per window); offline the rules plan them.
    # What the speaker is known to have said of themselves: a sighting waiting as a candidate is no impression yet.
    stated = [m for m in extraction.memories if m.confidence >= settings.candidates.confidence_below]
    if result.observations is not None:
        observed: ObservationRound | None = ObservationRound(plans=result.observations)
    elif by_rules and rt.llm is not None:  # the LLM failed: the offline planner observes the entities too
        observed = await observe.run(
            llm=None,
            active=prepared.active,
            messages=messages,
            settings=settings.impressions,
            statements=stated,
        )
    else:
        observed = None
    entity_run = await impressions.run(
        rt,
        user_id=user_id,
        messages=messages,
        event_uids=event_uids,
        statements=stated if by_rules else (),
        prepared=prepared,
        observed=observed,
    )
    await embed_missing_impressions(db, rt.embedder, user_id=user_id)
    # The user's own words named these entities: each links to the document entities of its names (issue 22).
    await document_entities.link(db, user_id=user_id)
    calls = [*calls, *entity_run.llm_calls]
    report.entities = entity_run.created_entities + entity_run.updated_entities
    extraction = with_feature_slots(extraction, entity_run.features)
    extraction = _with_event_uids(extraction, event_uids)
    report.llm_calls = calls
    report.summary = extraction.summary
    kept, doubtful = split_by_confidence(extraction.memories, below=settings.candidates.confidence_below)
    sightings = candidate_sightings(
        doubtful, user_id=user_id, session_id=session_id, messages=conversation, now=now, settings=settings
    )
    # A candidate promoted already waits no more: a sighting of it reinforces the memory it became (seed 003: a
    # statement said again is a reinforcement), so a pastime mentioned in a third conversation counts a third time.
    promoted = await stored_candidates.promoted_to_active(db, user_id=user_id, uids=[s.uid for s in sightings])
    kept += [m for m, s in zip(doubtful, sightings, strict=True) if s.uid in promoted]
    doubtful = [m for m, s in zip(doubtful, sightings, strict=True) if s.uid not in promoted]
    sightings = [s for s in sightings if s.uid not in promoted]
    report.candidate_uids = [s.uid for s in sightings]
    times = {event_uids[m.message_id]: m.occurred_at for m in messages}
    writes = await memories.prepare(
        rt,
        user_id=user_id,
        memories=kept,
        event_times=times,
        origin="extraction",
        default_valid_from=now,
        background=True,
    )
    report.memories_created = len(writes.creates)
    report.memories_reinforced = len(writes.reinforcements)
    links = mention_links(writes.creates, names=mention_names(mentions), entity_names=entity_run.entity_names)
    usage = JobUsage(
        llm_calls=len(calls) + failed_usage[0],
        tokens_in=sum(c.tokens_in for c in calls) + failed_usage[1],
        tokens_out=sum(c.tokens_out for c in calls) + failed_usage[2],
        memories_created=report.memories_created,
        memories_reinforced=report.memories_reinforced,
        llm_log=json.dumps([c.__dict__ for c in calls]),
        extractor="rules" if by_rules else "llm",
        fallback_reason=report.fallback_reason,
    )

    async def alongside(tx: NamedTx, landed: memories.Landed) -> None:
        await memory_store.link_entities(tx, user_id=user_id, links=links)
        await stored_events.mark_extracted(tx, user_id=user_id, event_uids=list(event_uids.values()), now=now)
        await paraphrases.record(tx, user_id=user_id, sightings=sightings, origin="conversation", now=now)
        await stored_events.add_session_summary(
            tx, user_id=user_id, session_id=session_id, summary=extraction.summary, keep=SESSION_SUMMARIES, now=now
        )
        # Seed 002 §1: a conversation end is a reflection trigger. Queued in the same transaction,
        # so a committed extraction always has its reflection check to follow; a reflection already running
        # (another session's) does not count, as it may have read the memories before these were written.
        # A group's or an agent's space holds no traits (the catalog says where traits may live).
        if not catalog.may_hold("Trait", user_id):
            return
        await jobs.enqueue(
            tx,
            user_id=user_id,
            kind="reflect",
            now=now,
            coalesce_on=user_id,
            session_id=session_id,
            priority=job.priority,
            request_id=job.request_id,
            coalesce_running=False,
        )

    origin = TraceOrigin(
        job_uid=job.uid,
        extractor="rules" if by_rules else "llm",
        llm_provider=None if by_rules else settings.llm.provider,
        llm_model=None if by_rules else settings.llm.model,
        fallback_reason=report.fallback_reason,
    )

    async def work(tx: NamedTx) -> int:
        committed = await memories.run(tx, writes, user_id=user_id, now=now, actor=ACTOR, before_settling=alongside)
        landing = traces.Landing(
            kept=kept,
            placements=writes.placements,
            landed_on=committed.landed_on,
            successors=committed.successors,
            doubtful=doubtful,
            candidate_uids=report.candidate_uids,
        )
        recorded = message_traces(conversation, session_id=session_id, judged=result.judged if by_rules else None)
        await extraction_traces.write(tx, user_id=user_id, origin=origin, traces=recorded(landing), now=now)
        await jobs.finish(tx, job, usage=usage, now=now)
        return len(committed.superseded)

    # Only while this process still owns the job (its lease was not taken over): else nothing commits.
    report.memories_superseded = await commit_with_job(db, job, now=now, work=work)
    return report


def message_traces(
    conversation: EndedConversation, *, session_id: str, judged: Sequence[MessageTrace] | None
) -> Callable[[traces.Landing], list[MessageTraceRecord]]:
    """The traces of the job's messages once its memories have landed (:mod:`.traces`): the rulebook's judgements
    when it extracted (``judged``), else what the LLM took from each message."""
    messages = [
        traces.TracedMessage(
            message=m,
            event_uid=conversation.event_uids[m.message_id],
            message_id=conversation.message_ids[m.message_id],
        )
        for m in conversation.messages
    ]

    def build(landing: traces.Landing) -> list[MessageTraceRecord]:
        if judged is not None:
            return traces.by_rules(messages, session_id=session_id, judged=judged, landing=landing)
        return traces.by_llm(messages, session_id=session_id, landing=landing)

    return build


def with_feature_slots(
    extraction: MemoryExtraction, features: list[tuple[list[str], str, str, list[str]]]
) -> MemoryExtraction:
    """A memory the slot rules do not know takes the key of the one feature its speaker's entity was given
    from the same messages with a value the memory states ("Ana: Porto is home now." and Ana's ``lives_in:
    Porto``): entity feature keys are slots (issue 12).

    Pure; a memory that states several such features keeps no slot (ambiguous).
    """
    out = []
    for memory in extraction.memories:
        speaker, statement = split_speaker(memory.stated_as or memory.content)
        if memory.slot is None and speaker is not None and offline_slot(statement, memory.memory_type) is None:
            name, sources = keys.normalise_text(speaker), set(memory.source_message_ids)
            text = f" {keys.normalise_text(statement)} "
            found = {
                key
                for names, key, value, ids in features
                if name in names and sources & set(ids) and f" {keys.normalise_text(value)} " in text
            }
            if len(found) == 1:
                memory = memory.model_copy(update={"slot": found.pop()})
        out.append(memory)
    return MemoryExtraction(memories=out, summary=extraction.summary)


def split_by_confidence(
    memories: list[ExtractedMemory], *, below: float
) -> tuple[list[ExtractedMemory], list[ExtractedMemory]]:
    """(memories kept, memories whose confidence is below ``below``: candidates), order kept (pure).

    A confidence equal to ``below`` is kept; ``below`` 0 keeps everything.
    """
    kept = [m for m in memories if m.confidence >= below]
    return kept, [m for m in memories if m.confidence < below]


def candidate_sightings(
    memories: list[ExtractedMemory],
    *,
    user_id: str,
    session_id: str,
    messages: EndedConversation,
    now: datetime,
    settings: Settings,
) -> list[CandidateSighting]:
    """The candidates of low-confidence extractions (their sources already event uids). Pure.

    Returns:
        one per memory: source ``conversation:<session id>``, day the UTC day of its earliest message.
    """
    sent = {messages.event_uids[m.message_id]: m.occurred_at for m in messages.messages}
    out = []
    for memory in memories:
        digest = keys.content_hash(memory.content)
        first = min(sent[uid] for uid in memory.source_message_ids)
        out.append(
            CandidateSighting(
                uid=keys.candidate_uid(user_id, memory.memory_type, digest),
                memory_type=memory.memory_type,
                content=memory.content,
                content_hash=digest,
                importance=memory.importance,
                confidence=memory.confidence,
                occurred_at=memory.occurred_at,
                day=first.astimezone(UTC).date().isoformat(),
                source=f"conversation:{session_id}",
                expires_at=now + timedelta(days=settings.candidates.ttl_days),
                event_uids=tuple(memory.source_message_ids),
                rule_id=memory.rule_id,
            )
        )
    return out


def _with_event_uids(extraction: MemoryExtraction, event_uids: dict[str, str]) -> MemoryExtraction:
    """Replace the prompt's short message ids by event uids; ids the extractor invented are dropped."""

    def mapped(ids: list[str]) -> list[str]:
        return [event_uids[i] for i in ids if i in event_uids]

    memories = [
        m.model_copy(update={"source_message_ids": mapped(m.source_message_ids)})
        for m in extraction.memories
        if mapped(m.source_message_ids)
    ]
    return MemoryExtraction(memories=memories, summary=extraction.summary)


def mention_links(
    creates: Sequence[NewMemory], *, names: set[str], entity_names: dict[str, list[str]]
) -> list[MentionLink]:
    """A new memory MENTIONS each entity one of whose names occurs in its text (pure).

    Args:
        creates: the memories about to be created.
        names: the normalised names of the conversation's entity mentions.
        entity_names: normalised name → subject keys of the user's entities bearing it after the impression
            pipeline (:attr:`graphsvc.pipeline.impressions.run.ImpressionReport.entity_names`); a name
            borne by more than one entity links none (seed 000: ambiguous, never guessed).

    Returns:
        one link per (memory, entity), the memory named by its exact-duplicate key.
    """
    links = []
    for memory in creates:
        text = f" {keys.normalise_text(memory.content)} "
        for name in sorted(names):
            owners = entity_names.get(name, [])
            if len(owners) == 1 and f" {name} " in text:
                links.append(MentionLink(dedup_key=memory.dedup_key, subject_key=owners[0]))
    return links
