"""Every closed set of graphsvc, spelled once.

Each set is a ``Literal`` (what mypy checks) and a tuple of its values derived from it with
``typing.get_args`` (what code and Cypher parameters iterate). The neomodel node classes take their
``choices`` from these tuples; the GraphQL enums are written out for strawberry and checked against
these tuples by ``tests/unit/test_vocabulary.py``, so no copy can drift.
"""

from __future__ import annotations

from typing import Literal, get_args

MemoryType = Literal["fact", "preference", "goal", "pain_point", "event"]
"""Seed 001 §3.2: the five memory types an extractor may produce."""
MEMORY_TYPES: tuple[MemoryType, ...] = get_args(MemoryType)

MemoryStatus = Literal["active", "superseded", "archived", "forgotten"]
"""Where a memory is in its life (issue 12). ``active``: believed and current (the only status default recall
returns); ``superseded``: replaced by a newer value of the same slot (``SUPERSEDED_BY``, ``valid_to`` set) or by
a correction; ``archived``: stale, kept out of recall until restored or mentioned again; ``forgotten``: removed
by a person (content, vector and provenance gone; the node stays as a tombstone for the audit trail). Stored
lowercase, exactly these strings."""
MEMORY_STATUSES: tuple[MemoryStatus, ...] = get_args(MemoryStatus)

RECALL_MEMORY_STATUSES: tuple[MemoryStatus, ...] = ("active",)
"""What recall and memoryContext return by default."""

SUPERSEDED_RECALL_STATUSES: tuple[MemoryStatus, ...] = ("active", "superseded")
"""What recall returns with ``includeSuperseded``."""

SpaceKind = Literal["user", "group", "agent"]
"""What a memory space is (:mod:`graphsvc.spaces`): one person's, a group's, or an agent's."""
SPACE_KINDS: tuple[SpaceKind, ...] = get_args(SpaceKind)

MemoryOrigin = Literal["extraction", "user", "agent"]
"""Who asserted a memory: the extraction job (from messages), or ``remember`` on behalf of the user or of an agent.
A memory asserted by a user or an agent rests on that assertion, so deleting messages never deletes it."""
MEMORY_ORIGINS: tuple[MemoryOrigin, ...] = get_args(MemoryOrigin)

RememberSource = Literal["user", "agent"]
"""``remember``'s provenance (issue 12): a statement of the user, or an agent's guess."""
REMEMBER_SOURCES: tuple[RememberSource, ...] = get_args(RememberSource)

SupersessionReason = Literal["slot", "correction"]
"""Why a memory was superseded: a newer value of the same slot (decided by valid time), or ``correctMemory``."""

EntityKind = Literal["person", "place", "organization", "work", "animal", "thing"]
"""Seed 000: what an entity is. ``work``: a titled creation (book, film, song, game, artwork: "…" titles, 《》);
``animal``: a pet or another animal with a name ("my dog Waffles", 我家的猫年糕); ``thing``: any other named
thing (a product, a programming language, an event), and every name whose kind nothing shows."""
ENTITY_KINDS: tuple[EntityKind, ...] = get_args(EntityKind)

TraitStage = Literal["trend", "candidate", "emerging", "established", "core", "dissolved"]
"""Seed 002 §4–5: trend (short-lived, window-managed) → candidate → emerging → established → core;
dissolved when expired, decayed below the floor, or given up after contradictions."""
TRAIT_STAGES: tuple[TraitStage, ...] = get_args(TraitStage)

STAGE_ORDER: tuple[TraitStage, ...] = ("trend", "candidate", "emerging", "established", "core")
"""Active stages from lowest to highest (dissolved is outside the order)."""

ActiveStage = Literal["candidate", "emerging", "established", "core"]
"""Stages a confidence maps to (seed 002 §5)."""

RECALL_TRAIT_STAGES: tuple[TraitStage, ...] = ("emerging", "established", "core")
"""Seed 002 §7: the trait stages recall may return (trend, candidate and dissolved never do)."""

TraitSubtype = Literal["behavior", "preference", "core"]
"""Seed 002 §3–4: what a trait describes; upgrades go behavior → preference → core."""
TRAIT_SUBTYPES: tuple[TraitSubtype, ...] = get_args(TraitSubtype)

TraitContext = Literal["work", "personal", "social", "learning", "general"]
"""Seed 002 §3: where a trait shows."""
TRAIT_CONTEXTS: tuple[TraitContext, ...] = get_args(TraitContext)

EvidenceGrade = Literal["A", "B", "C", "D"]
"""Seed 002 §5: A consistent across contexts, B explicitly stated, C behaviour seen across
conversations, D within one conversation or implicit."""
EVIDENCE_GRADES: tuple[EvidenceGrade, ...] = get_args(EvidenceGrade)

