"""Documents against the real Neo4j: an upload returns PROCESSING with its job, the parse job makes the chunk
tree, the DOCUMENT event and READY; unchanged and changed re-ingests, the index job (document entities, no
candidates, tags), files refused at upload that leave nothing behind, files refused by the parser that end FAILED
with the reason, and the CLI."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from graphsvc.errors import DocumentError, InvalidInputError
from graphsvc.service import MemoryService
from tests import sample_documents as samples
from tests.integration.graphql_client import GraphQLClient

GUIDE = """# Travel guide

I live in Lisbon and I work as a nurse at the city hospital.

## Packing

Bring a raincoat: Lisbon winters are wet.

## Trains

| line | from | to |
|---|---|---|
| Alfa | Lisbon | Porto |
"""
INGEST = """
mutation($input: IngestDocumentInput!) {
  ingestDocument(input: $input) { id status jobId error title format version changed chunkCount }
}"""
DOCUMENT = """
query($id: ID!) {
  document(userId: "ana", id: $id) {
    id status jobId error title format version history changed chunkCount eventId normalizedContent
    chunks { id kind headingPath level parentId content }
  }
}"""
JOB = 'query($id: ID!) { job(userId: "ana", id: $id) { status error kind } }'


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def rows(service: MemoryService, cypher: str, **params: Any) -> list[dict[str, Any]]:
    async with service.db.driver.session() as session:
        return [dict(r) async for r in await session.run(cypher, params)]


async def user_nodes(service: MemoryService, user: str) -> int:
    found = await rows(service, "MATCH (n) WHERE n.user_id = $u RETURN count(n) AS n", u=user)
    return int(found[0]["n"])


async def test_a_markdown_document_becomes_a_chunk_tree_with_its_event(
    service: MemoryService, gql: GraphQLClient
) -> None:
    body = await gql.execute(INGEST, {"input": {"userId": "ana", "filename": "guide.md", "text": GUIDE}})
    uploaded = body["data"]["ingestDocument"]
    assert (uploaded["status"], uploaded["format"], uploaded["version"], uploaded["changed"]) == (
        "PROCESSING",
        "markdown",
        0,
        True,
    )
    assert uploaded["jobId"] and uploaded["chunkCount"] == 0 and uploaded["error"] is None
    await service.wait_for_jobs()
    doc = (await gql.execute(DOCUMENT, {"id": uploaded["id"]}))["data"]["document"]
    assert (doc["status"], doc["title"], doc["format"], doc["version"]) == ("READY", "Travel guide", "markdown", 1)
    job = (await gql.execute(JOB, {"id": uploaded["jobId"]}))["data"]["job"]
    assert job == {"status": "SUCCEEDED", "error": None, "kind": "parse_document"}
    sections = {tuple(c["headingPath"]): c for c in doc["chunks"] if c["kind"] == "section"}
    assert set(sections) == {("Travel guide",), ("Travel guide", "Packing"), ("Travel guide", "Trains")}
    assert sections[("Travel guide", "Packing")]["parentId"] == sections[("Travel guide",)]["id"]
    passages = [c for c in doc["chunks"] if c["kind"] == "passage"]
    assert all(p["parentId"] == sections[tuple(p["headingPath"])]["id"] for p in passages)
    found = await rows(
        service,
        "MATCH (d:Document {uid: $d})-[:HAS_CHUNK]->(top:Chunk) WITH d, count(top) AS top "
        "MATCH (c:Chunk {document_uid: $d}) WITH d, top, c "
        "RETURN top, count(CASE WHEN c.kind = 'passage' AND c.embedding IS NOT NULL THEN 1 END) AS embedded, "
        "count(CASE WHEN c.kind = 'section' AND c.embedding IS NULL THEN 1 END) AS plain_sections",
        d=doc["id"],
    )
    assert found[0] == {"top": 1, "embedded": len(passages), "plain_sections": 3}
    event = await rows(
        service,
        "MATCH (d:Document {uid: $d})-[:FROM_EVENT]->(e:Event)<-[:HAS_VERSION]-(s:Source) "
        "RETURN e.uid AS uid, e.source_type AS type, e.title AS title, s.source_id AS source",
        d=doc["id"],
    )
    assert event == [{"uid": doc["eventId"], "type": "document", "title": "Travel guide", "source": "guide.md"}]
    assert not await rows(service, "MATCH (u:DocumentUpload) RETURN u.uid AS uid")  # its bytes went once ready
    indexed = await service.document(user_id="ana", document_id=doc["id"])
    assert indexed.indexed_at is not None and indexed.tags  # topic tags from the index job
    # Who and what it names are the document's (in its scope), not the user's entities.
    named = {e.name for e in await service.document_entities(user_id="ana", document_id=doc["id"])}
    assert "Lisbon" in named
    assert not {"Porto", "Alfa"} & named  # named in a table row only: no prose
    assert not await rows(service, "MATCH (n:Entity {user_id: 'ana'}) RETURN n.subject AS name")
    # A document is someone else's words: its sentences are no candidate statement of the user's.
    assert not [c for c in await service.candidates(user_id="ana") if "document" in c.source_types]


async def test_an_unchanged_document_changes_nothing_and_a_changed_one_is_a_new_version(service: MemoryService) -> None:
    first = await service.ingest_document(user_id="ana", filename="guide.md", text=GUIDE)
    await service.wait_for_jobs()
    first_version = await service.document(user_id="ana", document_id=first.document.uid)
    before = await user_nodes(service, "ana")
    stamps = await rows(service, "MATCH (d:Document {user_id: 'ana'}) RETURN d.updated_at AS at")
    labels = await rows(service, "MATCH (n) WHERE n.user_id = 'ana' RETURN labels(n) AS l, count(n) AS n ORDER BY n")
    again = await service.ingest_document(user_id="ana", filename="guide.md", text=GUIDE)
    assert not again.changed and again.document.version == 1
    assert await user_nodes(service, "ana") == before, (
        labels,
        await rows(service, "MATCH (n) WHERE n.user_id = 'ana' RETURN labels(n) AS l, count(n) AS n ORDER BY n"),
    )
    assert await rows(service, "MATCH (d:Document {user_id: 'ana'}) RETURN d.updated_at AS at") == stamps
    uploaded = await service.ingest_document(
        user_id="ana", filename="guide.md", text=GUIDE + "\n## Food\n\nTry the pastries.\n"
    )
    # until the new upload is parsed, the document keeps its first version (readable and recalled)
    assert uploaded.changed and uploaded.document.status == "processing" and uploaded.document.version == 1
    await service.wait_for_jobs()
    changed = await service.document(user_id="ana", document_id=first.document.uid)
    assert changed.status == "ready" and changed.version == 2 and changed.history == 1
    old_chunks = await rows(service, "MATCH (c:Chunk {document_uid: $d}) RETURN c.uid AS uid", d=first.document.uid)
    assert {c["uid"] for c in old_chunks}.isdisjoint({"x"}) and len(old_chunks) == changed.chunks
    history = await rows(
        service,
        "MATCH (d:Document {uid: $d})-[:PREVIOUS_VERSION]->(v:DocumentVersion) "
        "RETURN v.version AS version, v.normalized_content AS md",
        d=first.document.uid,
    )
    assert history == [{"version": 1, "md": first_version.normalized_content}]
    versions = await rows(service, "MATCH (s:Source {user_id: 'ana', source_type: 'document'}) RETURN s.versions AS n")
    assert versions == [{"n": 2}]
    assert "Try the pastries." in changed.normalized_content


async def test_pdf_and_docx_over_graphql_as_base64(service: MemoryService, gql: GraphQLClient) -> None:
    ids = []
    for filename, data, mime in (
        ("report.pdf", samples.pdf(2), "application/pdf"),
        ("guide.docx", samples.docx_file(2), None),
    ):
        body = await gql.execute(
            INGEST,
            {
                "input": {
                    "userId": "ana",
                    "filename": filename,
                    "mimeType": mime,
                    "contentBase64": base64.b64encode(data).decode(),
                }
            },
        )
        assert body.get("data"), body
        assert body["data"]["ingestDocument"]["status"] == "PROCESSING"
        ids.append(body["data"]["ingestDocument"]["id"])
    await service.wait_for_jobs()
    for document_id in ids:
        doc = (await gql.execute(DOCUMENT, {"id": document_id}))["data"]["document"]
        assert doc["status"] == "READY" and doc["chunkCount"] > 3 and "|" in doc["normalizedContent"], doc


async def test_a_file_that_is_not_its_declared_format_is_refused_at_upload_and_leaves_nothing(
    service: MemoryService, gql: GraphQLClient
) -> None:
    for filename, data, mime in (("wrong.pdf", samples.docx_file(1), "application/pdf"), ("empty.md", b"", None)):
        response = await gql.post(
            INGEST,
            {
                "input": {
                    "userId": "ana",
                    "filename": filename,
                    "mimeType": mime,
                    "contentBase64": base64.b64encode(data).decode(),
                }
            },
        )
        error = response.json()["errors"][0]
        assert error["extensions"]["code"] == "INVALID_DOCUMENT" and filename in error["message"], error
    assert await user_nodes(service, "ana") == 0


@pytest.mark.parametrize(
    ("filename", "data", "mime", "reason"),
    [
        ("bad.pdf", samples.corrupt_pdf(), "application/pdf", "is not a readable PDF"),
        ("bomb.docx", samples.docx_with_zip_bomb(8 * 1024 * 1024), None, "zip bomb"),
    ],
)
async def test_a_file_the_parser_refuses_ends_failed_with_the_reason(
    service: MemoryService, gql: GraphQLClient, filename: str, data: bytes, mime: str | None, reason: str
) -> None:
    body = await gql.execute(
        INGEST,
        {
            "input": {
                "userId": "ana",
                "filename": filename,
                "mimeType": mime,
                "contentBase64": base64.b64encode(data).decode(),
            }
        },
    )
    uploaded = body["data"]["ingestDocument"]
    assert uploaded["status"] == "PROCESSING"
    await service.wait_for_jobs()
    doc = (await gql.execute(DOCUMENT, {"id": uploaded["id"]}))["data"]["document"]
    assert doc["status"] == "FAILED" and reason in doc["error"] and filename in doc["error"], doc
    assert doc["chunks"] == [] and doc["eventId"] is None and doc["version"] == 0
    job = (await gql.execute(JOB, {"id": uploaded["jobId"]}))["data"]["job"]
    assert job["status"] == "FAILED" and reason in job["error"]  # given up at once: retrying cannot help
    assert not await rows(service, "MATCH (n:Event|Chunk {user_id: 'ana'}) RETURN n.uid AS uid")
    again = await service.ingest_document_bytes(user_id="ana", filename=filename, content=data, mime_type=mime)
    assert not again.changed and again.document.status == "failed"  # the same bytes again change nothing


async def test_content_must_be_one_of_base64_and_text(service: MemoryService) -> None:
    with pytest.raises(InvalidInputError, match="exactly one"):
        await service.ingest_document(user_id="ana", filename="a.md", text="x", content_base64="eA==")
    with pytest.raises(InvalidInputError, match="base64"):
        await service.ingest_document(user_id="ana", filename="a.md", content_base64="not base64!")
    assert await user_nodes(service, "ana") == 0


async def test_a_200_mb_file_is_refused_before_it_is_read(service: MemoryService, tmp_path: Path) -> None:
    huge = tmp_path / "huge.pdf"
    with huge.open("wb") as handle:  # sparse: 200 MB by size, nothing on disk
        handle.truncate(200 * 1024 * 1024)
    with pytest.raises(DocumentError, match="209,715,200 bytes, over the limit"):
        service.read_document_file(huge)


def test_the_cli_ingests_a_file_and_refuses_a_huge_one(tmp_path: Path) -> None:
    doc = tmp_path / "notes.md"
    doc.write_text(GUIDE, encoding="utf-8")
    cli = [sys.executable, "-m", "graphsvc.cli"]
    env = {**os.environ, "GRAPHSVC_DAILY_LEARNING": "0"}
    done = subprocess.run(
        [*cli, "ingest-doc", str(doc), "--user", "cli-user"], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "stored: document" in done.stdout and "'Travel guide'" in done.stdout and "indexed" in done.stdout
    again = subprocess.run(
        [*cli, "ingest-doc", str(doc), "--user", "cli-user", "--no-wait"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert again.returncode == 0 and again.stdout.startswith("unchanged:"), again.stderr
    huge = tmp_path / "huge.pdf"
    with huge.open("wb") as handle:
        handle.truncate(200 * 1024 * 1024)
    refused = subprocess.run(
        [*cli, "ingest-doc", str(huge), "--user", "cli-user"], capture_output=True, text=True, env=env, timeout=120
    )
    assert refused.returncode == 2 and "over the limit" in refused.stderr and "Traceback" not in refused.stderr
