// The names the views use for what the dashboard sends and reads back. The documents are in graphql/*.graphql;
// every type here is generated from them and schema.graphql (generated/graphql.ts, `scripts/codegen`), none is
// written by hand.
import type {
  BeliefChangeRowFragment,
  BeliefTime,
  CandidateCardFragment,
  ChunkFragment,
  CycleRowFragment,
  DocumentEntityRowFragment,
  DocumentSummaryFragment,
  EntityDetailFragment,
  EntityGraphQuery,
  EntityListItemFragment,
  EntityProvenanceQuery,
  EntityRefFragment,
  ExplanationFragment,
  GraphEntityFragment,
  GrowthFragment,
  HitFragment,
  JobRowFragment,
  JobStatus,
  KeyCountRowFragment,
  MemoryHistoryQuery,
  MemoryProvenanceQuery,
  ProvenanceStepFragment,
  MemoryRowFragment,
  MemoryStatus,
  MemoryType,
  MessagesQuery,
  ObservedMessageFragment,
  PendingCardFragment,
  RelationRowFragment,
  SourceType,
  TimelineKind,
  TimelineRowFragment,
  TraitCardFragment,
  TraitEvidenceFragment,
  TraitPointFragment,
  TraitStage,
  TraceRowFragment,
  UserStatsQuery,
  UsersQuery,
  ViewerQuery,
} from "./generated/graphql";

export {
  ArchiveMemoryDocument as ARCHIVE_MEMORY,
  BeliefChangesDocument as BELIEF_CHANGES,
  CandidatesDocument as CANDIDATES,
  ContextDocument as MEMORY_CONTEXT,
  CorrectMemoryDocument as CORRECT_MEMORY,
  CyclesDocument as CYCLES,
  DocumentDocument as DOCUMENT,
  DocumentsDocument as DOCUMENTS,
  ExtractionTraceDocument as EXTRACTION_TRACE,
  EntitiesDocument as ENTITIES,
  EntityDocument as ENTITY,
  EntityGraphDocument as ENTITY_GRAPH,
  EntityProvenanceDocument as ENTITY_PROVENANCE,
  ForgetMemoryDocument as FORGET_MEMORY,
  GroupMembersDocument as GROUP_MEMBERS,
  JobsDocument as JOBS,
  MemberOfDocument as MEMBER_OF,
  MemoriesDocument as MEMORIES,
  MemoryHistoryDocument as MEMORY_HISTORY,
  MemoryProvenanceDocument as MEMORY_PROVENANCE,
  MessagesDocument as MESSAGES,
  PendingDocument as PENDING,
  PromoteCandidateDocument as PROMOTE_CANDIDATE,
  RecallDocument as RECALL,
  RejectCandidateDocument as REJECT_CANDIDATE,
  ResolveDocument as RESOLVE,
  RestoreMemoryDocument as RESTORE_MEMORY,
  TimelineDocument as TIMELINE,
  TraitsDocument as TRAITS,
  UserStatsDocument as USER_STATS,
  UsersDocument as USERS,
  ViewerDocument as VIEWER,
} from "./generated/graphql";

export type { BeliefTime, JobStatus, MemoryStatus, MemoryType, SourceType, TimelineKind, TraitStage };
export type KeyCount = KeyCountRowFragment;
export type Message = MessagesQuery["messages"][number];
export type Viewer = ViewerQuery["viewer"];
export type UserSummary = UsersQuery["users"]["nodes"][number];
export type Memory = MemoryRowFragment;
export type HistoryEntry = MemoryHistoryQuery["memoryHistory"][number];
export type Evidence = TraitEvidenceFragment;
export type TraitHistoryPoint = TraitPointFragment;
export type Trait = TraitCardFragment;
export type EntityRef = EntityRefFragment;
export type Relation = RelationRowFragment;
export type EntityDetail = EntityDetailFragment;
export type EntityListItem = EntityListItemFragment;
export type GraphEntity = GraphEntityFragment;
export type EntityGraphPage = EntityGraphQuery;
export type PendingObservation = PendingCardFragment;
export type Job = JobRowFragment;
export type ReflectionCycle = CycleRowFragment;
export type RecallHit = HitFragment;
export type RecallExplanation = ExplanationFragment;
export type GrowthDay = GrowthFragment;
export type UserStats = UserStatsQuery["userStats"];
export type TimelineEntry = TimelineRowFragment;
export type Candidate = CandidateCardFragment;
export type BeliefChange = BeliefChangeRowFragment;
export type DocumentSummary = DocumentSummaryFragment;
export type DocumentChunk = ChunkFragment;
export type DocumentEntity = DocumentEntityRowFragment;
export type ExtractionTrace = TraceRowFragment;
export type Provenance = MemoryProvenanceQuery["memoryProvenance"];
export type ProvenanceStep = ProvenanceStepFragment;
export type EntityProvenance = EntityProvenanceQuery["entityProvenance"];
export type ObservedMessage = ObservedMessageFragment;

// The schema's enum values in the order the views offer them (the types check each list against the schema).
export const MEMORY_TYPES = ["FACT", "PREFERENCE", "GOAL", "PAIN_POINT", "EVENT"] as const satisfies readonly MemoryType[];
export const MEMORY_STATUSES = ["ACTIVE", "SUPERSEDED", "ARCHIVED", "FORGOTTEN"] as const satisfies readonly MemoryStatus[];
export const TRAIT_STAGES = ["TREND", "CANDIDATE", "EMERGING", "ESTABLISHED", "CORE"] as const satisfies readonly TraitStage[];
export const JOB_STATUSES = ["PENDING", "RUNNING", "SUCCEEDED", "FAILED"] as const satisfies readonly JobStatus[];
export const SOURCE_TYPES = [
  "CONVERSATION",
  "DOCUMENT",
  "TODO",
  "TASK",
  "FORUM_POST",
  "NOTE",
  "CALENDAR",
] as const satisfies readonly SourceType[];
export const BELIEF_TIMES = ["HAPPENED", "RECORDED"] as const satisfies readonly BeliefTime[];
export const TIMELINE_KINDS = ["EVENT", "MEMORY", "CANDIDATE"] as const satisfies readonly TimelineKind[];
