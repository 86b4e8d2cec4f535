from datetime import datetime
from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import (
    BeliefActor,
    BeliefKind,
    CandidateStatus,
    ContextSection,
    DecidedBy,
    DocumentStatus,
    EntityKind,
    EvidenceGrade,
    EvidenceKind,
    Extractor,
    JobPriority,
    JobStatus,
    MadeBy,
    MemoryOrigin,
    MemoryStatus,
    MemoryType,
    PendingReason,
    PendingStatus,
    RankRule,
    RecallChannel,
    ReflectionStatus,
    ReflectionTrigger,
    RelationDirection,
    SourceType,
    SpaceKind,
    TimelineKind,
    TraceOutcome,
    TraitContext,
    TraitStage,
    TraitSubtype,
)


class AgentFields(BaseModel):
    id: str
    name: str
    owner_id: str = Field(alias="ownerId")
    created_at: datetime = Field(alias="createdAt")


class AliasFields(BaseModel):
    id: str
    name: str
    normalized: str


class BeliefChangeFields(BaseModel):
    id: str
    at: datetime
    happened_at: Optional[datetime] = Field(alias="happenedAt")
    kind: BeliefKind
    target_id: str = Field(alias="targetId")
    change: str
    actor: BeliefActor
    recorded_actor: str = Field(alias="recordedActor")
    old_value: Optional[str] = Field(alias="oldValue")
    new_value: Optional[str] = Field(alias="newValue")
    reason: Optional[str]
    stage: Optional[str]
    evidence_ids: list[str] = Field(alias="evidenceIds")
    scrubbed: bool


class BeliefChangesFields(BaseModel):
    nodes: list["BeliefChangesFieldsNodes"]
    end_cursor: Optional[str] = Field(alias="endCursor")
    has_next_page: bool = Field(alias="hasNextPage")


class BeliefChangesFieldsNodes(BeliefChangeFields):
    pass


class ChannelContributionFields(BaseModel):
    channel: RecallChannel
    rank: Optional[int]
    contribution: float


class RankAdjustmentFields(BaseModel):
    rule: RankRule
    score_before: float = Field(alias="scoreBefore")
    score_after: float = Field(alias="scoreAfter")
    factor: Optional[float]
    term: Optional[float]
    relative_to: Optional[str] = Field(alias="relativeTo")
    detail: str


class RecallExplanationFields(BaseModel):
    channels: list["RecallExplanationFieldsChannels"]
    fusion: str
    fused_score: float = Field(alias="fusedScore")
    adjustments: list["RecallExplanationFieldsAdjustments"]
    final_score: float = Field(alias="finalScore")


class RecallExplanationFieldsChannels(ChannelContributionFields):
    pass


class RecallExplanationFieldsAdjustments(RankAdjustmentFields):
    pass


class ContextLineFields(BaseModel):
    section: ContextSection
    id: str
    kind: str
    text: str
    included: bool
    reason: str
    rank: int
    score: Optional[float]
    space: Optional[str]
    explanation: Optional["ContextLineFieldsExplanation"]


class ContextLineFieldsExplanation(RecallExplanationFields):
    pass


class ConversationSessionFields(BaseModel):
    session_id: str = Field(alias="sessionId")
    status: str
    started_at: Optional[datetime] = Field(alias="startedAt")
    last_message_at: Optional[datetime] = Field(alias="lastMessageAt")
    ended_at: Optional[datetime] = Field(alias="endedAt")
    messages: int


class DocumentChunkFields(BaseModel):
    id: str
    kind: str
    heading_path: list[str] = Field(alias="headingPath")
    level: int
    position: int
    content: str
    tokens: int
    parent_id: Optional[str] = Field(alias="parentId")


class DocumentEntityFields(BaseModel):
    id: str
    name: str
    kind: EntityKind
    mentions: int
    entity_ids: list[str] = Field(alias="entityIds")


