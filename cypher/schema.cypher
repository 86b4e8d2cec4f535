// graphsvc schema: idempotent statements, applied at start-up and by `graphsvc schema apply`.
// One statement per block, separated by lines holding only ';'.
// {dimensions} is the configured embedder's dimension (an integer from settings, never user text).
// Every node carries user_id; tenant_key is a one-token hash of it for full-text pre-filtering.

// --- uniqueness on every id ------------------------------------------------------
CREATE CONSTRAINT event_uid IF NOT EXISTS FOR (n:Event) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT session_uid IF NOT EXISTS FOR (n:Session) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT memory_uid IF NOT EXISTS FOR (n:Memory) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT memory_dedup_key IF NOT EXISTS FOR (n:Memory) REQUIRE n.dedup_key IS UNIQUE
;
CREATE CONSTRAINT entity_uid IF NOT EXISTS FOR (n:Entity) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT entity_subject_key IF NOT EXISTS FOR (n:Entity) REQUIRE n.subject_key IS UNIQUE
;
CREATE CONSTRAINT alias_uid IF NOT EXISTS FOR (n:Alias) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT impression_uid IF NOT EXISTS FOR (n:Impression) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT feature_uid IF NOT EXISTS FOR (n:Feature) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT trait_uid IF NOT EXISTS FOR (n:Trait) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT evidence_uid IF NOT EXISTS FOR (n:Evidence) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT reflection_cycle_uid IF NOT EXISTS FOR (n:ReflectionCycle) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT history_entry_uid IF NOT EXISTS FOR (n:HistoryEntry) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT job_uid IF NOT EXISTS FOR (n:Job) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT reflection_state_uid IF NOT EXISTS FOR (n:ReflectionState) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT pending_observation_uid IF NOT EXISTS FOR (n:PendingObservation) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT extraction_trace_uid IF NOT EXISTS FOR (n:ExtractionTrace) REQUIRE n.uid IS UNIQUE
;
// API keys (graphsvc.service.api_keys) belong to a user, or to none for an admin key.
CREATE CONSTRAINT api_key_uid IF NOT EXISTS FOR (n:ApiKey) REQUIRE n.uid IS UNIQUE
;
// Leases and job lanes are MERGEd concurrently by several processes: uniqueness makes MERGE lock the key.
CREATE CONSTRAINT lease_key IF NOT EXISTS FOR (n:Lease) REQUIRE n.key IS UNIQUE
;
CREATE CONSTRAINT job_lane_user IF NOT EXISTS FOR (n:JobLane) REQUIRE n.user_id IS UNIQUE
;
CREATE CONSTRAINT entity_lock_user IF NOT EXISTS FOR (n:EntityLock) REQUIRE n.user_id IS UNIQUE
;
CREATE CONSTRAINT erasure_uid IF NOT EXISTS FOR (n:Erasure) REQUIRE n.uid IS UNIQUE
;
// Issue 15 (seed 003): sources of other systems, candidates, documents and their chunks, tags, learning runs.
CREATE CONSTRAINT source_uid IF NOT EXISTS FOR (n:Source) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT memory_candidate_uid IF NOT EXISTS FOR (n:MemoryCandidate) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT document_uid IF NOT EXISTS FOR (n:Document) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT document_version_uid IF NOT EXISTS FOR (n:DocumentVersion) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT document_upload_uid IF NOT EXISTS FOR (n:DocumentUpload) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT chunk_uid IF NOT EXISTS FOR (n:Chunk) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT document_entity_uid IF NOT EXISTS FOR (n:DocumentEntity) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT tag_uid IF NOT EXISTS FOR (n:Tag) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT learning_run_uid IF NOT EXISTS FOR (n:LearningRun) REQUIRE n.uid IS UNIQUE
;
// Shared memory spaces (graphsvc.spaces): a group's and an agent's registration, a person's membership of a group.
CREATE CONSTRAINT group_uid IF NOT EXISTS FOR (n:Group) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT agent_uid IF NOT EXISTS FOR (n:Agent) REQUIRE n.uid IS UNIQUE
;
CREATE CONSTRAINT membership_uid IF NOT EXISTS FOR (n:Membership) REQUIRE n.uid IS UNIQUE
;

