// Portability (graphsvc.graph.portability): one user's nodes and edges back in (restore), with their stored
// labels and properties, then the edges between them by element id. The export's reads (one node and one edge
// statement per exported label) and the check that the user has no data yet are built from the catalog in
// graphsvc.graph.portability. Labels and types come from the file, checked against the catalog first.

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
