// name: vector_index_dimensions
SHOW VECTOR INDEXES YIELD name, options
WHERE name IN $names
RETURN name, options.indexConfig.`vector.dimensions` AS dimensions
;

// name: indexes_not_online
// Indexes and constraints' backing indexes still populating or failed (readiness).
SHOW INDEXES YIELD name, state
WHERE state <> 'ONLINE'
RETURN name, state
;

// name: ping
RETURN 1 AS ok
;
