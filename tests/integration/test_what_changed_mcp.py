"""The MCP tool ``what_changed`` over beliefChanges."""

from __future__ import annotations

from datetime import timedelta

from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService
from tests.integration.test_mcp import mcp_http, served, structured

__all__ = ["served"]  # the fixture, used by name


async def test_what_changed_lists_this_weeks_changes_with_both_values(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    lisbon = await service.remember(user_id="ana", content="I live in Lisbonn.", memory_type="fact", source="user")
    fixed = await service.correct_memory(user_id="ana", memory_id=lisbon.uid, content="I live in Lisbon.")
    await service.remember(user_id="bob", content="I live in Rome.", memory_type="fact", source="user")
    async with mcp_http(served, key) as client:
        answer = structured(await client.call_tool("what_changed", {}))
        got = {(c["id"], c["change"]) for c in answer["changes"]}
        assert got == {(lisbon.uid, "created"), (fixed.uid, "created"), (lisbon.uid, "corrected")}
        corrected = next(c for c in answer["changes"] if c["change"] == "corrected")
        assert (corrected["old_value"], corrected["new_value"], corrected["actor"]) == (
            "I live in Lisbonn.",
            "I live in Lisbon.",
            "user",
        )
        assert answer["next_cursor"] is None
        first = structured(await client.call_tool("what_changed", {"limit": 1}))
        assert len(first["changes"]) == 1 and first["next_cursor"] is not None


async def test_what_changed_by_happened_leaves_out_an_old_import(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    said = service.rt.clock() - timedelta(days=30)
    await service.ingest_messages(
        user_id="ana",
        session_id="old",
        messages=[MessageIn(role="user", content="I work as a nurse.", occurred_at=said, message_id="m1")],
    )
    await service.end_conversation(user_id="ana", session_id="old")
    await service.wait_for_jobs()
    async with mcp_http(served, key) as client:
        recorded = structured(await client.call_tool("what_changed", {}))["changes"]
        assert recorded and {c["change"] for c in recorded} == {"created"}  # learned today
        assert all(c["happened_at"] == said.isoformat() for c in recorded)
        happened = structured(await client.call_tool("what_changed", {"by": "happened"}))["changes"]
        assert happened == []  # said a month ago: not this week
        month = structured(await client.call_tool("what_changed", {"by": "happened", "days": 31}))["changes"]
        assert [c["id"] for c in month] == [c["id"] for c in recorded]
