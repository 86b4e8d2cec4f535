// Small read-only queries the dashboard needs: source messages by id, a user's counts, the users.

// name: messages_by_ids
// Source messages of one user. $lookups: [{prefix, message_id}]: a message id names one message per session
// (issue 11), so it is looked up by (user_id, source_id) through the event_source index and may match one
// message in each of several sessions; prefix is set for a derived "msg-<uid prefix>" id, whose event uid
// starts with it. $event_uids: events named by uid (pending observations, impression evidence).
// Every match is checked against $user_id.
CALL () {
  UNWIND $lookups AS l
  MATCH (e:Event)
  WHERE e.user_id = $user_id AND e.source_id = l.message_id
  RETURN e
  UNION
  UNWIND $lookups AS l
  MATCH (e:Event)
  WHERE l.prefix IS NOT NULL AND e.uid STARTS WITH l.prefix AND e.user_id = $user_id AND e.source_id = l.message_id
  RETURN e
  UNION
  UNWIND $event_uids AS uid
  MATCH (e:Event {uid: uid})
  WHERE e.user_id = $user_id
  RETURN e
}
RETURN e AS event
ORDER BY e.occurred_at, e.seq, e.uid
;

// name: user_counts
// Counts of one user's nodes by label (and by type, status or stage), through the user_id indexes.
CALL () {
  MATCH (s:Session) WHERE s.user_id = $user_id
  RETURN count(s) AS sessions, count(CASE WHEN s.status = 'open' THEN 1 END) AS open_sessions,
         min(s.started_at) AS first_message_at, max(s.last_message_at) AS last_message_at
}
CALL () {
  MATCH (e:Event) WHERE e.user_id = $user_id
  RETURN count(e) AS events
}
CALL () {
  OPTIONAL MATCH (m:Memory) WHERE m.user_id = $user_id
  WITH m.memory_type AS memory_type, m.status AS status, count(m) AS n
  WHERE n > 0
  RETURN collect({memory_type: memory_type, status: status, count: n}) AS memories
}
CALL () {
  MATCH (n:Entity) WHERE n.user_id = $user_id
  RETURN count(n) AS entities
}
CALL () {
  MATCH (n:Alias) WHERE n.user_id = $user_id
  RETURN count(n) AS aliases
}
CALL () {
  MATCH (n:Impression) WHERE n.user_id = $user_id
  RETURN count(n) AS impressions
}
CALL () {
  MATCH (n:Feature) WHERE n.user_id = $user_id
  RETURN count(n) AS features
}
CALL () {
  MATCH (a:Entity)-[r:RELATES]->(:Entity) WHERE a.user_id = $user_id
  RETURN count(r) AS relations
}
CALL () {
  OPTIONAL MATCH (t:Trait) WHERE t.user_id = $user_id
  WITH t.stage AS stage, count(t) AS n
  WHERE n > 0
  RETURN collect({key: stage, count: n}) AS traits
}
CALL () {
  MATCH (p:PendingObservation) WHERE p.user_id = $user_id AND p.status = 'open'
  RETURN count(p) AS pending_open
}
CALL () {
  OPTIONAL MATCH (j:Job) WHERE j.user_id = $user_id
  WITH j.status AS status, count(j) AS n, sum(coalesce(j.llm_calls, 0)) AS calls,
       sum(coalesce(j.tokens_in, 0)) AS tokens_in, sum(coalesce(j.tokens_out, 0)) AS tokens_out
  RETURN [row IN collect({key: status, count: n}) WHERE row.count > 0] AS jobs,
         sum(calls) AS llm_calls, sum(tokens_in) AS tokens_in, sum(tokens_out) AS tokens_out
}
CALL () {
  MATCH (c:ReflectionCycle) WHERE c.user_id = $user_id
  RETURN count(c) AS reflection_cycles, max(c.started_at) AS last_reflection_at
}
RETURN *
;

// name: users_page
// Users with at least one conversation, by user id, with their session count and latest message.
// $only: the user ids a caller may see (null: any); keyset pagination after $after_user.
MATCH (s:Session)
WHERE s.user_id IS NOT NULL
  AND ($only IS NULL OR s.user_id IN $only)
  AND ($after_user IS NULL OR s.user_id > $after_user)
  AND ($prefix IS NULL OR s.user_id STARTS WITH $prefix)
WITH s.user_id AS user_id, count(s) AS sessions, max(s.last_message_at) AS last_message_at
RETURN user_id, sessions, last_message_at
ORDER BY user_id
LIMIT $limit
;
