// What a retraction reads (graphsvc.graph.retraction_reads): the messages a forget names, and what rests on
// them, read while the doomed events still exist (inside the retraction's one write transaction). Every
// statement filters on user_id; $event_uids and $memory_uids are the doomed events and memories. Statements
// start from the doomed nodes (uid index hints; their user_id is checked) and reach their neighbours with
// pattern comprehensions that name no user_id: graphsvc never links nodes of two users, and a user_id
// predicate there lets the planner scan the user's aliases, entities or evidence once per uid instead.

// name: retract_events_by_message_ids
// The caller's message ids → the user's events (range index event_source). A message id names one message per
// session (issue 11): with $session_id only that session's, else the message of every session bearing the id.
UNWIND $message_ids AS message_id
MATCH (e:Event)
WHERE e.user_id = $user_id AND e.source_id = message_id AND ($session_id IS NULL OR e.session_id = $session_id)
RETURN DISTINCT e.uid AS uid, e.session_id AS session_id
;

// name: retract_events_of_session
MATCH (s:Session {uid: $session_uid})
WHERE s.user_id = $user_id
OPTIONAL MATCH (s)-[:HAS_EVENT]->(e:Event)
WHERE e.user_id = $user_id
RETURN s.uid AS session_uid, collect(e.uid) AS uids
;

// name: retract_session_events_ordered
// The events of the given sessions in conversation order (to re-embed the messages that followed a
// deleted one: their embedded context quoted it; and to summarise what is left of a conversation).
UNWIND $session_ids AS session_id
MATCH (e:Event)
WHERE e.user_id = $user_id AND e.session_id = session_id
RETURN e.uid AS uid, e.session_id AS session_id, e.speaker AS speaker, e.content AS content, e.role AS role,
       e.occurred_at AS occurred_at, e.forgotten_at IS NOT NULL AS forgotten
ORDER BY e.session_id, e.occurred_at, e.seq, e.uid
;

// name: retract_memory_sources
// Memories extracted from a doomed event: how many source events each has, and how many are doomed.
UNWIND $event_uids AS event_uid
MATCH (x:Event {uid: event_uid})
USING INDEX x:Event(uid)
WHERE x.user_id = $user_id
UNWIND [(m:Memory)-[:EXTRACTED_FROM]->(x) | m] AS m
WITH DISTINCT m
MATCH (m)-[:EXTRACTED_FROM]->(src:Event)
WITH m, count(DISTINCT src) AS sources,
     count(DISTINCT CASE WHEN src.uid IN $event_uids THEN src END) AS doomed
RETURN m.uid AS uid, coalesce(m.origin, 'extraction') AS origin, m.status AS status, sources, doomed
;

// name: retract_traits_citing
// The traits with evidence citing a doomed memory, with ALL their evidence (the cited memory's uid, or null
// when the memory is gone) and the times their confidence was last reset (promotion or modification).
UNWIND $memory_uids AS memory_uid
MATCH (m:Memory {uid: memory_uid})
USING INDEX m:Memory(uid)
WHERE m.user_id = $user_id
UNWIND [(m)<-[:CITES]-(:Evidence)-[:SUPPORTS|CONTRADICTS]->(t:Trait) | t] AS t
WITH DISTINCT t
// pattern comprehensions expand from the bound trait (a MATCH would let the planner scan the user's evidence)
RETURN t AS trait,
       [(t)<-[:SUPPORTS|CONTRADICTS]-(e2:Evidence) | {
         uid: e2.uid, memory_uid: head([(e2)-[:CITES]->(cm:Memory) | cm.uid]),
         kind: e2.kind, grade: e2.grade, cycle_id: e2.cycle_id, created_at: e2.created_at,
         inherited_from: e2.inherited_from, resolved_at: e2.resolved_at, strong: e2.strong, sessions: []
       }] AS evidence,
       [(h:HistoryEntry)-[:RECORDS]->(t) WHERE h.event IN ['promoted', 'modified'] | h.created_at] AS resets
;

// name: retract_alias_candidates
// Names observed in a doomed event (they may rest on nothing once it is gone).
UNWIND $event_uids AS event_uid
MATCH (x:Event {uid: event_uid})
USING INDEX x:Event(uid)
WHERE x.user_id = $user_id
UNWIND [(a:Alias)-[:FROM_EVENT]->(x) | a.uid] AS uid
RETURN collect(DISTINCT uid) AS uids
;

