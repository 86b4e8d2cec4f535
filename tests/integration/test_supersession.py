"""Issue 12: a newer value of a slot supersedes the older one, by valid time, through extraction and remember."""

from __future__ import annotations

from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.lifecycle_support import all_memories, converse, cypher, one


async def test_a_move_supersedes_the_old_home_and_recall_shows_only_the_current_one(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("m2", "I moved to Porto last week.", at(20))])
    memories = await all_memories(service, "ana")
    lisbon, porto = one(memories, "Lisbon"), one(memories, "Porto")
    assert (lisbon.status, porto.status) == ("superseded", "active")
    assert lisbon.slot == porto.slot == "lives_in"
    assert lisbon.valid_from == at(1) and lisbon.valid_to == porto.valid_from
    assert lisbon.superseded_by == porto.uid
    history = await service.memory_history(user_id="ana", memory_id=lisbon.uid)
    assert [h.event for h in history] == ["created", "superseded"]
    assert (history[1].old_value, history[1].new_value) == (lisbon.content, porto.content)

    hits = await service.recall(user_id="ana", query="Where does Ana live?", limit=10)
    memory_hits = [h for h in hits if h.kind == "memory"]
    assert lisbon.uid not in {h.uid for h in memory_hits} and all(h.status == "active" for h in memory_hits)
    assert "m2" in {s for h in hits[:3] for s in h.source_message_ids}  # the move (its memory or its message)
    # Ana's impression repeating the old statement is stale: never presented as current either
    assert all("Lisbon" not in h.content for h in hits if h.kind in ("memory", "impression"))
    stale = await cypher(service.db, "MATCH (i:Impression {user_id: 'ana'}) WHERE i.stale RETURN i.content AS c")
    assert [r["c"] for r in stale] == [lisbon.content]
    context = await service.memory_context(user_id="ana", query="Where does Ana live?", max_tokens=800)
    assert lisbon.uid not in context.memory_ids


async def test_recall_returns_superseded_memories_only_when_asked(service: MemoryService) -> None:
    # remembered memories cite no message, so no event hit covers them in recall
    lisbon = await service.remember(
        user_id="ana", content="I live in Lisbon.", memory_type="fact", source="user", occurred_at=at(1)
    )
    porto = await service.remember(
        user_id="ana", content="I live in Porto.", memory_type="fact", source="user", occurred_at=at(20)
    )
    default = await service.recall(user_id="ana", query="Where do I live?", limit=10)
    assert [h.uid for h in default] == [porto.uid]
    assert (default[0].status, default[0].valid_from, default[0].valid_to) == ("active", at(20), None)
    with_old = await service.recall(user_id="ana", query="Where do I live?", limit=10, include_superseded=True)
    by_uid = {h.uid: h for h in with_old}
    assert set(by_uid) == {lisbon.uid, porto.uid}
    assert (by_uid[lisbon.uid].status, by_uid[lisbon.uid].valid_to) == ("superseded", at(20))
    then = await service.recall(user_id="ana", query="Where do I live?", limit=10, as_of=at(10))
    assert [h.uid for h in then] == [lisbon.uid]
    before = await service.recall(
        user_id="ana", query="Where do I live?", limit=10, as_of=at(1, hour=1) - (at(2) - at(1))
    )
    assert before == []


async def test_a_late_import_of_an_older_conversation_never_supersedes_a_newer_fact(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="now", lines=[("n1", "I live in Porto.", at(20))])
    await converse(service, user_id="ana", session_id="old", lines=[("o1", "I live in Lisbon.", at(1))])
    memories = await all_memories(service, "ana")
    lisbon, porto = one(memories, "Lisbon"), one(memories, "Porto")
    assert (lisbon.status, porto.status) == ("superseded", "active")
    assert lisbon.valid_to == at(20) and lisbon.superseded_by == porto.uid
    # an even older value lands before both
    await converse(service, user_id="ana", session_id="older", lines=[("f1", "I live in Faro.", at(1, hour=1))])
    memories = await all_memories(service, "ana")
    faro, lisbon = one(memories, "Faro"), one(memories, "Lisbon")
    assert faro.status == "superseded" and faro.superseded_by == lisbon.uid and faro.valid_to == at(1)
    assert one(memories, "Porto").status == "active"


