// Typed memories: exact and near-duplicate lookup, creation, reinforcement, provenance.

// name: memories_by_dedup_key
UNWIND $keys AS key
MATCH (m:Memory {dedup_key: key})
WHERE m.user_id = $user_id
RETURN key AS dedup_key, m.uid AS uid
;

// name: nearest_memory_same_type
// Exact scan of this user's current (active or archived) memories of the same type. Neo4j's cosine function
// returns (1 + cos) / 2; the query converts back to the plain cosine the threshold is stated in. The slot
// comes back too: a different value of the same slot is never a duplicate (issue 12).
UNWIND $candidates AS c
CALL (c) {
  MATCH (m:Memory)
  WHERE m.user_id = $user_id AND m.memory_type = c.memory_type AND m.status IN ['active', 'archived']
    AND m.embedding IS NOT NULL
  WITH m, vector.similarity.cosine(m.embedding, c.embedding) AS s
  ORDER BY s DESC
  LIMIT 1
  RETURN m.uid AS uid, 2 * s - 1 AS cosine, m.slot_key AS slot_key, m.slot_value AS slot_value,
         m.content AS content, m.slot AS slot, m.slot_subject AS slot_subject
}
RETURN c.idx AS idx, uid, cosine, slot_key, slot_value, content, slot, slot_subject
;

// name: create_memories
// A created memory is active and holds from mem.valid_from (issue 12); its slot is settled afterwards in
// the same transaction. The HistoryEntry names the events it quotes (source_uids) for retraction. A memory
// whose dedup_key another writer took first is reinforced instead (and unread by reflection, as in
// reinforce_memories): each row says where the memory landed.
UNWIND $memories AS mem
MERGE (m:Memory {dedup_key: mem.dedup_key})
  ON CREATE SET m.uid = mem.uid, m.user_id = $user_id, m.tenant_key = $tenant_key,
                m.memory_type = mem.memory_type, m.content = mem.content,
                m.content_hash = mem.content_hash, m.embedding = mem.embedding,
                m.importance = mem.importance, m.confidence = mem.confidence,
                m.reinforcement_count = 0, m.created_at = $now, m.last_reinforced_at = $now,
                m.occurred_at = mem.occurred_at, m.status = 'active', m.valid_from = mem.valid_from,
                m.stated_at = mem.stated_at,
                m.origin = mem.origin, m.slot = mem.slot, m.slot_subject = mem.slot_subject,
                m.slot_key = mem.slot_key, m.slot_value = mem.slot_value, m.name = left(mem.content, 60),
                m.rule_id = mem.rule_id
  ON MATCH SET m.reinforcement_count = m.reinforcement_count + 1, m.last_reinforced_at = $now,
               m.reflected_at = null
WITH m, mem
WHERE m.user_id = $user_id
CREATE (h:HistoryEntry {uid: mem.history_uid, user_id: $user_id, target_uid: m.uid,
                        event: CASE WHEN m.created_at = $now THEN 'created' ELSE 'reinforced' END,
                        old_value: null, new_value: m.content, actor: $actor, created_at: $now,
                        source_uids: mem.source_uids})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(m)
WITH m, mem
CALL (m, mem) {
  UNWIND mem.source_uids AS source_uid
  MATCH (e:Event {uid: source_uid})
  WHERE e.user_id = $user_id
  MERGE (m)-[:EXTRACTED_FROM]->(e)
}
RETURN mem.uid AS planned_uid, m.uid AS uid
;

// name: reinforce_memories
// Said again: count, time, provenance, and unread by reflection (the next cycle reads the restatement as new
// evidence). An archived memory mentioned again is active again (its slot is settled afterwards in the same
// transaction).
UNWIND $reinforcements AS r
MATCH (m:Memory {uid: r.uid})
WHERE m.user_id = $user_id
WITH m, r, m.status = 'archived' AS was_archived
SET m.reinforcement_count = m.reinforcement_count + 1, m.last_reinforced_at = $now, m.reflected_at = null,
    m.confidence = CASE WHEN r.confidence > m.confidence THEN r.confidence ELSE m.confidence END,
    m.importance = CASE WHEN r.importance > m.importance THEN r.importance ELSE m.importance END,
    m.status = CASE WHEN was_archived THEN 'active' ELSE m.status END,
    m.status_changed_at = CASE WHEN was_archived THEN $now ELSE m.status_changed_at END
