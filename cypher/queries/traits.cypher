// Traits (seed 002 §3–8): the user's profile with its evidence chain, lineage and history
// (graphsvc/graph/traits.py) and what a reflection cycle plans on. Recall reads traits in recall.cypher and
// recall_hits.cypher. Every statement filters on user_id.

// name: trait_profile
MATCH (t:Trait)
WHERE t.user_id = $user_id AND t.stage IN $stages
  AND ($subtype IS NULL OR t.subtype = $subtype) AND ($context IS NULL OR t.context = $context)
RETURN t AS trait
;

// name: trait_evidence
// Evidence of each trait with the memory it cites and that memory's source message ids.
UNWIND $uids AS uid
MATCH (t:Trait {uid: uid})
WHERE t.user_id = $user_id
MATCH (ev:Evidence)-[:SUPPORTS|CONTRADICTS]->(t)
WHERE ev.user_id = $user_id
OPTIONAL MATCH (ev)-[:CITES]->(m:Memory)
WHERE m.user_id = $user_id
RETURN t.uid AS trait_uid, ev AS evidence, m.uid AS memory_uid, m.content AS memory_content,
       m.memory_type AS memory_type,
       [(m)-[:EXTRACTED_FROM]->(e:Event) WHERE e.user_id = $user_id | e.source_id] AS source_ids
ORDER BY ev.created_at, ev.uid
;

// name: trait_parents
UNWIND $uids AS uid
MATCH (p:Trait)-[:PARENT_OF]->(c:Trait {uid: uid})
WHERE c.user_id = $user_id AND p.user_id = $user_id
RETURN c.uid AS key, p AS trait
;

// name: trait_children
UNWIND $uids AS uid
MATCH (p:Trait {uid: uid})-[:PARENT_OF]->(c:Trait)
WHERE p.user_id = $user_id AND c.user_id = $user_id
RETURN p.uid AS key, c AS trait
;

// name: traits_as_of
// The user's traits recorded by $as_of, each with its history in the order it was written (a cycle's entries
// share one time and keep their order in seq): userTraits(asOf:) replays it.
MATCH (t:Trait)
WHERE t.user_id = $user_id AND (t.created_at IS NULL OR t.created_at <= $as_of)
OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(t)
WHERE h.user_id = $user_id
WITH t, h ORDER BY h.created_at, coalesce(h.seq, 0), h.uid
RETURN t AS trait, collect(h) AS history
;

// name: trait_history
// The history of the given traits of the user, oldest first (a cycle's entries share one time and keep their
// order in seq): Trait.history, the dashboard's confidence chart. Another user's trait yields no row.
UNWIND $uids AS uid
MATCH (h:HistoryEntry)-[:RECORDS]->(t:Trait {uid: uid})
WHERE t.user_id = $user_id AND h.user_id = $user_id
WITH t, h ORDER BY h.created_at, coalesce(h.seq, 0), h.uid
RETURN t.uid AS trait_uid, collect(h) AS history
;

// name: reflection_traits
// The user's active traits with their evidence (memory, kind, grade, cycle, conversations, the named speakers -
// not an assistant - of the messages the memory comes from).
MATCH (t:Trait)
WHERE t.user_id = $user_id AND t.stage <> 'dissolved'
OPTIONAL MATCH (ev:Evidence)-[:SUPPORTS|CONTRADICTS]->(t)
WHERE ev.user_id = $user_id
OPTIONAL MATCH (ev)-[:CITES]->(m:Memory)
WHERE m.user_id = $user_id
WITH t, collect(CASE WHEN m IS NULL THEN null ELSE {
  uid: ev.uid, memory_uid: m.uid, kind: ev.kind, grade: ev.grade, cycle_id: ev.cycle_id,
  created_at: ev.created_at, inherited_from: ev.inherited_from, resolved_at: ev.resolved_at,
  strong: ev.strong, sessions: [(m)-[:EXTRACTED_FROM]->(e:Event) WHERE e.user_id = $user_id | e.session_id],
  speakers: [(m)-[:EXTRACTED_FROM]->(e:Event)
             WHERE e.user_id = $user_id AND e.speaker IS NOT NULL AND trim(e.speaker) <> ''
               AND NOT toLower(coalesce(e.role, 'user')) IN $non_source_roles | e.speaker]
} END) AS evidence
RETURN t AS trait, evidence
ORDER BY t.created_at, t.uid
;

// name: reflection_parent_edges
MATCH (p:Trait)-[:PARENT_OF]->(c:Trait)
WHERE p.user_id = $user_id AND c.user_id = $user_id
RETURN p.uid AS parent, c.uid AS child
;

// name: trait_is_descendant
// True when $ancestor reaches $descendant over PARENT_OF (0 hops: the same trait).
MATCH (a:Trait {uid: $ancestor})
WHERE a.user_id = $user_id
RETURN EXISTS {
  MATCH (a)-[:PARENT_OF*0..]->(d:Trait {uid: $descendant})
  WHERE d.user_id = $user_id
} AS reachable
;

// name: trait_link_parent
MATCH (p:Trait {uid: $parent})
WHERE p.user_id = $user_id
MATCH (c:Trait {uid: $child})
WHERE c.user_id = $user_id AND NOT EXISTS { (c)-[:PARENT_OF*0..]->(p) }
MERGE (p)-[:PARENT_OF]->(c)
RETURN p.uid AS parent, c.uid AS child
;
