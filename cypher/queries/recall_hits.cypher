// What recall reads of its fused candidates before scoring them (graphsvc.graph.recall_hits): one statement
// per kind, by uid. Every statement filters on user_id.

// name: hydrate_events
UNWIND $uids AS uid
MATCH (e:Event {uid: uid})
WHERE e.user_id = $user_id
RETURN e.uid AS uid, e.content AS content, e.speaker AS speaker, e.role AS role, e.occurred_at AS occurred_at,
       [e.source_id] AS source_ids, [e.uid] AS source_uids, e.title AS title, e.source_type AS source_type
;

// name: hydrate_memories
UNWIND $uids AS uid
MATCH (m:Memory {uid: uid})
WHERE m.user_id = $user_id
// A memory is dated by what it says happened (event memories), else by the first message that
// said it; recency counts from the last message that said it (conversation time, not import time).
OPTIONAL MATCH (m)-[:EXTRACTED_FROM]->(e:Event)
WITH m, e ORDER BY e.occurred_at
WITH m, collect(e.source_id) AS source_ids, collect(e.uid) AS source_uids, min(e.occurred_at) AS first_said,
     max(e.occurred_at) AS last_said
RETURN m.uid AS uid, m.content AS content, m.memory_type AS memory_type,
       coalesce(m.occurred_at, first_said, m.created_at) AS occurred_at, m.importance AS importance,
       coalesce(last_said, m.last_reinforced_at) AS last_reinforced_at, source_ids, source_uids, m.status AS status,
       coalesce(m.valid_from, m.occurred_at, first_said, m.created_at) AS valid_from, m.valid_to AS valid_to
;

// name: hydrate_impressions
// An impression hit names its entity and cites the messages its evidence came from; it is dated by
// its newest evidence.
UNWIND $uids AS uid
MATCH (n:Entity)-[:HAS_IMPRESSION]->(i:Impression {uid: uid})
WHERE i.user_id = $user_id AND n.user_id = $user_id
OPTIONAL MATCH (i)<-[:SUPPORTS]-(d:Evidence)-[:FROM_EVENT]->(e:Event)
WHERE d.user_id = $user_id AND e.user_id = $user_id
WITH n, i, e ORDER BY e.occurred_at
WITH n, i, max(e.occurred_at) AS last_said, min(e.occurred_at) AS first_said,
     [s IN collect(DISTINCT e.source_id) WHERE s IS NOT NULL] AS source_ids, collect(DISTINCT e.uid) AS source_uids
RETURN i.uid AS uid, i.content AS content, n.subject AS entity, i.confidence AS confidence,
       coalesce(last_said, i.created_at) AS occurred_at, source_ids, source_uids,
       coalesce(first_said, i.created_at) AS first_said
;

// name: hydrate_chunks
// A passage hit names its document and heading path; it is dated by its document's last change.
UNWIND $uids AS uid
MATCH (c:Chunk {uid: uid})
WHERE c.user_id = $user_id
MATCH (d:Document {uid: c.document_uid})
WHERE d.user_id = $user_id
RETURN c.uid AS uid, c.content AS content, c.heading_path AS heading_path, c.tokens AS tokens,
       d.uid AS document_uid, d.title AS title, d.filename AS filename, d.updated_at AS occurred_at
;
