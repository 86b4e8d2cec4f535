// Hand-made changes to the entity graph from GraphQL (agent tools): the user's entity lock and merging two
// entities (graphsvc/graph/entity_curation.py). Upserts and aliases reuse the applier's statements
// (entity_writes.cypher).

// name: lock_user_entities
// First statement of a curation transaction: the user's entity lock. Curations of one user take turns here,
// so each one's checks see what the previous one committed (check and write in one transaction).
MERGE (l:EntityLock {user_id: $user_id})
SET l.locked_at = $now, l.name = 'entity lock'
RETURN l.user_id AS user_id
;

// name: entity_owners
// The owner of each uid, so a merge across users is refused explicitly instead of "not found".
UNWIND $uids AS uid
MATCH (e:Entity {uid: uid})
RETURN e.uid AS uid, e.user_id AS user_id, e.subject AS subject
;

// name: merge_aliases
// The drop's aliases move to keep; a name keep already has is deleted (it names keep already).
MATCH (k:Entity {uid: $keep}), (d:Entity {uid: $drop})
WHERE k.user_id = $user_id AND d.user_id = $user_id AND k <> d
MATCH (d)-[r:HAS_ALIAS]->(a:Alias)
OPTIONAL MATCH (k)-[:HAS_ALIAS]->(same:Alias {normalized: a.normalized})
WITH k, r, a, same
CALL (k, r, a, same) {
  WITH k, r, a, same
  WHERE same IS NULL
  CREATE (k)-[:HAS_ALIAS]->(a)
  DELETE r
}
WITH a, same
WHERE same IS NOT NULL
DETACH DELETE a
;

// name: merge_impressions
// Impressions move to keep; an impression keep has already (same content_hash) hands over its evidence
// and history, then goes.
MATCH (k:Entity {uid: $keep}), (d:Entity {uid: $drop})
WHERE k.user_id = $user_id AND d.user_id = $user_id AND k <> d
MATCH (d)-[r:HAS_IMPRESSION]->(i:Impression)
OPTIONAL MATCH (k)-[:HAS_IMPRESSION]->(same:Impression {content_hash: i.content_hash})
WITH k, r, i, same
CALL (k, r, i, same) {
  WITH k, r, i, same
  WHERE same IS NULL
  CREATE (k)-[:HAS_IMPRESSION]->(i)
  DELETE r
}
CALL (i, same) {
  WITH i, same
  WHERE same IS NOT NULL
  OPTIONAL MATCH (ev:Evidence)-[s:SUPPORTS]->(i)
  OPTIONAL MATCH (ev)-[:FROM_EVENT]->(x:Event)
  OPTIONAL MATCH (same)<-[:SUPPORTS]-(:Evidence)-[dup:FROM_EVENT]->(x)
  WITH same, ev, s, dup
  WHERE ev IS NOT NULL
  CALL (same, ev, s, dup) {
    WITH same, ev, s, dup
    WHERE dup IS NULL
    CREATE (ev)-[:SUPPORTS]->(same)
    DELETE s
  }
  CALL (ev, dup) {
    WITH ev, dup
    WHERE dup IS NOT NULL
    DETACH DELETE ev
  }
}
CALL (i, same) {
  WITH i, same
  WHERE same IS NOT NULL
  OPTIONAL MATCH (h:HistoryEntry)-[rec:RECORDS]->(i)
  WITH same, h, rec
  WHERE h IS NOT NULL
  CREATE (h)-[:RECORDS]->(same)
  DELETE rec
}
WITH i, same
WHERE same IS NOT NULL
DETACH DELETE i
;

// name: merge_features
// Features move to keep; for a key keep has already, keep's value stays and the drop's value is recorded
// in a history entry on keep's feature before the drop's feature goes.
MATCH (k:Entity {uid: $keep}), (d:Entity {uid: $drop})
WHERE k.user_id = $user_id AND d.user_id = $user_id AND k <> d
MATCH (d)-[r:HAS_FEATURE]->(f:Feature)
OPTIONAL MATCH (k)-[:HAS_FEATURE]->(same:Feature {key: f.key})
WITH k, r, f, same
CALL (k, r, f, same) {
  WITH k, r, f, same
  WHERE same IS NULL
  CREATE (k)-[:HAS_FEATURE]->(f)
  DELETE r
}
CALL (f, same) {
  WITH f, same
  WHERE same IS NOT NULL
  CREATE (h:HistoryEntry {uid: randomUUID(), user_id: $user_id, target_uid: same.uid, event: 'feature_merged',
                          old_value: f.value, new_value: same.value, actor: $actor, created_at: $now})
  SET h.name = h.event
  CREATE (h)-[:RECORDS]->(same)
  WITH f, same
  OPTIONAL MATCH (old:HistoryEntry)-[rec:RECORDS]->(f)
  WITH same, old, rec
  WHERE old IS NOT NULL
  CREATE (old)-[:RECORDS]->(same)
  DELETE rec
}
WITH f, same
WHERE same IS NOT NULL
DETACH DELETE f
;

