// graphsvc: a user at a glance
MATCH (n {user_id: $userId})
RETURN labels(n)[0] AS label, count(*) AS nodes
ORDER BY nodes DESC
