// Write and read raw events (conversation messages) and their sessions.

// name: ingest_events
// One session, a batch of events. Event uids are derived from (user_id, message id) or
// (user_id, session, content, time), so MERGE makes a repeated delivery a no-op: only a batch that stores
// a new event reopens an ended session. A new event has no vector yet: embed_due_at marks it for the
// embed_events job (full-text recall finds it meanwhile).
MERGE (s:Session {uid: $session_uid})
  ON CREATE SET s.user_id = $user_id, s.session_id = $session_id, s.status = 'open',
                s.started_at = $first_at, s.last_message_at = $last_at, s.tenant_key = $tenant_key,
                s.name = 'session ' + $session_id
WITH s
WHERE s.user_id = $user_id
SET s.last_ingested_at = $now,
    s.last_message_at = CASE WHEN s.last_message_at IS NULL OR s.last_message_at < $last_at
                             THEN $last_at ELSE s.last_message_at END
WITH s
UNWIND $events AS ev
MERGE (e:Event {uid: ev.uid})
  ON CREATE SET e.user_id = $user_id, e.session_id = $session_id, e.tenant_key = $tenant_key,
                e.source_type = 'conversation', e.source_id = ev.source_id, e.role = ev.role,
                e.speaker = ev.speaker, e.speaker_id = ev.speaker_id, e.content = ev.content, e.content_hash = ev.content_hash,
                e.occurred_at = ev.occurred_at, e.embed_due_at = $now, e.ingested_at = $now,
                e.seq = ev.seq, e.name = coalesce(ev.speaker, ev.role) + ': ' + left(ev.content, 48)
MERGE (s)-[:HAS_EVENT]->(e)
WITH s, collect({uid: e.uid, created: e.ingested_at = $now AND e.content_hash = ev.content_hash}) AS rows
WITH s, rows, any(r IN rows WHERE r.created) AS stored_new
SET s.status = CASE WHEN stored_new THEN 'open' ELSE s.status END,
    s.ended_at = CASE WHEN stored_new THEN null ELSE s.ended_at END
WITH rows
UNWIND rows AS r
RETURN r.uid AS uid, r.created AS created
;

// name: session_events_pending
MATCH (s:Session {uid: $session_uid})-[:HAS_EVENT]->(e:Event)
WHERE s.user_id = $user_id AND e.user_id = $user_id AND e.extracted_at IS NULL AND e.forgotten_at IS NULL
RETURN e.uid AS uid, e.source_id AS source_id, e.role AS role, e.speaker AS speaker,
       e.speaker_id AS speaker_id, e.content AS content, e.occurred_at AS occurred_at
ORDER BY e.occurred_at, e.seq, e.uid
;

// name: session_exists
MATCH (s:Session {uid: $session_uid})
WHERE s.user_id = $user_id
RETURN s.uid AS uid, s.status AS status
;

// name: end_session
MATCH (s:Session {uid: $session_uid})
WHERE s.user_id = $user_id
SET s.status = 'ended', s.ended_at = $now
RETURN s.uid AS uid
;

// name: mark_events_extracted
UNWIND $event_uids AS uid
MATCH (e:Event {uid: uid})
WHERE e.user_id = $user_id
SET e.extracted_at = $now
RETURN count(e) AS marked
;

// name: add_session_summary
// An extraction run's conversation summary joins its session's (the last $keep runs' summaries, oldest first);
// an empty summary changes nothing.
MATCH (s:Session {uid: $session_uid})
WHERE s.user_id = $user_id AND trim($summary) <> ''
SET s.summaries = (coalesce(s.summaries, []) + [$summary])[-$keep..], s.summarised_at = $now
RETURN count(s) AS updated
;

// name: idle_open_sessions
// Idle by the service's clock (when the last message arrived), not by the messages' own times:
// an imported history or a client with a skewed clock does not end a live conversation.
MATCH (s:Session)
WHERE s.status = 'open' AND coalesce(s.last_ingested_at, s.last_message_at) < $cutoff
RETURN s.user_id AS user_id, s.session_id AS session_id
LIMIT $limit
;

// name: sessions_with_unextracted_events
// The user's sessions holding messages no extraction has read (forgotten ones aside) whose last message arrived
// before $before by the service's clock (a live conversation is left to its end), oldest first.
MATCH (s:Session)-[:HAS_EVENT]->(e:Event)
WHERE s.user_id = $user_id AND e.user_id = $user_id AND e.extracted_at IS NULL AND e.forgotten_at IS NULL
  AND coalesce(s.last_ingested_at, s.last_message_at) < $before
WITH DISTINCT s
ORDER BY coalesce(s.last_ingested_at, s.last_message_at), s.session_id
LIMIT $limit
RETURN s.session_id AS session_id
;

// name: event_content_clashes
// Events of this batch stored before with other content (a message id reused for a different message).
UNWIND $events AS ev
MATCH (e:Event {uid: ev.uid})
WHERE e.user_id = $user_id AND e.content_hash <> ev.content_hash
RETURN e.source_id AS source_id
;
