// Recall candidates for one user (graphsvc.graph.recall). Every statement filters on user_id. Neo4j's cosine
// similarity is (1 + cos) / 2 in [0, 1]; ranks, not raw values, enter the fusion.

// name: vector_memories_scoped
// Recall beyond the default (issue 12): memories of $statuses (includeSuperseded) and, with $as_of, only
// those that held then (valid time). An exact scan: this path is asked for, never the default.
MATCH (m:Memory)
WHERE m.user_id = $user_id AND m.status IN $statuses AND m.embedding IS NOT NULL
  AND ($as_of IS NULL OR (coalesce(m.valid_from, m.occurred_at, m.created_at) <= $as_of
                          AND (m.valid_to IS NULL OR m.valid_to > $as_of)))
WITH m, vector.similarity.cosine(m.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN m.uid AS uid, score
;

// name: vector_events_as_of
// Recall asOf (issue 12): the messages said by then; an exact scan.
MATCH (e:Event)
WHERE e.user_id = $user_id AND e.embedding IS NOT NULL AND e.occurred_at <= $as_of
WITH e, vector.similarity.cosine(e.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN e.uid AS uid, score
;

// name: fulltext_events
// $lucene is built by graphsvc.text.lucene from word tokens only (no query syntax
// survives); tenant_key pre-filters inside Lucene, the WHERE is the exact tenant guard.
// Returns the text too: recall re-ranks the pool with the tenant's own BM25 statistics.
// An earlier version of a source record (superseded_at set, issue 15) is history, not a recall candidate.
CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $k}) YIELD node, score
WHERE node.user_id = $user_id AND ($as_of IS NULL OR node.occurred_at <= $as_of)
  AND (node.superseded_at IS NULL OR ($as_of IS NOT NULL AND node.superseded_at > $as_of))
RETURN node.uid AS uid, score, node.content AS text
;

// name: fulltext_memories
// $statuses: ['active'] by default (issue 12); $as_of: only memories that held then (valid time).
CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $k}) YIELD node, score
WHERE node.user_id = $user_id AND node.status IN $statuses
  AND ($as_of IS NULL OR (coalesce(node.valid_from, node.occurred_at, node.created_at) <= $as_of
                          AND (node.valid_to IS NULL OR node.valid_to > $as_of)))
RETURN node.uid AS uid, score, node.content AS text
;

// name: fulltext_term_counts
// Tenant BM25 statistics (graphsvc.pipeline.recall.tenant_bm25): for each {index, query} (the query is the
// tenant term alone, or the tenant term AND one content term, built by graphsvc.text.lucene.term_query),
// how many of the user's documents in the index match it.
UNWIND $asks AS ask
CALL (ask) {
  CALL db.index.fulltext.queryNodes(ask.index, ask.query) YIELD node
  WHERE node.user_id = $user_id
  RETURN count(node) AS n
}
RETURN ask.index AS index, ask.query AS query, n
;

// name: entity_events_by_similarity
// Graph expansion: the events the named entities were observed in, ranked by similarity to
// the query (an entity-scoped vector list).
UNWIND $entity_uids AS entity_uid
MATCH (n:Entity {uid: entity_uid})-[:OBSERVED_IN]->(e:Event)
WHERE n.user_id = $user_id AND e.user_id = $user_id AND e.embedding IS NOT NULL
  AND ($as_of IS NULL OR e.occurred_at <= $as_of)
WITH DISTINCT e
WITH e, vector.similarity.cosine(e.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN e.uid AS uid, score
;

// name: vector_impressions_exact
// Entities' impressions (seed 000) as recall candidates: an exact scan of the user's embedded impressions.
MATCH (i:Impression)
WHERE i.user_id = $user_id AND i.embedding IS NOT NULL AND ($with_stale OR i.stale IS NULL)
WITH i, vector.similarity.cosine(i.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN i.uid AS uid, score
;

// name: fulltext_impressions
// An impression that repeats a superseded or forgotten memory is stale (issue 12): left out unless $with_stale.
CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $k}) YIELD node, score
WHERE node.user_id = $user_id AND ($with_stale OR node.stale IS NULL)
RETURN node.uid AS uid, score, node.content AS text
;