EvidenceKind = Literal["supporting", "contradicting"]
EVIDENCE_KINDS: tuple[EvidenceKind, ...] = get_args(EvidenceKind)

TriggerType = Literal["force", "first", "importance", "session_end", "interval"]
"""Why a reflection cycle ran (seed 002 §1); ``first`` = the user was never reflected on."""
TRIGGER_TYPES: tuple[TriggerType, ...] = get_args(TriggerType)

CycleStatus = Literal["COMPLETED", "FAILED", "SKIPPED"]
"""COMPLETED and FAILED cycles are recorded as ``ReflectionCycle`` nodes; SKIPPED calls leave none."""
CYCLE_STATUSES: tuple[CycleStatus, ...] = get_args(CycleStatus)

HistoryEvent = Literal[
    "created", "reinforced", "contradicted", "promoted", "stage_changed", "modified", "dissolved", "upgraded"
]
"""What a reflection ``HistoryEntry`` records about a trait (a retraction adds ``rescored`` and ``dissolved``
entries of its own, issue 12)."""

MemoryHistoryEvent = Literal[
    "created",
    "reinforced",
    "superseded",
    "reinstated",
    "corrected",
    "archived",
    "restored",
    "forgotten",
    "sources_retracted",
    "retracted",
]
"""What a ``HistoryEntry`` records about a memory. ``reinstated``: a superseded memory became current again (its
successor was deleted, or an older import moved the slot's timeline); ``sources_retracted``: some of its source
messages were deleted; ``retracted``: deleted because every source message was."""

RetractionKind = Literal[
    "event",
    "session",
    "memory",
    "impression",
    "evidence",
    "alias",
    "feature",
    "relation",
    "entity",
    "trait",
    "pending_observation",
    "document",
]
"""Kinds of node a retraction deletes; a tombstone ``HistoryEntry`` (no content) names the kind."""

PendingReason = Literal["ambiguous", "postponed", "plan_rejected"]
"""Why an entity observation waits for a person (seed 000 §4, §6)."""
PENDING_REASONS: tuple[PendingReason, ...] = get_args(PendingReason)

PendingStatus = Literal["open", "resolved"]
PENDING_STATUSES: tuple[PendingStatus, ...] = get_args(PendingStatus)

SessionStatus = Literal["open", "ended"]
SESSION_STATUSES: tuple[SessionStatus, ...] = get_args(SessionStatus)

