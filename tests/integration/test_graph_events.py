"""What extraction reads and writes of a session's events through ``graphsvc.graph.events``: its pending
messages in time order, marking them extracted, and the session's summaries; always within one user."""

from __future__ import annotations

import pytest

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph import events
from graphsvc.graph.database import Database
from graphsvc.service import MemoryService
from tests.integration.conftest import at, make_service
from tests.integration.impressions_support import cypher


@pytest.fixture
def service(settings: Settings, database: Database, embedder: LocalEmbedder) -> MemoryService:
    return make_service(settings, database, embedder)


def message(message_id: str, content: str, minute: int) -> MessageIn:
    return MessageIn(role="user", content=content, occurred_at=at(1, 9, minute), message_id=message_id)


async def test_pending_messages_come_in_time_order_and_leave_once_marked_extracted(service: MemoryService) -> None:
    db = service.db
    late, early, middle = message("m1", "Later", 5), message("m2", "Earlier", 1), message("m3", "Between", 3)
    await service.ingest_messages(user_id="ana", session_id="s1", messages=[late, early, middle])
    await service.ingest_messages(user_id="bob", session_id="s1", messages=[message("m1", "Bob's", 2)])

    pending = await events.pending_messages(db, user_id="ana", session_id="s1")
    assert [p.source_id for p in pending] == ["m2", "m3", "m1"]
    assert [p.content for p in pending] == ["Earlier", "Between", "Later"]
    assert pending[0].occurred_at == at(1, 9, 1) and pending[0].role == "user" and pending[0].speaker is None

    marked = await events.mark_extracted(db, user_id="ana", event_uids=[pending[0].uid, pending[2].uid], now=at(2))
    assert marked == 2
    assert [p.source_id for p in await events.pending_messages(db, user_id="ana", session_id="s1")] == ["m3"]
    # another user's event is neither marked nor read
    bob = await events.pending_messages(db, user_id="bob", session_id="s1")
    assert await events.mark_extracted(db, user_id="ana", event_uids=[bob[0].uid], now=at(2)) == 0
    assert [p.content for p in await events.pending_messages(db, user_id="bob", session_id="s1")] == ["Bob's"]


async def test_session_summaries_keep_the_last_ones_and_ignore_blank_or_unknown(service: MemoryService) -> None:
    db = service.db
    await service.ingest_messages(user_id="ana", session_id="s1", messages=[message("m1", "Hello", 1)])

    for i in range(3):
        assert await events.add_session_summary(
            db, user_id="ana", session_id="s1", summary=f"summary {i}", keep=2, now=at(2)
        )
    assert not await events.add_session_summary(db, user_id="ana", session_id="s1", summary="  ", keep=2, now=at(2))
    assert not await events.add_session_summary(db, user_id="ana", session_id="s9", summary="x", keep=2, now=at(2))
    assert not await events.add_session_summary(db, user_id="bob", session_id="s1", summary="x", keep=2, now=at(2))
    rows = await cypher(db, "MATCH (s:Session {session_id: 's1'}) RETURN s.summaries AS summaries")
    assert rows == [{"summaries": ["summary 1", "summary 2"]}]