async def test_no_slot_no_supersession_and_other_speakers_keep_their_own_slots(service: MemoryService) -> None:
    await converse(service, user_id="u", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    await converse(service, user_id="u", session_id="s2", lines=[("m2", "I live in Paris.", at(2))], speaker="Melanie")
    await converse(service, user_id="u", session_id="s3", lines=[("m3", "I want to learn the cello.", at(3))])
    await converse(service, user_id="u", session_id="s4", lines=[("m4", "I want to learn the piano.", at(4))])
    memories = await all_memories(service, "u")
    assert {m.status for m in memories} == {"active"}, [(m.content, m.status) for m in memories]


async def test_a_preference_turned_negative_supersedes_and_the_same_value_reinforces(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I love sushi.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("m2", "I really love sushi a lot.", at(2))])
    memories = await all_memories(service, "ana")
    assert {m.status for m in memories} == {"active"}
    await converse(service, user_id="ana", session_id="s3", lines=[("m3", "I don't like sushi anymore.", at(9))])
    memories = await all_memories(service, "ana")
    negative = one(memories, "like sushi anymore")
    assert negative.status == "active" and negative.slot == "likes:sushi"
    assert {m.status for m in memories if m.uid != negative.uid} == {"superseded"}


async def test_remember_goes_through_dedup_and_supersession_with_its_source(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    moved = await service.remember(
        user_id="ana", content="Ana: I moved to Porto.", memory_type="fact", source="user", occurred_at=at(15)
    )
    assert (moved.status, moved.origin, moved.valid_from) == ("active", "user", at(15))
    lisbon = one(await all_memories(service, "ana"), "Lisbon")
    assert lisbon.status == "superseded" and lisbon.superseded_by == moved.uid
    again = await service.remember(user_id="ana", content="Ana: I moved to Porto.", memory_type="fact", source="agent")
    assert again.uid == moved.uid and again.reinforcement_count == 1  # an exact duplicate reinforces
    guess = await service.remember(
        user_id="ana", content="Ana seems to enjoy long walks.", memory_type="preference", source="agent"
    )
    assert guess.origin == "agent" and guess.confidence == 0.6
    history = await service.memory_history(user_id="ana", memory_id=guess.uid)
    assert [(h.event, h.actor) for h in history] == [("created", "agent")]
    rows = await cypher(
        service.db, "MATCH (m:Memory {uid: $u})-[:EXTRACTED_FROM]->(e) RETURN count(e) AS n", u=moved.uid
    )
    assert rows[0]["n"] == 0  # it rests on the assertion, not on messages


async def test_correct_memory_writes_a_new_version_in_the_same_slot(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("m2", "I live in Bragaa.", at(5))])
    typo = one(await all_memories(service, "ana"), "Bragaa")
    fixed = await service.correct_memory(user_id="ana", memory_id=typo.uid, content="Ana: I live in Braga.")
    memories = await all_memories(service, "ana")
    old = one(memories, "Bragaa")
    assert (old.status, old.superseded_by, old.valid_to) == ("superseded", fixed.uid, old.valid_from)
    assert fixed.status == "active" and fixed.slot == "lives_in" and fixed.valid_from == at(5)
    assert fixed.source_message_ids == ["m2"]
    assert one(memories, "Lisbon").superseded_by == fixed.uid  # the slot's timeline runs through the new version
    assert [h.event for h in await service.memory_history(user_id="ana", memory_id=old.uid)] == [
        "created",
        "corrected",
    ]
    as_of = await service.memories(user_id="ana", as_of=at(10))
    assert [m.uid for m in as_of.items] == [fixed.uid]  # the typo never held


async def test_archive_and_restore_keep_the_slot_order(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("m2", "I live in Porto.", at(5))])
    porto = one(await all_memories(service, "ana"), "Porto")
    archived = await service.archive_memory(user_id="ana", memory_id=porto.uid, reason="stale")
    assert archived.status == "archived"
    assert one(await all_memories(service, "ana"), "Lisbon").status == "superseded"  # archiving never reinstates
    assert porto.uid not in {m.uid for m in (await service.memories(user_id="ana")).items}
    restored = await service.restore_memory(user_id="ana", memory_id=porto.uid)
    assert restored.status == "active"
    history = await service.memory_history(user_id="ana", memory_id=porto.uid)
    assert [h.event for h in history if h.target_uid == porto.uid] == ["created", "archived", "restored"]


async def test_two_statements_of_one_message_keep_their_own_slots(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon. I love sushi.", at(1))])
    memories = await all_memories(service, "ana")
    assert {(m.slot, m.status) for m in memories} == {("lives_in", "active"), ("likes:sushi", "active")}
    lines = [("m2", "I moved to Porto.", at(9)), ("m3", "I don't like sushi anymore.", at(9, minute=1))]
    await converse(service, user_id="ana", session_id="s2", lines=lines)
    memories = await all_memories(service, "ana")
    assert one(memories, "Lisbon").superseded_by == one(memories, "Porto").uid
    assert one(memories, "loves sushi").superseded_by == one(memories, "like sushi anymore").uid
