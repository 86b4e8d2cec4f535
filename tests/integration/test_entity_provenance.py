"""Why graphsvc believes an entity, through GraphQL against the real Neo4j (``entityProvenance``): the rule that
decided its kind with the rule's description and measured precision, the messages the entity was observed in
(newest first, capped), each relation with the rule and the messages that stated it; a kind set by hand is a
person's, one an LLM typed names no rule, a THING nothing typed is nobody's; an entity of another user is not found."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.rulebook import book
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient

WHY = """
query($u: String!, $e: ID!, $limit: Int! = 20) {
  entityProvenance(userId: $u, entityId: $e, limit: $limit) {
    entity { id subject kind kindRule }
    kindDecidedBy
    kindRule { id description measuredPrecision judged }
    observed
    messages { id messageId sessionId speaker role content occurredAt sourceType }
    relations {
      relation { relation direction ruleId other { subject } }
      statedBy
      rule { id description measuredPrecision }
      observed
      messages { messageId sessionId content }
    }
  }
}"""
ENTITIES = """query($u: String!) { entities(userId: $u, limit: 100) { nodes { id subject } } }"""
UPSERT = """
mutation($u: String!, $s: String!, $k: EntityKind) {
  upsertEntity(input: {userId: $u, subject: $s, kind: $k}) { id }
}"""
CHAT = [
    ("Ana", "My sister Anika lives in Braga."),
    ("Assistant", "Noted."),
    ("Ana", "I have a dog named Biscuit."),
    ("Assistant", "Lovely name!"),
    ("Ana", "Biscuit is three years old and loves the beach."),
]


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def talk(service: MemoryService, user_id: str) -> None:
    await service.ingest_messages(
        user_id=user_id,
        session_id="s1",
        messages=[
            MessageIn(
                role="assistant" if speaker == "Assistant" else "user",
                content=text,
                occurred_at=at(1, 12, i),
                message_id=f"m{i}",
                speaker=speaker,
            )
            for i, (speaker, text) in enumerate(CHAT)
        ],
    )
    await service.end_conversation(user_id=user_id, session_id="s1")
    await service.wait_for_jobs()


async def entity_ids(gql: GraphQLClient, user_id: str) -> dict[str, str]:
    body = await gql.execute(ENTITIES, {"u": user_id})
    assert "errors" not in body, body
    return {n["subject"]: n["id"] for n in body["data"]["entities"]["nodes"]}


async def why(gql: GraphQLClient, user_id: str, entity_id: str, limit: int = 20) -> dict[str, Any]:
    body = await gql.execute(WHY, {"u": user_id, "e": entity_id, "limit": limit})
    assert "errors" not in body, body
    found: dict[str, Any] = body["data"]["entityProvenance"]
    return found


async def test_the_rule_that_typed_an_entity_is_named_with_its_precision_and_messages(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await talk(service, "ana")
    ids = await entity_ids(gql, "ana")
    biscuit = await why(gql, "ana", ids["Biscuit"])

    assert biscuit["entity"]["subject"] == "Biscuit" and biscuit["kindDecidedBy"] == "RULEBOOK"
    rule_id = biscuit["entity"]["kindRule"]
    assert rule_id and biscuit["kindRule"]["id"] == rule_id
    rule = book.by_id()[rule_id]
    measured = book.measurements().get(rule_id)
    assert biscuit["kindRule"]["description"] == rule.description
    assert biscuit["kindRule"]["measuredPrecision"] == (measured.precision if measured else None)
    assert biscuit["kindRule"]["judged"] == (measured.judged if measured else 0)

    said = {m["messageId"]: m for m in biscuit["messages"]}
    assert {"m2", "m4"} <= set(said), biscuit["messages"]
    assert said["m2"]["content"] == CHAT[2][1] and said["m2"]["speaker"] == "Ana"
    assert (said["m2"]["sessionId"], said["m2"]["role"], said["m2"]["sourceType"]) == ("s1", "user", "conversation")
    assert biscuit["observed"] == len(biscuit["messages"])
    times = [m["occurredAt"] for m in biscuit["messages"]]
    assert times == sorted(times, reverse=True)  # newest first

    [pet] = [r for r in biscuit["relations"] if r["relation"]["relation"] == "has_pet"]
    assert (pet["relation"]["direction"], pet["relation"]["other"]["subject"]) == ("INCOMING", "Ana")
    assert pet["statedBy"] == "RULEBOOK" and pet["rule"]["id"] == pet["relation"]["ruleId"]
    assert pet["rule"]["description"] == book.by_id()[pet["rule"]["id"]].description
    assert pet["observed"] >= 1 and "m2" in {m["messageId"] for m in pet["messages"]}
    assert all(m["sessionId"] == "s1" for m in pet["messages"])


async def test_messages_are_capped_and_the_count_says_how_many(service: MemoryService, gql: GraphQLClient) -> None:
    await talk(service, "ana")
    ids = await entity_ids(gql, "ana")
    whole = await why(gql, "ana", ids["Ana"])
    assert whole["observed"] >= 2 and len(whole["messages"]) == whole["observed"]
    newest = await why(gql, "ana", ids["Ana"], limit=1)
    assert newest["observed"] == whole["observed"]
    assert [m["messageId"] for m in newest["messages"]] == [whole["messages"][0]["messageId"]]
    assert whole["messages"][0]["occurredAt"] == max(m["occurredAt"] for m in whole["messages"])
    body = await gql.execute(WHY, {"u": "ana", "e": ids["Ana"], "limit": 0})
    assert body["errors"][0]["extensions"]["code"] == "INVALID_INPUT", body


async def test_a_kind_set_by_hand_is_a_persons_and_a_thing_nobodys(gql: GraphQLClient) -> None:
    lea = await gql.execute(UPSERT, {"u": "ana", "s": "Lea", "k": "PERSON"})
    box = await gql.execute(UPSERT, {"u": "ana", "s": "The blue box", "k": None})
    by_hand = await why(gql, "ana", lea["data"]["upsertEntity"]["id"])
    thing = await why(gql, "ana", box["data"]["upsertEntity"]["id"])
    assert (by_hand["kindDecidedBy"], by_hand["kindRule"], by_hand["entity"]["kind"]) == ("PERSON", None, "PERSON")
    assert (by_hand["observed"], by_hand["messages"], by_hand["relations"]) == (0, [], [])
    assert (thing["kindDecidedBy"], thing["kindRule"], thing["entity"]["kind"]) == ("NOBODY", None, "THING")


async def test_an_entity_of_another_user_is_not_found(service: MemoryService, gql: GraphQLClient) -> None:
    await talk(service, "ana")
    ids = await entity_ids(gql, "ana")
    assert (await why(gql, "ana", ids["Biscuit"]))["entity"]["id"] == ids["Biscuit"]
    for user, entity in (("bob", ids["Biscuit"]), ("ana", "no-such-entity")):
        body = await gql.execute(WHY, {"u": user, "e": entity})
        assert body["data"] is None and body["errors"][0]["extensions"]["code"] == "NOT_FOUND", body


async def test_a_kind_an_llm_decided_names_no_rule(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    llm_server.schema_defaults["ReflectionOutput"] = {"content": "{}"}
    observation = {
        "proposed_subject": "Lea",
        "kind": "person",
        "impressions": [{"content": "Lea had lunch with Ana.", "confidence": 0.9, "evidence_message_ids": ["m1"]}],
        "evidence_snippets": ["I had lunch with Lea."],
        "confidence": 0.9,
    }
    llm_server.answer(content=json.dumps({"memories": [], "summary": "", "observations": [observation]}))
    await llm_service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[
            MessageIn(role="user", content="I had lunch with Lea.", occurred_at=at(1), message_id="m1", speaker="Ana")
        ],
    )
    await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    api = GraphQLClient(llm_service)
    try:
        lea = await why(api, "ana", (await entity_ids(api, "ana"))["Lea"])
    finally:
        await api.aclose()
    assert (lea["kindDecidedBy"], lea["kindRule"], lea["entity"]["kind"]) == ("LLM", None, "PERSON")
    assert [m["messageId"] for m in lea["messages"]] == ["m1"]