// --- range indexes on user_id and time fields ----------------------------------------
CREATE INDEX event_user IF NOT EXISTS FOR (n:Event) ON (n.user_id, n.occurred_at)
;
CREATE INDEX event_session IF NOT EXISTS FOR (n:Event) ON (n.user_id, n.session_id)
;
// A caller's message id names one message per session: the dashboard finds a user's messages by it.
CREATE INDEX event_source IF NOT EXISTS FOR (n:Event) ON (n.user_id, n.source_id)
;
CREATE INDEX session_user IF NOT EXISTS FOR (n:Session) ON (n.user_id, n.last_message_at)
;
CREATE INDEX session_idle IF NOT EXISTS FOR (n:Session) ON (n.status, n.last_ingested_at)
;
// The idle sweep reads the open sessions by status alone (its cut-off falls back to last_message_at, which a
// composite index cannot serve): without this it scans every session ever held, once a minute.
CREATE INDEX session_state IF NOT EXISTS FOR (n:Session) ON (n.status)
;
CREATE INDEX memory_user IF NOT EXISTS FOR (n:Memory) ON (n.user_id, n.created_at)
;
CREATE INDEX memory_user_type IF NOT EXISTS FOR (n:Memory) ON (n.user_id, n.memory_type)
;
CREATE INDEX entity_user IF NOT EXISTS FOR (n:Entity) ON (n.user_id)
;
CREATE INDEX entity_user_subject IF NOT EXISTS FOR (n:Entity) ON (n.user_id, n.subject)
;
CREATE INDEX alias_lookup IF NOT EXISTS FOR (n:Alias) ON (n.user_id, n.normalized)
;
CREATE INDEX impression_user IF NOT EXISTS FOR (n:Impression) ON (n.user_id)
;
CREATE INDEX feature_user IF NOT EXISTS FOR (n:Feature) ON (n.user_id)
;
CREATE INDEX trait_user IF NOT EXISTS FOR (n:Trait) ON (n.user_id, n.stage)
;
CREATE INDEX evidence_user IF NOT EXISTS FOR (n:Evidence) ON (n.user_id, n.created_at)
;
CREATE INDEX reflection_cycle_user IF NOT EXISTS FOR (n:ReflectionCycle) ON (n.user_id, n.started_at)
;
CREATE INDEX history_entry_user IF NOT EXISTS FOR (n:HistoryEntry) ON (n.user_id, n.created_at)
;
CREATE INDEX job_user IF NOT EXISTS FOR (n:Job) ON (n.user_id, n.created_at)
;
CREATE INDEX reflection_state_user IF NOT EXISTS FOR (n:ReflectionState) ON (n.user_id)
;
CREATE INDEX pending_observation_user IF NOT EXISTS FOR (n:PendingObservation) ON (n.user_id, n.status, n.created_at)
;
CREATE INDEX job_status IF NOT EXISTS FOR (n:Job) ON (n.status, n.run_after)
;
// Every job poll (each second, in every worker), /ready and /metrics read the open jobs by status alone: with
// only the composite index above they scanned every job ever run, so an idle service's Neo4j CPU grew with the
// job history (56 ms a second at 27,000 finished jobs).
CREATE INDEX job_state IF NOT EXISTS FOR (n:Job) ON (n.status)
;
// The idle sweep finds the jobs that ended before JOB_RETENTION_DAYS by status and end time (a range seek).
CREATE INDEX job_ended IF NOT EXISTS FOR (n:Job) ON (n.status, n.updated_at)
;
CREATE INDEX job_dedup IF NOT EXISTS FOR (n:Job) ON (n.dedup_key, n.status)
;
// Issue 12: supersession groups a user's memories
// by slot (slot_key folds in the user and the subject); memoryHistory and retraction find a node's history.
CREATE INDEX memory_slot_key IF NOT EXISTS FOR (n:Memory) ON (n.slot_key)
;
CREATE INDEX history_entry_target IF NOT EXISTS FOR (n:HistoryEntry) ON (n.target_uid)
;
CREATE INDEX impression_content IF NOT EXISTS FOR (n:Impression) ON (n.user_id, n.content_hash)
;
CREATE INDEX erasure_user IF NOT EXISTS FOR (n:Erasure) ON (n.user_id)
;
CREATE INDEX api_key_user IF NOT EXISTS FOR (n:ApiKey) ON (n.user_id)
;

