// Reflection cycles (seed 002): per-user state and lock, what a cycle reads, the one transaction it
// writes (graphsvc/graph/reflection.py), and the recorded cycles (graphsvc/graph/reflection_cycles.py).
// Every statement filters on user_id. Neo4j's cosine similarity is (1 + cos) / 2; queries that
// return "cosine" convert it back to the plain cosine.

// name: reflection_trigger_state
// The trigger inputs: last reflection, the running flag, and the new memories (of the types a cycle reads) not yet
// read.
OPTIONAL MATCH (s:ReflectionState {uid: $state_uid})
WHERE s.user_id = $user_id
WITH s
OPTIONAL MATCH (m:Memory)
WHERE m.user_id = $user_id AND m.memory_type IN $memory_types AND m.status = 'active' AND m.reflected_at IS NULL
RETURN s.last_reflected_at AS last_reflected_at, s.running_cycle AS running_cycle,
       s.lock_expires_at AS lock_expires_at, coalesce(sum(m.importance), 0.0) AS pending_importance,
       count(m) AS pending_memories
;

// name: reflection_lock_acquire
// MERGE on the unique uid serialises concurrent callers; SET takes the node's write lock before the
// running flag is re-checked, so of several concurrent calls exactly one gets a row back.
MERGE (s:ReflectionState {uid: $state_uid})
  ON CREATE SET s.user_id = $user_id, s.cycles = 0, s.name = 'reflection state'
WITH s
WHERE s.user_id = $user_id
SET s.last_lock_attempt = $now
WITH s
WHERE s.running_cycle IS NULL OR s.lock_expires_at IS NULL OR s.lock_expires_at < $now
SET s.running_cycle = $cycle_id, s.lock_expires_at = $expires_at
RETURN s.last_reflected_at AS last_reflected_at
;

// name: reflection_lock_release
MATCH (s:ReflectionState {uid: $state_uid})
WHERE s.user_id = $user_id AND s.running_cycle = $cycle_id
SET s.running_cycle = null, s.lock_expires_at = null
RETURN s.uid AS uid
;

// name: reflection_finish
// First statement of a cycle's write transaction: only the holder of the running flag may commit.
MATCH (s:ReflectionState {uid: $state_uid})
WHERE s.user_id = $user_id AND s.running_cycle = $cycle_id
SET s.running_cycle = null, s.lock_expires_at = null, s.last_reflected_at = $now,
    s.cycles = coalesce(s.cycles, 0) + 1
RETURN s.uid AS uid
;

// name: reflection_record_cycle
CREATE (c:ReflectionCycle {uid: $cycle_id, user_id: $user_id})
SET c += $props
SET c.name = 'reflection ' + coalesce(c.status, '')
RETURN c AS cycle
;

// name: reflection_pending_memories
// Step 1: the new memories, oldest first, with the conversations they come from and the named speakers (not an
// assistant's) of the messages they were extracted from.
MATCH (m:Memory)
WHERE m.user_id = $user_id AND m.memory_type IN $memory_types AND m.status = 'active' AND m.reflected_at IS NULL
WITH m
ORDER BY m.created_at, m.uid
LIMIT $limit
RETURN m.uid AS uid, m.content AS content, m.memory_type AS memory_type, m.importance AS importance,
       coalesce(m.occurred_at, m.created_at) AS observed_at, m.embedding AS embedding,
       [(m)-[:EXTRACTED_FROM]->(e:Event) WHERE e.user_id = $user_id | e.session_id] AS sessions,
       [(m)-[:EXTRACTED_FROM]->(e:Event)
        WHERE e.user_id = $user_id AND e.speaker IS NOT NULL AND trim(e.speaker) <> ''
          AND NOT toLower(coalesce(e.role, 'user')) IN $non_source_roles | e.speaker] AS speakers
;

