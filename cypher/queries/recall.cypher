// Recall's candidate reads for one user (graphsvc.graph.recall): one statement before the query vector exists
// (full text, term counts, named entities and what they bring), one with it (cosine lists), each returning ONE
// record of collected lists. Every part filters on user_id. Neo4j's cosine similarity is (1 + cos) / 2 in
// [0, 1]; ranks, not raw values, enter the fusion.

// name: recall_text
// Everything recall reads without the query vector (it runs while the query is embedded):
// - the user's event, memory and passage counts (tenant BM25's document counts, entity selectivity, and
//   which vector path a user takes);
// - one tenant-filtered Lucene pool per full-text index with the matched text, for tenant BM25 ($lucene is
//   built by graphsvc.text.lucene from word tokens only and carries the tenant key; null: no pools). An
//   earlier version of a source record is history, not a candidate; memories of $statuses, impressions
//   without the stale mark unless $with_stale, traits at $stages (and among $trait_uids unless null),
//   passages only (sections are context). With $as_of: events said by then (in the version that stood then),
//   memories that held then (valid time);
// - $asks' document counts inside the tenant filter ({index, query} pairs, graphsvc.pipeline.recall.tenant_bm25),
//   for the indexes whose pool holds a match (an empty pool ranks nothing, whatever the counts);
// - graph expansion's entities: each of $names (normalised, with $subject_keys in the same order) that names
//   exactly one entity (alias or subject); of those, the selective ones (observed in at most
//   max($min_observed, $max_share × the user's events) events) and at most $related_limit selective RELATES
//   neighbours, strongest relation first; and the uids they bring: the embedded events the selective ones
//   were observed in, the embedded memories (of $statuses) that mention the named ones, the named ones'
//   impressions (embedded or not), and the related ones' events and impressions;
// - with $stamp, what the in-process vector copies are checked against (graphsvc.graph.vector_cache): per
//   kind, how many nodes the user has, how many of them a copy holds (embedded, in the default scope: current
//   events, active memories, impressions not stale, traits at $copied_stages, passages), and the newest
//   creation and change times. A creation, deletion or status change moves it. Its first figures are the
//   user's event, memory and passage counts, so those are not counted twice.
CYPHER 25
CALL () {
  WHEN NOT $stamp THEN {
    CALL () {
      MATCH (e:Event)
      WHERE e.user_id = $user_id
      RETURN count(e) AS user_events
    }
    CALL () {
      MATCH (m:Memory)
      WHERE m.user_id = $user_id
      RETURN count(m) AS user_memories
    }
    CALL () {
      MATCH (c:Chunk)
      WHERE c.user_id = $user_id AND c.kind = 'passage'
      RETURN count(c) AS user_passages
    }
    RETURN user_events, user_memories, user_passages, null AS stamp
  }
  ELSE {
    CALL () {
      MATCH (e:Event)
      WHERE e.user_id = $user_id
      RETURN [count(e), count(CASE WHEN e.embedding IS NOT NULL AND e.superseded_at IS NULL THEN 1 END),
              max(e.ingested_at), max(e.superseded_at)] AS event
    }
    CALL () {
      MATCH (m:Memory)
      WHERE m.user_id = $user_id
      RETURN [count(m), count(CASE WHEN m.embedding IS NOT NULL AND m.status = 'active' THEN 1 END),
              max(m.created_at), max(m.status_changed_at)] AS memory
    }
    CALL () {
      MATCH (i:Impression)
      WHERE i.user_id = $user_id
      RETURN [count(i), count(CASE WHEN i.embedding IS NOT NULL AND i.stale IS NULL THEN 1 END),
              max(i.created_at)] AS impression
    }
    CALL () {
      MATCH (t:Trait)
      WHERE t.user_id = $user_id
      RETURN [count(t), count(CASE WHEN t.embedding IS NOT NULL AND t.stage IN $copied_stages THEN 1 END),
              max(t.created_at), max(t.updated_at)] AS trait
    }
    CALL () {
      MATCH (c:Chunk)
      WHERE c.user_id = $user_id AND c.kind = 'passage'
      RETURN [count(c), count(c.embedding), max(c.created_at)] AS chunk
    }
    RETURN event[0] AS user_events, memory[0] AS user_memories, chunk[0] AS user_passages,
           {event: event, memory: memory, impression: impression, trait: trait, chunk: chunk} AS stamp
  }
}
CALL () {
  UNWIND CASE WHEN $lucene IS NULL THEN [] ELSE [$lucene] END AS lucene
  CALL db.index.fulltext.queryNodes($indexes.event, lucene, {limit: $k}) YIELD node, score
  WHERE node.user_id = $user_id AND ($as_of IS NULL OR node.occurred_at <= $as_of)
    AND (node.superseded_at IS NULL OR ($as_of IS NOT NULL AND node.superseded_at > $as_of))
  RETURN collect({uid: node.uid, score: score, text: node.content}) AS text_events
}
CALL () {
  UNWIND CASE WHEN $lucene IS NULL THEN [] ELSE [$lucene] END AS lucene
  CALL db.index.fulltext.queryNodes($indexes.memory, lucene, {limit: $k}) YIELD node, score
  WHERE node.user_id = $user_id AND node.status IN $statuses
    AND ($as_of IS NULL OR (coalesce(node.valid_from, node.occurred_at, node.created_at) <= $as_of
                            AND (node.valid_to IS NULL OR node.valid_to > $as_of)))
  RETURN collect({uid: node.uid, score: score, text: node.content}) AS text_memories
}
CALL () {
  UNWIND CASE WHEN $lucene IS NULL THEN [] ELSE [$lucene] END AS lucene
  CALL db.index.fulltext.queryNodes($indexes.impression, lucene, {limit: $k}) YIELD node, score
  WHERE node.user_id = $user_id AND ($with_stale OR node.stale IS NULL)
  RETURN collect({uid: node.uid, score: score, text: node.content}) AS text_impressions
}
CALL () {
  UNWIND CASE WHEN $lucene IS NULL THEN [] ELSE [$lucene] END AS lucene
  CALL db.index.fulltext.queryNodes($indexes.trait, lucene, {limit: $k}) YIELD node, score
  WHERE node.user_id = $user_id AND node.stage IN $stages AND ($trait_uids IS NULL OR node.uid IN $trait_uids)
  RETURN collect({uid: node.uid, score: score, text: node.content}) AS text_traits
}
CALL () {
  UNWIND CASE WHEN $lucene IS NULL THEN [] ELSE [$lucene] END AS lucene
  CALL db.index.fulltext.queryNodes($indexes.chunk, lucene, {limit: $k}) YIELD node, score
  WHERE node.user_id = $user_id AND node.kind = 'passage'
  RETURN collect({uid: node.uid, score: score, text: node.content}) AS text_passages
}
CALL (text_events, text_memories, text_impressions, text_traits, text_passages) {
  WITH [pool IN [[$indexes.event, text_events], [$indexes.memory, text_memories],
                 [$indexes.impression, text_impressions], [$indexes.trait, text_traits],
                 [$indexes.chunk, text_passages]] WHERE size(pool[1]) > 0 | pool[0]] AS pooled
  UNWIND $asks AS ask
  WITH ask WHERE ask.index IN pooled
  CALL (ask) {
    CALL db.index.fulltext.queryNodes(ask.index, ask.query) YIELD node
    WHERE node.user_id = $user_id
    RETURN count(node) AS n
  }
  RETURN collect({index: ask.index, query: ask.query, n: n}) AS term_counts
}
CALL () {
  UNWIND range(0, size($names) - 1) AS i
  CALL (i) {
    MATCH (a:Alias {user_id: $user_id, normalized: $names[i]})<-[:HAS_ALIAS]-(e:Entity)
    WHERE e.user_id = $user_id
    RETURN e
    UNION
    MATCH (e:Entity {subject_key: $subject_keys[i]})
    WHERE e.user_id = $user_id
    RETURN e
  }
  WITH i, collect(DISTINCT e.uid) AS found
  WHERE size(found) = 1
  RETURN collect(DISTINCT found[0]) AS named
}
WITH *, CASE WHEN toInteger($max_share * user_events) > $min_observed
             THEN toInteger($max_share * user_events) ELSE $min_observed END AS max_observed
