// Tags of a user's memories, events, documents and chunks.

// name: user_tags
// Every tag of the user with how many nodes carry it, by label.
MATCH (t:Tag)
WHERE t.user_id = $user_id
OPTIONAL MATCH (n)-[r:TAGGED]->(t)
WITH t, n, r
RETURN t.uid AS uid, t.name AS name, t.normalized AS normalized, t.created_at AS created_at,
       count(n) AS count,
       count(CASE WHEN n:Memory THEN 1 END) AS memories, count(CASE WHEN n:Event THEN 1 END) AS events,
       count(CASE WHEN n:Document THEN 1 END) AS documents, count(CASE WHEN n:Chunk THEN 1 END) AS chunks,
       collect(DISTINCT r.origin) AS origins
ORDER BY count DESC, name
LIMIT $limit
;

// name: untag_memory
MATCH (m:Memory {uid: $uid})-[r:TAGGED]->(t:Tag {uid: $tag_uid})
WHERE m.user_id = $user_id AND t.user_id = $user_id
DELETE r
RETURN count(r) AS removed
;

// name: memory_exists
MATCH (m:Memory {uid: $uid})
WHERE m.user_id = $user_id
RETURN m.uid AS uid
;

// name: memory_tags
MATCH (m:Memory {uid: $uid})-[:TAGGED]->(t:Tag)
WHERE m.user_id = $user_id AND t.user_id = $user_id
RETURN t.name AS name
ORDER BY name
;

// name: untagged_items
// The user's memories and current events not yet read by automatic tagging, oldest first.
CALL () {
  MATCH (m:Memory)
  WHERE m.user_id = $user_id AND m.auto_tagged_at IS NULL AND m.status = 'active'
  RETURN m.uid AS uid, m.content AS text, m.created_at AS at
  UNION
  MATCH (e:Event)
  WHERE e.user_id = $user_id AND e.auto_tagged_at IS NULL AND e.superseded_at IS NULL
  RETURN e.uid AS uid, coalesce(e.title + ': ', '') + e.content AS text, e.ingested_at AS at
}
RETURN uid, text
ORDER BY at, uid
LIMIT $limit
;

// name: existing_tag_names
MATCH (t:Tag)
WHERE t.user_id = $user_id
RETURN t.normalized AS normalized
;

// name: mark_auto_tagged
UNWIND $uids AS uid
CALL (uid) {
  MATCH (n:Memory {uid: uid}) RETURN n
  UNION
  MATCH (n:Event {uid: uid}) RETURN n
}
WITH n
WHERE n.user_id = $user_id
SET n.auto_tagged_at = $now
RETURN count(n) AS marked
;

// name: tag_nodes
// Tag nodes of one user ($items: [{uid, tag_uid, name, normalized}]): a memory, event, document or chunk gets
// a TAGGED edge (kept once; the first origin stays) to the user's tag of that normalised name.
UNWIND $items AS item
CALL (item) {
  MATCH (n:Memory {uid: item.uid}) RETURN n
  UNION
  MATCH (n:Event {uid: item.uid}) RETURN n
  UNION
  MATCH (n:Document {uid: item.uid}) RETURN n
  UNION
  MATCH (n:Chunk {uid: item.uid}) RETURN n
}
WITH n, item
WHERE n.user_id = $user_id
MERGE (t:Tag {uid: item.tag_uid})
  ON CREATE SET t.user_id = $user_id, t.name = item.name, t.normalized = item.normalized, t.created_at = $now
WITH n, t
WHERE t.user_id = $user_id
MERGE (n)-[r:TAGGED]->(t)
  ON CREATE SET r.origin = $origin, r.at = $now
RETURN count(r) AS tagged
;

// name: speaker_names
// The names the user's conversation messages were said under, most frequent first: the speakers, whom the
// automatic tagging never makes a topic.
MATCH (e:Event)
WHERE e.user_id = $user_id AND e.speaker IS NOT NULL AND e.speaker <> ''
RETURN e.speaker AS speaker, count(e) AS said
ORDER BY said DESC, speaker
LIMIT $limit
;
