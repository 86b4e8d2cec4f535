"""Issue 21 over GraphQL: a changed value supersedes what it changes, a paraphrase reinforces it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient

REMEMBER = """
mutation($input: RememberInput!) { remember(input: $input) { id content status slot supersededBy } }"""
MEMORIES = """
query($u: String!) {
  memories(userId: $u, status: [ACTIVE, SUPERSEDED], includeSuperseded: true) {
    items { id content status supersededBy reinforcementCount }
  }
}"""


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    # a loaded test machine can take longer than the production deadline for the embedder's first calls
    client = GraphQLClient(service, settings=service.settings.model_copy(update={"request_deadline_s": 120.0}))
    yield client
    await client.aclose()


async def remember(gql: GraphQLClient, user: str, content: str, day: int) -> dict[str, Any]:
    body = await gql.execute(
        REMEMBER,
        {
            "input": {
                "userId": user,
                "content": content,
                "type": "FACT",
                "source": "USER",
                "occurredAt": at(day).isoformat(),
            }
        },
    )
    assert "errors" not in body, body
    memory: dict[str, Any] = body["data"]["remember"]
    return memory


async def memories(gql: GraphQLClient, user: str) -> dict[str, dict[str, Any]]:
    body = await gql.execute(MEMORIES, {"u": user})
    assert "errors" not in body, body
    return {m["content"]: m for m in body["data"]["memories"]["items"]}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Mia is vegetarian.", "Mia is vegan."),
        ("I have three cats.", "I have two cats."),
        ("My pottery class is on Tuesday.", "My pottery class is on Monday."),
        ("Mia lives in Lisbon.", "Mia lives in Porto."),
    ],
)
async def test_a_changed_value_supersedes_the_old_one(gql: GraphQLClient, old: str, new: str) -> None:
    first = await remember(gql, "u", old, 1)
    second = await remember(gql, "u", new, 2)
    assert second["id"] != first["id"] and second["status"] == "ACTIVE"
    stored = await memories(gql, "u")
    assert stored[old]["status"] == "SUPERSEDED" and stored[old]["supersededBy"] == second["id"]
    assert stored[new]["status"] == "ACTIVE" and stored[old]["reinforcementCount"] == 0


async def test_a_paraphrase_reinforces(gql: GraphQLClient) -> None:
    first = await remember(gql, "u", "Mia lives in Lisbon.", 1)
    again = await remember(gql, "u", "Mia currently lives in Lisbon.", 2)
    assert again["id"] == first["id"]
    stored = await memories(gql, "u")
    assert list(stored) == ["Mia lives in Lisbon."]
    assert stored["Mia lives in Lisbon."]["reinforcementCount"] == 1


async def test_the_older_statement_said_later_does_not_win(gql: GraphQLClient) -> None:
    """Valid time decides, not arrival: the value that held earlier is the superseded one."""
    newer = await remember(gql, "u", "I have two cats.", 5)
    older = await remember(gql, "u", "I have three cats.", 1)
    stored = await memories(gql, "u")
    assert stored["I have three cats."]["status"] == "SUPERSEDED"
    assert stored["I have three cats."]["supersededBy"] == newer["id"] != older["id"]


HISTORY = """
query($u: String!, $id: ID!) { memoryHistory(userId: $u, memoryId: $id) { targetId event oldValue newValue } }"""
CORRECT = """
mutation($u: String!, $id: ID!, $c: String!) { correctMemory(userId: $u, memoryId: $id, content: $c) { id } }"""


async def test_the_history_of_the_current_memory_shows_its_whole_lineage(gql: GraphQLClient) -> None:
    faro = await remember(gql, "u", "Mia lives in Faro.", 1)
    lisbon = await remember(gql, "u", "Mia lives in Lisbonn.", 2)
    body = await gql.execute(CORRECT, {"u": "u", "id": lisbon["id"], "c": "Mia lives in Lisbon."})
    fixed = body["data"]["correctMemory"]["id"]
    porto = await remember(gql, "u", "Mia lives in Porto.", 3)
    body = await gql.execute(HISTORY, {"u": "u", "id": porto["id"]})
    lineage = [(h["targetId"], h["event"]) for h in body["data"]["memoryHistory"]]
    assert (faro["id"], "created") in lineage and (faro["id"], "superseded") in lineage
    assert (lisbon["id"], "created") in lineage and (lisbon["id"], "corrected") in lineage
    assert (fixed, "created") in lineage and (fixed, "superseded") in lineage
    corrected = next(h for h in body["data"]["memoryHistory"] if h["event"] == "corrected")
    assert (corrected["oldValue"], corrected["newValue"]) == ("Mia lives in Lisbonn.", "Mia lives in Lisbon.")
    # an older version's history stays its own: nothing of what came after it
    body = await gql.execute(HISTORY, {"u": "u", "id": faro["id"]})
    assert {h["targetId"] for h in body["data"]["memoryHistory"]} == {faro["id"]}