CALL (named, max_observed) {
  UNWIND named AS entity_uid
  MATCH (n:Entity {uid: entity_uid})
  WHERE n.user_id = $user_id AND COUNT { (n)-[:OBSERVED_IN]->() } <= max_observed
  RETURN collect(n.uid) AS selective
}
CALL (named, max_observed) {
  UNWIND named AS entity_uid
  MATCH (n:Entity {uid: entity_uid})-[r:RELATES]-(m:Entity)
  WHERE n.user_id = $user_id AND m.user_id = $user_id AND NOT m.uid IN named
    AND COUNT { (m)-[:OBSERVED_IN]->() } <= max_observed
  WITH m, max(r.strength) AS strength
  ORDER BY strength DESC, m.uid
  LIMIT $related_limit
  RETURN collect(m.uid) AS related
}
CALL (selective) {
  UNWIND selective AS entity_uid
  MATCH (n:Entity {uid: entity_uid})-[:OBSERVED_IN]->(e:Event)
  WHERE n.user_id = $user_id AND e.user_id = $user_id AND e.embedding IS NOT NULL
    AND ($as_of IS NULL OR e.occurred_at <= $as_of)
  RETURN collect(DISTINCT e.uid) AS entity_events
}
CALL (named) {
  UNWIND named AS entity_uid
  MATCH (n:Entity {uid: entity_uid})<-[:MENTIONS]-(m:Memory)
  WHERE n.user_id = $user_id AND m.user_id = $user_id AND m.status IN $statuses AND m.embedding IS NOT NULL
    AND ($as_of IS NULL OR (coalesce(m.valid_from, m.occurred_at, m.created_at) <= $as_of
                            AND (m.valid_to IS NULL OR m.valid_to > $as_of)))
  RETURN collect(DISTINCT m.uid) AS entity_memories
}
CALL (named) {
  UNWIND named AS entity_uid
  MATCH (n:Entity {uid: entity_uid})-[:HAS_IMPRESSION]->(i:Impression)
  WHERE n.user_id = $user_id AND i.user_id = $user_id AND ($with_stale OR i.stale IS NULL)
  RETURN collect(DISTINCT i.uid) AS entity_impressions
}
CALL (related) {
  UNWIND related AS entity_uid
  MATCH (n:Entity {uid: entity_uid})-[:OBSERVED_IN]->(e:Event)
  WHERE n.user_id = $user_id AND e.user_id = $user_id AND e.embedding IS NOT NULL
    AND ($as_of IS NULL OR e.occurred_at <= $as_of)
  RETURN collect(DISTINCT e.uid) AS related_events
}
CALL (related) {
  UNWIND related AS entity_uid
  MATCH (n:Entity {uid: entity_uid})-[:HAS_IMPRESSION]->(i:Impression)
  WHERE n.user_id = $user_id AND i.user_id = $user_id AND ($with_stale OR i.stale IS NULL)
  RETURN collect(DISTINCT i.uid) AS related_impressions
}
RETURN user_events, user_memories, user_passages, stamp, text_events, text_memories, text_impressions, text_traits,
       text_passages, term_counts, named, selective, related, entity_events, entity_memories, entity_impressions,
       related_events, related_impressions
