"""GraphQL types. Converted from domain objects in one place each (``from_domain``)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry

from graphsvc.api.recall_types import RecallExplanation
from graphsvc.api.rule_types import RulebookRule
from graphsvc.api.space_types import SpaceKind
from graphsvc.service.views import ContextLine as DomainContextLine
from graphsvc.service.views import EventsOutcome, IngestOutcome, JobRow, MemoryView, MessageIn, Turn
from graphsvc.service.views import MemoryContext as DomainMemoryContext
from graphsvc.service.views import MemoryPage as DomainMemoryPage
from graphsvc.service.views import RecallHit as DomainRecallHit
from graphsvc.validation import require_aware


@strawberry.enum
class JobStatus(Enum):
    PENDING = "PENDING"
    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"


@strawberry.enum(description="Interactive jobs are claimed before bulk work.")
class JobPriority(Enum):
    INTERACTIVE = "interactive"
    BULK = "bulk"


@strawberry.enum
class MemoryType(Enum):
    FACT = "fact"
    PREFERENCE = "preference"
    GOAL = "goal"
    PAIN_POINT = "pain_point"
    EVENT = "event"


@strawberry.enum(description="Where a memory is in its life (issue 12).")
class MemoryStatus(Enum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    ARCHIVED = "archived"
    FORGOTTEN = "forgotten"


@strawberry.enum(description="Who asserted a memory: the extraction job, the user, or an agent.")
class MemoryOrigin(Enum):
    EXTRACTION = "extraction"
    USER = "user"
    AGENT = "agent"


@strawberry.input(description="One conversation message.")
class MessageInput:
    role: str = strawberry.field(description="user, assistant, or another role name")
    content: str
    occurred_at: datetime = strawberry.field(description="When it was said (ISO-8601; no zone means UTC)")
    message_id: str | None = strawberry.field(
        default=None, description="The caller's id; the same id is stored once (idempotent delivery)"
    )
    speaker: str | None = strawberry.field(default=None, description="Display name of who said it")
    speaker_id: str | None = strawberry.field(
        default=None,
        description="The user id of who said it, when known. In a group's conversation (userId group:<name>) it "
        "must name a member: what they say there also becomes their own memory",
    )

    def to_domain(self) -> MessageIn:
        return MessageIn(
            role=self.role,
            content=self.content,
            occurred_at=require_aware("occurredAt", self.occurred_at),
            message_id=self.message_id,
            speaker=self.speaker,
            speaker_id=self.speaker_id,
        )


@strawberry.input(description="One turn of the conversation so far, for recall and memoryContext.")
class TurnInput:
    role: str = strawberry.field(description="user, assistant, or another role name")
    content: str
    speaker: str | None = strawberry.field(default=None, description="Display name of who said it")

    def to_domain(self) -> Turn:
        return Turn(role=self.role, content=self.content, speaker=self.speaker)


@strawberry.input
class IngestMessagesInput:
    user_id: str
    session_id: str
    messages: list[MessageInput]


@strawberry.type
class IngestResult:
    stored: int = strawberry.field(description="Messages stored now")
    duplicates: int = strawberry.field(description="Messages already stored before (no change)")
    message_ids: list[str] = strawberry.field(description="Ids of the messages, derived where none was given")
    event_ids: list[str] = strawberry.field(
        default_factory=list,
        description="ingestEvents: the stored event ids in input order (message ids for conversation events)",
    )
    new_versions: int = strawberry.field(
        default=0, description="ingestEvents: stored events that replaced an earlier version of their source"
    )
    candidates: int = strawberry.field(default=0, description="ingestEvents: candidates created or reinforced")
    promoted: int = strawberry.field(
        default=0,
        description="ingestEvents: candidates that met a promotion rule; a background job (in jobIds) makes them "
        "memories moments later",
    )
    job_ids: list[strawberry.ID] = strawberry.field(
        default_factory=list,
        description="Background jobs queued by this call: the vectors of the stored events (until its job is done an "
        "event is found by full-text and graph recall, not by similarity) and the promotion of due candidates",
    )

    @classmethod
    def from_domain(cls, outcome: IngestOutcome) -> IngestResult:
        return cls(
            stored=outcome.stored,
            duplicates=outcome.duplicates,
            message_ids=outcome.message_ids,
            job_ids=[strawberry.ID(outcome.job_id)] if outcome.job_id else [],
        )

    @classmethod
    def from_events(cls, outcome: EventsOutcome) -> IngestResult:
        return cls(
            stored=outcome.stored,
            duplicates=outcome.duplicates,
            message_ids=[],
            event_ids=outcome.event_ids,
            new_versions=outcome.new_versions,
            candidates=outcome.candidates,
            promoted=outcome.promoted,
            job_ids=[strawberry.ID(uid) for uid in outcome.job_ids],
        )


@strawberry.type
class Job:
    id: strawberry.ID
    status: JobStatus
    error: str | None
    kind: str
    user_id: str
    session_id: str | None
    attempts: int
    created_at: datetime | None
    updated_at: datetime | None
    llm_calls: int = strawberry.field(description="LLM calls made by this job (0 on the offline path)")
    tokens_in: int
    tokens_out: int
    memories_created: int
    memories_reinforced: int
    priority: JobPriority
    cancel_requested: bool = strawberry.field(description="cancelJob asked this RUNNING job to stop")
    extractor: str | None = strawberry.field(
        description="A finished extraction job: llm, or rules (the offline rulebook extracted); null for other jobs"
    )
    fallback_reason: str | None = strawberry.field(
        description="Why the offline rulebook extracted although an LLM is configured: the LLM's error on the last "
        "attempt (its memories carry their rules' ids); null when it did not have to"
    )

    @classmethod
    def from_domain(cls, job: JobRow) -> Job:
        return cls(
            id=strawberry.ID(job.uid),
            status=JobStatus(job.status),
            error=job.error,
            kind=job.kind,
            user_id=job.user_id,
            session_id=job.session_id,
            attempts=job.attempts,
            created_at=job.created_at,
            updated_at=job.updated_at,
            llm_calls=job.llm_calls,
            tokens_in=job.tokens_in,
            tokens_out=job.tokens_out,
            memories_created=job.memories_created,
            memories_reinforced=job.memories_reinforced,
            priority=JobPriority(job.priority),
            cancel_requested=job.cancel_requested,
            extractor=job.extractor,
            fallback_reason=job.fallback_reason,
        )


@strawberry.type
class RecallHit:
    id: strawberry.ID
    kind: str = strawberry.field(
        description="memory, event, impression, trait (seed 002 §7) or chunk (a document passage)"
    )
    content: str
    score: float
    occurred_at: datetime | None
    source_message_ids: list[str] = strawberry.field(
        description="For a memory, the messages it was extracted from; for an event, its own id; for an "
        "impression, the messages its evidence came from; for a trait, the messages of the memories its "
        "supporting evidence cites"
    )
    memory_type: str | None = strawberry.field(
        description="fact, preference, goal, pain_point or event; null for events"
    )
    entity: str | None = strawberry.field(
        default=None, description="For an impression, the subject of the entity it characterises; else null"
    )
    status: MemoryStatus | None = strawberry.field(
        default=None,
        description="For a memory: ACTIVE (SUPERSEDED only with includeSuperseded or asOf). For a message or an "
        "impression that states only superseded beliefs: SUPERSEDED (such hits appear only with includeSuperseded "
        "or asOf); else null",
    )
    valid_from: datetime | None = strawberry.field(
        default=None, description="For a memory: when it began to hold in the user's life"
    )
    valid_to: datetime | None = strawberry.field(
        default=None, description="For a memory: when a newer value replaced it; null while it holds"
    )
    document_id: strawberry.ID | None = strawberry.field(default=None, description="For a chunk, its document")
    heading_path: list[str] = strawberry.field(
        default_factory=list, description="For a chunk, the headings above it, outermost first"
    )
    title: str | None = strawberry.field(default=None, description="For a chunk, its document's title")
    last_confirmed_at: datetime | None = strawberry.field(
        default=None,
        description="When it was last said or confirmed (its recency counts from here): a memory's newest message "
        "or last reinforcement, a trait's last reinforcement, an impression's newest evidence, a message's own "
        "time, a passage's document's last change",
    )
    explanation: RecallExplanation | None = strawberry.field(
        default=None, description="Why the hit ranked where it did; null unless recall was asked to explain"
    )
    space: str | None = strawberry.field(
        default=None,
        description="The memory space it came from: the user's own id, a group's (group:<name>) or an agent's "
        "(agent:<name>)",
    )
    space_kind: SpaceKind | None = strawberry.field(default=None, description="Whose memory that space is")

    @classmethod
    def from_domain(cls, hit: DomainRecallHit) -> RecallHit:
        return cls(
            id=strawberry.ID(hit.uid),
            kind=hit.kind,
            content=hit.content,
            score=hit.score,
            occurred_at=hit.occurred_at,
            source_message_ids=hit.source_message_ids,
            memory_type=hit.memory_type,
            entity=hit.entity,
            status=MemoryStatus(hit.status) if hit.status else None,
            valid_from=hit.valid_from,
            valid_to=hit.valid_to,
            document_id=strawberry.ID(hit.document_id) if hit.document_id else None,
            heading_path=hit.heading_path,
            title=hit.title,
            last_confirmed_at=hit.last_confirmed_at,
            explanation=None
            if hit.explanation is None
            else RecallExplanation.from_domain(hit.explanation, final_score=hit.score),
            space=hit.space,
            space_kind=None if hit.space is None else SpaceKind.of(hit.space),
        )


@strawberry.type(
    description="A typed memory (seed 001): extracted from conversations or remembered, with its status and "
    "valid time (issue 12)."
)
class Memory:
    id: strawberry.ID
    type: MemoryType
    content: str
    confidence: float
    importance: float
    reinforcement_count: int
    created_at: datetime | None
    last_reinforced_at: datetime | None
    occurred_at: datetime | None = strawberry.field(description="For event memories: when it happened")
    source_message_ids: list[str]
    status: MemoryStatus
    valid_from: datetime | None = strawberry.field(description="When it began to hold in the user's life")
    valid_to: datetime | None = strawberry.field(description="When a newer value replaced it; null while it holds")
    slot: str | None = strawberry.field(
        description="What it is a value of (lives_in, occupation, likes:sushi...); a newer value supersedes it"
    )
    origin: MemoryOrigin = strawberry.field(description="Who asserted it: EXTRACTION (messages), USER or AGENT")
    superseded_by: strawberry.ID | None = strawberry.field(description="The memory that replaced it, if any")
    rule_id: str | None = strawberry.field(
        description="The offline rulebook's rule that kept it (e.g. en.keep.allergy); null when an LLM or a person "
        "made it. See the rule field, or the rules query, for what the rule decides"
    )

    @strawberry.field(description="The offline rulebook's rule that kept it, with its examples and precision")
    def rule(self) -> RulebookRule | None:
        return RulebookRule.by_id(self.rule_id)

    @classmethod
    def from_domain(cls, view: MemoryView) -> Memory:
        return cls(
            id=strawberry.ID(view.uid),
            type=MemoryType(view.memory_type),
            content=view.content,
            confidence=view.confidence,
            importance=view.importance,
            reinforcement_count=view.reinforcement_count,
            created_at=view.created_at,
            last_reinforced_at=view.last_reinforced_at,
            occurred_at=view.occurred_at,
            source_message_ids=view.source_message_ids,
            status=MemoryStatus(view.status),
            valid_from=view.valid_from,
            valid_to=view.valid_to,
            slot=view.slot,
            origin=MemoryOrigin(view.origin),
            superseded_by=strawberry.ID(view.superseded_by) if view.superseded_by else None,
            rule_id=view.rule_id,
        )


@strawberry.type(description="A page of memories; pass nextCursor as `after` for the next page.")
class MemoryPage:
    items: list[Memory]
    next_cursor: str | None

    @classmethod
    def from_domain(cls, page: DomainMemoryPage) -> MemoryPage:
        return cls(items=[Memory.from_domain(v) for v in page.items], next_cursor=page.next_cursor)


@strawberry.enum(description="A section of memoryContext's block, in the block's order.")
class ContextSection(Enum):
    TRAITS = strawberry.enum_value("traits", description="The user's established and core traits")
    RECALLED = strawberry.enum_value("recalled", description="What the user's recall found for the query")
    SHARED = strawberry.enum_value("shared", description="What a shared space's recall found (space names it)")
    SUMMARIES = strawberry.enum_value("summaries", description="Summaries of the latest conversations")
    RECENT = strawberry.enum_value("recent", description="The latest events of every source")


@strawberry.type(description="Why one line memoryContext considered is in its block, or was left out.")
class ContextLine:
    section: ContextSection
    id: strawberry.ID = strawberry.field(
        description="The memory, trait, event, impression or passage id; a conversation's session id for a summary"
    )
    kind: str = strawberry.field(description="memory, trait, event, impression, chunk, or conversation")
    text: str = strawberry.field(description="The line as the block writes it")
    included: bool = strawberry.field(description="Whether the block holds it")
    reason: str = strawberry.field(
        description="Why it was considered and, left out, why (said by the assistant, already in an earlier "
        "section, over its section's share of the token budget)"
    )
    rank: int = strawberry.field(
        description="A recalled line's place in its recall (1 = best); else its place among its section's lines"
    )
    score: float | None = strawberry.field(description="A recalled line's recall score; null for other sections")
    space: str | None = strawberry.field(description="The memory space a recalled line came from")
    explanation: RecallExplanation | None = strawberry.field(
        description="How the user's recall ranked a recalled line (as recall(explain: true) says it)"
    )

    @classmethod
    def from_domain(cls, line: DomainContextLine) -> ContextLine:
        return cls(
            section=ContextSection(line.section),
            id=strawberry.ID(line.uid),
            kind=line.kind,
            text=line.text,
            included=line.included,
            reason=line.reason,
            rank=line.rank,
            score=line.score,
            space=line.space,
            explanation=None
            if line.explanation is None or line.score is None
            else RecallExplanation.from_domain(line.explanation, final_score=line.score),
        )


@strawberry.type(description="A prompt-ready block of what graphsvc knows for a query, within a token budget.")
class MemoryContext:
    text: str
    tokens: int = strawberry.field(description="Estimated tokens of text (never above maxTokens)")
    trait_ids: list[strawberry.ID]
    memory_ids: list[strawberry.ID]
    impression_ids: list[strawberry.ID]
    event_ids: list[strawberry.ID]
    chunk_ids: list[strawberry.ID] = strawberry.field(description="Document passages the block quotes")
    session_ids: list[str] = strawberry.field(description="Conversations (session ids) whose summaries it quotes")
    lines: list[ContextLine] = strawberry.field(
        description="Why each line considered is in the block or was left out, in the block's order; empty unless "
        "memoryContext was asked to explain"
    )

    @classmethod
    def from_domain(cls, context: DomainMemoryContext) -> MemoryContext:
        return cls(
            text=context.text,
            tokens=context.tokens,
            trait_ids=[strawberry.ID(i) for i in context.trait_ids],
            memory_ids=[strawberry.ID(i) for i in context.memory_ids],
            impression_ids=[strawberry.ID(i) for i in context.impression_ids],
            event_ids=[strawberry.ID(i) for i in context.event_ids],
            chunk_ids=[strawberry.ID(i) for i in context.chunk_ids],
            session_ids=list(context.session_ids),
            lines=[ContextLine.from_domain(line) for line in context.lines],
        )
