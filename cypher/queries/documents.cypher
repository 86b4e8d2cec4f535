// Documents (seed 003): the document node, its earlier versions, its chunk tree.

// name: document_state
// content_hash: the bytes of the version stored (parsed); upload_hash: the bytes of the latest upload (the same
// once it is parsed), status: processing, ready or failed (null: stored before uploads were jobs, ready).
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id
RETURN d.content_hash AS content_hash, d.version AS version, coalesce(d.upload_hash, d.content_hash) AS upload_hash,
       coalesce(d.status, 'ready') AS status, d.job_uid AS job_uid, d.source_id AS source_id
;

// name: lock_document
// First statement of a document's write: MERGE takes the document's lock, so two writes of one document take
// turns; the caller compares the hashes it returns with the new one.
MERGE (d:Document {uid: $uid})
  ON CREATE SET d.user_id = $user_id, d.tenant_key = $tenant_key, d.source_id = $source_id, d.version = 0,
                d.content_hash = '', d.created_at = $now, d.filename = $filename, d.name = left($filename, 60)
WITH d
WHERE d.user_id = $user_id
SET d.locked_at = $now
RETURN d.content_hash AS content_hash, d.version AS version, coalesce(d.upload_hash, d.content_hash) AS upload_hash,
       coalesce(d.status, 'ready') AS status, d.job_uid AS job_uid, d.source_id AS source_id
;

// name: lock_stored_document
// The parse job's first statement: the document's lock, taken only when it still exists (erased meanwhile: no row).
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id
SET d.locked_at = $now
RETURN d.content_hash AS content_hash, d.version AS version, coalesce(d.upload_hash, d.content_hash) AS upload_hash,
       coalesce(d.status, 'ready') AS status, d.job_uid AS job_uid, d.source_id AS source_id
;

// name: store_document_upload
// An upload of the locked document: its bytes wait on the document's one DocumentUpload node (replacing an
// earlier upload not parsed yet) for the parse_document job $job_uid; the document is processing meanwhile (a
// new one shows its file name and format; an earlier version stays readable and recalled until the new one is
// parsed).
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id
MERGE (u:DocumentUpload {uid: $upload_uid})
  ON CREATE SET u.user_id = $user_id, u.tenant_key = $tenant_key, u.document_uid = d.uid
WITH d, u
WHERE u.user_id = $user_id
SET u.data = $data, u.content_hash = $content_hash, u.filename = $filename, u.mime_type = $mime_type,
    u.byte_size = $byte_size, u.created_at = $now, u.name = 'upload ' + left($filename, 50),
    d.status = 'processing', d.error = null, d.upload_hash = $content_hash, d.upload_at = $now, d.job_uid = $job_uid,
    d.filename = CASE WHEN d.version = 0 THEN $filename ELSE d.filename END,
    d.mime_type = CASE WHEN d.version = 0 THEN $mime_type ELSE d.mime_type END,
    d.format = CASE WHEN d.version = 0 THEN $format ELSE d.format END,
    d.byte_size = CASE WHEN d.version = 0 THEN $byte_size ELSE d.byte_size END,
    d.updated_at = CASE WHEN d.version = 0 THEN $now ELSE d.updated_at END
MERGE (d)-[:HAS_UPLOAD]->(u)
RETURN d.uid AS uid
;

// name: document_upload
// What the parse_document job reads: the document's waiting upload (no row when none waits).
MATCH (d:Document {uid: $uid})-[:HAS_UPLOAD]->(u:DocumentUpload)
WHERE d.user_id = $user_id AND u.user_id = $user_id
RETURN u.data AS data, u.content_hash AS content_hash, u.filename AS filename, u.mime_type AS mime_type,
       u.byte_size AS byte_size
;

// name: document_failed
// The upload $content_hash could not be taken: the document says why (unless a newer upload replaced it).
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id AND d.upload_hash = $content_hash
SET d.status = 'failed', d.error = $error, d.failed_at = $now
RETURN d.uid AS uid
;

// name: document_ready
// The upload $content_hash is parsed, stored and embedded: the document is ready and its upload's bytes go
// (no row when a newer upload replaced it meanwhile).
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id AND d.upload_hash = $content_hash AND d.content_hash = $content_hash
SET d.status = 'ready', d.error = null, d.ready_at = $now
WITH d
OPTIONAL MATCH (d)-[:HAS_UPLOAD]->(u:DocumentUpload)
WHERE u.user_id = $user_id
DETACH DELETE u
RETURN DISTINCT d.uid AS uid
;

// name: document_passages_unembedded
// Passages of a document still without their vector, in document order.
MATCH (c:Chunk {document_uid: $uid})
WHERE c.user_id = $user_id AND c.kind = 'passage' AND c.embedding IS NULL
RETURN c.uid AS uid, c.content AS content, c.heading_path AS heading_path
ORDER BY c.position
LIMIT $limit
;

