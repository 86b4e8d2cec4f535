// What memoryContext reads beside recall (graphsvc.graph.memory_context). Every statement filters on user_id.

// name: recent_events
// The user's latest events of every source, newest first (the "recent events" part of a memory context);
// earlier versions of a source record, forgotten events (tombstones without text) and a message that states
// only replaced beliefs are left out: the context follows the current belief.
// The rule is fragments.cypher's states_only_replaced_beliefs (recall_hits and recent_session_summaries use it too).
MATCH (e:Event)
WHERE e.user_id = $user_id AND e.superseded_at IS NULL AND e.forgotten_at IS NULL
  AND NOT {{states_only_replaced_beliefs(e)}}
RETURN e.uid AS uid, e.content AS content, e.speaker AS speaker, e.role AS role,
       e.occurred_at AS occurred_at, e.source_id AS source_id, e.source_type AS source_type, e.title AS title
ORDER BY e.occurred_at DESC, e.seq DESC
LIMIT $limit
;

// name: recent_session_summaries
// The summaries of the user's latest summarised conversations, newest first (memoryContext). A conversation with
// a message that states only replaced beliefs (the rule of recent_events) also brings, as `current`, its messages
// that do not (not forgotten, in conversation order), so that its summary can be written again without it;
// `current` is null for the others.
MATCH (s:Session)
WHERE s.user_id = $user_id AND size(coalesce(s.summaries, [])) > 0
WITH s ORDER BY s.last_message_at DESC LIMIT $limit
CALL (s) {
  MATCH (e:Event)
  WHERE e.user_id = $user_id AND e.session_id = s.session_id AND coalesce(e.source_type, 'conversation') = 'conversation'
    AND e.superseded_at IS NULL
  WITH e, {{states_only_replaced_beliefs(e)}} AS replaced
  ORDER BY e.occurred_at, e.seq, e.uid
  WITH collect(CASE WHEN NOT replaced AND e.forgotten_at IS NULL
                    THEN {uid: e.uid, role: e.role, speaker: e.speaker, content: e.content, occurred_at: e.occurred_at} END)
       AS kept, any(x IN collect(replaced) WHERE x) AS some_replaced
  RETURN CASE WHEN some_replaced THEN kept END AS current
}
RETURN s.session_id AS session_id, s.summaries AS summaries, s.last_message_at AS last_message_at, current
ORDER BY s.last_message_at DESC
;

// name: chunk_sections
// The section each passage belongs to (its parent chunk), for memoryContext.
UNWIND $uids AS uid
MATCH (s:Chunk {kind: 'section'})-[:HAS_CHILD]->(c:Chunk {uid: uid})
WHERE c.user_id = $user_id AND s.user_id = $user_id
RETURN c.uid AS uid, s.uid AS section_uid, s.content AS content, s.tokens AS tokens
;

// name: plans_stated_in
// The plans and appointments the given messages stated: the earliest date of the active event memories extracted
// from each message that lies after the message itself (a happening said ahead of its day), for memoryContext.
UNWIND $uids AS uid
MATCH (e:Event {uid: uid})<-[:EXTRACTED_FROM]-(m:Memory)
WHERE e.user_id = $user_id AND m.user_id = $user_id AND m.status = 'active' AND m.memory_type = 'event'
  AND m.occurred_at IS NOT NULL AND m.occurred_at > e.occurred_at
RETURN e.uid AS uid, min(m.occurred_at) AS planned_for
;
