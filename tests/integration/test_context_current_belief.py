"""memoryContext follows the current belief whichever verb replaced a value (issue 33), through GraphQL: the
message a corrected or superseded memory was extracted from, when no current memory rests on it, is neither
recalled, nor listed among the recent events, nor summarised among the recent conversations; a message that
still carries a current memory stays."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

import pytest

from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.erase_support import gql_data
from tests.integration.graphql_client import END, INGEST, GraphQLClient
from tests.integration.lifecycle_support import all_memories, one

CONTEXT = """
query($u: String!, $q: String!) { memoryContext(userId: $u, query: $q, maxTokens: 2000) { text eventIds } }"""
RECALL = """
query($u: String!, $q: String!, $superseded: Boolean! = false) {
  recall(userId: $u, query: $q, limit: 10, includeSuperseded: $superseded) { kind content status sourceMessageIds }
}"""
CORRECT = """
mutation($u: String!, $id: ID!, $content: String!) {
  correctMemory(userId: $u, memoryId: $id, content: $content) { id }
}"""


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def conversation(
    service: MemoryService, gql: GraphQLClient, session: str, lines: list[tuple[str, str, datetime]]
) -> None:
    """``(message id, text, time)`` said by Ana, ingested and ended through GraphQL; its jobs waited for."""
    messages = [
        {"role": "user", "content": text, "occurredAt": when.isoformat(), "messageId": mid, "speaker": "Ana"}
        for mid, text, when in lines
    ]
    await gql_data(gql, INGEST, input={"userId": "ana", "sessionId": session, "messages": messages})
    await gql_data(gql, END, u="ana", s=session)
    await service.wait_for_jobs()


async def lisbon_then_porto(service: MemoryService, gql: GraphQLClient, verb: str) -> None:
    """Ana says she lives in Lisbon (and, in another message of the same conversation, something still true);
    then Porto replaces Lisbon: by ``correctMemory`` or by a later statement."""
    await conversation(
        service,
        gql,
        "s1",
        [
            ("m1", "I live in Lisbon with my two cats.", at(1)),
            ("m2", "My sister Rita visits me every month.", at(1, 13)),
        ],
    )
    if verb == "corrected":
        wrong = one(await all_memories(service, "ana"), "Lisbon")
        await gql_data(gql, CORRECT, u="ana", id=wrong.uid, content="Ana lives in Porto with her two cats.")
    else:
        await conversation(service, gql, "s2", [("n1", "I moved to Porto, so I live in Porto now.", at(20))])
    statuses = {m.status for m in await all_memories(service, "ana") if "Lisbon" in m.content}
    assert statuses == {"superseded"}


@pytest.mark.parametrize("verb", ["corrected", "superseded"])
async def test_the_message_of_a_replaced_value_leaves_the_context(
    service: MemoryService, gql: GraphQLClient, verb: str
) -> None:
    await lisbon_then_porto(service, gql, verb)

    context: dict[str, Any] = (await gql_data(gql, CONTEXT, u="ana", q="Where does Ana live?"))["memoryContext"]
    text = context["text"]
    assert "Porto" in text
    assert "Recent conversations:" in text and "Recent events:" in text
    assert [line for line in text.splitlines() if "Lisbon" in line] == []  # in no section, as current or not
    assert "Rita" in text.split("Recent conversations:")[1]  # the conversation's other message stays

    hits = (await gql_data(gql, RECALL, u="ana", q="Where does Ana live?"))["recall"]
    assert [h for h in hits if "Lisbon" in h["content"]] == []
    with_old = (await gql_data(gql, RECALL, u="ana", q="Where does Ana live?", superseded=True))["recall"]
    old = [h for h in with_old if "Lisbon" in h["content"]]
    assert old and all(h["status"] == "SUPERSEDED" for h in old)


async def test_a_message_that_still_carries_a_current_memory_stays_after_a_correction(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await conversation(service, gql, "s1", [("m1", "I live in Lisbon and I work as a nurse.", at(1))])
    memories = await all_memories(service, "ana")
    wrong = one(memories, "Lisbon")
    assert any("nurse" in m.content for m in memories if m.uid != wrong.uid)  # a second memory of the message
    await gql_data(gql, CORRECT, u="ana", id=wrong.uid, content="Ana lives in Porto.")

    context = (await gql_data(gql, CONTEXT, u="ana", q="What does Ana do for work?"))["memoryContext"]
    assert "I work as a nurse" in context["text"]  # the message still says something current
