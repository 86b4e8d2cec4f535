// The event layer (seed 003): records of other systems as versioned Event nodes under a Source.

// name: store_source_event
// One record version. The Source node is MERGEd first (its uniqueness constraint locks it), so two
// deliveries of one source take turns; an event uid already stored returns created = false and writes
// nothing else. A new version is linked to the latest one, which leaves recall (vector dropped, superseded_at).
// A version given without a vector ($event.embedding null) is marked embed_due_at for the embed_events job.
MERGE (s:Source {uid: $event.source_uid})
  ON CREATE SET s.user_id = $user_id, s.source_type = $event.source_type, s.source_id = $event.source_id,
                s.versions = 0, s.created_at = $now, s.tenant_key = $tenant_key,
                s.name = $event.source_type + ' ' + left($event.source_id, 40)
WITH s
WHERE s.user_id = $user_id
OPTIONAL MATCH (known:Event {uid: $event.uid})
WITH s, known
CALL (s, known) {
  WITH s, known
  WHERE known IS NULL
  OPTIONAL MATCH (previous:Event {uid: s.latest_uid})
  WHERE previous.user_id = $user_id
  CREATE (e:Event {uid: $event.uid, user_id: $user_id, tenant_key: $tenant_key, source_type: $event.source_type,
                   source_id: $event.source_id, title: $event.title, content: $event.content,
                   content_hash: $event.content_hash, status: $event.status, metadata: $event.metadata,
                   occurred_at: $event.occurred_at, embedding: $event.embedding, ingested_at: $now,
                   embed_due_at: CASE WHEN $event.embedding IS NULL THEN $now END,
                   version: s.versions + 1, seq: 0,
                   name: left(coalesce($event.title, $event.source_type), 24) + ': ' + left($event.content, 48)})
  MERGE (s)-[:HAS_VERSION]->(e)
  SET s.versions = s.versions + 1, s.latest_uid = e.uid, s.title = $event.title, s.status = $event.status,
      s.updated_at = $now
  WITH e, previous
  CALL (e, previous) {
    WITH e, previous
    WHERE previous IS NOT NULL
    MERGE (e)-[:PREVIOUS_VERSION]->(previous)
    SET previous.superseded_at = $now, previous.embedding = null, previous.embed_due_at = null
  }
  RETURN e.version AS version, true AS created
UNION
  WITH known
  WHERE known IS NOT NULL
  RETURN known.version AS version, false AS created
}
RETURN version, created
;
