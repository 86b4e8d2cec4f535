"""neomodel node classes: the typed shape of every label and edge in the graph.

Writes and searches go through the named Cypher in ``cypher/queries`` (bulk UNWIND,
vector and full-text search with parameters); these classes declare the model and
inflate raw nodes into typed objects (``Memory.inflate(record["m"])``). The
constraints and indexes live in ``cypher/schema.cypher``; a unit test checks the
two agree. Every node carries ``user_id``.

Edges (ARCHITECTURE.md "The graph"):
    (Session)-[:HAS_EVENT]->(Event)             events of a conversation
    (Memory)-[:EXTRACTED_FROM]->(Event)         provenance of a memory
    (Memory)-[:MENTIONS]->(Entity)
    (Entity)-[:HAS_ALIAS]->(Alias), -[:HAS_IMPRESSION]->(Impression), -[:HAS_FEATURE]->(Feature)
    (Entity)-[:RELATES {relation, strength}]->(Entity)
    (Entity)-[:OBSERVED_IN]->(Event)            provenance of an observation
    (Evidence)-[:SUPPORTS|CONTRADICTS]->(Trait), (Evidence)-[:CITES]->(Memory)
    (Trait)-[:PARENT_OF]->(Trait)               upgrade lineage
    (ReflectionCycle)-[:PRODUCED]->(Evidence)
    (HistoryEntry)-[:RECORDS]->(any node)       audit trail
    (Job)-[:FOR_SESSION]->(Session)
"""

from __future__ import annotations

from neomodel import (
    ArrayProperty,
    AsyncRelationshipFrom,
    AsyncRelationshipTo,
    AsyncStructuredNode,
    AsyncStructuredRel,
    AsyncZeroOrOne,
    DateTimeNeo4jFormatProperty,
    FloatProperty,
    IntegerProperty,
    StringProperty,
)

MEMORY_TYPES = ("fact", "preference", "goal", "pain_point", "event")
JOB_STATUSES = ("PENDING", "RUNNING", "SUCCEEDED", "FAILED")
TRAIT_STAGES = ("trend", "candidate", "emerging", "established", "core", "dissolved")
TRAIT_SUBTYPES = ("behavior", "preference", "core")
TRAIT_CONTEXTS = ("work", "personal", "social", "learning", "general")
EVIDENCE_GRADES = ("A", "B", "C", "D")


def _choices(values: tuple[str, ...]) -> dict[str, str]:
    return {v: v for v in values}


class TenantNode(AsyncStructuredNode):
    """Base of every graphsvc node: a global uid and the owning tenant."""

    __abstract_node__ = True
    uid = StringProperty(required=True, unique_index=True)
    user_id = StringProperty(required=True, index=True)


class Relates(AsyncStructuredRel):
    relation = StringProperty(required=True)
    strength = FloatProperty(default=0.5)


class Session(TenantNode):
    session_id = StringProperty(required=True)
    status = StringProperty(choices=_choices(("open", "ended")), default="open")
    started_at = DateTimeNeo4jFormatProperty()
    last_message_at = DateTimeNeo4jFormatProperty()
    ended_at = DateTimeNeo4jFormatProperty()
    events = AsyncRelationshipTo("Event", "HAS_EVENT")


class Event(TenantNode):
    """A raw source record: one conversation message (ARCHITECTURE.md: Event)."""

    session_id = StringProperty(required=True)
    source_type = StringProperty(default="conversation")
    source_id = StringProperty(required=True)  # the caller's messageId, or a derived one
    role = StringProperty(required=True)
    speaker = StringProperty()
    content = StringProperty(required=True)
    content_hash = StringProperty(required=True)
    occurred_at = DateTimeNeo4jFormatProperty(required=True)
    ingested_at = DateTimeNeo4jFormatProperty()
    extracted_at = DateTimeNeo4jFormatProperty()
    embedding = ArrayProperty(FloatProperty())
    session = AsyncRelationshipFrom("Session", "HAS_EVENT", cardinality=AsyncZeroOrOne)


