"""The smaller holes of issue 25 (item 11): one message id with two texts in a batch, a redelivery that
reopened an ended session, NUL and U+001F in tags and slots, export files readable by others, concurrent
forgets writing a history entry each."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from graphsvc.cli import main
from graphsvc.conversation import MessageIn
from graphsvc.errors import ConflictError, InvalidInputError
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.pipeline.sources.events import SourceEventIn
from graphsvc.service import MemoryService
from tests.integration.conftest import at


def m(message_id: str, content: str) -> MessageIn:
    return MessageIn(role="user", content=content, occurred_at=at(1), message_id=message_id)


async def events(service: MemoryService, user: str) -> list[str]:
    async with service.db.driver.session(database=service.db.database) as s:
        rows = await (await s.run("MATCH (e:Event {user_id: $u}) RETURN e.content AS c ORDER BY c", u=user)).data()
    return [r["c"] for r in rows]


async def session_status(service: MemoryService, user: str, session: str) -> str:
    async with service.db.driver.session(database=service.db.database) as s:
        record = await (
            await s.run("MATCH (s:Session {user_id: $u, session_id: $s}) RETURN s.status AS st", u=user, s=session)
        ).single()
    assert record is not None
    return str(record["st"])


async def test_one_message_id_twice_in_a_batch_with_other_text_is_a_conflict(service: MemoryService) -> None:
    with pytest.raises(ConflictError, match="appears twice in this batch") as refused:
        await service.ingest_messages(
            user_id="ana", session_id="s1", messages=[m("m1", "I live in Lisbon"), m("m1", "I live in Porto")]
        )
    assert "'m1'" in refused.value.message
    assert await events(service, "ana") == []  # nothing of the batch
    same = await service.ingest_messages(
        user_id="ana", session_id="s1", messages=[m("m1", "I live in Lisbon"), m("m1", "I live in Lisbon")]
    )
    assert (same.stored, same.duplicates) == (1, 1)  # the same message twice is still one message


async def test_a_redelivery_that_stores_nothing_leaves_an_ended_session_ended(service: MemoryService) -> None:
    await service.ingest_messages(user_id="ana", session_id="s1", messages=[m("m1", "hello there")])
    await service.end_conversation(user_id="ana", session_id="s1")
    assert await session_status(service, "ana", "s1") == "ended"
    again = await service.ingest_messages(user_id="ana", session_id="s1", messages=[m("m1", "hello there")])
    assert again.stored == 0
    assert await session_status(service, "ana", "s1") == "ended"
    await service.ingest_messages(user_id="ana", session_id="s1", messages=[m("m2", "one more thing")])
    assert await session_status(service, "ana", "s1") == "open"  # a new message does reopen it


@pytest.mark.parametrize("bad", ["a\x00b", "a\x1fb", "travel\x1f"])
async def test_nul_and_unit_separators_are_refused_in_tags_and_slots(service: MemoryService, bad: str) -> None:
    memory = await service.remember(user_id="ana", content="Ana likes tea", memory_type="preference", source="user")
    with pytest.raises(InvalidInputError, match="control or invisible character"):
        await service.tag_memory(user_id="ana", memory_id=memory.uid, tag=bad)
    with pytest.raises(InvalidInputError, match="control or invisible character"):
        await service.remember(
            user_id="ana", content="Ana lives in Porto", memory_type="fact", source="user", slot=f"lives_{bad}"
        )
    note = SourceEventIn(source_type="note", source_id="n1", content="a note", occurred_at=at(1), tags=(bad,))
    with pytest.raises(InvalidInputError, match="control or invisible character"):
        await service.ingest_events(user_id="ana", events=[note])
    assert await service.tag_memory(user_id="ana", memory_id=memory.uid, tag="drinks") == ["drinks"]


async def test_export_files_are_readable_by_their_owner_only(service: MemoryService, tmp_path: Path) -> None:
    await service.ingest_messages(user_id="ana", session_id="s1", messages=[m("m1", "hello there")])
    fresh, existing = tmp_path / "fresh.jsonl", tmp_path / "existing.jsonl"
    existing.write_text("old")
    existing.chmod(0o644)
    for target in (fresh, existing):  # the CLI runs its own event loop: on a thread of its own
        args = ["export", "--user", "ana", "--output", str(target)]
        result = await asyncio.to_thread(CliRunner().invoke, main, args)
        assert result.exit_code == 0, result.output
        assert stat.S_IMODE(target.stat().st_mode) == 0o600
        assert "hello there" in target.read_text()


async def test_concurrent_forgets_of_one_memory_write_one_history_entry(service: MemoryService) -> None:
    memory = await service.remember(user_id="ana", content="Ana keeps bees", memory_type="fact", source="user")
    results = await asyncio.gather(
        *(service.forget_memory(user_id="ana", memory_id=memory.uid) for _ in range(5)), return_exceptions=True
    )
    done = [r for r in results if isinstance(r, ForgetResult)]
    assert [r.memories_forgotten for r in done] == [1]
    refused = [r for r in results if not isinstance(r, ForgetResult)]
    assert len(refused) == 4 and all(isinstance(r, ConflictError) for r in refused), refused
    async with service.db.driver.session(database=service.db.database) as s:
        record = await (
            await s.run(
                "MATCH (h:HistoryEntry {target_uid: $t, event: 'forgotten'}) RETURN count(h) AS n", t=memory.uid
            )
        ).single()
    assert record is not None and record["n"] == 1
