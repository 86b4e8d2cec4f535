// Synthetic users for the benchmarks (graphsvc.graph.synthetic_users, used by scripts/bench/forget.py): a
// conversation history with the shape the pipelines give it (sessions, messages, memories with provenance and
// history, entities observed in messages with names, impressions and their evidence, traits with evidence citing
// memories), written in bulk. Vectors arrive as packed float32 values and are stored as float lists, like every
// other vector.

// name: bench_sessions
CYPHER 25
UNWIND $sessions AS s
CREATE (sess:Session {uid: s.uid, user_id: $user_id, tenant_key: $tenant_key, session_id: s.session_id,
                      status: 'ended', started_at: s.at, last_message_at: s.at, ended_at: s.at,
                      name: 'session ' + s.session_id})
WITH sess, s
UNWIND s.events AS ev
CREATE (e:Event {uid: ev.uid, user_id: $user_id, tenant_key: $tenant_key, session_id: s.session_id,
                 source_type: 'conversation', source_id: ev.source_id, role: 'user', speaker: $speaker,
                 content: ev.content, content_hash: ev.content_hash, occurred_at: ev.at, seq: ev.seq,
                 ingested_at: $now, extracted_at: $now, embedding: toFloatList(ev.embedding),
                 name: $speaker + ': ' + left(ev.content, 48)})
CREATE (sess)-[:HAS_EVENT]->(e)
WITH e, ev
CALL (e, ev) {
  WITH e, ev
  WHERE ev.memory IS NOT NULL
  CREATE (m:Memory {uid: ev.memory.uid, user_id: $user_id, tenant_key: $tenant_key, dedup_key: ev.memory.dedup_key,
                    memory_type: 'fact', content: ev.memory.content, content_hash: ev.memory.content_hash,
                    embedding: toFloatList(ev.memory.embedding), importance: 0.5, confidence: 0.8,
                    reinforcement_count: 0, created_at: $now, last_reinforced_at: $now, status: 'active',
                    origin: 'extraction', valid_from: ev.at, stated_at: ev.at, name: left(ev.memory.content, 60)})
  CREATE (m)-[:EXTRACTED_FROM]->(e)
  CREATE (h:HistoryEntry {uid: ev.memory.history_uid, user_id: $user_id, target_uid: ev.memory.uid,
                          event: 'created', new_value: ev.memory.content, actor: 'extraction', created_at: $now,
                          source_uids: [ev.uid]})
  SET h.name = h.event
  CREATE (h)-[:RECORDS]->(m)
}
RETURN count(*) AS events
;

// name: bench_entities
UNWIND $entities AS row
CREATE (n:Entity {uid: row.uid, user_id: $user_id, tenant_key: $tenant_key, subject: row.subject,
                  subject_key: row.subject_key, kind: 'person', created_at: $now, updated_at: $now, name: row.subject})
CREATE (a:Alias {uid: row.alias_uid, user_id: $user_id, tenant_key: $tenant_key, name: row.subject,
                 normalized: row.normalized, created_at: $now})
CREATE (n)-[:HAS_ALIAS]->(a)
WITH n, a, row
CALL (n, a, row) {
  UNWIND row.event_uids AS event_uid
  MATCH (x:Event {uid: event_uid})
  WHERE x.user_id = $user_id
  CREATE (n)-[:OBSERVED_IN]->(x)
  CREATE (a)-[:FROM_EVENT]->(x)
}
CALL (n, row) {
  UNWIND row.impressions AS imp
  MATCH (x:Event {uid: imp.event_uid})
  WHERE x.user_id = $user_id
  CREATE (i:Impression {uid: imp.uid, user_id: $user_id, tenant_key: $tenant_key, content: imp.content,
                        content_hash: imp.uid, confidence: 0.8, created_at: $now, name: left(imp.content, 60)})
  CREATE (n)-[:HAS_IMPRESSION]->(i)
  CREATE (d:Evidence {uid: imp.evidence_uid, user_id: $user_id, grade: 'B', kind: 'supporting', created_at: $now,
                      name: 'supporting B'})
  CREATE (d)-[:SUPPORTS]->(i)
  CREATE (d)-[:FROM_EVENT]->(x)
}
RETURN count(n) AS entities
;

// name: bench_traits
UNWIND $traits AS row
CREATE (t:Trait {uid: row.uid, user_id: $user_id, tenant_key: $tenant_key, content: row.content,
                 content_hash: row.uid, stage: 'established', subtype: 'behavior', confidence: 0.7,
                 base_confidence: 0.4, context: 'general', created_at: $now, updated_at: $now, decayed_at: $now,
                 last_reinforced: $now, cycle_id: row.cycle_id, reinforcement_count: size(row.memories),
                 name: left(row.content, 60)})
WITH t, row
UNWIND row.memories AS ev
MATCH (m:Memory {uid: ev.memory_uid})
WHERE m.user_id = $user_id
CREATE (d:Evidence {uid: ev.uid, user_id: $user_id, grade: 'C', kind: 'supporting', cycle_id: ev.cycle_id,
                    created_at: ev.at, name: 'supporting C'})
CREATE (d)-[:SUPPORTS]->(t)
CREATE (d)-[:CITES]->(m)
RETURN count(d) AS evidence
;

// name: bench_user_nodes
// Every node of the user, whatever its label (a scan of the whole graph: benchmarks and checks only).
MATCH (n)
WHERE n.user_id = $user_id
RETURN count(n) AS nodes
;

// name: bench_finished_work
// What months of use leave behind for one user: $jobs finished jobs (SUCCEEDED) and $sessions ended sessions
// without messages (scripts/bench/idle.py: what an idle service's periodic reads must not grow with).
CALL () {
  UNWIND range(1, $jobs) AS i
  CREATE (:Job {uid: $user_id + '-job-' + i, user_id: $user_id, kind: 'extract_memories', status: 'SUCCEEDED',
                attempts: 1, priority: 1, created_at: $now, updated_at: $now, run_after: $now, started_at: $now,
                cancel_requested: false, name: 'extract_memories'})
  RETURN count(*) AS jobs
}
CALL () {
  UNWIND range(1, $sessions) AS i
  CREATE (:Session {uid: $user_id + '-session-' + i, user_id: $user_id, tenant_key: $tenant_key,
                    session_id: 'ended-' + i, status: 'ended', started_at: $now, last_message_at: $now,
                    last_ingested_at: $now, ended_at: $now, name: 'session ended-' + i})
  RETURN count(*) AS sessions
}
RETURN jobs, sessions
;