class DocumentFields(BaseModel):
    id: str
    user_id: str = Field(alias="userId")
    source_id: str = Field(alias="sourceId")
    filename: str
    mime_type: Optional[str] = Field(alias="mimeType")
    format: Optional[str]
    title: Optional[str]
    version: int
    pages: int
    byte_size: int = Field(alias="byteSize")
    chunk_count: int = Field(alias="chunkCount")
    history: int
    tags: list[str]
    created_at: Optional[datetime] = Field(alias="createdAt")
    updated_at: Optional[datetime] = Field(alias="updatedAt")
    indexed_at: Optional[datetime] = Field(alias="indexedAt")
    event_id: Optional[str] = Field(alias="eventId")
    changed: bool
    status: DocumentStatus
    error: Optional[str]
    job_id: Optional[str] = Field(alias="jobId")
    entities: list["DocumentFieldsEntities"]


class DocumentFieldsEntities(DocumentEntityFields):
    pass


class EntityDocumentMentionFields(BaseModel):
    document_id: str = Field(alias="documentId")
    title: str
    name: str
    mentions: int


class FeatureFields(BaseModel):
    id: str
    key: str
    value: str
    confidence: float
    observed_at: Optional[datetime] = Field(alias="observedAt")
    updated_at: Optional[datetime] = Field(alias="updatedAt")


class ImpressionEvidenceFields(BaseModel):
    id: str
    grade: str
    event_id: str = Field(alias="eventId")
    message_id: Optional[str] = Field(alias="messageId")
    session_id: Optional[str] = Field(alias="sessionId")
    speaker: Optional[str]
    content: str
    occurred_at: Optional[datetime] = Field(alias="occurredAt")


class ImpressionFields(BaseModel):
    id: str
    content: str
    confidence: float
    created_at: Optional[datetime] = Field(alias="createdAt")
    evidence: list["ImpressionFieldsEvidence"]


class ImpressionFieldsEvidence(ImpressionEvidenceFields):
    pass


class RelationFields(BaseModel):
    relation: str
    strength: float
    direction: RelationDirection
    other: "RelationFieldsOther"
    rule_id: Optional[str] = Field(alias="ruleId")


class RelationFieldsOther(BaseModel):
    id: str
    user_id: str = Field(alias="userId")
    subject: str
    kind: EntityKind
    kind_rule: Optional[str] = Field(alias="kindRule")
    created_at: Optional[datetime] = Field(alias="createdAt")
    updated_at: Optional[datetime] = Field(alias="updatedAt")


class EntityFields(BaseModel):
    id: str
    user_id: str = Field(alias="userId")
    subject: str
    kind: EntityKind
    kind_rule: Optional[str] = Field(alias="kindRule")
    created_at: Optional[datetime] = Field(alias="createdAt")
    updated_at: Optional[datetime] = Field(alias="updatedAt")
    aliases: list["EntityFieldsAliases"]
    impressions: list["EntityFieldsImpressions"]
    features: list["EntityFieldsFeatures"]
    document_mentions: list["EntityFieldsDocumentMentions"] = Field(
        alias="documentMentions"
    )
    relations: list["EntityFieldsRelations"]


class EntityFieldsAliases(AliasFields):
    pass


class EntityFieldsImpressions(ImpressionFields):
    pass


class EntityFieldsFeatures(FeatureFields):
    pass


class EntityFieldsDocumentMentions(EntityDocumentMentionFields):
    pass


class EntityFieldsRelations(RelationFields):
    pass


class EntityPageFields(BaseModel):
    nodes: list["EntityPageFieldsNodes"]
    end_cursor: Optional[str] = Field(alias="endCursor")
    has_next_page: bool = Field(alias="hasNextPage")


class EntityPageFieldsNodes(EntityFields):
    pass


class MessageFields(BaseModel):
    id: str
    message_id: str = Field(alias="messageId")
    session_id: Optional[str] = Field(alias="sessionId")
    source_type: str = Field(alias="sourceType")
    role: Optional[str]
    speaker: Optional[str]
    title: Optional[str]
    content: str
    occurred_at: datetime = Field(alias="occurredAt")


class RuleExampleFields(BaseModel):
    said: str
    expect: Optional[str]


class RulebookRuleFields(BaseModel):
    id: str
    language: str
    decision: str
    description: str
    output: str
    confidence: float
    enabled: bool
    measured_precision: Optional[float] = Field(alias="measuredPrecision")
    judged: int
    examples: list["RulebookRuleFieldsExamples"]
    counterexamples: list[str]


