// The candidate layer (seed 003): statements of other sources wait as MemoryCandidate nodes until they are
// promoted to a Memory (reinforced, important, confirmed), rejected, or expire.

// name: upsert_candidates
// A statement seen in an event: created open, or reinforced (its days and sources grow). An expired candidate
// seen again opens again with a new expiry; promoted and rejected ones only gain the provenance edge.
UNWIND $candidates AS c
MERGE (k:MemoryCandidate {uid: c.uid})
  ON CREATE SET k.user_id = $user_id, k.tenant_key = $tenant_key, k.memory_type = c.memory_type,
                k.content = c.content, k.content_hash = c.content_hash, k.importance = c.importance,
                k.confidence = c.confidence, k.status = 'open', k.occurred_at = c.occurred_at,
                k.created_at = $now, k.expires_at = c.expires_at, k.days = [], k.sources = [], k.origin = $origin,
                k.name = left(c.content, 60), k.rule_id = c.rule_id
WITH k, c
WHERE k.user_id = $user_id
SET k.last_seen_at = $now,
    k.days = CASE WHEN c.day IN k.days THEN k.days ELSE k.days + c.day END,
    k.sources = CASE WHEN c.source IN k.sources THEN k.sources ELSE k.sources + c.source END,
    k.importance = CASE WHEN c.importance > k.importance THEN c.importance ELSE k.importance END,
    k.confidence = CASE WHEN c.confidence > k.confidence THEN c.confidence ELSE k.confidence END,
    k.expires_at = CASE WHEN k.status = 'expired' THEN c.expires_at ELSE k.expires_at END,
    k.status = CASE WHEN k.status = 'expired' THEN 'open' ELSE k.status END
WITH k, c
UNWIND c.event_uids AS event_uid
MATCH (e:Event {uid: event_uid})
WHERE e.user_id = $user_id
MERGE (k)-[:FROM_EVENT]->(e)
RETURN DISTINCT k.uid AS uid, k.status AS status
;

// name: open_candidates
// Open candidates of one user ($uids: only these; null: all), with what the promotion rules read.
MATCH (k:MemoryCandidate)
WHERE k.user_id = $user_id AND k.status = 'open' AND ($uids IS NULL OR k.uid IN $uids)
OPTIONAL MATCH (k)-[:FROM_EVENT]->(e:Event)
WHERE e.user_id = $user_id
WITH k, collect(e.uid) AS event_uids
RETURN k.uid AS uid, k.memory_type AS memory_type, k.content AS content, k.content_hash AS content_hash,
       k.importance AS importance, k.confidence AS confidence, k.occurred_at AS occurred_at,
       size(k.days) AS days, size(k.sources) AS sources, k.expires_at AS expires_at, event_uids,
       k.rule_id AS rule_id
ORDER BY k.created_at, k.uid
;

// name: claim_candidate
// First statement of a promotion's transaction: the candidate must still be open (a concurrent promotion,
// rejection or expiry wins otherwise and this one writes nothing).
MATCH (k:MemoryCandidate {uid: $uid})
WHERE k.user_id = $user_id AND k.status = 'open'
SET k.status = 'promoted', k.decided_at = $now, k.promotion_reason = $reason, k.memory_uid = $memory_uid
RETURN k.uid AS uid
;

// name: link_candidate_memory
MATCH (k:MemoryCandidate {uid: $uid}), (m:Memory {uid: $memory_uid})
WHERE k.user_id = $user_id AND m.user_id = $user_id
MERGE (k)-[:PROMOTED_TO]->(m)
RETURN m.uid AS uid
;

// name: memory_uid_by_dedup_key
MATCH (m:Memory {dedup_key: $dedup_key})
WHERE m.user_id = $user_id
RETURN m.uid AS uid
;

// name: reject_candidate
MATCH (k:MemoryCandidate {uid: $uid})
WHERE k.user_id = $user_id
WITH k, k.status AS before
SET k.status = CASE WHEN before = 'open' THEN 'rejected' ELSE before END,
    k.decided_at = CASE WHEN before = 'open' THEN $now ELSE k.decided_at END
RETURN k AS candidate, before
;

// name: expire_candidates
// Open candidates whose expiry has come (at or before $now) expire.
MATCH (k:MemoryCandidate)
WHERE k.user_id = $user_id AND k.status = 'open' AND k.expires_at <= $now
SET k.status = 'expired', k.decided_at = $now
RETURN count(k) AS expired
;

// name: get_candidate
MATCH (k:MemoryCandidate {uid: $uid})
WHERE k.user_id = $user_id
OPTIONAL MATCH (k)-[:FROM_EVENT]->(e:Event)
WHERE e.user_id = $user_id
WITH k, e ORDER BY e.occurred_at
RETURN k AS candidate, collect(e.uid) AS event_uids, collect(DISTINCT e.source_type) AS source_types
;

// name: list_candidates
MATCH (k:MemoryCandidate)
WHERE k.user_id = $user_id AND ($status IS NULL OR k.status = $status)
WITH k ORDER BY k.created_at DESC, k.uid
LIMIT $limit
OPTIONAL MATCH (k)-[:FROM_EVENT]->(e:Event)
WHERE e.user_id = $user_id
WITH k, e ORDER BY e.occurred_at
RETURN k AS candidate, collect(e.uid) AS event_uids, collect(DISTINCT e.source_type) AS source_types
ORDER BY k.created_at DESC, k.uid
;

// name: paraphrase_pool
// What a new sighting is compared with before it opens a candidate: which of $uids exist already (any status), and
// the user's open candidates of $memory_types, newest first, at most $limit.
CALL () {
  MATCH (k:MemoryCandidate)
  WHERE k.user_id = $user_id AND k.uid IN $uids
  RETURN k
UNION
  MATCH (k:MemoryCandidate)
  WHERE k.user_id = $user_id AND k.status = 'open' AND k.memory_type IN $memory_types
  WITH k
  ORDER BY k.created_at DESC, k.uid
  LIMIT $limit
  RETURN k
}
RETURN k.uid AS uid, k.memory_type AS memory_type, k.content AS content, k.status AS status
ORDER BY k.created_at, k.uid
;

// name: promoted_to_active
// Which of the candidates $uids were promoted to a memory that is still active (a sighting of one reinforces that
// memory instead of waiting again); a forgotten, superseded or archived memory's candidate is not among them.
UNWIND $uids AS uid
MATCH (k:MemoryCandidate {uid: uid})-[:PROMOTED_TO]->(m:Memory)
WHERE k.user_id = $user_id AND k.status = 'promoted' AND m.user_id = $user_id AND m.status = 'active'
RETURN DISTINCT k.uid AS uid
;
