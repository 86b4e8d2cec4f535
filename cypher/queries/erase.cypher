// eraseUser (graphsvc.graph.erase): the user's Erasure node, which holds the counts of an erasure under way
// (so an interrupted erasure resumes where it stopped and reports everything it deleted). The deletes
// themselves, one bounded batch of one label per transaction, and the count of what is left are built in
// graphsvc.graph.erase from the catalog (graphsvc.graph.catalog), one statement per declared label.
//
// The write gate: every transaction that writes a user's data runs write_gate first (graphsvc.graph.database
// NamedTx). It MERGEs the user's Erasure uid: the uniqueness constraint's lock on that key is held until the
// transaction ends, so writes of one user take turns there, and erase_begin (a MERGE of the same key) waits for
// the writes in flight and commits before any later one passes the gate. A gate node it creates itself (gate:
// true) is deleted in the same statement and never committed; an Erasure that was there means the user is being
// erased: the write is refused.

// name: write_gate
MERGE (x:Erasure {uid: $erasure_uid})
  ON CREATE SET x.user_id = $user_id, x.gate = true
WITH x, coalesce(x.gate, false) AS mine
CALL (x, mine) {
  WITH x, mine
  WHERE mine
  DELETE x
}
RETURN NOT mine AS erasing
;

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
