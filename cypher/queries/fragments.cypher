// Rules several statements share, each written once (graphsvc/graph/cypher.py expands {{name(args)}}).

// fragment: holds(memory, message)
// A current (active or archived) memory holds the message it was extracted from, unless it only took the message
// over by correcting a memory extracted from it (supersede_by_correction copies the corrected memory's
// EXTRACTED_FROM edges to the correction).
memory.status IN ['active', 'archived']
AND NOT EXISTS { (memory)<-[:SUPERSEDED_BY {reason: 'correction'}]-(:Memory)-[:EXTRACTED_FROM]->(message) }

// fragment: states_only_replaced_beliefs(message)
// A message states only replaced beliefs (the context and recall follow the current belief past it) when a
// memory extracted from it was superseded, by a later statement or by a correction, and no current memory
// holds it.
EXISTS { (:Memory {status: 'superseded'})-[:EXTRACTED_FROM]->(message) }
AND NOT EXISTS { (holder:Memory)-[:EXTRACTED_FROM]->(message) WHERE {{holds(holder, message)}} }