class RulebookRuleFieldsExamples(RuleExampleFields):
    pass


class RelationProvenanceViewFields(BaseModel):
    relation: "RelationProvenanceViewFieldsRelation"
    stated_by: DecidedBy = Field(alias="statedBy")
    rule: Optional["RelationProvenanceViewFieldsRule"]
    observed: int
    messages: list["RelationProvenanceViewFieldsMessages"]


class RelationProvenanceViewFieldsRelation(RelationFields):
    pass


class RelationProvenanceViewFieldsRule(RulebookRuleFields):
    pass


class RelationProvenanceViewFieldsMessages(MessageFields):
    pass


class EntityProvenanceViewFields(BaseModel):
    entity: "EntityProvenanceViewFieldsEntity"
    kind_decided_by: DecidedBy = Field(alias="kindDecidedBy")
    kind_rule: Optional["EntityProvenanceViewFieldsKindRule"] = Field(alias="kindRule")
    observed: int
    messages: list["EntityProvenanceViewFieldsMessages"]
    relations: list["EntityProvenanceViewFieldsRelations"]


class EntityProvenanceViewFieldsEntity(EntityFields):
    pass


class EntityProvenanceViewFieldsKindRule(RulebookRuleFields):
    pass


class EntityProvenanceViewFieldsMessages(MessageFields):
    pass


class EntityProvenanceViewFieldsRelations(RelationProvenanceViewFields):
    pass


class EvidenceMemoryFields(BaseModel):
    id: str
    content: str
    memory_type: str = Field(alias="memoryType")
    source_message_ids: list[str] = Field(alias="sourceMessageIds")


class EvidenceFields(BaseModel):
    id: str
    grade: EvidenceGrade
    kind: EvidenceKind
    cycle_id: Optional[str] = Field(alias="cycleId")
    created_at: Optional[datetime] = Field(alias="createdAt")
    inherited_from: Optional[str] = Field(alias="inheritedFrom")
    resolved_at: Optional[datetime] = Field(alias="resolvedAt")
    memory: Optional["EvidenceFieldsMemory"]


class EvidenceFieldsMemory(EvidenceMemoryFields):
    pass


class TraceDecisionViewFields(BaseModel):
    outcome: TraceOutcome
    sentence: Optional[str]
    piece: str
    rule_id: Optional[str] = Field(alias="ruleId")
    rule: Optional["TraceDecisionViewFieldsRule"]
    shaped_by: list[str] = Field(alias="shapedBy")
    memory_id: Optional[str] = Field(alias="memoryId")
    candidate_id: Optional[str] = Field(alias="candidateId")
    superseded_ids: list[str] = Field(alias="supersededIds")
    superseded_by_id: Optional[str] = Field(alias="supersededById")
    explanation: str


class TraceDecisionViewFieldsRule(RulebookRuleFields):
    pass


class ExtractionTraceFields(BaseModel):
    id: str
    session_id: str = Field(alias="sessionId")
    message_id: str = Field(alias="messageId")
    role: str
    occurred_at: Optional[datetime] = Field(alias="occurredAt")
    recorded_at: datetime = Field(alias="recordedAt")
    job_id: str = Field(alias="jobId")
    extractor: Extractor
    llm_provider: Optional[str] = Field(alias="llmProvider")
    llm_model: Optional[str] = Field(alias="llmModel")
    fallback_reason: Optional[str] = Field(alias="fallbackReason")
    from_person: bool = Field(alias="fromPerson")
    refused_by: Optional[str] = Field(alias="refusedBy")
    decisions: list["ExtractionTraceFieldsDecisions"]


class ExtractionTraceFieldsDecisions(TraceDecisionViewFields):
    pass


class KeyCountFields(BaseModel):
    key: str
    count: int


