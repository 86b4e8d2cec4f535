"""Recall ranks what the user said above an assistant turn with no content of its own (issue 33), through
GraphQL on the offline path: "That sounds exciting!" answering the user's travel plan matches a travel question
only through the plan it answers, so it never outranks the user's statement; an assistant turn that adds content
of its own keeps its place."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from graphsvc.service import MemoryService
from tests.integration.erase_support import gql_data
from tests.integration.graphql_client import END, INGEST, GraphQLClient

RECALL = """
query($u: String!, $q: String!) {
  recall(userId: $u, query: $q, limit: 10) { id kind content score sourceMessageIds }
}"""
PLAN = "I'm going to Japan in May with my brother."
SPEAKERS = {"user": "Ana", "assistant": "AI"}


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


def march_2023(day: int, minute: int) -> str:
    return datetime(2023, 3, day, 18, minute, tzinfo=UTC).isoformat()


async def travel_talk(service: MemoryService, gql: GraphQLClient, reply: str) -> None:
    """A conversation in March 2023: the user's plan, the assistant's ``reply``, and other talk around it."""
    turns = [
        ("user", "I finally repainted the kitchen a pale green.", march_2023(2, 0)),
        ("assistant", "A pale green kitchen feels calm and fresh.", march_2023(2, 1)),
        ("user", PLAN, march_2023(2, 2)),
        ("assistant", reply, march_2023(2, 3)),
        ("user", "My brother Kenji speaks a little Japanese.", march_2023(2, 4)),
    ]
    messages = [
        {"role": role, "content": text, "occurredAt": when, "messageId": f"m{i}", "speaker": SPEAKERS[role]}
        for i, (role, text, when) in enumerate(turns)
    ]
    await gql_data(gql, INGEST, input={"userId": "ana", "sessionId": "s1", "messages": messages})
    await gql_data(gql, END, u="ana", s="s1")
    await service.wait_for_jobs()


def first_with(hits: list[dict[str, Any]], test: Any) -> int:
    return next((i for i, h in enumerate(hits) if test(h)), len(hits))


async def test_a_content_free_reply_ranks_below_the_statement_it_answers(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await travel_talk(service, gql, "That sounds exciting!")
    hits: list[dict[str, Any]] = (await gql_data(gql, RECALL, u="ana", q="Where am I travelling next?"))["recall"]
    reply = first_with(hits, lambda h: "sounds exciting" in h["content"])
    statement = first_with(hits, lambda h: h["kind"] in ("event", "memory") and "m2" in h["sourceMessageIds"])
    assert statement < 5, hits  # the user's own statement (the message or the memory made from it) is in the top five
    assert statement < reply, hits  # and the reply it drew never outranks it


async def test_a_reply_with_content_of_its_own_is_not_moved(service: MemoryService, gql: GraphQLClient) -> None:
    reply = "Late May is the rainy season in Okinawa, so pack an umbrella for Naha."
    await travel_talk(service, gql, reply)
    hits: list[dict[str, Any]] = (await gql_data(gql, RECALL, u="ana", q="Is it rainy in Okinawa in May?"))["recall"]
    assert hits[0]["content"].endswith(reply), hits  # what only the assistant said is the answer, first
