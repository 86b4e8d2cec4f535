// graphsvc: what changed, newest first (the audit trail)
MATCH (h:HistoryEntry {user_id: $userId})-[:RECORDS]->(n)
RETURN h.created_at AS at, h.event AS event, labels(n)[0] AS label, n.name AS node, h.old_value AS old,
       h.new_value AS new, h.actor AS actor
ORDER BY at DESC
LIMIT 100
