// Seed 003's dashboard reads: the timeline (events, memories and candidates in the order they happened),
// sessions, and growth per day. Every statement filters on user_id.

// name: timeline
// Items at or after $from and before $to, oldest first, after the cursor ($after_at, $after_uid) when given.
// Events: current versions only, of $source_types (null = all), forgotten ones (tombstones) left out; memories
// dated by when they happened (their event time, else when they were first said, else when they were made);
// candidates by when they were made.
// $kinds limits the kinds. A conversation message carries who said it (speaker, role).
CALL () {
  MATCH (e:Event)
  WHERE e.user_id = $user_id AND 'event' IN $kinds AND e.superseded_at IS NULL AND e.forgotten_at IS NULL
    AND e.occurred_at >= $from AND e.occurred_at < $to
    AND ($source_types IS NULL OR e.source_type IN $source_types)
  RETURN 'event' AS kind, e.uid AS uid, e.occurred_at AS at, e.content AS content, e.title AS title,
         coalesce(e.source_type, 'conversation') AS source_type, e.source_id AS source_id, e.session_id AS session_id,
         null AS memory_type, null AS status, e.speaker AS speaker, e.role AS role
  UNION ALL
  MATCH (m:Memory)
  WHERE m.user_id = $user_id AND 'memory' IN $kinds AND m.status IN ['active', 'archived']
  WITH m, coalesce(m.occurred_at, m.stated_at, m.created_at) AS at
  WHERE at >= $from AND at < $to
  RETURN 'memory' AS kind, m.uid AS uid, at, m.content AS content,
         null AS title, null AS source_type, null AS source_id, null AS session_id, m.memory_type AS memory_type,
         m.status AS status, null AS speaker, null AS role
  UNION ALL
  MATCH (k:MemoryCandidate)
  WHERE k.user_id = $user_id AND 'candidate' IN $kinds AND k.created_at >= $from AND k.created_at < $to
  RETURN 'candidate' AS kind, k.uid AS uid, k.created_at AS at, k.content AS content, null AS title,
         null AS source_type, null AS source_id, null AS session_id, k.memory_type AS memory_type, k.status AS status,
         null AS speaker, null AS role
}
WITH *
WHERE $after_at IS NULL OR at > $after_at OR (at = $after_at AND uid > $after_uid)
RETURN kind, uid, at, content, title, source_type, source_id, session_id, memory_type, status, speaker, role
ORDER BY at, uid
LIMIT $limit
;

// name: user_sessions
// The user's conversations, latest message first, with their message counts.
MATCH (s:Session)
WHERE s.user_id = $user_id
OPTIONAL MATCH (s)-[:HAS_EVENT]->(e:Event)
WITH s, count(e) AS messages
RETURN s.session_id AS session_id, s.status AS status, s.started_at AS started_at,
       s.last_message_at AS last_message_at, s.ended_at AS ended_at, messages
ORDER BY s.last_message_at DESC, s.session_id
LIMIT $limit
;

// name: user_growth
// What the user gained per UTC day since $since: events, memories and candidates made, documents stored.
CALL () {
  MATCH (e:Event) WHERE e.user_id = $user_id AND e.ingested_at >= $since
  RETURN date(e.ingested_at) AS day, 'events' AS what, count(e) AS n
  UNION ALL
  MATCH (m:Memory) WHERE m.user_id = $user_id AND m.created_at >= $since
  RETURN date(m.created_at) AS day, 'memories' AS what, count(m) AS n
  UNION ALL
  MATCH (k:MemoryCandidate) WHERE k.user_id = $user_id AND k.created_at >= $since
  RETURN date(k.created_at) AS day, 'candidates' AS what, count(k) AS n
  UNION ALL
  MATCH (d:Document) WHERE d.user_id = $user_id AND d.created_at >= $since
  RETURN date(d.created_at) AS day, 'documents' AS what, count(d) AS n
}
RETURN toString(day) AS day, what, sum(n) AS n
;

// name: user_growth_by_happened
// What the user gained per UTC day since $since, by when it happened in the user's life: events by when they
// occurred, memories by when they were said (stated_at, else valid_from, else occurred_at, else created_at),
// candidates by when their message was said (occurred_at, else created_at); a document has no time but when it
// was stored.
CALL () {
  MATCH (e:Event) WHERE e.user_id = $user_id AND e.occurred_at >= $since
  RETURN date(e.occurred_at) AS day, 'events' AS what, count(e) AS n
  UNION ALL
  MATCH (m:Memory) WHERE m.user_id = $user_id
  WITH m, coalesce(m.stated_at, m.valid_from, m.occurred_at, m.created_at) AS happened
  WHERE happened >= $since
  RETURN date(happened) AS day, 'memories' AS what, count(m) AS n
  UNION ALL
  MATCH (k:MemoryCandidate) WHERE k.user_id = $user_id
  WITH k, coalesce(k.occurred_at, k.created_at) AS happened
  WHERE happened >= $since
  RETURN date(happened) AS day, 'candidates' AS what, count(k) AS n
  UNION ALL
  MATCH (d:Document) WHERE d.user_id = $user_id AND d.created_at >= $since
  RETURN date(d.created_at) AS day, 'documents' AS what, count(d) AS n
}
RETURN toString(day) AS day, what, sum(n) AS n
;

// name: user_source_counts
// Counts issue 15 added to the overview: events by source type (current versions), candidates by status,
// documents, passages, tags, learning runs.
CALL () {
  OPTIONAL MATCH (e:Event) WHERE e.user_id = $user_id AND e.superseded_at IS NULL
  WITH coalesce(e.source_type, 'conversation') AS key, count(e) AS n WHERE n > 0
  RETURN collect({key: key, count: n}) AS events_by_source
}
CALL () {
  OPTIONAL MATCH (k:MemoryCandidate) WHERE k.user_id = $user_id
  WITH k.status AS key, count(k) AS n WHERE n > 0
  RETURN collect({key: key, count: n}) AS candidates_by_status
}
CALL () {
  MATCH (d:Document) WHERE d.user_id = $user_id AND d.version > 0
  RETURN count(d) AS documents
}
CALL () {
  MATCH (c:Chunk) WHERE c.user_id = $user_id AND c.kind = 'passage'
  RETURN count(c) AS passages
}
CALL () {
  MATCH (t:Tag) WHERE t.user_id = $user_id
  RETURN count(t) AS tags
}
CALL () {
  MATCH (r:LearningRun) WHERE r.user_id = $user_id
  RETURN count(r) AS learning_runs, max(r.finished_at) AS last_learning_at
}
RETURN events_by_source, candidates_by_status, documents, passages, tags, learning_runs, last_learning_at
;
