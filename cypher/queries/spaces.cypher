// Shared memory spaces (graphsvc.spaces): groups with their members, and agents with their owners.
// A Group or Agent node lives in its own space (user_id = 'group:…' / 'agent:…'); a Membership lives in its
// member's space (user_id = the member) and names the group by group_id.

// name: create_group
// A group's registration ($user_id: the group's space id); an existing one is returned as it is (created false).
MERGE (g:Group {uid: $uid})
  ON CREATE SET g.user_id = $user_id, g.name = $display, g.created_at = $now, g.created_by = $created_by,
                g.fresh = true
WITH g, coalesce(g.fresh, false) AS created
REMOVE g.fresh
RETURN g AS group, created
;

// name: get_group
MATCH (g:Group)
WHERE g.user_id = $group_id
OPTIONAL MATCH (m:Membership)
WHERE m.group_id = $group_id
WITH g, m
ORDER BY m.joined_at, m.user_id
RETURN g AS group, [x IN collect(m) | x.user_id] AS members
;

// name: join_group
// Make user_id a member of an existing group (kept once); no row when there is no such group.
MATCH (g:Group)
WHERE g.user_id = $group_id
MERGE (m:Membership {uid: $uid})
  ON CREATE SET m.user_id = $user_id, m.group_id = $group_id, m.joined_at = $now, m.name = 'member of ' + $group_id
RETURN m.joined_at AS joined_at
;

// name: leave_group
MATCH (m:Membership)
WHERE m.user_id = $user_id AND m.group_id = $group_id
DETACH DELETE m
RETURN count(*) AS left
;

// name: group_ids_of_user
// The ids of the groups user_id is a member of (what recall across a person's groups needs).
MATCH (mine:Membership)
WHERE mine.user_id = $user_id
MATCH (g:Group)
WHERE g.user_id = mine.group_id
RETURN g.user_id AS group_id
ORDER BY group_id
;

// name: groups_of_user
// The groups user_id is a member of, with every member of each.
MATCH (mine:Membership)
WHERE mine.user_id = $user_id
MATCH (g:Group)
WHERE g.user_id = mine.group_id
OPTIONAL MATCH (m:Membership)
WHERE m.group_id = g.user_id
WITH g, m
ORDER BY m.joined_at, m.user_id
WITH g, [x IN collect(m) | x.user_id] AS members
RETURN g AS group, members
ORDER BY g.user_id
;

// name: drop_group_memberships
// Erasing a group's space: every membership naming it (each lives in its member's space).
MATCH (m:Membership)
WHERE m.group_id = $group_id
DETACH DELETE m
RETURN count(*) AS deleted
;

// name: create_agent
// An agent's registration ($user_id: the agent's space id); an existing one is returned as it is.
MERGE (a:Agent {uid: $uid})
  ON CREATE SET a.user_id = $user_id, a.owner_id = $owner_id, a.name = $display, a.created_at = $now,
                a.fresh = true
WITH a, coalesce(a.fresh, false) AS created
REMOVE a.fresh
RETURN a AS agent, created
;

// name: agents_of_owner
MATCH (a:Agent)
WHERE a.owner_id = $owner_id
RETURN a AS agent
ORDER BY a.user_id
;

// name: usable_spaces
// Of the group and agent spaces named, those that exist, and of those the ones any of $user_ids may use (a
// member of the group, the owner of the agent); $user_ids null: a caller who may act for anyone.
UNWIND $space_ids AS space_id
OPTIONAL MATCH (g:Group)
WHERE g.user_id = space_id
OPTIONAL MATCH (a:Agent)
WHERE a.user_id = space_id
WITH space_id, g, a
WHERE g IS NOT NULL OR a IS NOT NULL
OPTIONAL MATCH (m:Membership)
WHERE m.group_id = space_id AND $user_ids IS NOT NULL AND m.user_id IN $user_ids
WITH space_id, a, count(m) AS memberships
RETURN space_id,
       $user_ids IS NULL OR memberships > 0 OR (a IS NOT NULL AND a.owner_id IN $user_ids) AS usable
;

// name: session_speakers
// The user ids the messages of one session of a space name as their speakers.
MATCH (s:Session {uid: $session_uid})-[:HAS_EVENT]->(e:Event)
WHERE s.user_id = $user_id AND e.user_id = $user_id AND e.speaker_id IS NOT NULL
RETURN DISTINCT e.speaker_id AS speaker_id
ORDER BY speaker_id
;

// name: shared_contributions
// What a person said in other spaces (a group's conversations): each space and session with their message ids.
MATCH (e:Event)
WHERE e.speaker_id = $user_id AND e.user_id <> $user_id AND e.forgotten_at IS NULL
RETURN e.user_id AS space_id, e.session_id AS session_id, collect(e.source_id) AS message_ids
ORDER BY space_id, session_id
;
