"""Reflection cycles on the real graph (seed 002 §1–2): triggers, the lock, failures, no-LLM cycles."""

from __future__ import annotations

import asyncio

from graphsvc.conversation import MessageIn
from graphsvc.pipeline.reflection.triggers import should_reflect
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at
from tests.integration.reflection_support import USER, Clock, Seed, count, run, script, seed_memories, snapshot, traits

RUNNING = [
    Seed("r1", "s1", "Ana went running in the park before work", "event", day=1),
    Seed("r2", "s2", "Ana went running along the river at dawn", "event", day=2),
    Seed("r3", "s3", "Ana ran 10 km before breakfast", "event", day=3),
]


async def check(service: MemoryService, clock: Clock, *, session_ended: bool = False) -> bool:
    return await should_reflect(
        db=service.db, settings=service.settings, user_id=USER, session_ended=session_ended, clock=clock
    )


async def test_trigger_conditions(service: MemoryService) -> None:
    clock = Clock(at(10))
    assert await check(service, clock)  # never reflected: the first reflection always runs
    first = await run(service, clock, session_ended=False)
    assert first.status == "COMPLETED" and first.trigger == "first" and first.memories_scanned == 0
    assert not await check(service, clock)
    assert (await run(service, clock, session_ended=False)).status == "SKIPPED"

    # importance: 0-1 importances × 10 against the seed's 30, summed over every type a cycle reads
    await seed_memories(service, [Seed(f"i{i}", "s1", f"Important fact number {i}", importance=0.58) for i in range(4)])
    await seed_memories(service, [Seed("g1", "s1", "Ana wants to learn the cello", "goal", importance=0.58)])
    assert not await check(service, clock)  # 5 × 5.8 = 29
    await seed_memories(service, [Seed("p1", "s1", "Ana enjoys long walks", "preference", importance=0.1)])
    assert await check(service, clock)  # 30: a preference counts like a fact
    outcome = await run(service, clock, session_ended=False)
    assert outcome.trigger == "importance" and outcome.trigger_value is not None
    assert abs(outcome.trigger_value - 30.0) < 1e-6 and outcome.memories_scanned == 6

    assert await check(service, clock, session_ended=True)
    clock.advance(hours=23, minutes=59)
    assert not await check(service, clock)
    clock.advance(minutes=1)
    assert await check(service, clock)
    assert (await run(service, clock, session_ended=False)).trigger == "interval"


async def test_parallel_reflect_calls_run_one_cycle(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    await seed_memories(llm_service, RUNNING)
    llm_server.default = {"content": '{"new_behaviors": []}', "delay_s": 0.4}
    clock = Clock(at(10))
    outcomes = await asyncio.gather(*(run(llm_service, clock, llm=True, session_ended=False) for _ in range(6)))
    statuses = sorted(o.status for o in outcomes)
    assert statuses == ["COMPLETED"] + ["SKIPPED"] * 5
    assert len(llm_server.requests) == 1
    assert await count(llm_service, "MATCH (c:ReflectionCycle {user_id: $u}) RETURN count(c)", u=USER) == 1
    assert (
        await count(
            llm_service, "MATCH (s:ReflectionState {user_id: $u}) WHERE s.running_cycle IS NULL RETURN count(s)", u=USER
        )
        == 1
    )


async def test_a_stale_running_flag_lapses(service: MemoryService) -> None:
    clock = Clock(at(10))
    await run(service, clock, force=True)
    async with service.db.driver.session(database=service.db.database) as session:
        await session.run(
            "MATCH (s:ReflectionState {user_id: $u}) SET s.running_cycle = 'crashed', s.lock_expires_at = $t",
            u=USER,
            t=clock.advance(minutes=10),
        )
    assert (
        await run(service, clock, force=True)
    ).skipped_reason == "a reflection cycle is already running for this user"
    clock.advance(seconds=1)
    assert (await run(service, clock, force=True)).status == "COMPLETED"


async def test_nothing_new_runs_without_the_llm(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    await seed_memories(llm_service, RUNNING)
    clock = Clock(at(10))
    script(llm_server, new_behaviors=[{"content": "Runs early", "evidence_ids": ["m1", "m2", "m3"]}])
    assert (await run(llm_service, clock, llm=True)).llm_calls == 1
    requests = len(llm_server.requests)
    clock.advance(days=30)
    outcome = await run(llm_service, clock, llm=True)
    assert outcome.status == "COMPLETED" and outcome.memories_scanned == 0 and outcome.llm_calls == 0
    assert len(llm_server.requests) == requests
    [trait] = await traits(llm_service)
    assert trait["confidence"] < 0.4  # decay still ran


async def test_malformed_output_fails_the_cycle_and_changes_nothing(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    await seed_memories(llm_service, RUNNING)
    clock = Clock(at(10))
    script(llm_server, new_behaviors=[{"content": "Runs early", "evidence_ids": ["m1", "m2", "m3"]}])
    await run(llm_service, clock, llm=True)
    await seed_memories(llm_service, [Seed("r4", "s4", "Ana went running in the snow", "event", day=4)])
    before = await snapshot(llm_service)
    clock.advance(days=20)
    for answer in ('{"new_behaviors": [oops', '{"reinforcements": [{"trait_id": "t1"}]}'):
        llm_server.answer(content=answer)
        failed = await run(llm_service, clock, llm=True)
        assert failed.status == "FAILED" and failed.error and "malformed output" in failed.error
        assert failed.llm_calls == 1 and failed.traits_created == 0
        assert await snapshot(llm_service) == before
    llm_server.answer(status=500)
    llm_server.answer(status=500)
    assert (await run(llm_service, clock, llm=True)).status == "FAILED"
    assert await snapshot(llm_service) == before
    assert (
        await count(llm_service, "MATCH (c:ReflectionCycle {user_id: $u, status: 'FAILED'}) RETURN count(c)", u=USER)
        == 3
    )
    script(llm_server)  # the memory is still new: the next good answer reads it
    assert (await run(llm_service, clock, llm=True)).memories_scanned == 1


async def test_extraction_never_creates_traits(service: MemoryService) -> None:
    messages = [
        MessageIn(role="user", content=text, occurred_at=at(1, minute=i), message_id=f"m{i}")
        for i, text in enumerate(
            ["I go running every morning.", "I went running yesterday.", "I love running, I run daily."]
        )
    ]
    await service.ingest_messages(user_id=USER, session_id="s1", messages=messages)
    await service.end_conversation(user_id=USER, session_id="s1")
    await service.wait_for_jobs()
    assert await count(service, "MATCH (m:Memory {user_id: $u}) RETURN count(m)", u=USER) > 0
    assert await traits(service) == []
    outcome = await run(service, Clock(at(2)))  # one conversation: reflection will not make a trait of it
    assert outcome.status == "COMPLETED" and await traits(service) == []


async def test_offline_cycle_creates_a_behavior_from_three_conversations(service: MemoryService) -> None:
    await seed_memories(service, RUNNING[:2])
    clock = Clock(at(10))
    first = await run(service, clock)
    assert first.mode == "offline" and first.llm_calls == 0
    [trend] = await traits(service)
    assert trend["stage"] == "trend" and trend.get("confidence") is None
    await seed_memories(service, [Seed("r4", "s4", "Ana went running in the rain", "event", day=4)])
    clock.advance(days=1)
    second = await run(service, clock)
    assert second.traits_reinforced == 1 and second.traits_promoted == 1
    [candidate] = await traits(service)
    assert candidate["stage"] == "candidate" and candidate["confidence"] == 0.3
