// The daily learning job (seed 003): one LearningRun per user and local day, claimed under a lease.

// name: claim_learning_run
// Take the user's run of $day: create it, or take it over when it is not COMPLETED and its lease is free or
// expired (a FAILED run is run again; a run this very owner is doing is not taken twice). Returns the run and whether this owner holds it now. MERGE locks the
// node, so two processes claiming at once take turns and only one gets claimed = true.
MERGE (r:LearningRun {uid: $uid})
  ON CREATE SET r.user_id = $user_id, r.day = $day, r.status = 'RUNNING', r.owner = null, r.attempts = 0,
                r.lease_until = $now, r.created_at = $now, r.name = 'learning ' + $day
WITH r
WHERE r.user_id = $user_id
WITH r, r.status <> 'COMPLETED' AND (r.owner IS NULL OR r.lease_until < $now) AS free
SET r.owner = CASE WHEN free THEN $owner ELSE r.owner END,
    r.lease_until = CASE WHEN free THEN $until ELSE r.lease_until END,
    r.status = CASE WHEN free THEN 'RUNNING' ELSE r.status END,
    r.attempts = CASE WHEN free THEN r.attempts + 1 ELSE r.attempts END,
    r.started_at = CASE WHEN free THEN $now ELSE r.started_at END,
    r.error = CASE WHEN free THEN null ELSE r.error END
RETURN r AS run, free AS claimed
;

// name: renew_learning_run
MATCH (r:LearningRun {uid: $uid})
WHERE r.user_id = $user_id AND r.owner = $owner AND r.status = 'RUNNING'
SET r.lease_until = $until
RETURN r.uid AS uid
;

// name: finish_learning_run
// The run's outcome, written only while this owner still holds it.
MATCH (r:LearningRun {uid: $uid})
WHERE r.user_id = $user_id AND r.owner = $owner AND r.status = 'RUNNING'
SET r += $counts, r.status = $status, r.error = $error, r.finished_at = $now, r.owner = null,
    r.duration_ms = $duration_ms
RETURN r AS run
;

// name: recent_learning_runs
MATCH (r:LearningRun)
WHERE r.user_id = $user_id
RETURN r AS run
ORDER BY r.day DESC, r.started_at DESC
LIMIT $limit
;

// name: learning_active_users
// Users with an event ingested since $since (an index range on ingested_at), by user id.
MATCH (e:Event)
WHERE e.ingested_at >= $since
RETURN DISTINCT e.user_id AS user_id
ORDER BY user_id
;

// name: archive_stale_memories
// Seed 003's archival: active memories not reinforced (nor created) since $before, with importance below
// $importance_below, become archived: kept, out of default recall, restorable (issue 12's status model:
// status 'archived', status_changed_at). A HistoryEntry says why.
MATCH (m:Memory)
WHERE m.user_id = $user_id AND m.status = 'active'
  AND coalesce(m.last_reinforced_at, m.created_at) < $before
  AND coalesce(m.importance, 0.0) < $importance_below
SET m.status = 'archived', m.status_changed_at = $now, m.archived_by = 'daily_learning'
CREATE (h:HistoryEntry {uid: randomUUID(), user_id: $user_id, target_uid: m.uid, event: 'archived',
                        old_value: 'active', new_value: 'archived', actor: 'daily_learning',
                        reason: 'not reinforced for ' + toString($after_days) + ' days, importance below ' +
                                toString($importance_below),
                        created_at: $now})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(m)
RETURN count(m) AS archived
;

// name: learning_run
MATCH (r:LearningRun {uid: $uid})
WHERE r.user_id = $user_id
RETURN r AS run
;