// name: retract_entity_candidates
UNWIND $event_uids AS event_uid
MATCH (x:Event {uid: event_uid})
USING INDEX x:Event(uid)
WHERE x.user_id = $user_id
UNWIND [(n:Entity)-[:OBSERVED_IN]->(x) | n.uid] AS uid
RETURN collect(DISTINCT uid) AS uids
;

// name: retract_memory_slots
// The slots of the doomed memories (settled again once they are gone).
UNWIND $memory_uids AS memory_uid
MATCH (m:Memory {uid: memory_uid})
USING INDEX m:Memory(uid)
WHERE m.user_id = $user_id AND m.slot_key IS NOT NULL
RETURN collect(DISTINCT m.slot_key) AS slot_keys
;

// name: retract_memory_state
MATCH (m:Memory {uid: $uid})
WHERE m.user_id = $user_id
RETURN m.uid AS uid, m.status AS status, m.slot_key AS slot_key
;

// name: retract_events_of_sources
// The versions (events) of the user's source records ($source_uids: Source uids), each record with its own.
UNWIND $source_uids AS source_uid
MATCH (s:Source {uid: source_uid})
WHERE s.user_id = $user_id
RETURN s.uid AS source_uid, [(s)-[:HAS_VERSION]->(e:Event) | e.uid] AS event_uids
;

// name: retract_document_ref
// A document of the user: its caller's id and the events that carry it (its DOCUMENT event of every version).
MATCH (d:Document {uid: $uid})
WHERE d.user_id = $user_id
RETURN d.uid AS uid, d.source_id AS source_id, [(d)-[:FROM_EVENT]->(e:Event) | e.uid] AS event_uids
;

// name: retract_memory_lineage
// forgetMemory: the memory, the versions it corrected (chains of SUPERSEDED_BY {reason: 'correction'} into it),
// and the events that stated them: those each was extracted from, and those of the candidates promoted to it
// (a candidate seen again after its promotion gains events its memory does not cite). Documents' events and
// events already forgotten are left out (forgetting a memory never edits a document).
MATCH (m:Memory {uid: $uid})
WHERE m.user_id = $user_id
WITH m, COLLECT {
  MATCH p = (old:Memory)-[:SUPERSEDED_BY*1..50]->(m)
  WHERE all(r IN relationships(p) WHERE r.reason = 'correction')
  RETURN DISTINCT old.uid
} AS older
WITH [m.uid] + older AS lineage
RETURN lineage AS memory_uids, COLLECT {
  UNWIND lineage AS version
  MATCH (:Memory {uid: version})-[:EXTRACTED_FROM]->(e:Event)
  WHERE e.source_type <> 'document' AND e.forgotten_at IS NULL
  RETURN {uid: e.uid, session_id: e.session_id} AS event
  UNION
  UNWIND lineage AS version
  MATCH (:Memory {uid: version})<-[:PROMOTED_TO]-(:MemoryCandidate)-[:FROM_EVENT]->(e:Event)
  WHERE e.source_type <> 'document' AND e.forgotten_at IS NULL
  RETURN {uid: e.uid, session_id: e.session_id} AS event
} AS events
;

// name: retract_event_sessions
// The conversation (session id) of each given event of the user; events of other sources have none.
UNWIND $event_uids AS event_uid
MATCH (e:Event {uid: event_uid})
USING INDEX e:Event(uid)
WHERE e.user_id = $user_id AND e.session_id IS NOT NULL
RETURN collect(DISTINCT e.session_id) AS session_ids
;

// name: retract_tags_of
// The tags on the given memories, events and documents and on those documents' chunks (one of them may be left
// on nothing once they go).
CALL () {
  UNWIND $memory_uids AS uid
  MATCH (:Memory {uid: uid})-[:TAGGED]->(t:Tag)
  RETURN t
  UNION
  UNWIND $event_uids AS uid
  MATCH (:Event {uid: uid})-[:TAGGED]->(t:Tag)
  RETURN t
  UNION
  UNWIND $document_uids AS uid
  MATCH (:Document {uid: uid})-[:TAGGED]->(t:Tag)
  RETURN t
  UNION
  UNWIND $document_uids AS uid
  MATCH (:Chunk {document_uid: uid})-[:TAGGED]->(t:Tag)
  RETURN t
}
WITH t
WHERE t.user_id = $user_id
RETURN collect(DISTINCT t.uid) AS uids
;
