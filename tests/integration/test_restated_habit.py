"""A habit restated with a changed detail keeps its evidence (reflection reads the superseded memory as history),
a cessation ends the trait, and forgetting one of its two memories leaves no trait behind (offline path, real
Neo4j, conversations through the job worker)."""

from __future__ import annotations

import json
from typing import Any

from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at
from tests.integration.lifecycle_support import all_memories, converse, cypher
from tests.integration.reflection_support import USER, Clock, Seed, run, script, seed_memories, traits

PARK = "I go running in the park every morning."
RIVER = "I go running along the river every morning."


async def evidence(service: MemoryService, trait_uid: str) -> dict[str, set[str]]:
    """The trait's evidence: kind → the contents of the memories it cites."""
    rows = await cypher(
        service.db,
        "MATCH (t:Trait {uid: $t})<-[:SUPPORTS|CONTRADICTS]-(e:Evidence)-[:CITES]->(m:Memory) "
        "RETURN e.kind AS kind, m.content AS content, m.uid AS uid",
        t=trait_uid,
    )
    out: dict[str, set[str]] = {}
    for row in rows:
        out.setdefault(row["kind"], set()).add(row["content"])
    return out


async def restated(service: MemoryService) -> tuple[dict[str, Any], dict[str, str]]:
    """Two conversations, the second restating the habit with another place; returns the trait and the memories'
    uids by their text."""
    await converse(service, user_id=USER, session_id="s1", lines=[("m1", PARK, at(1))])
    await converse(service, user_id=USER, session_id="s2", lines=[("m1", RIVER, at(3))])
    memories = {m.content: m for m in await all_memories(service, USER)}
    park = memories["Ana goes running in the park every morning."]
    river = memories["Ana goes running along the river every morning."]
    assert (park.status, park.superseded_by, river.status) == ("superseded", river.uid, "active")
    [trait] = await traits(service)
    return trait, {"park": park.uid, "river": river.uid}


async def test_a_restated_habit_is_a_trait_with_both_memories_as_evidence_until_the_user_stops(
    service: MemoryService,
) -> None:
    trait, _ = await restated(service)
    assert trait["stage"] != "dissolved" and "running" in trait["content"].lower()
    assert await evidence(service, trait["uid"]) == {
        "supporting": {"Ana goes running in the park every morning.", "Ana goes running along the river every morning."}
    }

    await converse(service, user_id=USER, session_id="s3", lines=[("m1", "I stopped running last month.", at(6))])

    [after] = await traits(service)
    assert after["uid"] == trait["uid"] and after["stage"] == "dissolved"
    assert (await evidence(service, trait["uid"]))["contradicting"] == {"Ana stopped running last month."}
    history = await cypher(
        service.db, "MATCH (h:HistoryEntry {target_uid: $t}) RETURN h.event AS e, h.reason AS reason", t=trait["uid"]
    )
    assert {h["e"] for h in history} >= {"contradicted", "dissolved"}
    assert [h["reason"] for h in history if h["e"] == "contradicted"] == ["strong contradiction"]


async def test_forgetting_one_of_the_two_memories_leaves_no_trait(service: MemoryService) -> None:
    trait, uids = await restated(service)

    result = await service.forget_memory(user_id=USER, memory_id=uids["park"])

    assert result.traits_deleted == 1
    assert await traits(service) == []
    assert await cypher(service.db, "MATCH (e:Evidence)-[:SUPPORTS|CONTRADICTS]->(:Trait) RETURN e.uid AS uid") == []
    tombstones = await cypher(
        service.db, "MATCH (h:HistoryEntry {target_uid: $t, kind: 'trait'}) RETURN h.event AS e", t=trait["uid"]
    )
    assert [h["e"] for h in tombstones] == ["retracted"]


async def test_a_habit_replaced_by_its_negation_is_no_evidence(service: MemoryService) -> None:
    await converse(service, user_id=USER, session_id="s1", lines=[("m1", RIVER, at(1))])
    await converse(
        service,
        user_id=USER,
        session_id="s2",
        lines=[("m1", "I have stopped running along the river every morning.", at(3))],
    )
    memories = {m.content: m.status for m in await all_memories(service, USER)}
    assert memories["Ana goes running along the river every morning."] == "superseded"
    assert await traits(service) == []


async def test_the_llm_reflector_sees_a_restated_memory_as_history_and_not_one_its_negation_replaced(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    park, lake, river, no_lake = await seed_memories(
        llm_service,
        [
            Seed("a", "s1", "Ana goes running in the park every morning.", day=1),
            Seed("b", "s1", "Ana swims in the lake every weekend.", day=1),
            Seed("c", "s2", "Ana goes running along the river every morning.", day=3),
            Seed("d", "s2", "Ana doesn't swim in the lake every weekend.", day=3),
        ],
    )
    await cypher(
        llm_service.db,
        "UNWIND [[$park, $river], [$lake, $no_lake]] AS pair "
        "MATCH (old:Memory {uid: pair[0]}), (new:Memory {uid: pair[1]}) "
        "SET old.status = 'superseded', old.superseded_reason = 'slot' "
        "CREATE (old)-[:SUPERSEDED_BY {reason: 'slot'}]->(new)",
        park=park,
        river=river,
        lake=lake,
        no_lake=no_lake,
    )
    script(llm_server)
    outcome = await run(llm_service, Clock(at(10)), llm=True)

    assert outcome.status == "COMPLETED" and outcome.memories_scanned == 2
    payload = llm_server.requests[0]["messages"][1]["content"]
    shown = {m["content"]: m for m in json.loads(payload[payload.index("{") : payload.rindex("}") + 1])["memories"]}
    assert shown["Ana goes running in the park every morning."]["restated_later"] is True
    assert shown["Ana goes running along the river every morning."]["is_new"] is True
    assert "restated_later" not in shown["Ana goes running along the river every morning."]
    assert "Ana swims in the lake every weekend." not in shown  # its negation replaced it: no evidence
