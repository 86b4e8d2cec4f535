"""Seed 003's event layer and candidate layer against the real Neo4j: versions, idempotence, promotion rules."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.errors import ConflictError, InvalidInputError, NotFoundError
from graphsvc.service import MemoryService
from graphsvc.service.views import SourceEventIn
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient

INGEST_EVENTS = """
mutation($input: IngestEventsInput!) {
  ingestEvents(input: $input) { stored duplicates newVersions eventIds candidates promoted }
}"""
CANDIDATES = """
query($u: String!, $s: CandidateStatus) {
  candidates(userId: $u, status: $s) { id memoryType content status days sources promotionReason memoryId eventIds }
}"""


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


def todo(source_id: str, content: str, *, day: int = 1, status: str = "open", **extra: Any) -> SourceEventIn:
    return SourceEventIn(
        source_type="todo", source_id=source_id, content=content, occurred_at=at(day), status=status, **extra
    )


async def count(service: MemoryService, cypher: str, **params: Any) -> int:
    async with service.db.driver.session() as session:
        record = await (await session.run(cypher, params)).single()
        return int(record[0]) if record else 0


async def test_a_record_delivered_twice_is_stored_once(service: MemoryService) -> None:
    first = await service.ingest_events(user_id="ana", events=[todo("t1", "Buy running shoes")])
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    again = await service.ingest_events(user_id="ana", events=[todo("t1", "Buy running shoes")])
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    assert (first.stored, first.duplicates) == (1, 0)
    assert (again.stored, again.duplicates, again.new_versions) == (0, 1, 0)
    assert first.event_ids == again.event_ids
    assert await count(service, "MATCH (e:Event {user_id: 'ana'}) RETURN count(e)") == 1


async def test_a_changed_record_is_a_new_version_linked_to_the_previous_one(service: MemoryService) -> None:
    v1 = await service.ingest_events(user_id="ana", events=[todo("t1", "Buy running shoes", day=1)])
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    v2 = await service.ingest_events(
        user_id="ana", events=[todo("t1", "Buy running shoes", day=3, status="done", metadata={"due": "2024-05-03"})]
    )
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    assert v2.stored == 1 and v2.new_versions == 1
    async with service.db.driver.session() as session:
        record = await (
            await session.run(
                "MATCH (s:Source {user_id: 'ana'})-[:HAS_VERSION]->(e:Event) WITH s, e ORDER BY e.version "
                "MATCH (new:Event {uid: $new})-[:PREVIOUS_VERSION]->(old:Event) "
                "RETURN s.versions AS versions, s.latest_uid AS latest, s.status AS status, old.uid AS old, "
                "old.superseded_at IS NOT NULL AS superseded, old.embedding IS NULL AS no_vector, "
                "new.embedding IS NOT NULL AS new_vector, count(e) AS n",
                new=v2.event_ids[0],
            )
        ).single()
    assert record is not None
    assert (record["versions"], record["n"], record["latest"], record["old"]) == (
        2,
        2,
        v2.event_ids[0],
        v1.event_ids[0],
    )
    assert record["status"] == "done" and record["superseded"] and record["no_vector"] and record["new_vector"]


async def test_a_statement_seen_on_two_days_is_promoted_and_on_one_day_it_waits(service: MemoryService) -> None:
    await service.ingest_events(user_id="ana", events=[todo("t1", "Learn to play the cello", day=1)])
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    (open_,) = await service.candidates(user_id="ana", status="open")
    assert open_.memory_type == "goal" and open_.days == ["2024-05-01"] and open_.memory_uid is None
    assert await count(service, "MATCH (m:Memory {user_id: 'ana'}) RETURN count(m)") == 0
    # the same statement from another record on the same day: a second source, promoted
    out = await service.ingest_events(user_id="ana", events=[todo("t2", "Learn to play the cello", day=1)])
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    assert out.promoted == 1
    (promoted,) = await service.candidates(user_id="ana")
    assert promoted.status == "promoted" and promoted.promotion_reason == "reinforced"
    # what it became is evidence for reflection: the job that promoted it queued one, which read it
    succeeded = [j.kind for j in await service.jobs(user_id="ana", status="SUCCEEDED")]
    assert succeeded.count("reflect") == 1, succeeded
    scanned = "MATCH (c:ReflectionCycle {user_id: 'ana'}) RETURN coalesce(sum(c.memories_scanned), 0)"
    assert await count(service, scanned) == 1
    assert sorted(promoted.sources) == ["todo:t1", "todo:t2"] and len(promoted.event_uids) == 2
    async with service.db.driver.session() as session:
        record = await (
            await session.run(
                "MATCH (k:MemoryCandidate {uid: $k})-[:PROMOTED_TO]->(m:Memory)-[:EXTRACTED_FROM]->(e:Event) "
                "RETURN m.uid AS m, m.memory_type AS t, m.status AS status, count(e) AS n",
                k=promoted.uid,
            )
        ).single()
    assert record is not None and record["m"] == promoted.memory_uid
    assert (record["t"], record["status"], record["n"]) == ("goal", "active", 2)


async def test_a_new_version_on_another_day_reinforces_its_candidate(service: MemoryService) -> None:
    await service.ingest_events(user_id="ana", events=[todo("t1", "Call the plumber", day=1, metadata={"n": 1})])
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    out = await service.ingest_events(user_id="ana", events=[todo("t1", "Call the plumber", day=2, metadata={"n": 2})])
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    assert out.new_versions == 1 and out.promoted == 1
    (candidate,) = await service.candidates(user_id="ana")
    assert candidate.days == ["2024-05-01", "2024-05-02"] and candidate.sources == ["todo:t1"]


async def test_an_important_statement_is_promoted_at_once(service: MemoryService) -> None:
    settings = service.settings.model_copy(update={"candidate_promote_importance": 0.5})
    service.rt.settings = settings
    out = await service.ingest_events(user_id="ana", events=[todo("t1", "Book the surgery at the hospital")])
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    assert out.promoted == 1
    (candidate,) = await service.candidates(user_id="ana")
    assert candidate.promotion_reason == "importance"


async def test_confirm_and_reject_by_hand(service: MemoryService, gql: GraphQLClient) -> None:
    await service.ingest_events(user_id="ana", events=[todo("t1", "Renew the passport"), todo("t2", "Paint the fence")])
    await service.wait_for_jobs()  # vectors and promotions are made by background jobs
    body = await gql.execute(CANDIDATES, {"u": "ana", "s": "OPEN"})
    by_content = {c["content"]: c for c in body["data"]["candidates"]}
    keep, drop = by_content["Renew the passport"]["id"], by_content["Paint the fence"]["id"]
    promoted = await gql.execute(
        "mutation($u: String!, $id: ID!) { promoteCandidate(userId: $u, id: $id) { status promotionReason memoryId } }",
        {"u": "ana", "id": keep},
    )
    assert promoted["data"]["promoteCandidate"]["status"] == "PROMOTED"
    assert promoted["data"]["promoteCandidate"]["promotionReason"] == "confirmed"
    assert promoted["data"]["promoteCandidate"]["memoryId"]
    rejected = await gql.execute(
        "mutation($u: String!, $id: ID!) { rejectCandidate(userId: $u, id: $id) { status } }", {"u": "ana", "id": drop}
    )
    assert rejected["data"]["rejectCandidate"]["status"] == "REJECTED"
    with pytest.raises(ConflictError):
        await service.reject_candidate(user_id="ana", candidate_id=drop)
    with pytest.raises(ConflictError):
        await service.promote_candidate(user_id="ana", candidate_id=drop)
    with pytest.raises(NotFoundError):
        await service.promote_candidate(user_id="bob", candidate_id=keep)  # another user's candidate
    assert await count(service, "MATCH (m:Memory {user_id: 'ana'}) RETURN count(m)") == 1


async def test_ingest_events_over_graphql_with_conversation_events_and_tags(
    service: MemoryService, gql: GraphQLClient
) -> None:
    events = [
        {
            "sourceType": "NOTE",
            "sourceId": "n1",
            "title": "Home",
            "content": "I live in Porto now.",
            "occurredAt": at(2).isoformat(),
            "tags": ["Personal", "home"],
        },
        {
            "sourceType": "CONVERSATION",
            "sourceId": "m1",
            "content": "Hello from the chat",
            "occurredAt": at(2).isoformat(),
            "metadata": {"sessionId": "s9", "speaker": "Ana"},
        },
    ]
    body = await gql.execute(INGEST_EVENTS, {"input": {"userId": "ana", "events": events}})
    result = body["data"]["ingestEvents"]
    assert result["stored"] == 2 and result["eventIds"][1] == "m1" and result["candidates"] == 1
    assert (
        await count(service, "MATCH (:Event {user_id: 'ana', source_type: 'note'})-[:TAGGED]->(t:Tag) RETURN count(t)")
        == 2
    )
    assert (
        await count(service, "MATCH (s:Session {user_id: 'ana', session_id: 's9'})-[:HAS_EVENT]->(e) RETURN count(e)")
        == 1
    )


async def test_bad_events_are_refused_whole(service: MemoryService) -> None:
    with pytest.raises(InvalidInputError, match="sourceType"):
        await service.ingest_events(
            user_id="ana",
            events=[
                todo("t1", "fine"),
                SourceEventIn(source_type="fax", source_id="f", content="x", occurred_at=at(1)),
            ],
        )
    with pytest.raises(InvalidInputError, match="metadata"):
        await service.ingest_events(user_id="ana", events=[todo("t1", "x", metadata={"big": "y" * 20_000})])
    with pytest.raises(InvalidInputError, match="events"):
        await service.ingest_events(user_id="ana", events=[])
    assert await count(service, "MATCH (e:Event {user_id: 'ana'}) RETURN count(e)") == 0
