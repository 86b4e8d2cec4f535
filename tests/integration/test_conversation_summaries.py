"""Conversation summaries in memoryContext (offline and inside the extraction's one LLM call), and low-confidence
conversation extractions as candidates, against the real Neo4j and the fake OpenAI endpoint."""

from __future__ import annotations

import json

import pytest

from graphsvc import keys
from graphsvc.conversation import MessageIn
from graphsvc.pipeline.extraction.run import SESSION_SUMMARIES
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at


@pytest.fixture(autouse=True)
def other_tasks_answered(llm_server: FakeOpenAI) -> None:
    llm_server.schema_defaults["ImpressionObservationPlan"] = {"content": json.dumps({"observations": []})}
    llm_server.schema_defaults["ReflectionOutput"] = {"content": "{}"}


async def talk(service: MemoryService, session: str, texts: list[str], *, day: int = 1, first: int = 0) -> None:
    await service.ingest_messages(
        user_id="ana",
        session_id=session,
        messages=[
            MessageIn(
                role="user", content=t, occurred_at=at(day, minute=first + i), message_id=f"{session}-{first + i}"
            )
            for i, t in enumerate(texts)
        ],
    )
    await service.end_conversation(user_id="ana", session_id=session)
    await service.wait_for_jobs()


async def summaries(service: MemoryService, session: str) -> list[str]:
    async with service.db.driver.session() as s:
        record = await (
            await s.run("MATCH (s:Session {uid: $uid}) RETURN s.summaries AS x", uid=keys.session_uid("ana", session))
        ).single()
    assert record is not None
    return list(record["x"] or [])


async def test_offline_summaries_reach_the_memory_context(service: MemoryService) -> None:
    await talk(service, "s1", ["Hello!", "I repaired the old blue bike in the garage yesterday evening."])
    await talk(service, "s2", ["我最近在学习拉大提琴，每天练习一个小时。"], day=2)
    assert await summaries(service, "s1") == ["user: I repaired the old blue bike in the garage yesterday evening."]
    context = await service.memory_context(user_id="ana", query="cello practice", max_tokens=800)
    part = context.text.split("Recent conversations:")[1].split("Recent events:")[0]
    assert part.index("(conversation s2) user: 我最近在学习拉大提琴") < part.index("(conversation s1)")  # newest first
    assert context.session_ids == ["s2", "s1"]
    assert "Hello!" not in part


async def test_a_session_keeps_the_summaries_of_its_last_runs(service: MemoryService) -> None:
    texts = [f"I planted {n} tomato seedlings in the garden bed today." for n in ("two", "four", "six", "eight")]
    for run, text in enumerate(texts):
        await talk(service, "s1", [text], first=run)
    kept = await summaries(service, "s1")
    assert len(kept) == SESSION_SUMMARIES and "four" in kept[0] and "eight" in kept[-1]


async def test_small_talk_leaves_no_summary(service: MemoryService) -> None:
    await talk(service, "s1", ["Hi!", "Thanks a lot."])
    assert await summaries(service, "s1") == []
    context = await service.memory_context(user_id="ana", query="anything", max_tokens=800)
    assert "Recent conversations:" not in context.text and context.session_ids == []


def fact(content: str, confidence: float, importance: float = 0.4) -> dict[str, object]:
    return {
        "memory_type": "fact",
        "content": content,
        "confidence": confidence,
        "importance": importance,
        "source_message_ids": ["m1"],
    }


async def test_llm_summary_and_low_confidence_candidates_in_the_one_extraction_call(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    answer = {
        "memories": [
            fact("Ana may work nights", 0.49),  # just below CANDIDATE_CONFIDENCE_BELOW (0.5): a candidate
            fact("Ana works as a nurse", 0.5),  # at it: a memory
            fact("Ana lives in Lisbon", 0.51),  # above: a memory
            fact("Ana may have moved hospitals", 0.3, importance=0.9),  # a candidate, promoted at once (importance)
        ],
        "summary": "Ana talked about her nursing job in Lisbon.",
    }
    llm_server.answer(content=json.dumps(answer))
    await llm_service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[MessageIn(role="user", content="I work as a nurse in Lisbon.", occurred_at=at(1), message_id="x1")],
    )
    job = await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    done = await llm_service.job(job_id=job.uid, user_ids=None)
    assert done.status == "SUCCEEDED" and done.llm_calls == 1  # one call: memories, observations, summary
    assert "summary" in llm_server.requests[0]["messages"][0]["content"]
    memories = {m.content for m in (await llm_service.memories(user_id="ana")).items}
    assert memories == {"Ana works as a nurse", "Ana lives in Lisbon", "Ana may have moved hospitals"}
    [open_one] = await llm_service.candidates(user_id="ana", status="open")
    assert open_one.content == "Ana may work nights" and open_one.origin == "conversation"
    assert open_one.sources == ["conversation:s1"] and open_one.days == ["2024-05-01"]
    [promoted] = await llm_service.candidates(user_id="ana", status="promoted")
    assert promoted.content == "Ana may have moved hospitals" and promoted.promotion_reason == "importance"
    assert await summaries(llm_service, "s1") == ["Ana talked about her nursing job in Lisbon."]
    context = await llm_service.memory_context(user_id="ana", query="job", max_tokens=800)
    assert "(conversation s1) Ana talked about her nursing job in Lisbon." in context.text


async def test_a_low_confidence_statement_of_a_second_day_is_promoted_by_reinforcement(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    for day, session in ((1, "s1"), (2, "s2")):
        llm_server.answer(content=json.dumps({"memories": [fact("Ana may work nights", 0.4)], "summary": ""}))
        await llm_service.ingest_messages(
            user_id="ana",
            session_id=session,
            messages=[MessageIn(role="user", content="Nights again.", occurred_at=at(day), message_id="x1")],
        )
        await llm_service.end_conversation(user_id="ana", session_id=session)
        await llm_service.wait_for_jobs()
        expected = [] if day == 1 else ["Ana may work nights"]
        assert [m.content for m in (await llm_service.memories(user_id="ana")).items] == expected
    [candidate] = await llm_service.candidates(user_id="ana")
    assert candidate.status == "promoted" and candidate.promotion_reason == "reinforced"
    assert candidate.days == ["2024-05-01", "2024-05-02"]