class ForgetResultFields(BaseModel):
    events: int
    events_forgotten: int = Field(alias="eventsForgotten")
    sessions: int
    memories_deleted: int = Field(alias="memoriesDeleted")
    memories_forgotten: int = Field(alias="memoriesForgotten")
    memories_updated: int = Field(alias="memoriesUpdated")
    memories_reinstated: int = Field(alias="memoriesReinstated")
    impressions: int
    aliases: int
    features_deleted: int = Field(alias="featuresDeleted")
    features_changed: int = Field(alias="featuresChanged")
    relations: int
    entities: int
    pending_observations: int = Field(alias="pendingObservations")
    evidence: int
    traits_deleted: int = Field(alias="traitsDeleted")
    traits_dissolved: int = Field(alias="traitsDissolved")
    traits_rescored: int = Field(alias="traitsRescored")
    candidates: int
    documents: int
    chunks: int
    document_versions: int = Field(alias="documentVersions")
    sources: int
    tags: int
    summaries_rebuilt: int = Field(alias="summariesRebuilt")
    history_scrubbed: int = Field(alias="historyScrubbed")
    events_reembedded: int = Field(alias="eventsReembedded")
    nodes_deleted: int = Field(alias="nodesDeleted")
    complete: bool
    deleted_by_label: list["ForgetResultFieldsDeletedByLabel"] = Field(
        alias="deletedByLabel"
    )


class ForgetResultFieldsDeletedByLabel(KeyCountFields):
    pass


class GroupFields(BaseModel):
    id: str
    name: str
    members: list[str]
    created_at: datetime = Field(alias="createdAt")
    created_by: Optional[str] = Field(alias="createdBy")


class GrowthDayFields(BaseModel):
    day: str
    events: int
    memories: int
    candidates: int
    documents: int


class HistoryEntryFields(BaseModel):
    id: str
    target_id: str = Field(alias="targetId")
    event: str
    actor: str
    created_at: datetime = Field(alias="createdAt")
    old_value: Optional[str] = Field(alias="oldValue")
    new_value: Optional[str] = Field(alias="newValue")
    reason: Optional[str]
    scrubbed: bool


class IngestResultFields(BaseModel):
    stored: int
    duplicates: int
    message_ids: list[str] = Field(alias="messageIds")
    event_ids: list[str] = Field(alias="eventIds")
    new_versions: int = Field(alias="newVersions")
    candidates: int
    promoted: int
    job_ids: list[str] = Field(alias="jobIds")


class JobFields(BaseModel):
    id: str
    status: JobStatus
    error: Optional[str]
    kind: str
    user_id: str = Field(alias="userId")
    session_id: Optional[str] = Field(alias="sessionId")
    attempts: int
    created_at: Optional[datetime] = Field(alias="createdAt")
    updated_at: Optional[datetime] = Field(alias="updatedAt")
    llm_calls: int = Field(alias="llmCalls")
    tokens_in: int = Field(alias="tokensIn")
    tokens_out: int = Field(alias="tokensOut")
    memories_created: int = Field(alias="memoriesCreated")
    memories_reinforced: int = Field(alias="memoriesReinforced")
    priority: JobPriority
    cancel_requested: bool = Field(alias="cancelRequested")
    extractor: Optional[str]
    fallback_reason: Optional[str] = Field(alias="fallbackReason")


class LearningRunFields(BaseModel):
    id: str
    user_id: str = Field(alias="userId")
    day: str
    status: str
    ran_now: bool = Field(alias="ranNow")
    attempts: int
    started_at: Optional[datetime] = Field(alias="startedAt")
    finished_at: Optional[datetime] = Field(alias="finishedAt")
    duration_ms: float = Field(alias="durationMs")
    error: Optional[str]
    reflection_status: Optional[str] = Field(alias="reflectionStatus")
    reflection_trigger: Optional[str] = Field(alias="reflectionTrigger")
    conversations_consolidated: int = Field(alias="conversationsConsolidated")
    traits_dissolved: int = Field(alias="traitsDissolved")
    candidates_promoted: int = Field(alias="candidatesPromoted")
    candidates_expired: int = Field(alias="candidatesExpired")
    memories_archived: int = Field(alias="memoriesArchived")
    tags_assigned: int = Field(alias="tagsAssigned")
    llm_calls: int = Field(alias="llmCalls")
    extraction_traces_pruned: int = Field(alias="extractionTracesPruned")


