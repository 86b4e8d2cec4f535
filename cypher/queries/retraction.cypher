// What a retraction writes (graphsvc.graph.retraction): deleting messages, a session or a memory removes
// what rested only on them and re-evaluates what rested partly on them. The statements run in ONE write
// transaction per request, after the reads of retraction_reads.cypher. Every statement filters on user_id;
// $event_uids and $memory_uids are the doomed events and memories. Statements start from the doomed nodes
// (uid index hints; their user_id is checked) and reach their neighbours with pattern comprehensions that
// name no user_id: graphsvc never links nodes of two users, and a user_id predicate there lets the planner
// scan the user's aliases, entities or evidence once per uid instead.

// name: retract_observation_evidence
// Impression and feature evidence from doomed events goes; returns what it supported.
UNWIND $event_uids AS event_uid
MATCH (x:Event {uid: event_uid})
USING INDEX x:Event(uid)
WHERE x.user_id = $user_id
UNWIND [(d:Evidence)-[:FROM_EVENT]->(x) | d] AS d
WITH collect(DISTINCT d) AS doomed
WITH doomed,
     [d IN doomed | [(d)-[:SUPPORTS]->(i:Impression) | i.uid]] AS impressions,
     [d IN doomed | [(d)-[:SUPPORTS]->(f:Feature) | f.uid]] AS features
WITH doomed, reduce(out = [], l IN impressions | out + [u IN l WHERE NOT u IN out]) AS impressions,
     reduce(out = [], l IN features | out + [u IN l WHERE NOT u IN out]) AS features
CALL (doomed) {
  UNWIND doomed AS d
  DETACH DELETE d
}
RETURN size(doomed) AS evidence, impressions, features
;

// name: retract_orphan_impressions
// Impressions that had evidence and now have none are deleted with their history.
UNWIND $uids AS uid
MATCH (i:Impression {uid: uid})
WHERE i.user_id = $user_id AND NOT EXISTS { (i)<-[:SUPPORTS]-(:Evidence) }
OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(i)
WITH i, collect(h) AS history
FOREACH (h IN history | DETACH DELETE h)
WITH i, i.uid AS gone
DETACH DELETE i
RETURN collect(gone) AS uids
;

// name: retract_features
// A feature whose evidence shrank takes the value of its newest evidence left (a HistoryEntry when it
// changes); one left with none is deleted with its history. Features never observed (no evidence ever)
// are not passed here.
UNWIND $uids AS uid
MATCH (f:Feature {uid: uid})
USING INDEX f:Feature(uid)
WHERE f.user_id = $user_id
UNWIND [(n:Entity)-[:HAS_FEATURE]->(f) | n] AS n
WITH n, f, [(d:Evidence)-[:SUPPORTS]->(f) | d] AS evidence
WITH n, f, reduce(best = null, d IN evidence |
       CASE WHEN best IS NULL OR d.observed_at > best.observed_at THEN d ELSE best END) AS newest
CALL (f, newest) {
  WITH f, newest
  WHERE newest IS NULL
  OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(f)
  WITH f, collect(h) AS history
  FOREACH (h IN history | DETACH DELETE h)
  WITH f, f.uid AS gone
  DETACH DELETE f
  RETURN collect(gone) AS deleted
}
CALL (n, f, newest) {
  WITH n, f, newest
  WHERE newest IS NOT NULL AND newest.value IS NOT NULL AND newest.value <> f.value
  CREATE (h:HistoryEntry {uid: randomUUID(), user_id: $user_id, target_uid: f.uid, event: 'feature_changed',
                          old_value: null, new_value: newest.value, actor: $actor, created_at: $now,
                          reason: 'its newest evidence was deleted: the newest value left'})
  SET h.name = h.event
  CREATE (h)-[:RECORDS]->(f)
  SET f.value = newest.value, f.observed_at = newest.observed_at, f.updated_at = $now, n.updated_at = $now,
      f.name = f.key + ': ' + left(newest.value, 48)
  RETURN count(h) AS changed
}
RETURN collect(deleted) AS deleted, sum(changed) AS changed
;

