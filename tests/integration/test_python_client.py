"""The Python client of ``clients/python`` against the real service over HTTP (uvicorn, API keys on)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from graphsvc_client import AsyncGraphsvc, Graphsvc, GraphsvcError, Message, Turn
from graphsvc_client.generated.aio import RememberInput
from graphsvc_client.generated.sync import GraphQLClientGraphQLMultiError

from graphsvc.api.app import build_app
from graphsvc.config import Settings
from graphsvc.pipeline.sources.events import SourceEventIn
from graphsvc.service import MemoryService
from tests.integration.auth_support import api_key_settings
from tests.integration.live_server import live_server

FACT = "I live in Lisbon and I work as a nurse."


@pytest.fixture
async def url(service: MemoryService, settings: Settings) -> AsyncIterator[str]:
    async with live_server(build_app(api_key_settings(settings, rate_limit="6/minute"), service=service)) as base:
        yield base


async def test_async_client_round_trip(service: MemoryService, url: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with AsyncGraphsvc(url, key, user_id="ana") as memory:
        when = datetime(2024, 5, 1, 9, tzinfo=UTC)
        stored = await memory.add_messages(
            "s1", [Message(role="user", content=FACT, message_id="m1", occurred_at=when)]
        )
        assert (stored.stored, stored.message_ids) == (1, ["m1"])
        job = await memory.end_conversation("s1")
        assert job.status == "PENDING" and job.user_id == "ana"
        await service.wait_for_jobs()
        assert (await memory.job(job.id)).status == "SUCCEEDED"
        hits = await memory.recall("Where does she live?", limit=3, explain=True)
        assert hits and "Lisbon" in hits[0].content and hits[0].source_message_ids == ["m1"]
        why = hits[0].explanation
        assert why is not None and why.final_score == hits[0].score
        assert why.fused_score == pytest.approx(sum(c.contribution for c in why.channels))
        block = await memory.memory_context("work", max_tokens=300)
        assert "nurse" in block.text and (block.memory_ids or block.impression_ids or block.event_ids)
        with pytest.raises(GraphsvcError) as forbidden:
            await memory.recall("x", user_id="bob")
        assert forbidden.value.code == "FORBIDDEN" and forbidden.value.suggestion
        with pytest.raises(GraphsvcError) as limited:  # the 7th request of this key in a minute
            await memory.recall("x")
        assert limited.value.code == "RATE_LIMITED" and limited.value.retry_after_s


async def test_sync_client_and_errors(service: MemoryService, url: str) -> None:
    _, key = await service.create_api_key(user_id="ana")

    def work() -> None:
        with Graphsvc(url, key, user_id="ana") as memory:
            assert memory.add_messages("s1", [Message(role="user", content=FACT)]).stored == 1
            assert [(h.content, h.explanation) for h in memory.recall("nurse")] == [(FACT, None)]
            turns = [Turn(role="assistant", content="How is work?"), Turn(role="user", content="Busy at the hospital.")]
            assert [h.content for h in memory.recall(conversation=turns)] == [FACT]
            with pytest.raises(GraphsvcError) as neither:
                memory.memory_context(max_tokens=300)
            assert neither.value.code == "INVALID_INPUT"
            with pytest.raises(GraphsvcError) as missing:
                memory.end_conversation("never-started")
            assert missing.value.code == "NOT_FOUND"
            with pytest.raises(ValueError, match="no user"):
                Graphsvc(url, key).recall("x")
        with Graphsvc(url, "gsk_0123456789abcdef_" + "w" * 43, user_id="ana") as wrong:
            with pytest.raises(GraphsvcError) as denied:
                wrong.recall("x")
            assert denied.value.code == "UNAUTHENTICATED"

    await asyncio.to_thread(work)


async def test_remember_correct_and_forget_memories(service: MemoryService, url: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with AsyncGraphsvc(url, key, user_id="ana") as memory:
        lisbon = await memory.remember("Ana: I live in Lisbon.", importance=0.8)
        assert (lisbon.status, lisbon.type, lisbon.origin, lisbon.importance) == ("ACTIVE", "FACT", "USER", 0.8)
        assert lisbon.slot == "lives_in" and lisbon.valid_from is not None and lisbon.valid_to is None
        porto = await memory.correct_memory(lisbon.id, "Ana: I live in Porto.")
        assert porto.status == "ACTIVE" and porto.id != lisbon.id
        guess = await memory.remember("Ana likes jazz.", memory_type="PREFERENCE", source="AGENT")
        assert guess.origin == "AGENT"
        forgotten = await memory.forget_memory(guess.id, reason="a wrong guess")
        assert (forgotten.memories_forgotten, forgotten.complete) == (1, True)
        with pytest.raises(GraphsvcError) as other:
            await memory.forget_memory(lisbon.id, user_id="bob")
        assert other.value.code == "FORBIDDEN"
    old = await service.memory(user_id="ana", memory_id=lisbon.id)
    assert old.status == "superseded" and old.superseded_by == porto.id

    def sync_remember() -> str:
        with Graphsvc(url, key, user_id="ana") as memory:
            return memory.remember("Ana: I live in Porto.").id

    assert await asyncio.to_thread(sync_remember) == porto.id  # a repeat reinforces the current memory


async def test_the_extraction_trace_says_what_was_kept_and_what_refused(service: MemoryService, url: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with AsyncGraphsvc(url, key, user_id="ana") as memory:
        when = datetime(2024, 5, 1, 9, tzinfo=UTC)
        said = "I'm allergic to shellfish. How are you today?"
        await memory.add_messages("s1", [Message(role="user", content=said, message_id="m1", occurred_at=when)])
        await memory.end_conversation("s1")
        await service.wait_for_jobs()
        (trace,) = await memory.extraction_trace("s1", "m1")
        kept, refused = trace.decisions
        assert (trace.message_id, trace.extractor, trace.from_person) == ("m1", "RULES", True)
        assert kept.outcome == "CREATED" and kept.memory_id and kept.rule_id == "en.keep.allergy"
        assert (refused.outcome, refused.rule_id, refused.memory_id) == ("REFUSED", "en.refuse.question", None)
        why = await memory.memory_provenance(kept.memory_id)
        assert (why.memory.id, why.made_by, why.rule and why.rule.id) == (kept.memory_id, "RULEBOOK", "en.keep.allergy")
        assert [(s.message_id, s.decisions[0].outcome) for s in why.steps] == [("m1", "CREATED")]

    def sync_trace() -> list[str]:
        with Graphsvc(url, key, user_id="ana") as memory:
            return [d.outcome for t in memory.extraction_trace("s1") for d in t.decisions]

    assert await asyncio.to_thread(sync_trace) == ["CREATED", "REFUSED"]


async def test_belief_changes_by_recorded_or_happened_time(service: MemoryService, url: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    async with AsyncGraphsvc(url, key, user_id="ana") as memory:
        when = datetime(2024, 5, 1, 9, tzinfo=UTC)
        said = "I'm allergic to shellfish."
        await memory.add_messages("s1", [Message(role="user", content=said, message_id="m1", occurred_at=when)])
        await memory.end_conversation("s1")
        await service.wait_for_jobs()
        # imported today, said on 1 May 2024: recorded now, happened then
        recorded = await memory.belief_changes()
        [created] = recorded.nodes
        assert (created.change, created.happened_at) == ("created", when) and created.at > when
        since, until = datetime(2024, 5, 1, tzinfo=UTC), datetime(2024, 5, 2, tzinfo=UTC)
        assert (await memory.belief_changes(since=since, until=until)).nodes == []
        happened = await memory.belief_changes(since=since, until=until, by="HAPPENED")
        assert [c.target_id for c in happened.nodes] == [created.target_id]


async def test_forget_records_and_documents(service: MemoryService, url: str) -> None:
    _, key = await service.create_api_key(user_id="ana")
    when = datetime(2024, 5, 1, 9, tzinfo=UTC)
    await service.ingest_events(
        user_id="ana", events=[SourceEventIn("note", "n1", "I keep the spare key under the blue flowerpot.", when)]
    )
    manual = await service.ingest_document(user_id="ana", filename="boat.md", text="# Boat\n\nThe engine needs oil.\n")
    await service.wait_for_jobs()
    async with AsyncGraphsvc(url, key, user_id="ana") as memory:
        note = await memory.forget_events("NOTE", ["n1"])
        assert (note.events, note.sources) == (1, 1)
        document = await memory.forget_document(manual.document.uid)
        assert (document.documents, document.events, document.sources) == (1, 1, 1) and document.chunks >= 1
        assert (await memory.forget_document(manual.document.uid)).nodes_deleted == 0  # gone already

    def sync_forget() -> int:
        with Graphsvc(url, key, user_id="ana") as memory:
            return memory.forget_events("TODO", ["never-there"]).nodes_deleted

    assert await asyncio.to_thread(sync_forget) == 0


async def test_the_generated_api_runs_queries_and_mutations_sync_and_async(service: MemoryService, url: str) -> None:
    """``client.api`` (ariadne-codegen, every operation of the schema) over the client's key and connection."""
    _, key = await service.create_api_key(user_id="ana")
    async with AsyncGraphsvc(url, key, user_id="ana") as memory:
        wanted = RememberInput.model_validate(
            {"userId": "ana", "content": "Ana: I live in Porto.", "type": "FACT", "source": "USER"}
        )
        created = (await memory.api.remember(wanted)).remember
        assert created.content == "Ana: I live in Porto." and created.type_ == "FACT"
        page = (await memory.api.memories(user_id="ana")).memories
        assert created.id in [m.id for m in page.items]
        history = (await memory.api.memory_history(user_id="ana", memory_id=created.id)).memory_history
        assert history and history[0].target_id == created.id

    def sync_calls() -> tuple[str, str | None]:
        with Graphsvc(url, key, user_id="ana") as same:
            read = same.api.memory(user_id="ana", memory_id=created.id).memory
            try:
                same.api.memory_history(user_id="bea", memory_id=created.id)
            except GraphQLClientGraphQLMultiError as exc:
                return read.content, str((exc.errors[0].extensions or {}).get("code"))
            return read.content, None

    assert await asyncio.to_thread(sync_calls) == ("Ana: I live in Porto.", "FORBIDDEN")


