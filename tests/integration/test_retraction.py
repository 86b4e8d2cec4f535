"""Issue 12: forgetting a session retracts everything derived from it, and nothing else (zero orphans)."""

from __future__ import annotations

from typing import Any

from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.lifecycle_support import all_memories, converse, cypher, one

USER = "ana"
SESSIONS: list[tuple[str, list[tuple[str, str, int]]]] = [
    (
        "s1",
        [
            ("a1", "I live in Lisbon.", 1),
            ("a2", "I went running in the park before work yesterday.", 1),
            ("a3", "My friend Oliver paints landscapes by the sea.", 1),
        ],
    ),
    (
        "s2",
        [
            ("b1", "I went running along the river at dawn today.", 3),
            ("b2", "I work as a nurse at the city hospital.", 3),
            ("b3", "My friend Oliver sold his first painting.", 3),
        ],
    ),
    (
        "s3",
        [
            ("c1", "I went running in the rain this morning before my shift.", 5),
            ("c2", "I moved to Porto last week.", 5),
            ("c3", "My sister Marta visited me in the new flat.", 5),
        ],
    ),
]
DOOMED_WORDS = ("Porto", "rain this morning", "Marta", "new flat")


async def rich_user(service: MemoryService) -> None:
    """Three conversations (memories, entities, impressions, features, relations), a remembered fact, and the
    traits reflection drew from them (every ended conversation queues a reflection)."""
    for session_id, lines in SESSIONS:
        await converse(
            service, user_id=USER, session_id=session_id, lines=[(m, text, at(day)) for m, text, day in lines]
        )
    await service.remember(user_id=USER, content="Ana: I have a cat named Miso.", memory_type="fact", source="user")


async def orphans(service: MemoryService, user_id: str) -> dict[str, int]:
    """Every kind of dangling reference the retraction must never leave, counted with Cypher."""
    checks = {
        "memory_without_source": "MATCH (m:Memory {user_id: $u}) WHERE m.origin = 'extraction' "
        "AND m.status <> 'forgotten' AND NOT EXISTS { (m)-[:EXTRACTED_FROM]->(:Event) } RETURN count(m) AS n",
        "evidence_without_target": "MATCH (d:Evidence {user_id: $u}) "
        "WHERE NOT EXISTS { (d)-[:SUPPORTS|CONTRADICTS]->() } RETURN count(d) AS n",
        "evidence_without_source": "MATCH (d:Evidence {user_id: $u}) WHERE NOT EXISTS { (d)-[:CITES]->(:Memory) } "
        "AND NOT EXISTS { (d)-[:FROM_EVENT]->(:Event) } RETURN count(d) AS n",
        "impression_without_evidence": "MATCH (i:Impression {user_id: $u}) "
        "WHERE NOT EXISTS { (i)<-[:SUPPORTS]-(:Evidence) } RETURN count(i) AS n",
        "impression_without_entity": "MATCH (i:Impression {user_id: $u}) "
        "WHERE NOT EXISTS { (:Entity)-[:HAS_IMPRESSION]->(i) } RETURN count(i) AS n",
        "feature_without_evidence": "MATCH (f:Feature {user_id: $u}) WHERE NOT EXISTS { (f)<-[:SUPPORTS]-(:Evidence) } "
        "RETURN count(f) AS n",
        "alias_without_entity": "MATCH (a:Alias {user_id: $u}) WHERE NOT EXISTS { (:Entity)-[:HAS_ALIAS]->(a) } "
        "RETURN count(a) AS n",
        "observed_alias_without_event": "MATCH (n:Entity {user_id: $u})-[:HAS_ALIAS]->(a:Alias) "
        "WHERE a.name <> n.subject AND NOT EXISTS { (a)-[:FROM_EVENT]->() } RETURN count(a) AS n",
        "relation_without_event": "MATCH (:Entity {user_id: $u})-[r:RELATES]->() "
        "WHERE r.event_uids IS NOT NULL AND size(r.event_uids) = 0 RETURN count(r) AS n",
        "entity_with_nothing": "MATCH (n:Entity {user_id: $u}) WHERE NOT EXISTS { (n)-[:OBSERVED_IN]->() } "
        "AND NOT EXISTS { (n)-[:HAS_IMPRESSION|HAS_FEATURE|RELATES]-() } AND NOT EXISTS { (n)<-[:MENTIONS]-() } "
        "RETURN count(n) AS n",
        "trait_without_evidence": "MATCH (t:Trait {user_id: $u}) WHERE NOT EXISTS { (t)<-[:SUPPORTS|CONTRADICTS]-() } "
        "RETURN count(t) AS n",
        "history_without_target": "MATCH (h:HistoryEntry {user_id: $u}) WHERE h.kind IS NULL "
        "AND NOT EXISTS { (h)-[:RECORDS]->() } RETURN count(h) AS n",
        "superseded_by_nothing": "MATCH (m:Memory {user_id: $u, status: 'superseded'}) "
        "WHERE NOT EXISTS { (m)-[:SUPERSEDED_BY]->() } RETURN count(m) AS n",
        "session_without_events": "MATCH (s:Session {user_id: $u}) WHERE NOT EXISTS { (s)-[:HAS_EVENT]->() } "
        "RETURN count(s) AS n",
    }
    return {name: (await cypher(service.db, text, u=user_id))[0]["n"] for name, text in checks.items()}