JobStatus = Literal["PENDING", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED"]
"""PENDING → RUNNING (claimed under a lease) → SUCCEEDED, or back to PENDING until FAILED; CANCELLED by
``cancelJob``. FAILED and CANCELLED jobs can be queued again with ``retryJob``."""
JOB_STATUSES: tuple[JobStatus, ...] = get_args(JobStatus)
OPEN_JOB_STATUSES: tuple[JobStatus, ...] = ("PENDING", "RUNNING")
ENDED_JOB_STATUSES: tuple[JobStatus, ...] = tuple(s for s in JOB_STATUSES if s not in OPEN_JOB_STATUSES)
"""SUCCEEDED, FAILED, CANCELLED: a job in one of these runs no more (``retryJob`` queues a FAILED or CANCELLED one
again, as PENDING)."""

JobPriority = Literal["interactive", "bulk"]
"""Interactive jobs (a conversation a user just ended) are claimed before bulk work (imports, idle sweeps)."""
JOB_PRIORITIES: tuple[JobPriority, ...] = get_args(JobPriority)
JOB_PRIORITY_RANK: dict[JobPriority, int] = {"interactive": 0, "bulk": 1}
"""What the ``Job.priority`` property stores: lower ranks are claimed first."""

JobKind = Literal[
    "extract_memories",
    "reflect",
    "embed_events",
    "promote_candidates",
    "parse_document",
    "index_document",
    "learn",
]
"""Background work: ``extract_memories`` after a conversation ends (seed 001 §3.3), ``reflect`` after an
extraction commits (seed 002 §1, the session-end trigger), ``embed_events`` the vectors of ingested events
(ingest stores and returns; the embedder never runs on the request path), ``promote_candidates`` the candidates
an ``ingestEvents`` made due, ``parse_document`` an uploaded document (parsed in a sandboxed subprocess,
chunked, embedded), ``index_document`` after a document is parsed (its entities, seed 000, and its candidates),
``learn`` the daily learning run of one user (seed 003)."""
JOB_KINDS: tuple[JobKind, ...] = get_args(JobKind)

NON_SOURCE_ROLES = frozenset({"assistant", "system", "ai"})
"""Message roles that are never a source of memories or observations (compared case-insensitively)."""

SourceType = Literal["conversation", "document", "todo", "task", "forum_post", "note", "calendar"]
"""Seed 003: the source systems whose records become ``Event`` nodes on one event layer."""
SOURCE_TYPES: tuple[SourceType, ...] = get_args(SourceType)
THIRD_PARTY_SOURCES: frozenset[SourceType] = frozenset({"document", "forum_post"})
"""Sources whose records are someone else's words (a document, another person's forum post; issue 22 "Sources
have an author"): never the user's statements, and who and what they name is not among the user's entities."""

CandidateStatus = Literal["open", "promoted", "rejected", "expired"]
"""A ``MemoryCandidate`` (seed 003, between raw events and durable memory): ``open`` until it is promoted to a
memory (reinforced on two days or by two sources, important enough, or confirmed by a person), rejected by a
person, or expired (open past ``CANDIDATE_TTL_DAYS``)."""
CANDIDATE_STATUSES: tuple[CandidateStatus, ...] = get_args(CandidateStatus)

PromotionReason = Literal["reinforced", "importance", "confirmed"]
"""Why a candidate became a memory: reinforced by events of ≥ 2 days or ≥ 2 sources, its importance passed
``CANDIDATE_PROMOTE_IMPORTANCE``, or a person confirmed it (``promoteCandidate``)."""
PROMOTION_REASONS: tuple[PromotionReason, ...] = get_args(PromotionReason)

DocumentFormat = Literal["pdf", "docx", "xlsx", "csv", "markdown", "txt", "html"]
"""Document formats graphsvc parses, each through its own adapter, all normalised to markdown."""
DOCUMENT_FORMATS: tuple[DocumentFormat, ...] = get_args(DocumentFormat)

ChunkKind = Literal["section", "passage"]
"""A document chunk: a ``section`` (a heading and everything under it, the context a passage brings) or a
``passage`` (a paragraph-sized leaf: embedded, full-text indexed, recalled)."""
CHUNK_KINDS: tuple[ChunkKind, ...] = get_args(ChunkKind)

DocumentStatus = Literal["processing", "ready", "failed"]
"""A document upload: ``processing`` while its ``parse_document`` job parses, chunks and embeds it, then
``ready`` (its passages are recalled) or ``failed`` (with the reason; the last ready version, if any, stays)."""
DOCUMENT_STATUSES: tuple[DocumentStatus, ...] = get_args(DocumentStatus)

TagOrigin = Literal["auto", "user", "source"]
"""Who put a tag on a node: automatic topic tags, a person (``tagMemory``), or the source record's own tags."""
TAG_ORIGINS: tuple[TagOrigin, ...] = get_args(TagOrigin)

LearningStatus = Literal["RUNNING", "COMPLETED", "FAILED"]
"""A ``LearningRun`` (one user, one local day): claimed RUNNING under a lease, then COMPLETED or FAILED."""
LEARNING_STATUSES: tuple[LearningStatus, ...] = get_args(LearningStatus)

TimelineKind = Literal["event", "memory", "candidate"]
"""What a timeline item is."""
TIMELINE_KINDS: tuple[TimelineKind, ...] = get_args(TimelineKind)

StructuredMode = Literal["json_schema", "json_object", "tools", "prompt"]
"""How an LLM answer is asked for: a JSON schema the server enforces, a JSON object, a forced tool call, or the
schema in the prompt and plain JSON back (validated, and repaired once). The client steps down in this order."""
STRUCTURED_MODES: tuple[StructuredMode, ...] = get_args(StructuredMode)

LLMProvider = Literal["openai", "deepseek", "qwen", "ollama", "vllm", "azure"]
"""``LLM_PROVIDER`` presets (:data:`graphsvc.config.LLM_PRESETS`)."""
LLM_PROVIDERS: tuple[LLMProvider, ...] = get_args(LLMProvider)

Extractor = Literal["rules", "llm"]
"""Who decided what an extraction job kept: the offline rulebook, or the LLM."""
EXTRACTORS: tuple[Extractor, ...] = get_args(Extractor)

TraceOutcome = Literal["created", "reinforced", "merged", "candidate", "refused", "not_kept", "dropped"]
"""What an extraction job decided about one judged piece of a message (an ``ExtractionTrace`` decision):

- ``created``: kept, a new memory;
- ``reinforced``: kept, and it repeats an existing memory (the same text or a near duplicate), which it reinforced;
- ``merged``: kept, and folded into a new memory another statement of the same job created (a near copy);
- ``candidate``: kept with a confidence below ``CANDIDATE_CONFIDENCE_BELOW``: a candidate, not yet a memory;
- ``refused``: a refuse rule refused it (``rule_id`` names it);
- ``not_kept``: no keep rule fired (nothing said it is worth remembering);
- ``dropped``: a keep rule fired but nothing was written (the speaker only naming themselves, or past the job's
  limit of memories)."""
TRACE_OUTCOMES: tuple[TraceOutcome, ...] = get_args(TraceOutcome)
