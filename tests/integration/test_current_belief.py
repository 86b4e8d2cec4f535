"""Recall and memoryContext follow the current belief (issue 21), through the GraphQL API: after a move or a
correction the current value is the first one recalled, the old one appears only when asked for (marked
SUPERSEDED), and the speaker's lives_in feature follows the move."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.erase_support import gql_data
from tests.integration.graphql_client import GraphQLClient
from tests.integration.lifecycle_support import all_memories, converse, one

RECALL = """
query($u: String!, $q: String!, $superseded: Boolean! = false, $asOf: DateTime) {
  recall(userId: $u, query: $q, limit: 10, includeSuperseded: $superseded, asOf: $asOf) {
    id kind content status score
  }
}"""
CONTEXT = """
query($u: String!, $q: String!) { memoryContext(userId: $u, query: $q, maxTokens: 800) { text memoryIds eventIds } }"""
ENTITY = """
query($u: String!, $name: String!) { entity(userId: $u, subjectOrAlias: $name) { features { key value } } }"""
CORRECT = """
mutation($u: String!, $id: ID!, $content: String!) {
  correctMemory(userId: $u, memoryId: $id, content: $content) { id }
}"""

CITIES = re.compile(r"\b(Lisbon|Porto|Coimbra|Aveiro)\b")


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


def first_city(hits: list[dict[str, Any]]) -> str | None:
    """The city named by the first hit that names one."""
    for hit in hits:
        found = CITIES.search(hit["content"])
        if found:
            return found[1]
    return None


async def recall(gql: GraphQLClient, query: str, **variables: Any) -> list[dict[str, Any]]:
    hits: list[dict[str, Any]] = (await gql_data(gql, RECALL, u="ana", q=query, **variables))["recall"]
    return hits


async def moved(service: MemoryService) -> None:
    await converse(
        service,
        user_id="ana",
        session_id="s1",
        lines=[("m1", "I live in Lisbon.", at(1)), ("m2", "My sister Rita visits me every month.", at(1, 13))],
    )
    await converse(
        service, user_id="ana", session_id="s2", lines=[("n1", "I moved to Porto, so I live in Porto now.", at(20))]
    )


async def test_after_a_move_the_current_city_is_recalled_first_and_the_old_one_only_when_asked(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await moved(service)
    memories = await all_memories(service, "ana")
    assert (one(memories, "Lisbon").status, one(memories, "lives in Porto").status) == ("superseded", "active")

    hits = await recall(gql, "Where does Ana live?")
    assert first_city(hits) == "Porto"
    assert not [h for h in hits if "Lisbon" in h["content"]]  # neither the memory, the message nor the impression
    assert {h["status"] for h in hits} <= {"ACTIVE", None}

    with_old = await recall(gql, "Where does Ana live?", superseded=True)
    assert first_city(with_old) == "Porto"
    old = [h for h in with_old if "Lisbon" in h["content"]]
    assert "memory" in {h["kind"] for h in old}  # the old memory (its message is covered by it: one place)
    assert all(h["status"] == "SUPERSEDED" for h in old)
    porto = next(h["score"] for h in with_old if "Porto" in h["content"])
    assert all(h["score"] < porto for h in old)  # never above what replaced it

    then = await recall(gql, "Where does Ana live?", asOf=at(10).isoformat())
    assert first_city(then) == "Lisbon"  # what held then
    assert not [h for h in then if "Porto" in h["content"]]

    context = (await gql_data(gql, CONTEXT, u="ana", q="Where does Ana live?"))["memoryContext"]
    assert "Porto" in context["text"]
    recalled = context["text"].split("Recent conversations:")[0]
    assert "Lisbon" not in recalled  # neither recalled nor among the recent events as current
    lisbon = one(memories, "Lisbon")
    assert lisbon.uid not in context["memoryIds"]

    entity = (await gql_data(gql, ENTITY, u="ana", name="Ana"))["entity"]
    assert {f["key"]: f["value"] for f in entity["features"]}["lives_in"] == "Porto"


async def test_a_time_phrase_dating_the_old_belief_does_not_lift_it_above_what_replaced_it(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await moved(service)
    with_old = await recall(gql, "Where did Ana live on May 1st?", superseded=True)
    old = [h for h in with_old if "Lisbon" in h["content"]]
    assert old and all(h["status"] == "SUPERSEDED" for h in old)
    porto = next(h["score"] for h in with_old if "Porto" in h["content"])
    assert all(h["score"] < porto for h in old)  # the time cue boosts May 1st's hits before the ordering rule


async def test_a_move_alone_moves_the_feature_and_the_first_city_recalled(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    await converse(service, user_id="ana", session_id="s2", lines=[("n1", "I moved to Porto last week.", at(20))])
    entity = (await gql_data(gql, ENTITY, u="ana", name="Ana"))["entity"]
    assert {f["key"]: f["value"] for f in entity["features"]}["lives_in"] == "Porto"
    assert first_city(await recall(gql, "Where does Ana live now?")) == "Porto"
    assert first_city(await recall(gql, "Which city is Ana's home?")) == "Porto"


async def test_after_a_correction_the_corrected_city_is_recalled_first(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await converse(
        service,
        user_id="ana",
        session_id="s1",
        lines=[("m1", "I live in Coimbra.", at(1)), ("m2", "I work as a nurse at the hospital.", at(1, 13))],
    )
    wrong = one(await all_memories(service, "ana"), "Coimbra")
    await gql_data(gql, CORRECT, u="ana", id=wrong.uid, content="Ana: I live in Aveiro.")
    hits = await recall(gql, "Where does Ana live?")
    assert first_city(hits) == "Aveiro"
    corrected = next(i for i, h in enumerate(hits) if "Aveiro" in h["content"])
    assert not [h for h in hits[:corrected] if "Coimbra" in h["content"]]
    with_old = await recall(gql, "Where does Ana live?", superseded=True)
    assert first_city(with_old) == "Aveiro"
    [old_memory] = [h for h in with_old if h["id"] == wrong.uid]
    assert old_memory["status"] == "SUPERSEDED"
