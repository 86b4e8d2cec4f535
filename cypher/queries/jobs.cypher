// Durable background jobs.

// name: create_job
// A job for an existing session only (no row, nothing created, when the user has no such session);
// end_conversation runs it in the same transaction as end_session, so an ended session always has its job.
MATCH (s:Session {uid: $session_uid})
WHERE s.user_id = $user_id
CREATE (j:Job {uid: $uid, user_id: $user_id, kind: $kind, status: 'PENDING', session_id: $session_id,
               attempts: 0, created_at: $now, updated_at: $now, run_after: $now,
               llm_calls: 0, tokens_in: 0, tokens_out: 0, memories_created: 0, memories_reinforced: 0})
MERGE (j)-[:FOR_SESSION]->(s)
RETURN j AS job
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

// name: claim_jobs
MATCH (j:Job)
WHERE j.status = 'PENDING' AND j.run_after <= $now
WITH j ORDER BY j.run_after, j.created_at LIMIT $limit
// Take the write lock first, then re-check: a concurrent claimer that got the lock
// before us has already moved the job on, and we must not run it twice.
SET j.claim_token = $claim_token
WITH j
WHERE j.status = 'PENDING'
SET j.status = 'RUNNING', j.attempts = j.attempts + 1, j.updated_at = $now
RETURN j AS job
;

// name: recover_running_jobs
// After a crash or restart: a RUNNING job wrote nothing (its results commit in one
// transaction with its SUCCEEDED status), so it is safe to run again.
MATCH (j:Job {status: 'RUNNING'})
SET j.status = 'PENDING', j.run_after = $now, j.updated_at = $now
RETURN count(j) AS recovered
;

// name: finish_job
MATCH (j:Job {uid: $uid})
WHERE j.user_id = $user_id AND j.status = 'RUNNING'
SET j.status = 'SUCCEEDED', j.updated_at = $now, j.error = null,
    j.llm_calls = j.llm_calls + $llm_calls, j.tokens_in = j.tokens_in + $tokens_in,
    j.tokens_out = j.tokens_out + $tokens_out, j.memories_created = $memories_created,
    j.memories_reinforced = $memories_reinforced, j.llm_log = $llm_log
RETURN j AS job
;

// name: fail_job
// Retry with backoff while attempts remain, else FAILED. The reason is kept either way.
MATCH (j:Job {uid: $uid})
WHERE j.user_id = $user_id
SET j.error = $error, j.updated_at = $now,
    j.llm_calls = j.llm_calls + $llm_calls, j.tokens_in = j.tokens_in + $tokens_in,
    j.tokens_out = j.tokens_out + $tokens_out,
    j.status = CASE WHEN j.attempts >= $max_attempts THEN 'FAILED' ELSE 'PENDING' END,
    j.run_after = $retry_at
RETURN j AS job
;

// name: count_open_jobs
MATCH (j:Job)
WHERE j.status IN ['PENDING', 'RUNNING']
RETURN count(j) AS open
;

// name: complete_job
// A job whose work wrote its own results (a reflection cycle) is marked done with its LLM usage.
MATCH (j:Job {uid: $uid})
WHERE j.user_id = $user_id AND j.status = 'RUNNING'
SET j.status = 'SUCCEEDED', j.updated_at = $now, j.error = null,
    j.llm_calls = j.llm_calls + $llm_calls, j.tokens_in = j.tokens_in + $tokens_in,
    j.tokens_out = j.tokens_out + $tokens_out, j.outcome = $outcome
RETURN j AS job
;
