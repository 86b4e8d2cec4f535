// API keys (AUTH_MODE=api_key): only an Argon2id hash of each key's secret is stored.
// A key with user_id null and admin true may act for any user; a user key only for its user_id.

// name: create_api_key
CREATE (k:ApiKey {uid: $uid, name: $label, user_id: $user_id, admin: $admin, spaces: $spaces,
                  secret_hash: $secret_hash, created_at: $now, revoked_at: null})
RETURN k AS key
;

// name: get_api_key
MATCH (k:ApiKey {uid: $uid})
RETURN k AS key
;

// name: list_api_keys
MATCH (k:ApiKey)
WHERE $include_revoked OR k.revoked_at IS NULL
RETURN k AS key
ORDER BY k.created_at DESC
;

// name: revoke_api_key
MATCH (k:ApiKey {uid: $uid})
SET k.revoked_at = coalesce(k.revoked_at, $now)
RETURN k AS key
;
