// Portability (issue 12, graphsvc.pipeline.portability): one user's nodes and edges out (export) and back in
// (restore). Export reads label by label (a label in the query lets the user_id index serve it) and streams.
// Restore creates nodes with their stored labels and properties, then edges between them by element id.

// name: export_nodes_session
MATCH (n:Session)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_session
MATCH (n:Session)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_event
MATCH (n:Event)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_event
MATCH (n:Event)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_memory
MATCH (n:Memory)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_memory
MATCH (n:Memory)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_entity
MATCH (n:Entity)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_entity
MATCH (n:Entity)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_alias
MATCH (n:Alias)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_alias
MATCH (n:Alias)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_impression
MATCH (n:Impression)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_impression
MATCH (n:Impression)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_feature
MATCH (n:Feature)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_feature
MATCH (n:Feature)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_trait
MATCH (n:Trait)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_trait
MATCH (n:Trait)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_evidence
MATCH (n:Evidence)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_evidence
MATCH (n:Evidence)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_reflection_cycle
MATCH (n:ReflectionCycle)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_reflection_cycle
MATCH (n:ReflectionCycle)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_reflection_state
MATCH (n:ReflectionState)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_reflection_state
MATCH (n:ReflectionState)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_history_entry
MATCH (n:HistoryEntry)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_history_entry
MATCH (n:HistoryEntry)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_pending_observation
MATCH (n:PendingObservation)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_pending_observation
MATCH (n:PendingObservation)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: export_nodes_job
MATCH (n:Job)
WHERE n.user_id = $user_id
RETURN labels(n) AS labels, properties(n) AS props
;

// name: export_edges_job
MATCH (n:Job)-[r]->(m)
WHERE n.user_id = $user_id AND m.user_id = $user_id
RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props
;

// name: restore_user_exists
// Does the target database already hold nodes of this user? (A restore goes into an empty place only.)
CALL () {
  MATCH (n:Session) WHERE n.user_id = $user_id RETURN n LIMIT 1
  UNION
  MATCH (n:Event) WHERE n.user_id = $user_id RETURN n LIMIT 1
  UNION
  MATCH (n:Memory) WHERE n.user_id = $user_id RETURN n LIMIT 1
  UNION
  MATCH (n:Entity) WHERE n.user_id = $user_id RETURN n LIMIT 1
  UNION
  MATCH (n:Trait) WHERE n.user_id = $user_id RETURN n LIMIT 1
}
RETURN count(n) AS found
;

// name: restore_nodes
// $rows: {labels, props} of one user's nodes (props hold user_id; values already typed by the driver).
CYPHER 25
UNWIND $rows AS row
CREATE (n:$(row.labels))
SET n = row.props
WITH n, row
WHERE n.user_id = $user_id
RETURN n.uid AS uid, elementId(n) AS id
;

// name: restore_edges
// $rows: {start, end (element ids), type, props}.
CYPHER 25
UNWIND $rows AS row
MATCH (a)
WHERE elementId(a) = row.start AND a.user_id = $user_id
MATCH (b)
WHERE elementId(b) = row.end AND b.user_id = $user_id
CREATE (a)-[r:$(row.type)]->(b)
SET r = row.props
RETURN count(r) AS edges
;

// name: restore_embeddings
// $rows: {id (element id), embedding}.
UNWIND $rows AS row
MATCH (n)
WHERE elementId(n) = row.id AND n.user_id = $user_id
SET n.embedding = row.embedding
RETURN count(n) AS embedded
;