class MemoryCandidateFields(BaseModel):
    id: str
    memory_type: str = Field(alias="memoryType")
    content: str
    status: CandidateStatus
    importance: float
    confidence: float
    days: list[str]
    sources: list[str]
    event_ids: list[str] = Field(alias="eventIds")
    source_types: list[str] = Field(alias="sourceTypes")
    created_at: Optional[datetime] = Field(alias="createdAt")
    expires_at: Optional[datetime] = Field(alias="expiresAt")
    decided_at: Optional[datetime] = Field(alias="decidedAt")
    promotion_reason: Optional[str] = Field(alias="promotionReason")
    memory_id: Optional[str] = Field(alias="memoryId")
    origin: Optional[str]


class MemoryContextFields(BaseModel):
    text: str
    tokens: int
    trait_ids: list[str] = Field(alias="traitIds")
    memory_ids: list[str] = Field(alias="memoryIds")
    impression_ids: list[str] = Field(alias="impressionIds")
    event_ids: list[str] = Field(alias="eventIds")
    chunk_ids: list[str] = Field(alias="chunkIds")
    session_ids: list[str] = Field(alias="sessionIds")
    lines: list["MemoryContextFieldsLines"]


class MemoryContextFieldsLines(ContextLineFields):
    pass


class MemoryFields(BaseModel):
    id: str
    type_: MemoryType = Field(alias="type")
    content: str
    confidence: float
    importance: float
    reinforcement_count: int = Field(alias="reinforcementCount")
    created_at: Optional[datetime] = Field(alias="createdAt")
    last_reinforced_at: Optional[datetime] = Field(alias="lastReinforcedAt")
    occurred_at: Optional[datetime] = Field(alias="occurredAt")
    source_message_ids: list[str] = Field(alias="sourceMessageIds")
    status: MemoryStatus
    valid_from: Optional[datetime] = Field(alias="validFrom")
    valid_to: Optional[datetime] = Field(alias="validTo")
    slot: Optional[str]
    origin: MemoryOrigin
    superseded_by: Optional[str] = Field(alias="supersededBy")
    rule_id: Optional[str] = Field(alias="ruleId")
    rule: Optional["MemoryFieldsRule"]


class MemoryFieldsRule(RulebookRuleFields):
    pass


class MemoryPageFields(BaseModel):
    items: list["MemoryPageFieldsItems"]
    next_cursor: Optional[str] = Field(alias="nextCursor")


class MemoryPageFieldsItems(MemoryFields):
    pass


class TraitRestingFields(BaseModel):
    trait_id: str = Field(alias="traitId")
    content: str
    stage: str
    supports: bool


class MemoryProvenanceViewFields(BaseModel):
    memory: "MemoryProvenanceViewFieldsMemory"
    made_by: MadeBy = Field(alias="madeBy")
    rule: Optional["MemoryProvenanceViewFieldsRule"]
    steps: list["MemoryProvenanceViewFieldsSteps"]
    traits: list["MemoryProvenanceViewFieldsTraits"]


class MemoryProvenanceViewFieldsMemory(MemoryFields):
    pass


class MemoryProvenanceViewFieldsRule(RulebookRuleFields):
    pass


class MemoryProvenanceViewFieldsSteps(ExtractionTraceFields):
    pass


class MemoryProvenanceViewFieldsTraits(TraitRestingFields):
    pass


class PendingObservationFields(BaseModel):
    id: str
    user_id: str = Field(alias="userId")
    subject: str
    aliases: list[str]
    kind: EntityKind
    reason: PendingReason
    detail: Optional[str]
    status: PendingStatus
    confidence: float
    impressions: list[str]
    features: list[str]
    relations: list[str]
    evidence_snippets: list[str] = Field(alias="evidenceSnippets")
    event_ids: list[str] = Field(alias="eventIds")
    created_at: Optional[datetime] = Field(alias="createdAt")
    resolved_at: Optional[datetime] = Field(alias="resolvedAt")
    resolved_entity_id: Optional[str] = Field(alias="resolvedEntityId")
    candidates: list["PendingObservationFieldsCandidates"]


