// Every GraphQL operation the dashboard sends, with the shapes it reads back.

export interface KeyCount {
  key: string;
  count: number;
}

export interface Message {
  id: string;
  messageId: string;
  sessionId: string;
  role: string;
  speaker: string | null;
  content: string;
  occurredAt: string;
}

export const MESSAGES = `query Messages($userId: String!, $messageIds: [String!], $eventIds: [ID!]) {
  messages(userId: $userId, messageIds: $messageIds, eventIds: $eventIds) {
    id messageId sessionId role speaker content occurredAt
  }
}`;

export interface Viewer {
  authRequired: boolean;
  principal: string;
  admin: boolean;
  userIds: string[] | null;
}

export const VIEWER = `query Viewer { viewer { authRequired principal admin userIds } }`;

export interface UserSummary {
  userId: string;
  sessions: number;
  lastMessageAt: string | null;
}

export const USERS = `query Users($prefix: String, $after: String) {
  users(prefix: $prefix, limit: 25, after: $after) { nodes { userId sessions lastMessageAt } endCursor hasNextPage }
}`;

export interface UserCounts {
  events: number;
  sessions: number;
  openSessions: number;
  firstMessageAt: string | null;
  lastMessageAt: string | null;
  memories: number;
  memoriesByType: KeyCount[];
  memoriesByStatus: KeyCount[];
  entities: number;
  aliases: number;
  impressions: number;
  features: number;
  relations: number;
  traits: number;
  traitsByStage: KeyCount[];
  pendingObservations: number;
  jobsByStatus: KeyCount[];
  llmCalls: number;
  tokensIn: number;
  tokensOut: number;
  reflectionCycles: number;
  lastReflectionAt: string | null;
}

export const USER_COUNTS = `query UserCounts($userId: String!) {
  userCounts(userId: $userId) {
    events sessions openSessions firstMessageAt lastMessageAt
    memories memoriesByType { key count } memoriesByStatus { key count }
    entities aliases impressions features relations
    traits traitsByStage { key count } pendingObservations jobsByStatus { key count }
    llmCalls tokensIn tokensOut reflectionCycles lastReflectionAt
  }
}`;

export const MEMORY_TYPES = ["FACT", "PREFERENCE", "GOAL", "PAIN_POINT", "EVENT"] as const;

export interface Memory {
  id: string;
  type: string;
  content: string;
  confidence: number;
  importance: number;
  reinforcementCount: number;
  createdAt: string | null;
  lastReinforcedAt: string | null;
  occurredAt: string | null;
  sourceMessageIds: string[];
  status: (typeof MEMORY_STATUSES)[number];
  validFrom: string | null;
  validTo: string | null;
  slot: string | null;
  origin: "EXTRACTION" | "USER" | "AGENT";
  supersededBy: string | null;
}

export const MEMORY_STATUSES = ["ACTIVE", "SUPERSEDED", "ARCHIVED", "FORGOTTEN"] as const;

const MEMORY_FIELDS = `id type content confidence importance reinforcementCount createdAt lastReinforcedAt occurredAt
    sourceMessageIds status validFrom validTo slot origin supersededBy`;

export const MEMORIES = `query Memories($userId: String!, $type: MemoryType, $after: String, $status: [MemoryStatus!]) {
  memories(userId: $userId, type: $type, limit: 20, after: $after, status: $status) {
    items { ${MEMORY_FIELDS} }
    nextCursor
  }
}`;

export const CORRECT_MEMORY = `mutation CorrectMemory($userId: String!, $memoryId: ID!, $content: String!) {
  correctMemory(userId: $userId, memoryId: $memoryId, content: $content) { ${MEMORY_FIELDS} }
}`;

export const ARCHIVE_MEMORY = `mutation ArchiveMemory($userId: String!, $memoryId: ID!) {
  archiveMemory(userId: $userId, memoryId: $memoryId) { id status }
}`;

