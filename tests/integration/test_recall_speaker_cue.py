"""Recall's speaker cue through the real ``recall`` on Neo4j: what the named person said outranks what was said
to them."""

from __future__ import annotations

import pytest

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.pipeline.recall.hits import RecallHit
from graphsvc.service import MemoryService
from tests.integration.conftest import at, make_service

TURNS = [
    ("Marcus", "Glad the swimming helped, Priya! Keep it up, unwinding matters."),
    ("Priya", "I've been swimming at the lido after work, it's how I unwind."),
    ("Marcus", "I started a woodworking class on Tuesdays."),
    ("Priya", "My nephews want to go sailing next month."),
    ("Marcus", "My tortoise Basil loves dandelions."),
]
QUERY = "What does Priya do to unwind?"


async def ingest(service: MemoryService, user_id: str) -> None:
    await service.ingest_messages(
        user_id=user_id,
        session_id="s1",
        messages=[
            MessageIn(role="user", content=text, occurred_at=at(1, 9, i), message_id=f"m{i}", speaker=speaker)
            for i, (speaker, text) in enumerate(TURNS)
        ],
    )
    await service.worker.start()  # the messages' vectors; no session ends, so nothing is extracted
    try:
        await service.wait_for_jobs()
    finally:
        await service.worker.stop()


def by_message(hits: list[RecallHit]) -> dict[str, RecallHit]:
    return {h.source_message_ids[0]: h for h in hits if h.kind == "event"}


async def test_a_message_said_by_the_named_person_is_boosted(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> None:
    cue = settings.recall.speaker_cue_boost
    assert cue == 1.5  # the default
    boosted = make_service(settings, database, embedder)
    plain = make_service(settings.model_copy(update={"recall_speaker_cue_boost": 0.0}), database, embedder)
    await ingest(boosted, "sc-user")

    with_cue = await boosted.recall(user_id="sc-user", query=QUERY, limit=5)
    without = by_message(await plain.recall(user_id="sc-user", query=QUERY, limit=5))
    hits = by_message(with_cue)

    assert with_cue[0].kind == "event" and with_cue[0].source_message_ids == ["m1"]
    assert with_cue[0].speaker == "Priya"
    for message_id in ("m1", "m3"):  # said by Priya: boosted
        assert hits[message_id].score == pytest.approx(without[message_id].score * (1 + cue), rel=1e-6)
    for message_id in ("m0", "m2", "m4"):  # said by Marcus, even the one naming Priya: unchanged
        assert hits[message_id].score == pytest.approx(without[message_id].score, rel=1e-6)
