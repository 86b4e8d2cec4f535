"""Helpers of the memory-lifecycle tests (issue 12): conversations in, memories out, graph checks in Cypher."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from graphsvc.conversation import MessageIn
from graphsvc.graph.database import Database
from graphsvc.graph.memory_reads import MemoryView
from graphsvc.service import MemoryService


async def converse(
    service: MemoryService,
    *,
    user_id: str,
    session_id: str,
    lines: list[tuple[str, str, datetime]],
    speaker: str = "Ana",
) -> None:
    """Ingest ``(message_id, text, time)`` user messages as one session, end it and wait for its jobs."""
    messages = [
        MessageIn(role="user", content=text, occurred_at=when, message_id=mid, speaker=speaker)
        for mid, text, when in lines
    ]
    await service.ingest_messages(user_id=user_id, session_id=session_id, messages=messages)
    await service.end_conversation(user_id=user_id, session_id=session_id)
    await service.wait_for_jobs()


async def all_memories(service: MemoryService, user_id: str) -> list[MemoryView]:
    """Every memory of the user in any status, newest first."""
    page = await service.memories(
        user_id=user_id, statuses=("active", "superseded", "archived", "forgotten"), limit=500
    )
    return page.items


def one(memories: list[MemoryView], needle: str) -> MemoryView:
    """The only memory whose text holds ``needle``."""
    found = [m for m in memories if needle in m.content]
    assert len(found) == 1, [m.content for m in memories]
    return found[0]


async def cypher(db: Database, text: str, **params: Any) -> list[dict[str, Any]]:
    """A raw read for assertions (tests only)."""
    async with db.driver.session(database=db.database) as session:
        result = await session.run(text, params)
        return [dict(r) async for r in result]
