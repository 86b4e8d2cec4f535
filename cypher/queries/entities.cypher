// Simple entity and alias upsert from extraction (the full seed-000 pipeline builds on this).

// name: upsert_entities
UNWIND $entities AS ent
MERGE (n:Entity {subject_key: ent.subject_key})
  ON CREATE SET n.uid = ent.uid, n.user_id = $user_id, n.tenant_key = $tenant_key,
                n.subject = ent.subject, n.kind = ent.kind, n.created_at = $now
WITH n, ent
WHERE n.user_id = $user_id
UNWIND ent.aliases AS alias
MERGE (a:Alias {uid: alias.uid})
  ON CREATE SET a.user_id = $user_id, a.tenant_key = $tenant_key, a.name = alias.name,
                a.normalized = alias.normalized
MERGE (n)-[:HAS_ALIAS]->(a)
WITH n, ent
UNWIND ent.source_uids AS source_uid
MATCH (e:Event {uid: source_uid})
WHERE e.user_id = $user_id
MERGE (n)-[:OBSERVED_IN]->(e)
RETURN count(DISTINCT n) AS entities
;