export const RESTORE_MEMORY = `mutation RestoreMemory($userId: String!, $memoryId: ID!) {
  restoreMemory(userId: $userId, memoryId: $memoryId) { id status }
}`;

export const FORGET_MEMORY = `mutation ForgetMemory($userId: String!, $memoryId: ID!, $reason: String) {
  forgetMemory(userId: $userId, memoryId: $memoryId, reason: $reason) { memoriesForgotten evidence traitsRescored }
}`;

export interface HistoryEntry {
  id: string;
  event: string;
  actor: string;
  createdAt: string;
  oldValue: string | null;
  newValue: string | null;
  reason: string | null;
  scrubbed: boolean;
}

export const MEMORY_HISTORY = `query MemoryHistory($userId: String!, $memoryId: ID!) {
  memoryHistory(userId: $userId, memoryId: $memoryId) { id event actor createdAt oldValue newValue reason scrubbed }
}`;

export interface Evidence {
  id: string;
  grade: string;
  kind: string;
  createdAt: string | null;
  inheritedFrom: string | null;
  resolvedAt: string | null;
  memory: { id: string; content: string; memoryType: string; sourceMessageIds: string[] } | null;
}

export interface TraitHistoryPoint {
  at: string;
  stage: string;
  confidence: number | null;
  event: string;
}

export interface Trait {
  id: string;
  content: string;
  stage: string;
  subtype: string;
  confidence: number | null;
  context: string;
  windowEnd: string | null;
  firstObserved: string | null;
  lastReinforced: string | null;
  reinforcementCount: number;
  contradictionCount: number;
  evidence: Evidence[];
  parents: { id: string; content: string }[];
  children: { id: string; content: string }[];
  history: TraitHistoryPoint[];
}

export const TRAIT_STAGES = ["TREND", "CANDIDATE", "EMERGING", "ESTABLISHED", "CORE"] as const;

export const TRAITS = `query Traits($userId: String!, $minStage: TraitStage) {
  userTraits(userId: $userId, minStage: $minStage) {
    id content stage subtype confidence context windowEnd firstObserved lastReinforced
    reinforcementCount contradictionCount
    evidence { id grade kind createdAt inheritedFrom resolvedAt memory { id content memoryType sourceMessageIds } }
    parents { id content } children { id content }
    history { at stage confidence event }
  }
}`;

export interface EntityRef {
  id: string;
  subject: string;
  kind: string;
}

export interface Relation {
  relation: string;
  strength: number;
  direction: "OUTGOING" | "INCOMING";
  other: EntityRef;
}

export interface EntityDetail extends EntityRef {
  createdAt: string | null;
  updatedAt: string | null;
  aliases: { id: string; name: string }[];
  impressions: {
    id: string;
    content: string;
    confidence: number;
    createdAt: string | null;
    evidence: { id: string; eventId: string; grade: string; messageId: string | null; speaker: string | null; content: string; occurredAt: string | null }[];
  }[];
  features: { id: string; key: string; value: string; confidence: number; observedAt: string | null }[];
  relations: Relation[];
}

export interface EntityListItem extends EntityRef {
  aliases: { name: string }[];
}

export const ENTITIES = `query Entities($userId: String!, $search: String, $after: String) {
  entities(userId: $userId, search: $search, limit: 20, after: $after) {
    nodes { id subject kind aliases { name } } endCursor hasNextPage
  }
}`;

export const ENTITY = `query Entity($userId: String!, $name: String!) {
  entity(userId: $userId, subjectOrAlias: $name) {
    id subject kind createdAt updatedAt
    aliases { id name }
    impressions { id content confidence createdAt evidence { id eventId grade messageId speaker content occurredAt } }
    features { id key value confidence observedAt }
    relations { relation strength direction other { id subject kind } }
  }
}`;

export interface GraphEntity extends EntityRef {
  relations: Relation[];
}

