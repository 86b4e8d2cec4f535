"""Issue 12: asOf reads return the state as it was: memories that held then, traits with the stage and
confidence they had, an entity as the messages up to then showed it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.lifecycle_support import converse
from tests.integration.reflection_support import Clock, Seed, run, seed_memories, traits

RUNNING = [
    Seed("r1", "s1", "Ana went running in the park before work", "event", day=1),
    Seed("r2", "s2", "Ana went running along the river at dawn", "event", day=2),
    Seed("r3", "s3", "Ana ran 10 km before breakfast", "event", day=3),
]


async def test_memories_as_of_follow_valid_time(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("m2", "I live in Porto.", at(10))])

    async def contents(day: int) -> list[str]:
        page = await service.memories(user_id="ana", as_of=at(day))
        return [m.content for m in page.items]

    assert await contents(1) == ["Ana lives in Lisbon."]  # from the moment it was said
    assert await contents(9) == ["Ana lives in Lisbon."]
    assert await contents(10) == ["Ana lives in Porto."]  # the boundary belongs to the newer value
    assert await contents(20) == ["Ana lives in Porto."]
    assert (await service.memories(user_id="ana", as_of=at(1) - timedelta(seconds=1))).items == []


async def test_user_traits_as_of_replay_the_history(service: MemoryService) -> None:
    await seed_memories(service, RUNNING[:2])
    clock = Clock(at(10))
    await run(service, clock)
    [trend] = await traits(service)
    assert trend["stage"] == "trend"
    await seed_memories(service, [Seed("r4", "s4", "Ana went running in the rain", "event", day=4)])
    clock.advance(days=1)
    await run(service, clock)
    clock.advance(days=30)
    await run(service, clock, force=True)  # a later cycle decays the candidate's confidence
    [now] = await traits(service)
    assert now["stage"] == "candidate"

    async def as_of(day: float) -> list[tuple[str, float | None]]:
        views = await service.user_traits(user_id="ana", min_stage=None, as_of=at(10) + timedelta(days=day))
        return [(t.stage, t.confidence) for t in views]

    assert await as_of(-1) == []  # before reflection concluded anything
    assert await as_of(0.5) == [("trend", None)]
    assert await as_of(1.5) == [("candidate", 0.3)]  # promoted at confidence 0.3, no cycle since
    decayed = cm.decay(0.3, subtype="behavior", reinforcement_count=1, days=30, settings=service.settings.reflection)
    [(stage, confidence)] = await as_of(31.5)
    assert stage == "candidate" and confidence == pytest.approx(decayed)
    assert confidence == pytest.approx(now["confidence"])
    assert await service.user_traits(user_id="ana", as_of=at(10) + timedelta(days=1.5)) == []  # min stage emerging


async def test_entity_as_of_shows_what_the_messages_said_by_then(service: MemoryService) -> None:
    first = [("m1", "I live in Lisbon.", at(1)), ("m2", "My friend Oliver paints landscapes.", at(1, minute=1))]
    await converse(service, user_id="ana", session_id="s1", lines=first)
    later = [("m3", "I live in Porto.", at(10)), ("m4", "My friend Oliver sold his first painting.", at(10, minute=1))]
    await converse(service, user_id="ana", session_id="s2", lines=later)
    now = await service.entity_named(user_id="ana", name="Ana")
    assert now is not None
    [feature] = [f for f in (await service.features_of(user_id="ana", ids=[now.uid]))[0] if f.key == "lives_in"]
    assert feature.value == "Porto"

    then = await service.entity_named_as_of(user_id="ana", name="Ana", as_of=at(5))
    assert then is not None
    assert {f.key: f.value for f in then.features}["lives_in"] == "Lisbon"
    assert all("Porto" not in i.content for i in then.impressions)
    oliver = await service.entity_named_as_of(user_id="ana", name="Oliver", as_of=at(5))
    assert oliver is not None and [i.content for i in oliver.impressions] == ["Ana's friend Oliver paints landscapes."]
    assert await service.entity_named_as_of(user_id="ana", name="Ana", as_of=at(1) - timedelta(days=1)) is None