class PendingObservationFieldsCandidates(EntityFields):
    pass


class RecallHitFields(BaseModel):
    id: str
    kind: str
    content: str
    score: float
    occurred_at: Optional[datetime] = Field(alias="occurredAt")
    source_message_ids: list[str] = Field(alias="sourceMessageIds")
    memory_type: Optional[str] = Field(alias="memoryType")
    entity: Optional[str]
    status: Optional[MemoryStatus]
    valid_from: Optional[datetime] = Field(alias="validFrom")
    valid_to: Optional[datetime] = Field(alias="validTo")
    document_id: Optional[str] = Field(alias="documentId")
    heading_path: list[str] = Field(alias="headingPath")
    title: Optional[str]
    last_confirmed_at: Optional[datetime] = Field(alias="lastConfirmedAt")
    explanation: Optional["RecallHitFieldsExplanation"]
    space: Optional[str]
    space_kind: Optional[SpaceKind] = Field(alias="spaceKind")


class RecallHitFieldsExplanation(RecallExplanationFields):
    pass


class ReflectionCycleFields(BaseModel):
    id: Optional[str]
    status: ReflectionStatus
    trigger: Optional[ReflectionTrigger]
    trigger_value: Optional[float] = Field(alias="triggerValue")
    skipped_reason: Optional[str] = Field(alias="skippedReason")
    error: Optional[str]
    mode: str
    memories_scanned: int = Field(alias="memoriesScanned")
    memories_in_context: int = Field(alias="memoriesInContext")
    traits_created: int = Field(alias="traitsCreated")
    traits_reinforced: int = Field(alias="traitsReinforced")
    traits_contradicted: int = Field(alias="traitsContradicted")
    traits_upgraded: int = Field(alias="traitsUpgraded")
    traits_promoted: int = Field(alias="traitsPromoted")
    traits_modified: int = Field(alias="traitsModified")
    traits_dissolved: int = Field(alias="traitsDissolved")
    operations_rejected: int = Field(alias="operationsRejected")
    notes: list[str]
    llm_calls: int = Field(alias="llmCalls")
    tokens_in: int = Field(alias="tokensIn")
    tokens_out: int = Field(alias="tokensOut")
    started_at: Optional[datetime] = Field(alias="startedAt")
    finished_at: Optional[datetime] = Field(alias="finishedAt")
    duration_ms: float = Field(alias="durationMs")


class ResolvePendingResultFields(BaseModel):
    pending_observation: "ResolvePendingResultFieldsPendingObservation" = Field(
        alias="pendingObservation"
    )
    entity: "ResolvePendingResultFieldsEntity"


class ResolvePendingResultFieldsPendingObservation(PendingObservationFields):
    pass


class ResolvePendingResultFieldsEntity(EntityFields):
    pass


class TagFields(BaseModel):
    id: str
    name: str
    count: int
    memories: int
    events: int
    documents: int
    chunks: int
    origins: list[str]
    created_at: Optional[datetime] = Field(alias="createdAt")


class TimelineEntryFields(BaseModel):
    kind: TimelineKind
    id: str
    at: datetime
    content: str
    title: Optional[str]
    source_type: Optional[SourceType] = Field(alias="sourceType")
    source_id: Optional[str] = Field(alias="sourceId")
    session_id: Optional[str] = Field(alias="sessionId")
    memory_type: Optional[str] = Field(alias="memoryType")
    status: Optional[str]
    speaker: Optional[str]
    role: Optional[str]


class TimelineFields(BaseModel):
    nodes: list["TimelineFieldsNodes"]
    end_cursor: Optional[str] = Field(alias="endCursor")
    has_next_page: bool = Field(alias="hasNextPage")


class TimelineFieldsNodes(TimelineEntryFields):
    pass


class TraitHistoryPointFields(BaseModel):
    at: datetime
    stage: TraitStage
    confidence: Optional[float]
    event: str


