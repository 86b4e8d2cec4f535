"""Issue 12: forgetMessages and forgetMemory retract exactly what rested on what they remove."""

from __future__ import annotations

import numpy as np
import pytest

from graphsvc.errors import ConflictError, InvalidInputError, NotFoundError
from graphsvc.pipeline.ingest.messages import embedding_text, in_context
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.lifecycle_support import all_memories, converse, cypher, one
from tests.integration.reflection_support import Clock, Seed, run, seed_memories, traits

RUNNING = [
    Seed("r1", "s1", "Ana went running in the park before work", "event", day=1),
    Seed("r2", "s2", "Ana went running along the river at dawn", "event", day=2),
    Seed("r3", "s3", "Ana ran 10 km before breakfast", "event", day=3),
]


async def test_a_memory_said_twice_survives_losing_one_source(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I work as a nurse.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("m2", "I work as a nurse.", at(3))])
    nurse = one(await all_memories(service, "ana"), "nurse")
    assert nurse.source_message_ids == ["m1", "m2"] and nurse.reinforcement_count == 1

    result = await service.forget_messages(user_id="ana", message_ids=["m1"])

    assert (result.events, result.memories_deleted, result.memories_updated) == (1, 0, 1)
    kept = await service.memory(user_id="ana", memory_id=nurse.uid)
    assert kept.source_message_ids == ["m2"] and kept.reinforcement_count == 0
    history = await service.memory_history(user_id="ana", memory_id=nurse.uid)
    assert history[-1].event == "sources_retracted" and history[-1].new_value is None
    created = [h for h in history if h.event == "created"]
    assert created[0].new_value is None and created[0].scrubbed_at is not None  # it quoted m1
    assert [h.new_value for h in history if h.event == "reinforced"] == ["Ana works as a nurse."]  # m2 stays
    result = await service.forget_messages(user_id="ana", message_ids=["m2"])
    assert result.memories_deleted == 1 and result.sessions == 1
    with pytest.raises(NotFoundError):
        await service.memory(user_id="ana", memory_id=nurse.uid)
    tombstone = await service.memory_history(user_id="ana", memory_id=nurse.uid)
    assert [(h.event, h.old_value, h.new_value) for h in tombstone] == [("retracted", None, None)]


async def test_the_message_after_a_deleted_one_is_re_embedded_without_it(service: MemoryService) -> None:
    lines = [("m1", "My secret is the blue door.", at(1)), ("m2", "Yes, that one.", at(1, minute=1))]
    await converse(service, user_id="ana", session_id="s1", lines=lines)
    result = await service.forget_messages(user_id="ana", message_ids=["m1"])
    assert result.events_reembedded == 1
    row = (await cypher(service.db, "MATCH (e:Event {source_id: 'm2'}) RETURN e.embedding AS v"))[0]
    alone = (
        await service.embedder.embed_passages([in_context(None, embedding_text("Ana", "Yes, that one."), chars=400)])
    )[0]
    assert np.allclose(np.asarray(row["v"], dtype=np.float32), alone, atol=1e-6)


async def test_forget_messages_refuses_bad_input_and_ignores_unknown_ids(service: MemoryService) -> None:
    with pytest.raises(InvalidInputError):
        await service.forget_messages(user_id="ana", message_ids=[])
    with pytest.raises(InvalidInputError):
        await service.forget_messages(user_id="ana", message_ids=[" "])
    assert (await service.forget_messages(user_id="ana", message_ids=["nope"])).nodes_deleted == 0
    await converse(service, user_id="bob", session_id="s1", lines=[("m1", "I live in Porto.", at(1))])
    assert (await service.forget_messages(user_id="ana", message_ids=["m1"])).events == 0  # bob's m1 is not ana's
    assert (await cypher(service.db, "MATCH (e:Event {user_id: 'bob'}) RETURN count(e) AS n"))[0]["n"] == 1


async def test_a_message_id_used_in_two_sessions_is_forgotten_in_the_session_named(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I work as a nurse.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("m1", "I live in Porto.", at(2))])
    count = "MATCH (e:Event {user_id: 'ana', source_id: 'm1'}) RETURN collect(e.session_id) AS s"

    one_session = await service.forget_messages(user_id="ana", message_ids=["m1"], session_id="s2")

    assert (one_session.events, one_session.sessions) == (1, 1)
    assert (await cypher(service.db, count))[0]["s"] == ["s1"]
    assert [m.content for m in await all_memories(service, "ana")] == ["Ana works as a nurse."]
    assert (await service.forget_messages(user_id="ana", message_ids=["m1"], session_id="s9")).events == 0
    every_session = await service.forget_messages(user_id="ana", message_ids=["m1"])
    assert every_session.events == 1 and (await cypher(service.db, count))[0]["s"] == []