// name: retract_relations
// Relations lose the doomed events from their provenance; one that had some and is left with none goes.
MATCH (a:Entity)-[r:RELATES]->(:Entity)
WHERE a.user_id = $user_id AND r.event_uids IS NOT NULL AND any(x IN r.event_uids WHERE x IN $event_uids)
WITH r, [x IN r.event_uids WHERE NOT x IN $event_uids] AS left
CALL (r, left) {
  WITH r, left
  WHERE size(left) = 0
  DELETE r
}
CALL (r, left) {
  WITH r, left
  WHERE size(left) > 0
  SET r.event_uids = left
}
RETURN count(CASE WHEN size(left) = 0 THEN 1 END) AS deleted
;

// name: retract_pending_observations
// A pending observation holds its evidence as text: one observed in a doomed event goes whole.
UNWIND $event_uids AS event_uid
MATCH (x:Event {uid: event_uid})
USING INDEX x:Event(uid)
WHERE x.user_id = $user_id
UNWIND [(p:PendingObservation)-[:OBSERVED_IN]->(x) | p] AS p
WITH DISTINCT p
OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(p)
WITH p, collect(h) AS history
FOREACH (h IN history | DETACH DELETE h)
WITH p, p.uid AS gone
DETACH DELETE p
RETURN collect(gone) AS uids
;

// name: retract_trait_evidence
// Trait evidence citing a doomed memory goes.
UNWIND $memory_uids AS memory_uid
MATCH (m:Memory {uid: memory_uid})
USING INDEX m:Memory(uid)
WHERE m.user_id = $user_id
UNWIND [(ev:Evidence)-[:CITES]->(m) | ev] AS ev
WITH DISTINCT ev
DETACH DELETE ev
RETURN count(*) AS evidence
;

// name: retract_dangling_trait_evidence
// Evidence of the given traits whose cited memory no longer exists (older retractions, or none ever).
UNWIND $trait_uids AS trait_uid
MATCH (t:Trait {uid: trait_uid})
USING INDEX t:Trait(uid)
WHERE t.user_id = $user_id
UNWIND [(ev:Evidence)-[:SUPPORTS|CONTRADICTS]->(t) WHERE NOT EXISTS { (ev)-[:CITES]->(:Memory) } | ev] AS ev
WITH DISTINCT ev
DETACH DELETE ev
RETURN count(*) AS evidence
;

// name: retract_update_traits
// Re-scored traits (seed 002 §5 over the evidence left): new state and a HistoryEntry with it; no content.
UNWIND $rows AS row
MATCH (t:Trait {uid: row.uid})
WHERE t.user_id = $user_id
WITH t, row, 'stage ' + t.stage + ', confidence ' + coalesce(toString(t.confidence), 'none') AS old
SET t.confidence = row.confidence, t.stage = row.stage, t.reinforcement_count = row.reinforcement_count,
    t.contradiction_count = row.contradiction_count, t.updated_at = $now,
    t.expired_at = CASE WHEN row.stage = 'dissolved' AND t.expired_at IS NULL THEN $now ELSE t.expired_at END
CREATE (h:HistoryEntry {uid: randomUUID(), user_id: $user_id, target_uid: t.uid,
                        event: CASE WHEN row.stage = 'dissolved' THEN 'dissolved' ELSE 'rescored' END,
                        old_value: old, new_value: row.describe, reason: row.reason, actor: $actor,
                        created_at: $now, stage: row.stage, confidence: row.confidence,
                        reinforcement_count: row.reinforcement_count, contradiction_count: row.contradiction_count})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(t)
RETURN count(t) AS traits
;

// name: retract_delete_traits
// Traits whose every piece of evidence is gone are deleted with their evidence, history and lineage edges.
UNWIND $uids AS uid
MATCH (t:Trait {uid: uid})
WHERE t.user_id = $user_id
OPTIONAL MATCH (x)-[:RECORDS|SUPPORTS|CONTRADICTS]->(t)
WITH t, collect(x) AS attached
FOREACH (x IN attached | DETACH DELETE x)
DETACH DELETE t
RETURN count(*) AS traits
;

