// What changed about a user: the HistoryEntry nodes of memories and traits in a time range, by the time the
// change was recorded or by the time what it is about happened. Both statements return each change's happened_at
// (when what it is about happened in the user's life; the rule is the clause happened_at in fragments.cypher).

// name: belief_changes
// Oldest recorded first, keyset-paged after ($after_at, $after_uid) on created_at. A memory's or a trait's
// entries are told apart by the node they record (a tombstone, whose node is gone, by its kind). A forgotten
// memory's entry has no content.
MATCH (h:HistoryEntry)
WHERE h.user_id = $user_id AND h.created_at >= $from AND h.created_at < $to
  AND h.event IN $events
  AND ($after_at IS NULL OR h.created_at > $after_at OR (h.created_at = $after_at AND h.uid > $after_uid))
OPTIONAL MATCH (h)-[:RECORDS]->(x)
WHERE x.user_id = $user_id
WITH h, x, CASE WHEN x:Memory THEN 'memory' WHEN x:Trait THEN 'trait' ELSE h.kind END AS kind
WHERE (kind = 'memory' AND h.event IN $memory_events) OR (kind = 'trait' AND h.event IN $trait_events)
WITH h, x, kind
ORDER BY h.created_at, h.uid
LIMIT $limit
{{happened_at(h, x, kind, happened_at)}}
RETURN h.uid AS uid, h.created_at AS at, happened_at, kind, h.target_uid AS target_uid, h.event AS event,
       h.actor AS actor, h.old_value AS old_value, h.new_value AS new_value, h.reason AS reason, h.stage AS stage,
       coalesce(h.source_uids, []) AS evidence_uids, h.scrubbed_at IS NOT NULL AS scrubbed
ORDER BY at, uid
;

// name: belief_changes_by_happened
// Oldest happened first, keyset-paged after ($after_at, $after_uid) on happened_at; a change whose happened
// time is unknown counts at its recorded time. The happened time is derived, so every change of the user is
// read.
MATCH (h:HistoryEntry)
WHERE h.user_id = $user_id AND h.event IN $events
OPTIONAL MATCH (h)-[:RECORDS]->(x)
WHERE x.user_id = $user_id
WITH h, x, CASE WHEN x:Memory THEN 'memory' WHEN x:Trait THEN 'trait' ELSE h.kind END AS kind
WHERE (kind = 'memory' AND h.event IN $memory_events) OR (kind = 'trait' AND h.event IN $trait_events)
{{happened_at(h, x, kind, happened_at)}}
WITH h, kind, happened_at, coalesce(happened_at, h.created_at) AS sort_at
WHERE sort_at >= $from AND sort_at < $to
  AND ($after_at IS NULL OR sort_at > $after_at OR (sort_at = $after_at AND h.uid > $after_uid))
RETURN h.uid AS uid, h.created_at AS at, happened_at, kind, h.target_uid AS target_uid, h.event AS event,
       h.actor AS actor, h.old_value AS old_value, h.new_value AS new_value, h.reason AS reason, h.stage AS stage,
       coalesce(h.source_uids, []) AS evidence_uids, h.scrubbed_at IS NOT NULL AS scrubbed
ORDER BY sort_at, uid
LIMIT $limit
;
