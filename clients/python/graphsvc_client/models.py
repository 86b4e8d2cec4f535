"""What the client returns and takes: pydantic models of the GraphQL types it selects (camelCase on the wire)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)


class Message(_Model):
    """One conversation turn to store (``add_messages``)."""

    role: str = Field(description="user, assistant, or another role name")
    content: str
    occurred_at: datetime = Field(default_factory=lambda: datetime.now().astimezone())
    message_id: str | None = Field(default=None, description="Your stable id: the same id is stored once")
    speaker: str | None = None
    speaker_id: str | None = Field(
        default=None, description="The speaker's user id; in a group's conversation it must name a member"
    )


class Turn(_Model):
    """One turn of the conversation so far, for ``recall`` and ``memory_context``: the service decides how many
    of the latest turns count."""

    role: str = Field(description="user, assistant, or another role name")
    content: str
    speaker: str | None = None


class IngestResult(_Model):
    stored: int
    duplicates: int
    message_ids: list[str]


JobStatus = Literal["PENDING", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED"]


class Job(_Model):
    """A background job (memory extraction after a conversation ends, reflection)."""

    id: str
    status: JobStatus
    error: str | None
    kind: str
    user_id: str
    session_id: str | None
    attempts: int
    created_at: datetime | None
    updated_at: datetime | None
    llm_calls: int
    tokens_in: int
    tokens_out: int
    memories_created: int
    memories_reinforced: int


RecallChannel = Literal["VECTOR", "FULL_TEXT", "GRAPH"]
RankRule = Literal[
    "LENT_BY_REACTION",
    "LENT_BY_SUPERSEDED",
    "RECENCY",
    "IMPORTANCE",
    "TRAIT_STAGE",
    "TIME_CUE",
    "SPEAKER_CUE",
    "BELOW_ANSWERED",
    "BELOW_REPLACEMENT",
    "BELOW_MEMORY",
    "BELOW_PASSAGE",
    "RERANKED",
]


class ChannelContribution(_Model):
    """One retrieval channel's part in a hit's fused score: its rank there (from 1; None when it did not find the
    hit) and ``1 / (k + rank)`` (0 when unranked)."""

    channel: RecallChannel
    rank: int | None
    contribution: float


class RankAdjustment(_Model):
    """One rule that changed a hit's score, from ``score_before`` to ``score_after``: ``factor`` for a cue
    (multiplied), ``term`` for recency, importance and trait stage (``score_after = score_before + base · term``,
    base the score before the first of them), ``relative_to`` the hit that lent its score or that this one was kept
    just below."""

    rule: RankRule
    score_before: float
    score_after: float
    factor: float | None
    term: float | None
    relative_to: str | None
    detail: str


class RecallExplanation(_Model):
    """Why a hit ranked where it did: ``fused_score`` (the sum of the channels' contributions), then the
    adjustments in the order applied, reach ``final_score`` (the hit's score)."""

    channels: list[ChannelContribution]
    fusion: str
    fused_score: float
    adjustments: list[RankAdjustment]
    final_score: float


SpaceKind = Literal["USER", "GROUP", "AGENT"]


class RecallHit(_Model):
    """One ranked result of ``recall``: a memory, event, impression or trait; ``explanation`` only when asked
    (``explain=True``)."""

    id: str
    kind: str
    content: str
    score: float
    occurred_at: datetime | None
    last_confirmed_at: datetime | None = Field(
        default=None, description="When it was last said or confirmed (its recency counts from here)"
    )
    source_message_ids: list[str]
    memory_type: str | None
    entity: str | None
    explanation: RecallExplanation | None
    space: str | None = Field(
        default=None,
        description="The memory space it came from: the user's own id, a group's (group:<name>) or an agent's "
        "(agent:<name>)",
    )
    space_kind: SpaceKind | None = Field(default=None, description="Whose memory that space is")


class Group(_Model):
    """A group: a memory space (its id, ``group:<name>``, is the ``user_id`` to write and read it) shared by its
    members, who alone (besides admins) may read and write it."""

    id: str
    name: str
    members: list[str] = Field(description="The members' user ids, in joining order")
    created_at: datetime
    created_by: str | None = Field(description="The user who created it; None for an admin")


class Agent(_Model):
    """An agent: a memory space (its id, ``agent:<name>``, is the ``user_id`` to write and read it) for what the
    agent learned about doing its job, read and written by its owner (and admins)."""

    id: str
    name: str
    owner_id: str
    created_at: datetime


class MemoryContext(_Model):
    """A prompt-ready block and the ids of what it used."""

    text: str
    tokens: int
    trait_ids: list[str]
    memory_ids: list[str]
    impression_ids: list[str]
    event_ids: list[str]


MemoryType = Literal["FACT", "PREFERENCE", "GOAL", "PAIN_POINT", "EVENT"]
MemoryStatus = Literal["ACTIVE", "SUPERSEDED", "ARCHIVED", "FORGOTTEN"]
MemoryOrigin = Literal["EXTRACTION", "USER", "AGENT"]
RememberSource = Literal["USER", "AGENT"]
SourceType = Literal["CONVERSATION", "DOCUMENT", "TODO", "TASK", "FORUM_POST", "NOTE", "CALENDAR"]


class Memory(_Model):
    """A stored memory (``remember``, ``correct_memory``): its status and valid time, who asserted it."""

    id: str
    type: MemoryType
    content: str
    confidence: float
    importance: float
    reinforcement_count: int
    created_at: datetime | None
    last_reinforced_at: datetime | None
    occurred_at: datetime | None
    source_message_ids: list[str]
    status: MemoryStatus
    valid_from: datetime | None = Field(description="When it began to hold in the user's life")
    valid_to: datetime | None = Field(description="When a newer value replaced it; None while it holds")
    slot: str | None
    origin: MemoryOrigin
    superseded_by: str | None


class ForgetResult(_Model):
    """What a forget removed or changed, by kind (``forget_memory``, ``forget_events``, ``forget_document``)."""

    events: int
    events_forgotten: int = Field(description="Events that stated a forgotten memory, kept as tombstones without text")
    sessions: int
    memories_deleted: int
    memories_forgotten: int
    memories_updated: int
    memories_reinstated: int
    impressions: int
    aliases: int
    features_deleted: int
    features_changed: int
    relations: int
    entities: int
    pending_observations: int
    evidence: int
    traits_deleted: int
    traits_dissolved: int
    traits_rescored: int
    candidates: int
    documents: int
    chunks: int
    document_versions: int
    sources: int
    tags: int
    summaries_rebuilt: int
    history_scrubbed: int
    events_reembedded: int
    nodes_deleted: int
    complete: bool


BeliefKind = Literal["MEMORY", "TRAIT"]
BeliefActor = Literal["USER", "AGENT", "EXTRACTION", "REFLECTION", "LEARNING"]
BeliefTime = Literal["RECORDED", "HAPPENED"]
"""Which time of a change ``belief_changes`` ranges and orders by: when it was recorded, or when what it is about
happened (a change without a happened time counts at its recorded time)."""


class BeliefChange(_Model):
    """One change of what the service believes about a user (``belief_changes``)."""

    id: str
    at: datetime = Field(description="When the change was recorded")
    happened_at: datetime | None = Field(
        description="When what it is about happened: a memory's creation or supersession, when it was said; a "
        "forget, archive or restore, when it was done; a trait's, when the latest evidence it rested on was said. "
        "None when not derivable"
    )
    kind: BeliefKind
    target_id: str = Field(description="The memory or trait changed")
    change: str = Field(description="created, superseded, corrected, forgotten, archived, restored, stage_changed...")
    actor: BeliefActor
    old_value: str | None = Field(description="None for anything forgotten")
    new_value: str | None
    evidence_ids: list[str] = Field(description="Events and memories the change rests on")


class BeliefChanges(_Model):
    """A page of belief changes, oldest first; pass ``end_cursor`` as ``after`` for the next one."""

    nodes: list[BeliefChange]
    end_cursor: str | None
    has_next_page: bool


TraceOutcome = Literal["CREATED", "REINFORCED", "MERGED", "CANDIDATE", "REFUSED", "NOT_KEPT", "DROPPED"]


class TraceDecision(_Model):
    """What the extraction decided about one judged piece of a message."""

    outcome: TraceOutcome
    sentence: str | None = Field(description="The sentence as said; None when an LLM decided")
    piece: str = Field(description="The piece judged (after trims, a split, a restored subject); an LLM's memory")
    rule_id: str | None = Field(description="The keep or refuse rule that decided; None: no rule fired, or an LLM")
    memory_id: str | None = Field(description="The memory it became, reinforced or was merged into")
    candidate_id: str | None
    superseded_ids: list[str] = Field(description="Memories its new memory superseded")
    superseded_by_id: str | None
    explanation: str = Field(description="Why, in one sentence")


class ExtractionTrace(_Model):
    """What one extraction job decided about one message (``extraction_trace``)."""

    id: str
    session_id: str
    message_id: str
    role: str
    occurred_at: datetime | None
    recorded_at: datetime
    extractor: Literal["RULES", "LLM"]
    llm_provider: str | None
    llm_model: str | None
    from_person: bool = Field(description="False for an assistant's or system's turn, never remembered")
    refused_by: str | None = Field(description="The rule that refused the whole message (a prompt injection)")
    decisions: list[TraceDecision]


class RuleSummary(_Model):
    """The rulebook's rule that kept a memory, with its precision measured on held-out data."""

    id: str
    language: str
    decision: str
    description: str
    measured_precision: float | None
    judged: int


class TraitResting(_Model):
    """A trait whose evidence cites the memory (message → memory → trait)."""

    trait_id: str
    content: str
    stage: str
    supports: bool = Field(description="False when the memory contradicts the trait")


class MemoryProvenance(_Model):
    """Why graphsvc believes a memory (``memory_provenance``): what made it, from which messages in which job,
    and the traits resting on it."""

    memory: Memory
    made_by: Literal["RULEBOOK", "LLM", "PERSON", "AGENT"]
    rule: RuleSummary | None
    steps: list[ExtractionTrace] = Field(description="The extraction traces naming it, oldest first")
    traits: list[TraitResting]


RESULT_MODELS: dict[str, type[_Model]] = {
    "add_messages": IngestResult,
    "end_conversation": Job,
    "recall": RecallHit,
    "memory_context": MemoryContext,
    "job": Job,
    "remember": Memory,
    "correct_memory": Memory,
    "forget_memory": ForgetResult,
    "forget_events": ForgetResult,
    "forget_document": ForgetResult,
    "belief_changes": BeliefChanges,
    "extraction_trace": ExtractionTrace,
    "memory_provenance": MemoryProvenance,
    "create_group": Group,
    "add_group_member": Group,
    "remove_group_member": Group,
    "group": Group,
    "groups": Group,
    "create_agent": Agent,
    "agents": Agent,
}
"""Method name → the model its root field is parsed into (one per list item for ``recall``, ``groups`` and
``agents``)."""
