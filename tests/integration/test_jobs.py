"""Durable jobs: the LLM path through the fake endpoint, failure with reason, retry, restart."""

from __future__ import annotations

import json

import pytest

from graphsvc import keys
from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService
from graphsvc.text.importance import score_importance
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at

ANSWER = {
    "memories": [
        {
            "memory_type": "fact",
            "content": "Ana works as a nurse",
            "confidence": 0.9,
            "importance": 0.7,
            "source_message_ids": ["m1"],
        },
    ],
    "entities": [{"name": "Ana", "aliases": [], "kind": "person", "source_message_ids": ["m1"]}],
}


@pytest.fixture(autouse=True)
def other_tasks_answered(llm_server: FakeOpenAI) -> None:
    """These tests script memory extraction; the entity planner and the reflector get empty answers."""
    llm_server.schema_defaults["ImpressionObservationPlan"] = {"content": json.dumps({"observations": []})}
    llm_server.schema_defaults["ReflectionOutput"] = {"content": "{}"}


async def ingest_one(service: MemoryService) -> None:
    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[
            MessageIn(
                role="user",
                content="I work as a nurse.",
                occurred_at=at(1),
                message_id="msg-1",
                speaker="Ana",
            )
        ],
    )


async def memory_count(service: MemoryService) -> int:
    return len((await service.memories(user_id="ana", limit=100)).items)


