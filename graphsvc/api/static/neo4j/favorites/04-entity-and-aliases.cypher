// graphsvc: an entity, its aliases, impressions, features and relations ($entity: a subject or alias)
MATCH (e:Entity {user_id: $userId})
WHERE e.subject = $entity OR EXISTS { (e)-[:HAS_ALIAS]->(:Alias {name: $entity}) }
OPTIONAL MATCH path = (e)-[:HAS_ALIAS|HAS_IMPRESSION|HAS_FEATURE|RELATES]-()
RETURN e, path
