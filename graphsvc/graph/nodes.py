"""neomodel node classes: the typed shape of every label and edge in the graph, and what the catalog knows of each.

Writes and searches go through the named Cypher in ``cypher/queries`` (bulk UNWIND,
vector and full-text search with parameters); these classes declare the model and
inflate raw nodes into typed objects (``Memory.inflate(record["m"])``). The
constraints and indexes live in ``cypher/schema.cypher``; a unit test checks the
two agree. Closed sets come from :mod:`graphsvc.vocabulary`.

Every stored label is one class here, and the class is its one declaration: its properties, its outgoing (and
some incoming) relationships, and its ``catalog_facts`` (:class:`graphsvc.graph.kinds.NodeFacts`: which
properties hold user text and vectors, its provenance, its Neo4j Browser caption and colours, whether it is
exported). Its base says who owns it: a :class:`UserNode` carries its user's ``user_id`` (a
:class:`TenantNode` also a global ``uid``), a :class:`DeploymentNode` belongs to the running deployment.
:mod:`graphsvc.graph.catalog` reads the classes (``catalog.NODES``, ``catalog.RELATIONSHIPS``: every edge with
its start and end labels) and orders them for erasure.

Every node also gets a short display caption, ``name`` (see :class:`StoredNode`), for Neo4j Browser;
``graphsvc/api/static/neo4j/`` holds its style file, guide and saved queries.
"""

from __future__ import annotations

from typing import Any, ClassVar

from neomodel import (
    ArrayProperty,
    AsyncRelationshipFrom,
    AsyncRelationshipTo,
    AsyncStructuredNode,
    AsyncStructuredRel,
    AsyncZeroOrOne,
    BooleanProperty,
    DateTimeNeo4jFormatProperty,
    FloatProperty,
    IntegerProperty,
    StringProperty,
)
from neomodel.properties import Property, validator

from graphsvc.graph.kinds import NodeFacts, Owner
from graphsvc.spaces import PERSON_SPACES
from graphsvc.vocabulary import (
    CANDIDATE_STATUSES,
    CHUNK_KINDS,
    DOCUMENT_FORMATS,
    DOCUMENT_STATUSES,
    ENTITY_KINDS,
    EVIDENCE_GRADES,
    EVIDENCE_KINDS,
    EXTRACTORS,
    JOB_KINDS,
    JOB_STATUSES,
    LEARNING_STATUSES,
    MEMORY_ORIGINS,
    MEMORY_STATUSES,
    MEMORY_TYPES,
    PENDING_REASONS,
    PENDING_STATUSES,
    PROMOTION_REASONS,
    SESSION_STATUSES,
    SOURCE_TYPES,
    TAG_ORIGINS,
    TRAIT_CONTEXTS,
    TRAIT_STAGES,
    TRAIT_SUBTYPES,
)


def _choices(values: tuple[str, ...]) -> dict[str, str]:
    return {v: v for v in values}


class BytesProperty(Property[bytes]):
    """A byte string (Neo4j's byte array)."""

    @validator
    def inflate(self, value: Any) -> bytes:
        return bytes(value)

    @validator
    def deflate(self, value: Any) -> bytes:
        return bytes(value)


class StoredNode(AsyncStructuredNode):
    """Base of every node graphsvc stores: its display caption and its catalog facts."""

    __abstract_node__ = True
    owner_scope: ClassVar[Owner]
    """Who owns the label's nodes (:data:`graphsvc.graph.kinds.Owner`), set by the base class."""
    catalog_facts: ClassVar[NodeFacts]
    """What the catalog knows of the label beyond its properties (every concrete class sets it)."""
    name = StringProperty()
    """A short caption written with the node (Neo4j Browser captions a node by ``name`` when it has one): the
    entity's subject, the first 60 characters of a memory, impression or trait, ``speaker: text`` of an event,
    a history entry's event… Display only: nothing reads it back."""


class UserNode(StoredNode):
    """Base of every node owned by a user: it carries the owner's ``user_id``, every query filters on it, and
    erasing the user deletes it."""

    __abstract_node__ = True
    owner_scope: ClassVar[Owner] = "user"
    user_id = StringProperty(required=True, index=True)


class TenantNode(UserNode):
    """Base of a user's node with a global ``uid`` (all but the per-user locks)."""

    __abstract_node__ = True
    uid = StringProperty(required=True, unique_index=True)


class DeploymentNode(StoredNode):
    """Base of a node of the running deployment, owned by no user (never erased or exported)."""

    __abstract_node__ = True
    owner_scope: ClassVar[Owner] = "deployment"


class Relates(AsyncStructuredRel):
    """``event_uids``: the events the relation was observed in; a relation that had some and lost them all to
    a retraction is deleted (one made by hand has none and stays). ``rule_id``: the rulebook rule that stated it
    (none when an LLM or a person did)."""

    relation = StringProperty(required=True)
    strength = FloatProperty(default=0.5)
    created_at = DateTimeNeo4jFormatProperty()
    updated_at = DateTimeNeo4jFormatProperty()
    event_uids = ArrayProperty(StringProperty())
    rule_id = StringProperty()


class SupersededBy(AsyncStructuredRel):
    reason = StringProperty(required=True)
    at = DateTimeNeo4jFormatProperty()


