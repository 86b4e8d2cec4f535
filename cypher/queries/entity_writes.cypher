// The applier of the impression pipeline (seed 000 stage 7; graphsvc/graph/entity_writes.py). Entities are
// addressed by subject_key (unique) so a step can name an entity it creates in the same transaction. Each
// write checks first and changes only what is missing or older, so re-applying a step changes nothing; every
// change writes a HistoryEntry.

// name: apply_create_entities
UNWIND $rows AS row
OPTIONAL MATCH (old:Entity {subject_key: row.subject_key})
WITH row, old
WHERE old IS NULL
MERGE (e:Entity {subject_key: row.subject_key})
  ON CREATE SET e.uid = row.uid, e.user_id = $user_id, e.tenant_key = $tenant_key, e.subject = row.subject,
                e.kind = row.kind, e.kind_rule = row.kind_rule, e.created_at = $now, e.updated_at = $now,
                e.name = row.subject
CREATE (h:HistoryEntry {uid: row.history_uid, user_id: $user_id, target_uid: e.uid, event: 'entity_created',
                        old_value: null, new_value: row.subject, actor: $actor, created_at: $now,
                        source_uids: row.event_uids})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(e)
RETURN collect(DISTINCT e.subject_key) AS changed, count(*) AS changes
;

// name: apply_entity_kinds
// A stored 'thing' becomes the observed person/place/organization/work/animal, with the rule that decided it
// (null: an LLM or a person did); a specific kind is never overwritten.
UNWIND $rows AS row
MATCH (e:Entity {subject_key: row.subject_key})
WHERE e.user_id = $user_id AND e.kind = 'thing' AND row.kind <> 'thing'
WITH e, row, e.kind AS old_kind
SET e.kind = row.kind, e.kind_rule = row.kind_rule, e.updated_at = $now
CREATE (h:HistoryEntry {uid: row.history_uid, user_id: $user_id, target_uid: e.uid, event: 'kind_changed',
                        old_value: old_kind, new_value: row.kind, actor: $actor, created_at: $now})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(e)
RETURN collect(DISTINCT e.subject_key) AS changed, count(*) AS changes
;

// name: apply_aliases
// A name missing on the entity is created (with a HistoryEntry); every name, new or known, is linked to the
// events it was observed in (FROM_EVENT), so a retraction knows what rests on a deleted message (issue 12).
UNWIND $rows AS row
MATCH (e:Entity {subject_key: row.subject_key})
WHERE e.user_id = $user_id
OPTIONAL MATCH (e)-[:HAS_ALIAS]->(old:Alias {normalized: row.normalized})
CALL (e, row, old) {
  WITH e, row, old
  WHERE old IS NULL
  CREATE (a:Alias {uid: row.uid, user_id: $user_id, tenant_key: $tenant_key, name: row.name,
                   normalized: row.normalized, created_at: $now})
  CREATE (e)-[:HAS_ALIAS]->(a)
  SET e.updated_at = $now
  CREATE (h:HistoryEntry {uid: row.history_uid, user_id: $user_id, target_uid: e.uid, event: 'alias_added',
                          old_value: null, new_value: row.name, actor: $actor, created_at: $now,
                          source_uids: row.event_uids})
  SET h.name = h.event
  CREATE (h)-[:RECORDS]->(e)
  RETURN count(a) AS created
}
CALL (e, row) {
  MATCH (e)-[:HAS_ALIAS]->(a:Alias {normalized: row.normalized})
  UNWIND row.event_uids AS event_uid
  MATCH (x:Event {uid: event_uid})
  WHERE x.user_id = $user_id
  MERGE (a)-[:FROM_EVENT]->(x)
  RETURN count(x) AS linked
}
WITH e, created
RETURN collect(DISTINCT CASE WHEN created > 0 THEN e.subject_key END) AS changed, sum(created) AS changes
;

// name: apply_impressions
UNWIND $rows AS row
MATCH (e:Entity {subject_key: row.subject_key})
WHERE e.user_id = $user_id
OPTIONAL MATCH (e)-[:HAS_IMPRESSION]->(old:Impression {content_hash: row.content_hash})
WITH e, row, old
WHERE old IS NULL
CREATE (i:Impression {uid: row.uid, user_id: $user_id, tenant_key: $tenant_key, content: row.content,
                      content_hash: row.content_hash, confidence: row.confidence, created_at: $now,
                      name: left(row.content, 60)})