@pytest.mark.parametrize("keep_sources", [False, True])
async def test_forget_memory_leaves_a_tombstone_and_reinstates_the_older_value(
    service: MemoryService, keep_sources: bool
) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("m2", "I live in Porto.", at(5))])
    porto = one(await all_memories(service, "ana"), "Porto")

    result = await service.forget_memory(
        user_id="ana", memory_id=porto.uid, reason="wrong city", keep_sources=keep_sources
    )

    assert (result.memories_forgotten, result.memories_reinstated, result.events) == (1, 1, 0)
    assert result.events_forgotten == (0 if keep_sources else 1)
    gone = await service.memory(user_id="ana", memory_id=porto.uid)
    assert (gone.status, gone.content, gone.slot, gone.source_message_ids) == ("forgotten", "", None, [])
    history = await service.memory_history(user_id="ana", memory_id=porto.uid)
    assert [(h.event, h.old_value, h.new_value, h.reason) for h in history] == [("forgotten", None, None, "wrong city")]
    lisbon = one(await all_memories(service, "ana"), "Lisbon")
    assert (lisbon.status, lisbon.valid_to) == ("active", None)
    stale = await cypher(service.db, "MATCH (i:Impression {user_id: 'ana'}) RETURN i.content AS c, i.stale AS s")
    if keep_sources:  # the message stays, and the impression observed in it, stale (recall leaves it out)
        assert {r["c"]: r["s"] for r in stale} == {lisbon.content: None, "Ana lives in Porto.": True}
    else:  # the message is a tombstone without text: what was observed in it went
        assert {r["c"]: r["s"] for r in stale} == {lisbon.content: None}
    lisbon_history = await service.memory_history(user_id="ana", memory_id=lisbon.uid)
    assert [h.event for h in lisbon_history] == ["created", "superseded", "reinstated"]
    assert lisbon_history[1].new_value is None  # it quoted the forgotten memory
    m2 = await cypher(service.db, "MATCH (e:Event {source_id: 'm2'}) RETURN e.content AS c")
    assert m2 == [{"c": "I live in Porto." if keep_sources else ""}]
    with pytest.raises(ConflictError, match="forgotten already"):
        await service.forget_memory(user_id="ana", memory_id=porto.uid)
    with pytest.raises(NotFoundError):
        await service.forget_memory(user_id="bob", memory_id=lisbon.uid)  # another user's memory


async def test_forgetting_evidence_rescores_or_deletes_the_trait(service: MemoryService) -> None:
    uids = await seed_memories(service, [*RUNNING, Seed("r4", "s4", "Ana went running in the rain", "event", day=4)])
    clock = Clock(at(10))
    await run(service, clock, force=True)
    clock.advance(days=2)
    await run(service, clock, force=True)
    [trait] = await traits(service)
    assert trait["stage"] != "dissolved"

    result = await service.forget_memory(user_id="ana", memory_id=uids[0])

    assert result.evidence >= 1 and result.traits_rescored == 1
    [after] = await traits(service)
    entries = await cypher(
        service.db,
        "MATCH (h:HistoryEntry {target_uid: $t}) RETURN h.event AS e, h.stage AS s, h.confidence AS c "
        "ORDER BY h.created_at DESC LIMIT 1",
        t=trait["uid"],
    )
    assert entries[0]["e"] in ("rescored", "dissolved") and entries[0]["c"] == after.get("confidence")
    for uid in uids[1:]:
        await service.forget_memory(user_id="ana", memory_id=uid)
    assert await traits(service) == []  # every piece of evidence gone: the trait is deleted


async def test_features_fall_back_and_relations_and_entities_go_with_their_messages(service: MemoryService) -> None:
    first = [("m1", "I live in Lisbon.", at(1)), ("m2", "My friend Oliver paints landscapes.", at(1, minute=1))]
    await converse(service, user_id="ana", session_id="s1", lines=first)
    later = [("m3", "I live in Porto.", at(10)), ("m4", "My friend Oliver sold his first painting.", at(10, minute=1))]
    await converse(service, user_id="ana", session_id="s2", lines=later)

    async def lives_in() -> list[str]:
        rows = await cypher(
            service.db,
            "MATCH (:Entity {user_id: 'ana', subject: 'Ana'})-[:HAS_FEATURE]->(f {key: 'lives_in'}) "
            "RETURN f.value AS v",
        )
        return [r["v"] for r in rows]

    async def friends() -> list[list[str]]:
        rows = await cypher(
            service.db, "MATCH (:Entity {user_id: 'ana'})-[r:RELATES {relation: 'friend'}]->() RETURN r.event_uids AS e"
        )
        return [r["e"] for r in rows]

    assert await lives_in() == ["Porto"] and [len(e) for e in await friends()] == [2]
    second = await service.forget_session(user_id="ana", session_id="s2")
    assert second.features_changed == 1 and await lives_in() == ["Lisbon"]  # the newest value still supported
    # "I live in Porto" is also Ana's lives_in relation to Porto, which rested on s2 alone
    assert [len(e) for e in await friends()] == [1] and second.relations == 1
    first_result = await service.forget_session(user_id="ana", session_id="s1")
    # the friend relation and the lives_in relation to Lisbon
    assert first_result.features_deleted >= 1 and first_result.relations == 2 and await friends() == []
    assert first_result.entities >= 2  # Ana and Oliver rested only on these messages
    left = await cypher(
        service.db,
        "MATCH (n {user_id: 'ana'}) WHERE n:Memory OR n:Event OR n:Session OR n:Entity OR n:Alias OR n:Impression "
        "OR n:Feature OR n:Evidence OR n:Trait OR n:PendingObservation RETURN labels(n) AS l",
    )
    assert left == []  # everything rested on the two conversations
