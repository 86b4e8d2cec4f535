"""The MCP server through the official SDK's own client: over streamable HTTP at /mcp of the running service
(same auth as GraphQL), and over stdio (``graphsvc mcp --user U`` as a subprocess)."""

from __future__ import annotations

import base64
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, TextResourceContents

from graphsvc.api.app import build_app
from graphsvc.api.mcp_tools import DESTRUCTIVE_TOOLS, TOOLS
from graphsvc.config import Settings
from graphsvc.rulebook import book
from graphsvc.service import MemoryService
from tests.integration.auth_support import api_key_settings
from tests.integration.live_server import live_server

REPO = Path(__file__).resolve().parents[2]
FACT = "I live in Lisbon and I work as a nurse at the children's hospital."


@asynccontextmanager
async def mcp_http(url: str, key: str | None) -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    async with (
        httpx2.AsyncClient(headers=headers) as http,
        Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client,
    ):
        yield client


@pytest.fixture
async def served(service: MemoryService, settings: Settings) -> AsyncIterator[str]:
    async with live_server(build_app(api_key_settings(settings), service=service)) as url:
        yield url


def structured(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return dict(result.structured_content)


def tool_error(result: CallToolResult) -> dict[str, Any]:
    assert result.is_error and result.structured_content is not None, result
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.startswith(f"{result.structured_content['code']}: ")
    return dict(result.structured_content)


async def test_tools_are_listed_with_model_facing_descriptions(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with mcp_http(served, key) as client:
        listed = (await client.list_tools()).tools
    by_name = {t.name: t for t in listed}
    assert set(by_name) == set(TOOLS) and {"remember", "correct_memory", "forget_memory"} <= set(by_name)
    for tool in listed:
        assert tool.description and len(tool.description) > 80, tool.name
        assert "user_id" not in tool.input_schema.get("required", []), tool.name
        assert "description" in tool.input_schema["properties"]["user_id"]
    assert by_name["recall"].annotations is not None and by_name["recall"].annotations.read_only_hint
    assert by_name["add_messages"].annotations is not None and not by_name["add_messages"].annotations.read_only_hint
    for name, tool in by_name.items():
        assert tool.annotations is not None and tool.annotations.destructive_hint == (name in DESTRUCTIVE_TOOLS)
    assert DESTRUCTIVE_TOOLS == {"forget_memory"}
    assert by_name["remember"].input_schema["required"] == ["content"]  # type inferred, source user by default
    for tool in listed:  # docstrings dedented: no indentation reaches the model
        assert tool.description is not None and tool.description == tool.description.strip(), tool.name
        assert all(not line.startswith(" ") for line in tool.description.splitlines()), tool.name
    for name in ("memory_history", "list_entities", "extraction_trace"):
        annotations = by_name[name].annotations
        assert annotations is not None and annotations.read_only_hint, name
    assert {"filename", "text", "content_base64"} <= set(by_name["ingest_document"].input_schema["properties"])


async def test_add_end_recall_and_list_with_a_user_key_over_http(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with mcp_http(served, key) as client:
        message = {"role": "user", "content": FACT, "message_id": "m1", "occurred_at": "2024-05-01T09:00:00Z"}
        stored = structured(await client.call_tool("add_messages", {"session_id": "s1", "messages": [message]}))
        assert stored == {"stored": 1, "duplicates": 0, "message_ids": ["m1"]}
        job = structured(await client.call_tool("end_conversation", {"session_id": "s1"}))
        assert job["status"] == "PENDING"
        await service.wait_for_jobs()
        hits = structured(await client.call_tool("recall", {"query": "Where does the user live?"}))["hits"]
        assert any("Lisbon" in h["content"] and h["source_message_ids"] == ["m1"] for h in hits), hits
        memories = structured(await client.call_tool("list_memories", {}))["memories"]
        assert memories and all(m["source_message_ids"] == ["m1"] for m in memories)
        block = structured(await client.call_tool("memory_context", {"query": "work", "max_tokens": 400}))
        assert "nurse" in block["text"] and block["tokens"] <= 400 and "lines" not in block
        explained = structured(
            await client.call_tool("memory_context", {"query": "work", "max_tokens": 400, "explain": True})
        )
        assert explained["text"] == block["text"]
        [nurse] = [line for line in explained["lines"] if line["section"] == "recalled" and "nurse" in line["text"]]
        assert nurse["included"] and nurse["rank"] >= 1
        assert nurse["explanation"]["final_score"] == pytest.approx(nurse["score"], abs=1e-4)
        turns = [{"role": "assistant", "content": "How is work?"}, {"role": "user", "content": "Busy at the hospital."}]
        by_turns = structured(await client.call_tool("memory_context", {"conversation": turns, "max_tokens": 400}))
        assert "nurse" in by_turns["text"]
        assert structured(await client.call_tool("user_traits", {})) == {"traits": []}
    assert [j.status for j in await service.jobs(user_id="ana", status="SUCCEEDED")]


async def test_recall_explains_each_hit_when_asked(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with mcp_http(served, key) as client:
        message = {"role": "user", "content": FACT, "message_id": "m1", "occurred_at": "2024-05-01T09:00:00Z"}
        await client.call_tool("add_messages", {"session_id": "s1", "messages": [message]})
        await client.call_tool("end_conversation", {"session_id": "s1"})
        await service.wait_for_jobs()
        plain = structured(await client.call_tool("recall", {"query": "Where does the user live?"}))["hits"]
        assert plain and all("explanation" not in h for h in plain)
        asked = {"query": "Where does the user live?", "explain": True}
        hits = structured(await client.call_tool("recall", asked))["hits"]
    assert hits
    for hit in hits:
        explanation = hit["explanation"]
        assert [c["channel"] for c in explanation["channels"]] == ["vector", "full_text", "graph"]
        assert explanation["fused_score"] == pytest.approx(sum(c["contribution"] for c in explanation["channels"]))
        assert "k = " in explanation["fusion"]
        score = explanation["fused_score"]
        for step in explanation["adjustments"]:
            assert step["score_before"] == pytest.approx(score) and step["rule"] and step["detail"]
            score = step["score_after"]
        assert explanation["final_score"] == pytest.approx(score) == pytest.approx(hit["score"], abs=1e-4)


async def test_entity_tools(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    miso = await service.upsert_entity(
        user_id="ana", subject="Miso", kind="thing", aliases=["the cat"], impressions=["Ana's cat, adopted in May"]
    )
    async with mcp_http(served, key) as client:
        found = structured(await client.call_tool("get_entity", {"name": "the cat"}))["entity"]
        assert (found["id"], found["subject"]) == (miso.uid, "Miso") and "the cat" in found["aliases"], found
        assert found["impressions"] == ["Ana's cat, adopted in May"]
        renamed = structured(await client.call_tool("add_alias", {"entity_id": miso.uid, "alias": "Misi"}))
        assert set(renamed["entity"]["aliases"]) == {*found["aliases"], "Misi"}
        assert structured(await client.call_tool("get_entity", {"name": "Rex"})) == {"entity": None}


async def test_remember_correct_and_forget_with_a_user_key(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with mcp_http(served, key) as client:
        said = {"content": "Ana: I live in Lisbon.", "type": "fact", "source": "user"}
        lisbon = structured(await client.call_tool("remember", said))["memory"]
        assert (lisbon["status"], lisbon["type"], lisbon["content"]) == ("active", "fact", "Ana: I live in Lisbon.")
        again = structured(await client.call_tool("remember", said))["memory"]
        assert again["id"] == lisbon["id"]  # a repeat reinforces, no duplicate
        fixed = structured(
            await client.call_tool("correct_memory", {"memory_id": lisbon["id"], "content": "Ana: I live in Porto."})
        )
        assert fixed["replaces"] == lisbon["id"] and fixed["memory"]["status"] == "active"
        listed = structured(await client.call_tool("list_memories", {}))["memories"]
        assert [m["content"] for m in listed] == ["Ana: I live in Porto."]  # the old version is not current
        guess = {"content": "Ana likes jazz.", "type": "preference", "source": "agent", "importance": 0.3}
        jazz = structured(await client.call_tool("remember", guess))["memory"]
        gone = structured(await client.call_tool("forget_memory", {"memory_id": jazz["id"], "reason": "asked to"}))
        assert gone == {"forgotten": jazz["id"], "changed": {"memories_forgotten": 1}}
        bad = tool_error(await client.call_tool("remember", {**said, "source": "user", "content": " "}))
        assert bad["code"] == "INVALID_INPUT"
        other = tool_error(await client.call_tool("forget_memory", {"memory_id": jazz["id"], "user_id": "bob"}))
        assert other["code"] == "FORBIDDEN"
    old = await service.memory(user_id="ana", memory_id=lisbon["id"])
    assert old.status == "superseded" and old.superseded_by == fixed["memory"]["id"]
    history = await service.memory_history(user_id="ana", memory_id=jazz["id"])
    assert [(h.event, h.actor, h.new_value) for h in history] == [("forgotten", "agent", None)]  # a tombstone
    corrected = await service.memory_history(user_id="ana", memory_id=lisbon["id"])
    assert any(h.actor == "agent" for h in corrected if h.event != "created")


async def test_errors_are_tool_errors_with_the_graphql_codes_and_suggestions(
    service: MemoryService, served: str
) -> None:
    _, ana = await service.create_api_key(user_id="ana")
    _, admin = await service.create_api_key(admin=True)
    async with mcp_http(served, ana) as client:
        forbidden = tool_error(await client.call_tool("recall", {"query": "x", "user_id": "bob"}))
        assert forbidden == {
            "code": "FORBIDDEN",
            "message": "not allowed to access user 'bob'",
            "suggestion": "authenticate as that user",
        }
        invalid = tool_error(await client.call_tool("recall", {"query": " "}))
        assert invalid["code"] == "INVALID_INPUT"
        neither = tool_error(await client.call_tool("recall", {"conversation": []}))
        assert neither["code"] == "INVALID_INPUT" and "conversation" in str(neither["suggestion"])
        missing = tool_error(await client.call_tool("add_alias", {"entity_id": "nope", "alias": "x"}))
        assert missing["code"] == "NOT_FOUND" and missing["suggestion"]
        ended = tool_error(await client.call_tool("end_conversation", {"session_id": "never"}))
        assert ended["code"] == "NOT_FOUND"
    async with mcp_http(served, admin) as client:
        unnamed = tool_error(await client.call_tool("recall", {"query": "x"}))
        assert unnamed["code"] == "INVALID_INPUT" and "user_id" in unnamed["message"]
        assert structured(await client.call_tool("recall", {"query": "x", "user_id": "bob"})) == {"hits": []}


async def test_mcp_needs_a_key_like_graphql(service: MemoryService, served: str) -> None:
    async with httpx.AsyncClient(base_url=served) as http:
        request = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
        for headers in ({}, {"Authorization": "Bearer gsk_0123456789abcdef_" + "q" * 43}):
            response = await http.post("/mcp", json=request, headers=headers)
            assert response.status_code == 401
            assert response.json()["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_profile_resource_is_scoped(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with mcp_http(served, key) as client:
        templates = (await client.list_resource_templates()).resource_templates
        assert [t.uri_template for t in templates] == ["graphsvc://users/{user_id}/profile"]
        own = (await client.read_resource("graphsvc://users/ana/profile")).contents[0]
        assert isinstance(own, TextResourceContents) and own.text.startswith("# Profile of ana")
        with pytest.raises(MCPError, match="FORBIDDEN: not allowed to access user 'bob'"):
            await client.read_resource("graphsvc://users/bob/profile")


async def test_stdio_server_bound_to_one_user(service: MemoryService) -> None:
    """``graphsvc mcp --user ana`` started by the SDK's stdio client, on the test database."""
    passed = ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE", "GRAPHSVC_DATA_DIR")
    env = {k: os.environ[k] for k in passed if k in os.environ} | {"ENVIRONMENT": "test", "JOB_POLL_INTERVAL_S": "0.1"}
    command = str(Path(sys.executable).with_name("graphsvc"))
    params = StdioServerParameters(command=command, args=["mcp", "--user", "ana"], env=env, cwd=str(REPO))
    async with Client(params, read_timeout_seconds=60) as client:
        assert {t.name for t in (await client.list_tools()).tools} == set(TOOLS)
        message = {"role": "user", "content": FACT, "message_id": "m1"}
        stored = structured(await client.call_tool("add_messages", {"session_id": "s1", "messages": [message]}))
        assert stored["stored"] == 1
        hits = structured(await client.call_tool("recall", {"query": "nurse in Lisbon"}))["hits"]
        assert hits and hits[0]["content"].endswith(FACT) and hits[0]["source_message_ids"] == ["m1"]
        job = structured(await client.call_tool("end_conversation", {"session_id": "s1"}))
        assert job["status"] == "PENDING"
        forbidden = tool_error(await client.call_tool("recall", {"query": "x", "user_id": "bob"}))
        assert forbidden["code"] == "FORBIDDEN"
    assert [e.content for e in await service.recall(user_id="ana", query="nurse", limit=1)]


async def test_without_auth_mcp_answers_loopback_hosts_only(service: MemoryService, settings: Settings) -> None:
    """AUTH_MODE=none (loopback only): the app's DNS-rebinding guard refuses a foreign Host header on /mcp."""
    async with live_server(build_app(settings, service=service)) as url:
        async with mcp_http(url, None) as client:
            assert structured(await client.call_tool("recall", {"query": "x", "user_id": "ana"})) == {"hits": []}
            unnamed = tool_error(await client.call_tool("recall", {"query": "x"}))
            assert unnamed["code"] == "INVALID_INPUT"
        async with httpx.AsyncClient(base_url=url) as http:
            request = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
            headers = {"Host": "evil.example", "Accept": "application/json, text/event-stream"}
            response = await http.post("/mcp", json=request, headers=headers)
            assert response.status_code in (403, 421), response.text


async def test_remember_infers_the_type_and_takes_the_user_as_source(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with mcp_http(served, key) as client:
        plain = structured(await client.call_tool("remember", {"content": "Ana: I live in Lisbon."}))["memory"]
        liked = structured(await client.call_tool("remember", {"content": "Ana: I really love jazz."}))["memory"]
        goal = structured(await client.call_tool("remember", {"content": "Ana: I want to learn Japanese."}))
        given = {"content": "Ana: I drink oat milk.", "type": "fact", "source": "agent"}
        told = structured(await client.call_tool("remember", given))["memory"]
        trip = structured(await client.call_tool("remember", {"content": "Ana: I went to Paris last week."}))
    assert (plain["type"], liked["type"], goal["memory"]["type"], told["type"]) == (
        "fact",
        "preference",
        "goal",
        "fact",
    )
    event = trip["memory"]
    assert event["type"] == "event" and event["occurred_at"] is not None  # the time it names
    assert datetime.fromisoformat(event["occurred_at"]) < datetime.fromisoformat(plain["valid_from"])
    origins = {m: (await service.memory(user_id="ana", memory_id=m)).origin for m in (plain["id"], told["id"])}
    assert origins == {plain["id"]: "user", told["id"]: "agent"}


async def test_arguments_the_schema_refuses_are_structured_errors_without_the_values(
    service: MemoryService, served: str
) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with mcp_http(served, key) as client:
        wrong = {"content": "Ana: I live in Lisbon.", "type": "secret-kind-42", "importance": 7}
        refused = tool_error(await client.call_tool("remember", wrong))
        missing = tool_error(await client.call_tool("add_messages", {"messages": [{"role": "user"}]}))
        unknown = tool_error(await client.call_tool("no_such_tool", {}))
    assert refused["code"] == "INVALID_INPUT" and refused["message"].startswith("arguments of remember: ")
    assert "type:" in refused["message"] and "importance:" in refused["message"]
    assert "secret-kind-42" not in refused["message"] and "input_value" not in refused["message"]
    assert refused["suggestion"] == (
        "call remember with the arguments its inputSchema (tools/list) describes; required: content"
    )
    assert missing["code"] == "INVALID_INPUT"
    assert "session_id: Field required" in missing["message"] and "messages.0.content" in missing["message"]
    assert unknown["code"] == "NOT_FOUND" and "recall" in str(unknown["suggestion"])


async def test_list_entities_and_memory_history(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    miso = await service.upsert_entity(user_id="ana", subject="Miso", kind="thing", aliases=["the cat"], impressions=[])
    await service.upsert_entity(user_id="ana", subject="Lea", kind="person", aliases=["my sister"], impressions=[])
    async with mcp_http(served, key) as client:
        listed = structured(await client.call_tool("list_entities", {}))
        found = structured(await client.call_tool("list_entities", {"search": "cat"}))["entities"]
        first = structured(await client.call_tool("list_entities", {"limit": 1}))
        second = structured(await client.call_tool("list_entities", {"limit": 1, "after": first["next_cursor"]}))
        home = structured(await client.call_tool("remember", {"content": "Ana: I live in Lisbon."}))["memory"]
        fixed = {"memory_id": home["id"], "content": "Ana: I live in Porto."}
        structured(await client.call_tool("correct_memory", fixed))
        history = structured(await client.call_tool("memory_history", {"memory_id": home["id"]}))
        gone = tool_error(await client.call_tool("memory_history", {"memory_id": "nope"}))
    assert {(e["subject"], e["kind"]) for e in listed["entities"]} == {("Miso", "thing"), ("Lea", "person")}
    assert found[0]["id"] == miso.uid and "the cat" in found[0]["aliases"]
    assert [e["subject"] for e in first["entities"] + second["entities"]] == ["Lea", "Miso"]
    assert history["memory_id"] == home["id"]
    events = [(h["event"], h["actor"]) for h in history["history"]]
    assert events == [("created", "user"), ("corrected", "agent")]
    assert history["provenance"] == {"made_by": "person", "rule": None, "steps": [], "traits": []}
    assert history["history"][0]["new_value"] == "Ana: I live in Lisbon."
    assert gone["code"] == "NOT_FOUND"


async def test_ingest_document_as_text_and_as_bytes(service: MemoryService, served: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    notes = "# Trip to Kyoto\n\n## Hotels\n\nThe ryokan near Gion takes cash only.\n"
    async with mcp_http(served, key) as client:
        stored = structured(await client.call_tool("ingest_document", {"filename": "kyoto.md", "text": notes}))
        await service.wait_for_jobs()  # the upload is parsed, chunked and embedded in the background
        again = structured(await client.call_tool("ingest_document", {"filename": "kyoto.md", "text": notes}))
        raw = base64.b64encode(b"name,city\nLea,Porto\n").decode()
        table = structured(await client.call_tool("ingest_document", {"filename": "people.csv", "content_base64": raw}))
        neither = tool_error(await client.call_tool("ingest_document", {"filename": "empty.md"}))
        await service.wait_for_jobs()
        hits = structured(await client.call_tool("recall", {"query": "Which ryokan takes cash?"}))["hits"]
    document = stored["document"]
    assert (document["filename"], document["changed"]) == ("kyoto.md", True)
    parsed = next(d for d in await service.documents(user_id="ana") if d.filename == "kyoto.md")
    assert (parsed.title, parsed.version) == ("Trip to Kyoto", 1)
    assert again["document"]["id"] == document["id"] and again["document"]["changed"] is False
    assert table["document"]["format"] and table["document"]["changed"] is True
    assert neither["code"] == "INVALID_INPUT"
    assert any("cash only" in h["content"] for h in hits), hits
    assert [d.filename for d in await service.documents(user_id="ana")] == ["people.csv", "kyoto.md"]


async def test_extraction_trace_says_why_a_sentence_was_not_remembered(service: MemoryService, served: str) -> None:
    _, ana = await service.create_api_key(user_id="ana")
    _, bob = await service.create_api_key(user_id="bob")
    _, admin = await service.create_api_key(admin=True)
    said = [
        {
            "role": "user",
            "speaker": "Ana",
            "message_id": "m1",
            "content": "I'm allergic to shellfish. How are you today?",
        },
        {"role": "assistant", "message_id": "m2", "content": "Noted, thanks for telling me."},
    ]
    async with mcp_http(served, ana) as client:
        structured(await client.call_tool("add_messages", {"session_id": "s1", "messages": said}))
        before = structured(await client.call_tool("extraction_trace", {"session_id": "s1"}))
        structured(await client.call_tool("end_conversation", {"session_id": "s1"}))
        await service.wait_for_jobs()
        traced = structured(await client.call_tool("extraction_trace", {"session_id": "s1"}))
        one = structured(await client.call_tool("extraction_trace", {"session_id": "s1", "message_id": "m2"}))
        other = tool_error(await client.call_tool("extraction_trace", {"session_id": "s1", "user_id": "bob"}))
        memories = structured(await client.call_tool("list_memories", {}))["memories"]
    async with mcp_http(served, bob) as client:
        bobs = structured(await client.call_tool("extraction_trace", {"session_id": "s1"}))
    async with mcp_http(served, admin) as client:
        named = structured(await client.call_tool("extraction_trace", {"session_id": "s1", "user_id": "ana"}))
        unnamed = tool_error(await client.call_tool("extraction_trace", {"session_id": "s1"}))

    assert before == {"session_id": "s1", "messages": []}  # not extracted yet
    first, reply = traced["messages"]
    assert (first["message_id"], first["extractor"], reply["message_id"]) == ("m1", "rules", "m2")
    kept, refused = first["decisions"]
    assert (kept["outcome"], kept["sentence"]) == ("created", "I'm allergic to shellfish.")
    assert kept["memory_id"] in {m["id"] for m in memories}
    assert (refused["outcome"], refused["sentence"]) == ("refused", "How are you today?")
    assert "memory_id" not in refused and refused["rule_id"] in book.by_id()
    assert book.by_id()[refused["rule_id"]].description in refused["reason"]
    assert reply["decisions"] == [] and "never a source" in reply["not_remembered"]
    assert [m["message_id"] for m in one["messages"]] == ["m2"]
    assert named == traced
    assert other["code"] == "FORBIDDEN" and bobs == {"session_id": "s1", "messages": []}
    assert unnamed["code"] == "INVALID_INPUT"
