// Jobs of a user not tied to a conversation (a document's indexing, a day's learning).

// name: create_user_job
// Queue a job for the user, unless one with the same dedup_key is in one of $open_statuses (then it is returned,
// created = false). The user's JobLane is written first: concurrent calls for one user take turns here.
MERGE (lane:JobLane {user_id: $user_id})
SET lane.queued_at = $now, lane.name = 'job lane'
WITH lane
OPTIONAL MATCH (q:Job {dedup_key: $dedup_key})
WHERE q.user_id = $user_id AND q.status IN $open_statuses
WITH q ORDER BY q.created_at DESC
WITH collect(q)[0] AS queued
CALL (queued) {
  WITH queued
  WHERE queued IS NULL
  CREATE (j:Job {uid: $uid, user_id: $user_id, kind: $kind, status: 'PENDING', target_uid: $target_uid,
                 attempts: 0, created_at: $now, updated_at: $now, run_after: $now, priority: $priority,
                 dedup_key: $dedup_key, request_id: $request_id, cancel_requested: false,
                 llm_calls: 0, tokens_in: 0, tokens_out: 0, memories_created: 0, memories_reinforced: 0, name: $kind})
  RETURN j, true AS created
UNION
  WITH queued
  WHERE queued IS NOT NULL
  RETURN queued AS j, false AS created
}
RETURN j AS job, created
;
