// Typed memories: exact and near-duplicate lookup, creation, reinforcement, provenance.

// name: memories_by_dedup_key
UNWIND $keys AS key
MATCH (m:Memory {dedup_key: key})
WHERE m.user_id = $user_id
RETURN key AS dedup_key, m.uid AS uid
;

// name: nearest_memory_same_type
// Exact scan of this user's memories of the same type. Neo4j's cosine function returns
// (1 + cos) / 2; the query converts back to the plain cosine the threshold is stated in.
UNWIND $candidates AS c
CALL (c) {
  MATCH (m:Memory)
  WHERE m.user_id = $user_id AND m.memory_type = c.memory_type AND m.status = 'active'
    AND m.embedding IS NOT NULL
  WITH m, vector.similarity.cosine(m.embedding, c.embedding) AS s
  ORDER BY s DESC
  LIMIT 1
  RETURN m.uid AS uid, 2 * s - 1 AS cosine
}
RETURN c.idx AS idx, uid, cosine
;

// name: create_memories
UNWIND $memories AS mem
MERGE (m:Memory {dedup_key: mem.dedup_key})
  ON CREATE SET m.uid = mem.uid, m.user_id = $user_id, m.tenant_key = $tenant_key,
                m.memory_type = mem.memory_type, m.content = mem.content,
                m.content_hash = mem.content_hash, m.embedding = mem.embedding,
                m.importance = mem.importance, m.confidence = mem.confidence,
                m.reinforcement_count = 0, m.created_at = $now, m.last_reinforced_at = $now,
                m.occurred_at = mem.occurred_at, m.status = 'active'
  ON MATCH SET m.reinforcement_count = m.reinforcement_count + 1, m.last_reinforced_at = $now
WITH m, mem
WHERE m.user_id = $user_id
CREATE (h:HistoryEntry {uid: mem.history_uid, user_id: $user_id, target_uid: m.uid,
                        event: CASE WHEN m.created_at = $now THEN 'created' ELSE 'reinforced' END,
                        old_value: null, new_value: m.content, actor: $actor, created_at: $now})
CREATE (h)-[:RECORDS]->(m)
WITH m, mem
UNWIND mem.source_uids AS source_uid
MATCH (e:Event {uid: source_uid})
WHERE e.user_id = $user_id
MERGE (m)-[:EXTRACTED_FROM]->(e)
RETURN count(DISTINCT m) AS memories
;

// name: reinforce_memories
UNWIND $reinforcements AS r
MATCH (m:Memory {uid: r.uid})
WHERE m.user_id = $user_id
SET m.reinforcement_count = m.reinforcement_count + 1, m.last_reinforced_at = $now,
    m.confidence = CASE WHEN r.confidence > m.confidence THEN r.confidence ELSE m.confidence END,
    m.importance = CASE WHEN r.importance > m.importance THEN r.importance ELSE m.importance END
CREATE (h:HistoryEntry {uid: r.history_uid, user_id: $user_id, target_uid: m.uid, event: 'reinforced',
                        old_value: m.content, new_value: r.content, actor: $actor, created_at: $now})
CREATE (h)-[:RECORDS]->(m)
WITH m, r
UNWIND r.source_uids AS source_uid
MATCH (e:Event {uid: source_uid})
WHERE e.user_id = $user_id
MERGE (m)-[:EXTRACTED_FROM]->(e)
RETURN count(DISTINCT m) AS memories
;

// name: link_memory_entities
UNWIND $links AS link
MATCH (m:Memory {dedup_key: link.dedup_key})
WHERE m.user_id = $user_id
MATCH (n:Entity {subject_key: link.subject_key})
WHERE n.user_id = $user_id
MERGE (m)-[:MENTIONS]->(n)
RETURN count(*) AS links
;

// name: list_memories
// Newest first; keyset pagination after ($after_at, $after_uid) when given.
MATCH (m:Memory)
WHERE m.user_id = $user_id AND ($memory_type IS NULL OR m.memory_type = $memory_type)
  AND m.status = 'active'
  AND ($after_at IS NULL OR m.created_at < $after_at OR (m.created_at = $after_at AND m.uid > $after_uid))
WITH m ORDER BY m.created_at DESC, m.uid LIMIT $limit
OPTIONAL MATCH (m)-[:EXTRACTED_FROM]->(e:Event)
WITH m, e ORDER BY e.occurred_at
WITH m, collect(e.source_id) AS source_ids
RETURN m AS memory, source_ids
ORDER BY m.created_at DESC, m.uid
;
