"""Three service processes on one database, a deliberately slow job and its owner killed (issue 11).

The job runs once while its owner lives (the other two never start it), is taken over after the killed
owner's lease expires, and its results are committed exactly once.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService
from tests.conftest import REPO
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at
from tests.integration.service_processes import dies_with_parent

LEASE_S = 3.0
EXTRACTION = {
    "memories": [
        {
            "memory_type": "fact",
            "content": "Ana works as a nurse",
            "confidence": 0.9,
            "importance": 0.7,
            "source_message_ids": ["m1"],
        }
    ],
    "entities": [],
}


@pytest.fixture
def processes(service: MemoryService, llm_server: FakeOpenAI, tmp_path: Path) -> Iterator[list[subprocess.Popen[str]]]:
    settings = service.settings
    llm_server.accept_key = "three-processes"
    env = {
        **os.environ,
        "ENVIRONMENT": "test",
        "NEO4J_URI": settings.neo4j.uri,
        "GRAPHSVC_DATA_DIR": str(settings.data_dir),
        "LLM_BASE_URL": llm_server.base_url,
        "LLM_API_KEY": "three-processes",
        "LLM_TIMEOUT_S": "30",
        "LLM_MAX_RETRIES": "0",
        "JOB_LEASE_S": str(LEASE_S),
        "JOB_POLL_INTERVAL_S": "0.2",
        "IDLE_SWEEP_INTERVAL_S": "3600",
        "LOG_FORMAT": "text",
    }
    logs = [(tmp_path / f"worker-{i}.log").open("w") for i in range(3)]
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.integration.job_process"],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            preexec_fn=dies_with_parent,  # noqa: PLW1509 -- a prctl call, safe between fork and exec
        )
        for log in logs
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            assert line.startswith("ready "), f"worker process did not start: {line!r}"
        yield procs
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=10)
            if proc.stdout is not None:
                proc.stdout.close()
        for log in logs:
            log.close()


async def test_three_processes_run_a_slow_job_once_and_take_over_from_a_killed_owner(
    service: MemoryService, llm_server: FakeOpenAI, processes: list[subprocess.Popen[str]]
) -> None:
    await service.worker.stop()  # this process only queues; the three children run the job
    llm_server.schema_defaults["LLMMemoryExtraction"] = {"delay_s": 4.0, "content": json.dumps(EXTRACTION)}
    llm_server.schema_defaults["ImpressionObservationPlan"] = {"content": json.dumps({"observations": []})}
    llm_server.schema_defaults["ReflectionOutput"] = {"content": "{}"}
    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[MessageIn(role="user", content="I work as a nurse.", occurred_at=at(1), message_id="m1")],
    )
    job = await service.end_conversation(user_id="ana", session_id="s1")

    owner = await _wait_for_owner(service, job.uid)
    deadline = time.monotonic() + 20
    while not [r for r in llm_server.requests if _schema(r) == "LLMMemoryExtraction"]:
        assert time.monotonic() < deadline, "the owner made no extraction call"
        await asyncio.sleep(0.1)
    await asyncio.sleep(1.0)  # the slow LLM call is in flight, across several lease renewals
    extraction_calls = [r for r in llm_server.requests if _schema(r) == "LLMMemoryExtraction"]
    assert len(extraction_calls) == 1  # only the owner started it
    victim = next(p for p in processes if f":{p.pid}:" in owner)
    victim.send_signal(signal.SIGKILL)
    victim.wait(timeout=10)

    deadline = time.monotonic() + 60
    while (done := await service.job(job_id=job.uid, user_ids=None)).status != "SUCCEEDED":
        assert time.monotonic() < deadline, f"job stuck in {done.status}"
        await asyncio.sleep(0.2)
    assert done.attempts == 2
    memories = (await service.memories(user_id="ana")).items
    assert [m.content for m in memories] == ["Ana works as a nurse"]  # committed exactly once
    assert len([r for r in llm_server.requests if _schema(r) == "LLMMemoryExtraction"]) == 2
    deadline = time.monotonic() + 30
    while [j.status for j in await service.jobs(user_id="ana") if j.kind == "reflect"] != ["SUCCEEDED"]:
        assert time.monotonic() < deadline, "reflection job not run exactly once"
        await asyncio.sleep(0.2)

    survivors = [p for p in processes if p is not victim]
    started = time.monotonic()
    for proc in survivors:
        proc.send_signal(signal.SIGTERM)
    for proc in survivors:
        assert proc.wait(timeout=15) == 0
    assert time.monotonic() - started < 15  # graceful shutdown within seconds


async def _wait_for_owner(service: MemoryService, uid: str) -> str:
    deadline = time.monotonic() + 60
    while True:
        job = await service.job(job_id=uid, user_ids=None)
        if job.status == "RUNNING" and job.owner:
            return job.owner
        assert time.monotonic() < deadline, "no process claimed the job"
        await asyncio.sleep(0.1)


def _schema(request: dict[str, object]) -> str:
    fmt = request.get("response_format") or {}
    return str(((fmt.get("json_schema") or {}) if isinstance(fmt, dict) else {}).get("name"))
