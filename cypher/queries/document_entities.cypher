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

// --- Databases written before third-party sources had their own scope --------------------------------------
// A document's index job once ran the impression pipeline over its passages: the names it found became the
// user's Entity (OBSERVED_IN the document's DOCUMENT event, aliases and impression evidence FROM_EVENT it); a
// database may hold the same shape for other third-party sources (forum posts by others: $third_party, the
// source types graphsvc.vocabulary.THIRD_PARTY_SOURCES declares). graphsvc/graph/document_entities.py:
// migrate_legacy moves what a document named into the document's scope and drops what only other third-party
// records named (their records stay, recalled as themselves).

// name: legacy_third_party_users
// The users holding documents or records of another third-party source (the only ones a legacy third-party
// entity can belong to), by user id. Starts from the Document and Source nodes (one per record, fewer than the
// events: this runs at every start-up).
CALL () {
  MATCH (d:Document)
  RETURN d.user_id AS user_id
  UNION
  MATCH (s:Source)
  WHERE s.source_type IN $third_party
  RETURN s.user_id AS user_id
}
RETURN DISTINCT user_id
ORDER BY user_id
;

// name: legacy_third_party_entities
// Up to $limit of the user's entities observed in a third-party event and in nothing the user's own words gave:
// no observation, name, impression or feature evidence from another event, no relation observed in one, no
// memory mentioning it that is not a third-party record's, no pending observation of the user's words naming
// it, no name added by hand. Each with its names and the documents whose event it was observed in (none when
// only other third-party records named it). Starts from the user's entities (fewer than their events: this
// runs at every start-up).
MATCH (n:Entity)
WHERE n.user_id = $user_id
  AND EXISTS { (n)-[:OBSERVED_IN]->(x:Event) WHERE x.source_type IN $third_party }
  AND NOT EXISTS { (n)-[:OBSERVED_IN]->(o:Event) WHERE NOT coalesce(o.source_type, '') IN $third_party }
  AND NOT EXISTS { (n)-[:HAS_ALIAS]->(a:Alias) WHERE NOT EXISTS { (a)-[:FROM_EVENT]->(:Event) } }
  AND NOT EXISTS { (n)-[:HAS_ALIAS]->(:Alias)-[:FROM_EVENT]->(o:Event)
                   WHERE NOT coalesce(o.source_type, '') IN $third_party }
  AND NOT EXISTS { (n)-[:HAS_IMPRESSION|HAS_FEATURE]->()<-[:SUPPORTS]-(:Evidence)-[:FROM_EVENT]->(o:Event)
                   WHERE NOT coalesce(o.source_type, '') IN $third_party }
  AND NOT EXISTS { (n)-[r:RELATES]-() WHERE any(u IN coalesce(r.event_uids, []) WHERE NOT EXISTS {
                     MATCH (o:Event {uid: u}) WHERE o.source_type IN $third_party }) }
  AND NOT EXISTS { (m:Memory)-[:MENTIONS]->(n) WHERE NOT EXISTS { (m)-[:EXTRACTED_FROM]->(:Event) }
                   OR EXISTS { (m)-[:EXTRACTED_FROM]->(o:Event) WHERE NOT coalesce(o.source_type, '') IN $third_party } }
  AND NOT EXISTS { (p:PendingObservation)-[:CANDIDATE|RESOLVED_AS]->(n)
                   WHERE EXISTS { (p)-[:OBSERVED_IN]->(o:Event) WHERE NOT coalesce(o.source_type, '') IN $third_party } }
WITH n
ORDER BY n.uid
LIMIT $limit
RETURN n.uid AS uid, n.subject AS subject, n.kind AS kind,
       [(n)-[:HAS_ALIAS]->(a:Alias) | a.name] AS names,
       [(n)-[:OBSERVED_IN]->(x:Event)<-[:FROM_EVENT]-(d:Document) WHERE d.user_id = $user_id | d.uid] AS documents
;

// name: move_legacy_third_party_entities
// Each row's document entity (merged: the document's own index job may have made it already) gets the
// passages of its document that hold one of the entity's names (MENTIONED_IN; none: no document entity);
// then the user's entities $entity_uids go, with their names, impressions, features, the evidence of both,
// their relations and history (an entity only other third-party records named has no row: it just goes).
CALL () {
  UNWIND $rows AS row
  MATCH (d:Document {uid: row.document_uid})
  WHERE d.user_id = $user_id
  WITH d, row, COLLECT {
    MATCH (c:Chunk {document_uid: d.uid})
    WHERE c.user_id = $user_id AND c.kind = 'passage'
      AND any(name IN row.names WHERE toLower(c.content) CONTAINS toLower(name))
    RETURN c
  } AS passages
  WHERE size(passages) > 0
  MERGE (m:DocumentEntity {uid: row.uid})
  ON CREATE SET m.user_id = $user_id, m.document_uid = d.uid, m.name = row.name, m.normalized = row.normalized,
                m.kind = row.kind, m.created_at = $now
  WITH m, passages
  CALL (m, passages) {
    UNWIND passages AS c
    MERGE (m)-[:MENTIONED_IN]->(c)
  }
  SET m.mentions = COUNT { (m)-[:MENTIONED_IN]->(:Chunk) }
  RETURN count(m) AS created
}
CALL () {
  UNWIND $entity_uids AS uid
  MATCH (n:Entity {uid: uid})
  WHERE n.user_id = $user_id
  CALL (n) {
    OPTIONAL MATCH (n)-[:HAS_IMPRESSION|HAS_FEATURE]->(i)
    OPTIONAL MATCH (i)<-[:SUPPORTS]-(d:Evidence)
    OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(i)
    WITH collect(DISTINCT d) + collect(DISTINCT h) AS attached, collect(DISTINCT i) AS derived
    FOREACH (x IN attached | DETACH DELETE x)
    FOREACH (x IN derived | DETACH DELETE x)
  }
  CALL (n) {
    OPTIONAL MATCH (n)-[:HAS_ALIAS]->(a:Alias)
    OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(n)
    WITH collect(DISTINCT a) + collect(DISTINCT h) AS attached
    FOREACH (x IN attached | DETACH DELETE x)
  }
  DETACH DELETE n
  RETURN count(*) AS moved
}
RETURN created, moved
;

// name: drop_third_party_only_impressions
// Up to $limit impressions of the user's entities whose every evidence came from third-party events go, with
// that evidence and their history (what a document or another person's post says is recalled as its passages
// or the post itself). Starts from the user's impressions (fewer than their events: this runs at every
// start-up).
MATCH (i:Impression)
WHERE i.user_id = $user_id
  AND EXISTS { (i)<-[:SUPPORTS]-(:Evidence)-[:FROM_EVENT]->(x:Event) WHERE x.source_type IN $third_party }
  AND NOT EXISTS { (i)<-[:SUPPORTS]-(:Evidence)-[:FROM_EVENT]->(o:Event)
                   WHERE NOT coalesce(o.source_type, '') IN $third_party }
  AND NOT EXISTS { (i)<-[:SUPPORTS]-(d:Evidence) WHERE NOT EXISTS { (d)-[:FROM_EVENT]->(:Event) } }
WITH i
LIMIT $limit
CALL (i) {
  OPTIONAL MATCH (d:Evidence)-[:SUPPORTS]->(i)
  OPTIONAL MATCH (h:HistoryEntry)-[:RECORDS]->(i)
  WITH collect(DISTINCT d) + collect(DISTINCT h) AS attached
  FOREACH (x IN attached | DETACH DELETE x)
}
DETACH DELETE i
RETURN count(*) AS dropped
;
