// eraseUser (issue 12, graphsvc.pipeline.retraction.erase): every node carrying the user's user_id, deleted
// label by label in bounded batches (each batch one transaction, with the progress on the user's Erasure
// node), so a large user cannot exhaust the heap and an interrupted erasure resumes where it stopped.
// One statement per label: a label must be written in the query for the user_id index to be used.

// name: erase_begin
MERGE (x:Erasure {uid: $uid})
  ON CREATE SET x.user_id = $user_id, x.started_at = $now, x.counts = '{}', x.name = 'erasure'
WITH x
WHERE x.user_id = $user_id
SET x.updated_at = $now
RETURN x.counts AS counts
;

// name: erase_progress
MATCH (x:Erasure {uid: $uid})
WHERE x.user_id = $user_id
SET x.counts = $counts, x.updated_at = $now
RETURN x.uid AS uid
;

// name: erase_finish
MATCH (x:Erasure {uid: $uid})
WHERE x.user_id = $user_id
DELETE x
RETURN count(*) AS finished
;

// name: erase_batch_job
MATCH (n:Job)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_pending_observation
MATCH (n:PendingObservation)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_history_entry
MATCH (n:HistoryEntry)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_evidence
MATCH (n:Evidence)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_reflection_cycle
MATCH (n:ReflectionCycle)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_reflection_state
MATCH (n:ReflectionState)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_trait
MATCH (n:Trait)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_impression
MATCH (n:Impression)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_feature
MATCH (n:Feature)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_alias
MATCH (n:Alias)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_memory
MATCH (n:Memory)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_entity
MATCH (n:Entity)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_event
MATCH (n:Event)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_session
MATCH (n:Session)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_api_key
// The user's API keys go first, so nothing can act for the user while it is erased (few per user).
MATCH (n:ApiKey)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_job_lane
// The user's job lane and entity lock (issue 11) coordinate processes; a later job or curation MERGEs them again.
MATCH (n:JobLane)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;

// name: erase_batch_entity_lock
MATCH (n:EntityLock)
WHERE n.user_id = $user_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;
