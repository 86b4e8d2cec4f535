// Vectors of events made after ingest (the embed_events job): ingest stores an event with embed_due_at and no
// embedding; the job reads the due ones with the text before them in their conversation and writes the vectors.

// name: events_due_vectors
// The user's events waiting for a vector (of one session when $session_id is set), oldest due first, each with
// the message said just before it in its session (conversation order: time, position in its batch, uid), whose
// end is embedded with it (a forgotten message, a tombstone without text, is no context). Superseded versions of a record never get one.
MATCH (e:Event)
WHERE e.embed_due_at IS NOT NULL AND e.user_id = $user_id AND e.superseded_at IS NULL
  AND ($session_id IS NULL OR e.session_id = $session_id)
WITH e ORDER BY e.embed_due_at, e.session_id, e.occurred_at, e.seq, e.uid
LIMIT $limit
CALL (e) {
  OPTIONAL MATCH (p:Event)
  WHERE e.source_type = 'conversation' AND p.user_id = $user_id AND p.session_id = e.session_id
    AND p.forgotten_at IS NULL
    AND (p.occurred_at < e.occurred_at
         OR (p.occurred_at = e.occurred_at
             AND (coalesce(p.seq, 0) < coalesce(e.seq, 0) OR (coalesce(p.seq, 0) = coalesce(e.seq, 0) AND p.uid < e.uid))))
  WITH p ORDER BY p.occurred_at DESC, p.seq DESC, p.uid DESC
  LIMIT 1
  RETURN p
}
RETURN e.uid AS uid, e.source_type AS source_type, e.speaker AS speaker, e.title AS title, e.content AS content,
       e.embed_due_at AS due_at, p.uid AS previous_uid, p.speaker AS previous_speaker, p.content AS previous_content,
       e.role AS role, p.role AS previous_role
;

// name: set_event_vectors
// $rows: {uid, embedding, previous_uid, reaction_to}. Only an event still due gets its vector, and only while the
// message its context quoted still exists (a retraction deleted it meanwhile: the event stays due and is embedded
// again). `reaction_to` (the uid of the message an assistant's turn only reacts to, or null) is written with it.
UNWIND $rows AS row
MATCH (e:Event {uid: row.uid})
WHERE e.user_id = $user_id AND e.embed_due_at IS NOT NULL AND e.superseded_at IS NULL
  AND (row.previous_uid IS NULL OR EXISTS { MATCH (p:Event {uid: row.previous_uid}) WHERE p.user_id = $user_id })
SET e.embedding = row.embedding, e.reaction_to = row.reaction_to
REMOVE e.embed_due_at
RETURN count(e) AS stored
;

// name: mark_messages_due
// Every current message of the user that has a vector is marked due again, so the embed_events job embeds it
// anew with the context setting in force (a message still due, superseded or forgotten is left as it is).
MATCH (e:Event)
WHERE e.user_id = $user_id AND e.source_type = 'conversation' AND e.superseded_at IS NULL
  AND e.forgotten_at IS NULL AND e.embedding IS NOT NULL AND e.embed_due_at IS NULL
SET e.embed_due_at = $now
RETURN count(e) AS marked
;