class Tagged(AsyncStructuredRel):
    """``origin``: who put the tag on (:data:`graphsvc.vocabulary.TagOrigin`: automatic topic tags, a person,
    the source record's own tags); ``at``: when."""

    origin = StringProperty(choices=_choices(TAG_ORIGINS))
    at = DateTimeNeo4jFormatProperty()


class Session(TenantNode):
    """A conversation of a user (``session_id`` as the caller names it); its messages are its events."""

    catalog_facts = NodeFacts(
        text=("summaries",),
        caption="'session ' and its id",
        light=False,
        diameter_px=45,
    )

    session_id = StringProperty(required=True)
    status = StringProperty(choices=_choices(SESSION_STATUSES), default="open")
    started_at = DateTimeNeo4jFormatProperty()
    last_message_at = DateTimeNeo4jFormatProperty()
    ended_at = DateTimeNeo4jFormatProperty()
    summaries = ArrayProperty(StringProperty())  # the conversation summaries of its last extraction runs
    summarised_at = DateTimeNeo4jFormatProperty()
    events = AsyncRelationshipTo("Event", "HAS_EVENT")


class Event(TenantNode):
    """A raw source record (ARCHITECTURE.md: Event): a conversation message (``session_id``, ``role``), or one
    version of a todo, task, note, forum post, calendar entry or document (``title``, ``status``, ``metadata``
    as JSON, ``version``; ``superseded_at`` once a newer version of the same source arrived). ``forgotten_at``:
    it stated a forgotten memory and is a tombstone since (empty content; no title, metadata, hash or vector)."""

    catalog_facts = NodeFacts(
        text=("content", "title", "metadata", "speaker", "name"),
        vectors=("embedding",),
        indexes=("event_embedding", "event_text_en", "event_text_cjk"),
        caption="'speaker: ' and the first words of its content, or its title",
        color="#E0E3E8",
        border="#B5BAC3",
    )

    session_id = StringProperty()
    source_type = StringProperty(default="conversation", choices=_choices(SOURCE_TYPES))
    source_id = StringProperty(required=True)  # the caller's messageId or source record id, or a derived one
    role = StringProperty()
    title = StringProperty()
    status = StringProperty()
    metadata = StringProperty()
    version = IntegerProperty()
    superseded_at = DateTimeNeo4jFormatProperty()
    forgotten_at = DateTimeNeo4jFormatProperty()
    speaker = StringProperty()
    speaker_id = StringProperty(index=True)  # the user id of whoever said it, when the caller gave one
    content = StringProperty(required=True)
    content_hash = StringProperty()  # none once forgotten
    occurred_at = DateTimeNeo4jFormatProperty(required=True)
    ingested_at = DateTimeNeo4jFormatProperty()
    extracted_at = DateTimeNeo4jFormatProperty()
    embedding = ArrayProperty(FloatProperty())
    embed_due_at = DateTimeNeo4jFormatProperty()
    """Set while the event waits for its vector (the ``embed_events`` job); full-text recall finds it meanwhile."""
    session = AsyncRelationshipFrom("Session", "HAS_EVENT", cardinality=AsyncZeroOrOne)
    previous_version = AsyncRelationshipTo("Event", "PREVIOUS_VERSION", cardinality=AsyncZeroOrOne)
    """The earlier version of the same source record (its ``Source`` links every version by ``HAS_VERSION``)."""
    tags = AsyncRelationshipTo("Tag", "TAGGED", model=Tagged)


class Memory(TenantNode):
    """A durable typed memory (seed 001): fact, preference, goal, pain_point or event.

    Two times (issue 12): ``created_at`` is when graphsvc recorded it; ``valid_from`` / ``valid_to`` is when it
    held in the user's life (``valid_from``: the event's time, else the first source message's time, else the
    time given to ``remember``; ``valid_to``: None while current, else when the next value of its slot began).
    ``slot`` names what it is a value of (``lives_in``, ``likes:sushi``...), ``slot_key`` folds in the user and
    the subject (the speaker) and is what supersession groups by. ``origin``: extraction, user or agent.
    ``rule_id``: the rulebook rule that kept it (:mod:`graphsvc.rulebook`); None when an LLM or a person made it.
    """

    catalog_facts = NodeFacts(
        text=("content", "name", "slot", "slot_subject", "slot_value", "superseded_reason"),
        vectors=("embedding",),
        indexes=("memory_embedding", "memory_text_en", "memory_text_cjk"),
        provenance=("EXTRACTED_FROM",),
        caption="the first 60 characters of its content ('forgotten' once forgotten)",
        color="#F79767",
        border="#F36924",
        light=False,
        diameter_px=55,
    )

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
    status = StringProperty(default="active", choices=_choices(MEMORY_STATUSES))
    valid_from = DateTimeNeo4jFormatProperty()
    valid_to = DateTimeNeo4jFormatProperty()
    stated_at = DateTimeNeo4jFormatProperty()  # when it was first said: orders a slot's values
    slot = StringProperty()
    slot_subject = StringProperty()
    slot_key = StringProperty(index=True)
    slot_value = StringProperty()  # the value the slot holds ("Porto" of lives_in)
    origin = StringProperty(default="extraction", choices=_choices(MEMORY_ORIGINS))
    rule_id = StringProperty()
    superseded_reason = StringProperty()
    status_changed_at = DateTimeNeo4jFormatProperty()
    reflected_at = DateTimeNeo4jFormatProperty()  # set by the reflection cycle that read it (seed 002 §2)
    sources = AsyncRelationshipTo("Event", "EXTRACTED_FROM")
    mentions = AsyncRelationshipTo("Entity", "MENTIONS")
    superseded_by = AsyncRelationshipTo("Memory", "SUPERSEDED_BY", model=SupersededBy)
    """A newer value of the same slot, or a correction."""
    tags = AsyncRelationshipTo("Tag", "TAGGED", model=Tagged)


