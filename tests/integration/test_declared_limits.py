"""Every declared limit is reachable: ``ingestMessages`` of ``MAX_MESSAGES_PER_REQUEST`` messages and an upload of
a large PDF return within the request deadline (the deadline middleware would answer DEADLINE_EXCEEDED), because
neither waits for the embedder or the parser; the messages' backlog shows in ``/metrics`` and ``/ready`` until the
``embed_events`` job has given every one its vector, after which each is found by vector search."""

from __future__ import annotations

import base64
import re
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from graphsvc.api.app import build_app
from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.service import MemoryService
from tests import sample_documents as samples
from tests.integration.conftest import at, make_service
from tests.integration.graphql_client import INGEST

TOPICS = ("sailing", "pottery", "chess", "gardening", "astronomy", "cycling", "baking", "violin")


def sentence(i: int) -> str:
    """A distinct message of about 120 characters."""
    topic = TOPICS[i % len(TOPICS)]
    note = i * 7919 % 10007
    return f"Message {i}: on day {i // 20} I spent the evening on {topic}, and note number {note} went well."


def metric(text: str, name: str) -> float:
    found = re.search(rf"^{name} (\S+)$", text, re.MULTILINE)
    assert found, f"{name} not in /metrics"
    return float(found.group(1))


@pytest.fixture
async def idle(settings: Settings, database: Database, embedder: LocalEmbedder) -> AsyncIterator[MemoryService]:
    """A service whose job worker is not started yet (the backlog stays until the test starts it)."""
    service = make_service(settings, database, embedder)
    yield service
    await service.worker.stop()


async def client(service: MemoryService) -> httpx.AsyncClient:
    app = build_app(service.settings, service=service)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1", timeout=120)


@pytest.mark.timeout(900)  # embedding 500 messages on a busy two-core machine: minutes (not what is tested)
async def test_ingest_of_the_documented_maximum_returns_and_is_vector_searchable_after_its_job(
    idle: MemoryService,
) -> None:
    limit = idle.settings.limits.max_messages_per_request
    assert limit == 500  # the documented maximum (docs: reference/limits)
    messages: list[dict[str, Any]] = [
        {"role": "user" if i % 2 else "assistant", "content": sentence(i), "occurredAt": at(1).isoformat()}
        for i in range(limit)
    ]
    variables = {"input": {"userId": "max", "sessionId": "s-max", "messages": messages}}
    async with await client(idle) as http:
        response = await http.post("/graphql", json={"query": INGEST, "variables": variables})
        body = response.json()
        assert response.status_code == 200 and "errors" not in body, body  # no DEADLINE_EXCEEDED
        assert body["data"]["ingestMessages"]["stored"] == limit
        text = (await http.get("/metrics")).text
        assert metric(text, "graphsvc_vector_backlog_events") == limit
        ready = (await http.get("/ready")).json()
        assert ready["checks"]["vectors"]["detail"].startswith(f"{limit} events waiting for their vector")
        assert ready["checks"]["vectors"]["counts"] == {"events": limit, "documents": 0}
        await idle.worker.start()
        await idle.wait_for_jobs()
        assert metric((await http.get("/metrics")).text, "graphsvc_vector_backlog_events") == 0
        ready = (await http.get("/ready")).json()
        assert ready["checks"]["vectors"] == {
            "status": "ok",
            "detail": "0 events waiting for their vector (oldest 0 s), 0 documents processing (oldest 0 s)",
            "counts": {"events": 0, "documents": 0},
        }
    async with idle.db.driver.session(database=idle.db.database) as session:
        result = await session.run(
            "MATCH (e:Event {user_id: 'max'}) RETURN e.uid AS uid, e.content AS content, e.embedding AS embedding"
        )
        events = {str(r["content"]): (str(r["uid"]), r["embedding"]) async for r in result}
        assert len(events) == limit and all(embedding is not None for _, embedding in events.values())
        for i in (0, 251, limit - 1):  # each is in the vector index: its own vector finds it first
            uid, embedding = events[sentence(i)]
            nearest = await session.run(
                "CALL db.index.vector.queryNodes('event_embedding', 1, $embedding) YIELD node RETURN node.uid AS uid",
                embedding=list(embedding),
            )
            assert [r["uid"] async for r in nearest] == [uid]


async def test_a_group_conversation_of_the_documented_maximum_with_speaker_ids_returns_within_the_deadline(
    idle: MemoryService,
) -> None:
    """In a group's conversation each member's messages are also filed in their own space: at the maximum, with
    four members taking turns, the request still returns (no DEADLINE_EXCEEDED) with every message stored once in
    the group and once in its speaker's space."""
    limit = idle.settings.limits.max_messages_per_request
    members = ("gm-ana", "gm-ben", "gm-cleo", "gm-dev")
    await idle.create_group(group_id="group:max", created_by=members[0])
    for member in members[1:]:
        await idle.add_group_member(group_id="group:max", user_id=member)
    messages: list[dict[str, Any]] = [
        {
            "role": "user",
            "speaker": members[i % 4].removeprefix("gm-").title(),
            "speakerId": members[i % 4],
            "content": sentence(i),
            "occurredAt": at(1).isoformat(),
            "messageId": f"m{i}",
        }
        for i in range(limit)
    ]
    variables = {"input": {"userId": "group:max", "sessionId": "s-max", "messages": messages}}
    async with await client(idle) as http:
        response = await http.post("/graphql", json={"query": INGEST, "variables": variables})
        body = response.json()
        assert response.status_code == 200 and "errors" not in body, body
        assert body["data"]["ingestMessages"]["stored"] == limit
    async with idle.db.driver.session(database=idle.db.database) as session:
        result = await session.run(
            "MATCH (e:Event) WHERE e.user_id IN $spaces RETURN e.user_id AS space, count(e) AS n",
            spaces=["group:max", *members],
        )
        counts = {str(r["space"]): int(r["n"]) async for r in result}
    assert counts == {"group:max": limit, **{m: limit // 4 for m in members}}


async def test_a_five_megabyte_pdf_upload_returns_processing_within_the_deadline(idle: MemoryService) -> None:
    data = samples.pdf_of_size(5 * 1024 * 1024)
    assert len(data) >= 5 * 1024 * 1024
    query = """mutation($input: IngestDocumentInput!) { ingestDocument(input: $input) { id status jobId error } }"""
    upload = {"userId": "max", "filename": "brochure.pdf", "contentBase64": base64.b64encode(data).decode()}
    async with await client(idle) as http:
        response = await http.post("/graphql", json={"query": query, "variables": {"input": upload}})
        body = response.json()
        assert response.status_code == 200 and "errors" not in body, body  # no DEADLINE_EXCEEDED
        document = body["data"]["ingestDocument"]
        assert document["status"] == "PROCESSING" and document["jobId"] and document["error"] is None
        assert metric((await http.get("/metrics")).text, "graphsvc_documents_processing") == 1
