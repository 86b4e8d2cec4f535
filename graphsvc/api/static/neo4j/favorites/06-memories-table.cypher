// graphsvc: memories as a table, newest first (no embeddings or hashes)
MATCH (m:Memory {user_id: $userId})
RETURN m.memory_type AS type, m.status AS status, round(m.confidence, 3) AS confidence, m.content AS memory,
       m.created_at AS created, COUNT { (m)-[:EXTRACTED_FROM]->() } AS sources
ORDER BY created DESC
LIMIT 100
