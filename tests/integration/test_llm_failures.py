"""A job meets an LLM endpoint that refuses its key: it fails at once (no retry can help until the key is
fixed), and its error names the model and the endpoint; a server error is still retried."""

from __future__ import annotations

import json

from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.test_jobs import ANSWER, ingest_one, other_tasks_answered  # noqa: F401  (autouse fixture)


async def test_a_refused_key_fails_the_job_at_once_naming_the_endpoint(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    llm_server.default = {"status": 401}
    await ingest_one(llm_service)
    job = await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    failed = await llm_service.job(job_id=job.uid, user_ids=None)
    assert (failed.status, failed.attempts) == ("FAILED", 1)  # job_max_attempts is 2: the 401 was not retried
    settings = llm_service.settings
    assert failed.error is not None
    assert f"model {settings.llm.model} at {settings.llm.base_url}" in failed.error and "HTTP 401" in failed.error
    assert len([r for r in llm_server.requests if "messages" in r]) == 1


async def test_a_server_error_is_still_retried_by_the_job(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    llm_server.answer(status=503)
    llm_server.answer(status=503)  # llm_max_retries = 1: the first attempt fails after two requests
    llm_server.answer(content=json.dumps(ANSWER))
    await ingest_one(llm_service)
    job = await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()
    done = await llm_service.job(job_id=job.uid, user_ids=None)
    assert (done.status, done.attempts) == ("SUCCEEDED", 2)


async def test_an_endpoint_down_on_every_attempt_leaves_the_rulebook_to_extract(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    llm_server.default = {"status": 503}
    await ingest_one(llm_service)
    job = await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()

    done = await llm_service.job(job_id=job.uid, user_ids=None)
    assert (done.status, done.attempts, done.extractor) == ("SUCCEEDED", 2, "rules")  # job_max_attempts is 2
    assert done.fallback_reason is not None and "503" in done.fallback_reason
    page = await llm_service.memories(user_id="ana")
    assert [(m.content, m.rule_id) for m in page.items] == [("Ana works as a nurse.", "en.keep.occupation")]


async def test_an_answering_endpoint_extracts_with_the_llm(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    llm_server.answer(content=json.dumps(ANSWER))
    await ingest_one(llm_service)
    job = await llm_service.end_conversation(user_id="ana", session_id="s1")
    await llm_service.wait_for_jobs()

    done = await llm_service.job(job_id=job.uid, user_ids=None)
    assert (done.status, done.extractor, done.fallback_reason) == ("SUCCEEDED", "llm", None)
    assert all(m.rule_id is None for m in (await llm_service.memories(user_id="ana")).items)
