"""Forgetting that is provable (issue 21): what is forgotten is in no stored string and in no answer.

The scenarios of the issue: a forgotten secret is absent from recall and memoryContext (its source message too,
unless keepSources), a forgotten note or document leaves no text, a corrected and then forgotten memory leaves
neither version, a conversation's summary is written again without what was forgotten, and a user with a
conversation, a note, a todo, a DOCX, a tag and a learning run is exported with every layer and erased to 0 nodes
with no string property anywhere still holding their text.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.pipeline.sources.events import SourceEventIn
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at
from tests.integration.erase_support import cli, snapshot, user_nodes
from tests.integration.forgetting_support import answers, docx_bytes, holders, undeclared
from tests.integration.graphql_client import GraphQLClient
from tests.integration.lifecycle_support import all_memories, converse, cypher, one

SECRET = "4411"
LOCKER = "My locker code at the gym is 4411."
QUERIES = ["What is my locker code?", "gym locker", "Where do I work?"]
BIKE = "I keep my bike lock code 4411 in mind."  # a sentence the offline extractor makes a memory of


@pytest.fixture
def no_observations(llm_server: FakeOpenAI) -> None:
    llm_server.schema_defaults["ImpressionObservationPlan"] = {"content": json.dumps({"observations": []})}
    llm_server.schema_defaults["ReflectionOutput"] = {"content": "{}"}


def fact(content: str, message: str) -> dict[str, object]:
    return {
        "memory_type": "fact",
        "content": content,
        "confidence": 0.9,
        "importance": 0.6,
        "source_message_ids": [message],
    }


async def test_a_forgotten_secret_is_in_no_answer_and_no_stored_string(
    llm_service: MemoryService, llm_server: FakeOpenAI, no_observations: None
) -> None:
    service = llm_service
    lines = [
        ("m1", "I work as a nurse at the city hospital.", at(1)),
        ("m2", LOCKER, at(1, minute=1)),
        ("m3", "Thanks, that is all for today.", at(1, minute=2)),
    ]
    said = {
        "memories": [
            fact("Ana works as a nurse at the city hospital", "m1"),
            fact("Ana's gym locker code is 4411", "m2"),
        ]
    }
    llm_server.answer(content=json.dumps({**said, "summary": "Ana is a nurse; her gym locker code is 4411."}))
    await converse(service, user_id="ana", session_id="s1", lines=lines)
    llm_server.answer(content=json.dumps({"memories": [fact("Bob's gym locker code is 4411", "m1")], "summary": ""}))
    await converse(service, user_id="bob", session_id="s1", lines=[("m2", LOCKER, at(1))], speaker="Bob")
    locker = one(await all_memories(service, "ana"), SECRET)
    assert SECRET in await answers(service, "ana", QUERIES)  # found before
    assert any(SECRET in s for s in await summaries(service, "ana"))

    result = await service.forget_memory(user_id="ana", memory_id=locker.uid, reason="a secret")

    assert (result.memories_forgotten, result.events_forgotten, result.summaries_rebuilt) == (1, 1, 1)
    assert SECRET not in await answers(service, "ana", QUERIES)
    assert await holders(service, [SECRET, "locker code"], ["ana"]) == []
    nurse = one(await all_memories(service, "ana"), "nurse")
    assert nurse.status == "active"  # the other memory of the conversation stays
    assert await summaries(service, "ana") == [
        "Ana: I work as a nurse at the city hospital."
    ]  # offline, from what is left
    tombstone = await cypher(
        service.db,
        "MATCH (e:Event {user_id: 'ana', source_id: 'm2'}) RETURN e.content AS c, e.embedding AS v, "
        "e.forgotten_at IS NOT NULL AS forgotten",
    )
    assert tombstone == [{"c": "", "v": None, "forgotten": True}]
    history = await service.memory_history(user_id="ana", memory_id=locker.uid)
    assert [(h.event, h.old_value, h.new_value) for h in history] == [("forgotten", None, None)]
    assert {h.prop for h in await holders(service, [SECRET], ["bob"])} >= {"content"}  # bob's are his
    # a client sending the conversation again stores nothing: the tombstone keeps the message id
    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[MessageIn(role="user", content=t, occurred_at=w, message_id=m, speaker="Ana") for m, t, w in lines],
    )
    assert await holders(service, [SECRET], ["ana"]) == []


async def summaries(service: MemoryService, user_id: str) -> list[str]:
    rows = await cypher(service.db, "MATCH (s:Session {user_id: $u}) RETURN s.summaries AS s", u=user_id)
    return [str(x) for r in rows for x in r["s"] or []]


async def test_keep_sources_forgets_the_memory_and_keeps_its_message(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", BIKE, at(1))])
    locker = one(await all_memories(service, "ana"), SECRET)

    result = await service.forget_memory(user_id="ana", memory_id=locker.uid, keep_sources=True)

    assert (result.memories_forgotten, result.events_forgotten) == (1, 0)
    gone = await service.memory(user_id="ana", memory_id=locker.uid)
    assert (gone.status, gone.content) == ("forgotten", "")
    assert {h.prop for h in await holders(service, [SECRET], ["ana"]) if "Event" in h.labels} >= {"content"}
    hits = await service.recall(user_id="ana", query="What is my bike lock code?")
    assert [h.kind for h in hits if SECRET in h.content] == ["event"]  # the message, never the memory


async def test_a_corrected_then_forgotten_memory_leaves_neither_version(service: MemoryService) -> None:
    await converse(
        service, user_id="ana", session_id="s1", lines=[("m1", "I keep my bike lock code 1234 in mind.", at(1))]
    )
    old = one(await all_memories(service, "ana"), "1234")
    new = await service.correct_memory(
        user_id="ana", memory_id=old.uid, content="Ana keeps her bike lock code 5678 in mind."
    )

    result = await service.forget_memory(user_id="ana", memory_id=new.uid)

    assert result.memories_forgotten == 2 and result.events_forgotten == 1
    assert await holders(service, ["1234", "5678"], ["ana"]) == []
    assert {m.status for m in await all_memories(service, "ana")} == {"forgotten"}


async def test_a_forgotten_note_leaves_no_text(service: MemoryService) -> None:
    note = "Remember that I keep the spare key under the blue flowerpot."
    events = [
        SourceEventIn("note", "n1", note, at(2), title="Spare key", tags=("house",)),
        SourceEventIn("note", "n1", note, at(3), title="Spare key", status="pinned"),  # a second version
        SourceEventIn("todo", "t1", "Buy running shoes", at(2), status="open"),
    ]
    for event in events:
        await service.ingest_events(user_id="ana", events=[event])
    await service.wait_for_jobs()
    assert await holders(service, ["flowerpot"], ["ana"])

    result = await service.forget_events(user_id="ana", source_type="note", source_ids=["n1"])

    assert (result.events, result.sources, result.tags) == (2, 1, 1)
    assert await holders(service, ["flowerpot", "spare key"], ["ana"]) == []
    assert "flowerpot" not in await answers(service, "ana", ["spare key", "flowerpot"])
    assert [h.value for h in await holders(service, ["running shoes"], ["ana"]) if h.prop == "content"]
    again = await service.forget_events(user_id="ana", source_type="note", source_ids=["n1"])
    assert again.nodes_deleted == 0


async def test_a_forgotten_document_leaves_no_text(service: MemoryService) -> None:
    text = "# Boat manual\n\n## Engine\n\nI keep the outboard engine in the Quillon boathouse.\n"
    first = await service.ingest_document(user_id="ana", filename="boat.md", text=text, source_id="boat")
    await service.wait_for_jobs()  # parsed and stored before the next version arrives (a waiting one is replaced)
    await service.ingest_document(
        user_id="ana", filename="boat.md", text=text + "\n## Anchor\n\nSand.\n", source_id="boat"
    )
    await service.wait_for_jobs()
    assert await holders(service, ["Quillon"], ["ana"])

    result = await service.forget_document(user_id="ana", document_id=first.document.uid)

    assert (result.documents, result.document_versions, result.sources) == (1, 1, 1)
    assert result.events == 2 and result.chunks >= 2
    assert await holders(service, ["Quillon", "boathouse", "outboard"], ["ana"]) == []
    left = await cypher(
        service.db,
        "MATCH (n {user_id: 'ana'}) WHERE n:Document OR n:Chunk OR n:DocumentVersion OR n:Source OR n:Event "
        "RETURN count(n) AS n",
    )
    assert left[0]["n"] == 0
    assert (await service.forget_document(user_id="ana", document_id=first.document.uid)).nodes_deleted == 0


async def test_a_user_of_every_layer_is_exported_and_erased_to_nothing_holding_their_text(
    service: MemoryService,
) -> None:
    marks = ["Zorvik", "Quenta", "Vostrel", "Maplith", "Druskel"]  # one made-up word in each item of text
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", f"I live in {marks[0]}.", at(1))])
    await service.ingest_events(
        user_id="ana",
        events=[
            SourceEventIn(
                "note", "n1", f"I keep the spare key under the {marks[1]} flowerpot.", at(2), tags=("house",)
            ),
            SourceEventIn("todo", "t1", f"Buy {marks[2]} running shoes", at(2), status="open"),
        ],
    )
    manual = docx_bytes(f"{marks[3]} manual", "I keep the outboard engine in the boathouse.")
    await service.ingest_document_bytes(user_id="ana", filename="boat.docx", content=manual, source_id="boat")
    await service.wait_for_jobs()
    memory = next(m for m in await all_memories(service, "ana") if marks[0] in m.content)
    await service.tag_memory(user_id="ana", memory_id=memory.uid, tag=f"{marks[4]} home")
    await service.run_daily_learning(user_id="ana")
    await service.wait_for_jobs()
    await converse(service, user_id="bob", session_id="s1", lines=[("b1", "I live in Porto.", at(1))])
    bob = await snapshot(service, ["bob"])
    exported = {
        label for line in [x async for x in service.export_user(user_id="ana")] for label in line.get("labels", [])
    }
    layers = {"Session", "Event", "Memory", "Document", "Chunk", "Source", "MemoryCandidate", "Tag", "LearningRun"}
    assert layers <= exported, sorted(layers - exported)
    assert {h.needle for h in await holders(service, marks)} == set(marks)

    erased = await service.erase_user(user_id="ana", confirm="ana")

    assert erased.complete and await user_nodes(service, "ana") == 0
    assert await holders(service, [*marks, "flowerpot", "boathouse", "running shoes"]) == []  # any node or edge
    assert await snapshot(service, ["bob"]) == bob


async def test_what_the_catalog_does_not_declare_holds_no_user_text(service: MemoryService) -> None:
    await converse(
        service, user_id="ana", session_id="s1", lines=[("m1", "I live in Zorvik and I love Quenta tea.", at(1))]
    )
    await service.ingest_events(
        user_id="ana", events=[SourceEventIn("note", "n1", "I love Quenta tea with Zorvik honey.", datetime.now(UTC))]
    )
    await service.wait_for_jobs()
    found = await holders(service, ["Zorvik", "Quenta"], ["ana"])
    assert found and undeclared(found) == []


GQL_FORGET_EVENTS = """
mutation($u: String!, $ids: [String!]!) {
  forgetEvents(userId: $u, sourceType: TODO, sourceIds: $ids) { events sources candidates memoriesDeleted nodesDeleted }
}"""
GQL_FORGET_MEMORY = """
mutation($u: String!, $m: ID!) { forgetMemory(userId: $u, memoryId: $m, keepSources: true) { memoriesForgotten
  eventsForgotten } }"""


async def test_forgetting_through_graphql_and_the_cli(service: MemoryService) -> None:
    gql = GraphQLClient(service)
    try:
        todo = SourceEventIn("todo", "t1", "Buy the Vostrel running shoes", at(2), status="open")
        await service.ingest_events(user_id="ana", events=[todo, SourceEventIn("todo", "t2", "Call mum", at(2))])
        await service.ingest_events(user_id="ana", events=[SourceEventIn("todo", "t1", todo.content, at(3))])
        await service.wait_for_jobs()  # two sources of one statement: its candidate became a memory
        assert [m.content for m in await all_memories(service, "ana") if "Vostrel" in m.content]

        body = await gql.execute(GQL_FORGET_EVENTS, {"u": "ana", "ids": ["t1"]})

        assert "errors" not in body, body
        forgot = body["data"]["forgetEvents"]
        assert (forgot["events"], forgot["sources"], forgot["candidates"], forgot["memoriesDeleted"]) == (2, 1, 1, 1)
        assert await holders(service, ["Vostrel"], ["ana"]) == []
        await converse(service, user_id="ana", session_id="s1", lines=[("m1", BIKE, at(4))])
        memory = one(await all_memories(service, "ana"), SECRET)
        body = await gql.execute(GQL_FORGET_MEMORY, {"u": "ana", "m": memory.uid})
        assert body["data"]["forgetMemory"] == {"memoriesForgotten": 1, "eventsForgotten": 0}
    finally:
        await gql.aclose()
    manual = await service.ingest_document(user_id="ana", filename="boat.md", text="# Boat\n\nThe Quillon engine.\n")
    await service.wait_for_jobs()
    out = await cli("forget-doc", manual.document.uid, "--user", "ana")
    assert f"forgot document {manual.document.uid}" in out and await holders(service, ["Quillon"], ["ana"]) == []
    assert "no document" in await cli("forget-doc", manual.document.uid, "--user", "ana")