class Entity(TenantNode):
    """A person, place, organization, work, animal or thing the user talks about (seed 000). Its subject is also
    an Alias. ``kind_rule``: the rulebook rule that decided its kind (none when an LLM or a person did)."""

    catalog_facts = NodeFacts(
        text=("subject", "name"),
        provenance=("OBSERVED_IN",),
        caption="its subject",
        color="#4C8EDA",
        border="#2870C2",
        light=False,
        diameter_px=65,
    )

    subject = StringProperty(required=True)
    subject_key = StringProperty(required=True, unique_index=True)  # user_id + normalised subject
    kind = StringProperty(default="thing", choices=_choices(ENTITY_KINDS))
    kind_rule = StringProperty()
    created_at = DateTimeNeo4jFormatProperty()
    updated_at = DateTimeNeo4jFormatProperty()
    aliases = AsyncRelationshipTo("Alias", "HAS_ALIAS")
    impressions = AsyncRelationshipTo("Impression", "HAS_IMPRESSION")
    features = AsyncRelationshipTo("Feature", "HAS_FEATURE")
    relates = AsyncRelationshipTo("Entity", "RELATES", model=Relates)
    observed_in = AsyncRelationshipTo("Event", "OBSERVED_IN")
    document_mentions = AsyncRelationshipTo("DocumentEntity", "DOCUMENT_MENTION")
    """The document entities of the same name (who or what the user's documents name)."""


class EntityLock(UserNode):
    """A user's entity lock: the first write of a hand-made change to the user's entity graph, so curations of
    one user take turns (one per user; no edges)."""

    catalog_facts = NodeFacts(
        caption="none (a per-user lock)",
        export="skip",
    )

    user_id = StringProperty(required=True, unique_index=True)
    locked_at = DateTimeNeo4jFormatProperty()


class Alias(TenantNode):
    """A name of an entity; ``from_events``: the events it was observed in (none when added by hand)."""

    catalog_facts = NodeFacts(
        text=("name", "normalized"),
        indexes=("entity_names",),
        provenance=("FROM_EVENT",),
        caption="the name",
        color="#C5DCF5",
        border="#9BB8DA",
        diameter_px=35,
    )

    name = StringProperty(required=True)
    normalized = StringProperty(required=True, index=True)
    created_at = DateTimeNeo4jFormatProperty()
    from_events = AsyncRelationshipTo("Event", "FROM_EVENT")


class Impression(TenantNode):
    """One characterisation of an entity; identified on its entity by ``content_hash``."""

    catalog_facts = NodeFacts(
        text=("content", "name"),
        vectors=("embedding",),
        indexes=("impression_embedding", "impression_text_en", "impression_text_cjk"),
        provenance=("SUPPORTS",),
        caption="the first 60 characters of its content",
        color="#8DCC93",
        border="#5DB665",
        diameter_px=45,
    )

    content = StringProperty(required=True)
    content_hash = StringProperty(required=True)
    confidence = FloatProperty(default=0.5)
    created_at = DateTimeNeo4jFormatProperty()
    embedding = ArrayProperty(FloatProperty())  # set after the pipeline run (impressions.vectors)
    stale = BooleanProperty()  # repeats a superseded or forgotten memory: recall leaves it out (issue 12)


class Feature(TenantNode):
    """A key/value attribute of an entity (one per key); ``observed_at`` is its newest evidence's time.

    Its evidence (``(Evidence {value, observed_at})-[:SUPPORTS]->(Feature)``, each ``FROM_EVENT`` its source
    event) records which value each event stated, so a retraction can fall back to the newest value still
    supported, or delete the feature when none is.
    """

    catalog_facts = NodeFacts(
        text=("key", "value", "name"),
        provenance=("SUPPORTS",),
        caption="'key: value'",
        color="#D9C8AE",
        border="#C0A378",
    )

    key = StringProperty(required=True)
    value = StringProperty(required=True)
    confidence = FloatProperty(default=0.5)
    created_at = DateTimeNeo4jFormatProperty()
    updated_at = DateTimeNeo4jFormatProperty()
    observed_at = DateTimeNeo4jFormatProperty()