// name: reflection_context_memories
// Earlier memories shown beside the new ones: active ones already reflected, and ones superseded by slot (a newer
// value of the same slot replaced them, read or not). Two ways in: the $k nearest to a new memory's embedding
// (exact scan, plain cosine >= $min_cosine), and up to $related_k, most recent first, that the graph relates to a
// new memory ($uids): the same slot, or a mention of the same entity other than a speaker of the new memory (the
// person who said it is in every memory of theirs and relates none). Each comes with the chain of SUPERSEDED_BY
// edges to the memory that holds now: the texts along it, their reasons and the last one's status (the pipeline
// decides which superseded memory is still evidence). Nearest first, then the related ones.
CALL () {
  UNWIND $embeddings AS q
  CALL (q) {
    MATCH (m:Memory)
    WHERE m.user_id = $user_id AND m.memory_type IN $memory_types AND m.embedding IS NOT NULL
      AND ((m.status = 'active' AND m.reflected_at IS NOT NULL)
           OR (m.status = 'superseded' AND m.superseded_reason = 'slot'))
    WITH m, vector.similarity.cosine(m.embedding, q) AS s
    ORDER BY s DESC
    LIMIT $k
    RETURN m, 2 * s - 1 AS cosine
  }
  WITH m, max(cosine) AS cosine
  WHERE cosine >= $min_cosine
  WITH m, cosine
  ORDER BY cosine DESC, m.uid
  LIMIT $k
  RETURN m, cosine
UNION
  UNWIND $uids AS uid
  MATCH (n:Memory {uid: uid})
  WHERE n.user_id = $user_id
  WITH n, [(n)-[:EXTRACTED_FROM]->(e:Event) WHERE e.user_id = $user_id AND e.speaker IS NOT NULL
           | toLower(trim(e.speaker))] AS said_by
  CALL (n, said_by) {
    MATCH (n)-[:MENTIONS]->(x:Entity)<-[:MENTIONS]-(m:Memory)
    WHERE x.user_id = $user_id AND m.user_id = $user_id AND NOT toLower(trim(x.subject)) IN said_by
    RETURN m
  UNION
    MATCH (m:Memory {slot_key: n.slot_key})
    WHERE m.user_id = $user_id
    RETURN m
  }
  WITH DISTINCT m
  WHERE m.user_id = $user_id AND m.memory_type IN $memory_types
    AND ((m.status = 'active' AND m.reflected_at IS NOT NULL)
         OR (m.status = 'superseded' AND m.superseded_reason = 'slot'))
  WITH m
  ORDER BY coalesce(m.occurred_at, m.created_at) DESC, m.uid
  LIMIT $related_k
  RETURN m, null AS cosine
}
WITH m, max(cosine) AS cosine
ORDER BY cosine IS NULL, cosine DESC, coalesce(m.occurred_at, m.created_at) DESC, m.uid
WITH m, [p = (m)-[:SUPERSEDED_BY*1..16]->(n:Memory)
         WHERE n.user_id = $user_id AND NOT EXISTS { (n)-[:SUPERSEDED_BY]->() }
         | {contents: [x IN tail(nodes(p)) | x.content], reasons: [r IN relationships(p) | r.reason],
            status: n.status}][0] AS chain
RETURN m.uid AS uid, m.content AS content, m.memory_type AS memory_type, m.importance AS importance,
       coalesce(m.occurred_at, m.created_at) AS observed_at, m.embedding AS embedding,
       [(m)-[:EXTRACTED_FROM]->(e:Event) WHERE e.user_id = $user_id | e.session_id] AS sessions,
       [(m)-[:EXTRACTED_FROM]->(e:Event)
        WHERE e.user_id = $user_id AND e.speaker IS NOT NULL AND trim(e.speaker) <> ''
          AND NOT toLower(coalesce(e.role, 'user')) IN $non_source_roles | e.speaker] AS speakers,
       m.status AS status, coalesce(chain.contents, []) AS successors, coalesce(chain.reasons, []) AS reasons,
       chain.status AS current_status
;

// name: reflection_memory_texts
UNWIND $uids AS uid
MATCH (m:Memory {uid: uid})
WHERE m.user_id = $user_id
RETURN m.uid AS uid, m.content AS content, coalesce(m.occurred_at, m.created_at) AS observed_at
;