// name: merge_relations
// Relations of drop become relations of keep (the stronger wins when keep has the same one); relations
// between the two disappear with drop.
MATCH (k:Entity {uid: $keep}), (d:Entity {uid: $drop})
WHERE k.user_id = $user_id AND d.user_id = $user_id AND k <> d
CALL (k, d) {
  MATCH (d)-[r:RELATES]->(o:Entity)
  WHERE o <> k AND o.user_id = $user_id
  MERGE (k)-[n:RELATES {relation: r.relation}]->(o)
    ON CREATE SET n.strength = r.strength, n.rule_id = r.rule_id, n.created_at = r.created_at, n.updated_at = $now
    ON MATCH SET n.strength = CASE WHEN r.strength > n.strength THEN r.strength ELSE n.strength END,
                 n.updated_at = $now
  RETURN count(*) AS outgoing
}
CALL (k, d) {
  MATCH (o:Entity)-[r:RELATES]->(d)
  WHERE o <> k AND o.user_id = $user_id
  MERGE (o)-[n:RELATES {relation: r.relation}]->(k)
    ON CREATE SET n.strength = r.strength, n.rule_id = r.rule_id, n.created_at = r.created_at, n.updated_at = $now
    ON MATCH SET n.strength = CASE WHEN r.strength > n.strength THEN r.strength ELSE n.strength END,
                 n.updated_at = $now
  RETURN count(*) AS incoming
}
RETURN outgoing, incoming
;

// name: merge_provenance
// Edges that point at drop from elsewhere or record where it was observed now concern keep.
MATCH (k:Entity {uid: $keep}), (d:Entity {uid: $drop})
WHERE k.user_id = $user_id AND d.user_id = $user_id AND k <> d
CALL (k, d) {
  MATCH (d)-[:OBSERVED_IN]->(x:Event)
  MERGE (k)-[:OBSERVED_IN]->(x)
  RETURN count(*) AS events
}
CALL (k, d) {
  MATCH (m:Memory)-[:MENTIONS]->(d)
  MERGE (m)-[:MENTIONS]->(k)
  RETURN count(*) AS memories
}
CALL (k, d) {
  MATCH (p:PendingObservation)-[:CANDIDATE]->(d)
  MERGE (p)-[:CANDIDATE]->(k)
  RETURN count(*) AS candidates
}
CALL (k, d) {
  MATCH (p:PendingObservation)-[:RESOLVED_AS]->(d)
  MERGE (p)-[:RESOLVED_AS]->(k)
  RETURN count(*) AS resolved
}
CALL (k, d) {
  MATCH (h:HistoryEntry)-[r:RECORDS]->(d)
  CREATE (h)-[:RECORDS]->(k)
  DELETE r
  RETURN count(*) AS history
}
RETURN events, memories, candidates, resolved, history
;

// name: merge_finish
// The merge itself is recorded on keep (old value: what drop was), keep takes drop's kind (and the rule that
// decided it) if its own is the default, and drop goes.
MATCH (k:Entity {uid: $keep}), (d:Entity {uid: $drop})
WHERE k.user_id = $user_id AND d.user_id = $user_id AND k <> d
CREATE (h:HistoryEntry {uid: $history_uid, user_id: $user_id, target_uid: k.uid, event: 'entity_merged',
                        old_value: $dropped_json, new_value: k.subject, actor: $actor, created_at: $now})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(k)
SET k.kind_rule = CASE WHEN k.kind = 'thing' THEN d.kind_rule ELSE k.kind_rule END
SET k.kind = CASE WHEN k.kind = 'thing' THEN d.kind ELSE k.kind END, k.updated_at = $now
DETACH DELETE d
RETURN k.uid AS uid
;
