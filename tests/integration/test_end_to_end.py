"""Ingest a conversation over GraphQL, end it, let extraction run, recall over GraphQL."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.errors import InvalidInputError
from graphsvc.graph.database import Database
from graphsvc.runtime import Runtime
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

    memories = (await service.memories(user_id="ana")).items
    assert {"fact", "preference", "goal"} <= {m.memory_type for m in memories}
    for memory in memories:
        assert memory.source_message_ids, "every memory has provenance edges to its events"
        assert set(memory.source_message_ids) <= {"a1", "a3", "a4", "a5"}  # never the assistant's message
    adoption = [m for m in memories if "Miso" in m.content]
    assert adoption and adoption[0].memory_type == "event"
    assert adoption[0].occurred_at is not None and adoption[0].occurred_at.date() == at(1).date()  # "yesterday"

    hits = (await gql.execute(RECALL, {"u": "ana", "q": "Where does Ana live?", "n": 5}))["data"]["recall"]
    assert any("a1" in h["sourceMessageIds"] for h in hits[:3])
    kinds = {h["kind"] for h in hits}
    assert "memory" in kinds and kinds <= {"memory", "event", "impression"}  # extracted memories are recalled
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


@pytest.mark.parametrize(
    ("first", "second"),
    [("I live in Lisbon.", "I live in Lisbon."), ("I live in Lisbon.", "These days I live in Lisbon.")],
    ids=["same words", "other words"],
)
async def test_same_fact_twice_reinforces_instead_of_duplicating(
    service: MemoryService, first: str, second: str
) -> None:
    for session, day, text in (("s1", 1, first), ("s2", 3, second)):
        await service.ingest_messages(
            user_id="ana",
            session_id=session,
            messages=[MessageIn(role="user", content=text, occurred_at=at(day), message_id=f"{session}-m1")],
        )
        await service.end_conversation(user_id="ana", session_id=session)
        await service.wait_for_jobs()
    facts = (await service.memories(user_id="ana", memory_type="fact")).items
    assert len(facts) == 1
    assert facts[0].content == first
    assert facts[0].reinforcement_count == 1
    assert facts[0].last_reinforced_at is not None and facts[0].created_at is not None
    assert facts[0].last_reinforced_at > facts[0].created_at
    assert sorted(facts[0].source_message_ids) == ["s1-m1", "s2-m1"]
    async with service.db.driver.session() as s:
        record = await (
            await s.run(
                "MATCH (h:HistoryEntry)-[:RECORDS]->(m:Memory {uid: $uid}) RETURN collect(h.event) AS events",
                uid=facts[0].uid,
            )
        ).single()
    assert record is not None and sorted(record["events"]) == ["created", "reinforced"]


async def test_second_end_of_same_session_adds_nothing(service: MemoryService) -> None:
    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[MessageIn(role="user", content="I work as a nurse.", occurred_at=at(1), message_id="m1")],
    )
    await service.end_conversation(user_id="ana", session_id="s1")
    await service.wait_for_jobs()
    before = (await service.memories(user_id="ana")).items
    second = await service.end_conversation(user_id="ana", session_id="s1")
    await service.wait_for_jobs()
    after = (await service.memories(user_id="ana")).items
    assert (await service.job(job_id=second.uid, user_ids=None)).status == "SUCCEEDED"
    assert [m.reinforcement_count for m in after] == [m.reinforcement_count for m in before]
    assert len(after) == len(before) >= 1


async def test_memories_are_paged_newest_first_without_gaps(service: MemoryService) -> None:
    texts = [f"I love {hobby}." for hobby in ("chess", "tennis", "opera", "sushi", "jazz")]
    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[
            MessageIn(role="user", content=t, occurred_at=at(1, minute=i), message_id=f"m{i}")
            for i, t in enumerate(texts)
        ],
    )
    await service.end_conversation(user_id="ana", session_id="s1")
    await service.wait_for_jobs()
    seen: list[str] = []
    cursor = None
    pages = 0
    while True:
        page = await service.memories(user_id="ana", limit=2, after=cursor)
        seen += [m.uid for m in page.items]
        pages += 1
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    everything = (await service.memories(user_id="ana", limit=50)).items
    assert seen == [m.uid for m in everything] and len(seen) == 5 and pages == 3
    with pytest.raises(InvalidInputError):
        await service.memories(user_id="ana", after="not-a-cursor")
    with pytest.raises(InvalidInputError):
        await service.memories(user_id="ana", memory_type="opinion")


async def test_memories_query_over_graphql(gql: GraphQLClient, service: MemoryService) -> None:
    await gql.execute(INGEST, {"input": {"userId": "ana", "sessionId": "s1", "messages": CONVERSATION}})
    await gql.execute(END, {"u": "ana", "s": "s1"})
    await service.wait_for_jobs()
    body = await gql.execute(
        'query { memories(userId: "ana", type: GOAL, limit: 5) { items { type content sourceMessageIds } nextCursor } }'
    )
    page = body["data"]["memories"]
    assert page["nextCursor"] is None
    assert [m["sourceMessageIds"] for m in page["items"]] == [["a4"]]
    assert page["items"][0]["type"] == "GOAL"


async def test_idle_conversations_are_ended_and_extracted(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> None:
    now = [at(1, hour=9)]
    svc = MemoryService(Runtime(settings=settings, db=database, embedder=embedder, clock=lambda: now[0]))
    # "active" claims an old message time (an imported or skewed clock) but arrives 45 min later:
    # idleness counts from arrival, not from the message's own time.
    for session, minute in (("idle", 0), ("active", 45)):
        now[0] = at(1, hour=9, minute=minute)
        await svc.ingest_messages(
            user_id="ana",
            session_id=session,
            messages=[
                MessageIn(
                    role="user",
                    content=f"I work as a nurse ({session}).",
                    occurred_at=at(1, hour=8),
                    message_id=session,
                )
            ],
        )
    now[0] = at(1, hour=9, minute=50)  # "idle" silent for 50 min, "active" for 5 min
    jobs = await svc.end_idle_conversations()
    assert [j.session_id for j in jobs] == ["idle"]
    assert await svc.end_idle_conversations() == []  # an ended session is not ended twice
    await svc.worker.start()
    await svc.wait_for_jobs()
    await svc.worker.stop()
    await svc.rt.vectors.copies.settled()  # no vector-copy fill outlives the test
    assert [m.source_message_ids for m in (await svc.memories(user_id="ana")).items] == [["idle"]]
