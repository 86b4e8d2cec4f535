"""The impression pipeline against Neo4j: offline and through the real openai client against the fake server."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.errors import LLMError
from graphsvc.graph.cypher import query
from graphsvc.graph.database import Database
from graphsvc.llm.client import LLMClient
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import make_service
from tests.integration.impressions_support import Turn, cypher, graph_counts, observe, store

CONVERSATION = [
    Turn("Caroline", "Hey Mel! Good to see you! I live in Portland now."),
    Turn("Melanie", "Hey Caroline! I work as a nurse. My friend Oliver paints landscapes every weekend."),
    Turn("Caroline", "Last summer we went to the Grand Canyon together with Oliver."),
    Turn("Melanie", "Oliver's paintings of the Grand Canyon are amazing, he sold three of them."),
    Turn("Bot", "That sounds lovely!", role="assistant"),
]


@pytest.fixture
def service(settings: Settings, database: Database, embedder: LocalEmbedder) -> MemoryService:
    """The offline service WITHOUT its job worker: no background extraction (idle sweep) writes meanwhile."""
    return make_service(settings, database, embedder)


async def test_offline_run_creates_entities_with_aliases_impressions_evidence_and_history(
    service: MemoryService,
) -> None:
    stored = await store(service, "ana", "s1", CONVERSATION)
    report = await observe(service, "ana", stored)
    assert report.llm_calls == [] and report.plan_status == "CONFIRMED"
    assert report.created_entities == 5  # Caroline, Melanie, Oliver, Portland, Grand Canyon
    rows = await cypher(
        service.db,
        "MATCH (e:Entity {user_id: $u})-[:HAS_ALIAS]->(a) RETURN e.subject AS s, e.kind AS k, collect(a.name) AS names",
        u="ana",
    )
    entities = {r["s"]: (r["k"], sorted(r["names"])) for r in rows}
    assert entities == {
        "Caroline": ("person", ["Caroline"]),
        "Melanie": ("person", ["Mel", "Melanie"]),
        "Oliver": ("person", ["Oliver"]),
        "Grand Canyon": ("place", ["Grand Canyon"]),
        "Portland": ("place", ["Portland"]),
    }
    evidence = await cypher(
        service.db,
        "MATCH (:Entity {user_id: $u, subject: 'Melanie'})-[:HAS_IMPRESSION]->(i)<-[:SUPPORTS]-(d:Evidence)"
        "-[:FROM_EVENT]->(x:Event) RETURN i.content AS c, d.grade AS g, x.source_id AS m",
        u="ana",
    )
    assert {"c": "Melanie works as a nurse.", "g": "B", "m": "s1-1"} in evidence
    features = await cypher(
        service.db, "MATCH (:Entity {user_id: $u})-[:HAS_FEATURE]->(f) RETURN f.key AS k, f.value AS v", u="ana"
    )
    assert {"k": "lives_in", "v": "Portland"} in features and {"k": "occupation", "v": "nurse"} in features
    relations = await cypher(
        service.db,
        "MATCH (a:Entity {user_id: $u})-[r:RELATES]->(b) RETURN a.subject AS a, r.relation AS r, b.subject AS b"
        " ORDER BY a, r, b",
        u="ana",
    )
    assert relations == [
        {"a": "Caroline", "r": "lives_in", "b": "Portland"},
        {"a": "Melanie", "r": "friend", "b": "Oliver"},
    ]
    history = await cypher(
        service.db, "MATCH (h:HistoryEntry {user_id: $u})-[:RECORDS]->() RETURN count(h) AS n", u="ana"
    )
    assert history[0]["n"] == report.changes > 0
    observed = await cypher(
        service.db, "MATCH (:Entity {user_id: $u})-[r:OBSERVED_IN]->(:Event) RETURN count(r) AS n", u="ana"
    )
    assert observed[0]["n"] > 0
    assert report.pending == 0


async def test_a_second_run_over_the_same_conversation_changes_nothing(service: MemoryService) -> None:
    stored = await store(service, "ana", "s1", CONVERSATION)
    await observe(service, "ana", stored)
    before = await graph_counts(service.db, "ana")
    again = await observe(service, "ana", stored)
    assert (again.created_entities, again.updated_entities, again.changes, again.pending) == (0, 0, 0, 0)
    assert await graph_counts(service.db, "ana") == before


async def test_a_later_conversation_updates_known_entities_through_their_alias(service: MemoryService) -> None:
    await observe(service, "ana", await store(service, "ana", "s1", CONVERSATION))
    text = "I had lunch with Mel yesterday and she looked really happy."
    report = await observe(service, "ana", await store(service, "ana", "s2", [Turn("Caroline", text)], day=2))
    assert report.decisions == {"update": 2} and report.created_entities == 0 and report.updated_entities == 2
    rows = await cypher(service.db, "MATCH (e:Entity {user_id: $u}) RETURN count(e) AS n", u="ana")
    assert rows[0]["n"] == 5
    impressions = await cypher(
        service.db,
        "MATCH (:Entity {user_id: $u, subject: 'Melanie'})-[:HAS_IMPRESSION]->(i) RETURN i.content AS c",
        u="ana",
    )
    assert {"c": "Caroline had lunch with Mel yesterday and she looked really happy."} in impressions


async def test_users_never_share_entities(service: MemoryService) -> None:
    await observe(service, "ana", await store(service, "ana", "s1", CONVERSATION))
    report = await observe(service, "bob", await store(service, "bob", "s1", CONVERSATION))
    assert report.created_entities == 5 and report.decisions == {"create": 5}


async def test_the_identity_index_is_read_by_index_seeks_only(service: MemoryService) -> None:
    await observe(service, "ana", await store(service, "ana", "s1", CONVERSATION))
    names = ["melanie", "mel", "oliver", "nobody"]
    params = {"user_id": "ana", "names": names, "subject_keys": [keys.entity_subject_key("ana", n) for n in names]}
    async with service.db.driver.session(database=service.db.database) as session:
        result = await session.run("PROFILE " + query("entity_identities_by_names"), params)
        summary = await result.consume()
    operators: list[str] = []

    def walk(plan: dict[str, object]) -> None:
        operators.append(str(plan.get("operatorType", "")))
        for child in plan.get("children", []):  # type: ignore[attr-defined]
            walk(child)

    assert summary.profile is not None
    walk(summary.profile)
    assert any("NodeIndexSeek" in op or "NodeUniqueIndexSeek" in op for op in operators), operators
    assert not any("NodeByLabelScan" in op or "AllNodesScan" in op for op in operators), operators


# --- the LLM planner through the real openai client -----------------------------------------------------

SEVEN = [
    Turn("Caroline", "I met my friend Oliver and my friend Bailey at the park."),
    Turn("Melanie", "My sister Dana and my friend Priya came to the concert with Sam Parker."),
]


def plan_json(**extra: object) -> str:
    observation = {
        "proposed_subject": "Oliver",
        "kind": "person",
        "impressions": [{"content": "Oliver is Caroline's friend.", "confidence": 0.9, "evidence_message_ids": ["m1"]}],
        "evidence_snippets": ["I met my friend Oliver"],
        "confidence": 0.9,
        **extra,
    }
    return json.dumps({"observations": [observation], "status": "PREPARED"})


@pytest.fixture
async def llm(llm_server: FakeOpenAI, settings: Settings) -> AsyncIterator[tuple[LLMClient, Settings]]:
    llm_settings = settings.model_copy(
        update={
            "llm_base_url": llm_server.base_url,
            "llm_timeout_s": 2.0,
            "llm_max_retries": 0,
            "impression_batch_size": 2,
        }
    )
    client = LLMClient.from_settings(llm_settings.llm)
    yield client, llm_settings
    await client.aclose()


async def test_one_llm_call_per_batch_and_every_active_entity_in_one_batch(
    service: MemoryService, llm_server: FakeOpenAI, llm: tuple[LLMClient, Settings]
) -> None:
    client, llm_settings = llm
    llm_server.default = {"content": plan_json()}
    stored = await store(service, "ana", "s1", SEVEN)
    report = await observe(service, "ana", stored, settings=llm_settings, llm=client)
    assert report.active_entities == 7 and report.batches == 4  # 3 x 2 + 1
    assert len(report.llm_calls) == 4 == len(llm_server.requests)
    shown = []
    for request in llm_server.requests:
        body = request["messages"][1]["content"]
        data = json.loads(body.split("\n", 1)[1].rsplit("\n\n", 1)[0])
        shown += [e["runtime_id"] for e in data["active_entities"]]
        assert not any(len(str(v)) >= 24 for e in data["active_entities"] for v in e.values() if isinstance(v, str))
    assert sorted(shown) == [f"e{i}" for i in range(1, 8)]
    assert report.aggregated == 1 and report.created_entities == 1  # four answers about Oliver: one entity


async def test_an_llm_answer_carrying_an_entity_id_is_rejected(
    service: MemoryService, llm_server: FakeOpenAI, llm: tuple[LLMClient, Settings]
) -> None:
    client, llm_settings = llm
    llm_server.default = {"content": plan_json(entity_uuid="6f1c2a40-6a8e-4d43-9a59-7b9b9b1d0c11")}
    report = await observe(service, "ana", await store(service, "ana", "s1", SEVEN), settings=llm_settings, llm=client)
    assert report.dropped == {"rejected_plan": 4} and report.created_entities == 0
    assert await cypher(service.db, "MATCH (e:Entity {user_id: 'ana'}) RETURN e") == []


async def test_a_failed_llm_call_raises_and_writes_nothing(
    service: MemoryService, llm_server: FakeOpenAI, llm: tuple[LLMClient, Settings], database: Database
) -> None:
    client, llm_settings = llm
    llm_server.default = {"content": "{not json"}
    stored = await store(service, "ana", "s1", SEVEN)
    before = await graph_counts(database, "ana")
    with pytest.raises(LLMError):
        await observe(service, "ana", stored, settings=llm_settings, llm=client)
    assert await graph_counts(database, "ana") == before
