"""Extraction traces through GraphQL against the real Neo4j: what the extraction decided about each message (kept as
which memory, reinforcing or superseding which, refused by which rule), forgotten with its message and its user,
carried by an export as the catalog declares, and pruned after EXTRACTION_TRACE_RETENTION_DAYS by the daily
learning."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph import catalog
from graphsvc.graph.database import Database
from graphsvc.runtime import Runtime
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient

INGEST = """
mutation($input: IngestMessagesInput!) { ingestMessages(input: $input) { stored messageIds } }"""
END = """mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"""
TRACE = """
query($u: String!, $s: String!, $m: String) {
  extractionTrace(userId: $u, sessionId: $s, messageId: $m) {
    id sessionId messageId role fromPerson extractor llmModel refusedBy
    decisions {
      outcome sentence piece ruleId memoryId candidateId supersededIds supersededById explanation
      rule { id decision description }
    }
  }
}"""
MEMORIES = """
query($u: String!) { memories(userId: $u, includeSuperseded: true, limit: 100) { items { id content status } } }"""
FORGET = """
mutation($u: String!, $ids: [String!]!, $s: String) {
  forgetMessages(userId: $u, messageIds: $ids, sessionId: $s) { events nodesDeleted }
}"""
ERASE = """mutation($u: String!) { eraseUser(userId: $u, confirm: $u) { complete } }"""
FORGET_MEMORY = """
mutation($u: String!, $m: ID!) { forgetMemory(userId: $u, memoryId: $m, keepSources: true) { memoriesForgotten } }"""
LEARN = """mutation($u: String!) { runDailyLearning(userId: $u) { status extractionTracesPruned } }"""


def data(body: dict[str, Any]) -> dict[str, Any]:
    assert not body.get("errors"), body
    result: dict[str, Any] = body["data"]
    return result


async def converse(
    api: GraphQLClient, service: MemoryService, user: str, session: str, day: int, lines: list[tuple[str, str, str]]
) -> None:
    """``(message id, role, text)`` lines said by Ana on ``day``, then the conversation ends and its jobs run."""
    messages = [
        {"role": role, "content": text, "occurredAt": at(day, minute=i).isoformat(), "messageId": mid, "speaker": "Ana"}
        for i, (mid, role, text) in enumerate(lines)
    ]
    data(await api.execute(INGEST, {"input": {"userId": user, "sessionId": session, "messages": messages}}))
    data(await api.execute(END, {"u": user, "s": session}))
    await service.wait_for_jobs()


async def trace(api: GraphQLClient, user: str, session: str, message: str | None = None) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = data(await api.execute(TRACE, {"u": user, "s": session, "m": message}))[
        "extractionTrace"
    ]
    return found


async def memory_ids(api: GraphQLClient, user: str) -> dict[str, str]:
    """content → id of the user's memories (superseded ones too)."""
    nodes = data(await api.execute(MEMORIES, {"u": user}))["memories"]["items"]
    return {n["content"]: n["id"] for n in nodes}