CREATE (e)-[:HAS_IMPRESSION]->(i)
SET e.updated_at = $now
CREATE (h:HistoryEntry {uid: row.history_uid, user_id: $user_id, target_uid: i.uid, event: 'impression_added',
                        old_value: null, new_value: row.content, actor: $actor, created_at: $now,
                        source_uids: row.event_uids})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(i)
RETURN collect(DISTINCT e.subject_key) AS changed, count(*) AS changes
;

// name: apply_impression_evidence
// One Evidence node per (impression, source event): (Evidence)-[:SUPPORTS]->(Impression),
// (Evidence)-[:FROM_EVENT]->(Event).
UNWIND $rows AS row
MATCH (e:Entity {subject_key: row.subject_key})-[:HAS_IMPRESSION]->(i:Impression {content_hash: row.content_hash})
WHERE e.user_id = $user_id
MATCH (x:Event {uid: row.event_uid})
WHERE x.user_id = $user_id
OPTIONAL MATCH (i)<-[:SUPPORTS]-(old:Evidence)-[:FROM_EVENT]->(x)
WITH i, x, row, old
WHERE old IS NULL
CREATE (d:Evidence {uid: row.uid, user_id: $user_id, grade: row.grade, kind: 'supporting', created_at: $now,
                    name: 'supporting ' + row.grade})
CREATE (d)-[:SUPPORTS]->(i)
CREATE (d)-[:FROM_EVENT]->(x)
RETURN count(d) AS linked
;

// name: apply_feature_changes
// A feature changes only when the new value is observed later than the stored one: re-running an older
// conversation never rolls a value back.
UNWIND $rows AS row
MATCH (e:Entity {subject_key: row.subject_key})-[:HAS_FEATURE]->(f:Feature {key: row.key})
WHERE e.user_id = $user_id AND f.value <> row.value AND (f.observed_at IS NULL OR f.observed_at < row.observed_at)
WITH e, row, f, f.value AS old_value
SET f.value = row.value, f.confidence = row.confidence, f.updated_at = $now, f.observed_at = row.observed_at,
    f.name = row.key + ': ' + left(row.value, 48),
    e.updated_at = $now
CREATE (h:HistoryEntry {uid: row.history_uid, user_id: $user_id, target_uid: f.uid, event: 'feature_changed',
                        old_value: old_value, new_value: row.value, actor: $actor, created_at: $now,
                        source_uids: row.event_uids})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(f)
RETURN collect(DISTINCT e.subject_key) AS changed, count(*) AS changes
;

// name: apply_feature_creates
UNWIND $rows AS row
MATCH (e:Entity {subject_key: row.subject_key})
WHERE e.user_id = $user_id
OPTIONAL MATCH (e)-[:HAS_FEATURE]->(old:Feature {key: row.key})
WITH e, row, old
WHERE old IS NULL
CREATE (f:Feature {uid: row.uid, user_id: $user_id, key: row.key, value: row.value, confidence: row.confidence,
                   created_at: $now, updated_at: $now, observed_at: row.observed_at,
                   name: row.key + ': ' + left(row.value, 48)})
CREATE (e)-[:HAS_FEATURE]->(f)
SET e.updated_at = $now
CREATE (h:HistoryEntry {uid: row.history_uid, user_id: $user_id, target_uid: f.uid, event: 'feature_set',
                        old_value: null, new_value: row.value, actor: $actor, created_at: $now,
                        source_uids: row.event_uids})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(f)
RETURN collect(DISTINCT e.subject_key) AS changed, count(*) AS changes
;

// name: apply_relations
// (a)-[:RELATES {relation, strength, event_uids, rule_id}]->(b): created when missing, strengthened when weaker;
// the events it was observed in are added every time (retraction reaches relations through them, issue 12);
// rule_id, the rulebook rule that stated it (null: an LLM or a person did), is kept from the first rule that did.
UNWIND $rows AS row
MATCH (a:Entity {subject_key: row.subject_key})
WHERE a.user_id = $user_id
MATCH (b:Entity {subject_key: row.target_subject_key})
WHERE b.user_id = $user_id AND b <> a
OPTIONAL MATCH (a)-[old:RELATES {relation: row.relation}]->(b)
WITH a, b, row, old.strength AS old_strength
MERGE (a)-[r:RELATES {relation: row.relation}]->(b)
  ON CREATE SET r.created_at = $now
