// What recall reads of its fused candidates before scoring them (graphsvc.graph.recall_hits): ONE statement,
// one record, a collected list per kind, by uid. Every part filters on user_id and re-checks the scope the
// candidate lists were read in (a candidate that left it meanwhile is left out).

// name: recall_hits
// - events: current ones (with $as_of: any version), each with the belief it carries: the uids of the
//   superseded memories extracted from it, how many of its memories still hold it (fragments.cypher's holds),
//   and the current memories that replaced the superseded ones (the end of their SUPERSEDED_BY
//   chains); an assistant's turn that only reacts to a message carries its uid (`reaction_to`), and that message
//   is read too (issue 33);
// - memories (those asked for, then the current memories that replaced the events' superseded memories, the
//   superseded memories asked for (listed in memory_replacements) or what an old impression repeats): dated by
//   what they say happened (event memories), else by the first message that said it; recency counts from the last message that said it
//   (conversation time, not import time);
// - impressions (stale ones only $with_stale): with their entity's subject, dated by their newest evidence,
//   with `superseded` true when every message their evidence came from carries only superseded memories, and,
//   when stale or superseded, the current memories that replaced the superseded memories of those messages;
// - traits at $stages, citing the messages of the memories their supporting evidence cites;
// - passages, each with its document, heading path and the document's DOCUMENT events (what is derived from the
//   document rests on them), dated by the document's last change.
// Date-times go out as whole microseconds since the Unix epoch (`us`: graphsvc.graph.database.from_epoch_us; the
// driver's own date-time values cost tens of microseconds of Python each); any other temporal value as it is.
CYPHER 25
CALL () {
  UNWIND $events AS uid
  MATCH (r:Event {uid: uid})
  WHERE r.user_id = $user_id AND r.reaction_to IS NOT NULL
  RETURN collect(DISTINCT r.reaction_to) AS answered
}
CALL (answered) {
  UNWIND $events + [a IN answered WHERE NOT a IN $events] AS uid
  MATCH (e:Event {uid: uid})
  WHERE e.user_id = $user_id AND ($as_of IS NOT NULL OR e.superseded_at IS NULL)
    AND (uid IN $events OR e.forgotten_at IS NULL)
  CALL (e) {
    OPTIONAL MATCH (m:Memory)-[:EXTRACTED_FROM]->(e)
    WHERE m.user_id = $user_id
    RETURN [x IN collect(m) WHERE x.status = 'superseded' | x.uid] AS superseded,
           size([x IN collect(m) WHERE {{holds(x, e)}}]) AS held
  }
  CALL (superseded) {
    UNWIND superseded AS old_uid
    MATCH (:Memory {uid: old_uid})-[:SUPERSEDED_BY]->{1,16}(now:Memory)
    WHERE now.user_id = $user_id AND now.status = 'active'
    RETURN collect(DISTINCT now.uid) AS replaced_by
  }
  WITH e, superseded, held, replaced_by, [t IN [e.occurred_at]
         | CASE WHEN t IS :: ZONED DATETIME THEN t.epochMillis * 1000 + t.microsecond % 1000 ELSE t END] AS us
  RETURN collect({uid: e.uid, content: e.content, speaker: e.speaker, role: e.role, occurred_at: us[0],
                  source_id: e.source_id, title: e.title, source_type: e.source_type, superseded: superseded,
                  held: held, replaced_by: replaced_by, reaction_to: e.reaction_to}) AS events,
         reduce(acc = [], r IN collect(replaced_by) | acc + r) AS replacing
}
CALL () {
  UNWIND $impressions AS uid
  MATCH (n:Entity)-[:HAS_IMPRESSION]->(i:Impression {uid: uid})
  WHERE i.user_id = $user_id AND n.user_id = $user_id AND ($with_stale OR i.stale IS NULL)
  CALL (i) {
    OPTIONAL MATCH (i)<-[:SUPPORTS]-(d:Evidence)-[:FROM_EVENT]->(e:Event)
    WHERE d.user_id = $user_id AND e.user_id = $user_id
    WITH DISTINCT e ORDER BY e.occurred_at
    RETURN max(e.occurred_at) AS last_said, min(e.occurred_at) AS first_said,
           [s IN collect(e.source_id) WHERE s IS NOT NULL] AS source_ids, collect(e.uid) AS source_uids,
           size(collect(e)) > 0 AND all(x IN collect(e) WHERE {{states_only_replaced_beliefs(x)}}) AS superseded
  }
  CALL (i, superseded) {
    OPTIONAL MATCH (i)<-[:SUPPORTS]-(d:Evidence)-[:FROM_EVENT]->(:Event)<-[:EXTRACTED_FROM]-(old:Memory)
                   -[:SUPERSEDED_BY]->{1,16}(now:Memory)
    WHERE (i.stale IS NOT NULL OR superseded) AND d.user_id = $user_id AND old.user_id = $user_id
      AND old.status = 'superseded' AND now.user_id = $user_id AND now.status = 'active'
    RETURN collect(DISTINCT now.uid) AS replaced_by
  }
  WITH i, n, source_ids, source_uids, superseded, replaced_by,
       [t IN [coalesce(last_said, i.created_at), coalesce(first_said, i.created_at)]
         | CASE WHEN t IS :: ZONED DATETIME THEN t.epochMillis * 1000 + t.microsecond % 1000 ELSE t END] AS us
  RETURN collect({uid: i.uid, content: i.content, entity: n.subject, confidence: i.confidence,
                  occurred_at: us[0], source_ids: source_ids, source_uids: source_uids,
                  first_said: us[1], stale: i.stale IS NOT NULL,
                  superseded: superseded, replaced_by: replaced_by}) AS impressions,
         reduce(acc = [], r IN collect(replaced_by) | acc + r) AS impression_replacing
}
CALL () {
  UNWIND $memories AS uid
  MATCH (old:Memory {uid: uid})-[:SUPERSEDED_BY]->{1,16}(now:Memory)
  WHERE old.user_id = $user_id AND old.status = 'superseded' AND now.user_id = $user_id AND now.status = 'active'
  WITH old, collect(DISTINCT now.uid) AS replaced_by
  RETURN collect({uid: old.uid, replaced_by: replaced_by}) AS memory_replacements
}
CALL (replacing, impression_replacing, memory_replacements) {
  WITH replacing + impression_replacing + reduce(acc = [], r IN memory_replacements | acc + r.replaced_by) AS current
  UNWIND $memories + [x IN current WHERE NOT x IN $memories] AS uid
  WITH DISTINCT uid, current
  MATCH (m:Memory {uid: uid})
  WHERE m.user_id = $user_id AND (m.status IN $statuses OR uid IN current)
  CALL (m) {
    OPTIONAL MATCH (m)-[:EXTRACTED_FROM]->(e:Event)
    WITH e ORDER BY e.occurred_at
    RETURN collect(e.source_id) AS source_ids, collect(e.uid) AS source_uids, min(e.occurred_at) AS first_said,
           max(e.occurred_at) AS last_said
  }
  WITH m, source_ids, source_uids,
       [t IN [coalesce(m.occurred_at, first_said, m.created_at), coalesce(last_said, m.last_reinforced_at),
              coalesce(m.valid_from, m.occurred_at, first_said, m.created_at), m.valid_to]
         | CASE WHEN t IS :: ZONED DATETIME THEN t.epochMillis * 1000 + t.microsecond % 1000 ELSE t END] AS us
  RETURN collect({uid: m.uid, content: m.content, memory_type: m.memory_type,
                  occurred_at: us[0], importance: m.importance,
                  last_reinforced_at: us[1], source_ids: source_ids,
                  source_uids: source_uids, status: m.status,
                  valid_from: us[2],
                  valid_to: us[3]}) AS memories
}
CALL () {
  UNWIND $traits AS uid
  MATCH (t:Trait {uid: uid})
  WHERE t.user_id = $user_id AND t.stage IN $stages
  CALL (t) {
    OPTIONAL MATCH (ev:Evidence)-[:SUPPORTS]->(t)
    WHERE ev.user_id = $user_id
    OPTIONAL MATCH (ev)-[:CITES]->(:Memory)-[:EXTRACTED_FROM]->(e:Event)
    WHERE e.user_id = $user_id
    WITH e ORDER BY e.occurred_at
    RETURN [s IN collect(DISTINCT e.source_id) WHERE s IS NOT NULL] AS source_ids
  }
  WITH t, source_ids, [x IN [t.first_observed, coalesce(t.last_reinforced, t.created_at)]
         | CASE WHEN x IS :: ZONED DATETIME THEN x.epochMillis * 1000 + x.microsecond % 1000 ELSE x END] AS us
  RETURN collect({uid: t.uid, content: t.content, stage: t.stage, confidence: t.confidence,
                  occurred_at: us[0], last_reinforced_at: us[1],
                  source_ids: source_ids}) AS traits
}
CALL () {
  UNWIND $passages AS uid
  MATCH (c:Chunk {uid: uid})
  WHERE c.user_id = $user_id AND c.kind = 'passage'
  MATCH (d:Document {uid: c.document_uid})
  WHERE d.user_id = $user_id
  WITH c, d, [t IN [d.updated_at]
         | CASE WHEN t IS :: ZONED DATETIME THEN t.epochMillis * 1000 + t.microsecond % 1000 ELSE t END] AS us
  RETURN collect({uid: c.uid, content: c.content, heading_path: c.heading_path, tokens: c.tokens,
                  document_uid: d.uid, title: d.title, filename: d.filename, occurred_at: us[0],
                  document_event_uids: [(d)-[:FROM_EVENT]->(x:Event) WHERE x.user_id = $user_id | x.uid]})
         AS passages
}
RETURN events, memories, memory_replacements, impressions, traits, passages
;
