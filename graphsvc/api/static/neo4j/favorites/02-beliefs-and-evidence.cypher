// graphsvc: this user's beliefs and their evidence
MATCH (t:Trait {user_id: $userId})
WHERE t.stage <> 'dissolved'
OPTIONAL MATCH path = (t)<-[:SUPPORTS|CONTRADICTS]-(:Evidence)-[:CITES]->(:Memory)-[:EXTRACTED_FROM]->(:Event)
RETURN t, path
LIMIT 200
