// Pending observations (seed 000 §4): what the identity resolver or the validator left for a person to
// decide, stored, listed and resolved (graphsvc/graph/pending_observations.py). Every statement filters on
// user_id.

// name: store_pending_observations
// Pending uids are derived from the observation and its events, so storing twice stores once.
UNWIND $rows AS row
OPTIONAL MATCH (old:PendingObservation {uid: row.uid})
WITH row, old
WHERE old IS NULL
CREATE (p:PendingObservation {uid: row.uid, user_id: $user_id, subject: row.subject, reason: row.reason,
                              detail: row.detail, payload: row.payload, status: 'open', created_at: $now,
                              name: 'pending: ' + row.subject})
WITH p, row
CALL (p, row) {
  UNWIND row.candidate_uids AS candidate_uid
  MATCH (c:Entity {uid: candidate_uid})
  WHERE c.user_id = $user_id
  CREATE (p)-[:CANDIDATE]->(c)
  RETURN count(c) AS candidates
}
CALL (p, row) {
  UNWIND row.event_uids AS event_uid
  MATCH (x:Event {uid: event_uid})
  WHERE x.user_id = $user_id
  CREATE (p)-[:OBSERVED_IN]->(x)
  RETURN count(x) AS events
}
RETURN count(p) AS stored
;

// name: pending_by_uids
UNWIND $uids AS uid
MATCH (p:PendingObservation {uid: uid})
WHERE p.user_id = $user_id
RETURN p.uid AS uid, p.status AS status
;

// name: resolve_pending_observation
// Mark a pending observation resolved as an entity, with a history entry; only an open one changes.
MATCH (p:PendingObservation {uid: $uid})
WHERE p.user_id = $user_id AND p.status = 'open'
MATCH (e:Entity {uid: $entity_uid})
WHERE e.user_id = $user_id
SET p.status = 'resolved', p.resolved_at = $now
CREATE (p)-[:RESOLVED_AS]->(e)
CREATE (h:HistoryEntry {uid: $history_uid, user_id: $user_id, target_uid: p.uid, event: 'pending_resolved',
                        old_value: 'open', new_value: e.uid, actor: $actor, created_at: $now})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(p)
RETURN p.uid AS uid
;

// name: pending_observations
MATCH (p:PendingObservation)
WHERE p.user_id = $user_id AND ($status IS NULL OR p.status = $status)
OPTIONAL MATCH (p)-[:RESOLVED_AS]->(r:Entity)
RETURN p AS pending, r.uid AS resolved_uid
ORDER BY p.created_at DESC, p.uid
LIMIT $limit
;

// name: pending_observation_by_uid
MATCH (p:PendingObservation {uid: $uid})
WHERE p.user_id = $user_id
OPTIONAL MATCH (p)-[:RESOLVED_AS]->(r:Entity)
RETURN p AS pending, r.uid AS resolved_uid
;

// name: pending_candidates
UNWIND $uids AS uid
MATCH (p:PendingObservation {uid: uid})-[:CANDIDATE]->(e:Entity)
WHERE p.user_id = $user_id AND e.user_id = $user_id
RETURN uid, e AS entity
ORDER BY uid, e.subject
;

// name: delete_user_pending_observations
// Removes up to $limit of one user's pending observations with their history; call until it returns 0.
MATCH (p:PendingObservation)
WHERE p.user_id = $user_id
WITH p LIMIT $limit
OPTIONAL MATCH (p)<-[:RECORDS]-(h:HistoryEntry)
WITH collect(DISTINCT p) + collect(DISTINCT h) AS doomed
UNWIND doomed AS n
DETACH DELETE n
RETURN count(n) AS deleted
;
