"""The memory-writing wing under a race: a memory another writer created first is where the write lands."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from graphsvc.graph.database import NamedTx
from graphsvc.service import MemoryService
from tests.integration.lifecycle_support import all_memories


def hold_transactions_until(service: MemoryService, count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the first ``count`` transactions wait until all of them are asked for: every caller has planned
    its write (read the graph) before any of them writes."""
    db = service.rt.db
    original = db.in_transaction
    arrived = 0
    all_there = asyncio.Event()

    async def held(work: Callable[[NamedTx], Awaitable[Any]]) -> Any:
        nonlocal arrived
        arrived += 1
        if arrived >= count:
            all_there.set()
        await all_there.wait()
        return await original(work)

    monkeypatch.setattr(db, "in_transaction", held)


async def test_two_identical_remembers_at_once_land_on_one_memory(
    service: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold_transactions_until(service, 2, monkeypatch)
    first, second = await asyncio.gather(
        *(
            service.remember(user_id="ana", content="Ana: I keep bees.", memory_type="fact", source="user")
            for _ in range(2)
        )
    )
    [stored] = await all_memories(service, "ana")
    assert first.uid == second.uid == stored.uid
    assert stored.reinforcement_count == 1


async def test_a_correction_racing_an_identical_remember_supersedes_the_old_memory(
    service: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = await service.remember(user_id="ana", content="Ana: I keep bees.", memory_type="fact", source="user")
    hold_transactions_until(service, 2, monkeypatch)
    fixed = "Ana: My brother plays the cello in an orchestra."
    remembered, corrected = await asyncio.gather(
        service.remember(user_id="ana", content=fixed, memory_type="fact", source="user"),
        service.correct_memory(user_id="ana", memory_id=old.uid, content=fixed),
    )
    assert remembered.uid == corrected.uid
    old_now = await service.memory(user_id="ana", memory_id=old.uid)
    assert (old_now.status, old_now.superseded_by) == ("superseded", corrected.uid)
