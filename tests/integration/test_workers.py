"""Background jobs apart from the API: ``graphsvc serve --no-worker`` and ``graphsvc worker`` as real processes
on the test Neo4j.

- the API without a worker stores and queues, and runs no job: what it queued stays PENDING, unclaimed;
- a ``graphsvc worker`` started beside it runs those jobs (embedding, extraction, reflection), and what they
  made is recalled through the API;
- ``graphsvc serve`` alone (what ``scripts/serve`` runs) still runs the jobs and the daily learning timer;
- SIGTERM stops a worker cleanly (exit 0): no job is claimed any more, a running job gets ``SHUTDOWN_GRACE_S``
  to finish, and one still running then is handed back to the queue (PENDING, its attempt not counted).

Several processes running one job once (leases, take-over from a killed owner) are in test_job_processes.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import subprocess
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.graph.jobs import JobRow
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at, make_service
from tests.integration.graphql_client import END, INGEST, RECALL
from tests.integration.service_processes import free_port, service_environment, start_graphsvc, stop, wait_until

POLL_INTERVAL_S = 0.2
"""JOB_POLL_INTERVAL_S of every process here (:func:`service_environment`)."""
JOB_TIMEOUT_S = 240.0
"""How long a worker may take to run a job, its start-up (loading the embedding model) included."""
CONVERSATION = [
    {"messageId": "a1", "role": "user", "speaker": "Ana", "occurredAt": at(1).isoformat(),
     "content": "I live in Lisbon and I work as a nurse at the city hospital."},
    {"messageId": "a2", "role": "assistant", "speaker": "Bot", "occurredAt": at(1).isoformat(),
     "content": "That sounds demanding!"},
    {"messageId": "a3", "role": "user", "speaker": "Ana", "occurredAt": at(1).isoformat(),
     "content": "I love hiking in the mountains on weekends."},
]  # fmt: skip


@dataclass(frozen=True)
class Api:
    """A ``graphsvc serve --no-worker`` process: its base URL and its log."""

    url: str
    log: Path


@pytest.fixture(scope="module")
def api(settings: Settings, database: Database, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    log = tmp_path_factory.mktemp("api") / "serve.log"
    port = free_port()
    argv = ["serve", "--no-worker", "--host", "127.0.0.1", "--port", str(port)]
    proc = start_graphsvc(argv, env=service_environment(settings, DAILY_LEARNING="true"), log=log)
    url = f"http://127.0.0.1:{port}"

    def up() -> bool:
        try:
            return httpx.get(f"{url}/health", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_until("graphsvc serve --no-worker", up, [proc], [log])
        yield Api(url=url, log=log)
    finally:
        stop([proc])
    assert proc.returncode in {0, -signal.SIGTERM}


@pytest.fixture
async def reader(settings: Settings, database: Database, embedder: LocalEmbedder) -> AsyncIterator[MemoryService]:
    """A service in the test process that reads and queues only: its worker is never started."""
    service = make_service(settings, database, embedder)
    yield service
    await service.rt.vectors.copies.settled()  # no vector-copy fill outlives the test


def _log(log: Path) -> str:
    return log.read_text(errors="replace")


def _tail(log: Path) -> str:
    """The end of a process's log, for a failure message."""
    return _log(log)[-3000:]


