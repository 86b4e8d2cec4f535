// Durable background jobs, run exactly once across every process sharing the database.
// A claimed job carries an owner and a lease (lease_until) its owner renews; only an expired lease is
// taken over; a user has at most one RUNNING job with a live lease (claims of one user take turns on the
// user's JobLane node); every write of a job's outcome first locks the job and checks its owner.

// name: create_job
// Queue a job for an existing session (no row when the user has no such session). A job with the same
// dedup_key is returned instead (created = false) while it is PENDING, or, with $coalesce_running, RUNNING and
// claimed after the session's last ingest (it reads everything there is): endConversation called 20 times at
// once queues one extraction. A RUNNING job claimed before newer messages arrived does not count: one more is
// queued. Without $coalesce_running (the reflection an extraction queues) a RUNNING job never counts: it may
// have read the user's memories before the extraction queueing this one wrote its own.
// end_conversation runs this after end_session in one transaction, and end_session's write lock on the
// session makes concurrent calls take turns here.
MATCH (s:Session {uid: $session_uid})
WHERE s.user_id = $user_id
OPTIONAL MATCH (q:Job {dedup_key: $dedup_key})
WHERE q.user_id = $user_id
  AND (q.status = 'PENDING'
       OR ($coalesce_running AND q.status = 'RUNNING'
           AND q.started_at >= coalesce(s.last_ingested_at, s.started_at)))
WITH s, q ORDER BY q.created_at DESC
WITH s, collect(q)[0] AS queued
CALL (s, queued) {
  WITH s, queued
  WHERE queued IS NULL
  CREATE (j:Job {uid: $uid, user_id: $user_id, kind: $kind, status: 'PENDING', session_id: $session_id,
                 attempts: 0, created_at: $now, updated_at: $now, run_after: $now, priority: $priority,
                 dedup_key: $dedup_key, request_id: $request_id, cancel_requested: false,
                 llm_calls: 0, tokens_in: 0, tokens_out: 0, memories_created: 0, memories_reinforced: 0,
                 name: $kind + coalesce(' ' + $session_id, '')})
  MERGE (j)-[:FOR_SESSION]->(s)
  RETURN j, true AS created
UNION
  WITH queued
  WHERE queued IS NOT NULL
  SET queued.priority = CASE WHEN $priority < queued.priority THEN $priority ELSE queued.priority END
  RETURN queued AS j, false AS created
}
RETURN j AS job, created
;

// name: get_job
// $user_ids: the users the caller may act for (null only for a caller who may act for any user).
MATCH (j:Job {uid: $uid})
WHERE $user_ids IS NULL OR j.user_id IN $user_ids
RETURN j AS job
;

// name: list_jobs
MATCH (j:Job)
WHERE j.user_id = $user_id AND ($status IS NULL OR j.status = $status)
RETURN j AS job
ORDER BY j.created_at DESC
LIMIT $limit
;

// name: job_candidates
// Due PENDING jobs and RUNNING jobs whose lease expired, of users with no live RUNNING job: the first of
// each user by priority, then due time.
MATCH (j:Job)
WHERE (j.status = 'PENDING' AND j.run_after <= $now)
   OR (j.status = 'RUNNING' AND j.lease_until < $now AND NOT coalesce(j.cancel_requested, false)
       AND j.attempts < $max_attempts)
WITH j
WHERE NOT EXISTS {
  MATCH (r:Job {user_id: j.user_id, status: 'RUNNING'})
  WHERE r.uid <> j.uid AND r.lease_until >= $now
}
WITH j ORDER BY coalesce(j.priority, 0), j.run_after, j.created_at
WITH j.user_id AS user_id, collect(j)[0] AS first
RETURN first.uid AS uid
ORDER BY coalesce(first.priority, 0), first.run_after, first.created_at
LIMIT $limit
;

// name: claim_job
// Lock the user's lane, then the job, then re-check on committed state: a concurrent claimer that got
// the locks first has moved the job (or another job of the user) on, and we must not run it twice.
MATCH (c:Job {uid: $uid})
MERGE (lane:JobLane {user_id: c.user_id})
SET lane.claimed_at = $now, lane.name = 'job lane'
WITH c
SET c.claim_token = $claim_token
WITH c AS j
WHERE ((j.status = 'PENDING' AND j.run_after <= $now)
       OR (j.status = 'RUNNING' AND j.lease_until < $now AND NOT coalesce(j.cancel_requested, false)
           AND j.attempts < $max_attempts))
  AND NOT EXISTS {
    MATCH (r:Job {user_id: j.user_id, status: 'RUNNING'})
    WHERE r.uid <> j.uid AND r.lease_until >= $now
  }