class Trait(TenantNode):
    """A reflected trait (seed 002 §3–5); written only by the reflection engine.

    ``confidence`` is None for trends (their window manages them); ``base_confidence`` is the value it
    started from (0.4 behavior, 0.3 promoted trend, MAX(children) + 0.1 upgrade); ``decayed_at`` is when
    time decay was last applied; ``expired_at`` when it was dissolved; ``cycle_id`` the cycle that made it.
    ``about``: the person whose memories it rests on (a speaker's name; absent when the messages named none);
    ``reasoning``: why an upgrade made it (seed 002 §4), absent on other traits; ``rule_id``: the rulebook's trait
    rule that phrased it (:mod:`graphsvc.rulebook.traits`), absent when an LLM phrased it.
    """

    catalog_facts = NodeFacts(
        text=("content", "name", "about", "reasoning"),
        vectors=("embedding",),
        indexes=("trait_embedding", "trait_text_en", "trait_text_cjk"),
        provenance=("SUPPORTS", "CONTRADICTS"),
        caption="the first 60 characters of its content",
        color="#C990C0",
        border="#B261A5",
        light=False,
        diameter_px=70,
        spaces=PERSON_SPACES,
    )

    content = StringProperty(required=True)
    content_hash = StringProperty()
    stage = StringProperty(required=True, choices=_choices(TRAIT_STAGES))
    subtype = StringProperty(required=True, choices=_choices(TRAIT_SUBTYPES))
    confidence = FloatProperty()
    base_confidence = FloatProperty()
    context = StringProperty(choices=_choices(TRAIT_CONTEXTS), default="general")
    window_start = DateTimeNeo4jFormatProperty()
    window_end = DateTimeNeo4jFormatProperty()
    first_observed = DateTimeNeo4jFormatProperty()
    last_reinforced = DateTimeNeo4jFormatProperty()
    decayed_at = DateTimeNeo4jFormatProperty()
    expired_at = DateTimeNeo4jFormatProperty()
    created_at = DateTimeNeo4jFormatProperty()
    updated_at = DateTimeNeo4jFormatProperty()
    cycle_id = StringProperty()
    reinforcement_count = IntegerProperty(default=0)
    contradiction_count = IntegerProperty(default=0)
    derived_from = StringProperty(default="reflection")
    about = StringProperty()
    reasoning = StringProperty()
    rule_id = StringProperty()
    embedding = ArrayProperty(FloatProperty())
    children = AsyncRelationshipTo("Trait", "PARENT_OF")


class Evidence(TenantNode):
    """A memory (or event) cited for or against a trait or impression. For traits: ``inherited_from``
    names the child trait it was copied from on an upgrade; ``resolved_at`` marks a contradiction that a
    modification of the trait took into account (seed 002 §4, §6)."""

    catalog_facts = NodeFacts(
        text=("value", "name"),
        provenance=("CITES", "FROM_EVENT"),
        caption="its kind and grade",
        color="#FFE081",
        border="#9F8B4A",
        diameter_px=30,
    )

    grade = StringProperty(required=True, choices=_choices(EVIDENCE_GRADES))
    kind = StringProperty(required=True, choices=_choices(EVIDENCE_KINDS))
    cycle_id = StringProperty()
    created_at = DateTimeNeo4jFormatProperty()
    inherited_from = StringProperty()
    resolved_at = DateTimeNeo4jFormatProperty()
    strong = BooleanProperty()  # a contradiction the reflector called strong (seed 002 §5: factor 0.4)
    value = StringProperty()  # feature evidence: the value its event stated
    observed_at = DateTimeNeo4jFormatProperty()  # feature evidence: when its event was said
    supports = AsyncRelationshipTo("Trait", "SUPPORTS")
    contradicts = AsyncRelationshipTo("Trait", "CONTRADICTS")
    cites = AsyncRelationshipTo("Memory", "CITES")
    supports_impression = AsyncRelationshipTo("Impression", "SUPPORTS")
    supports_feature = AsyncRelationshipTo("Feature", "SUPPORTS")
    from_events = AsyncRelationshipTo("Event", "FROM_EVENT")


class ReflectionCycle(TenantNode):
    """One reflection run (seed 002 §2: reflection_cycles), COMPLETED or FAILED, with its counters."""

    catalog_facts = NodeFacts(
        text=("notes", "error"),
        caption="'reflection' and its trigger",
        color="#57C7E3",
        border="#23B3D7",
        spaces=PERSON_SPACES,
    )

    trigger_type = StringProperty()
    trigger_value = FloatProperty()
    status = StringProperty()
    mode = StringProperty()
    started_at = DateTimeNeo4jFormatProperty()
    finished_at = DateTimeNeo4jFormatProperty()
    duration_ms = FloatProperty()
    error = StringProperty()
    memories_scanned = IntegerProperty(default=0)
    memories_in_context = IntegerProperty(default=0)
    traits_created = IntegerProperty(default=0)
    traits_reinforced = IntegerProperty(default=0)
    traits_contradicted = IntegerProperty(default=0)
    traits_upgraded = IntegerProperty(default=0)
    traits_promoted = IntegerProperty(default=0)
    traits_modified = IntegerProperty(default=0)
    traits_dissolved = IntegerProperty(default=0)
    operations_rejected = IntegerProperty(default=0)
    notes = StringProperty()
    llm_calls = IntegerProperty(default=0)
    tokens_in = IntegerProperty(default=0)
    tokens_out = IntegerProperty(default=0)
    produced = AsyncRelationshipTo("Evidence", "PRODUCED")


