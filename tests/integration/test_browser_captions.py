"""Neo4j Browser: every node the service writes carries a short caption (``name``), and every saved query of
the guide runs on a real user's graph and finds something.

The graph is the dashboard test's user (three conversations ingested, ended, extracted and reflected on over
GraphQL), plus what the other writers add: a pending observation resolved, two entities merged, a memory
corrected, one forgotten and one archived, an API key, a named lease. Every label any ``CREATE``/``MERGE`` in
``cypher/queries`` writes must be among the labels found, so a new label written without a caption fails here.
One test: building the graph is the cost.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx

from graphsvc.graph.leases import NamedLease
from graphsvc.service import MemoryService
from tests.integration.browser import serve
from tests.integration.conftest import at
from tests.integration.lifecycle_support import converse
from tests.integration.test_dashboard_e2e import USER, build_user, graphql
from tests.unit.test_neo4j_browser_files import favorites

REPO = Path(__file__).resolve().parents[2]
NEO4J_DOCS = REPO / "docs" / "neo4j"
WRITTEN_LABEL = re.compile(r"\b(?:CREATE|MERGE)\s*\(\w*:(\w+)")
PENDING = "query($u: String!) { pendingObservations(userId: $u) { id subject } }"
RESOLVE = """mutation($u: String!, $id: ID!) {
  resolvePendingObservation(userId: $u, id: $id, createNew: true) { entity { id } } }"""
ENTITY_ID = "query($u: String!, $n: String!) { entity(userId: $u, subjectOrAlias: $n) { id } }"
MERGE = "mutation($k: ID!, $d: ID!, $u: String!) { mergeEntities(keepId: $k, dropId: $d, userId: $u) { subject } }"


TRANSIENT = {"Erasure", "DocumentUpload"}
"""Labels whose nodes live only while an operation runs (an erasure deletes its progress node at the end; an
upload's bytes go once its document is parsed)."""


def written_labels() -> set[str]:
    """Every node label a named query creates or merges (the transient ones left out)."""
    found: set[str] = set()
    for path in (REPO / "cypher" / "queries").glob("*.cypher"):
        found |= set(WRITTEN_LABEL.findall(path.read_text(encoding="utf-8")))
    return found - TRANSIENT


async def rows(service: MemoryService, cypher: str, **params: Any) -> list[dict[str, Any]]:
    async with service.db.driver.session(database=service.db.database) as session:
        result = await session.run(cypher, params)
        return [dict(r) async for r in result]


GUIDE_PARAMS = {"userId": USER, "entity": "Ana", "sessionId": "s1"}
MEMORY_IDS = "query($u: String!) { memories(userId: $u, limit: 3) { items { id } } }"
LIFECYCLE = """mutation($u: String!, $a: ID!, $b: ID!, $c: ID!) {
  correctMemory(userId: $u, memoryId: $a, content: "Ana: I live in Porto now.") { id }
  forgetMemory(userId: $u, memoryId: $b, reason: "asked to") { memoriesForgotten }
  archiveMemory(userId: $u, memoryId: $c) { id }
}"""
INGEST_EVENTS = "mutation($i: IngestEventsInput!) { ingestEvents(input: $i) { stored } }"
INGEST_DOCUMENT = "mutation($i: IngestDocumentInput!) { ingestDocument(input: $i) { id } }"
LEARN = "mutation($u: String!) { runDailyLearning(userId: $u) { status } }"


async def other_sources(client: httpx.AsyncClient, service: MemoryService) -> None:
    """A todo (a source, its event, a candidate), a document in two versions (chunks, tags, its entities, one of
    them named by Ana too), a learning run."""
    todo = {
        "sourceType": "TODO",
        "sourceId": "t1",
        "content": "Learn to play the cello",
        "occurredAt": at(7).isoformat(),
    }
    await graphql(client, INGEST_EVENTS, i={"userId": USER, "events": [todo]})
    for text in ("# Notes\n\n## Porto\n\nClara lives in Porto.\n", "# Notes\n\n## Porto\n\nClara moved to Braga.\n"):
        await graphql(client, INGEST_DOCUMENT, i={"userId": USER, "filename": "notes.md", "text": text})
        await service.wait_for_jobs()  # each upload parsed before the next (a newer upload replaces a waiting one)
    # the document's Clara is the document's until Ana names her (then Ana's entity links to it)
    await converse(
        service, user_id=USER, session_id="s-clara", lines=[("c1", "My neighbour Clara moved to Braga.", at(8))]
    )
    await graphql(client, LEARN, u=USER)


async def build_every_label(service: MemoryService) -> None:
    async with serve(service) as url, httpx.AsyncClient(base_url=url, timeout=60) as client:
        await build_user(client, service)
        for name, query in favorites().items():  # before the review queue is emptied below
            found = await rows(service, query, **GUIDE_PARAMS)
            assert found, f"{name} finds nothing for {GUIDE_PARAMS}"
            assert await rows(service, query, **{**GUIDE_PARAMS, "userId": "someone-else"}) == [], name
        await other_sources(client, service)
        pending = (await graphql(client, PENDING, u=USER))["pendingObservations"]
        assert pending, "the conversation leaves a pending observation to resolve"
        await graphql(client, RESOLVE, u=USER, id=pending[0]["id"])
        ids = [(await graphql(client, ENTITY_ID, u=USER, n=n))["entity"]["id"] for n in ("Oliver", "Clara")]
        await graphql(client, MERGE, k=ids[0], d=ids[1], u=USER)
        a, b, c = [m["id"] for m in (await graphql(client, MEMORY_IDS, u=USER))["memories"]["items"]]
        await graphql(client, LIFECYCLE, u=USER, a=a, b=b, c=c)  # supersession, retraction, archive write too
    await service.create_api_key(user_id=USER)
    await service.create_group(group_id="group:captions", created_by=USER)  # Group, and USER's Membership
    await service.create_agent(agent_id="agent:captions", owner_id=USER)
    lease = NamedLease(service.db, key="caption-test", owner="test", ttl_s=5, clock=service.rt.clock)
    assert await lease.acquire()


async def test_every_label_the_service_writes_has_a_caption_and_the_guide_finds_things(
    service: MemoryService,
) -> None:
    await build_every_label(service)
    found = await rows(
        service,
        "MATCH (n) WHERE NOT n:GraphsvcTestMarker UNWIND labels(n) AS label "
        "RETURN label, count(n) AS nodes, count(CASE WHEN trim(coalesce(n.name, '')) = '' THEN 1 END) AS bare, "
        "max(size(n.name)) AS longest",
    )
    by_label = {r["label"]: r for r in found}
    missing = written_labels() - set(by_label)
    assert missing == set(), f"the test graph lacks these written labels, so their captions go unchecked: {missing}"
    bare = {label: r["bare"] for label, r in by_label.items() if r["bare"]}
    assert bare == {}, f"nodes without a caption (name): {bare}"
    assert max(r["longest"] for r in found) <= 80  # captions are short; contents stay in their own properties
    await captions_say_what_the_node_is(service)
    await manual_backfill_gives_the_same_captions(service)


def manual_backfill() -> list[str]:
    """The manual's statements that caption nodes written without a caption (docs/how-to/neo4j-browser.md)."""
    page = (REPO / "docs" / "how-to" / "neo4j-browser.md").read_text(encoding="utf-8")
    block = re.search(r"to add them once:\n\n```cypher\n(.*?)```", page, re.S)
    assert block is not None
    return [statement.strip() for statement in block.group(1).split(";") if statement.strip()]


async def manual_backfill_gives_the_same_captions(service: MemoryService) -> None:
    labels = "n:Entity OR n:Memory OR n:Trait OR n:Impression OR n:Event OR n:HistoryEntry"
    query = f"MATCH (n) WHERE n.user_id = $u AND ({labels}) RETURN n.uid AS uid, n.name AS name ORDER BY uid"
    before = await rows(service, query, u=USER)
    await rows(service, f"MATCH (n) WHERE n.user_id = $u AND ({labels}) REMOVE n.name", u=USER)
    for statement in manual_backfill():
        await rows(service, statement)
    assert await rows(service, query, u=USER) == before


async def captions_say_what_the_node_is(service: MemoryService) -> None:
    names = await rows(
        service,
        "MATCH (n) WHERE n.user_id = $u AND (n:Entity OR n:Memory OR n:Event OR n:Trait OR n:HistoryEntry) "
        "RETURN labels(n)[0] AS label, n.name AS name, n.subject AS subject, n.content AS content, "
        "n.speaker AS speaker, n.role AS role, n.event AS event, n.title AS title, n.source_type AS source_type, "
        "n.status AS status, n.forgotten_at IS NOT NULL AS forgotten",
        u=USER,
    )
    for r in names:
        if r["label"] == "Entity":
            assert r["name"] == r["subject"]
        elif r["label"] == "Memory" and r["status"] == "forgotten":
            assert r["name"] == "forgotten"  # the caption keeps none of the forgotten text
        elif r["label"] in ("Memory", "Trait"):
            assert r["name"] == r["content"][:60]
        elif r["label"] == "Event" and r["forgotten"]:  # a message forgetMemory redacted: a tombstone
            assert (r["name"], r["content"]) == (f"{r['speaker'] or r['role'] or r['source_type']}: (forgotten)", "")
        elif r["label"] == "Event" and r["role"]:  # a conversation message
            assert r["name"] == f"{r['speaker'] or r['role']}: {r['content'][:48]}"
        elif r["label"] == "Event":  # a record of another source
            assert r["name"] == f"{(r['title'] or r['source_type'])[:24]}: {r['content'][:48]}"
        else:
            assert r["name"] == r["event"]
    long_event = [r for r in names if r["label"] == "Event" and len(r["content"]) > 48]
    assert long_event and all(len(r["name"]) == len(r["speaker"]) + 2 + 48 for r in long_event)
    assert {"Entity", "Memory", "Event", "Trait", "HistoryEntry"} <= {r["label"] for r in names}
    assert sum(r["label"] == "Memory" and r["status"] == "forgotten" for r in names) == 1
    assert any(r["label"] == "Event" and r["forgotten"] for r in names)  # its source message, redacted
