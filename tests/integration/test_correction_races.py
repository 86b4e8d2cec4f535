"""Issue 25 item 9: correctMemory checks the memory's status inside its writing transaction, under its lock;
forgetMemory forgets only a memory still live in its own transaction, so concurrent forgets answer OK once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

import pytest

from graphsvc.errors import ConflictError
from graphsvc.service import MemoryService
from graphsvc.service.views import MemoryView
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.lifecycle_support import cypher

FORGET = """
mutation($u: String!, $m: ID!) { forgetMemory(userId: $u, memoryId: $m) { memoriesForgotten } }"""


async def _remembered(service: MemoryService) -> str:
    view = await service.remember(
        user_id="ana", content="My locker is number 12.", memory_type="fact", source="user", occurred_at=at(1)
    )
    return view.uid


async def _statuses(service: MemoryService) -> dict[str, str]:
    rows = await cypher(service.db, "MATCH (m:Memory {user_id: 'ana'}) RETURN m.uid AS uid, m.status AS status")
    return {r["uid"]: r["status"] for r in rows}


async def test_ten_concurrent_corrections_leave_one_active_version(service: MemoryService) -> None:
    uid = await _remembered(service)
    results = await asyncio.gather(
        *(
            service.correct_memory(user_id="ana", memory_id=uid, content=f"My locker is number {20 + i}.")
            for i in range(10)
        ),
        return_exceptions=True,
    )
    done = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(done) == 1 and all(isinstance(r, ConflictError) for r in refused), refused
    statuses = await _statuses(service)
    assert statuses[uid] == "superseded"
    assert [u for u, s in statuses.items() if s == "active"] == [done[0].uid]


async def test_corrections_raced_with_forgets_never_bring_a_forgotten_memory_back(service: MemoryService) -> None:
    uid = await _remembered(service)
    calls: list[Awaitable[object]] = []
    for i in range(5):
        calls.append(service.correct_memory(user_id="ana", memory_id=uid, content=f"My locker is number {30 + i}."))
        calls.append(service.forget_memory(user_id="ana", memory_id=uid))
    results = await asyncio.gather(*calls, return_exceptions=True)
    corrections = results[0::2]
    done = [r for r in corrections if isinstance(r, MemoryView)]
    assert len(done) <= 1
    assert all(isinstance(r, ConflictError) for r in corrections if isinstance(r, BaseException))
    statuses = await _statuses(service)
    assert statuses[uid] == "forgotten"
    active = [u for u, s in statuses.items() if s == "active"]
    # a correction that committed before the first forget keeps its new version; none came after it
    assert active == [r.uid for r in done]


async def test_correcting_an_already_corrected_memory_is_a_conflict(service: MemoryService) -> None:
    uid = await _remembered(service)
    first = await service.correct_memory(user_id="ana", memory_id=uid, content="My locker is number 21.")
    with pytest.raises(ConflictError, match="already corrected"):
        await service.correct_memory(user_id="ana", memory_id=uid, content="My locker is number 22.")
    statuses = await _statuses(service)
    assert [u for u, s in statuses.items() if s == "active"] == [first.uid]
    # the current version can be corrected
    second = await service.correct_memory(user_id="ana", memory_id=first.uid, content="My locker is number 22.")
    statuses = await _statuses(service)
    assert [u for u, s in statuses.items() if s == "active"] == [second.uid]


async def test_correcting_a_forgotten_memory_is_a_conflict(service: MemoryService) -> None:
    uid = await _remembered(service)
    await service.forget_memory(user_id="ana", memory_id=uid)
    with pytest.raises(ConflictError, match="forgotten"):
        await service.correct_memory(user_id="ana", memory_id=uid, content="My locker is number 23.")
    assert "active" not in (await _statuses(service)).values()


async def test_ten_concurrent_forgets_through_graphql_answer_ok_once(service: MemoryService) -> None:
    uid = await _remembered(service)
    # no request refused for capacity: each of the ten reaches the database
    roomy = service.settings.model_copy(
        update={"max_queued_requests": 64, "max_queue_wait_s": 60.0, "request_deadline_s": 60.0}
    )
    gql = GraphQLClient(service, settings=roomy)
    try:
        answers = await asyncio.gather(*(gql.execute(FORGET, {"u": "ana", "m": uid}) for _ in range(10)))
    finally:
        await gql.aclose()

    done = [a["data"]["forgetMemory"] for a in answers if "errors" not in a]
    codes = sorted(a["errors"][0]["extensions"]["code"] for a in answers if "errors" in a)
    assert done == [{"memoriesForgotten": 1}]
    assert codes == ["CONFLICT"] * 9, answers
    assert (await _statuses(service))[uid] == "forgotten"
    entries = await cypher(service.db, "MATCH (h:HistoryEntry {target_uid: $t}) RETURN h.event AS event", t=uid)
    assert [e["event"] for e in entries] == ["forgotten"]  # one tombstone: no forget ran twice