CREATE (h:HistoryEntry {uid: r.history_uid, user_id: $user_id, target_uid: m.uid, event: 'reinforced',
                        old_value: m.content, new_value: r.content, actor: $actor, created_at: $now,
                        reason: CASE WHEN was_archived THEN 'mentioned again: restored from the archive' END,
                        source_uids: r.source_uids})
SET h.name = h.event
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

// name: adopt_memory_slots
// A memory without a slot joins the slot a changed value of it was given (issue 21); its value stays unknown.
UNWIND $adoptions AS a
MATCH (m:Memory {uid: a.uid})
WHERE m.user_id = $user_id AND m.slot_key IS NULL
SET m.slot = a.slot, m.slot_subject = a.slot_subject, m.slot_key = a.slot_key, m.slot_value = null
RETURN m.slot_key AS slot_key
;

// name: memory_slot_keys
UNWIND $uids AS uid
MATCH (m:Memory {uid: uid})
WHERE m.user_id = $user_id
RETURN m.uid AS uid, m.slot_key AS slot_key
;

// name: memories_page
// Newest first; keyset pagination after ($after_at, $after_uid) when given. $statuses: which statuses;
// $as_of (issue 12, valid time): only memories that held then (valid_from <= as_of < valid_to).
MATCH (m:Memory)
WHERE m.user_id = $user_id AND ($memory_type IS NULL OR m.memory_type = $memory_type)
  AND m.status IN $statuses
  AND ($as_of IS NULL OR (coalesce(m.valid_from, m.occurred_at, m.created_at) <= $as_of
                          AND (m.valid_to IS NULL OR m.valid_to > $as_of)))
  AND ($after_at IS NULL OR m.created_at < $after_at OR (m.created_at = $after_at AND m.uid > $after_uid))
WITH m ORDER BY m.created_at DESC, m.uid LIMIT $limit
OPTIONAL MATCH (m)-[:EXTRACTED_FROM]->(e:Event)
WITH m, e ORDER BY e.occurred_at
WITH m, collect(e.source_id) AS source_ids
OPTIONAL MATCH (m)-[:SUPERSEDED_BY]->(s:Memory)
WHERE s.user_id = $user_id
RETURN m AS memory, source_ids, s.uid AS superseded_by
ORDER BY m.created_at DESC, m.uid
;

// name: memory_with_sources
MATCH (m:Memory {uid: $uid})
WHERE m.user_id = $user_id
OPTIONAL MATCH (m)-[:EXTRACTED_FROM]->(e:Event)
WITH m, e ORDER BY e.occurred_at
WITH m, collect(e.source_id) AS source_ids
OPTIONAL MATCH (m)-[:SUPERSEDED_BY]->(s:Memory)
WHERE s.user_id = $user_id
RETURN m AS memory, source_ids, s.uid AS superseded_by
;

// name: memory_history_entries
// Every HistoryEntry about one memory and about the versions it replaced (issue 21: its lineage, the memories
// with a chain of SUPERSEDED_BY edges, by correction or by slot, to it), oldest first; tombstones of a
// forgotten or retracted memory too.
OPTIONAL MATCH (m:Memory {uid: $uid})
WHERE m.user_id = $user_id
OPTIONAL MATCH path = (p:Memory)-[:SUPERSEDED_BY*1..100]->(m)
WHERE all(n IN nodes(path) WHERE n.user_id = $user_id)
WITH collect(DISTINCT p.uid) + [$uid] AS uids
UNWIND uids AS target
MATCH (h:HistoryEntry {target_uid: target})
WHERE h.user_id = $user_id
RETURN h AS entry
ORDER BY h.created_at, h.uid
;

