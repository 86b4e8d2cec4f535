// What changed about a user: the HistoryEntry nodes of memories and traits in a time range, by the time the
// change was recorded or by the time what it is about happened.
//
// Both statements return each change's happened_at: when what it is about happened in the user's life.
//   memory, a change by hand or by a job ($memory_actions: forgotten, retracted, archived, restored): when it was
//     recorded (nothing was said; the action is what happened).
//   memory, created or changed by what was said: when the memory was said (stated_at, the first source
//     message's time; else valid_from, else occurred_at) for its creation and for a change that quotes nothing;
//     else the latest time among what the change quotes (an event's occurred_at, a memory's time as above): a
//     supersession or a correction happened when the new value was said.
//   trait: the latest time among the evidence it rested on at the change (evidence recorded by then: its
//     event's occurred_at or observed_at, its memory's time as above); null when it rested on none.
// A tombstone (its node gone) has none unless it quotes something still stored.

// name: belief_changes
// Oldest recorded first, keyset-paged after ($after_at, $after_uid) on created_at. A memory's or a trait's
// entries are told apart by the node they record (a tombstone, whose node is gone, by its kind). A forgotten
// memory's entry has no content.
MATCH (h:HistoryEntry)
WHERE h.user_id = $user_id AND h.created_at >= $from AND h.created_at < $to
  AND h.event IN $events
  AND ($after_at IS NULL OR h.created_at > $after_at OR (h.created_at = $after_at AND h.uid > $after_uid))
OPTIONAL MATCH (h)-[:RECORDS]->(x)
WHERE x.user_id = $user_id
WITH h, x, CASE WHEN x:Memory THEN 'memory' WHEN x:Trait THEN 'trait' ELSE h.kind END AS kind
WHERE (kind = 'memory' AND h.event IN $memory_events) OR (kind = 'trait' AND h.event IN $trait_events)
WITH h, x, kind
ORDER BY h.created_at, h.uid
LIMIT $limit
CALL (h) {
  UNWIND coalesce(h.source_uids, []) AS quoted_uid
  OPTIONAL MATCH (e:Event {uid: quoted_uid})
  WHERE e.user_id = $user_id
  OPTIONAL MATCH (m:Memory {uid: quoted_uid})
  WHERE m.user_id = $user_id
  RETURN max(coalesce(e.occurred_at, m.stated_at, m.valid_from, m.occurred_at)) AS quoted_at
}
CALL (h, x, kind) {
  OPTIONAL MATCH (ev:Evidence)-[:SUPPORTS|CONTRADICTS]->(x)
  WHERE kind = 'trait' AND ev.user_id = $user_id AND ev.created_at <= h.created_at
  OPTIONAL MATCH (ev)-[:CITES]->(m:Memory)
  WHERE m.user_id = $user_id
  OPTIONAL MATCH (ev)-[:FROM_EVENT]->(e:Event)
  WHERE e.user_id = $user_id
  RETURN max(coalesce(e.occurred_at, ev.observed_at, m.stated_at, m.valid_from, m.occurred_at)) AS evidence_at
}
WITH h, kind,
     CASE kind
       WHEN 'memory' THEN CASE WHEN h.event IN $memory_actions THEN h.created_at
                               WHEN h.event = 'created' OR quoted_at IS NULL
                               THEN coalesce(x.stated_at, x.valid_from, x.occurred_at, quoted_at) ELSE quoted_at END
       ELSE evidence_at
     END AS happened_at
RETURN h.uid AS uid, h.created_at AS at, happened_at, kind, h.target_uid AS target_uid, h.event AS event,
       h.actor AS actor, h.old_value AS old_value, h.new_value AS new_value, h.reason AS reason, h.stage AS stage,
       coalesce(h.source_uids, []) AS evidence_uids, h.scrubbed_at IS NOT NULL AS scrubbed
ORDER BY at, uid
;

// name: belief_changes_by_happened
// Oldest happened first, keyset-paged after ($after_at, $after_uid) on happened_at; a change whose happened
// time is unknown counts at its recorded time. The happened time is derived, so every change of the user is
// read.
MATCH (h:HistoryEntry)
WHERE h.user_id = $user_id AND h.event IN $events
OPTIONAL MATCH (h)-[:RECORDS]->(x)
WHERE x.user_id = $user_id
WITH h, x, CASE WHEN x:Memory THEN 'memory' WHEN x:Trait THEN 'trait' ELSE h.kind END AS kind
WHERE (kind = 'memory' AND h.event IN $memory_events) OR (kind = 'trait' AND h.event IN $trait_events)
CALL (h) {
  UNWIND coalesce(h.source_uids, []) AS quoted_uid
  OPTIONAL MATCH (e:Event {uid: quoted_uid})
  WHERE e.user_id = $user_id
  OPTIONAL MATCH (m:Memory {uid: quoted_uid})
  WHERE m.user_id = $user_id
  RETURN max(coalesce(e.occurred_at, m.stated_at, m.valid_from, m.occurred_at)) AS quoted_at
}
CALL (h, x, kind) {
  OPTIONAL MATCH (ev:Evidence)-[:SUPPORTS|CONTRADICTS]->(x)
  WHERE kind = 'trait' AND ev.user_id = $user_id AND ev.created_at <= h.created_at
  OPTIONAL MATCH (ev)-[:CITES]->(m:Memory)
  WHERE m.user_id = $user_id
  OPTIONAL MATCH (ev)-[:FROM_EVENT]->(e:Event)
  WHERE e.user_id = $user_id
  RETURN max(coalesce(e.occurred_at, ev.observed_at, m.stated_at, m.valid_from, m.occurred_at)) AS evidence_at
}
WITH h, kind,
     CASE kind
       WHEN 'memory' THEN CASE WHEN h.event IN $memory_actions THEN h.created_at
                               WHEN h.event = 'created' OR quoted_at IS NULL
                               THEN coalesce(x.stated_at, x.valid_from, x.occurred_at, quoted_at) ELSE quoted_at END
       ELSE evidence_at
     END AS happened_at
WITH h, kind, happened_at, coalesce(happened_at, h.created_at) AS sort_at
WHERE sort_at >= $from AND sort_at < $to
  AND ($after_at IS NULL OR sort_at > $after_at OR (sort_at = $after_at AND h.uid > $after_uid))
RETURN h.uid AS uid, h.created_at AS at, happened_at, kind, h.target_uid AS target_uid, h.event AS event,
       h.actor AS actor, h.old_value AS old_value, h.new_value AS new_value, h.reason AS reason, h.stage AS stage,
       coalesce(h.source_uids, []) AS evidence_uids, h.scrubbed_at IS NOT NULL AS scrubbed
ORDER BY sort_at, uid
LIMIT $limit
;
