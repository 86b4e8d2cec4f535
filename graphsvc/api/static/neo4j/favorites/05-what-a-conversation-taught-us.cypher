// graphsvc: what a conversation taught us ($sessionId)
MATCH (s:Session {user_id: $userId, session_id: $sessionId})-[:HAS_EVENT]->(message:Event)
OPTIONAL MATCH learned = (message)<-[:EXTRACTED_FROM]-(:Memory)
OPTIONAL MATCH observed = (message)<-[:OBSERVED_IN]-(:Entity)
RETURN s, message, learned, observed