SET j.error = CASE WHEN j.status = 'RUNNING'
                   THEN 'taken over: the previous owner stopped renewing its lease' ELSE j.error END,
    j.status = 'RUNNING', j.owner = $owner, j.lease_until = $lease_until, j.attempts = j.attempts + 1,
    j.updated_at = $now, j.started_at = $now
RETURN j AS job
;

// name: settle_abandoned_jobs
// RUNNING jobs whose owner stopped renewing the lease and that may not be taken over: cancelled ones end
// CANCELLED, ones out of attempts end FAILED.
MATCH (c:Job {status: 'RUNNING'})
WHERE c.lease_until < $now AND (coalesce(c.cancel_requested, false) OR c.attempts >= $max_attempts)
SET c.claim_token = $claim_token
WITH c AS j
WHERE j.status = 'RUNNING' AND j.lease_until < $now
SET j.status = CASE WHEN coalesce(j.cancel_requested, false) THEN 'CANCELLED' ELSE 'FAILED' END,
    j.error = CASE WHEN coalesce(j.cancel_requested, false) THEN j.error
                   ELSE coalesce(j.error + '; ', '') + 'its owner stopped renewing the lease on the last attempt' END,
    j.owner = null, j.lease_until = null, j.updated_at = $now
RETURN count(j) AS settled
;

// name: renew_job_lease
MATCH (j:Job {uid: $uid})
WHERE j.owner = $owner AND j.status = 'RUNNING'
SET j.lease_until = $lease_until
RETURN coalesce(j.cancel_requested, false) AS cancel
;

// name: guard_job_owner
// First statement of a job's result transaction: lock the job, then check it is still ours and RUNNING.
// No row means the lease was lost; the caller rolls the whole transaction back.
MATCH (c:Job {uid: $uid})
WHERE c.user_id = $user_id
SET c.committing_at = $now
WITH c AS j
WHERE j.owner = $owner AND j.status = 'RUNNING'
RETURN j.uid AS uid
;

// name: finish_job
MATCH (j:Job {uid: $uid})
WHERE j.user_id = $user_id AND j.status = 'RUNNING' AND j.owner = $owner
SET j.status = 'SUCCEEDED', j.updated_at = $now, j.error = null, j.owner = null, j.lease_until = null,
    j.finished_at = $now,
    j.llm_calls = j.llm_calls + $llm_calls, j.tokens_in = j.tokens_in + $tokens_in,
    j.tokens_out = j.tokens_out + $tokens_out, j.memories_created = $memories_created,
    j.memories_reinforced = $memories_reinforced, j.llm_log = $llm_log, j.extractor = $extractor,
    j.fallback_reason = $fallback_reason
RETURN j AS job
;

// name: complete_job
// A job whose work wrote its own results (a reflection cycle) is marked done with its LLM usage.
MATCH (j:Job {uid: $uid})
WHERE j.user_id = $user_id AND j.status = 'RUNNING' AND j.owner = $owner
SET j.status = 'SUCCEEDED', j.updated_at = $now, j.error = null, j.owner = null, j.lease_until = null,
    j.finished_at = $now,
    j.llm_calls = j.llm_calls + $llm_calls, j.tokens_in = j.tokens_in + $tokens_in,
    j.tokens_out = j.tokens_out + $tokens_out, j.outcome = $outcome
RETURN j AS job
;

// name: fail_job
// Retry with backoff while attempts remain, else FAILED. The reason is kept either way. Only the owner
// records a failure (a job taken over meanwhile belongs to its new owner).
MATCH (c:Job {uid: $uid})
WHERE c.user_id = $user_id
SET c.committing_at = $now
WITH c AS j
WHERE j.owner = $owner AND j.status = 'RUNNING'
SET j.error = $error, j.updated_at = $now, j.owner = null, j.lease_until = null,
    j.llm_calls = j.llm_calls + $llm_calls, j.tokens_in = j.tokens_in + $tokens_in,
    j.tokens_out = j.tokens_out + $tokens_out,
    j.status = CASE WHEN j.attempts >= $max_attempts THEN 'FAILED' ELSE 'PENDING' END,
    j.run_after = $retry_at
RETURN j AS job
;

// name: release_job
// Shutdown: hand a running job back at once (its attempt does not count) instead of waiting for the lease.
MATCH (c:Job {uid: $uid})
SET c.committing_at = $now
WITH c AS j
WHERE j.owner = $owner AND j.status = 'RUNNING'
SET j.status = 'PENDING', j.owner = null, j.lease_until = null, j.run_after = $now, j.updated_at = $now,
    j.attempts = CASE WHEN j.attempts > 0 THEN j.attempts - 1 ELSE 0 END
