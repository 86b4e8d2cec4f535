// Read path of the entity graph (seed 000 GraphQL: entities, entity) and the batched neighbour lookups
// behind its DataLoaders (graphsvc/graph/entities.py). Every statement filters on user_id.

// name: entities_page
// Keyset pagination over (subject, uid), served by the entity_user_subject index.
MATCH (e:Entity)
WHERE e.user_id = $user_id
  AND ($after_subject IS NULL OR e.subject > $after_subject OR (e.subject = $after_subject AND e.uid > $after_uid))
RETURN e AS entity
ORDER BY e.subject, e.uid
LIMIT $limit
;

// name: entities_search
// $lucene comes from graphsvc.graph.entities (word tokens only, tenant_key pre-filter); the WHERE is
// the exact tenant guard. Best alias score per entity, then subject, uid.
CALL db.index.fulltext.queryNodes('entity_names', $lucene, {limit: $k}) YIELD node, score
WHERE node.user_id = $user_id
MATCH (e:Entity)-[:HAS_ALIAS]->(node)
WHERE e.user_id = $user_id
WITH e, max(score) AS score
RETURN e AS entity, score
ORDER BY score DESC, e.subject, e.uid
SKIP $offset
LIMIT $limit
;

// name: entities_by_uid
UNWIND $uids AS uid
MATCH (e:Entity {uid: uid})
WHERE e.user_id = $user_id
RETURN e AS entity
;

// name: entity_subject_keys
// The applier's address (subject_key) of each of the user's entities among $uids (the validator's check).
UNWIND $uids AS uid
MATCH (e:Entity {uid: uid})
WHERE e.user_id = $user_id
RETURN e.uid AS uid, e.subject_key AS subject_key
;

// name: entity_aliases
UNWIND $uids AS uid
MATCH (e:Entity {uid: uid})-[:HAS_ALIAS]->(a:Alias)
WHERE e.user_id = $user_id
RETURN uid, a AS alias
ORDER BY uid, a.normalized
;

// name: entity_features
UNWIND $uids AS uid
MATCH (e:Entity {uid: uid})-[:HAS_FEATURE]->(f:Feature)
WHERE e.user_id = $user_id
RETURN uid, f AS feature
ORDER BY uid, f.key
;

// name: entity_relations
UNWIND $uids AS uid
MATCH (e:Entity {uid: uid})-[r:RELATES]-(o:Entity)
WHERE e.user_id = $user_id AND o.user_id = $user_id
RETURN uid, r.relation AS relation, r.strength AS strength, startNode(r) = e AS outgoing, o AS other,
       r.rule_id AS rule_id
ORDER BY uid, r.strength DESC, r.relation, o.uid
;

// name: entity_as_of
// entity(asOf:) (issue 12, valid time): the entity as the conversations up to $as_of showed it. A name,
// impression or relation counts from the first message it was observed in (or, made by hand, from when it was
// made); a feature has the value of its newest evidence said by then. Null when the entity was not observed
// by then.
MATCH (n:Entity {uid: $uid})
WHERE n.user_id = $user_id
CALL (n) {
  OPTIONAL MATCH (n)-[:OBSERVED_IN]->(x:Event)
  RETURN min(x.occurred_at) AS first_seen
}
WITH n, coalesce(first_seen, n.created_at) AS since
WHERE since IS NULL OR since <= $as_of
CALL (n) {
  OPTIONAL MATCH (n)-[:HAS_ALIAS]->(a:Alias)
  OPTIONAL MATCH (a)-[:FROM_EVENT]->(x:Event)
  WITH a, min(x.occurred_at) AS first_said
  WHERE a IS NOT NULL AND coalesce(first_said, a.created_at, $as_of) <= $as_of
  RETURN collect(a) AS aliases
}
CALL (n) {
  OPTIONAL MATCH (n)-[:HAS_IMPRESSION]->(i:Impression)
  OPTIONAL MATCH (i)<-[:SUPPORTS]-(:Evidence)-[:FROM_EVENT]->(x:Event)
  WITH i, min(x.occurred_at) AS first_said
  WHERE i IS NOT NULL AND coalesce(first_said, i.created_at, $as_of) <= $as_of
  RETURN collect(i) AS impressions
}
CALL (n) {
  OPTIONAL MATCH (n)-[:HAS_FEATURE]->(f:Feature)
  OPTIONAL MATCH (f)<-[:SUPPORTS]-(d:Evidence)
  WITH f, d ORDER BY d.observed_at DESC
  WITH f, collect(d) AS evidence
  WITH f, evidence, [d IN evidence WHERE d.observed_at <= $as_of][0] AS then
  WHERE f IS NOT NULL AND ((size(evidence) = 0 AND coalesce(f.observed_at, f.created_at, $as_of) <= $as_of)
                           OR then IS NOT NULL)
  RETURN collect({feature: f, value: coalesce(then.value, f.value),
                  observed_at: coalesce(then.observed_at, f.observed_at)}) AS features
}
CALL (n) {
  OPTIONAL MATCH (n)-[r:RELATES]-(o:Entity)
  WHERE o.user_id = $user_id
  OPTIONAL MATCH (x:Event)
  WHERE r.event_uids IS NOT NULL AND x.uid IN r.event_uids
  WITH n, r, o, min(x.occurred_at) AS first_said
  WHERE r IS NOT NULL AND coalesce(first_said, r.created_at, $as_of) <= $as_of
  RETURN collect({relation: r.relation, strength: r.strength, outgoing: startNode(r) = n, other: o,
                  rule_id: r.rule_id}) AS relations
}
RETURN n AS entity, aliases, impressions, features, relations
;
