// Rules several statements share, each written once (graphsvc/graph/cypher.py expands {{name(args)}}).

// fragment: holds(memory, message)
// A current (active or archived) memory holds the message it was extracted from, unless it only took the message
// over by correcting a memory extracted from it (supersede_by_correction copies the corrected memory's
// EXTRACTED_FROM edges to the correction).
memory.status IN ['active', 'archived']
AND NOT EXISTS { (memory)<-[:SUPERSEDED_BY {reason: 'correction'}]-(:Memory)-[:EXTRACTED_FROM]->(message) }

// fragment: states_only_replaced_beliefs(message)
// A message states only replaced beliefs (the context and recall follow the current belief past it) when a
// memory extracted from it was superseded, by a later statement or by a correction, and no current memory
// holds it.
EXISTS { (:Memory {status: 'superseded'})-[:EXTRACTED_FROM]->(message) }
AND NOT EXISTS { (holder:Memory)-[:EXTRACTED_FROM]->(message) WHERE {{holds(holder, message)}} }

// clause: happened_at(h, x, kind, happened_at)
// When what a HistoryEntry h (recording x, a 'memory' or a 'trait' by kind) is about happened in the user's life;
// carries on with h, kind and happened_at.
//   memory, a change by hand or by a job ($memory_actions: forgotten, retracted, archived, restored): when it was
//     recorded (nothing was said; the action is what happened).
//   memory, created or changed by what was said: when the memory was said (stated_at, the first source
//     message's time; else valid_from, else occurred_at) for its creation and for a change that quotes nothing;
//     else the latest time among what the change quotes (an event's occurred_at, a memory's time as above): a
//     supersession or a correction happened when the new value was said.
//   trait: the latest time among the evidence it rested on at the change (evidence recorded by then: its
//     event's occurred_at or observed_at, its memory's time as above); null when it rested on none.
// A tombstone (its node gone) has none unless it quotes something still stored.
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