// name: retract_delete_memories
// Memories whose every source message is deleted go, with their history.
UNWIND $memory_uids AS memory_uid
MATCH (m:Memory {uid: memory_uid})
USING INDEX m:Memory(uid)
WHERE m.user_id = $user_id
OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(m)
WITH m, collect(h) AS history
FOREACH (h IN history | DETACH DELETE h)
DETACH DELETE m
RETURN count(*) AS memories
;

// name: retract_forget_memory
// forgetMemory: the node stays as a tombstone (status forgotten): its text, vector, slot, keys, tags and
// provenance go (so it leaves the full-text and vector indexes), and its earlier history with them.
// No row when it is forgotten already (a concurrent forget committed first): one tombstone per memory.
MATCH (m:Memory {uid: $memory_uid})
WHERE m.user_id = $user_id AND m.status <> 'forgotten'
OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(m)
WITH m, collect(h) AS history
FOREACH (h IN history | DETACH DELETE h)
WITH m
CALL (m) {
  OPTIONAL MATCH (m)-[r:EXTRACTED_FROM|MENTIONS|SUPERSEDED_BY|TAGGED]-()
  DELETE r
}
CALL (m) {
  // an impression repeating the forgotten memory would say it again in recall: stale
  MATCH (i:Impression)
  WHERE i.user_id = $user_id AND i.content_hash = m.content_hash
  SET i.stale = true
}
SET m.status = 'forgotten', m.status_changed_at = $now, m.content = '', m.dedup_key = 'forgotten:' + m.uid,
    m.name = 'forgotten'
REMOVE m.content_hash, m.embedding, m.tenant_key, m.slot, m.slot_subject, m.slot_key, m.slot_value,
       m.retired_dedup_key, m.superseded_reason
RETURN m.uid AS uid
;

// name: retract_partly_sourced
// Memories that lost some of their source messages: one reinforcement less per message lost, and a
// HistoryEntry without content.
UNWIND $rows AS row
MATCH (m:Memory {uid: row.uid})
WHERE m.user_id = $user_id
SET m.reinforcement_count = CASE WHEN coalesce(m.reinforcement_count, 0) > row.lost
                                 THEN m.reinforcement_count - row.lost ELSE 0 END
CREATE (h:HistoryEntry {uid: randomUUID(), user_id: $user_id, target_uid: m.uid, event: 'sources_retracted',
                        actor: $actor, created_at: $now,
                        reason: toString(row.lost) + ' of ' + toString(row.sources) + ' source messages deleted'})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(m)
RETURN count(m) AS memories
;

// name: retract_scrub_history
// History entries that quote a doomed event or memory keep who, when and what, but lose the values.
MATCH (h:HistoryEntry)
WHERE h.user_id = $user_id AND h.source_uids IS NOT NULL AND any(x IN h.source_uids WHERE x IN $uids)
SET h.old_value = null, h.new_value = null, h.scrubbed_at = $now,
    h.source_uids = [x IN h.source_uids WHERE NOT x IN $uids]
RETURN count(h) AS scrubbed
;

// name: retract_reembed_events
UNWIND $rows AS row
MATCH (e:Event {uid: row.uid})
WHERE e.user_id = $user_id
SET e.embedding = row.embedding
RETURN count(e) AS events
;

// name: retract_delete_events
UNWIND $event_uids AS event_uid
MATCH (e:Event {uid: event_uid})
WHERE e.user_id = $user_id
DETACH DELETE e
RETURN count(*) AS events
;

// name: retract_orphan_aliases
// Names whose every source event is gone are deleted, except an entity's subject (it names the entity
// while the entity lives).
UNWIND $uids AS uid
MATCH (a:Alias {uid: uid})
USING INDEX a:Alias(uid)
WHERE a.user_id = $user_id AND NOT EXISTS { (a)-[:FROM_EVENT]->(:Event) }
UNWIND [(n:Entity)-[:HAS_ALIAS]->(a) WHERE a.name <> n.subject | n] AS n
DETACH DELETE a
RETURN count(*) AS aliases
;