async def _graphql(client: httpx.AsyncClient, query: str, variables: dict[str, Any]) -> dict[str, Any]:
    response = await client.post("/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    assert not body.get("errors"), body
    data: dict[str, Any] = body["data"]
    return data


async def _wait_for_job(
    reader: MemoryService, uid: str, status: str, worker: subprocess.Popen[bytes], log: Path
) -> JobRow:
    """Poll the job until it is in ``status``; fail with the log of the process running jobs (``worker``) if it
    exits or time runs out."""
    deadline = time.monotonic() + JOB_TIMEOUT_S
    while (job := await reader.job(job_id=uid, user_ids=None)).status != status:
        assert worker.poll() is None, f"worker exited {worker.returncode}:\n{_tail(log)}"
        assert time.monotonic() < deadline, f"job {uid} is {job.status}, not {status}, after {JOB_TIMEOUT_S:g} s"
        await asyncio.sleep(POLL_INTERVAL_S)
    return job


@pytest.mark.timeout(900)
async def test_jobs_queued_through_an_api_without_a_worker_wait_for_a_worker_process(
    api: Api, reader: MemoryService, settings: Settings, tmp_path: Path
) -> None:
    async with httpx.AsyncClient(base_url=api.url, timeout=120) as client:
        batch = {"userId": "ana", "sessionId": "s1", "messages": CONVERSATION}
        assert (await _graphql(client, INGEST, {"input": batch}))["ingestMessages"]["stored"] == 3
        job = (await _graphql(client, END, {"u": "ana", "s": "s1"}))["endConversation"]
        assert job["status"] == "PENDING"

        # The API runs no job: many polls of a worker later, each job it queued still waits, never claimed.
        await asyncio.sleep(20 * POLL_INTERVAL_S)
        queued = await reader.jobs(user_id="ana")
        assert {j.kind for j in queued} == {"embed_events", "extract_memories"}
        assert {(j.status, j.attempts, j.owner) for j in queued} == {("PENDING", 0, None)}
        assert "background jobs: not run by this process" in _log(api.log)
        assert "daily learning" not in _log(api.log)  # its timer runs with the jobs, in the worker

        log = tmp_path / "worker.log"
        worker = start_graphsvc(["worker"], env=service_environment(settings, DAILY_LEARNING="true"), log=log)
        try:
            done = await _wait_for_job(reader, job["id"], "SUCCEEDED", worker, log)
            assert done.memories_created > 0
            deadline = time.monotonic() + JOB_TIMEOUT_S
            while {(j.kind, j.status) for j in await reader.jobs(user_id="ana")} != {
                ("embed_events", "SUCCEEDED"),
                ("extract_memories", "SUCCEEDED"),
                ("reflect", "SUCCEEDED"),  # queued by the extraction, in the worker
            }:
                assert time.monotonic() < deadline, await reader.jobs(user_id="ana")
                await asyncio.sleep(POLL_INTERVAL_S)

            hits = (await _graphql(client, RECALL, {"u": "ana", "q": "Where does Ana live?"}))["recall"]
            # what the worker extracted, ranked above any impression repeating it from the same message
            learned = [h for h in hits if h["kind"] in ("memory", "impression") and "Lisbon" in h["content"]]
            assert learned and learned[0]["kind"] == "memory" and "a1" in learned[0]["sourceMessageIds"], hits
            stored = (await reader.memories(user_id="ana")).items
            assert any("Lisbon" in m.content for m in stored), stored
        finally:
            stop([worker])
    assert worker.returncode == 0, _tail(log)
    assert "background jobs: run by this process" in _log(log)
    assert "daily learning next at" in _log(log)


@pytest.mark.timeout(600)
async def test_serve_runs_the_jobs_and_the_daily_learning_timer_itself_by_default(
    reader: MemoryService, settings: Settings, tmp_path: Path
) -> None:
    log, port = tmp_path / "serve.log", free_port()
    env = service_environment(settings, DAILY_LEARNING="true")
    proc = start_graphsvc(["serve", "--host", "127.0.0.1", "--port", str(port)], env=env, log=log)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
            deadline = time.monotonic() + JOB_TIMEOUT_S
            while True:
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get("/health")).status_code == 200:
                        break
                assert proc.poll() is None and time.monotonic() < deadline, _tail(log)
                await asyncio.sleep(POLL_INTERVAL_S)
            batch = {"userId": "ana", "sessionId": "s1", "messages": CONVERSATION}
            await _graphql(client, INGEST, {"input": batch})
            job = (await _graphql(client, END, {"u": "ana", "s": "s1"}))["endConversation"]
            await _wait_for_job(reader, job["id"], "SUCCEEDED", proc, log)
    finally:
        stop([proc])
    assert proc.returncode in {0, -signal.SIGTERM}, _tail(log)
    assert "background jobs: run by this process" in _log(log)
    assert "daily learning next at" in _log(log)


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


def _schema(request: dict[str, Any]) -> str:
    fmt = request.get("response_format") or {}
    return str(((fmt.get("json_schema") or {}) if isinstance(fmt, dict) else {}).get("name"))


@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    ("llm_delay_s", "grace_s", "after"),
    [(2.0, 120.0, "SUCCEEDED"), (30.0, 1.0, "PENDING")],
    ids=["finishes within the grace", "handed back after the grace"],
)
async def test_sigterm_stops_a_worker_that_finishes_or_hands_back_its_running_job(
    reader: MemoryService,
    settings: Settings,
    llm_server: FakeOpenAI,
    tmp_path: Path,
    llm_delay_s: float,
    grace_s: float,
    after: str,
) -> None:
    llm_server.accept_key = f"worker-{uuid.uuid4().hex}"
    llm_server.schema_defaults["LLMMemoryExtraction"] = {"delay_s": llm_delay_s, "content": json.dumps(EXTRACTION)}
    llm_server.schema_defaults["ImpressionObservationPlan"] = {"content": json.dumps({"observations": []})}
    llm_server.schema_defaults["ReflectionOutput"] = {"content": "{}"}
    env = service_environment(
        settings,
        LLM_BASE_URL=llm_server.base_url,
        LLM_API_KEY=llm_server.accept_key,
        LLM_TIMEOUT_S="60",
        LLM_MAX_RETRIES="0",
        SHUTDOWN_GRACE_S=str(grace_s),
    )
    log = tmp_path / "worker.log"
    worker = start_graphsvc(["worker"], env=env, log=log)
    try:
        message = MessageIn(role="user", content="I work as a nurse.", occurred_at=at(1), message_id="m1")
        await reader.ingest_messages(user_id="ana", session_id="s1", messages=[message])
        job = await reader.end_conversation(user_id="ana", session_id="s1")
        running = await _wait_for_job(reader, job.uid, "RUNNING", worker, log)
        assert running.owner and f":{worker.pid}:" in running.owner
        deadline = time.monotonic() + JOB_TIMEOUT_S
        while not [r for r in llm_server.requests if _schema(r) == "LLMMemoryExtraction"]:
            assert time.monotonic() < deadline, "the worker made no extraction call"
            await asyncio.sleep(0.1)

        started = time.monotonic()
        worker.send_signal(signal.SIGTERM)
        assert worker.wait(timeout=grace_s + 60) == 0, _tail(log)
        stopped_s = time.monotonic() - started
    finally:
        stop([worker])

    ended = await reader.job(job_id=job.uid, user_ids=None)
    assert ended.status == after, (ended, _tail(log))
    memories = [m.content for m in (await reader.memories(user_id="ana")).items]
    if after == "SUCCEEDED":
        assert memories == ["Ana works as a nurse"]
        reflections = [j for j in await reader.jobs(user_id="ana") if j.kind == "reflect"]
        assert [j.status for j in reflections] == ["PENDING"]  # queued by the job, not claimed after SIGTERM
    else:
        assert stopped_s < llm_delay_s  # did not wait for the LLM's answer
        assert (ended.owner, ended.attempts) == (None, 0)  # handed back, the attempt not counted
        assert memories == []
