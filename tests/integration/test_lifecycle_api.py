"""Issue 12 over GraphQL: the lifecycle mutations, memoryHistory, and the status / asOf arguments."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.lifecycle_support import converse

MEMORY_FIELDS = "id content status validFrom validTo slot origin supersededBy"
REMEMBER = f"""
mutation($input: RememberInput!) {{ remember(input: $input) {{ {MEMORY_FIELDS} }} }}"""
CORRECT = f"""
mutation($u: String!, $id: ID!, $c: String!) {{
  correctMemory(userId: $u, memoryId: $id, content: $c) {{ {MEMORY_FIELDS} }}
}}"""
ARCHIVE = "mutation($u: String!, $id: ID!) { archiveMemory(userId: $u, memoryId: $id) { id status } }"
RESTORE = "mutation($u: String!, $id: ID!) { restoreMemory(userId: $u, memoryId: $id) { id status } }"
FORGET_MEMORY = """
mutation($u: String!, $id: ID!, $r: String) {
  forgetMemory(userId: $u, memoryId: $id, reason: $r) { memoriesForgotten memoriesReinstated nodesDeleted }
}"""
FORGET_MESSAGES = """
mutation($u: String!, $ids: [String!]!) { forgetMessages(userId: $u, messageIds: $ids) { events memoriesDeleted } }"""
FORGET_SESSION = """
mutation($u: String!, $s: String!) { forgetSession(userId: $u, sessionId: $s) { events sessions memoriesDeleted } }"""
ERASE = "mutation($u: String!, $c: String!) { eraseUser(userId: $u, confirm: $c) { nodesDeleted complete } }"
HISTORY = """
query($u: String!, $id: ID!) {
  memoryHistory(userId: $u, memoryId: $id) { event actor oldValue newValue reason scrubbed }
}"""
MEMORIES = """
query($u: String!, $s: [MemoryStatus!], $sup: Boolean! = false, $at: DateTime) {
  memories(userId: $u, status: $s, includeSuperseded: $sup, asOf: $at) { items { content status } }
}"""
RECALL = """
query($u: String!, $q: String!, $sup: Boolean! = false, $at: DateTime) {
  recall(userId: $u, query: $q, includeSuperseded: $sup, asOf: $at) { id kind content status validFrom validTo }
}"""


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def data(gql: GraphQLClient, query: str, **variables: Any) -> dict[str, Any]:
    body = await gql.execute(query, variables)
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]
    return result


async def error_code(gql: GraphQLClient, query: str, **variables: Any) -> str:
    body = await gql.execute(query, variables)
    assert body.get("errors"), body
    code: str = body["errors"][0]["extensions"]["code"]
    return code


async def test_remember_correct_archive_restore_and_history(gql: GraphQLClient) -> None:
    first = await data(
        gql,
        REMEMBER,
        input={
            "userId": "ana",
            "content": "I live in Lisbon.",
            "type": "FACT",
            "source": "USER",
            "occurredAt": at(1).isoformat(),
        },
    )
    lisbon = first["remember"]
    assert (lisbon["status"], lisbon["slot"], lisbon["origin"], lisbon["validTo"]) == (
        "ACTIVE",
        "lives_in",
        "USER",
        None,
    )
    moved = (
        await data(
            gql,
            REMEMBER,
            input={
                "userId": "ana",
                "content": "I moved to Portoo.",
                "type": "EVENT",
                "source": "AGENT",
                "occurredAt": at(9).isoformat(),
            },
        )
    )["remember"]
    assert moved["origin"] == "AGENT"
    fixed = (await data(gql, CORRECT, u="ana", id=moved["id"], c="I moved to Porto."))["correctMemory"]
    assert fixed["status"] == "ACTIVE" and fixed["slot"] == "lives_in"
    statuses = await data(gql, MEMORIES, u="ana", s=["SUPERSEDED"])
    assert sorted(i["content"] for i in statuses["memories"]["items"]) == ["I live in Lisbon.", "I moved to Portoo."]
    history = (await data(gql, HISTORY, u="ana", id=moved["id"]))["memoryHistory"]
    assert [(h["event"], h["actor"]) for h in history] == [("created", "agent"), ("corrected", "user")]
    assert history[1]["oldValue"] == "I moved to Portoo." and history[1]["newValue"] == "I moved to Porto."
    assert (await data(gql, ARCHIVE, u="ana", id=fixed["id"]))["archiveMemory"]["status"] == "ARCHIVED"
    assert (await data(gql, MEMORIES, u="ana"))["memories"]["items"] == []
    assert (await data(gql, RESTORE, u="ana", id=fixed["id"]))["restoreMemory"]["status"] == "ACTIVE"
    assert await error_code(gql, RESTORE, u="ana", id=lisbon["id"]) == "CONFLICT"  # superseded: not archived


async def test_recall_and_memories_with_include_superseded_and_as_of(gql: GraphQLClient) -> None:
    for day, city in ((1, "Lisbon"), (9, "Porto")):
        await data(
            gql,
            REMEMBER,
            input={
                "userId": "ana",
                "content": f"I live in {city}.",
                "type": "FACT",
                "source": "USER",
                "occurredAt": at(day).isoformat(),
            },
        )
    now = (await data(gql, RECALL, u="ana", q="Where do I live?"))["recall"]
    assert [(h["content"], h["status"]) for h in now] == [("I live in Porto.", "ACTIVE")]
    both = (await data(gql, RECALL, u="ana", q="Where do I live?", sup=True))["recall"]
    assert {h["status"] for h in both} == {"ACTIVE", "SUPERSEDED"}
    then = (await data(gql, RECALL, u="ana", q="Where do I live?", at=at(5).isoformat()))["recall"]
    assert [(h["content"], h["validTo"]) for h in then] == [("I live in Lisbon.", at(9).isoformat())]
    items = (await data(gql, MEMORIES, u="ana", sup=True))["memories"]["items"]
    assert len(items) == 2


async def test_forget_and_erase_over_graphql(gql: GraphQLClient, service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("m2", "I work as a nurse.", at(2))])
    await converse(service, user_id="ana", session_id="s3", lines=[("m3", "I love sushi.", at(3))])
    assert (await data(gql, FORGET_MESSAGES, u="ana", ids=["m1"]))["forgetMessages"] == {
        "events": 1,
        "memoriesDeleted": 1,
    }
    assert (await data(gql, FORGET_SESSION, u="ana", s="s2"))["forgetSession"] == {
        "events": 1,
        "sessions": 1,
        "memoriesDeleted": 1,
    }
    sushi = (await data(gql, MEMORIES, u="ana"))["memories"]
    [item] = sushi["items"]
    memory_id = (await service.memories(user_id="ana")).items[0].uid
    forgot = (await data(gql, FORGET_MEMORY, u="ana", id=memory_id, r="not true"))["forgetMemory"]
    assert forgot["memoriesForgotten"] == 1 and item["status"] == "ACTIVE"
    assert await error_code(gql, FORGET_MEMORY, u="ana", id="missing") == "NOT_FOUND"
    assert await error_code(gql, ERASE, u="ana", c="someone") == "INVALID_INPUT"
    erased = (await data(gql, ERASE, u="ana", c="ana"))["eraseUser"]
    assert erased["complete"] and erased["nodesDeleted"] > 0
    assert (await data(gql, ERASE, u="ana", c="ana"))["eraseUser"] == {"nodesDeleted": 0, "complete": True}