// name: entity_impressions_by_similarity
// Graph expansion: the impressions of the named entities (and of their RELATES neighbours), ranked by
// similarity to the query; impressions not yet embedded rank last.
UNWIND $entity_uids AS entity_uid
MATCH (n:Entity {uid: entity_uid})-[:HAS_IMPRESSION]->(i:Impression)
WHERE n.user_id = $user_id AND i.user_id = $user_id AND ($with_stale OR i.stale IS NULL)
WITH DISTINCT i
WITH i, coalesce(vector.similarity.cosine(i.embedding, $embedding), 0.0) AS score
ORDER BY score DESC
LIMIT $k
RETURN i.uid AS uid, score
;

// name: related_entities
// The selective RELATES neighbours (either direction) of the named entities, strongest relation first
// (selective: see selective_entities).
UNWIND $entity_uids AS entity_uid
MATCH (n:Entity {uid: entity_uid})-[r:RELATES]-(m:Entity)
WHERE n.user_id = $user_id AND m.user_id = $user_id AND NOT m.uid IN $entity_uids
  AND COUNT { (m)-[:OBSERVED_IN]->() } <= $max_observed
WITH m, max(r.strength) AS strength
ORDER BY strength DESC, m.uid
LIMIT $limit
RETURN m.uid AS uid
;

// name: selective_entities
// The named entities observed in at most $max_observed events: an entity found in most of the user's
// messages (the user, a constant conversation partner) narrows nothing, so its events stay out of expansion.
UNWIND $entity_uids AS entity_uid
MATCH (n:Entity {uid: entity_uid})
WHERE n.user_id = $user_id AND COUNT { (n)-[:OBSERVED_IN]->() } <= $max_observed
RETURN n.uid AS uid
;

// name: entity_memories_by_similarity
// Graph expansion: the memories (of $statuses; active by default) that mention the named entities, ranked by
// similarity to the query; with $as_of only those that held then.
UNWIND $entity_uids AS entity_uid
MATCH (n:Entity {uid: entity_uid})<-[:MENTIONS]-(m:Memory)
WHERE n.user_id = $user_id AND m.user_id = $user_id AND m.status IN $statuses AND m.embedding IS NOT NULL
  AND ($as_of IS NULL OR (coalesce(m.valid_from, m.occurred_at, m.created_at) <= $as_of
                          AND (m.valid_to IS NULL OR m.valid_to > $as_of)))
WITH DISTINCT m
WITH m, vector.similarity.cosine(m.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN m.uid AS uid, score
;

// name: fulltext_chunks
// Document passages (issue 15): sections are context, never candidates.
CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $k}) YIELD node, score
WHERE node.user_id = $user_id AND node.kind = 'passage'
RETURN node.uid AS uid, score, node.content AS text
;

// name: vector_tagged
// Recall with a tag filter: an exact scan of the user's embedded nodes carrying any of the tags (active memories,
// current events, passages, and the passages of tagged documents), with their kind.
MATCH (t:Tag)
WHERE t.user_id = $user_id AND t.normalized IN $tags
CALL (t) {
  MATCH (n)-[:TAGGED]->(t)
  WHERE (n:Memory OR n:Event OR n:Chunk) RETURN n
  UNION
  MATCH (d:Document)-[:TAGGED]->(t)
  MATCH (n:Chunk {document_uid: d.uid})
  RETURN n
}
WITH DISTINCT n
WHERE n.user_id = $user_id AND n.embedding IS NOT NULL
  AND (NOT n:Memory OR n.status = 'active') AND (NOT n:Chunk OR n.kind = 'passage')
  AND (NOT n:Event OR n.superseded_at IS NULL)
WITH n, vector.similarity.cosine(n.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN n.uid AS uid, score, CASE WHEN n:Memory THEN 'memory' WHEN n:Chunk THEN 'chunk' ELSE 'event' END AS kind
;

// name: tagged_recall_uids
// The uids a tag-filtered recall may return: the user's nodes carrying any of the tags, and the passages of
// tagged documents.
MATCH (t:Tag)
WHERE t.user_id = $user_id AND t.normalized IN $tags
CALL (t) {
  MATCH (n)-[:TAGGED]->(t) RETURN n.uid AS uid, n.user_id AS owner
  UNION
  MATCH (d:Document)-[:TAGGED]->(t)
  MATCH (n:Chunk {document_uid: d.uid})
  RETURN n.uid AS uid, n.user_id AS owner
}
WITH uid, owner
WHERE owner = $user_id
RETURN DISTINCT uid
LIMIT $limit
;