class ReflectionState(TenantNode):
    """Per-user reflection bookkeeping (seed 002 §1: last_reflected_at) and the graph-level lock.

    ``running_cycle`` is set in a write transaction while a cycle runs, so concurrent ``reflect`` calls
    for one user (in any process) run one cycle; ``lock_expires_at`` lets a crashed holder's flag lapse.
    """

    catalog_facts = NodeFacts(
        caption="'reflection state'",
        color="#57C7E3",
        border="#23B3D7",
        diameter_px=30,
        spaces=PERSON_SPACES,
    )

    last_reflected_at = DateTimeNeo4jFormatProperty()
    running_cycle = StringProperty()
    lock_expires_at = DateTimeNeo4jFormatProperty()
    cycles = IntegerProperty(default=0)


class HistoryEntry(TenantNode):
    """Audit of one change: who, when, old and new value, why.

    ``source_uids``: the events (and memories) whose content the entry's values quote, so a retraction can
    blank the values of entries that quote a deleted message or memory. Trait entries also keep the
    state after the change (``stage``, ``confidence``, ``reinforcement_count``, ``contradiction_count``) for
    ``asOf`` reads. A tombstone (``event`` deleted/retracted/forgotten, ``kind`` the deleted node's kind) keeps
    the uid and no content.
    """

    catalog_facts = NodeFacts(
        text=("old_value", "new_value", "reason", "name"),
        caption="its event",
        color="#ECB5C9",
        border="#DA7298",
        diameter_px=30,
    )

    target_uid = StringProperty(required=True, index=True)
    event = StringProperty(required=True)
    old_value = StringProperty()
    new_value = StringProperty()
    actor = StringProperty(required=True)
    created_at = DateTimeNeo4jFormatProperty(required=True)
    reason = StringProperty()
    cycle_id = StringProperty()
    kind = StringProperty()
    seq = IntegerProperty()  # order of a reflection cycle's entries (they share one created_at)
    source_uids = ArrayProperty(StringProperty())
    stage = StringProperty()
    confidence = FloatProperty()
    reinforcement_count = IntegerProperty()
    contradiction_count = IntegerProperty()
    scrubbed_at = DateTimeNeo4jFormatProperty()
    target = AsyncRelationshipTo("UserNode", "RECORDS", cardinality=AsyncZeroOrOne)
    """The node it audits, of any user-owned label; a tombstone entry of a deleted node has none."""


class Erasure(TenantNode):
    """An ``eraseUser`` in progress: what has been deleted so far (counts by label, JSON). Deleted last, so a
    user with no Erasure node and no other node is fully erased; an interrupted erasure resumes from here."""

    catalog_facts = NodeFacts(
        caption="'erasure'",
        color="#EB2728",
        border="#B91C1C",
        light=False,
        diameter_px=35,
        export="skip",
        transient=True,
    )

    started_at = DateTimeNeo4jFormatProperty(required=True)
    updated_at = DateTimeNeo4jFormatProperty()
    counts = StringProperty()


class PendingObservation(TenantNode):
    """An entity observation the identity resolver could not settle (seed 000 §4: ambiguous or postponed).

    Kept, never dropped, until resolved over GraphQL (``resolvePendingObservation``). ``payload`` is the
    aggregated observation as JSON, with evidence already mapped to event uids.
    """

    catalog_facts = NodeFacts(
        text=("subject", "detail", "payload", "name"),
        provenance=("OBSERVED_IN",),
        caption="'pending: ' and its subject",
        color="#F16667",
        border="#EB2728",
        light=False,
        diameter_px=50,
    )

    subject = StringProperty(required=True)
    reason = StringProperty(required=True, choices=_choices(PENDING_REASONS))
    detail = StringProperty()
    payload = StringProperty(required=True)
    status = StringProperty(required=True, choices=_choices(PENDING_STATUSES))
    created_at = DateTimeNeo4jFormatProperty(required=True)
    resolved_at = DateTimeNeo4jFormatProperty()
    candidates = AsyncRelationshipTo("Entity", "CANDIDATE")
    observed_in = AsyncRelationshipTo("Event", "OBSERVED_IN")
    resolved_as = AsyncRelationshipTo("Entity", "RESOLVED_AS", cardinality=AsyncZeroOrOne)


class Job(TenantNode):
    """Durable background work (extraction after a conversation ends, reflection after an extraction)."""

    catalog_facts = NodeFacts(
        text=("error", "fallback_reason"),
        caption="its kind and session",
        color="#DA7194",
        border="#CC3C6C",
        light=False,
    )

    kind = StringProperty(required=True, choices=_choices(JOB_KINDS))
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
    extractor = StringProperty()  # an extraction job: "llm" or "rules" (the offline rulebook)
    fallback_reason = StringProperty()  # why the rulebook stepped in for an LLM whose every attempt failed
    priority = IntegerProperty(default=0)
    """``JOB_PRIORITY_RANK``: lower is claimed first."""
    dedup_key = StringProperty()
    """Jobs with the same key are coalesced while one is PENDING (``extract:<session>``, ``reflect:<user>``)."""
    owner = StringProperty()
    """The process holding the job's lease while it is RUNNING (``graphsvc.graph.leases``)."""
    lease_until = DateTimeNeo4jFormatProperty()
    cancel_requested = BooleanProperty(default=False)
    request_id = StringProperty()
    """The id of the request that queued it (logs of the job carry it)."""
    target_uid = StringProperty()
    """What a job not tied to a session works on (the document of an ``index_document`` job)."""
    session = AsyncRelationshipTo("Session", "FOR_SESSION", cardinality=AsyncZeroOrOne)


