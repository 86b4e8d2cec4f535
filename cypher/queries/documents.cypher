// Documents (seed 003): the document node, its earlier versions, its chunk tree.

// name: document_state
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id
RETURN d.content_hash AS content_hash, d.version AS version
;

// name: lock_document
// First statement of a document's write: MERGE takes the document's lock, so two ingests of one document take
// turns; the caller compares the hash it returns with the new one (unchanged: nothing more is written).
MERGE (d:Document {uid: $uid})
  ON CREATE SET d.user_id = $user_id, d.tenant_key = $tenant_key, d.source_id = $source_id, d.version = 0,
                d.content_hash = '', d.created_at = $now, d.filename = $filename, d.name = left($filename, 60)
WITH d
WHERE d.user_id = $user_id
SET d.locked_at = $now
RETURN d.content_hash AS content_hash, d.version AS version
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
MATCH (d:Document)
WHERE d.user_id = $user_id AND d.version > 0
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