// Single-property user_id indexes: the planner uses a composite index only when the query
// constrains every one of its properties, and most tenant-scoped queries give just user_id
// (without these, `MATCH (m:Memory) WHERE m.user_id = $u` scans every Memory node).
CREATE INDEX event_user_id IF NOT EXISTS FOR (n:Event) ON (n.user_id)
;
CREATE INDEX session_user_id IF NOT EXISTS FOR (n:Session) ON (n.user_id)
;
CREATE INDEX memory_user_id IF NOT EXISTS FOR (n:Memory) ON (n.user_id)
;
CREATE INDEX alias_user_id IF NOT EXISTS FOR (n:Alias) ON (n.user_id)
;
CREATE INDEX trait_user_id IF NOT EXISTS FOR (n:Trait) ON (n.user_id)
;
CREATE INDEX evidence_user_id IF NOT EXISTS FOR (n:Evidence) ON (n.user_id)
;
CREATE INDEX reflection_cycle_user_id IF NOT EXISTS FOR (n:ReflectionCycle) ON (n.user_id)
;
CREATE INDEX history_entry_user_id IF NOT EXISTS FOR (n:HistoryEntry) ON (n.user_id)
;
CREATE INDEX job_user_id IF NOT EXISTS FOR (n:Job) ON (n.user_id)
;
CREATE INDEX extraction_trace_user_id IF NOT EXISTS FOR (n:ExtractionTrace) ON (n.user_id)
;
// An extraction trace is read by session and message, and pruned by age (EXTRACTION_TRACE_RETENTION_DAYS).
CREATE INDEX extraction_trace_session IF NOT EXISTS FOR (n:ExtractionTrace) ON (n.user_id, n.session_id)
;
CREATE INDEX extraction_trace_created IF NOT EXISTS FOR (n:ExtractionTrace) ON (n.user_id, n.created_at)
;
CREATE INDEX pending_observation_user_id IF NOT EXISTS FOR (n:PendingObservation) ON (n.user_id)
;
CREATE INDEX source_user IF NOT EXISTS FOR (n:Source) ON (n.user_id)
;
CREATE INDEX memory_candidate_user IF NOT EXISTS FOR (n:MemoryCandidate) ON (n.user_id)
;
CREATE INDEX memory_candidate_status IF NOT EXISTS FOR (n:MemoryCandidate) ON (n.user_id, n.status)
;
CREATE INDEX document_user IF NOT EXISTS FOR (n:Document) ON (n.user_id)
;
CREATE INDEX document_status IF NOT EXISTS FOR (n:Document) ON (n.status)
;
CREATE INDEX document_version_user IF NOT EXISTS FOR (n:DocumentVersion) ON (n.user_id)
;
CREATE INDEX document_upload_user IF NOT EXISTS FOR (n:DocumentUpload) ON (n.user_id)
;
CREATE INDEX chunk_user IF NOT EXISTS FOR (n:Chunk) ON (n.user_id)
;
CREATE INDEX chunk_document IF NOT EXISTS FOR (n:Chunk) ON (n.document_uid)
;
CREATE INDEX document_entity_user IF NOT EXISTS FOR (n:DocumentEntity) ON (n.user_id, n.normalized)
;
CREATE INDEX document_entity_document IF NOT EXISTS FOR (n:DocumentEntity) ON (n.document_uid)
;
// Linking a user's document entities to their entities reads them by user alone.
CREATE INDEX document_entity_user_id IF NOT EXISTS FOR (n:DocumentEntity) ON (n.user_id)
;
CREATE INDEX tag_user IF NOT EXISTS FOR (n:Tag) ON (n.user_id)
;
CREATE INDEX tag_name IF NOT EXISTS FOR (n:Tag) ON (n.user_id, n.normalized)
;
CREATE INDEX learning_run_user IF NOT EXISTS FOR (n:LearningRun) ON (n.user_id)
;
CREATE INDEX group_user IF NOT EXISTS FOR (n:Group) ON (n.user_id)
;
// What a person said in a group's conversation (their contributions, which erasing them retracts).
CREATE INDEX event_speaker IF NOT EXISTS FOR (n:Event) ON (n.speaker_id)
;
CREATE INDEX agent_user IF NOT EXISTS FOR (n:Agent) ON (n.user_id)
;
CREATE INDEX agent_owner IF NOT EXISTS FOR (n:Agent) ON (n.owner_id)
;
CREATE INDEX membership_user IF NOT EXISTS FOR (n:Membership) ON (n.user_id)
;
CREATE INDEX membership_group IF NOT EXISTS FOR (n:Membership) ON (n.group_id)
;
CREATE INDEX event_ingested IF NOT EXISTS FOR (n:Event) ON (n.ingested_at)
;
// Events still waiting for their vector (ingest stores them at once; the embed_events job embeds them):
// only those carry embed_due_at, so the backlog and a job's next slice read a small index.
CREATE INDEX event_embed_due IF NOT EXISTS FOR (n:Event) ON (n.embed_due_at)
;