// --- supersession by slot (graphsvc.pipeline.memories.supersession) ----------------------------------

// name: slot_members
// The memories of each slot that take part in its timeline: active and archived ones, and those superseded
// by slot.
UNWIND $slot_keys AS k
MATCH (m:Memory {slot_key: k})
WHERE m.user_id = $user_id
  AND (m.status IN ['active', 'archived'] OR (m.status = 'superseded' AND m.superseded_reason = 'slot'))
OPTIONAL MATCH (m)-[:SUPERSEDED_BY {reason: 'slot'}]->(s:Memory)
WHERE s.user_id = $user_id
RETURN k AS slot_key, m.uid AS uid, m.content AS content, m.slot AS slot,
       coalesce(m.valid_from, m.occurred_at, m.created_at) AS valid_from, m.created_at AS created_at,
       coalesce(m.stated_at, m.valid_from, m.created_at) AS stated_at,
       m.slot_value AS value, m.status AS status, s.uid AS superseded_by, m.valid_to AS valid_to
;

// name: apply_slot_changes
// Each row: the member's new status, valid_to and successor, and its HistoryEntry. A memory leaving
// 'active' retires its exact-duplicate key; one coming back takes it again when no other memory holds it.
UNWIND $changes AS c
MATCH (m:Memory {uid: c.uid})
WHERE m.user_id = $user_id
CALL (m) {
  OPTIONAL MATCH (m)-[old:SUPERSEDED_BY {reason: 'slot'}]->()
  DELETE old
}
CALL (m, c) {
  WITH m, c
  WHERE c.status = 'superseded' AND NOT m.dedup_key STARTS WITH 'retired:'
  SET m.retired_dedup_key = m.dedup_key, m.dedup_key = 'retired:' + m.uid
}
CALL (m, c) {
  WITH m, c
  WHERE c.status IN ['active', 'archived'] AND m.dedup_key STARTS WITH 'retired:' AND m.retired_dedup_key IS NOT NULL
  OPTIONAL MATCH (holder:Memory {dedup_key: m.retired_dedup_key})
  WITH m, holder
  WHERE holder IS NULL
  SET m.dedup_key = m.retired_dedup_key, m.retired_dedup_key = null
}
SET m.status = c.status, m.valid_to = c.valid_to, m.status_changed_at = $now,
    m.superseded_reason = CASE WHEN c.status = 'superseded' THEN 'slot' ELSE null END
WITH m, c
CALL (m, c) {
  // the entity impressions repeating a superseded memory are stale: recall leaves them out
  MATCH (i:Impression)
  WHERE i.user_id = $user_id AND i.content_hash = m.content_hash
  SET i.stale = CASE WHEN c.status = 'superseded' THEN true ELSE null END
}
CALL (m, c) {
  WITH m, c
  WHERE c.successor IS NOT NULL
  MATCH (n:Memory {uid: c.successor})
  WHERE n.user_id = $user_id
  CREATE (m)-[:SUPERSEDED_BY {reason: 'slot', at: $now}]->(n)
}
CREATE (h:HistoryEntry {uid: c.history_uid, user_id: $user_id, target_uid: m.uid, event: c.event,
                        old_value: c.old_value, new_value: c.new_value, reason: c.reason, actor: $actor,
                        created_at: $now, source_uids: c.quotes})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(m)
RETURN count(m) AS changed
;

// --- lifecycle by hand (graphsvc.pipeline.lifecycle) ----------------------------------------------------

// name: claim_memory
// Takes the memory's write lock for the rest of the transaction (a concurrent correction or forget of it
// waits until this one commits or rolls back) and leaves no property behind; the status is read afterwards,
// in the next statement (memory_state).
MATCH (m:Memory {uid: $uid})
WHERE m.user_id = $user_id
SET m.claim_lock = true
REMOVE m.claim_lock
RETURN m.uid AS uid
;