export const ENTITY_GRAPH = `query EntityGraph($userId: String!, $after: String) {
  entities(userId: $userId, limit: 100, after: $after) {
    nodes { id subject kind relations { relation strength direction other { id subject kind } } }
    endCursor hasNextPage
  }
}`;

export interface PendingObservation {
  id: string;
  subject: string;
  aliases: string[];
  kind: string;
  reason: string;
  detail: string | null;
  status: "OPEN" | "RESOLVED";
  confidence: number;
  impressions: string[];
  features: string[];
  relations: string[];
  evidenceSnippets: string[];
  eventIds: string[];
  createdAt: string | null;
  resolvedAt: string | null;
  resolvedEntityId: string | null;
  candidates: (EntityRef & { aliases: { name: string }[] })[];
}

export const PENDING = `query Pending($userId: String!, $status: PendingStatus) {
  pendingObservations(userId: $userId, status: $status, limit: 500) {
    id subject aliases kind reason detail status confidence impressions features relations evidenceSnippets
    eventIds createdAt resolvedAt resolvedEntityId candidates { id subject kind aliases { name } }
  }
}`;

export const RESOLVE = `mutation Resolve($userId: String!, $id: ID!, $entityId: ID, $createNew: Boolean!) {
  resolvePendingObservation(userId: $userId, id: $id, entityId: $entityId, createNew: $createNew) {
    pendingObservation { id status resolvedEntityId } entity { id subject }
  }
}`;

export interface Job {
  id: string;
  kind: string;
  status: string;
  error: string | null;
  sessionId: string | null;
  attempts: number;
  createdAt: string | null;
  updatedAt: string | null;
  llmCalls: number;
  tokensIn: number;
  tokensOut: number;
  memoriesCreated: number;
  memoriesReinforced: number;
}

export const JOB_STATUSES = ["PENDING", "RUNNING", "SUCCEEDED", "FAILED"] as const;

export const JOBS = `query Jobs($userId: String!, $status: JobStatus) {
  jobs(userId: $userId, status: $status, limit: 500) {
    id kind status error sessionId attempts createdAt updatedAt llmCalls tokensIn tokensOut memoriesCreated memoriesReinforced
  }
}`;

export interface ReflectionCycle {
  id: string | null;
  status: string;
  trigger: string | null;
  mode: string;
  error: string | null;
  memoriesScanned: number;
  traitsCreated: number;
  traitsReinforced: number;
  traitsDissolved: number;
  llmCalls: number;
  tokensIn: number;
  tokensOut: number;
  startedAt: string | null;
  durationMs: number;
  notes: string[];
}

export const CYCLES = `query Cycles($userId: String!) {
  reflectionCycles(userId: $userId, limit: 100) {
    id status trigger mode error memoriesScanned traitsCreated traitsReinforced traitsDissolved
    llmCalls tokensIn tokensOut startedAt durationMs notes
  }
}`;

export interface RecallHit {
  id: string;
  kind: string;
  content: string;
  score: number;
  occurredAt: string | null;
  sourceMessageIds: string[];
  memoryType: string | null;
  entity: string | null;
}

export const RECALL = `query Recall($userId: String!, $query: String!, $limit: Int!) {
  recall(userId: $userId, query: $query, limit: $limit) {
    id kind content score occurredAt sourceMessageIds memoryType entity
  }
}`;

export const MEMORY_CONTEXT = `query Context($userId: String!, $query: String!, $maxTokens: Int!) {
  memoryContext(userId: $userId, query: $query, maxTokens: $maxTokens) { text tokens }
}`;

// ---- sources, candidates, documents, timeline, growth (the knowledge-brain API) ----

export interface GrowthDay {
  day: string;
  events: number;
  memories: number;
  candidates: number;
  documents: number;
}

export interface UserStats {
  counts: UserCounts;
  eventsBySource: KeyCount[];
  candidatesByStatus: KeyCount[];
  documents: number;
  passages: number;
  tags: number;
  learningRuns: number;
  lastLearningAt: string | null;
  growth: GrowthDay[];
}

