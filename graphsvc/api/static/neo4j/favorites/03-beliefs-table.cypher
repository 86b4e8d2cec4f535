// graphsvc: beliefs as a table (no embeddings)
MATCH (t:Trait {user_id: $userId})
WHERE t.stage <> 'dissolved'
RETURN t.stage AS stage, t.subtype AS subtype, t.context AS context, round(t.confidence, 3) AS confidence,
       t.content AS belief, COUNT { (t)<-[:SUPPORTS]-(:Evidence) } AS supporting,
       COUNT { (t)<-[:CONTRADICTS]-(:Evidence) } AS contradicting
ORDER BY confidence DESC