;

// name: recall_vectors
// The vector method's lists for each query vector of $embeddings (one per view of the query), and the scores
// of graph expansion's candidates against the last one:
// - events: current ones (with $as_of: those said by then); memories of $statuses (with $as_of: that held then);
//   impressions (stale ones only $with_stale); traits at $stages (among $trait_uids unless null); passages.
//   Each is an exact scan of the user's own vectors, except where $ann says the user is large (default scope
//   only): then the vector index filtered on user_id inside the index (SEARCH ... WHERE), over-fetching
//   $candidates and re-ranking them by exact cosine. With $tags (normalised keys): only the tagged embedded
//   nodes (active memories, current events, passages and the passages of tagged documents), the best
//   $tagged_k of them in `tagged` with their kind, and the five lists empty.
// - graph: each list of $graph (uids from recall_text) scored by cosine; an impression not yet embedded
//   scores 0.
// Each list is [{uid, score}] best first (ties by uid), at most $k long; the five lists and `tagged` hold one
// such list per view, in the order of $embeddings.
CYPHER 25
CALL () {
  UNWIND range(0, size($embeddings) - 1) AS view
  CALL (view) {
    WHEN $tags IS NOT NULL THEN {
      RETURN [] AS found
    }
    WHEN $ann.event THEN {
      MATCH (e:Event)
        SEARCH e IN (VECTOR INDEX event_embedding FOR $embeddings[view] WHERE e.user_id = $user_id
                     LIMIT $candidates.event)
      WITH e WHERE e.superseded_at IS NULL
      WITH e, vector.similarity.cosine(e.embedding, $embeddings[view]) AS score
      ORDER BY score DESC, e.uid
      LIMIT $k
      RETURN collect({uid: e.uid, score: score}) AS found
    }
    ELSE {
      MATCH (e:Event)
      WHERE e.user_id = $user_id AND e.embedding IS NOT NULL
        AND CASE WHEN $as_of IS NULL THEN e.superseded_at IS NULL ELSE e.occurred_at <= $as_of END
      WITH e, vector.similarity.cosine(e.embedding, $embeddings[view]) AS score
      ORDER BY score DESC, e.uid
      LIMIT $k
      RETURN collect({uid: e.uid, score: score}) AS found
    }
  }
  WITH view, found ORDER BY view
  RETURN collect(found) AS events
}
CALL () {
  UNWIND range(0, size($embeddings) - 1) AS view
  CALL (view) {
    WHEN $tags IS NOT NULL THEN {
      RETURN [] AS found
    }
    WHEN $ann.memory THEN {
      MATCH (m:Memory)
        SEARCH m IN (VECTOR INDEX memory_embedding FOR $embeddings[view] WHERE m.user_id = $user_id
                     LIMIT $candidates.memory)
      WITH m WHERE m.status = 'active'
      WITH m, vector.similarity.cosine(m.embedding, $embeddings[view]) AS score
      ORDER BY score DESC, m.uid
      LIMIT $k
      RETURN collect({uid: m.uid, score: score}) AS found
    }
    ELSE {
      MATCH (m:Memory)
      WHERE m.user_id = $user_id AND m.status IN $statuses AND m.embedding IS NOT NULL
        AND ($as_of IS NULL OR (coalesce(m.valid_from, m.occurred_at, m.created_at) <= $as_of
                                AND (m.valid_to IS NULL OR m.valid_to > $as_of)))
      WITH m, vector.similarity.cosine(m.embedding, $embeddings[view]) AS score
      ORDER BY score DESC, m.uid
      LIMIT $k
      RETURN collect({uid: m.uid, score: score}) AS found
    }
  }
  WITH view, found ORDER BY view
  RETURN collect(found) AS memories
}
CALL () {
  UNWIND range(0, size($embeddings) - 1) AS view
  CALL (view) {
    WHEN $tags IS NOT NULL THEN {
      RETURN [] AS found
    }
    ELSE {
      MATCH (i:Impression)
      WHERE i.user_id = $user_id AND i.embedding IS NOT NULL AND ($with_stale OR i.stale IS NULL)
      WITH i, vector.similarity.cosine(i.embedding, $embeddings[view]) AS score
      ORDER BY score DESC, i.uid
      LIMIT $k
      RETURN collect({uid: i.uid, score: score}) AS found
    }
  }
  WITH view, found ORDER BY view
  RETURN collect(found) AS impressions
}
CALL () {
  UNWIND range(0, size($embeddings) - 1) AS view
  CALL (view) {
    WHEN $tags IS NOT NULL THEN {
      RETURN [] AS found
    }
    ELSE {
      MATCH (t:Trait)
      WHERE t.user_id = $user_id AND t.stage IN $stages AND t.embedding IS NOT NULL
        AND ($trait_uids IS NULL OR t.uid IN $trait_uids)
      WITH t, vector.similarity.cosine(t.embedding, $embeddings[view]) AS score
      ORDER BY score DESC, t.uid
      LIMIT $k
      RETURN collect({uid: t.uid, score: score}) AS found
    }
  }
  WITH view, found ORDER BY view
  RETURN collect(found) AS traits
}
CALL () {
  UNWIND range(0, size($embeddings) - 1) AS view
  CALL (view) {
    WHEN $tags IS NOT NULL THEN {
      RETURN [] AS found
    }
    WHEN $ann.chunk THEN {
      MATCH (c:Chunk)
        SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embeddings[view] WHERE c.user_id = $user_id
                     LIMIT $candidates.chunk)
      WITH c WHERE c.kind = 'passage'
      WITH c, vector.similarity.cosine(c.embedding, $embeddings[view]) AS score
      ORDER BY score DESC, c.uid
      LIMIT $k
      RETURN collect({uid: c.uid, score: score}) AS found
    }
    ELSE {
      MATCH (c:Chunk)
      WHERE c.user_id = $user_id AND c.kind = 'passage' AND c.embedding IS NOT NULL
      WITH c, vector.similarity.cosine(c.embedding, $embeddings[view]) AS score
      ORDER BY score DESC, c.uid
      LIMIT $k
      RETURN collect({uid: c.uid, score: score}) AS found
    }
  }
  WITH view, found ORDER BY view
  RETURN collect(found) AS passages
}
CALL () {
  UNWIND range(0, size($embeddings) - 1) AS view
  CALL (view) {
    WHEN $tags IS NULL THEN {
      RETURN [] AS found
    }
    ELSE {
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
      WITH n, vector.similarity.cosine(n.embedding, $embeddings[view]) AS score
      ORDER BY score DESC, n.uid
      LIMIT $tagged_k
      RETURN collect({uid: n.uid, score: score,
                      kind: CASE WHEN n:Memory THEN 'memory' WHEN n:Chunk THEN 'chunk' ELSE 'event' END}) AS found
    }
  }
  WITH view, found ORDER BY view
  RETURN collect(found) AS tagged
}
CALL () {
  UNWIND $graph.events AS uid
  MATCH (e:Event {uid: uid})
  WHERE e.user_id = $user_id AND e.embedding IS NOT NULL
  WITH e, vector.similarity.cosine(e.embedding, last($embeddings)) AS score
  ORDER BY score DESC, e.uid
  LIMIT $k
  RETURN collect({uid: e.uid, score: score}) AS graph_events
}
CALL () {
  UNWIND $graph.memories AS uid
  MATCH (m:Memory {uid: uid})
  WHERE m.user_id = $user_id AND m.embedding IS NOT NULL
  WITH m, vector.similarity.cosine(m.embedding, last($embeddings)) AS score
  ORDER BY score DESC, m.uid
  LIMIT $k
  RETURN collect({uid: m.uid, score: score}) AS graph_memories
}
CALL () {
  UNWIND $graph.impressions AS uid
  MATCH (i:Impression {uid: uid})
  WHERE i.user_id = $user_id
  WITH i, coalesce(vector.similarity.cosine(i.embedding, last($embeddings)), 0.0) AS score
  ORDER BY score DESC, i.uid
  LIMIT $k
  RETURN collect({uid: i.uid, score: score}) AS graph_impressions
}
CALL () {
  UNWIND $graph.related_events AS uid
  MATCH (e:Event {uid: uid})
  WHERE e.user_id = $user_id AND e.embedding IS NOT NULL
  WITH e, vector.similarity.cosine(e.embedding, last($embeddings)) AS score
  ORDER BY score DESC, e.uid
  LIMIT $k
  RETURN collect({uid: e.uid, score: score}) AS graph_related_events
}
CALL () {
  UNWIND $graph.related_impressions AS uid
  MATCH (i:Impression {uid: uid})
  WHERE i.user_id = $user_id
  WITH i, coalesce(vector.similarity.cosine(i.embedding, last($embeddings)), 0.0) AS score
  ORDER BY score DESC, i.uid
  LIMIT $k
  RETURN collect({uid: i.uid, score: score}) AS graph_related_impressions
}
RETURN events, memories, impressions, traits, passages, tagged, graph_events, graph_memories, graph_impressions,
       graph_related_events, graph_related_impressions
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