// name: retract_empty_entities
// Entities that were observed in doomed events and are left with nothing (no observation, impression,
// feature, relation, mention or pending reference) are deleted with their names and history.
UNWIND $uids AS uid
MATCH (n:Entity {uid: uid})
WHERE n.user_id = $user_id
  AND NOT EXISTS { (n)-[:OBSERVED_IN|HAS_IMPRESSION|HAS_FEATURE]->() }
  AND NOT EXISTS { (n)-[:RELATES]-() }
  AND NOT EXISTS { (n)<-[:MENTIONS|CANDIDATE|RESOLVED_AS]-() }
OPTIONAL MATCH (n)-[:HAS_ALIAS]->(a:Alias)
OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(n)
WITH n, collect(DISTINCT a) + collect(DISTINCT h) AS attached
FOREACH (x IN attached | DETACH DELETE x)
WITH n, n.uid AS gone
DETACH DELETE n
RETURN collect(gone) AS uids
;

// name: retract_delete_sessions
// The given sessions, and the affected ones left without events, go (their jobs stay, naming the id).
UNWIND $session_uids AS session_uid
MATCH (s:Session {uid: session_uid})
WHERE s.user_id = $user_id AND (s.uid IN $forced OR NOT EXISTS { (s)-[:HAS_EVENT]->() })
WITH s, s.uid AS gone
DETACH DELETE s
RETURN collect(gone) AS uids
;

// name: retract_tombstones
// One HistoryEntry per deleted node: its uid, kind, who, when and why; no content.
UNWIND $rows AS row
CREATE (h:HistoryEntry {uid: randomUUID(), user_id: $user_id, target_uid: row.uid, kind: row.kind,
                        event: row.event, actor: $actor, created_at: $now, reason: $reason})
SET h.name = h.event
RETURN count(h) AS tombstones
;

// name: retract_candidates
// Candidates stated by gone events ($event_uids: deleted or forgotten): one left with no other event goes; one
// that keeps some has its days and sources counted again from those (the promotion rules read them).
UNWIND $event_uids AS event_uid
MATCH (x:Event {uid: event_uid})
USING INDEX x:Event(uid)
WHERE x.user_id = $user_id
UNWIND [(k:MemoryCandidate)-[:FROM_EVENT]->(x) | k] AS k
WITH DISTINCT k
WITH k, [(k)-[:FROM_EVENT]->(e:Event) WHERE NOT e.uid IN $event_uids | e] AS kept
WITH k, kept,
     [e IN kept | toString(date(datetime({datetime: e.occurred_at, timezone: 'UTC'})))] AS days,
     [e IN kept | CASE WHEN e.source_type = 'conversation' THEN 'conversation:' + e.session_id
                       ELSE e.source_type + ':' + e.source_id END] AS sources
CALL (k, kept, days, sources) {
  WITH k, kept, days, sources
  WHERE size(kept) > 0
  SET k.days = reduce(out = [], d IN days | CASE WHEN d IN out THEN out ELSE out + d END),
      k.sources = reduce(out = [], s IN sources | CASE WHEN s IN out THEN out ELSE out + s END)
}
CALL (k, kept) {
  WITH k, kept
  WHERE size(kept) = 0
  DETACH DELETE k
}
RETURN count(CASE WHEN size(kept) = 0 THEN 1 END) AS deleted
;

// name: retract_promoted_candidates
// The candidates promoted to forgotten memories hold their text: they go (claimed with the memory's uid, or
// linked to it).
CALL () {
  UNWIND $memory_uids AS memory_uid
  MATCH (m:Memory {uid: memory_uid})
  USING INDEX m:Memory(uid)
  WHERE m.user_id = $user_id
  UNWIND [(k:MemoryCandidate)-[:PROMOTED_TO]->(m) | k] AS k
  RETURN k
  UNION
  MATCH (k:MemoryCandidate)
  WHERE k.user_id = $user_id AND k.memory_uid IN $memory_uids
  RETURN k
}
WITH DISTINCT k
DETACH DELETE k
RETURN count(*) AS deleted
;