// --- full-text (BM25): English analyzer and CJK bigram analyzer over the same texts ---
// Neo4j treats two full-text indexes on the same label and property list as one schema and
// IF NOT EXISTS would silently skip the second, so the CJK indexes list the properties in the
// other order. A test checks that every index named here exists after apply.
CREATE FULLTEXT INDEX event_text_en IF NOT EXISTS FOR (n:Event) ON EACH [n.content, n.tenant_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
;
CREATE FULLTEXT INDEX event_text_cjk IF NOT EXISTS FOR (n:Event) ON EACH [n.tenant_key, n.content]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}
;
CREATE FULLTEXT INDEX memory_text_en IF NOT EXISTS FOR (n:Memory) ON EACH [n.content, n.tenant_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
;
CREATE FULLTEXT INDEX memory_text_cjk IF NOT EXISTS FOR (n:Memory) ON EACH [n.tenant_key, n.content]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}
;
CREATE FULLTEXT INDEX trait_text_en IF NOT EXISTS FOR (n:Trait) ON EACH [n.content, n.tenant_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
;
CREATE FULLTEXT INDEX trait_text_cjk IF NOT EXISTS FOR (n:Trait) ON EACH [n.tenant_key, n.content]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}
;
CREATE FULLTEXT INDEX impression_text_en IF NOT EXISTS FOR (n:Impression) ON EACH [n.content, n.tenant_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
;
CREATE FULLTEXT INDEX impression_text_cjk IF NOT EXISTS FOR (n:Impression) ON EACH [n.tenant_key, n.content]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}
;
CREATE FULLTEXT INDEX chunk_text_en IF NOT EXISTS FOR (n:Chunk) ON EACH [n.content, n.tenant_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
;
CREATE FULLTEXT INDEX chunk_text_cjk IF NOT EXISTS FOR (n:Chunk) ON EACH [n.tenant_key, n.content]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}
;
CREATE FULLTEXT INDEX entity_names IF NOT EXISTS FOR (n:Alias) ON EACH [n.name, n.tenant_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}
;

// --- vector indexes, filterable by user_id inside the index (Cypher 25 SEARCH) -------
CYPHER 25 CREATE VECTOR INDEX event_embedding IF NOT EXISTS FOR (n:Event) ON n.embedding WITH [n.user_id]
OPTIONS {indexConfig: {`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}}
;
CYPHER 25 CREATE VECTOR INDEX memory_embedding IF NOT EXISTS FOR (n:Memory) ON n.embedding WITH [n.user_id]
OPTIONS {indexConfig: {`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}}
;
CYPHER 25 CREATE VECTOR INDEX impression_embedding IF NOT EXISTS FOR (n:Impression) ON n.embedding WITH [n.user_id]
OPTIONS {indexConfig: {`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}}
;
CYPHER 25 CREATE VECTOR INDEX trait_embedding IF NOT EXISTS FOR (n:Trait) ON n.embedding WITH [n.user_id]
OPTIONS {indexConfig: {`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}}
;
CYPHER 25 CREATE VECTOR INDEX chunk_embedding IF NOT EXISTS FOR (n:Chunk) ON n.embedding WITH [n.user_id]
OPTIONS {indexConfig: {`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}}