// name: memory_state
// The memory's status as committed by any transaction that held its lock before this one.
MATCH (m:Memory {uid: $uid})
WHERE m.user_id = $user_id
OPTIONAL MATCH (m)-[:SUPERSEDED_BY {reason: 'correction'}]->(n:Memory)
WHERE n.user_id = $user_id
RETURN m.status AS status, m.superseded_reason AS superseded_reason, n.uid AS corrected_by
;

// name: supersede_by_correction
// $old is replaced by $new (already written in this transaction): superseded with reason 'correction', a
// valid_to equal to its valid_from (it never held), its exact-duplicate key retired; $new takes its source
// messages and mentions. The old memory's other SUPERSEDED_BY edges go (settling the slot re-links them).
MATCH (old:Memory {uid: $old_uid})
WHERE old.user_id = $user_id
MATCH (new:Memory {uid: $new_uid})
WHERE new.user_id = $user_id AND new <> old
CALL (old) {
  OPTIONAL MATCH (old)-[r:SUPERSEDED_BY]->()
  DELETE r
}
CALL (old) {
  WITH old
  WHERE NOT old.dedup_key STARTS WITH 'retired:'
  SET old.retired_dedup_key = old.dedup_key, old.dedup_key = 'retired:' + old.uid
}
SET old.status = 'superseded', old.superseded_reason = 'correction', old.status_changed_at = $now,
    old.valid_to = coalesce(old.valid_from, old.occurred_at, old.created_at)
CREATE (old)-[:SUPERSEDED_BY {reason: 'correction', at: $now}]->(new)
WITH old, new
CALL (old) {
  MATCH (i:Impression)
  WHERE i.user_id = $user_id AND i.content_hash = old.content_hash
  SET i.stale = true
}
CALL (old, new) {
  OPTIONAL MATCH (old)-[:EXTRACTED_FROM]->(e:Event)
  WHERE e.user_id = $user_id
  FOREACH (_ IN CASE WHEN e IS NULL THEN [] ELSE [1] END | MERGE (new)-[:EXTRACTED_FROM]->(e))
}
CALL (old, new) {
  OPTIONAL MATCH (old)-[:MENTIONS]->(n:Entity)
  WHERE n.user_id = $user_id
  FOREACH (_ IN CASE WHEN n IS NULL THEN [] ELSE [1] END | MERGE (new)-[:MENTIONS]->(n))
}
CREATE (h:HistoryEntry {uid: $history_uid, user_id: $user_id, target_uid: old.uid, event: 'corrected',
                        old_value: old.content, new_value: new.content, actor: $actor, created_at: $now,
                        reason: 'corrected by hand', source_uids: [old.uid, new.uid]})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(old)
RETURN old.uid AS uid
;

// name: archive_active_memories
// Active memories become archived (kept, out of default recall); a HistoryEntry says who and why.
UNWIND $uids AS uid
MATCH (m:Memory {uid: uid})
WHERE m.user_id = $user_id AND m.status = 'active'
SET m.status = 'archived', m.status_changed_at = $now
CREATE (h:HistoryEntry {uid: randomUUID(), user_id: $user_id, target_uid: m.uid, event: 'archived',
                        old_value: 'active', new_value: 'archived', reason: $reason, actor: $actor,
                        created_at: $now})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(m)
RETURN m.uid AS uid, m.slot_key AS slot_key
;

// name: restore_memories
// Archived memories become active again (their slots are settled after, in the same transaction).
UNWIND $uids AS uid
MATCH (m:Memory {uid: uid})
WHERE m.user_id = $user_id AND m.status = 'archived'
SET m.status = 'active', m.status_changed_at = $now
CREATE (h:HistoryEntry {uid: randomUUID(), user_id: $user_id, target_uid: m.uid, event: 'restored',
                        old_value: 'archived', new_value: 'active', reason: $reason, actor: $actor,
                        created_at: $now})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(m)
RETURN m.uid AS uid, m.slot_key AS slot_key
;
