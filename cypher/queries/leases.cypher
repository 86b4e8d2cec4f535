// Named leases: one owner at a time across every process sharing the database (graphsvc/graph/leases.py).
// Each statement writes the Lease node first (taking its lock), then decides from what is committed.

// name: acquire_lease
MERGE (l:Lease {key: $key})
  ON CREATE SET l.owner = null, l.until = $now, l.name = 'lease ' + $key
SET l.touched_at = $now
WITH l
WHERE l.owner IS NULL OR l.owner = $owner OR l.until < $now
SET l.owner = $owner, l.until = $until, l.acquired_at = $now
RETURN l.key AS key
;

// name: renew_lease
MATCH (l:Lease {key: $key})
SET l.touched_at = $until
WITH l
WHERE l.owner = $owner
SET l.until = $until
RETURN l.key AS key
;

// name: release_lease
MATCH (l:Lease {key: $key})
WHERE l.owner = $owner
SET l.owner = null
RETURN l.key AS key
;
