// What memoryContext reads beside recall (graphsvc.graph.memory_context). Every statement filters on user_id.

// name: recent_events
// The user's latest events of every source, newest first (the "recent events" part of a memory context);
// earlier versions of a source record, forgotten events (tombstones without text) and a message that states
// only superseded beliefs (its memories superseded, none still holding) are left out: the context follows the
// current belief.
MATCH (e:Event)
WHERE e.user_id = $user_id AND e.superseded_at IS NULL AND e.forgotten_at IS NULL
  AND NOT (EXISTS { (:Memory {status: 'superseded'})-[:EXTRACTED_FROM]->(e) }
           AND NOT EXISTS { (m:Memory)-[:EXTRACTED_FROM]->(e) WHERE m.status IN ['active', 'archived'] })
RETURN e.uid AS uid, e.content AS content, e.speaker AS speaker, e.role AS role,
       e.occurred_at AS occurred_at, e.source_id AS source_id, e.source_type AS source_type, e.title AS title
ORDER BY e.occurred_at DESC, e.seq DESC
LIMIT $limit
;

// name: recent_session_summaries
// The summaries of the user's latest summarised conversations, newest first (memoryContext).
MATCH (s:Session)
WHERE s.user_id = $user_id AND size(coalesce(s.summaries, [])) > 0
RETURN s.session_id AS session_id, s.summaries AS summaries, s.last_message_at AS last_message_at
ORDER BY s.last_message_at DESC
LIMIT $limit
;

// name: chunk_sections
// The section each passage belongs to (its parent chunk), for memoryContext.
UNWIND $uids AS uid
MATCH (s:Chunk {kind: 'section'})-[:HAS_CHILD]->(c:Chunk {uid: uid})
WHERE c.user_id = $user_id AND s.user_id = $user_id
RETURN c.uid AS uid, s.uid AS section_uid, s.content AS content, s.tokens AS tokens
;