class TraitFields(BaseModel):
    id: str
    content: str
    stage: TraitStage
    subtype: TraitSubtype
    confidence: Optional[float]
    context: TraitContext
    window_start: Optional[datetime] = Field(alias="windowStart")
    window_end: Optional[datetime] = Field(alias="windowEnd")
    first_observed: Optional[datetime] = Field(alias="firstObserved")
    last_reinforced: Optional[datetime] = Field(alias="lastReinforced")
    reinforcement_count: int = Field(alias="reinforcementCount")
    contradiction_count: int = Field(alias="contradictionCount")
    derived_from: str = Field(alias="derivedFrom")
    created_at: Optional[datetime] = Field(alias="createdAt")
    about: Optional[str]
    reasoning: Optional[str]
    rule_id: Optional[str] = Field(alias="ruleId")
    rule: Optional["TraitFieldsRule"]
    evidence: list["TraitFieldsEvidence"]
    history: list["TraitFieldsHistory"]
    parents: list["TraitFieldsParents"]
    children: list["TraitFieldsChildren"]


class TraitFieldsRule(RulebookRuleFields):
    pass


class TraitFieldsEvidence(EvidenceFields):
    pass


class TraitFieldsHistory(TraitHistoryPointFields):
    pass


class TraitFieldsParents(BaseModel):
    id: str
    content: str
    stage: TraitStage
    subtype: TraitSubtype
    confidence: Optional[float]
    context: TraitContext
    window_start: Optional[datetime] = Field(alias="windowStart")
    window_end: Optional[datetime] = Field(alias="windowEnd")
    first_observed: Optional[datetime] = Field(alias="firstObserved")
    last_reinforced: Optional[datetime] = Field(alias="lastReinforced")
    reinforcement_count: int = Field(alias="reinforcementCount")
    contradiction_count: int = Field(alias="contradictionCount")
    derived_from: str = Field(alias="derivedFrom")
    created_at: Optional[datetime] = Field(alias="createdAt")
    about: Optional[str]
    reasoning: Optional[str]
    rule_id: Optional[str] = Field(alias="ruleId")


class TraitFieldsChildren(BaseModel):
    id: str
    content: str
    stage: TraitStage
    subtype: TraitSubtype
    confidence: Optional[float]
    context: TraitContext
    window_start: Optional[datetime] = Field(alias="windowStart")
    window_end: Optional[datetime] = Field(alias="windowEnd")
    first_observed: Optional[datetime] = Field(alias="firstObserved")
    last_reinforced: Optional[datetime] = Field(alias="lastReinforced")
    reinforcement_count: int = Field(alias="reinforcementCount")
    contradiction_count: int = Field(alias="contradictionCount")
    derived_from: str = Field(alias="derivedFrom")
    created_at: Optional[datetime] = Field(alias="createdAt")
    about: Optional[str]
    reasoning: Optional[str]
    rule_id: Optional[str] = Field(alias="ruleId")


class UserCountsFields(BaseModel):
    user_id: str = Field(alias="userId")
    events: int
    sessions: int
    open_sessions: int = Field(alias="openSessions")
    first_message_at: Optional[datetime] = Field(alias="firstMessageAt")
    last_message_at: Optional[datetime] = Field(alias="lastMessageAt")
    memories: int
    memories_by_type: list["UserCountsFieldsMemoriesByType"] = Field(
        alias="memoriesByType"
    )
    memories_by_status: list["UserCountsFieldsMemoriesByStatus"] = Field(
        alias="memoriesByStatus"
    )
    entities: int
    aliases: int
    impressions: int
    features: int
    relations: int
    traits: int
    traits_by_stage: list["UserCountsFieldsTraitsByStage"] = Field(
        alias="traitsByStage"
    )
    pending_observations: int = Field(alias="pendingObservations")
    jobs_by_status: list["UserCountsFieldsJobsByStatus"] = Field(alias="jobsByStatus")
    llm_calls: int = Field(alias="llmCalls")
    tokens_in: int = Field(alias="tokensIn")
    tokens_out: int = Field(alias="tokensOut")
    reflection_cycles: int = Field(alias="reflectionCycles")
    last_reflection_at: Optional[datetime] = Field(alias="lastReflectionAt")


class UserCountsFieldsMemoriesByType(KeyCountFields):
    pass


class UserCountsFieldsMemoriesByStatus(KeyCountFields):
    pass