class JobLane(UserNode):
    """A user's job lane: the node that jobs of one user are queued and claimed under, so concurrent queuers
    and claimers of one user take turns (one per user; no edges)."""

    catalog_facts = NodeFacts(
        caption="none (a per-user lock)",
        export="skip",
    )

    user_id = StringProperty(required=True, unique_index=True)
    queued_at = DateTimeNeo4jFormatProperty()
    claimed_at = DateTimeNeo4jFormatProperty()


class ApiKey(TenantNode):
    """An API key (``AUTH_MODE=api_key``, :mod:`graphsvc.service.api_keys`): only an Argon2id hash of its secret
    is stored. ``user_id`` is None for an admin key (``admin``), which may act for any user; ``name`` is the
    key's label."""

    catalog_facts = NodeFacts(
        text=("name",),
        caption="the key's label",
        color="#604A0E",
        border="#423204",
        light=False,
        diameter_px=35,
        export="skip",
    )

    user_id = StringProperty(index=True)
    admin = BooleanProperty(default=False)
    spaces = ArrayProperty(StringProperty())
    """The group and agent spaces a user key is limited to; absent: every one its user may use."""
    secret_hash = StringProperty(required=True)
    created_at = DateTimeNeo4jFormatProperty(required=True)
    revoked_at = DateTimeNeo4jFormatProperty()


class ExtractionTrace(TenantNode):
    """What one extraction job decided about one message of a conversation (``extractionTrace``): the pieces of
    its sentences the rulebook judged, or the memories the LLM took from it, and for each the outcome (a
    :data:`graphsvc.vocabulary.TraceOutcome`), the rule that decided, the memory it became or reinforced and the
    memories it superseded. ``decisions`` is a JSON list (:mod:`graphsvc.graph.extraction_traces`). Pruned after
    ``EXTRACTION_TRACE_RETENTION_DAYS`` by the daily learning; deleted with its message."""

    catalog_facts = NodeFacts(
        text=("decisions", "fallback_reason", "name"),
        provenance=("TRACE_OF",),
        caption="'trace ' and its message id",
        color="#F5D6E3",
        border="#DA7194",
        diameter_px=30,
    )

    job_uid = StringProperty(required=True)
    session_id = StringProperty(required=True)
    message_id = StringProperty(required=True)  # the message's id as the caller knows it (the event's source_id)
    event_uid = StringProperty(required=True)
    role = StringProperty()
    occurred_at = DateTimeNeo4jFormatProperty()
    extractor = StringProperty(required=True, choices=_choices(EXTRACTORS))
    llm_provider = StringProperty()
    llm_model = StringProperty()
    fallback_reason = StringProperty()
    source = BooleanProperty(default=True)  # said by a person (an assistant's turn is never a source)
    refused_by = StringProperty()  # the message refusal (a prompt injection) that dropped the whole message
    decisions = StringProperty(required=True)
    created_at = DateTimeNeo4jFormatProperty(required=True)
    event = AsyncRelationshipTo("Event", "TRACE_OF", cardinality=AsyncZeroOrOne)
    """The message it traces (deleted with it)."""


class Source(TenantNode):
    """A source record of another system (a todo, a task, a note...): its versions are ``Event`` nodes.

    ``uid`` folds in the user, the source type and the caller's source id; ``latest_uid`` is the newest
    version's event, ``versions`` how many there are.
    """

    catalog_facts = NodeFacts(
        text=("title", "name"),
        caption="its source type and title",
        color="#B5BAC3",
        border="#8E96A3",
    )

    source_type = StringProperty(required=True, choices=_choices(SOURCE_TYPES))
    source_id = StringProperty(required=True)
    title = StringProperty()
    status = StringProperty()
    latest_uid = StringProperty()
    versions = IntegerProperty(default=0)
    created_at = DateTimeNeo4jFormatProperty()
    updated_at = DateTimeNeo4jFormatProperty()
    events = AsyncRelationshipTo("Event", "HAS_VERSION")


class MemoryCandidate(TenantNode):
    """A statement seen in events of other sources, waiting to become a memory (seed 003: BrainCandidate).

    Keyed by (user, memory type, normalised content); each event that states it again adds a ``FROM_EVENT``
    edge, and ``days`` / ``sources`` count the distinct UTC days and sources of those events.
    """

    catalog_facts = NodeFacts(
        text=("content", "name"),
        provenance=("FROM_EVENT",),
        caption="the first 60 characters of its content",
        color="#FBC9A8",
        border="#F79767",
        diameter_px=45,
    )

    memory_type = StringProperty(required=True, choices=_choices(MEMORY_TYPES))
    content = StringProperty(required=True)
    content_hash = StringProperty(required=True)
    importance = FloatProperty(default=0.5)
    confidence = FloatProperty(default=0.5)
    status = StringProperty(required=True, choices=_choices(CANDIDATE_STATUSES))
    occurred_at = DateTimeNeo4jFormatProperty()
    created_at = DateTimeNeo4jFormatProperty()
    last_seen_at = DateTimeNeo4jFormatProperty()
    expires_at = DateTimeNeo4jFormatProperty()
    decided_at = DateTimeNeo4jFormatProperty()
    promotion_reason = StringProperty(choices=_choices(PROMOTION_REASONS))
    memory_uid = StringProperty()
    days = ArrayProperty(StringProperty())
    sources = ArrayProperty(StringProperty())
    origin = StringProperty()  # "source" (events of other systems) or "conversation" (low-confidence extraction)
    rule_id = StringProperty()  # the rulebook rule that made its statement (its promoted memory records it)
    events = AsyncRelationshipTo("Event", "FROM_EVENT")
    promoted_to = AsyncRelationshipTo("Memory", "PROMOTED_TO", cardinality=AsyncZeroOrOne)


