"""Neo4j outages (:mod:`graphsvc.graph.recovery`): database work is refused at once while Neo4j is away, and the
statements requests ran are warmed before serving again; a real ``graphsvc serve`` whose Neo4j stops and starts
again answers recall within seconds of Neo4j answering, and nothing stored before the outage is lost.

The test starts its OWN Neo4j (``scripts/neo4j`` with its own data folder and free ports, so the session's test
Neo4j is never stopped), serves graphsvc on it with the production request deadline (10 s), stores messages,
stops Neo4j for :data:`OUTAGE_S` seconds while a caller keeps recalling every :data:`POLL_S` seconds, starts it
again, and times from "Neo4j ready" (``RETURN 1`` answered on a fresh connection) to ``/ready`` 200 and to the
first recall that finds the stored messages: until the service has warmed recall's statements every recall is
refused at once with DATABASE_UNAVAILABLE (none runs into its deadline), and then recall answers, while the rest of
the warm-up runs or right after it. Its Neo4j is stopped even when the test fails.

Slow: starting a second Neo4j and a service process takes about a minute on a 2-core machine, so the whole test
takes two to four minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from neo4j import AsyncGraphDatabase

from graphsvc.config import Settings
from graphsvc.errors import DatabaseUnavailableError
from graphsvc.graph.database import Database
from graphsvc.logs import bound
from tests.conftest import REPO
from tests.integration.service_processes import free_port, service_environment, start_graphsvc, stop, wait_until

OUTAGE_S = 12.0
"""How long Neo4j stays stopped."""
POLL_S = 0.25
"""A recall (and a ``/ready``) is sent this often, each on its own (callers do not wait for each other)."""
READY_BOUND_S = 150.0
"""From Neo4j ready to ``/ready`` 200: the service probes Neo4j every 0.5 s, then warms its statements (at most
120 s). The warm-up is Neo4j planning the statements on a cold JVM: measured 38–50 s on a 2-core machine at
load 12–19 (recall_text alone 29–30 s)."""
AFTER_READY_S = 10.0
"""From ``/ready`` 200 to the first recall that finds the stored messages (its plans are warm by then: ~0.1 s)."""
USER = "outage"
RECALL = "query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 5) { id content } }"
INGEST = "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"
MESSAGES = [f"Message {i}: I grow tomatoes in my garden by the lake." for i in range(1, 7)]


@dataclass(frozen=True)
class OwnNeo4j:
    """A Neo4j of this test alone, run by ``scripts/neo4j`` with ``env``."""

    env: dict[str, str]
    bolt: int

    def command(self, action: str) -> None:
        done = subprocess.run(
            [str(REPO / "scripts" / "neo4j"), action], env=self.env, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, f"scripts/neo4j {action} failed:\n{done.stdout}\n{done.stderr}"

    def password(self) -> str:
        return (Path(self.env["GRAPHSVC_DATA_DIR"]) / "neo4j" / "password").read_text().strip()


@pytest.fixture(scope="module")
def own_neo4j(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OwnNeo4j]:
    bolt = free_port()
    env = {
        **os.environ,
        "GRAPHSVC_DATA_DIR": str(tmp_path_factory.mktemp("outage-neo4j")),
        "NEO4J_BOLT_PORT": str(bolt),
        "NEO4J_HTTP_PORT": str(free_port()),
        "NEO4J_URI": f"bolt://127.0.0.1:{bolt}",
        "NEO4J_HEAP": "1g",
        "NEO4J_PAGECACHE": "256m",
        "NEO4J_GUIDE_PORT": "off",
    }
    env.pop("NEO4J_PASSWORD", None)
    neo4j = OwnNeo4j(env=env, bolt=bolt)
    try:
        neo4j.command("start")
        yield neo4j
    finally:
        subprocess.run([str(REPO / "scripts" / "neo4j"), "stop"], env=env, capture_output=True, check=False)


async def answers(neo4j: OwnNeo4j) -> bool:
    """Neo4j is ready: ``RETURN 1`` answered on a fresh driver."""
    driver = AsyncGraphDatabase.driver(
        f"bolt://127.0.0.1:{neo4j.bolt}",
        auth=("neo4j", neo4j.password()),
        connection_timeout=2,
        connection_acquisition_timeout=5,
    )
    try:
        await driver.execute_query("RETURN 1")
        return True
    except Exception:
        return False
    finally:
        await driver.close()


async def stored_events(neo4j: OwnNeo4j) -> int:
    async with AsyncGraphDatabase.driver(f"bolt://127.0.0.1:{neo4j.bolt}", auth=("neo4j", neo4j.password())) as d:
        records, _, _ = await d.execute_query("MATCH (e:Event {user_id: $u}) RETURN count(e) AS n", {"u": USER})
        return int(records[0]["n"])


async def recall(client: httpx.AsyncClient) -> str:
    """``ok`` when recall answered and found a stored message, else what it answered."""
    try:
        response = await client.post("/graphql", json={"query": RECALL, "variables": {"u": USER, "q": "tomatoes"}})
        body: dict[str, Any] = response.json()
    except (httpx.HTTPError, ValueError) as exc:
        return type(exc).__name__
    if body.get("errors"):
        return str(body["errors"][0].get("extensions", {}).get("code"))
    hits = (body.get("data") or {}).get("recall") or []
    return "ok" if any("tomatoes" in h["content"] for h in hits) else "no hits"


@pytest.mark.timeout(900)
async def test_recall_answers_within_seconds_of_neo4j_coming_back_and_nothing_is_lost(
    own_neo4j: OwnNeo4j, settings: Settings, tmp_path: Path
) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    env = service_environment(
        settings,
        NEO4J_URI=own_neo4j.env["NEO4J_URI"],
        GRAPHSVC_DATA_DIR=own_neo4j.env["GRAPHSVC_DATA_DIR"],
        REQUEST_DEADLINE_S="10",  # the production deadline: a recall that cannot finish in it is cancelled
    )
    proc = start_graphsvc(["serve", "--host", "127.0.0.1", "--port", str(port)], env=env, log=log)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until("graphsvc serve", lambda: _ready(url), [proc], [log])
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            messages = [
                {"messageId": f"m{i}", "role": "user", "content": text, "occurredAt": f"2024-05-01T10:00:0{i}Z"}
                for i, text in enumerate(MESSAGES, start=1)
            ]
            deadline = time.monotonic() + 180  # the first requests plan Neo4j's statements, past their deadline
            ingest = {"query": INGEST, "variables": {"i": {"userId": USER, "sessionId": "s1", "messages": messages}}}
            while (await client.post("/graphql", json=ingest)).json().get("errors"):  # idempotent: same ids
                assert time.monotonic() < deadline, "the messages could not be stored before the outage"
                await asyncio.sleep(0.5)
            while await recall(client) != "ok":
                assert time.monotonic() < deadline, "recall never found the stored messages before the outage"
                await asyncio.sleep(0.5)
            before = await stored_events(own_neo4j)

            answered: list[tuple[float, str]] = []
            ready_at: list[float] = []
            stopping = asyncio.Event()

            async def one() -> None:
                outcome = await recall(client)
                answered.append((time.monotonic(), outcome))

            async def caller() -> None:
                calls: list[asyncio.Task[None]] = []
                while not stopping.is_set():
                    calls.append(asyncio.create_task(one()))
                    with contextlib.suppress(httpx.HTTPError):
                        if (await client.get("/ready", timeout=5)).status_code == 200:
                            ready_at.append(time.monotonic())
                    await asyncio.sleep(POLL_S)
                await asyncio.gather(*calls)

            polling = asyncio.create_task(caller())
            try:
                await asyncio.to_thread(own_neo4j.command, "stop")
                stopped = time.monotonic()
                await asyncio.sleep(OUTAGE_S)
                starting = asyncio.create_task(asyncio.to_thread(own_neo4j.command, "start"))
                while not await answers(own_neo4j):
                    assert not starting.done() or starting.exception() is None, "Neo4j did not start again"
                    await asyncio.sleep(0.1)
                back = time.monotonic()
                while time.monotonic() - back < READY_BOUND_S + AFTER_READY_S:  # both seen: a recall may answer first
                    if any(at >= stopped and outcome == "ok" for at, outcome in answered) and any(
                        at >= stopped for at in ready_at
                    ):
                        break
                    await asyncio.sleep(0.1)
                await starting
            finally:
                stopping.set()
                await polling
            # seconds from Neo4j ready (the service may see it a moment before this test does: then below 0)
            after = sorted((at - back, outcome) for at, outcome in answered if at >= stopped)
            first_ok = next((t for t, outcome in after if outcome == "ok"), None)
            ready_s = next((t - back for t in ready_at if t >= stopped), None)
            before_ok = {outcome for t, outcome in after if 0 <= t and (first_ok is None or t < first_ok)}
            assert ready_s is not None and ready_s <= READY_BOUND_S, f"/ready 200 {ready_s} s after Neo4j was ready"
            assert first_ok is not None and first_ok <= ready_s + AFTER_READY_S, (
                f"first recall found the messages {first_ok} s after Neo4j was ready, /ready 200 after {ready_s} s; "
                f"before it: {before_ok}"
            )
            # refused at once until then: no recall ran into its deadline planning Neo4j's statements
            assert before_ok <= {"DATABASE_UNAVAILABLE"}, before_ok
            assert await stored_events(own_neo4j) == before == len(MESSAGES)
    finally:
        stop([proc])


def _ready(url: str) -> bool:
    try:
        return httpx.get(f"{url}/ready", timeout=5).status_code == 200
    except httpx.HTTPError:
        return False


async def test_after_an_outage_work_is_refused_at_once_until_neo4j_answers_and_request_statements_are_warm(
    database: Database,
) -> None:
    db = Database(database.driver, database=database.database, uri=database.uri)  # the session's driver, own state
    try:
        with bound(request_id="r1"):
            await db.read("ping")  # a request's statement: warmed after an outage
        with bound(request_id=None, job_id="j1"):
            await db.read("indexes_not_online")  # a job's: plans on its own
        db.recovery.outage()  # as when a statement met an unreachable Neo4j
        started = time.monotonic()
        with pytest.raises(DatabaseUnavailableError):
            await db.read("ping")
        assert time.monotonic() - started < 0.5  # refused at once, no driver wait
        async with asyncio.timeout(30):
            await db.recovery.wait_up()
        assert db.recovery.phase == "up" and db.recovery.refusal() is None
        assert (db.recovery.recoveries, db.recovery.last_warmed) == (1, 1)
        assert await db.read("ping") == [{"ok": 1}]
    finally:
        await db.recovery.aclose()


async def test_while_plans_warm_a_read_of_a_warm_statement_is_served_and_other_work_waits(database: Database) -> None:
    db = Database(database.driver, database=database.database, uri=database.uri)  # the session's driver, own state
    db.recovery.phase = "warming"  # as between Neo4j answering again and the end of the warm-up
    db.recovery.warmed = {"ping"}
    try:
        assert await db.read("ping") == [{"ok": 1}]  # warm: served before the warm-up ends
        with pytest.raises(DatabaseUnavailableError, match="preparing its query plans"):
            await db.read("indexes_not_online")  # not warm yet: refused at once
        with pytest.raises(DatabaseUnavailableError, match="preparing its query plans"):
            await db.write_many([])  # writes wait for the whole warm-up
    finally:
        db.recovery.phase = "up"
