// Tenant-scoped nearest neighbours. Small tenants: an exact scan of their own vectors. Large
// tenants: the vector index with the user_id filter applied inside the index (Cypher 25
// SEARCH), over-fetching $candidates and re-ranking them by exact cosine. Scores are Neo4j's
// cosine similarity, (1 + cos) / 2.

// name: count_user_memories
MATCH (m:Memory)
WHERE m.user_id = $user_id
RETURN count(m) AS n
;

// name: count_user_events
MATCH (e:Event)
WHERE e.user_id = $user_id
RETURN count(e) AS n
;

// name: vector_events_exact
MATCH (e:Event)
WHERE e.user_id = $user_id AND e.embedding IS NOT NULL AND e.superseded_at IS NULL
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

// name: vector_memories_ann
CYPHER 25
MATCH (m:Memory)
  SEARCH m IN (VECTOR INDEX memory_embedding FOR $embedding WHERE m.user_id = $user_id LIMIT $candidates)
WITH m
WHERE m.status = 'active'
WITH m, vector.similarity.cosine(m.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN m.uid AS uid, score
;

// name: vector_events_ann
CYPHER 25
MATCH (e:Event)
  SEARCH e IN (VECTOR INDEX event_embedding FOR $embedding WHERE e.user_id = $user_id LIMIT $candidates)
WITH e WHERE e.superseded_at IS NULL
WITH e, vector.similarity.cosine(e.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN e.uid AS uid, score
;

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

// name: memory_vectors_stamp
// What an in-process copy of a user's memory vectors is checked against before each use
// (graphsvc.graph.vector_cache): any creation, deletion or status change moves it.
MATCH (m:Memory)
WHERE m.user_id = $user_id
RETURN count(m) AS memories, count(CASE WHEN m.status = 'active' THEN 1 END) AS active,
       max(m.created_at) AS newest
;

// name: memory_vectors_of_user
// The user's active memory vectors as packed float32 (15x faster to receive than float lists).
CYPHER 25
MATCH (m:Memory)
WHERE m.user_id = $user_id AND m.status = 'active' AND m.embedding IS NOT NULL
RETURN collect(m.uid) AS uids, collect(VECTOR(m.embedding, $dimensions, FLOAT32)) AS embeddings
;

// name: count_user_chunks
MATCH (c:Chunk)
WHERE c.user_id = $user_id AND c.kind = 'passage'
RETURN count(c) AS n
;

// name: vector_chunks_exact
MATCH (c:Chunk)
WHERE c.user_id = $user_id AND c.kind = 'passage' AND c.embedding IS NOT NULL
WITH c, vector.similarity.cosine(c.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN c.uid AS uid, score
;

// name: vector_chunks_ann
CYPHER 25
MATCH (c:Chunk)
  SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding WHERE c.user_id = $user_id LIMIT $candidates)
WITH c, vector.similarity.cosine(c.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN c.uid AS uid, score
;
