"""The daily automatic tagging against the real Neo4j: tags are topics shared by the user's memories and events,
never the names of the people talking."""

from __future__ import annotations

from datetime import UTC, datetime

from graphsvc.graph import tags as stored_tags
from graphsvc.graph.database import Database
from graphsvc.pipeline.tags.assign import daily
from graphsvc.service import MemoryService
from tests.integration.lifecycle_support import converse

WHEN = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


async def test_the_speakers_names_are_never_a_tag(service: MemoryService, database: Database) -> None:
    await converse(
        service,
        user_id="river",
        session_id="s1",
        speaker="River",
        lines=[
            ("m1", "I started pottery classes at a studio downtown, River is my name there.", WHEN),
            ("m2", "My pottery teacher says River has a steady hand at the wheel.", WHEN),
            ("m3", "River loves glazing pottery bowls on Sunday mornings.", WHEN),
        ],
    )
    assert await stored_tags.speaker_names(database, user_id="river") == ["River"]
    assert await stored_tags.speaker_names(database, user_id="nobody") == []
    tagging = await daily(database, user_id="river", min_items=2, now=WHEN)
    assert tagging.items >= 3 and tagging.tagged > 0
    names = {t.name.casefold() for t in await service.tags(user_id="river")}
    assert any("pottery" in name.split() for name in names)  # a topic the messages share
    assert not any("river" in name.split() for name in names)  # the speaker, named in every message, is none
