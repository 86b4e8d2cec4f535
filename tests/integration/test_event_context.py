"""Each event is embedded with the message said just before it in the same session (by the ``embed_events`` job
ingest queues: the service's worker runs once the messages are stored)."""

from __future__ import annotations

import numpy as np
import pytest

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.pipeline.ingest.vectors import embed_messages_anew
from graphsvc.service import MemoryService
from tests.integration.conftest import at, make_service
from tests.integration.impressions_support import cypher


@pytest.fixture
def service(settings: Settings, database: Database, embedder: LocalEmbedder) -> MemoryService:
    return make_service(settings, database, embedder)


async def stored_vector(db: Database, message_id: str) -> np.ndarray:
    rows = await cypher(db, "MATCH (e:Event {source_id: $m}) RETURN e.embedding AS v", m=message_id)
    return np.asarray(rows[0]["v"], dtype=np.float32)


async def embed_in_background(service: MemoryService) -> None:
    """Run the service's job worker until the queued ``embed_events`` jobs are done."""
    await service.worker.start()
    try:
        await service.wait_for_jobs()
    finally:
        await service.worker.stop()


async def embedded(embedder: LocalEmbedder, text: str) -> np.ndarray:
    vectors = await embedder.embed_passages([text])
    return np.asarray(vectors[0], dtype=np.float32)


async def test_a_reply_is_embedded_with_the_message_before_it_across_calls_but_not_across_sessions(
    service: MemoryService, embedder: LocalEmbedder
) -> None:
    question = MessageIn(
        role="user", content="Do you have pets?", occurred_at=at(1, 9, 0), message_id="q", speaker="Mel"
    )
    await service.ingest_messages(user_id="ana", session_id="s1", messages=[question])
    reply = MessageIn(role="user", content="Yes, Oscar.", occurred_at=at(1, 9, 1), message_id="r", speaker="Ana")
    also = MessageIn(role="user", content="He is two.", occurred_at=at(1, 9, 2), message_id="t", speaker="Ana")
    await service.ingest_messages(user_id="ana", session_id="s1", messages=[reply, also])
    other = MessageIn(role="user", content="Yes, Oscar.", occurred_at=at(1, 9, 3), message_id="o", speaker="Ana")
    await service.ingest_messages(user_id="ana", session_id="s2", messages=[other])
    await embed_in_background(service)

    first = await stored_vector(service.db, "q")
    assert np.allclose(first, await embedded(embedder, "Mel: Do you have pets?"), atol=1e-5)
    second = await stored_vector(service.db, "r")  # the previous message came in an earlier call
    assert np.allclose(second, await embedded(embedder, "Mel: Do you have pets?\nAna: Yes, Oscar."), atol=1e-5)
    third = await stored_vector(service.db, "t")  # the previous message is in the same call
    assert np.allclose(third, await embedded(embedder, "Ana: Yes, Oscar.\nAna: He is two."), atol=1e-5)
    alone = await stored_vector(service.db, "o")  # another session: no context
    assert np.allclose(alone, await embedded(embedder, "Ana: Yes, Oscar."), atol=1e-5)


async def test_context_can_be_turned_off(settings: Settings, database: Database, embedder: LocalEmbedder) -> None:
    service = make_service(settings.model_copy(update={"event_context_chars": 0}), database, embedder)
    for i, text in enumerate(["Do you have pets?", "Yes, Oscar."]):
        message = MessageIn(role="user", content=text, occurred_at=at(1, 9, i), message_id=f"m{i}")
        await service.ingest_messages(user_id="ana", session_id="s1", messages=[message])
    await embed_in_background(service)
    assert np.allclose(await stored_vector(database, "m1"), await embedded(embedder, "Yes, Oscar."), atol=1e-5)


async def test_messages_embedded_anew_take_the_context_setting_in_force(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> None:
    service = make_service(settings.model_copy(update={"event_context_chars": 0}), database, embedder)
    for i, (speaker, text) in enumerate([("Mel", "Do you have pets?"), ("Ana", "Yes, Oscar.")]):
        message = MessageIn(role="user", content=text, occurred_at=at(1, 9, i), message_id=f"m{i}", speaker=speaker)
        await service.ingest_messages(user_id="ana", session_id="s1", messages=[message])
    other = MessageIn(role="user", content="Do you have pets?", occurred_at=at(1, 9, 5), message_id="b0")
    await service.ingest_messages(user_id="bo", session_id="s1", messages=[other])
    await embed_in_background(service)
    before_bo = await stored_vector(database, "b0")
    assert np.allclose(await stored_vector(database, "m1"), await embedded(embedder, "Ana: Yes, Oscar."), atol=1e-5)

    anew = make_service(settings.model_copy(update={"event_context_chars": 5}), database, embedder)
    marked, job_id = await embed_messages_anew(anew.rt, user_id="ana")
    assert (marked, job_id is not None) == (2, True)
    old = await stored_vector(database, "m1")  # kept until the new one is written
    assert np.allclose(old, await embedded(embedder, "Ana: Yes, Oscar."), atol=1e-5)
    await embed_in_background(anew)

    expected = await embedded(embedder, "pets?\nAna: Yes, Oscar.")  # the last 5 characters of the message before
    assert np.allclose(await stored_vector(database, "m1"), expected, atol=1e-5)
    first = await embedded(embedder, "Mel: Do you have pets?")
    assert np.allclose(await stored_vector(database, "m0"), first, atol=1e-5)
    assert np.array_equal(await stored_vector(database, "b0"), before_bo)  # another user is left as it is
    due = await cypher(database, "MATCH (e:Event) WHERE e.embed_due_at IS NOT NULL RETURN count(e) AS n")
    assert due[0]["n"] == 0
    assert await embed_messages_anew(anew.rt, user_id="nobody") == (0, None)
