// graphsvc: observations waiting for a decision, with their candidates and messages
MATCH (p:PendingObservation {user_id: $userId, status: 'open'})
OPTIONAL MATCH path = (p)-[:CANDIDATE|OBSERVED_IN]->()
RETURN p, path