@pytest.fixture
async def api(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def test_a_refused_sentence_names_its_rule_and_a_kept_one_its_memory(
    service: MemoryService, api: GraphQLClient
) -> None:
    await converse(
        api,
        service,
        "ana",
        "s1",
        1,
        [
            ("m1", "user", "I'm allergic to shellfish. How are you today?"),
            ("m2", "assistant", "Noted, thanks for telling me."),
            ("m3", "user", "The weather is nice."),
        ],
    )
    memories = await memory_ids(api, "ana")
    traces = {t["messageId"]: t for t in await trace(api, "ana", "s1")}
    assert list(traces) == ["m1", "m2", "m3"]  # message order

    first = traces["m1"]
    assert (first["fromPerson"], first["extractor"], first["llmModel"]) == (True, "RULES", None)
    kept, refused = first["decisions"]
    assert kept["outcome"] == "CREATED" and kept["ruleId"] == "en.keep.allergy"
    assert kept["memoryId"] == memories["Ana is allergic to shellfish."]
    assert kept["sentence"] == "I'm allergic to shellfish."
    assert refused["outcome"] == "REFUSED" and refused["memoryId"] is None
    assert refused["ruleId"] == refused["rule"]["id"] == "en.refuse.question"
    assert refused["rule"]["decision"] == "refuse"
    assert refused["rule"]["description"] in refused["explanation"]  # why, in the rule's own words

    assert traces["m2"]["fromPerson"] is False and traces["m2"]["decisions"] == []
    (nothing,) = traces["m3"]["decisions"]
    assert (nothing["outcome"], nothing["ruleId"], nothing["memoryId"]) == ("NOT_KEPT", None, None)

    # one message of the session; another user sees nothing of it
    assert [t["messageId"] for t in await trace(api, "ana", "s1", "m3")] == ["m3"]
    assert await trace(api, "bob", "s1") == []


async def test_a_restatement_reinforces_and_a_new_value_names_what_it_superseded(
    service: MemoryService, api: GraphQLClient
) -> None:
    await converse(api, service, "ana", "s1", 1, [("m1", "user", "I live in Lisbon. I'm allergic to shellfish.")])
    before = await memory_ids(api, "ana")
    await converse(
        api,
        service,
        "ana",
        "s2",
        3,
        [("m1", "user", "I'm allergic to shellfish."), ("m2", "user", "I moved to Porto last month.")],
    )
    after = await memory_ids(api, "ana")
    (restated,) = (await trace(api, "ana", "s2", "m1"))[0]["decisions"]
    assert restated["outcome"] == "REINFORCED"
    assert restated["memoryId"] == before["Ana is allergic to shellfish."]
    assert "reinforced" in restated["explanation"]

    (moved,) = (await trace(api, "ana", "s2", "m2"))[0]["decisions"]
    assert moved["outcome"] == "CREATED" and moved["ruleId"] == "en.keep.residence"
    assert moved["memoryId"] == next(uid for text, uid in after.items() if "Porto" in text)
    assert moved["supersededIds"] == [before["Ana lives in Lisbon."]]
    assert moved["supersededById"] is None
    # the first conversation's trace still says what it decided then
    first = (await trace(api, "ana", "s1", "m1"))[0]["decisions"]
    assert [d["memoryId"] for d in first] == [before["Ana lives in Lisbon."], before["Ana is allergic to shellfish."]]


async def count_traces(service: MemoryService, user: str) -> int:
    rows = await service.db.driver.execute_query(
        "MATCH (x:ExtractionTrace) WHERE x.user_id = $u RETURN count(x) AS n", u=user, database_=service.db.database
    )
    return int(rows.records[0]["n"])


async def test_traces_go_with_their_messages_and_their_user(service: MemoryService, api: GraphQLClient) -> None:
    lines = [("m1", "user", "I'm allergic to shellfish."), ("m2", "user", "My gate code is 2291.")]
    await converse(api, service, "ana", "s1", 1, lines)
    await converse(api, service, "bob", "s1", 1, lines)
    assert await count_traces(service, "ana") == 2

    forgotten = data(await api.execute(FORGET, {"u": "ana", "ids": ["m1"], "s": "s1"}))["forgetMessages"]
    assert forgotten["events"] == 1
    assert await trace(api, "ana", "s1", "m1") == []
    assert [t["messageId"] for t in await trace(api, "ana", "s1")] == ["m2"]
    assert await count_traces(service, "ana") == 1

    assert data(await api.execute(ERASE, {"u": "ana"}))["eraseUser"]["complete"] is True
    assert await count_traces(service, "ana") == 0 and await trace(api, "ana", "s1") == []
    assert len(await trace(api, "bob", "s1")) == 2  # another user's traces stay

    # a forgotten memory takes the traces naming it, even when its messages stay
    code = (await memory_ids(api, "bob"))["Ana's gate code is 2291."]
    assert data(await api.execute(FORGET_MEMORY, {"u": "bob", "m": code}))["forgetMemory"]["memoriesForgotten"] == 1
    assert [t["messageId"] for t in await trace(api, "bob", "s1")] == ["m1"]


async def test_an_export_carries_the_traces_as_the_catalog_declares(service: MemoryService, api: GraphQLClient) -> None:
    await converse(api, service, "ana", "s1", 1, [("m1", "user", "I'm allergic to shellfish. How are you?")])
    lines = [line async for line in service.export_user(user_id="ana", embeddings=False)]
    exported = [line for line in lines[1:] if line["kind"] == "node" and "ExtractionTrace" in line["labels"]]
    assert catalog.node_kind("ExtractionTrace").export == "node"
    assert len(exported) == 1 and exported[0]["props"]["message_id"] == "m1"
    edges = [line for line in lines[1:] if line["kind"] == "edge" and line["type"] == "TRACE_OF"]
    assert len(edges) == 1
    before = await trace(api, "ana", "s1")
    await service.erase_user(user_id="ana", confirm="ana")
    await service.restore_user(lines=lines)
    assert await trace(api, "ana", "s1") == before


class Clock:
    """A settable clock."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


async def test_the_daily_learning_prunes_traces_past_their_retention(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> None:
    clock = Clock(datetime(2024, 5, 1, 13, tzinfo=UTC))
    kept_days = 10.0
    svc = MemoryService(
        Runtime(
            settings=settings.model_copy(update={"extraction_trace_retention_days": kept_days}),
            db=database,
            embedder=embedder,
            clock=clock,
        )
    )
    await svc.worker.start()
    api = GraphQLClient(svc)
    try:
        await converse(api, svc, "ana", "s1", 1, [("m1", "user", "I'm allergic to shellfish.")])
        assert len(await trace(api, "ana", "s1")) == 1
        clock.now += timedelta(days=kept_days) - timedelta(minutes=1)  # just inside the retention
        run = data(await api.execute(LEARN, {"u": "ana"}))["runDailyLearning"]
        assert (run["status"], run["extractionTracesPruned"]) == ("COMPLETED", 0)
        assert len(await trace(api, "ana", "s1")) == 1
        clock.now += timedelta(days=1)  # past it (and another learning day)
        run = data(await api.execute(LEARN, {"u": "ana"}))["runDailyLearning"]
        assert (run["status"], run["extractionTracesPruned"]) == ("COMPLETED", 1)
        assert await trace(api, "ana", "s1") == []
        assert len(await memory_ids(api, "ana")) == 1  # the memory stays: only its trace went
    finally:
        await api.aclose()
        await svc.worker.stop()
        await svc.rt.vectors.copies.settled()


def llm_fact(content: str, confidence: float) -> dict[str, Any]:
    return {
        "memory_type": "fact",
        "content": content,
        "confidence": confidence,
        "importance": 0.5,
        "source_message_ids": ["m1"],
    }


async def test_with_an_llm_the_trace_lists_what_it_took_from_each_message(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    llm_server.schema_defaults["ImpressionObservationPlan"] = {"content": json.dumps({"observations": []})}
    llm_server.schema_defaults["ReflectionOutput"] = {"content": "{}"}
    answer = {"memories": [llm_fact("Ana works as a nurse", 0.9), llm_fact("Ana may work nights", 0.3)], "summary": ""}
    llm_server.answer(content=json.dumps(answer))
    api = GraphQLClient(llm_service)
    try:
        await converse(
            api,
            llm_service,
            "ana",
            "s1",
            1,
            [("x1", "user", "I work as a nurse, sometimes at night."), ("x2", "user", "How are you today?")],
        )
        memories = await memory_ids(api, "ana")
        first, second = await trace(api, "ana", "s1")
        assert (first["extractor"], first["llmModel"]) == ("LLM", llm_service.settings.llm.model)
        kept, doubtful = first["decisions"]
        assert (kept["outcome"], kept["piece"], kept["sentence"], kept["ruleId"]) == (
            "CREATED",
            "Ana works as a nurse",
            None,
            None,
        )
        assert kept["memoryId"] == memories["Ana works as a nurse"]
        assert doubtful["outcome"] == "CANDIDATE" and doubtful["candidateId"] and doubtful["memoryId"] is None
        assert second["messageId"] == "x2" and second["decisions"] == []  # the LLM took nothing from it
    finally:
        await api.aclose()
