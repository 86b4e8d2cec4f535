// Vectors outside recall's statements: the bulk loader's memories, and what the in-process vector copies
// (graphsvc.graph.vector_cache) read. Recall's own vector lists are in recall.cypher (recall_vectors).

// name: bulk_create_memories
// Bulk load (benchmarks, migrations): plain CREATE of complete rows, no dedup or history.
// row.embedding may be a driver Vector (packed float32, far cheaper to send than a list of floats);
// toFloatList stores it as the LIST<FLOAT> every other query reads.
CYPHER 25
UNWIND $rows AS row
CREATE (m:Memory {uid: row.uid, user_id: row.user_id, tenant_key: row.tenant_key, dedup_key: row.dedup_key,
                  memory_type: row.memory_type, content: row.content, content_hash: row.content_hash,
                  embedding: toFloatList(row.embedding), importance: row.importance, confidence: row.confidence,
                  reinforcement_count: 0, created_at: $now, last_reinforced_at: $now, status: 'active',
                  name: left(row.content, 60)})
RETURN count(m) AS created
;

// name: vector_copy_uids
// What an in-process vector copy holds (graphsvc.graph.vector_cache), for each of $kinds: the uids of the
// user's embedded nodes in recall's default scope (current events, active memories, impressions not stale,
// traits at $copied_stages, passages), in uid order; null for a kind not asked for. The same scope as
// recall_vectors' default lists and recall_text's stamp.
CYPHER 25
CALL () {
  WHEN NOT 'event' IN $kinds THEN { RETURN null AS event }
  ELSE {
    MATCH (e:Event)
    WHERE e.user_id = $user_id AND e.embedding IS NOT NULL AND e.superseded_at IS NULL
    WITH e.uid AS uid ORDER BY uid
    RETURN collect(uid) AS event
  }
}
CALL () {
  WHEN NOT 'memory' IN $kinds THEN { RETURN null AS memory }
  ELSE {
    MATCH (m:Memory)
    WHERE m.user_id = $user_id AND m.embedding IS NOT NULL AND m.status = 'active'
    WITH m.uid AS uid ORDER BY uid
    RETURN collect(uid) AS memory
  }
}
CALL () {
  WHEN NOT 'impression' IN $kinds THEN { RETURN null AS impression }
  ELSE {
    MATCH (i:Impression)
    WHERE i.user_id = $user_id AND i.embedding IS NOT NULL AND i.stale IS NULL
    WITH i.uid AS uid ORDER BY uid
    RETURN collect(uid) AS impression
  }
}
CALL () {
  WHEN NOT 'trait' IN $kinds THEN { RETURN null AS trait }
  ELSE {
    MATCH (t:Trait)
    WHERE t.user_id = $user_id AND t.embedding IS NOT NULL AND t.stage IN $copied_stages
    WITH t.uid AS uid ORDER BY uid
    RETURN collect(uid) AS trait
  }
}
CALL () {
  WHEN NOT 'chunk' IN $kinds THEN { RETURN null AS chunk }
  ELSE {
    MATCH (c:Chunk)
    WHERE c.user_id = $user_id AND c.kind = 'passage' AND c.embedding IS NOT NULL
    WITH c.uid AS uid ORDER BY uid
    RETURN collect(uid) AS chunk
  }
}
RETURN event, memory, impression, trait, chunk
;

// name: vector_copy_vectors
// The vectors of the user's nodes in $uids (a list per kind: event, memory, impression, trait, chunk) as packed
// float32 (15x faster to receive than float lists), with the uids found; a node without a vector is left out.
CYPHER 25
CALL () {
  UNWIND $uids.event AS uid
  MATCH (n:Event {uid: uid})
  WHERE n.user_id = $user_id AND n.embedding IS NOT NULL
  RETURN collect(n.uid) AS event_uids, collect(VECTOR(n.embedding, $dimensions, FLOAT32)) AS event_vectors
}
CALL () {
  UNWIND $uids.memory AS uid
  MATCH (n:Memory {uid: uid})
  WHERE n.user_id = $user_id AND n.embedding IS NOT NULL
  RETURN collect(n.uid) AS memory_uids, collect(VECTOR(n.embedding, $dimensions, FLOAT32)) AS memory_vectors
}
CALL () {
  UNWIND $uids.impression AS uid
  MATCH (n:Impression {uid: uid})
  WHERE n.user_id = $user_id AND n.embedding IS NOT NULL
  RETURN collect(n.uid) AS impression_uids,
         collect(VECTOR(n.embedding, $dimensions, FLOAT32)) AS impression_vectors
}
CALL () {
  UNWIND $uids.trait AS uid
  MATCH (n:Trait {uid: uid})
  WHERE n.user_id = $user_id AND n.embedding IS NOT NULL
  RETURN collect(n.uid) AS trait_uids, collect(VECTOR(n.embedding, $dimensions, FLOAT32)) AS trait_vectors
}
CALL () {
  UNWIND $uids.chunk AS uid
  MATCH (n:Chunk {uid: uid})
  WHERE n.user_id = $user_id AND n.embedding IS NOT NULL
  RETURN collect(n.uid) AS chunk_uids, collect(VECTOR(n.embedding, $dimensions, FLOAT32)) AS chunk_vectors
}
RETURN event_uids, event_vectors, memory_uids, memory_vectors, impression_uids, impression_vectors, trait_uids,
       trait_vectors, chunk_uids, chunk_vectors
;