class Memory(TenantNode):
    """A durable typed memory (seed 001): fact, preference, goal, pain_point or event."""

    memory_type = StringProperty(required=True, choices=_choices(MEMORY_TYPES))
    content = StringProperty(required=True)
    content_hash = StringProperty(required=True)
    dedup_key = StringProperty(required=True, unique_index=True)
    embedding = ArrayProperty(FloatProperty())
    importance = FloatProperty(default=0.5)
    confidence = FloatProperty(default=0.5)
    reinforcement_count = IntegerProperty(default=0)
    created_at = DateTimeNeo4jFormatProperty()
    last_reinforced_at = DateTimeNeo4jFormatProperty()
    occurred_at = DateTimeNeo4jFormatProperty()
    status = StringProperty(default="active")
    sources = AsyncRelationshipTo("Event", "EXTRACTED_FROM")
    mentions = AsyncRelationshipTo("Entity", "MENTIONS")


class Entity(TenantNode):
    subject = StringProperty(required=True)
    subject_key = StringProperty(required=True, unique_index=True)  # user_id + normalised subject
    kind = StringProperty(default="thing")
    created_at = DateTimeNeo4jFormatProperty()
    aliases = AsyncRelationshipTo("Alias", "HAS_ALIAS")
    impressions = AsyncRelationshipTo("Impression", "HAS_IMPRESSION")
    features = AsyncRelationshipTo("Feature", "HAS_FEATURE")
    relates = AsyncRelationshipTo("Entity", "RELATES", model=Relates)
    observed_in = AsyncRelationshipTo("Event", "OBSERVED_IN")


class Alias(TenantNode):
    name = StringProperty(required=True)
    normalized = StringProperty(required=True, index=True)


class Impression(TenantNode):
    content = StringProperty(required=True)
    confidence = FloatProperty(default=0.5)
    created_at = DateTimeNeo4jFormatProperty()


class Feature(TenantNode):
    key = StringProperty(required=True)
    value = StringProperty(required=True)


class Trait(TenantNode):
    """A reflected trait (seed 002 §3–5)."""

    content = StringProperty(required=True)
    stage = StringProperty(required=True, choices=_choices(TRAIT_STAGES))
    subtype = StringProperty(required=True, choices=_choices(TRAIT_SUBTYPES))
    confidence = FloatProperty()
    context = StringProperty(choices=_choices(TRAIT_CONTEXTS), default="general")
    window_start = DateTimeNeo4jFormatProperty()
    window_end = DateTimeNeo4jFormatProperty()
    first_observed = DateTimeNeo4jFormatProperty()
    last_reinforced = DateTimeNeo4jFormatProperty()
    reinforcement_count = IntegerProperty(default=0)
    contradiction_count = IntegerProperty(default=0)
    derived_from = StringProperty(default="reflection")
    embedding = ArrayProperty(FloatProperty())
    children = AsyncRelationshipTo("Trait", "PARENT_OF")


class Evidence(TenantNode):
    grade = StringProperty(required=True, choices=_choices(EVIDENCE_GRADES))
    kind = StringProperty(required=True, choices=_choices(("supporting", "contradicting")))
    cycle_id = StringProperty()
    created_at = DateTimeNeo4jFormatProperty()
    supports = AsyncRelationshipTo("Trait", "SUPPORTS")
    contradicts = AsyncRelationshipTo("Trait", "CONTRADICTS")
    cites = AsyncRelationshipTo("Memory", "CITES")


class ReflectionCycle(TenantNode):
    trigger_type = StringProperty()
    status = StringProperty()
    started_at = DateTimeNeo4jFormatProperty()
    finished_at = DateTimeNeo4jFormatProperty()
    error = StringProperty()
    produced = AsyncRelationshipTo("Evidence", "PRODUCED")


class HistoryEntry(TenantNode):
    """Audit of one change: who, when, old and new value."""

    target_uid = StringProperty(required=True)
    event = StringProperty(required=True)
    old_value = StringProperty()
    new_value = StringProperty()
    actor = StringProperty(required=True)
    created_at = DateTimeNeo4jFormatProperty(required=True)


class Job(TenantNode):
    """Durable background work (extraction after a conversation ends)."""

    kind = StringProperty(required=True)
    status = StringProperty(required=True, choices=_choices(JOB_STATUSES))
    session_id = StringProperty()
    attempts = IntegerProperty(default=0)
    error = StringProperty()
    created_at = DateTimeNeo4jFormatProperty()
    updated_at = DateTimeNeo4jFormatProperty()
    run_after = DateTimeNeo4jFormatProperty()
    llm_calls = IntegerProperty(default=0)
    tokens_in = IntegerProperty(default=0)
    tokens_out = IntegerProperty(default=0)
    memories_created = IntegerProperty(default=0)
    memories_reinforced = IntegerProperty(default=0)
