// What changed about a user (issue 21): the HistoryEntry nodes of memories and traits in a time range.

// name: belief_changes
// Oldest first, keyset-paged after ($after_at, $after_uid). A memory's or a trait's entries are told apart by
// the node they record (a tombstone, whose node is gone, by its kind). A forgotten memory's entry has no content.
MATCH (h:HistoryEntry)
WHERE h.user_id = $user_id AND h.created_at >= $from AND h.created_at < $to
  AND h.event IN $events
  AND ($after_at IS NULL OR h.created_at > $after_at OR (h.created_at = $after_at AND h.uid > $after_uid))
OPTIONAL MATCH (h)-[:RECORDS]->(x)
WHERE x.user_id = $user_id
WITH h, CASE WHEN x:Memory THEN 'memory' WHEN x:Trait THEN 'trait' ELSE h.kind END AS kind
WHERE (kind = 'memory' AND h.event IN $memory_events) OR (kind = 'trait' AND h.event IN $trait_events)
RETURN h.uid AS uid, h.created_at AS at, kind, h.target_uid AS target_uid, h.event AS event, h.actor AS actor,
       h.old_value AS old_value, h.new_value AS new_value, h.reason AS reason, h.stage AS stage,
       coalesce(h.source_uids, []) AS evidence_uids, h.scrubbed_at IS NOT NULL AS scrubbed
ORDER BY h.created_at, h.uid
LIMIT $limit
;
