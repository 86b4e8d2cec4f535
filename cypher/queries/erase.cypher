// eraseUser (graphsvc.graph.erase): the user's Erasure node, which holds the counts of an erasure under way
// (so an interrupted erasure resumes where it stopped and reports everything it deleted). The deletes
// themselves, one bounded batch of one label per transaction, and the count of what is left are built in
// graphsvc.graph.erase from the catalog (graphsvc.graph.catalog), one statement per declared label.

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
