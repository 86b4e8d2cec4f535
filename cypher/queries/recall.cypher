// Recall candidates for one user. Every statement filters on user_id. Neo4j's cosine
// similarity is (1 + cos) / 2 in [0, 1]; ranks, not raw values, enter the fusion.

// name: vector_events_exact
MATCH (e:Event)
WHERE e.user_id = $user_id AND e.embedding IS NOT NULL
WITH e, vector.similarity.cosine(e.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN e.uid AS uid, score
;

// name: vector_memories_exact
MATCH (m:Memory)
WHERE m.user_id = $user_id AND m.status = 'active' AND m.embedding IS NOT NULL
WITH m, vector.similarity.cosine(m.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN m.uid AS uid, score
;

// name: fulltext_events
// $lucene is built by graphsvc.pipeline.lucene from word tokens only (no query syntax
// survives); tenant_key pre-filters inside Lucene, the WHERE is the exact tenant guard.
CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $k}) YIELD node, score
WHERE node.user_id = $user_id
RETURN node.uid AS uid, score
;

// name: fulltext_memories
CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $k}) YIELD node, score
WHERE node.user_id = $user_id AND node.status = 'active'
RETURN node.uid AS uid, score
;

// name: hydrate_events
UNWIND $uids AS uid
MATCH (e:Event {uid: uid})
WHERE e.user_id = $user_id
RETURN e.uid AS uid, e.content AS content, e.speaker AS speaker, e.occurred_at AS occurred_at,
       [e.source_id] AS source_ids
;

// name: hydrate_memories
UNWIND $uids AS uid
MATCH (m:Memory {uid: uid})
WHERE m.user_id = $user_id
// A memory is dated by what it says happened (event memories), else by the first message that
// said it; recency counts from the last message that said it (conversation time, not import time).
OPTIONAL MATCH (m)-[:EXTRACTED_FROM]->(e:Event)
WITH m, e ORDER BY e.occurred_at
WITH m, collect(e.source_id) AS source_ids, min(e.occurred_at) AS first_said, max(e.occurred_at) AS last_said
RETURN m.uid AS uid, m.content AS content, m.memory_type AS memory_type,
       coalesce(m.occurred_at, first_said, m.created_at) AS occurred_at, m.importance AS importance,
       coalesce(last_said, m.last_reinforced_at) AS last_reinforced_at, source_ids
;

// name: recent_events
// The user's latest messages, newest first (the "recent events" part of a memory context).
MATCH (e:Event)
WHERE e.user_id = $user_id
RETURN e.uid AS uid, e.content AS content, e.speaker AS speaker, e.role AS role,
       e.occurred_at AS occurred_at, e.source_id AS source_id
ORDER BY e.occurred_at DESC, e.seq DESC
LIMIT $limit
;

// name: entity_events_by_similarity
// Graph expansion: the events the named entities were observed in, ranked by similarity to
// the query (an entity-scoped vector list).
UNWIND $entity_uids AS entity_uid
MATCH (n:Entity {uid: entity_uid})-[:OBSERVED_IN]->(e:Event)
WHERE n.user_id = $user_id AND e.user_id = $user_id AND e.embedding IS NOT NULL
WITH DISTINCT e
WITH e, vector.similarity.cosine(e.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN e.uid AS uid, score
;