async def test_llm_extraction_succeeds_with_one_call(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    llm_server.answer(content=json.dumps(ANSWER))
    await ingest_one(llm_service)
    job = await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    done = await llm_service.job(job_id=job.uid, user_ids=None)
    # ONE call for the conversation window: memories and entity observations together (issue 14)
    assert done.status == "SUCCEEDED" and done.llm_calls == 1 and done.tokens_in > 0
    memories = (await llm_service.memories(user_id="ana")).items
    assert [m.content for m in memories] == ["Ana works as a nurse"]
    assert memories[0].source_message_ids == ["msg-1"]
    assert memories[0].importance == 0.7  # rated by the LLM
    prompt = llm_server.requests[0]["messages"][1]["content"]
    assert "I work as a nurse." in prompt
    assert '"active_entities": [{"runtime_id": "e1", "name": "Ana"' in prompt  # detected once, by rule
    assert len([r for r in llm_server.requests if "observations" in json.dumps(r.get("response_format"))]) == 1


async def test_the_one_call_s_observations_become_entities_and_an_id_in_them_is_refused(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    observation = {
        "proposed_subject": "Ana",
        "kind": "person",
        "impressions": [{"content": "Ana works as a nurse.", "confidence": 0.9, "evidence_message_ids": ["m1"]}],
        "source_active_runtime_ids": ["e1"],
        "confidence": 0.95,
    }
    llm_server.answer(content=json.dumps({**ANSWER, "observations": [observation]}))
    await ingest_one(llm_service)
    await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    entity = await llm_service.entity_named(user_id="ana", name="Ana")
    assert entity is not None and entity.kind == "person"
    [impressions] = await llm_service.impressions_of(user_id="ana", ids=[entity.uid])
    assert [i.content for i in impressions] == ["Ana works as a nurse."]

    smuggled = {**observation, "proposed_subject": "Bo", "entity_uuid": "0" * 32}
    llm_server.answer(content=json.dumps({**ANSWER, "observations": [smuggled]}))
    await llm_service.ingest_messages(
        user_id="ana",
        session_id="s2",
        messages=[MessageIn(role="user", content="I met Bo.", occurred_at=at(2), message_id="msg-2", speaker="Ana")],
    )
    await llm_service.end_conversation(user_id="ana", session_id="s2")
    await llm_service.wait_for_jobs()
    assert await llm_service.entity_named(user_id="ana", name="Bo") is None  # the plan was REJECTED


async def test_malformed_output_writes_nothing_then_the_rulebook_extracts_on_the_last_attempt(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    llm_server.default = {"content": '{"memories": [oops'}
    await ingest_one(llm_service)
    job = await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    done = await llm_service.job(job_id=job.uid, user_ids=None)
    assert done.attempts == 2  # the first attempt failed and wrote nothing; the second met the same answer
    assert (done.status, done.extractor) == ("SUCCEEDED", "rules")
    assert done.fallback_reason is not None and "malformed output" in done.fallback_reason
    assert done.llm_calls == 2  # the failed attempts' calls are accounted on the job
    memories = (await llm_service.memories(user_id="ana")).items
    assert [(m.content, m.rule_id) for m in memories] == [("Ana works as a nurse.", "en.keep.occupation")]
    pending = await llm_service.db.read(
        "session_events_pending", user_id="ana", session_uid=keys.session_uid("ana", "s1")
    )
    assert pending == []  # extracted once, by the rules


async def test_failure_then_success_on_retry(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    llm_server.answer(content="")
    llm_server.answer(content=json.dumps(ANSWER))
    await ingest_one(llm_service)
    job = await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    done = await llm_service.job(job_id=job.uid, user_ids=None)
    assert done.status == "SUCCEEDED" and done.attempts == 2
    assert await memory_count(llm_service) == 1


async def test_job_of_a_crashed_owner_is_taken_over_once_its_lease_expired(service: MemoryService) -> None:
    await ingest_one(service)
    await service.worker.stop()  # no worker: the job stays queued
    job = await service.end_conversation(user_id="ana", session_id="s1")
    async with service.db.driver.session() as s:  # a crash mid-run: another process's lease, now expired
        await (
            await s.run(
                "MATCH (j:Job {uid: $uid}) SET j.status = 'RUNNING', j.attempts = 1, j.owner = 'dead:1:x', "
                "j.lease_until = datetime() - duration('PT1S')",
                uid=job.uid,
            )
        ).consume()
    assert (await service.job(job_id=job.uid, user_ids=None)).status == "RUNNING"
    await service.worker.start()
    await service.wait_for_jobs()
    done = await service.job(job_id=job.uid, user_ids=None)
    assert done.status == "SUCCEEDED" and done.attempts == 2 and done.owner is None
    assert await memory_count(service) >= 1


async def test_missing_importance_falls_back_to_the_rule_scorer(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    memory = {"memory_type": "fact", "content": "Ana works as a nurse", "confidence": 0.9, "source_message_ids": ["m1"]}
    answer = {"memories": [memory], "entities": []}
    llm_server.answer(content=json.dumps(answer))
    await ingest_one(llm_service)
    await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    memories = (await llm_service.memories(user_id="ana")).items
    assert memories[0].importance == score_importance("fact", "Ana works as a nurse")


@pytest.mark.parametrize(
    ("answer", "reason"),
    [({"refusal": "I can't help with that"}, "model refused"), ({"delay_s": 1.5, "content": "{}"}, "timed out")],
    ids=["refusal", "timeout"],
)
async def test_refusal_or_timeout_on_every_attempt_leaves_the_rulebook_to_extract(
    llm_service: MemoryService, llm_server: FakeOpenAI, answer: dict[str, object], reason: str
) -> None:
    llm_server.default = answer
    await ingest_one(llm_service)
    job = await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    done = await llm_service.job(job_id=job.uid, user_ids=None)
    assert (done.status, done.attempts, done.extractor) == ("SUCCEEDED", 2, "rules")
    assert done.fallback_reason is not None and reason in done.fallback_reason
    assert await memory_count(llm_service) == 1


async def test_an_ended_conversation_triggers_reflection(service: MemoryService) -> None:
    await ingest_one(service)
    await service.end_conversation(user_id="ana", session_id="s1")
    await service.wait_for_jobs()
    jobs = {j.kind: j for j in await service.jobs(user_id="ana")}
    assert set(jobs) == {"embed_events", "extract_memories", "reflect"}  # ingest queued the messages' embedding
    assert jobs["reflect"].status == "SUCCEEDED"
    async with service.db.driver.session() as s:
        record = await (
            await s.run("MATCH (c:ReflectionCycle {user_id: 'ana'}) RETURN c.status AS status, c.trigger_type AS t")
        ).single()
    assert record is not None and record["status"] == "COMPLETED"  # the first reflection always runs


async def test_llm_calls_are_counted_in_the_metrics_endpoint(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    import httpx

    from graphsvc.api.app import build_app

    llm_server.answer(content=json.dumps(ANSWER))
    llm_server.answer(content="{broken")  # the reflector's call fails: counted as malformed
    await ingest_one(llm_service)
    await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    app = build_app(llm_service.settings, service=llm_service)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
        text = (await client.get("/metrics")).text
    samples = {
        line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("graphsvc_llm_")
    }
    assert samples['graphsvc_llm_calls_total{outcome="ok",task="extract_memories"}'] >= 1
    assert samples['graphsvc_llm_tokens_total{direction="in",task="extract_memories"}'] > 0
    # observations come with the extraction call; the reflector's call is the one that failed
    assert samples['graphsvc_llm_calls_total{outcome="malformed",task="reflect"}'] >= 1
    assert samples['graphsvc_llm_failures_total{task="reflect"}'] >= 1


async def _jobs_of(service: MemoryService, user_id: str) -> list[tuple[str, str]]:
    return sorted((j.kind, j.status) for j in await service.jobs(user_id=user_id, limit=100))


async def test_the_sweep_deletes_jobs_that_ended_before_the_retention_and_keeps_what_they_made(
    service: MemoryService,
) -> None:
    await ingest_one(service)
    await service.end_conversation(user_id="ana", session_id="s1")
    await service.wait_for_jobs()
    memories = await memory_count(service)
    assert memories >= 1
    await service.worker.stop()  # what is queued now stays PENDING
    await service.ingest_messages(
        user_id="ana",
        session_id="s2",
        messages=[MessageIn(role="user", content="I play the cello.", occurred_at=at(2), message_id="msg-2")],
    )
    await service.end_conversation(user_id="ana", session_id="s2")
    ended = [j for j in await service.jobs(user_id="ana", limit=100) if j.status == "SUCCEEDED"]
    pending = [j for j in await service.jobs(user_id="ana", limit=100) if j.status == "PENDING"]
    assert ended and pending
    days = service.settings.jobs.retention_days
    async with service.db.driver.session() as s:  # every job ended or queued long ago, but one ended just now
        await (
            await s.run(
                "MATCH (j:Job {user_id: 'ana'}) SET j.updated_at = datetime() - duration({days: $days + 1})",
                days=days,
            )
        ).consume()
        await (await s.run("MATCH (j:Job {uid: $uid}) SET j.updated_at = datetime()", uid=ended[0].uid)).consume()

    await service.sweep()

    assert await _jobs_of(service, "ana") == sorted(
        [(ended[0].kind, "SUCCEEDED"), *((j.kind, "PENDING") for j in pending)]
    )
    assert await memory_count(service) == memories


async def test_ended_jobs_are_deleted_in_bounded_batches(service: MemoryService) -> None:
    await service.worker.stop()
    async with service.db.driver.session() as s:
        await (
            await s.run(
                "UNWIND range(1, 5) AS i CREATE (:Job {uid: 'old-' + i, user_id: 'bo', kind: 'reflect', "
                "status: CASE i % 3 WHEN 0 THEN 'FAILED' WHEN 1 THEN 'CANCELLED' ELSE 'SUCCEEDED' END, "
                "attempts: 1, created_at: datetime() - duration('P90D'), updated_at: datetime() - duration('P90D'), "
                "run_after: datetime() - duration('P90D')})"
            )
        ).consume()
    assert await service.prune_ended_jobs(batch=2, max_batches=2) == 4
    assert len(await _jobs_of(service, "bo")) == 1
    assert await service.prune_ended_jobs(batch=2, max_batches=2) == 1
    assert await _jobs_of(service, "bo") == []