// name: retract_redact_events
// forgetMemory without keepSources: the events that stated the forgotten memory stay as tombstones (their uid, so
// a client sending the conversation again stores nothing), without text, title, metadata, hash or vector (they
// leave the full-text and vector indexes); their tags and what observed them (names, entities, candidates) let go
// of them, and a source record whose latest version it is loses its title.
UNWIND $event_uids AS event_uid
MATCH (e:Event {uid: event_uid})
USING INDEX e:Event(uid)
WHERE e.user_id = $user_id
CALL (e) {
  OPTIONAL MATCH (e)<-[r:OBSERVED_IN|FROM_EVENT]-(:Entity|Alias|MemoryCandidate)
  DELETE r
}
CALL (e) {
  OPTIONAL MATCH (e)-[t:TAGGED]->(:Tag)
  DELETE t
}
CALL (e) {
  OPTIONAL MATCH (s:Source)-[:HAS_VERSION]->(e)
  WHERE s.latest_uid = e.uid
  SET s.title = null, s.name = s.source_type + ' ' + left(s.source_id, 40)
}
SET e.content = '', e.title = null, e.metadata = null, e.forgotten_at = $now,
    e.name = coalesce(e.speaker, e.role, e.source_type) + ': (forgotten)'
REMOVE e.embedding, e.content_hash
RETURN count(e) AS events
;

// name: retract_delete_documents
// forgetDocument: the documents go with their chunks, earlier versions and entities (with the user's entities'
// links to them; the user's entities stay).
UNWIND $uids AS uid
MATCH (d:Document {uid: uid})
WHERE d.user_id = $user_id
CALL (d) {
  OPTIONAL MATCH (m:DocumentEntity {document_uid: d.uid})
  WHERE m.user_id = $user_id
  WITH m, m.uid AS gone
  DETACH DELETE m
  RETURN count(gone) AS entities
}
CALL (d) {
  OPTIONAL MATCH (c:Chunk {document_uid: d.uid})
  WHERE c.user_id = $user_id
  WITH c, c.uid AS gone
  DETACH DELETE c
  RETURN count(gone) AS chunks
}
CALL (d) {
  OPTIONAL MATCH (d)-[:PREVIOUS_VERSION]->(v:DocumentVersion)
  WITH v, v.uid AS gone
  DETACH DELETE v
  RETURN count(gone) AS versions
}
WITH d, d.uid AS gone, chunks, versions, entities
DETACH DELETE d
RETURN collect(gone) AS uids, sum(chunks) AS chunks, sum(versions) AS versions, sum(entities) AS entities
;

// name: retract_orphan_sources
// Source records left without any version go.
UNWIND $uids AS uid
MATCH (s:Source {uid: uid})
WHERE s.user_id = $user_id AND NOT EXISTS { (s)-[:HAS_VERSION]->(:Event) }
DETACH DELETE s
RETURN count(*) AS sources
;

// name: retract_orphan_tags
// Tags left on nothing go.
UNWIND $uids AS uid
MATCH (t:Tag {uid: uid})
WHERE t.user_id = $user_id AND NOT EXISTS { ()-[:TAGGED]->(t) }
DETACH DELETE t
RETURN count(*) AS tags
;

// name: retract_session_summaries
// Conversations that lost messages: their summaries are written again from what is left ([]: nothing to say).
// A conversation not summarised yet is left as it is.
UNWIND $rows AS row
MATCH (s:Session {uid: row.session_uid})
WHERE s.user_id = $user_id AND size(coalesce(s.summaries, [])) > 0
SET s.summaries = row.summaries, s.summarised_at = $now
RETURN count(s) AS sessions
;
