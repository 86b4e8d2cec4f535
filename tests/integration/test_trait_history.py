"""Issue 16: ``Trait.history``, how a trait's stage and confidence moved over the reflection cycles, read
from its history entries, oldest first, and only for the user who owns it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

import pytest

from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.reflection_support import Clock, Seed, run, seed_memories, traits

HISTORY = """
query($u: String!) {
  userTraits(userId: $u, minStage: TREND) { id content history { at stage confidence event } }
}"""

RUNNING = [
    Seed("r1", "s1", "Ana went running in the park before work", "event", day=1),
    Seed("r2", "s2", "Ana went running along the river at dawn", "event", day=2),
    Seed("r3", "s3", "Ana went running in the rain", "event", day=3),
    Seed("r4", "s4", "Ana went running before breakfast", "event", day=4),
]
BOB = [
    Seed("b1", "t1", "Bob went swimming in the lake", "event", day=1),
    Seed("b2", "t2", "Bob went swimming at the pool", "event", day=2),
]


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def cycle(service: MemoryService, clock: Clock, user_id: str = "ana") -> tuple[datetime, str, float | None]:
    """Run one cycle; return its start and the (only) trait's stage and confidence after it."""
    outcome = await run(service, clock, user_id=user_id)
    assert outcome.status == "COMPLETED", outcome
    [trait] = await traits(service, user_id=user_id)
    assert outcome.started_at is not None
    return outcome.started_at, trait["stage"], trait.get("confidence")


async def test_history_lists_each_cycles_state_oldest_first(service: MemoryService, gql: GraphQLClient) -> None:
    clock = Clock(at(10))
    await seed_memories(service, RUNNING[:2])
    written = [await cycle(service, clock)]  # a trend: no confidence
    for seed in RUNNING[2:]:
        await seed_memories(service, [seed])
        clock.advance(days=1)
        written.append(await cycle(service, clock))  # promoted to candidate, then reinforced to emerging
    assert [stage for _, stage, _ in written] == ["trend", "candidate", "emerging"]
    assert written[1][2] is not None and written[2][2] is not None and written[2][2] > written[1][2]

    body = await gql.execute(HISTORY, {"u": "ana"})
    assert "errors" not in body, body
    [trait] = body["data"]["userTraits"]
    points: list[dict[str, Any]] = trait["history"]
    # the second cycle reinforces the trend, then promotes it (one time, kept in the order written)
    assert [p["event"] for p in points] == ["created", "reinforced", "promoted", "reinforced"]
    times = [datetime.fromisoformat(p["at"]) for p in points]
    assert times == sorted(times) and set(times) == {when for when, _, _ in written}
    for when, stage, confidence in written:  # each cycle's last point is the state that cycle left
        last = [p for p, t in zip(points, times, strict=True) if t == when][-1]
        assert last["stage"].lower() == stage
        assert last["confidence"] == (None if confidence is None else pytest.approx(confidence))


async def test_another_users_trait_history_is_not_reachable(service: MemoryService, gql: GraphQLClient) -> None:
    clock = Clock(at(10))
    await seed_memories(service, RUNNING[:2])
    await seed_memories(service, BOB, user_id="bob")
    await cycle(service, clock)
    await cycle(service, clock, user_id="bob")
    [ana] = await traits(service)
    [bob] = await traits(service, user_id="bob")

    body = await gql.execute(HISTORY, {"u": "bob"})
    assert "errors" not in body, body
    [trait] = body["data"]["userTraits"]
    assert trait["id"] == bob["uid"] and [p["event"] for p in trait["history"]] == ["created"]
    assert await service.trait_history(user_id="bob", ids=[ana["uid"]]) == {}
    assert list(await service.trait_history(user_id="ana", ids=[ana["uid"], bob["uid"]])) == [ana["uid"]]


async def test_an_entry_that_only_describes_its_state_in_text_is_read(service: MemoryService) -> None:
    """Entries written before states were recorded say "stage X, confidence Y" in their new value."""
    clock = Clock(at(10))
    await seed_memories(service, RUNNING[:2])
    when, _, _ = await cycle(service, clock)
    [trait] = await traits(service)
    async with service.db.driver.session(database=service.db.database) as session:
        result = await session.run(
            "MATCH (t:Trait {uid: $uid}) CREATE (h:HistoryEntry {uid: 'old-1', user_id: 'ana', target_uid: t.uid,"
            " event: 'promoted', new_value: 'stage candidate, confidence 0.35', actor: 'reflection', created_at: $at,"
            " seq: 9})-[:RECORDS]->(t)",
            uid=trait["uid"],
            at=when,
        )
        await result.consume()
    [points] = (await service.trait_history(user_id="ana", ids=[trait["uid"]])).values()
    assert [(p.event, p.stage, p.confidence) for p in points] == [
        ("created", "trend", None),
        ("promoted", "candidate", pytest.approx(0.35)),
    ]
