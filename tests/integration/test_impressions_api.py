"""The entity graph over GraphQL: reads with DataLoaders, pending observations, and the agent-tool mutations."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.service import MemoryService
from tests.integration.conftest import make_service
from tests.integration.graphql_client import GraphQLClient
from tests.integration.impressions_support import Turn, cypher, observe, store

ENTITY_FIELDS = """
  id subject kind
  aliases { name normalized }
  impressions { content confidence evidence { messageId speaker content grade } }
  features { key value }
  relations { relation strength direction other { subject } }
"""
ENTITY = "query($u: String!, $n: String!) { entity(userId: $u, subjectOrAlias: $n) {" + ENTITY_FIELDS + "} }"
ENTITIES = """query($u: String!, $s: String, $n: Int! = 20, $a: String) {
  entities(userId: $u, search: $s, limit: $n, after: $a) { nodes { id subject } endCursor hasNextPage } }"""
UPSERT = """mutation($i: UpsertEntityInput!) { upsertEntity(input: $i) { id subject kind aliases { name } } }"""
ADD_ALIAS = """mutation($u: String!, $e: ID!, $a: String!) { addAlias(userId: $u, entityId: $e, alias: $a) {
  id aliases { name } } }"""
PENDING = """query($u: String!) { pendingObservations(userId: $u) {
  id subject aliases reason status confidence impressions eventIds candidates { id subject } } }"""
RESOLVE = """mutation($u: String!, $id: ID!, $e: ID, $c: Boolean! = false) {
  resolvePendingObservation(userId: $u, id: $id, entityId: $e, createNew: $c) {
    pendingObservation { id status resolvedEntityId } entity { id subject impressions { content } } } }"""
MERGE = """mutation($k: ID!, $d: ID!, $u: String) { mergeEntities(keepId: $k, dropId: $d, userId: $u) {""" + (
    ENTITY_FIELDS + "} }"
)


@pytest.fixture
def service(settings: Settings, database: Database, embedder: LocalEmbedder) -> MemoryService:
    """The offline service WITHOUT its job worker: no background extraction (idle sweep) writes meanwhile."""
    return make_service(settings, database, embedder)


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def ok(gql: GraphQLClient, text: str, **variables: Any) -> dict[str, Any]:
    body = await gql.execute(text, variables)
    assert "errors" not in body, body["errors"]
    data: dict[str, Any] = body["data"]
    return data


async def error_code(gql: GraphQLClient, text: str, **variables: Any) -> str:
    body = await gql.execute(text, variables)
    assert body.get("errors"), body
    return str(body["errors"][0]["extensions"]["code"])


async def upsert(gql: GraphQLClient, user: str, subject: str, *aliases: str, **extra: Any) -> dict[str, Any]:
    data = await ok(gql, UPSERT, i={"userId": user, "subject": subject, "aliases": list(aliases), **extra})
    entity: dict[str, Any] = data["upsertEntity"]
    return entity


CONVERSATION = [
    Turn("Caroline", "Hey Mel! Good to see you!"),
    Turn("Melanie", "Hey Caroline! I work as a nurse. My friend Oliver paints landscapes every weekend."),
    Turn("Caroline", "I went to the Grand Canyon with Oliver last summer."),
]


async def test_entity_by_alias_with_aliases_impressions_evidence_features_relations(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await observe(service, "ana", await store(service, "ana", "s1", CONVERSATION))
    entity = (await ok(gql, ENTITY, u="ana", n="ＭＥＬ"))["entity"]
    assert entity["subject"] == "Melanie" and entity["kind"] == "PERSON"
    assert sorted(a["name"] for a in entity["aliases"]) == ["Mel", "Melanie"]
    nurse = next(i for i in entity["impressions"] if "nurse" in i["content"])
    assert nurse["evidence"] == [
        {"messageId": "s1-1", "speaker": "Melanie", "grade": "B", "content": CONVERSATION[1].content}
    ]
    assert entity["features"] == [{"key": "occupation", "value": "nurse"}]
    assert entity["relations"] == [
        {"relation": "friend", "strength": 0.7, "direction": "OUTGOING", "other": {"subject": "Oliver"}}
    ]
    oliver = (await ok(gql, ENTITY, u="ana", n="oliver"))["entity"]
    assert oliver["relations"][0]["direction"] == "INCOMING"
    assert (await ok(gql, ENTITY, u="ana", n="Mell"))["entity"] is None
    assert (await ok(gql, ENTITY, u="bob", n="Mel"))["entity"] is None


async def test_entities_pages_by_subject_without_gaps_or_repeats(gql: GraphQLClient) -> None:
    for name in ["Eve", "Bob", "Dan", "Ann", "Cid"]:
        await upsert(gql, "ana", name)
    seen, cursor = [], None
    while True:
        page = (await ok(gql, ENTITIES, u="ana", n=2, a=cursor))["entities"]
        seen += [n["subject"] for n in page["nodes"]]
        if not page["hasNextPage"]:
            break
        cursor = page["endCursor"]
    assert seen == ["Ann", "Bob", "Cid", "Dan", "Eve"]
    assert await error_code(gql, ENTITIES, u="ana", a="not-a-cursor") == "INVALID_INPUT"


async def test_search_matches_names_words_and_prefixes_in_english_and_chinese(gql: GraphQLClient) -> None:
    await upsert(gql, "ana", "Melanie", "Mel")
    await upsert(gql, "ana", "Grand Canyon", kind="PLACE")
    await upsert(gql, "ana", "张伟")
    await upsert(gql, "bob", "Melanie")

    async def search(text: str) -> list[str]:
        return [n["subject"] for n in (await ok(gql, ENTITIES, u="ana", s=text))["entities"]["nodes"]]

    assert await search("Mela") == ["Melanie"]
    assert await search("canyon") == ["Grand Canyon"]
    assert await search("张伟") == ["张伟"]
    assert await search("*:* OR tenant_key:x") == []  # query syntax is searched as words, never run


async def test_upsert_is_idempotent_and_refuses_names_of_two_entities(gql: GraphQLClient) -> None:
    first = await upsert(gql, "ana", "Melanie", "Mel")
    again = await upsert(gql, "ana", "melanie", "Mellie")
    assert again["id"] == first["id"]
    assert sorted(a["name"] for a in again["aliases"]) == ["Mel", "Melanie", "Mellie"]
    await upsert(gql, "ana", "Samuel", "Sam")
    code = await error_code(gql, UPSERT, i={"userId": "ana", "subject": "Mel", "aliases": ["Sam"]})
    assert code == "AMBIGUOUS_ENTITY"
    assert await error_code(gql, UPSERT, i={"userId": "ana", "subject": "  "}) == "INVALID_INPUT"


async def test_add_alias_refuses_a_name_of_another_entity(gql: GraphQLClient, service: MemoryService) -> None:
    mel = await upsert(gql, "ana", "Melanie")
    anna = await upsert(gql, "ana", "Anna")
    added = (await ok(gql, ADD_ALIAS, u="ana", e=mel["id"], a="Mel"))["addAlias"]
    assert sorted(a["name"] for a in added["aliases"]) == ["Mel", "Melanie"]
    assert await error_code(gql, ADD_ALIAS, u="ana", e=anna["id"], a="MEL") == "PLAN_REJECTED"
    assert await error_code(gql, ADD_ALIAS, u="bob", e=mel["id"], a="Mellie") == "NOT_FOUND"
    history = await cypher(
        service.db,
        "MATCH (h:HistoryEntry {user_id: 'ana', event: 'alias_added', actor: 'api'}) RETURN h.new_value AS v",
    )
    assert {"v": "Mel"} in history


async def test_an_ambiguous_observation_is_pending_and_resolved_to_the_chosen_entity(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await upsert(gql, "ana", "Sam")
    samuel = await upsert(gql, "ana", "Samuel")
    # The API refuses to give "Sam" to Samuel (it names the entity Sam); data written before the validator
    # existed (or by another tool) can still hold such names, so the test writes one directly.
    await cypher(
        service.db,
        "MATCH (e:Entity {uid: $e}) CREATE (e)-[:HAS_ALIAS]->(:Alias {uid: 'x-sam', user_id: 'ana', name: 'Sam', "
        "normalized: 'sam', tenant_key: 't'})",
        e=samuel["id"],
    )
    text = "I played chess with Sam yesterday and he won every single game."
    report = await observe(service, "ana", await store(service, "ana", "s1", [Turn("Ana", text)]))
    assert report.decisions.get("ambiguous") == 1 and report.pending == 1
    pending = (await ok(gql, PENDING, u="ana"))["pendingObservations"]
    assert len(pending) == 1
    item = pending[0]
    assert (item["subject"], item["reason"], item["status"]) == ("Sam", "AMBIGUOUS", "OPEN")
    assert sorted(c["subject"] for c in item["candidates"]) == ["Sam", "Samuel"]
    assert len(item["eventIds"]) == 1
    resolved = (await ok(gql, RESOLVE, u="ana", id=item["id"], e=samuel["id"]))["resolvePendingObservation"]
    assert resolved["pendingObservation"]["status"] == "RESOLVED"
    assert resolved["pendingObservation"]["resolvedEntityId"] == samuel["id"]
    assert resolved["entity"]["subject"] == "Samuel"
    assert "Ana played chess with Sam yesterday and he won every single game." in [
        i["content"] for i in resolved["entity"]["impressions"]
    ]
    assert (await ok(gql, PENDING, u="ana"))["pendingObservations"] == []
    assert await error_code(gql, RESOLVE, u="ana", id=item["id"], e=samuel["id"]) == "CONFLICT"
    again = await observe(service, "ana", await store(service, "ana", "s1", [Turn("Ana", text)]))
    assert again.pending == 0  # the same observation of the same event is not pending twice


async def test_a_postponed_observation_can_become_a_new_entity(service: MemoryService, gql: GraphQLClient) -> None:
    turns = [Turn("Ana", "We played Starfall Tactics together."), Turn("Ana", "Starfall Tactics kept us up all night.")]
    report = await observe(service, "ana", await store(service, "ana", "s1", turns))
    assert report.decisions.get("postponed", 0) >= 1
    pending = (await ok(gql, PENDING, u="ana"))["pendingObservations"]
    item = next(p for p in pending if p["subject"] == "Starfall Tactics")
    assert item["reason"] == "POSTPONED" and item["candidates"] == []
    assert await error_code(gql, RESOLVE, u="ana", id=item["id"]) == "INVALID_INPUT"  # neither entityId nor createNew
    created = (await ok(gql, RESOLVE, u="ana", id=item["id"], c=True))["resolvePendingObservation"]
    assert created["entity"]["subject"] == "Starfall Tactics"
    assert (await ok(gql, ENTITY, u="ana", n="starfall tactics"))["entity"]["kind"] == "THING"


async def test_merge_moves_everything_keeps_history_and_refuses_other_users(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await observe(service, "ana", await store(service, "ana", "s1", CONVERSATION))
    melanie = (await ok(gql, ENTITY, u="ana", n="Melanie"))["entity"]
    dup = await upsert(gql, "ana", "Melanie Smith", "Mels", impressions=["Melanie works as a nurse."])
    await ok(
        gql,
        UPSERT,
        i={
            "userId": "ana",
            "subject": "Melanie Smith",
            "impressions": ["Melanie: I work as a nurse. My friend Oliver paints landscapes every weekend."],
        },
    )
    merged = (await ok(gql, MERGE, k=melanie["id"], d=dup["id"]))["mergeEntities"]
    assert sorted(a["name"] for a in merged["aliases"]) == ["Mel", "Melanie", "Melanie Smith", "Mels"]
    contents = [i["content"] for i in merged["impressions"]]
    assert "Melanie works as a nurse." in contents and len(contents) == len(set(contents))
    assert merged["relations"][0]["other"]["subject"] == "Oliver"
    assert (await ok(gql, ENTITY, u="ana", n="Mels"))["entity"]["id"] == melanie["id"]
    rows = await cypher(service.db, "MATCH (e:Entity {uid: $d}) RETURN e", d=dup["id"])
    assert rows == []
    history = await cypher(
        service.db,
        "MATCH (h:HistoryEntry)-[:RECORDS]->(e:Entity {uid: $k}) RETURN h.event AS event, h.target_uid AS target",
        k=melanie["id"],
    )
    events = {(h["event"], h["target"]) for h in history}
    assert ("entity_merged", melanie["id"]) in events
    assert ("entity_created", dup["id"]) in events  # the dropped entity's history now hangs on keep

    other = await upsert(gql, "bob", "Melanie")
    assert await error_code(gql, MERGE, k=melanie["id"], d=other["id"]) == "CROSS_USER"
    assert await error_code(gql, MERGE, k=melanie["id"], d=melanie["id"]) == "INVALID_INPUT"
    assert await error_code(gql, MERGE, k=melanie["id"], d="nope") == "NOT_FOUND"


async def test_an_ambiguous_name_is_an_error_not_a_guess(service: MemoryService, gql: GraphQLClient) -> None:
    await upsert(gql, "ana", "Samuel")
    await upsert(gql, "ana", "Samantha")
    for uid in [e["id"] for e in (await ok(gql, ENTITIES, u="ana"))["entities"]["nodes"]]:
        await cypher(
            service.db,
            "MATCH (e:Entity {uid: $e}) CREATE (e)-[:HAS_ALIAS]->(:Alias {uid: $e + '-sam', user_id: 'ana', "
            "name: 'Sam', normalized: 'sam', tenant_key: 't'})",
            e=uid,
        )
    assert await error_code(gql, ENTITY, u="ana", n="sam") == "AMBIGUOUS_ENTITY"
