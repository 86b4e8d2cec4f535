"""Ingest a conversation over GraphQL, end it, let extraction run, recall over GraphQL."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import END, INGEST, JOB, RECALL, GraphQLClient


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


def message(mid: str, content: str, day: int, role: str = "user") -> dict[str, str]:
    return {
        "messageId": mid,
        "role": role,
        "speaker": "Ana" if role == "user" else "Bot",
        "content": content,
        "occurredAt": at(day).isoformat(),
    }


CONVERSATION = [
    message("a1", "I live in Lisbon and I work as a nurse at the city hospital.", 1),
    message("a2", "That sounds demanding!", 1, role="assistant"),
    message("a3", "I love hiking in the mountains on weekends.", 1),
    message("a4", "I want to learn to play the cello this year.", 1),
    message("a5", "Yesterday I adopted a cat named Miso.", 2),
]


async def test_ingest_end_extract_recall(gql: GraphQLClient, service: MemoryService) -> None:
    body = await gql.execute(INGEST, {"input": {"userId": "ana", "sessionId": "s1", "messages": CONVERSATION}})
    assert body["data"]["ingestMessages"] == {
        "stored": 5,
        "duplicates": 0,
        "messageIds": ["a1", "a2", "a3", "a4", "a5"],
    }
    # events are recallable at once, before extraction
    early = await gql.execute(RECALL, {"u": "ana", "q": "what pet did Ana adopt?"})
    assert early["data"]["recall"][0]["sourceMessageIds"] == ["a5"]

    ended = await gql.execute(END, {"u": "ana", "s": "s1"})
    job = ended["data"]["endConversation"]
    assert job["status"] == "PENDING"
    await service.wait_for_jobs()
    done = await gql.execute(JOB, {"id": job["id"]})
    assert done["data"]["job"] == {"id": job["id"], "status": "SUCCEEDED", "error": None}

    memories = await service.db.read("list_memories", user_id="ana", memory_type=None, limit=50)
    by_type = {r["memory"]["memory_type"] for r in memories}
    assert {"fact", "preference", "goal"} <= by_type
    for row in memories:
        assert row["source_ids"], "every memory has provenance edges to its events"
        assert set(row["source_ids"]) <= {"a1", "a3", "a4", "a5"}  # never the assistant's message

    hits = (await gql.execute(RECALL, {"u": "ana", "q": "Where does Ana live?", "n": 5}))["data"]["recall"]
    assert any("a1" in h["sourceMessageIds"] for h in hits[:3])
    assert {h["kind"] for h in hits} == {"memory", "event"}
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


async def test_redelivery_stores_once(gql: GraphQLClient) -> None:
    variables = {"input": {"userId": "ana", "sessionId": "s1", "messages": CONVERSATION[:2]}}
    await gql.execute(INGEST, variables)
    again = await gql.execute(INGEST, variables)
    assert again["data"]["ingestMessages"]["stored"] == 0
    assert again["data"]["ingestMessages"]["duplicates"] == 2
    no_ids = [{k: v for k, v in m.items() if k != "messageId"} for m in CONVERSATION[2:4]]
    first = await gql.execute(INGEST, {"input": {"userId": "ana", "sessionId": "s1", "messages": no_ids}})
    second = await gql.execute(INGEST, {"input": {"userId": "ana", "sessionId": "s1", "messages": no_ids}})
    assert first["data"]["ingestMessages"]["stored"] == 2
    assert second["data"]["ingestMessages"]["stored"] == 0
    assert first["data"]["ingestMessages"]["messageIds"] == second["data"]["ingestMessages"]["messageIds"]


async def test_same_fact_twice_reinforces_instead_of_duplicating(service: MemoryService) -> None:
    from graphsvc.pipeline.ingest import MessageIn

    for session, day in (("s1", 1), ("s2", 3)):
        await service.ingest_messages(
            user_id="ana",
            session_id=session,
            messages=[
                MessageIn(role="user", content="I live in Lisbon.", occurred_at=at(day), message_id=f"{session}-m1")
            ],
        )
        await service.end_conversation(user_id="ana", session_id=session)
        await service.wait_for_jobs()
    rows = await service.db.read("list_memories", user_id="ana", memory_type="fact", limit=10)
    lisbon = [r for r in rows if "Lisbon" in r["memory"]["content"]]
    assert len(lisbon) == 1
    assert lisbon[0]["memory"]["reinforcement_count"] == 1
    assert sorted(lisbon[0]["source_ids"]) == ["s1-m1", "s2-m1"]


async def test_second_end_of_same_session_adds_nothing(service: MemoryService) -> None:
    from graphsvc.pipeline.ingest import MessageIn

    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[MessageIn(role="user", content="I work as a nurse.", occurred_at=at(1), message_id="m1")],
    )
    await service.end_conversation(user_id="ana", session_id="s1")
    await service.wait_for_jobs()
    before = await service.db.read("list_memories", user_id="ana", memory_type=None, limit=50)
    second = await service.end_conversation(user_id="ana", session_id="s1")
    await service.wait_for_jobs()
    after = await service.db.read("list_memories", user_id="ana", memory_type=None, limit=50)
    assert (await service.job(job_id=second.uid)).status == "SUCCEEDED"
    assert [r["memory"]["reinforcement_count"] for r in after] == [r["memory"]["reinforcement_count"] for r in before]
    assert len(after) == len(before) >= 1
