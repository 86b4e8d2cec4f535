"""Recall and memoryContext over document passages, and recall's tag filter, against the real Neo4j."""

from __future__ import annotations

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.errors import InvalidInputError
from graphsvc.pipeline.recall.tag_filter import MAX_TAG_CHARS, MAX_TAGS
from graphsvc.pipeline.sources.events import SourceEventIn
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient

MANUAL = """# Boat manual

## Engine

The outboard engine needs two-stroke oil mixed at fifty to one before every trip.

## Anchoring

Drop the anchor in sand, never on seagrass meadows.
"""

RECALL = """
query($u: String!, $q: String!, $tags: [String!]) {
  recall(userId: $u, query: $q, limit: 5, tags: $tags) { id kind content documentId headingPath title }
}"""


def event(source_id: str, content: str, tags: tuple[str, ...], day: int = 1) -> SourceEventIn:
    return SourceEventIn(
        source_type="note", source_id=source_id, content=content, occurred_at=at(day), tags=tags, title=None
    )


async def test_recall_returns_a_passage_with_its_document_and_heading_path(service: MemoryService) -> None:
    doc = await service.ingest_document(user_id="ana", filename="boat.md", text=MANUAL)
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    gql = GraphQLClient(service)
    try:
        body = await gql.execute(RECALL, {"u": "ana", "q": "how much two-stroke oil for the outboard engine?"})
    finally:
        await gql.aclose()
    hits = body["data"]["recall"]
    chunks = [h for h in hits if h["kind"] == "chunk"]
    assert chunks, hits
    best = chunks[0]
    assert "two-stroke oil" in best["content"]
    assert best["documentId"] == doc.document.uid
    assert best["headingPath"] == ["Boat manual", "Engine"]
    assert best["title"] == "Boat manual"
    # another tenant never sees the passage
    assert await service.recall(user_id="bob", query="two-stroke oil outboard engine", limit=5) == []


async def test_a_changed_document_is_recalled_from_its_new_chunks_only(service: MemoryService) -> None:
    await service.ingest_document(user_id="ana", filename="boat.md", text=MANUAL, source_id="boat")
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    changed = MANUAL.replace("two-stroke oil mixed at fifty to one", "four-stroke oil changed every season")
    await service.ingest_document(user_id="ana", filename="boat.md", text=changed, source_id="boat")
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    hits = await service.recall(user_id="ana", query="outboard engine oil", limit=10)
    texts = " ".join(h.content for h in hits if h.kind == "chunk")
    assert "four-stroke" in texts and "two-stroke" not in texts


async def test_memory_context_brings_a_small_passage_with_its_section(service: MemoryService) -> None:
    long_section = "# Garden\n\n## Tomatoes\n\nWater tomatoes at dawn.\n\n" + (
        "Tomatoes like full sun and rich soil with plenty of compost worked in before planting. " * 3
    )
    await service.ingest_document(user_id="ana", filename="garden.md", text=long_section)
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    context = await service.memory_context(user_id="ana", query="when should I water tomatoes", max_tokens=800)
    assert context.chunk_ids
    assert "from Garden > Tomatoes:" in context.text
    # the section's text (both paragraphs) is quoted for the small passage
    assert "Water tomatoes at dawn." in context.text and "full sun and rich soil" in context.text


async def test_memory_context_lists_recent_events_of_every_source(service: MemoryService) -> None:
    # 40 messages about the bike, then a todo: the todo is the latest event, and not recalled for "bike"
    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[
            MessageIn(
                role="user",
                content=f"I repaired the bike, part {i} today.",
                occurred_at=at(1, minute=i),
                message_id=f"m{i}",
            )
            for i in range(40)
        ],
    )
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    await service.ingest_events(
        user_id="ana",
        events=[
            SourceEventIn(
                source_type="todo", source_id="t1", title="Dentist", content="Book the dentist", occurred_at=at(2)
            )
        ],
    )
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    context = await service.memory_context(user_id="ana", query="bike", max_tokens=4_000)
    relevant, recent = context.text.split("Recent events:")
    assert "Book the dentist" not in relevant
    lines = [line for line in recent.splitlines() if line.startswith("- [")]
    assert lines[-1].endswith("(todo) Dentist: Book the dentist")  # oldest first: the todo is the newest
    assert all(context.text.count(f"part {i} today.") <= 1 for i in range(40))  # a recalled message is not repeated


async def test_recall_with_tags_keeps_only_tagged_items(service: MemoryService) -> None:
    await service.ingest_events(
        user_id="ana",
        events=[
            event("n1", "Sailing lesson on Saturday at the marina", ("sailing",)),
            event("n2", "Sailing club dues are due on Monday", ("money",)),
            event("n3", "Buy a new sailing jacket", ("Sailing",)),
        ],
    )
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    await service.ingest_events(user_id="bob", events=[event("n1", "Sailing trip with friends", ("sailing",))])
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    everything = await service.recall(user_id="ana", query="sailing", limit=10)
    assert {h.content for h in everything} >= {
        "Sailing lesson on Saturday at the marina",
        "Sailing club dues are due on Monday",
    }
    tagged = await service.recall(user_id="ana", query="sailing", limit=10, tags=["  SAILING "])
    assert {h.content for h in tagged} == {"Sailing lesson on Saturday at the marina", "Buy a new sailing jacket"}
    both = await service.recall(user_id="ana", query="sailing", limit=10, tags=["sailing", "money"])
    assert len(both) == 3
    assert await service.recall(user_id="ana", query="sailing", limit=10, tags=["unknown-tag"]) == []
    # an empty list is no filter
    assert len(await service.recall(user_id="ana", query="sailing", limit=10, tags=[])) == len(everything)


async def test_recall_tag_filter_reaches_passages_through_their_document(service: MemoryService) -> None:
    doc = await service.ingest_document(user_id="ana", filename="boat.md", text=MANUAL)
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    await service.ingest_events(user_id="ana", events=[event("n1", "Engine oil bought", ("errands",))])
    await service.wait_for_jobs()  # parsing and embedding run in background jobs
    async with service.db.driver.session() as s:
        await (
            await s.run(
                "MATCH (d:Document {uid: $d}) MERGE (t:Tag {uid: 'tag-boat', user_id: 'ana'}) "
                "SET t.name = 'boat', t.normalized = 'boat' MERGE (d)-[:TAGGED {origin: 'user'}]->(t)",
                d=doc.document.uid,
            )
        ).consume()
    hits = await service.recall(user_id="ana", query="engine oil", limit=10, tags=["boat"])
    assert hits and all(h.kind == "chunk" and h.document_id == doc.document.uid for h in hits)
    # bob has no tag of that name: nothing, even for the same query
    assert await service.recall(user_id="bob", query="engine oil", limit=10, tags=["boat"]) == []


@pytest.mark.parametrize(
    ("tags", "problem"),
    [
        (["x"] * (MAX_TAGS + 1), f"at most {MAX_TAGS} tags"),
        (["a" * (MAX_TAG_CHARS + 1)], f"at most {MAX_TAG_CHARS} characters"),
        (["  ", "ok"], "blank"),
    ],
)
async def test_bad_tag_filters_are_refused(service: MemoryService, tags: list[str], problem: str) -> None:
    with pytest.raises(InvalidInputError, match=problem):
        await service.recall(user_id="ana", query="anything", limit=5, tags=tags)


async def test_the_largest_tag_filter_is_accepted(service: MemoryService) -> None:
    tags = [f"t{i}" for i in range(MAX_TAGS - 1)] + ["a" * MAX_TAG_CHARS]
    assert await service.recall(user_id="ana", query="anything", limit=5, tags=tags) == []
