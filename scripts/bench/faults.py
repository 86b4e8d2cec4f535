"""Fault injection against real processes on loopback (issue 11): checks for lost, partial, duplicated and
stuck work, and prints a table.

    .venv/bin/python scripts/bench/faults.py [--bolt-port 7725] [--service-ports 8025,8026]

It starts its own Neo4j (``scripts/neo4j``, data in ``.data/faults``, wiped first), two ``graphsvc serve``
processes on one database (job lease 3 s), and a local fake OpenAI-compatible LLM whose extraction answer
takes 4 s (a deliberately slow job). Scenarios:

1. duplicate deliveries: one batch sent 10 times at once; ``endConversation`` 20 times at once;
2. concurrent curation: 20 ``addAlias`` of one name onto two entities at once;
3. SIGKILL of the service that owns a running job;
4. SIGKILL of Neo4j during a stream of ingest requests, then a restart;
5. SIGKILL of Neo4j while a job runs, then a restart.

Every check is a row: what was checked, pass or FAIL, and the figures. Everything it started is stopped at
the end (bounded: each wait has a timeout). Exit status 1 if any check failed.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
from tests.fakes.openai_server import FakeOpenAI  # noqa: E402

LEASE_S = 3.0
SLOW_LLM_S = 4.0
EXTRACTION = {
    "memories": [
        {
            "memory_type": "fact",
            "content": "Ana works as a nurse",
            "confidence": 0.9,
            "importance": 0.7,
            "source_message_ids": ["m1"],
        }
    ]
}


@dataclass
class Row:
    scenario: str
    check: str
    ok: bool
    detail: str


class Neo4j:
    """The script's own Neo4j, through scripts/neo4j."""

    def __init__(self, *, bolt: int, http: int, data_dir: Path) -> None:
        self.bolt, self.data_dir = bolt, data_dir
        self.env = {
            **os.environ,
            "GRAPHSVC_DATA_DIR": str(data_dir),
            "NEO4J_BOLT_PORT": str(bolt),
            "NEO4J_HTTP_PORT": str(http),
            "NEO4J_URI": f"bolt://127.0.0.1:{bolt}",
            "NEO4J_HEAP": "1g",
            "NEO4J_PAGECACHE": "512m",
        }

    def _script(self, command: str) -> None:
        subprocess.run([str(REPO / "scripts" / "neo4j"), command], env=self.env, check=True, capture_output=True)

    def start(self) -> float:
        started = time.monotonic()
        self._script("start")
        return time.monotonic() - started

    def stop(self) -> None:
        self._script("stop")

    def kill(self) -> None:
        pid = int((self.data_dir / "neo4j" / "run" / "neo4j.pid").read_text().strip())
        os.kill(pid, signal.SIGKILL)
        while Path(f"/proc/{pid}").exists():
            time.sleep(0.05)

    def password(self) -> str:
        return (self.data_dir / "neo4j" / "password").read_text().strip()


class Service:
    """One ``graphsvc serve`` process."""

    def __init__(self, *, port: int, env: dict[str, str], log: Path) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self._log = log.open("w")
        self.proc = subprocess.Popen(
            [str(REPO / ".venv" / "bin" / "graphsvc"), "serve", "--port", str(port)],
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            cwd=REPO,
        )

    async def ready(self, client: httpx.AsyncClient, timeout_s: float = 120) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise click.ClickException(f"service on {self.port} exited; see its log")
            try:
                if (await client.get(f"{self.url}/ready")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.3)
        raise click.ClickException(f"service on {self.port} not ready in {timeout_s} s")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