// name: reflection_upsert_traits
// New traits are created; changed ones get the changed properties (a null value removes one).
UNWIND $traits AS row
MERGE (t:Trait {uid: row.uid})
  ON CREATE SET t.user_id = $user_id, t.tenant_key = $tenant_key, t.created_at = row.created_at,
                t.cycle_id = row.cycle_id, t.derived_from = row.derived_from
WITH t, row
WHERE t.user_id = $user_id
SET t += row.props, t.updated_at = $now
SET t.name = left(t.content, 60)
RETURN count(t) AS traits
;

// name: reflection_create_evidence
UNWIND $evidence AS row
MATCH (t:Trait {uid: row.trait_uid})
WHERE t.user_id = $user_id
MATCH (m:Memory {uid: row.memory_uid})
WHERE m.user_id = $user_id
MATCH (c:ReflectionCycle {uid: $cycle_id})
WHERE c.user_id = $user_id
CREATE (ev:Evidence {uid: row.uid, user_id: $user_id, grade: row.grade, kind: row.kind, cycle_id: row.cycle_id,
                     created_at: row.created_at, inherited_from: row.inherited_from,
                     resolved_at: row.resolved_at, strong: row.strong, name: row.kind + ' ' + row.grade})
CREATE (ev)-[:CITES]->(m)
CREATE (c)-[:PRODUCED]->(ev)
FOREACH (_ IN CASE WHEN row.kind = 'supporting' THEN [1] ELSE [] END | CREATE (ev)-[:SUPPORTS]->(t))
FOREACH (_ IN CASE WHEN row.kind = 'contradicting' THEN [1] ELSE [] END | CREATE (ev)-[:CONTRADICTS]->(t))
RETURN count(ev) AS evidence
;

// name: reflection_resolve_evidence
UNWIND $uids AS uid
MATCH (ev:Evidence {uid: uid})
WHERE ev.user_id = $user_id
SET ev.resolved_at = $now
RETURN count(ev) AS resolved
;

// name: reflection_link_parents
// The graph traversal guard of seed 002 §4: no edge whose parent is the child or one of its descendants.
UNWIND $edges AS edge
MATCH (p:Trait {uid: edge.parent})
WHERE p.user_id = $user_id
MATCH (c:Trait {uid: edge.child})
WHERE c.user_id = $user_id AND NOT EXISTS { (c)-[:PARENT_OF*0..]->(p) }
MERGE (p)-[:PARENT_OF]->(c)
RETURN count(*) AS linked
;

// name: reflection_history
UNWIND $entries AS row
MATCH (t:Trait {uid: row.trait_uid})
WHERE t.user_id = $user_id
CREATE (h:HistoryEntry {uid: row.uid, user_id: $user_id, target_uid: t.uid, event: row.event,
                        old_value: row.old_value, new_value: row.new_value, reason: row.reason,
                        actor: $actor, created_at: $now, cycle_id: $cycle_id, seq: row.seq, stage: row.stage,
                        confidence: row.confidence, reinforcement_count: row.reinforcement_count,
                        contradiction_count: row.contradiction_count})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(t)
RETURN count(h) AS entries
;

// name: reflection_mark_memories
UNWIND $uids AS uid
MATCH (m:Memory {uid: uid})
WHERE m.user_id = $user_id
SET m.reflected_at = $now, m.reflected_cycle = $cycle_id
RETURN count(m) AS marked
;

// name: reflection_cycles
MATCH (c:ReflectionCycle)
WHERE c.user_id = $user_id
RETURN c AS cycle
ORDER BY c.started_at DESC, c.uid
LIMIT $limit
;

// name: last_cycle_before
// The start of the user's last completed reflection cycle at or before $as_of (every cycle decays every trait).
MATCH (c:ReflectionCycle)
WHERE c.user_id = $user_id AND c.status = 'COMPLETED' AND c.started_at <= $as_of
RETURN max(c.started_at) AS at
;
