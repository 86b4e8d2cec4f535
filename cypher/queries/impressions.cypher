// Impressions of entities: the batched reads behind the DataLoaders, their evidence, and their embeddings
// (graphsvc/graph/impressions.py). Every statement filters on user_id.

// name: entity_impressions
UNWIND $uids AS uid
MATCH (e:Entity {uid: uid})-[:HAS_IMPRESSION]->(i:Impression)
WHERE e.user_id = $user_id
RETURN uid, i AS impression
ORDER BY uid, i.created_at DESC, i.uid
;

// name: impression_evidence
UNWIND $uids AS uid
MATCH (i:Impression {uid: uid})<-[:SUPPORTS]-(d:Evidence)-[:FROM_EVENT]->(x:Event)
WHERE i.user_id = $user_id AND d.user_id = $user_id AND x.user_id = $user_id
RETURN uid, d AS evidence, x.uid AS event_uid, x.source_id AS message_id, x.session_id AS session_id,
       x.speaker AS speaker, x.content AS content, x.occurred_at AS occurred_at
ORDER BY uid, x.occurred_at, x.uid
;

// name: impressions_without_embedding
// Impressions not yet embedded (new ones, and those written before impressions took part in recall).
MATCH (i:Impression)
WHERE i.user_id = $user_id AND i.embedding IS NULL
RETURN i.uid AS uid, i.content AS content
ORDER BY i.uid
LIMIT $limit
;

// name: set_impression_embeddings
UNWIND $rows AS row
MATCH (i:Impression {uid: row.uid})
WHERE i.user_id = $user_id AND i.embedding IS NULL
SET i.embedding = row.embedding
RETURN count(i) AS embedded
;
