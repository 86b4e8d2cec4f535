// Why graphsvc believes an entity (graphsvc.graph.entity_provenance): who set its kind, the messages it was
// observed in, and each relation with the messages that stated it. Every statement filters on user_id.

// name: entity_kind_setter
// The entity, and the actor of the history entry that set its current kind: the newest kind change, else its
// creation (null when no entry is left, e.g. an entity older than its history).
MATCH (n:Entity {uid: $uid})
WHERE n.user_id = $user_id
CALL (n) {
  OPTIONAL MATCH (h:HistoryEntry {target_uid: n.uid})
  WHERE h.user_id = $user_id AND h.event IN ['kind_changed', 'entity_created']
  WITH h ORDER BY CASE h.event WHEN 'kind_changed' THEN 0 ELSE 1 END, h.created_at DESC
  RETURN collect(h.actor)[0] AS kind_actor
}
RETURN n AS entity, kind_actor
;

// name: entity_observed_in
// The messages (and other source records) the entity was observed in (OBSERVED_IN), newest first, at most
// $limit, and how many there are; forgotten ones (tombstones without text) are left out of both.
MATCH (n:Entity {uid: $uid})
WHERE n.user_id = $user_id
CALL (n) {
  MATCH (n)-[:OBSERVED_IN]->(x:Event)
  WHERE x.user_id = $user_id AND x.forgotten_at IS NULL
  RETURN count(x) AS observed
}
CALL (n) {
  OPTIONAL MATCH (n)-[:OBSERVED_IN]->(x:Event)
  WHERE x.user_id = $user_id AND x.forgotten_at IS NULL
  WITH x ORDER BY x.occurred_at DESC, x.uid
  LIMIT $limit
  RETURN collect(x) AS messages
}
RETURN observed, messages
;

// name: entity_relation_sources
// The entity's relations both ways, strongest first, each with its rule (null: an LLM or a person stated it),
// how many messages it was observed in (event_uids; none for one made by hand) and the newest $per_relation of
// them that are still stored and not forgotten.
MATCH (n:Entity {uid: $uid})-[r:RELATES]-(o:Entity)
WHERE n.user_id = $user_id AND o.user_id = $user_id
CALL (r) {
  OPTIONAL MATCH (x:Event)
  WHERE x.uid IN coalesce(r.event_uids, []) AND x.user_id = $user_id AND x.forgotten_at IS NULL
  WITH x ORDER BY x.occurred_at DESC, x.uid
  LIMIT $per_relation
  RETURN collect(x) AS messages
}
RETURN r.relation AS relation, r.strength AS strength, startNode(r) = n AS outgoing, o AS other,
       r.rule_id AS rule_id, size(coalesce(r.event_uids, [])) AS observed, messages
ORDER BY r.strength DESC, r.relation, o.uid
;