class Document(TenantNode):
    """A document, normalised to markdown (``normalized_content``), with its chunk tree.

    ``uid`` folds in the user and the caller's source id (or the filename); ``content_hash`` is the hash of
    the uploaded bytes, so an unchanged re-ingest changes nothing; ``version`` counts the changes.
    """

    catalog_facts = NodeFacts(
        text=("filename", "title", "normalized_content", "name", "error"),
        provenance=("FROM_EVENT",),
        caption="its file name",
        color="#6DCE9E",
        border="#3FBA7B",
        light=False,
        diameter_px=60,
    )

    source_id = StringProperty(required=True)
    filename = StringProperty(required=True)
    mime_type = StringProperty()
    format = StringProperty(choices=_choices(DOCUMENT_FORMATS))
    title = StringProperty()
    content_hash = StringProperty(required=True)
    normalized_content = StringProperty()
    version = IntegerProperty(default=1)
    pages = IntegerProperty(default=0)
    byte_size = IntegerProperty(default=0)
    chunks = IntegerProperty(default=0)
    created_at = DateTimeNeo4jFormatProperty()
    updated_at = DateTimeNeo4jFormatProperty()
    indexed_at = DateTimeNeo4jFormatProperty()  # entities and candidates done (the index_document job)
    event_uid = StringProperty()
    status = StringProperty(choices=_choices(DOCUMENT_STATUSES))
    """Of the latest upload: processing (its parse_document job runs), ready, failed (``error`` says why); None:
    stored before uploads were jobs (ready)."""
    error = StringProperty()
    job_uid = StringProperty()
    upload_hash = StringProperty()
    """SHA-256 of the latest upload's bytes (``content_hash`` is the parsed version's)."""
    upload_at = DateTimeNeo4jFormatProperty()
    ready_at = DateTimeNeo4jFormatProperty()
    failed_at = DateTimeNeo4jFormatProperty()
    from_event = AsyncRelationshipTo("Event", "FROM_EVENT", cardinality=AsyncZeroOrOne)
    previous_versions = AsyncRelationshipTo("DocumentVersion", "PREVIOUS_VERSION")
    chunk_tree = AsyncRelationshipTo("Chunk", "HAS_CHUNK")
    """The top of its heading tree (sections, then passages below them by ``HAS_CHILD``)."""
    upload = AsyncRelationshipTo("DocumentUpload", "HAS_UPLOAD", cardinality=AsyncZeroOrOne)
    tags = AsyncRelationshipTo("Tag", "TAGGED", model=Tagged)


class DocumentUpload(TenantNode):
    """The bytes of a document's latest upload, kept until its ``parse_document`` job made the document ready
    (one per document)."""

    catalog_facts = NodeFacts(
        text=("filename", "name"),
        caption="'upload ' and the file name",
        color="#C4EBD6",
        border="#8FD9B2",
        diameter_px=30,
        export="skip",
    )

    document_uid = StringProperty(required=True)
    tenant_key = StringProperty()
    data = BytesProperty(required=True)
    content_hash = StringProperty(required=True)  # SHA-256 of the bytes
    filename = StringProperty(required=True)
    mime_type = StringProperty()
    byte_size = IntegerProperty(default=0)
    created_at = DateTimeNeo4jFormatProperty()


class DocumentVersion(TenantNode):
    """An earlier version of a document, kept as history when a changed one replaced it."""

    catalog_facts = NodeFacts(
        text=("normalized_content", "name"),
        caption="the document's file name and version",
        color="#C4EBD6",
        border="#8FD9B2",
        diameter_px=35,
    )

    document_uid = StringProperty(required=True)
    version = IntegerProperty(required=True)
    content_hash = StringProperty(required=True)
    normalized_content = StringProperty()
    replaced_at = DateTimeNeo4jFormatProperty()


class Chunk(TenantNode):
    """One node of a document's heading tree: a ``section`` (heading, level, its text) or a ``passage``."""

    catalog_facts = NodeFacts(
        text=("content", "heading_path", "name"),
        vectors=("embedding",),
        indexes=("chunk_embedding", "chunk_text_en", "chunk_text_cjk"),
        caption="a section's heading, or a passage's first words",
        color="#A8E2C4",
        border="#6DCE9E",
        diameter_px=35,
    )

    document_uid = StringProperty(required=True)
    kind = StringProperty(required=True, choices=_choices(CHUNK_KINDS))
    heading_path = ArrayProperty(StringProperty())
    level = IntegerProperty(default=0)
    position = IntegerProperty(default=0)
    content = StringProperty(required=True)
    tokens = IntegerProperty(default=0)
    embedding = ArrayProperty(FloatProperty())
    created_at = DateTimeNeo4jFormatProperty()
    children = AsyncRelationshipTo("Chunk", "HAS_CHILD")
    tags = AsyncRelationshipTo("Tag", "TAGGED", model=Tagged)