async def references_to(service: MemoryService, user_id: str, uids: set[str]) -> list[str]:
    """Nodes (other than tombstones naming a deleted uid) whose properties hold one of ``uids``."""
    rows = await cypher(
        service.db,
        "MATCH (n {user_id: $u}) WHERE n.kind IS NULL RETURN elementId(n) AS id, labels(n) AS labels, "
        "properties(n) AS p",
        u=user_id,
    )
    found = []
    for row in rows:
        for key, value in row["p"].items():
            values = value if isinstance(value, list) else [value]
            if any(isinstance(v, str) and v in uids for v in values):
                found.append(f"{row['labels']}.{key}")
    relations = await cypher(
        service.db, "MATCH (:Entity {user_id: $u})-[r:RELATES]->() RETURN r.event_uids AS e", u=user_id
    )
    found += ["RELATES.event_uids" for r in relations if set(r["e"] or []) & uids]
    return found


async def texts_holding(service: MemoryService, user_id: str, words: tuple[str, ...]) -> list[str]:
    """Every string property of the user's nodes that contains one of ``words`` (deleted content)."""
    rows = await cypher(service.db, "MATCH (n {user_id: $u}) RETURN labels(n) AS l, properties(n) AS p", u=user_id)
    hits = []
    for row in rows:
        for key, value in row["p"].items():
            if isinstance(value, str) and any(w.lower() in value.lower() for w in words):
                hits.append(f"{row['l']}.{key}={value[:80]!r}")
    return hits


async def trait_state(service: MemoryService) -> dict[str, dict[str, Any]]:
    rows = await cypher(
        service.db,
        "MATCH (t:Trait {user_id: $u}) OPTIONAL MATCH (t)<-[:SUPPORTS|CONTRADICTS]-(d:Evidence)-[:CITES]->(m:Memory) "
        "RETURN t.uid AS uid, t.confidence AS confidence, t.stage AS stage, collect(m.uid) AS memories",
        u=USER,
    )
    return {r["uid"]: r for r in rows}


async def test_forgetting_a_session_leaves_zero_orphans_and_rescores_traits(service: MemoryService) -> None:
    await rich_user(service)
    await converse(service, user_id="bob", session_id="s1", lines=[("x1", "I live in Porto and love running.", at(2))])
    bob_before = await cypher(service.db, "MATCH (n {user_id: 'bob'}) RETURN count(n) AS n")
    memories = await all_memories(service, USER)
    assert one(memories, "Lisbon").status == "superseded"
    doomed_events = {
        r["uid"]
        for r in await cypher(service.db, "MATCH (e:Event {user_id: $u, session_id: 's3'}) RETURN e.uid AS uid", u=USER)
    }
    doomed_memories = {
        r["uid"]
        for r in await cypher(
            service.db,
            # resting on the session's messages only (a memory said in other sessions too keeps their messages)
            "MATCH (m:Memory {user_id: $u})-[:EXTRACTED_FROM]->(e:Event {session_id: 's3'}) "
            "WHERE all(x IN [(m)-[:EXTRACTED_FROM]->(o:Event) | o.session_id] WHERE x = 's3') RETURN m.uid AS uid",
            u=USER,
        )
    }
    traits_before = await trait_state(service)
    shrinking = {uid for uid, t in traits_before.items() if set(t["memories"]) & doomed_memories}
    assert doomed_memories and shrinking, "the rich user's traits cite memories of the session"
    assert await texts_holding(service, USER, DOOMED_WORDS)

    result = await service.forget_session(user_id=USER, session_id="s3")

    assert result.events == 3 and result.sessions == 1 and result.memories_deleted == len(doomed_memories)
    assert result.memories_reinstated == 1 and result.traits_rescored + result.traits_deleted == len(shrinking)
    assert await orphans(service, USER) == dict.fromkeys((await orphans(service, USER)), 0)
    assert await references_to(service, USER, doomed_events | doomed_memories) == []
    assert await texts_holding(service, USER, DOOMED_WORDS) == []
    memories = await all_memories(service, USER)
    assert one(memories, "Lisbon").status == "active" and one(memories, "Lisbon").valid_to is None
    assert one(memories, "cat named Miso").status == "active"  # remembered: rests on the user's word
    traits_after = await trait_state(service)
    for uid in shrinking:
        if uid in traits_after:
            assert not set(traits_after[uid]["memories"]) & doomed_memories
            history = await cypher(
                service.db, "MATCH (h:HistoryEntry {target_uid: $t}) RETURN h.event AS e ORDER BY h.created_at", t=uid
            )
            assert history[-1]["e"] in ("rescored", "dissolved")
    tombstones = await cypher(
        service.db,
        "MATCH (h:HistoryEntry {user_id: $u}) WHERE h.kind IS NOT NULL RETURN h.kind AS k, h.target_uid AS t",
        u=USER,
    )
    assert {t["t"] for t in tombstones if t["k"] == "event"} == doomed_events
    assert (await cypher(service.db, "MATCH (n {user_id: 'bob'}) RETURN count(n) AS n")) == bob_before
    again = await service.forget_session(user_id=USER, session_id="s3")
    assert again.nodes_deleted == 0 and again.events == 0  # idempotent