@pytest.fixture
async def open_url(service: MemoryService, settings: Settings) -> AsyncIterator[str]:
    """The service with API keys on and the default rate limit (the spaces test sends many requests per key)."""
    async with live_server(build_app(api_key_settings(settings), service=service)) as base:
        yield base


async def test_groups_and_agents_and_recall_across_spaces(service: MemoryService, open_url: str) -> None:
    _, ana_key = await service.create_api_key(user_id="ana")
    _, bob_key = await service.create_api_key(user_id="bob")
    standup = "Our standup is at 9:30 every weekday."
    lesson = "To book a meeting room use the calendar API, not email."
    async with AsyncGraphsvc(open_url, ana_key, user_id="ana") as ana:
        made = await ana.create_group("group:team", name="The team")
        assert (made.id, made.name, made.members, made.created_by) == ("group:team", "The team", ["ana"], "ana")
        assert (await ana.add_group_member("group:team", "bob")).members == ["ana", "bob"]
        await ana.remember(standup, user_id="group:team")
        assert [g.id for g in await ana.groups()] == ["group:team"]
        agent = await ana.create_agent("agent:booking", name="Room booker")
        assert (agent.id, agent.name, agent.owner_id) == ("agent:booking", "Room booker", "ana")
        assert [a.id for a in await ana.agents()] == ["agent:booking"]
        await ana.remember(lesson, user_id="agent:booking", source="AGENT")
        mine = await ana.recall("how do I book a meeting room", agent_id="agent:booking")
        assert {h.content: (h.space, h.space_kind) for h in mine}[lesson] == ("agent:booking", "AGENT")
        assert lesson not in {h.content for h in await ana.recall("how do I book a meeting room")}
        block = await ana.memory_context("when is the standup", include_groups=True)
        assert "Shared in group:team:" in block.text and standup in block.text
        with pytest.raises(GraphsvcError) as bad:
            await ana.create_group("team")
        assert bad.value.code == "INVALID_INPUT" and bad.value.suggestion and "group:" in bad.value.suggestion

    def as_bob() -> None:
        with Graphsvc(open_url, bob_key, user_id="bob") as bob:
            hits = bob.recall("when is the standup", include_groups=True)
            assert [(h.content, h.space, h.space_kind) for h in hits] == [(standup, "group:team", "GROUP")]
            assert bob.recall("when is the standup") == []
            assert bob.group("group:team").members == ["ana", "bob"]
            with pytest.raises(GraphsvcError) as other:
                bob.recall("book a room", agent_id="agent:booking")
            assert other.value.code == "FORBIDDEN"
            assert bob.remove_group_member("group:team", "bob").members == ["ana"]
            with pytest.raises(GraphsvcError) as gone:  # felt at the next request
                bob.group("group:team")
            assert gone.value.code == "FORBIDDEN"
            assert bob.recall("when is the standup", include_groups=True) == []
            assert bob.groups() == []

    await asyncio.to_thread(as_bob)
