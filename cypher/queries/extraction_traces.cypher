// Extraction traces: what one extraction job decided about each message it read (graphsvc.graph.extraction_traces).

// name: write_extraction_traces
// One trace per message of the job, tied to its message (the event) when the event is still there. MERGE on
// the uid: a job's transaction retried whole writes the same traces once.
UNWIND $traces AS t
MATCH (e:Event {uid: t.event_uid})
WHERE e.user_id = $user_id
MERGE (x:ExtractionTrace {uid: t.uid})
  ON CREATE SET x.user_id = $user_id, x.job_uid = $job_uid, x.session_id = t.session_id,
                x.message_id = t.message_id, x.event_uid = t.event_uid, x.role = t.role,
                x.occurred_at = t.occurred_at, x.extractor = $extractor, x.llm_provider = $llm_provider,
                x.llm_model = $llm_model, x.fallback_reason = $fallback_reason, x.source = t.source,
                x.refused_by = t.refused_by, x.decisions = t.decisions, x.created_at = $now,
                x.name = 'trace ' + t.message_id
MERGE (x)-[:TRACE_OF]->(e)
RETURN count(DISTINCT x) AS written
;

// name: extraction_traces
// The user's traces of one session (of one message of it when $message_id is given), in message order.
MATCH (x:ExtractionTrace)
WHERE x.user_id = $user_id AND x.session_id = $session_id
  AND ($message_id IS NULL OR x.message_id = $message_id)
RETURN x AS trace
ORDER BY x.occurred_at, x.message_id, x.created_at
LIMIT $limit
;

// name: delete_extraction_traces_of_events
// The traces of messages that are deleted or forgotten go with them (they quote what was said).
MATCH (x:ExtractionTrace)
WHERE x.user_id = $user_id AND x.event_uid IN $event_uids
DETACH DELETE x
RETURN count(*) AS deleted
;

// name: prune_extraction_traces
// Traces recorded before $before (EXTRACTION_TRACE_RETENTION_DAYS), at most $batch of them.
MATCH (x:ExtractionTrace)
WHERE x.user_id = $user_id AND x.created_at < $before
WITH x LIMIT $batch
DETACH DELETE x
RETURN count(*) AS deleted
;

// name: delete_extraction_traces_of_memories
// The traces whose decisions name a forgotten memory (an LLM's trace quotes the memory's text) go with it.
UNWIND $memory_uids AS uid
MATCH (x:ExtractionTrace)
WHERE x.user_id = $user_id AND x.decisions CONTAINS uid
WITH DISTINCT x
DETACH DELETE x
RETURN count(*) AS deleted
;