// name: set_chunk_vectors
// $rows: {uid, embedding} of passages of the document.
UNWIND $rows AS row
MATCH (c:Chunk {uid: row.uid})
WHERE c.user_id = $user_id AND c.document_uid = $uid
SET c.embedding = row.embedding
RETURN count(c) AS stored
;

// name: archive_document_version
// A changed document: its current version is kept as history, and its chunks (with their edges) are removed.
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id AND d.version > 0
CREATE (v:DocumentVersion {uid: $version_uid, user_id: $user_id, document_uid: d.uid, version: d.version,
                           content_hash: d.content_hash, normalized_content: d.normalized_content,
                           filename: d.filename, title: d.title, replaced_at: $now,
                           name: left(d.filename, 50) + ' v' + toString(d.version)})
MERGE (d)-[:PREVIOUS_VERSION]->(v)
WITH d
OPTIONAL MATCH (c:Chunk {document_uid: d.uid})
WHERE c.user_id = $user_id
DETACH DELETE c
RETURN count(*) AS removed
;

// name: store_document
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id
SET d.filename = $filename, d.mime_type = $mime_type, d.format = $format, d.title = $title,
    d.name = left(coalesce($title, $filename), 60),
    d.content_hash = $content_hash, d.normalized_content = $markdown, d.version = d.version + 1,
    d.pages = $pages, d.byte_size = $byte_size, d.chunks = $chunk_count, d.updated_at = $now,
    d.indexed_at = null, d.event_uid = $event_uid
RETURN d AS document
;

// name: create_chunks
// The chunk tree: $chunks in document order (parents first), $edges [{parent, child}] by uid.
UNWIND $chunks AS c
CREATE (k:Chunk {uid: c.uid, user_id: $user_id, tenant_key: $tenant_key, document_uid: $uid, kind: c.kind,
                 heading_path: c.heading_path, level: c.level, position: c.position, content: c.content,
                 tokens: c.tokens, embedding: c.embedding, created_at: $now,
                 name: CASE WHEN c.kind = 'section' THEN left(coalesce(last(c.heading_path), 'section'), 60)
                            ELSE left(c.content, 48) END})
WITH k, c
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id AND c.parent IS NULL
MERGE (d)-[:HAS_CHUNK]->(k)
WITH count(*) AS top
UNWIND $edges AS edge
MATCH (p:Chunk {uid: edge.parent}), (c:Chunk {uid: edge.child})
WHERE p.user_id = $user_id AND c.user_id = $user_id
MERGE (p)-[:HAS_CHILD]->(c)
RETURN top, count(*) AS edges
;

// name: link_document_event
MATCH (d:Document {uid: $uid}), (e:Event {uid: $event_uid})
WHERE d.user_id = $user_id AND e.user_id = $user_id
MERGE (d)-[:FROM_EVENT]->(e)
RETURN e.uid AS uid
;

// name: get_document
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id
OPTIONAL MATCH (d)-[:PREVIOUS_VERSION]->(v:DocumentVersion)
WITH d, count(v) AS history
OPTIONAL MATCH (d)-[:TAGGED]->(t:Tag)
RETURN d AS document, history, collect(t.name) AS tags
;

// name: list_documents
// Stored documents and uploads still processing or failed (a lock whose first write did not commit is neither).
MATCH (d:Document)
WHERE d.user_id = $user_id AND (d.version > 0 OR d.status IS NOT NULL)
OPTIONAL MATCH (d)-[:PREVIOUS_VERSION]->(v:DocumentVersion)
WITH d, count(v) AS history
OPTIONAL MATCH (d)-[:TAGGED]->(t:Tag)
WITH d, history, collect(t.name) AS tags
RETURN d AS document, history, tags
ORDER BY d.updated_at DESC, d.uid
LIMIT $limit
;

// name: document_chunks
MATCH (c:Chunk {document_uid: $uid})
WHERE c.user_id = $user_id
OPTIONAL MATCH (p:Chunk)-[:HAS_CHILD]->(c)
RETURN c.uid AS uid, c.kind AS kind, c.heading_path AS heading_path, c.level AS level, c.position AS position,
       c.content AS content, c.tokens AS tokens, p.uid AS parent_uid
ORDER BY c.position
;

// name: document_passages
// The passages of a document, in order (what the index job reads).
MATCH (c:Chunk {document_uid: $uid})
WHERE c.user_id = $user_id AND c.kind = 'passage'
RETURN c.uid AS uid, c.content AS content, c.heading_path AS heading_path
ORDER BY c.position
LIMIT $limit
;

// name: mark_document_indexed
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id AND d.content_hash = $content_hash
SET d.indexed_at = $now
RETURN d.uid AS uid
;