export const USER_STATS = `query UserStats($userId: String!) {
  userStats(userId: $userId) {
    counts {
      events sessions openSessions firstMessageAt lastMessageAt
      memories memoriesByType { key count } memoriesByStatus { key count }
      entities aliases impressions features relations
      traits traitsByStage { key count } pendingObservations jobsByStatus { key count }
      llmCalls tokensIn tokensOut reflectionCycles lastReflectionAt
    }
    eventsBySource { key count } candidatesByStatus { key count }
    documents passages tags learningRuns lastLearningAt
    growth { day events memories candidates documents }
  }
}`;

export const SOURCE_TYPES = ["CONVERSATION", "DOCUMENT", "TODO", "TASK", "FORUM_POST", "NOTE", "CALENDAR"] as const;
export const TIMELINE_KINDS = ["EVENT", "MEMORY", "CANDIDATE"] as const;

export interface TimelineEntry {
  kind: (typeof TIMELINE_KINDS)[number];
  id: string;
  at: string;
  content: string;
  title: string | null;
  sourceType: string | null;
  sourceId: string | null;
  sessionId: string | null;
  memoryType: string | null;
  status: string | null;
}

export const TIMELINE = `query Timeline($userId: String!, $from: DateTime, $to: DateTime, $sourceTypes: [SourceType!],
    $kinds: [TimelineKind!], $after: String) {
  timeline(userId: $userId, from: $from, to: $to, sourceTypes: $sourceTypes, kinds: $kinds, limit: 30, after: $after) {
    nodes { kind id at content title sourceType sourceId sessionId memoryType status }
    endCursor hasNextPage
  }
}`;

export interface Candidate {
  id: string;
  memoryType: string;
  content: string;
  status: string;
  importance: number;
  confidence: number;
  days: string[];
  sources: string[];
  eventIds: string[];
  sourceTypes: string[];
  createdAt: string | null;
  expiresAt: string | null;
  decidedAt: string | null;
  promotionReason: string | null;
  memoryId: string | null;
  origin: string | null;
}

const CANDIDATE_FIELDS = `id memoryType content status importance confidence days sources eventIds sourceTypes createdAt
    expiresAt decidedAt promotionReason memoryId origin`;

export const CANDIDATES = `query Candidates($userId: String!, $status: CandidateStatus) {
  candidates(userId: $userId, status: $status, limit: 200) { ${CANDIDATE_FIELDS} }
}`;

export const PROMOTE_CANDIDATE = `mutation PromoteCandidate($userId: String!, $id: ID!) {
  promoteCandidate(userId: $userId, id: $id) { ${CANDIDATE_FIELDS} }
}`;

export const REJECT_CANDIDATE = `mutation RejectCandidate($userId: String!, $id: ID!) {
  rejectCandidate(userId: $userId, id: $id) { ${CANDIDATE_FIELDS} }
}`;

export interface DocumentSummary {
  id: string;
  sourceId: string;
  filename: string;
  format: string | null;
  title: string | null;
  version: number;
  pages: number;
  byteSize: number;
  chunkCount: number;
  history: number;
  tags: string[];
  createdAt: string | null;
  updatedAt: string | null;
  indexedAt: string | null;
}

export interface DocumentChunk {
  id: string;
  kind: string;
  headingPath: string[];
  level: number;
  position: number;
  content: string;
  tokens: number;
  parentId: string | null;
}

const DOCUMENT_FIELDS = `id sourceId filename format title version pages byteSize chunkCount history tags createdAt
    updatedAt indexedAt`;

export const DOCUMENTS = `query Documents($userId: String!) { documents(userId: $userId, limit: 200) { ${DOCUMENT_FIELDS} } }`;

export const DOCUMENT = `query Document($userId: String!, $id: ID!) {
  document(userId: $userId, id: $id) { ${DOCUMENT_FIELDS} chunks { id kind headingPath level position content tokens parentId } }
}`;
