"""The dashboard's reads over GraphQL: source messages by id, a user's counts, the users."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.errors import InvalidInputError
from graphsvc.pipeline.sources.events import SourceEventIn
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import END, INGEST, GraphQLClient

MESSAGES = """query($u: String!, $m: [String!], $e: [ID!]) {
  messages(userId: $u, messageIds: $m, eventIds: $e) { id messageId sessionId role speaker content occurredAt } }"""
COUNTS = """query($u: String!) { userCounts(userId: $u) {
  userId events sessions openSessions firstMessageAt lastMessageAt memories memoriesByType { key count }
  memoriesByStatus { key count } entities aliases impressions features relations traits traitsByStage { key count }
  pendingObservations jobsByStatus { key count } llmCalls tokensIn tokensOut reflectionCycles lastReflectionAt } }"""
USERS = """query($p: String, $n: Int! = 50, $a: String) {
  users(prefix: $p, limit: $n, after: $a) { nodes { userId sessions lastMessageAt } endCursor hasNextPage } }"""


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


def turn(content: str, minute: int, message_id: str | None, role: str = "user") -> dict[str, Any]:
    out: dict[str, Any] = {"role": role, "speaker": "Ana" if role == "user" else "Bot", "content": content}
    out["occurredAt"] = at(1, 9, minute).isoformat()
    if message_id is not None:
        out["messageId"] = message_id
    return out


async def ingest(gql: GraphQLClient, user: str, session: str, messages: list[dict[str, Any]]) -> list[str]:
    body = await gql.execute(INGEST, {"input": {"userId": user, "sessionId": session, "messages": messages}})
    ids: list[str] = body["data"]["ingestMessages"]["messageIds"]
    return ids


async def test_messages_by_message_id_derived_id_and_event_id(gql: GraphQLClient) -> None:
    ids = await ingest(
        gql,
        "ana",
        "s1",
        [turn("I live in Lisbon.", 0, "m1"), turn("Nice!", 1, "m2", role="assistant"), turn("我喜欢喝茶。", 2, None)],
    )
    await ingest(gql, "bob", "s1", [turn("I live in Porto.", 0, "m1")])
    derived = ids[2]
    assert derived.startswith("msg-")
    body = await gql.execute(MESSAGES, {"u": "ana", "m": [derived, "m1", "missing", "m1"]})
    found = body["data"]["messages"]
    assert [(m["messageId"], m["content"]) for m in found] == [("m1", "I live in Lisbon."), (derived, "我喜欢喝茶。")]
    assert found[0]["sessionId"] == "s1" and found[0]["speaker"] == "Ana" and found[0]["role"] == "user"
    # by event id (what pending observations and impression evidence carry), still scoped to the user
    by_event = await gql.execute(MESSAGES, {"u": "ana", "e": [found[1]["id"]]})
    assert [m["content"] for m in by_event["data"]["messages"]] == ["我喜欢喝茶。"]
    assert (await gql.execute(MESSAGES, {"u": "bob", "e": [found[1]["id"]]}))["data"]["messages"] == []
    bob = (await gql.execute(MESSAGES, {"u": "bob", "m": ["m1"]}))["data"]["messages"]
    assert [m["content"] for m in bob] == ["I live in Porto."]
    assert (await gql.execute(MESSAGES, {"u": "ana"}))["data"]["messages"] == []


async def test_messages_refuses_too_many_or_blank_ids(gql: GraphQLClient, service: MemoryService) -> None:
    at_limit = await service.messages(user_id="ana", message_ids=[f"m{i}" for i in range(200)])
    assert at_limit == []
    over = await gql.execute(MESSAGES, {"u": "ana", "m": [f"m{i}" for i in range(200)], "e": ["e1"]})
    assert over["errors"][0]["extensions"]["code"] == "INVALID_INPUT"
    with pytest.raises(InvalidInputError):
        await service.messages(user_id="ana", message_ids=[" "])


async def test_user_counts_after_a_conversation(gql: GraphQLClient, service: MemoryService) -> None:
    empty = (await gql.execute(COUNTS, {"u": "nobody"}))["data"]["userCounts"]
    assert empty["events"] == empty["memories"] == empty["entities"] == empty["llmCalls"] == 0
    assert empty["memoriesByType"] == empty["jobsByStatus"] == empty["traitsByStage"] == []
    assert empty["lastMessageAt"] is None
    await ingest(
        gql,
        "ana",
        "s1",
        [
            turn("I live in Lisbon and I work as a nurse.", 0, "m1"),
            turn("I love hiking with my friend Oliver.", 1, "m2"),
            turn("We read Becoming Nicole together, the book was wonderful.", 2, "m3"),
        ],
    )
    await ingest(gql, "ana", "s2", [turn("I want to learn the cello.", 3, "m4")])
    await gql.execute(END, {"u": "ana", "s": "s1"})
    await service.wait_for_jobs()
    counts = (await gql.execute(COUNTS, {"u": "ana"}))["data"]["userCounts"]
    memories = (await service.memories(user_id="ana", limit=500)).items
    by_type: dict[str, int] = {}
    for memory in memories:
        by_type[memory.memory_type] = by_type.get(memory.memory_type, 0) + 1
    assert counts["userId"] == "ana"
    assert (counts["events"], counts["sessions"], counts["openSessions"]) == (4, 2, 1)
    assert counts["memories"] == len(memories) > 0
    assert {c["key"]: c["count"] for c in counts["memoriesByType"]} == by_type
    assert counts["memoriesByStatus"] == [{"key": "active", "count": len(memories)}]
    entities = (await service.entities(user_id="ana", limit=100)).items
    assert counts["entities"] == len(entities) > 0
    assert counts["aliases"] >= counts["entities"]
    pending = await service.pending_observations(user_id="ana")
    assert counts["pendingObservations"] == len(pending)
    jobs = await service.jobs(user_id="ana")
    # extraction, then reflection, besides the jobs that embedded the messages
    assert sorted(j.kind for j in jobs if j.kind != "embed_events") == ["extract_memories", "reflect"]
    assert sum(c["count"] for c in counts["jobsByStatus"]) == len(jobs)
    assert counts["jobsByStatus"] == [{"key": "SUCCEEDED", "count": len(jobs)}]
    assert counts["llmCalls"] == counts["tokensIn"] == 0  # the offline path calls no LLM
    assert counts["lastMessageAt"].startswith("2024-05-01T09:03")
    assert counts["firstMessageAt"].startswith("2024-05-01T09:00")
    assert counts["reflectionCycles"] >= 1
    # another user's data is not counted
    await ingest(gql, "bob", "s1", [turn("I live in Porto.", 0, "m1")])
    assert (await gql.execute(COUNTS, {"u": "ana"}))["data"]["userCounts"]["events"] == 4


async def test_users_paged_by_id_with_prefix_and_scope(gql: GraphQLClient, service: MemoryService) -> None:
    for user in ("carol", "ana", "bob"):
        await ingest(gql, user, "s1", [turn("hello", 0, "m1")])
    await ingest(gql, "ana", "s2", [turn("hello again", 5, "m2")])
    first = (await gql.execute(USERS, {"n": 2}))["data"]["users"]
    assert [(u["userId"], u["sessions"]) for u in first["nodes"]] == [("ana", 2), ("bob", 1)]
    assert first["hasNextPage"] and first["nodes"][0]["lastMessageAt"].startswith("2024-05-01T09:05")
    second = (await gql.execute(USERS, {"n": 2, "a": first["endCursor"]}))["data"]["users"]
    assert [u["userId"] for u in second["nodes"]] == ["carol"] and not second["hasNextPage"]
    assert second["endCursor"] is None
    assert [u["userId"] for u in (await gql.execute(USERS, {"p": "b"}))["data"]["users"]["nodes"]] == ["bob"]
    scoped = await service.users(only=["carol", "zed"])
    assert [u.user_id for u in scoped.items] == ["carol"]
    bad = await gql.execute(USERS, {"a": "%%%"})
    assert bad["errors"][0]["extensions"]["code"] == "INVALID_INPUT"
    assert (await gql.execute(USERS, {"n": 0}))["errors"][0]["extensions"]["code"] == "INVALID_INPUT"


async def test_a_record_of_another_source_by_event_id_has_no_session_or_role_and_keeps_its_title(
    service: MemoryService, gql: GraphQLClient
) -> None:
    [event_id] = (
        await service.ingest_events(
            user_id="ana",
            events=[
                SourceEventIn(
                    source_type="note", source_id="n1", title="Garden", content="Plant the tulips.", occurred_at=at(2)
                )
            ],
        )
    ).event_ids
    body = await gql.execute(
        MESSAGES.replace("role speaker", "sourceType role speaker title"), {"u": "ana", "e": [event_id]}
    )
    assert "errors" not in body, body
    [note] = body["data"]["messages"]
    assert (note["id"], note["messageId"], note["sessionId"], note["role"]) == (event_id, "n1", None, None)
    assert (note["sourceType"], note["title"], note["content"]) == ("note", "Garden", "Plant the tulips.")
