from enum import Enum


class BeliefActor(str, Enum):
    USER = "USER"
    AGENT = "AGENT"
    EXTRACTION = "EXTRACTION"
    REFLECTION = "REFLECTION"
    LEARNING = "LEARNING"


class BeliefKind(str, Enum):
    MEMORY = "MEMORY"
    TRAIT = "TRAIT"


class BeliefTime(str, Enum):
    RECORDED = "RECORDED"
    HAPPENED = "HAPPENED"


class CandidateStatus(str, Enum):
    OPEN = "OPEN"
    PROMOTED = "PROMOTED"
    REJECTED = "REJECTED"
    EXPIRED = "EXPIRED"


class ContextSection(str, Enum):
    TRAITS = "TRAITS"
    RECALLED = "RECALLED"
    SHARED = "SHARED"
    SUMMARIES = "SUMMARIES"
    RECENT = "RECENT"


class DecidedBy(str, Enum):
    RULEBOOK = "RULEBOOK"
    LLM = "LLM"
    PERSON = "PERSON"
    NOBODY = "NOBODY"


class DocumentStatus(str, Enum):
    PROCESSING = "PROCESSING"
    READY = "READY"
    FAILED = "FAILED"


class EntityKind(str, Enum):
    PERSON = "PERSON"
    PLACE = "PLACE"
    ORGANIZATION = "ORGANIZATION"
    WORK = "WORK"
    ANIMAL = "ANIMAL"
    THING = "THING"


class EvidenceGrade(str, Enum):
    A = "A"
    B = "B"
    C = "C"
    D = "D"


class EvidenceKind(str, Enum):
    SUPPORTING = "SUPPORTING"
    CONTRADICTING = "CONTRADICTING"


class Extractor(str, Enum):
    RULES = "RULES"
    LLM = "LLM"


class JobPriority(str, Enum):
    INTERACTIVE = "INTERACTIVE"
    BULK = "BULK"


class JobStatus(str, Enum):
    PENDING = "PENDING"
    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"


class MadeBy(str, Enum):
    RULEBOOK = "RULEBOOK"
    LLM = "LLM"
    PERSON = "PERSON"
    AGENT = "AGENT"


class MemoryOrigin(str, Enum):
    EXTRACTION = "EXTRACTION"
    USER = "USER"
    AGENT = "AGENT"


class MemoryStatus(str, Enum):
    ACTIVE = "ACTIVE"
    SUPERSEDED = "SUPERSEDED"
    ARCHIVED = "ARCHIVED"
    FORGOTTEN = "FORGOTTEN"


class MemoryType(str, Enum):
    FACT = "FACT"
    PREFERENCE = "PREFERENCE"
    GOAL = "GOAL"
    PAIN_POINT = "PAIN_POINT"
    EVENT = "EVENT"


class PendingReason(str, Enum):
    AMBIGUOUS = "AMBIGUOUS"
    POSTPONED = "POSTPONED"
    PLAN_REJECTED = "PLAN_REJECTED"


class PendingStatus(str, Enum):
    OPEN = "OPEN"
    RESOLVED = "RESOLVED"


class RankRule(str, Enum):
    LENT_BY_REACTION = "LENT_BY_REACTION"
    LENT_BY_SUPERSEDED = "LENT_BY_SUPERSEDED"
    RECENCY = "RECENCY"
    IMPORTANCE = "IMPORTANCE"
    TRAIT_STAGE = "TRAIT_STAGE"
    TIME_CUE = "TIME_CUE"
    SPEAKER_CUE = "SPEAKER_CUE"
    BELOW_ANSWERED = "BELOW_ANSWERED"
    BELOW_REPLACEMENT = "BELOW_REPLACEMENT"
    BELOW_MEMORY = "BELOW_MEMORY"
    BELOW_PASSAGE = "BELOW_PASSAGE"
    RERANKED = "RERANKED"


class RecallChannel(str, Enum):
    VECTOR = "VECTOR"
    FULL_TEXT = "FULL_TEXT"
    GRAPH = "GRAPH"


class ReflectionStatus(str, Enum):
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    SKIPPED = "SKIPPED"


class ReflectionTrigger(str, Enum):
    FORCE = "FORCE"
    FIRST = "FIRST"
    IMPORTANCE = "IMPORTANCE"
    SESSION_END = "SESSION_END"
    INTERVAL = "INTERVAL"


class RelationDirection(str, Enum):
    OUTGOING = "OUTGOING"
    INCOMING = "INCOMING"


class RememberSource(str, Enum):
    USER = "USER"
    AGENT = "AGENT"


class SourceType(str, Enum):
    CONVERSATION = "CONVERSATION"
    DOCUMENT = "DOCUMENT"
    TODO = "TODO"
    TASK = "TASK"
    FORUM_POST = "FORUM_POST"
    NOTE = "NOTE"
    CALENDAR = "CALENDAR"


class SpaceKind(str, Enum):
    USER = "USER"
    GROUP = "GROUP"
    AGENT = "AGENT"


class TimelineKind(str, Enum):
    EVENT = "EVENT"
    MEMORY = "MEMORY"
    CANDIDATE = "CANDIDATE"


class TraceOutcome(str, Enum):
    CREATED = "CREATED"
    REINFORCED = "REINFORCED"
    MERGED = "MERGED"
    CANDIDATE = "CANDIDATE"
    REFUSED = "REFUSED"
    NOT_KEPT = "NOT_KEPT"
    DROPPED = "DROPPED"


class TraitContext(str, Enum):
    WORK = "WORK"
    PERSONAL = "PERSONAL"
    SOCIAL = "SOCIAL"
    LEARNING = "LEARNING"
    GENERAL = "GENERAL"


class TraitStage(str, Enum):
    TREND = "TREND"
    CANDIDATE = "CANDIDATE"
    EMERGING = "EMERGING"
    ESTABLISHED = "ESTABLISHED"
    CORE = "CORE"
    DISSOLVED = "DISSOLVED"


class TraitSubtype(str, Enum):
    BEHAVIOR = "BEHAVIOR"
    PREFERENCE = "PREFERENCE"
    CORE = "CORE"