class UserCountsFieldsTraitsByStage(KeyCountFields):
    pass


class UserCountsFieldsJobsByStatus(KeyCountFields):
    pass


class UserSummaryFields(BaseModel):
    user_id: str = Field(alias="userId")
    sessions: int
    last_message_at: Optional[datetime] = Field(alias="lastMessageAt")


class UserPageFields(BaseModel):
    nodes: list["UserPageFieldsNodes"]
    end_cursor: Optional[str] = Field(alias="endCursor")
    has_next_page: bool = Field(alias="hasNextPage")


class UserPageFieldsNodes(UserSummaryFields):
    pass


class UserStatsViewFields(BaseModel):
    counts: "UserStatsViewFieldsCounts"
    events_by_source: list["UserStatsViewFieldsEventsBySource"] = Field(
        alias="eventsBySource"
    )
    candidates_by_status: list["UserStatsViewFieldsCandidatesByStatus"] = Field(
        alias="candidatesByStatus"
    )
    documents: int
    passages: int
    tags: int
    learning_runs: int = Field(alias="learningRuns")
    last_learning_at: Optional[datetime] = Field(alias="lastLearningAt")
    growth: list["UserStatsViewFieldsGrowth"]


class UserStatsViewFieldsCounts(UserCountsFields):
    pass


class UserStatsViewFieldsEventsBySource(KeyCountFields):
    pass


class UserStatsViewFieldsCandidatesByStatus(KeyCountFields):
    pass


class UserStatsViewFieldsGrowth(GrowthDayFields):
    pass


class ViewerFields(BaseModel):
    auth_required: bool = Field(alias="authRequired")
    principal: str
    admin: bool
    user_ids: Optional[list[str]] = Field(alias="userIds")


AgentFields.model_rebuild()
AliasFields.model_rebuild()
BeliefChangeFields.model_rebuild()
BeliefChangesFields.model_rebuild()
ChannelContributionFields.model_rebuild()
RankAdjustmentFields.model_rebuild()
RecallExplanationFields.model_rebuild()
ContextLineFields.model_rebuild()
ConversationSessionFields.model_rebuild()
DocumentChunkFields.model_rebuild()
DocumentEntityFields.model_rebuild()
DocumentFields.model_rebuild()
EntityDocumentMentionFields.model_rebuild()
FeatureFields.model_rebuild()
ImpressionEvidenceFields.model_rebuild()
ImpressionFields.model_rebuild()
RelationFields.model_rebuild()
EntityFields.model_rebuild()
EntityPageFields.model_rebuild()
MessageFields.model_rebuild()
RuleExampleFields.model_rebuild()
RulebookRuleFields.model_rebuild()
RelationProvenanceViewFields.model_rebuild()
EntityProvenanceViewFields.model_rebuild()
EvidenceMemoryFields.model_rebuild()
EvidenceFields.model_rebuild()
TraceDecisionViewFields.model_rebuild()
ExtractionTraceFields.model_rebuild()
KeyCountFields.model_rebuild()
ForgetResultFields.model_rebuild()
GroupFields.model_rebuild()
GrowthDayFields.model_rebuild()
HistoryEntryFields.model_rebuild()
IngestResultFields.model_rebuild()
JobFields.model_rebuild()
LearningRunFields.model_rebuild()
MemoryCandidateFields.model_rebuild()
MemoryContextFields.model_rebuild()
MemoryFields.model_rebuild()
MemoryPageFields.model_rebuild()
TraitRestingFields.model_rebuild()
MemoryProvenanceViewFields.model_rebuild()
PendingObservationFields.model_rebuild()
RecallHitFields.model_rebuild()
ReflectionCycleFields.model_rebuild()
ResolvePendingResultFields.model_rebuild()
TagFields.model_rebuild()
TimelineEntryFields.model_rebuild()
TimelineFields.model_rebuild()
TraitHistoryPointFields.model_rebuild()
TraitFields.model_rebuild()
UserCountsFields.model_rebuild()
UserSummaryFields.model_rebuild()
UserPageFields.model_rebuild()
UserStatsViewFields.model_rebuild()
ViewerFields.model_rebuild()