SET r.rule_id = coalesce(r.rule_id, row.rule_id),
    r.event_uids = coalesce(r.event_uids, []) + [x IN row.event_uids WHERE NOT x IN coalesce(r.event_uids, [])]
WITH a, b, row, r, old_strength
WHERE old_strength IS NULL OR old_strength < row.strength
SET r.strength = row.strength, r.updated_at = $now, a.updated_at = $now
CREATE (h:HistoryEntry {uid: row.history_uid, user_id: $user_id, target_uid: a.uid,
                        event: CASE WHEN old_strength IS NULL THEN 'relation_added' ELSE 'relation_strengthened' END,
                        old_value: CASE WHEN old_strength IS NULL THEN null
                                        ELSE row.relation + ' -> ' + b.subject + ' (' + toString(old_strength) + ')' END,
                        new_value: row.relation + ' -> ' + b.subject + ' (' + toString(row.strength) + ')',
                        actor: $actor, created_at: $now, source_uids: row.event_uids})
SET h.name = h.event
CREATE (h)-[:RECORDS]->(a)
RETURN collect(DISTINCT a.subject_key) AS changed, count(*) AS changes
;

// name: apply_feature_evidence
// One Evidence per (feature, source event, value): which value each event stated and when, so a retraction
// can fall back to the newest value still supported, or delete the feature when none is (issue 12).
UNWIND $rows AS row
MATCH (e:Entity {subject_key: row.subject_key})-[:HAS_FEATURE]->(f:Feature {key: row.key})
WHERE e.user_id = $user_id
MATCH (x:Event {uid: row.event_uid})
WHERE x.user_id = $user_id
OPTIONAL MATCH (old:Evidence {uid: row.uid})
WITH f, x, row, old
WHERE old IS NULL
CREATE (d:Evidence {uid: row.uid, user_id: $user_id, grade: row.grade, kind: 'supporting', created_at: $now,
                    value: row.value, observed_at: row.observed_at, name: 'supporting ' + row.grade})
CREATE (d)-[:SUPPORTS]->(f)
CREATE (d)-[:FROM_EVENT]->(x)
RETURN count(d) AS linked
;

// name: apply_observed_in
UNWIND $rows AS row
MATCH (e:Entity {subject_key: row.subject_key})
WHERE e.user_id = $user_id
UNWIND row.event_uids AS event_uid
MATCH (x:Event {uid: event_uid})
WHERE x.user_id = $user_id
MERGE (e)-[:OBSERVED_IN]->(x)
RETURN count(*) AS links
;

// name: seed_entity_identities
// Bulk import of bare identities (entity + subject alias + aliases), for benchmarks and migrations.
UNWIND $rows AS row
CREATE (e:Entity {uid: row.uid, user_id: $user_id, tenant_key: $tenant_key, subject: row.subject,
                  subject_key: row.subject_key, kind: row.kind, created_at: $now, updated_at: $now, name: row.subject})
WITH e, row
UNWIND row.aliases AS alias
CREATE (a:Alias {uid: alias.uid, user_id: $user_id, tenant_key: $tenant_key, name: alias.name,
                 normalized: alias.normalized})
CREATE (e)-[:HAS_ALIAS]->(a)
RETURN count(DISTINCT e) AS entities
;

// name: delete_user_entity_graph
// Removes up to $limit of one user's entities with their aliases, impressions, features, the evidence of
// those impressions and the history entries of all of them; call until it returns 0 (benchmark clean-up).
MATCH (e:Entity)
WHERE e.user_id = $user_id
WITH e LIMIT $limit
OPTIONAL MATCH (e)-[:HAS_ALIAS|HAS_IMPRESSION|HAS_FEATURE]->(x)
OPTIONAL MATCH (d:Evidence)-[:SUPPORTS]->(x)
OPTIONAL MATCH (e)<-[:RECORDS]-(h1:HistoryEntry)
OPTIONAL MATCH (x)<-[:RECORDS]-(h2:HistoryEntry)
WITH collect(DISTINCT e) + collect(DISTINCT x) + collect(DISTINCT d) + collect(DISTINCT h1) + collect(DISTINCT h2)
     AS doomed
UNWIND doomed AS n
DETACH DELETE n
RETURN count(n) AS deleted
;