class Api:
    def __init__(self, client: httpx.AsyncClient, url: str) -> None:
        self.client, self.url = client, url

    refusals = 0
    """HTTP 503/429 answers with Retry-After seen (admission control); the client waits and sends again."""

    async def call(self, query: str, **variables: Any) -> dict[str, Any]:
        for _ in range(30):
            response = await self.client.post(f"{self.url}/graphql", json={"query": query, "variables": variables})
            if response.status_code in (429, 503) and "retry-after" in response.headers:
                Api.refusals += 1
                await asyncio.sleep(float(response.headers["retry-after"]))
                continue
            break
        body: dict[str, Any] = response.json()
        return body

    async def ingest(self, user: str, session: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
        return await self.call(
            "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored duplicates } }",
            i={"userId": user, "sessionId": session, "messages": messages},
        )

    async def end(self, user: str, session: str) -> dict[str, Any]:
        return await self.call(
            "mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id status } }",
            u=user,
            s=session,
        )

    async def job(self, uid: str) -> dict[str, Any]:
        body = await self.call("query($id: ID!) { job(id: $id) { id status attempts error } }", id=uid)
        job: dict[str, Any] = (body.get("data") or {}).get("job") or {}
        return job

    async def jobs(self, user: str) -> list[dict[str, Any]]:
        body = await self.call("query($u: String!) { jobs(userId: $u) { id kind status attempts } }", u=user)
        jobs: list[dict[str, Any]] = (body.get("data") or {}).get("jobs") or []
        return jobs

    async def owner(self, uid: str) -> str | None:
        rows = await cypher(self, "MATCH (j:Job {uid: $u}) RETURN j.status AS s, j.owner AS o", u=uid)
        return str(rows[0]["o"]) if rows and rows[0]["s"] == "RUNNING" and rows[0]["o"] else None


CYPHER: Callable[..., Awaitable[list[dict[str, Any]]]] | None = None


async def cypher(api: Api, text: str, **params: Any) -> list[dict[str, Any]]:
    assert CYPHER is not None
    return await CYPHER(text, **params)


def message(i: int, content: str | None = None) -> dict[str, Any]:
    return {
        "messageId": f"m{i}",
        "role": "user",
        "speaker": "Ana",
        "content": content or f"Message number {i} about my garden and the lake.",
        "occurredAt": f"2024-05-01T10:{i // 60 % 60:02d}:{i % 60:02d}Z",
    }


async def until(predicate: Callable[[], Awaitable[bool]], timeout_s: float, poll_s: float = 0.2) -> float | None:
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        if await predicate():
            return time.monotonic() - started
        await asyncio.sleep(poll_s)
    return None


async def duplicates(api: Api) -> list[Row]:
    batch = [message(i) for i in range(1, 21)]
    replies = await asyncio.gather(*(api.ingest("dup", "d1", batch) for _ in range(10)))
    stored = sum(r["data"]["ingestMessages"]["stored"] for r in replies if r.get("data"))
    failed = sorted({r["errors"][0]["extensions"]["code"] for r in replies if r.get("errors")})
    events = await cypher(api, "MATCH (e:Event {user_id: 'dup'}) RETURN count(e) AS n")
    ends = await asyncio.gather(*(api.end("dup", "d1") for _ in range(20)))
    job_ids = {e["data"]["endConversation"]["id"] for e in ends if e.get("data")}
    done = await until(lambda: _all_done(api, "dup"), 120)
    jobs = await api.jobs("dup")
    kinds = sorted(j["kind"] for j in jobs)
    return [
        Row(
            "duplicate deliveries",
            "one 20-message batch sent 10× at once: stored once",
            events[0]["n"] == 20 and stored == 20,
            f"{events[0]['n']} events, stored {stored} over 10 replies; errors {failed}; "
            f"503 + Retry-After answers retried so far: {Api.refusals}",
        ),
        Row(
            "duplicate deliveries",
            "endConversation 20× at once: one job",
            len(job_ids) == 1,
            f"{len(job_ids)} distinct job id(s)",
        ),
        Row(
            "duplicate deliveries",
            "then exactly one extraction and one reflection, none stuck",
            done is not None and kinds == ["extract_memories", "reflect"],
            f"jobs {kinds}",
        ),
    ]


async def curation(api: Api) -> list[Row]:
    upsert = "mutation($i: UpsertEntityInput!) { upsertEntity(input: $i) { id } }"
    alias = "mutation($u: String!, $e: ID!, $a: String!) { addAlias(userId: $u, entityId: $e, alias: $a) { id } }"
    a = (await api.call(upsert, i={"userId": "cur", "subject": "Alpha"}))["data"]["upsertEntity"]["id"]
    b = (await api.call(upsert, i={"userId": "cur", "subject": "Beta"}))["data"]["upsertEntity"]["id"]
    bodies = await asyncio.gather(*(api.call(alias, u="cur", e=(a, b)[i % 2], a="Shared") for i in range(20)))
    codes = sorted({x["errors"][0]["extensions"]["code"] for x in bodies if x.get("errors")})
    owners = await cypher(
        api, "MATCH (e:Entity {user_id: 'cur'})-[:HAS_ALIAS]->(:Alias {normalized: 'shared'}) RETURN count(e) AS n"
    )
    return [
        Row(
            "concurrent curation",
            "20× addAlias of one name onto two entities: one owner",
            owners[0]["n"] == 1,
            f"{owners[0]['n']} owner(s); refusals {codes}",
        ),
        Row(
            "concurrent curation",
            "refusals are PLAN_REJECTED/CONFLICT, never INTERNAL",
            "INTERNAL" not in codes,
            f"codes {codes}",
        ),
    ]


async def service_killed(api: Api, services: list[Service]) -> list[Row]:
    await api.ingest("kill", "k1", [message(1, "I work as a nurse.")])
    uid = (await api.end("kill", "k1"))["data"]["endConversation"]["id"]
    owner: str | None = None

    async def claimed() -> bool:
        nonlocal owner
        owner = await api.owner(uid)
        return owner is not None

    await until(claimed, 60, poll_s=0.1)
    victim = next((s for s in services if owner and f":{s.proc.pid}:" in owner), None)
    if victim is None:
        return [Row("service SIGKILLed mid-job", "a process claimed the job", False, f"owner {owner}")]
    await asyncio.sleep(1.0)
    killed_at = time.monotonic()
    victim.stop(signal.SIGKILL)
    survivor = next(s for s in services if s is not victim)
    api = Api(api.client, survivor.url)
    took = await until(lambda: _status(api, uid, "SUCCEEDED"), 90)
    job = await api.job(uid)
    memories = await cypher(api, "MATCH (m:Memory {user_id: 'kill'}) RETURN count(m) AS n")
    return [
        Row(
            "service SIGKILLed mid-job",
            "the job is taken over after its lease and succeeds",
            took is not None and job.get("attempts") == 2,
            f"SUCCEEDED {time.monotonic() - killed_at:.1f} s after the kill (lease {LEASE_S:g} s), "
            f"attempts {job.get('attempts')}",
        ),
        Row(
            "service SIGKILLed mid-job",
            "its results are committed exactly once",
            memories[0]["n"] == 1,
            f"{memories[0]['n']} memory",
        ),
    ]


async def neo4j_killed_mid_ingest(api: Api, neo4j: Neo4j) -> list[Row]:
    acked: list[int] = []
    refused: dict[str, int] = {}
    failure_ms: list[float] = []
    batch_no = 0
    killed = False
    started = time.monotonic()
    while time.monotonic() - started < 8.0:
        if not killed and time.monotonic() - started > 2.0:
            neo4j.kill()
            killed = True
        batch_no += 1
        messages = [message(batch_no * 10 + j) for j in range(5)]
        sent = time.monotonic()
        try:
            reply = await api.ingest("ing", f"b{batch_no}", messages)
        except httpx.HTTPError as exc:
            refused[type(exc).__name__] = refused.get(type(exc).__name__, 0) + 1
            continue
        if reply.get("data"):
            acked.append(batch_no)
        else:
            code = reply["errors"][0]["extensions"]["code"]
            refused[code] = refused.get(code, 0) + 1
            failure_ms.append((time.monotonic() - sent) * 1000)
    restart_s = neo4j.start()
    await until(lambda: _ready(api), 60)
    rows = await cypher(api, "MATCH (e:Event {user_id: 'ing'}) RETURN e.session_id AS s, count(e) AS n")
    per_batch = {str(r["s"]): int(r["n"]) for r in rows}
    lost = [b for b in acked if per_batch.get(f"b{b}") != 5]
    partial = [s for s, n in per_batch.items() if n != 5]
    worst = max(failure_ms, default=0.0)
    return [
        Row(
            "Neo4j SIGKILLed mid-ingest",
            "no acknowledged message lost",
            not lost,
            f"{len(acked)} batches acknowledged, {len(lost)} incomplete",
        ),
        Row(
            "Neo4j SIGKILLed mid-ingest",
            "no partial batch stored",
            not partial,
            f"{len(per_batch)} batches stored, {len(partial)} partial",
        ),
        Row(
            "Neo4j SIGKILLed mid-ingest",
            "refused while down with DATABASE_UNAVAILABLE within ~5 s",
            bool(failure_ms) and worst < 6000 and set(refused) <= {"DATABASE_UNAVAILABLE", "DEADLINE_EXCEEDED"},
            f"refused {refused}, slowest refusal {worst:.0f} ms; Neo4j back in {restart_s:.0f} s",
        ),
    ]


async def neo4j_killed_mid_job(api: Api, neo4j: Neo4j) -> list[Row]:
    await api.ingest("njob", "j1", [message(1, "I work as a nurse.")])
    uid = (await api.end("njob", "j1"))["data"]["endConversation"]["id"]
    await until(lambda: _claimed(api, uid), 60, poll_s=0.1)
    await asyncio.sleep(1.0)
    neo4j.kill()
    await asyncio.sleep(SLOW_LLM_S + 2)  # the LLM answers while Neo4j is down: the commit and the failure fail
    neo4j.start()
    took = await until(lambda: _status(api, uid, "SUCCEEDED"), 120)
    job = await api.job(uid)
    memories = await cypher(api, "MATCH (m:Memory {user_id: 'njob'}) RETURN count(m) AS n")
    return [
        Row(
            "Neo4j SIGKILLed mid-job",
            "the job is not stuck: it succeeds once Neo4j is back",
            took is not None,
            f"status {job.get('status')}, attempts {job.get('attempts')}, {took or 0:.1f} s after the restart",
        ),
        Row(
            "Neo4j SIGKILLed mid-job",
            "its results are committed exactly once",
            memories[0]["n"] == 1,
            f"{memories[0]['n']} memory",
        ),
    ]


async def _all_done(api: Api, user: str) -> bool:
    jobs = await api.jobs(user)
    return bool(jobs) and all(j["status"] in ("SUCCEEDED", "FAILED") for j in jobs) and len(jobs) >= 2


async def _status(api: Api, uid: str, status: str) -> bool:
    try:
        return (await api.job(uid)).get("status") == status
    except (httpx.HTTPError, ValueError):
        return False


async def _claimed(api: Api, uid: str) -> bool:
    return await api.owner(uid) is not None


async def _ready(api: Api) -> bool:
    try:
        return (await api.client.get(f"{api.url}/ready")).status_code == 200
    except httpx.HTTPError:
        return False


@click.command()
@click.option("--bolt-port", default=7725, show_default=True)
@click.option("--service-ports", default="8025,8026", show_default=True)
def main(bolt_port: int, service_ports: str) -> None:
    """Kill things on purpose and check that nothing is lost, partial, duplicated or stuck."""
    rows = asyncio.run(run(bolt_port, [int(p) for p in service_ports.split(",")]))
    print("| scenario | check | result | figures |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r.scenario} | {r.check} | {'pass' if r.ok else 'FAIL'} | {r.detail} |")
    print(json.dumps([r.__dict__ for r in rows]))
    sys.exit(0 if all(r.ok for r in rows) else 1)


async def run(bolt_port: int, ports: list[int]) -> list[Row]:
    global CYPHER
    from neo4j import AsyncGraphDatabase

    data_dir = REPO / ".data" / "faults"
    shutil.rmtree(data_dir, ignore_errors=True)
    neo4j = Neo4j(bolt=bolt_port, http=bolt_port + 1, data_dir=data_dir)
    neo4j.start()
    fake = FakeOpenAI().start()
    fake.schema_defaults["LLMMemoryExtraction"] = {"delay_s": SLOW_LLM_S, "content": json.dumps(EXTRACTION)}
    fake.schema_defaults["ImpressionObservationPlan"] = {"content": json.dumps({"observations": []})}
    fake.schema_defaults["ReflectionOutput"] = {"content": "{}"}
    env = {
        **neo4j.env,
        "LLM_BASE_URL": fake.base_url,
        "LLM_API_KEY": "faults",
        "LLM_TIMEOUT_S": "30",
        "LLM_MAX_RETRIES": "0",
        "JOB_LEASE_S": str(LEASE_S),
        "JOB_POLL_INTERVAL_S": "0.3",
        "JOB_RETRY_INITIAL_S": "0.5",
        "IDLE_SWEEP_INTERVAL_S": "3600",
    }
    services = [Service(port=p, env=env, log=data_dir / f"service-{p}.log") for p in ports]
    driver = AsyncGraphDatabase.driver(neo4j.env["NEO4J_URI"], auth=("neo4j", neo4j.password()))

    async def run_cypher(text: str, **params: Any) -> list[dict[str, Any]]:
        for _ in range(60):
            try:
                records, _, _ = await driver.execute_query(text, params)
                return [r.data() for r in records]
            except Exception:
                await asyncio.sleep(1)
        raise click.ClickException("Neo4j did not come back")

    CYPHER = run_cypher
    rows: list[Row] = []
    try:
        async with httpx.AsyncClient(timeout=30) as client:
            for service in services:
                await service.ready(client)
            mode = oct(os.stat(data_dir / "neo4j").st_mode & 0o777)
            rows.append(Row("exposure", "Neo4j data folder is owner-only", mode == "0o700", f"mode {mode}"))
            first, second = Api(client, services[0].url), Api(client, services[1].url)
            rows += await duplicates(first)
            rows += await curation(second)
            rows += await service_killed(first, services)
            survivor = next(Api(client, s.url) for s in services if s.proc.poll() is None)
            rows += await neo4j_killed_mid_ingest(survivor, neo4j)
            rows += await neo4j_killed_mid_job(survivor, neo4j)
    finally:
        await driver.close()
        for service in services:
            service.stop()
        fake.stop()
        neo4j.stop()
    return rows


if __name__ == "__main__":
    main()