class DocumentEntity(TenantNode):
    """Someone or something a document names (issue 22: a document is not the user talking): it lives in the
    document's scope, not among the user's entities. ``mentions``: how many of the document's passages name it
    (``MENTIONED_IN`` edges to them); a user's :class:`Entity` with the same name links to it
    (``DOCUMENT_MENTION``)."""

    catalog_facts = NodeFacts(
        text=("name", "normalized"),
        provenance=("MENTIONED_IN",),
        caption="the name the document gives it",
        color="#B7D3EE",
        border="#4C8EDA",
    )

    document_uid = StringProperty(required=True)
    normalized = StringProperty(required=True)
    kind = StringProperty(required=True, choices=_choices(ENTITY_KINDS))
    mentions = IntegerProperty(default=0)
    created_at = DateTimeNeo4jFormatProperty()
    passages = AsyncRelationshipTo("Chunk", "MENTIONED_IN")


class Tag(TenantNode):
    """A topic or label of a user's memories, events, documents and chunks; ``normalized`` is its key."""

    catalog_facts = NodeFacts(
        text=("name", "normalized"),
        caption="the tag",
        color="#FFC454",
        border="#D7A013",
        diameter_px=35,
    )

    name = StringProperty(required=True)
    normalized = StringProperty(required=True)
    created_at = DateTimeNeo4jFormatProperty()


class Group(TenantNode):
    """A group's registration (:mod:`graphsvc.spaces`): ``user_id`` is the group's space id (``group:<name>``), so
    the group's memories and the registration are erased together. ``name`` is its display name; ``created_by``
    the user who made it (None for an admin)."""

    catalog_facts = NodeFacts(
        text=("name",),
        caption="the group's display name",
        color="#8DCC93",
        border="#5DB665",
        diameter_px=55,
        spaces=("group",),
    )

    created_at = DateTimeNeo4jFormatProperty(required=True)
    created_by = StringProperty()


class Membership(TenantNode):
    """One member of one group: ``user_id`` is the member (a person's space or an agent's, so erasing the person
    or the agent ends the membership), ``group_id`` the group's space id. Joining makes the group's space
    readable and writable by a person at once, and readable by an agent when it asks; leaving (deleting it) ends
    that at once."""

    catalog_facts = NodeFacts(
        caption="'member of' and the group id",
        color="#8DCC93",
        border="#5DB665",
        diameter_px=25,
        export="skip",
        spaces=(*PERSON_SPACES, "agent"),
    )

    group_id = StringProperty(required=True, index=True)
    joined_at = DateTimeNeo4jFormatProperty(required=True)


class Agent(TenantNode):
    """An agent's registration (:mod:`graphsvc.spaces`): ``user_id`` is the agent's space id (``agent:<name>``),
    where its procedures and lessons live; ``owner_id`` the user who may read and write that space."""

    catalog_facts = NodeFacts(
        text=("name",),
        caption="the agent's display name",
        color="#F16667",
        border="#EB2728",
        light=False,
        diameter_px=55,
        spaces=("agent",),
    )

    owner_id = StringProperty(required=True, index=True)
    created_at = DateTimeNeo4jFormatProperty(required=True)


class LearningRun(TenantNode):
    """One user's daily learning of one local day (seed 003): claimed under a lease, idempotent per day."""

    catalog_facts = NodeFacts(
        text=("error",),
        caption="'learning' and its day",
        color="#57C7E3",
        border="#23B3D7",
        diameter_px=35,
    )

    day = StringProperty(required=True)
    status = StringProperty(required=True, choices=_choices(LEARNING_STATUSES))
    owner = StringProperty()
    lease_until = DateTimeNeo4jFormatProperty()
    attempts = IntegerProperty(default=0)
    started_at = DateTimeNeo4jFormatProperty()
    finished_at = DateTimeNeo4jFormatProperty()
    error = StringProperty()
    reflection_status = StringProperty()
    reflection_trigger = StringProperty()
    conversations_consolidated = IntegerProperty(default=0)
    traits_dissolved = IntegerProperty(default=0)
    candidates_promoted = IntegerProperty(default=0)
    candidates_expired = IntegerProperty(default=0)
    memories_archived = IntegerProperty(default=0)
    tags_assigned = IntegerProperty(default=0)
    extraction_traces_pruned = IntegerProperty(default=0)
    llm_calls = IntegerProperty(default=0)


class Lease(DeploymentNode):
    """A named lease of the deployment (:mod:`graphsvc.graph.leases`): one ``owner`` process at a time holds
    ``key`` until ``until`` (named work such as the idle sweep)."""

    catalog_facts = NodeFacts(
        caption="none (a named lease of the deployment)",
        export="skip",
    )

    key = StringProperty(required=True, unique_index=True)
    owner = StringProperty()
    until = DateTimeNeo4jFormatProperty()
    touched_at = DateTimeNeo4jFormatProperty()
    acquired_at = DateTimeNeo4jFormatProperty()
