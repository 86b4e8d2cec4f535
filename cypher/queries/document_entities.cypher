// A document's entities (issue 22: a document is not the user talking): who and what its passages name, kept in
// the document's scope (DocumentEntity, MENTIONED_IN the passages), never among the user's entities; a user's
// Entity with a name of the same normalized form links to it (DOCUMENT_MENTION). graphsvc/graph/document_entities.py.

// name: replace_document_entities
// The index job: the document's entities become $rows (those of an earlier version go), each linked to the
// passages that name it; nothing when the document holds other bytes meanwhile (its new version's job does it).
MATCH (d:Document {uid: $document_uid})
WHERE d.user_id = $user_id AND d.content_hash = $content_hash
CALL (d) {
  OPTIONAL MATCH (old:DocumentEntity {document_uid: d.uid})
  WHERE old.user_id = $user_id
  DETACH DELETE old
}
CALL (d) {
  UNWIND $rows AS row
  CREATE (m:DocumentEntity {uid: row.uid, user_id: $user_id, document_uid: d.uid, name: row.name,
                            normalized: row.normalized, kind: row.kind, mentions: size(row.passage_uids),
                            created_at: $now})
  WITH m, row
  CALL (m, row) {
    UNWIND row.passage_uids AS passage_uid
    MATCH (c:Chunk {uid: passage_uid})
    WHERE c.user_id = $user_id AND c.document_uid = m.document_uid
    CREATE (m)-[:MENTIONED_IN]->(c)
  }
  RETURN count(m) AS created
}
RETURN created
;

// name: link_document_mentions
// The user's entities and the document entities they name: a DOCUMENT_MENTION from each of the user's entities
// with an alias of the same normalized form (made when missing), none where no alias matches any more (an alias
// forgotten or removed). $document_uid: only that document's entities; null: all of the user's.
MATCH (m:DocumentEntity)
WHERE m.user_id = $user_id AND ($document_uid IS NULL OR m.document_uid = $document_uid)
CALL (m) {
  OPTIONAL MATCH (e:Entity)-[r:DOCUMENT_MENTION]->(m)
  WHERE NOT EXISTS { (e)-[:HAS_ALIAS]->(:Alias {normalized: m.normalized}) }
  DELETE r
}
CALL (m) {
  OPTIONAL MATCH (:Alias {user_id: $user_id, normalized: m.normalized})<-[:HAS_ALIAS]-(e:Entity)
  WHERE e.user_id = $user_id
  WITH DISTINCT e
  WHERE e IS NOT NULL
  MERGE (e)-[:DOCUMENT_MENTION]->(m)
  RETURN count(e) AS linked
}
RETURN count(m) AS mentions, sum(linked) AS links
;

// name: document_entities
// A document's entities, most mentioned first, each with the user's entities that link to it.
MATCH (m:DocumentEntity {document_uid: $document_uid})
WHERE m.user_id = $user_id
OPTIONAL MATCH (e:Entity)-[:DOCUMENT_MENTION]->(m)
WHERE e.user_id = $user_id
WITH m, collect(e.uid) AS entity_uids
RETURN m.uid AS uid, m.name AS name, m.kind AS kind, m.mentions AS mentions, entity_uids
ORDER BY m.mentions DESC, m.normalized
;

// name: entity_document_mentions
// The document entities a user's entity links to (the documents that name it), most mentioned first.
UNWIND $uids AS uid
MATCH (e:Entity {uid: uid})-[:DOCUMENT_MENTION]->(m:DocumentEntity)
WHERE e.user_id = $user_id AND m.user_id = $user_id
MATCH (d:Document {uid: m.document_uid})
WHERE d.user_id = $user_id
RETURN uid, m.uid AS mention_uid, m.name AS name, m.mentions AS mentions, d.uid AS document_uid,
       coalesce(d.title, d.filename) AS title
ORDER BY uid, m.mentions DESC, d.uid
;
