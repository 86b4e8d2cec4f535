// The light identity index (seed 000 KnownEntityIdentity): an entity's uid, subject, subject key and names,
// read by index seeks only (graphsvc/graph/identity.py).

// name: entity_identities_by_names
// The light identity index: entities whose alias (range index alias_lookup) or subject key (unique
// constraint) matches one of the normalised $names. Index seeks only: cost follows len($names).
CALL () {
  UNWIND $names AS name
  MATCH (a:Alias {user_id: $user_id, normalized: name})<-[:HAS_ALIAS]-(e:Entity)
  WHERE e.user_id = $user_id
  RETURN e
  UNION
  UNWIND $subject_keys AS key
  MATCH (e:Entity {subject_key: key})
  WHERE e.user_id = $user_id
  RETURN e
}
WITH DISTINCT e
CALL (e) {
  OPTIONAL MATCH (e)-[:HAS_ALIAS]->(x:Alias)
  RETURN collect(x.name) AS aliases, collect(x.normalized) AS normalized
}
RETURN e.uid AS uid, e.subject AS subject, e.subject_key AS subject_key, aliases, normalized
;

// name: entity_identities_by_uids
UNWIND $uids AS uid
MATCH (e:Entity {uid: uid})
WHERE e.user_id = $user_id
CALL (e) {
  OPTIONAL MATCH (e)-[:HAS_ALIAS]->(x:Alias)
  RETURN collect(x.name) AS aliases, collect(x.normalized) AS normalized
}
RETURN e.uid AS uid, e.subject AS subject, e.subject_key AS subject_key, aliases, normalized
;