RETURN j.uid AS uid
;

// name: cancelled_while_running
MATCH (c:Job {uid: $uid})
SET c.committing_at = $now
WITH c AS j
WHERE j.owner = $owner AND j.status = 'RUNNING'
SET j.status = 'CANCELLED', j.owner = null, j.lease_until = null, j.updated_at = $now
RETURN j.uid AS uid
;

// name: cancel_job
// cancelJob: a PENDING job ends CANCELLED at once; a RUNNING one is asked to stop (its owner sees the request
// at its next lease renewal and records CANCELLED). Returns the status found before (no row: no such job).
MATCH (c:Job {uid: $uid})
WHERE c.user_id = $user_id
SET c.committing_at = $now
WITH c AS j, c.status AS before
SET j.status = CASE WHEN before = 'PENDING' THEN 'CANCELLED' ELSE j.status END,
    j.cancel_requested = CASE WHEN before IN ['PENDING', 'RUNNING'] THEN true ELSE j.cancel_requested END,
    j.updated_at = CASE WHEN before IN ['PENDING', 'RUNNING'] THEN $now ELSE j.updated_at END
RETURN j AS job, before
;

// name: retry_job
// retryJob: a FAILED or CANCELLED job is queued again with a fresh set of attempts.
MATCH (c:Job {uid: $uid})
WHERE c.user_id = $user_id
SET c.committing_at = $now
WITH c AS j, c.status AS before
SET j.status = CASE WHEN before IN ['FAILED', 'CANCELLED'] THEN 'PENDING' ELSE j.status END,
    j.attempts = CASE WHEN before IN ['FAILED', 'CANCELLED'] THEN 0 ELSE j.attempts END,
    j.cancel_requested = CASE WHEN before IN ['FAILED', 'CANCELLED'] THEN false ELSE j.cancel_requested END,
    j.run_after = CASE WHEN before IN ['FAILED', 'CANCELLED'] THEN $now ELSE j.run_after END,
    j.priority = CASE WHEN before IN ['FAILED', 'CANCELLED'] THEN $priority ELSE j.priority END,
    j.updated_at = CASE WHEN before IN ['FAILED', 'CANCELLED'] THEN $now ELSE j.updated_at END
RETURN j AS job, before
;

// name: prune_ended_jobs
// At most $limit jobs of any user that ended ($ended: SUCCEEDED, FAILED, CANCELLED) before $before, deleted. The
// claim token locks each first, and the status and time are read again under that lock: a job retryJob queued
// again meanwhile is PENDING and stays.
MATCH (c:Job)
WHERE c.status IN $ended AND c.updated_at < $before
WITH c LIMIT $limit
SET c.claim_token = $claim_token
WITH c AS j
WHERE j.status IN $ended AND j.updated_at < $before
DETACH DELETE j
RETURN count(*) AS deleted
;

// name: count_open_jobs
MATCH (j:Job)
WHERE j.status IN ['PENDING', 'RUNNING']
RETURN count(j) AS open
;

// name: open_jobs
// The open jobs, oldest due first (what a wait for the queue to drain is still waiting for).
MATCH (j:Job)
WHERE j.status IN ['PENDING', 'RUNNING']
RETURN j.uid AS uid, j.kind AS kind, j.status AS status, j.user_id AS user_id, j.attempts AS attempts,
       j.run_after AS run_after, j.lease_until AS lease_until, j.owner AS owner, j.error AS error
ORDER BY j.run_after
LIMIT $limit
;

// name: job_backlog
// Queue depth by status and the age of the oldest due PENDING job (metrics, /ready).
MATCH (j:Job)
WHERE j.status IN ['PENDING', 'RUNNING']
RETURN j.status AS status, count(j) AS jobs,
       min(CASE WHEN j.status = 'PENDING' THEN j.run_after END) AS oldest_due
;

// name: vector_backlog
// Events of every user still waiting for their vector (the embed_events jobs' backlog: metrics, /ready), and
// documents still being parsed, chunked and embedded.
CALL () {
  MATCH (e:Event)
  WHERE e.embed_due_at IS NOT NULL
  RETURN count(e) AS events, min(e.embed_due_at) AS oldest_due
}
CALL () {
  MATCH (d:Document)
  WHERE d.status = 'processing'
  RETURN count(d) AS documents, min(d.upload_at) AS oldest_upload
}
RETURN events, oldest_due, documents, oldest_upload
;
