"""What graphsvc learns on its own, through the product path: conversations replayed to a served graphsvc the way
a user's client sends them, and what the service stored read back (``learning.py`` judges it).

For each user, each session in time order: its messages through ``ingestMessages`` (batches of 100, with their
times, speakers and message ids), then ``endConversation``, then a wait until the user has no PENDING or RUNNING
job (the extraction the call queued, the reflection the extraction queued, the vectors and promotions ingest
queued, anything else the service scheduled) before the next session. Nothing internal is called: what is learned
is what the service's own jobs did. ``force_reflection`` adds one ``reflect(force: true)`` after the last session.

Read back with parameterised Cypher (the API does not show the rule ids yet): every memory but forgotten ones with
the message ids and speakers of the events it was extracted from (``EXTRACTED_FROM``); every trait but dissolved
ones with its evidence memories and their speakers; every entity; every ``RELATES`` edge. Properties the rulebook
adds (``rule_id`` on Memory, Trait and RELATES, ``kind_rule`` on Entity, ``about`` on Trait) are read when present,
null otherwise.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import click
import httpx
from neo4j import AsyncGraphDatabase
from served import served
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from graphsvc.config import Settings
from graphsvc.graph.database import driver_options

Record = dict[str, Any]
BATCH = 100

INGEST = """mutation($input: IngestMessagesInput!) { ingestMessages(input: $input) { stored } }"""
END = """mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"""
OPEN_JOBS = """query($u: String!) { jobs(userId: $u, limit: 500) { status } }"""
"""The user's jobs in one read (one snapshot). Two fields, one per status, are resolved apart: a job claimed between
them (PENDING when the RUNNING field was read, RUNNING when the PENDING one was) is in neither, and the wait ended
while a reflection was still running."""
FORCE = """mutation($u: String!) { reflect(userId: $u, force: true) { status memoriesScanned traitsCreated } }"""
OUTCOME = """query($u: String!) {
  jobs(userId: $u, status: FAILED, limit: 500) { kind error }
  reflectionCycles(userId: $u, limit: 500) { status mode memoriesScanned traitsCreated } }"""

READS: dict[str, str] = {
    "memory": """
MATCH (m:Memory {user_id: $user}) WHERE m.status <> 'forgotten'
OPTIONAL MATCH (m)-[:EXTRACTED_FROM]->(e:Event)
WITH m, collect(e) AS events
RETURN m.content AS text, m.rule_id AS rule, m.memory_type AS type, m.status AS status,
       [e IN events | e.source_id] AS message_ids, [e IN events | e.speaker] AS speakers""",
    "trait": """
MATCH (t:Trait {user_id: $user}) WHERE t.stage <> 'dissolved'
OPTIONAL MATCH (t)<-[:SUPPORTS]-(:Evidence)-[:CITES]->(m:Memory)
OPTIONAL MATCH (m)-[:EXTRACTED_FROM]->(e:Event)
RETURN t.content AS text, t.rule_id AS rule, t.stage AS stage, t.subtype AS subtype, t.about AS about,
       collect(DISTINCT m.content) AS evidence, collect(DISTINCT e.speaker) AS speakers""",
    "entity": """
MATCH (n:Entity {user_id: $user})
RETURN n.subject + ' (' + n.kind + ')' AS text, n.kind_rule AS rule, n.subject AS name, n.kind AS entity_kind""",
    "relation": """
MATCH (a:Entity {user_id: $user})-[r:RELATES]->(b:Entity)
RETURN a.subject + ' -' + r.relation + '-> ' + b.subject AS text, r.rule_id AS rule,
       a.subject AS source, r.relation AS relation, b.subject AS target""",
}
"""Per kind, the rows of one user's outputs: ``text`` (what is judged), ``rule`` (the rule id or null) and
details for the labeller."""


@contextmanager
def served_offline(*, users_at_once: int, prefix: str) -> Iterator[tuple[str, str]]:
    """``graphsvc serve`` learning on its own (the environment without its ``LLM_*`` settings; limits high enough
    for one caller replaying ``users_at_once`` users at a time); yields its base URL and the path of its log, a
    temporary file named ``prefix…``.

    Raises:
        click.ClickException: the service did not start with the offline extractor (its log is named).
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("LLM_")} | {
        "RATE_LIMIT": "100000/minute",
        "MAX_INFLIGHT_PER_CALLER": str(4 * users_at_once),
        "JOB_CONCURRENCY": str(users_at_once),
    }
    with tempfile.NamedTemporaryFile("w", prefix=prefix, suffix=".log", delete=False) as log:
        with served(env, log=log) as (url, _):
            yield url, log.name
    if "extractor: the offline rulebook" not in Path(log.name).read_text(encoding="utf-8"):
        raise click.ClickException(f"the service did not start with the offline extractor; see {log.name}")


@dataclass
class Replay:
    """One user's replay: the outputs read back (per kind, Cypher rows) and how the service's jobs went."""

    outputs: dict[str, list[Record]] = field(default_factory=dict)
    sessions: int = 0
    messages: int = 0
    failed_jobs: Counter[str] = field(default_factory=Counter)
    cycles: Counter[str] = field(default_factory=Counter)
    """Reflection cycles by ``status/mode``, plus ``memories_scanned`` and ``traits_created`` summed."""
    forced: Record | None = None
    """The forced cycle's ``reflect`` answer and the trait texts that appeared only after it."""


ATTEMPTS = 6
"""Tries of one request the service refused as busy (:meth:`Api.call`)."""


class Refused(RuntimeError):
    """The service refused a request and asked for it again later (HTTP 429 or 503)."""


class Api:
    """GraphQL over HTTP to the served graphsvc."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def call(self, query: str, **variables: Any) -> Record:
        """The ``data`` of one request; a refusal the service asks to retry (HTTP 429 or 503: busy, past its
        deadline, Neo4j away) is sent again, as a client would, up to :data:`ATTEMPTS` times with exponential
        backoff (every request the benchmark sends is idempotent: messages carry their ids).

        Raises:
            RuntimeError: another HTTP error status or GraphQL errors, or a refusal on every attempt.
        """
        async for attempt in AsyncRetrying(
            retry=retry_if_exception_type(Refused),
            stop=stop_after_attempt(ATTEMPTS),
            wait=wait_exponential(multiplier=1, max=30),
            reraise=True,
        ):
            with attempt:
                answer = await self.client.post("/graphql", json={"query": query, "variables": variables})
                body = answer.json()
                if answer.status_code in (429, 503):
                    raise Refused(f"graphql {answer.status_code}: {body.get('errors')}")
                if answer.status_code != 200 or body.get("errors"):
                    raise RuntimeError(f"graphql {answer.status_code}: {body.get('errors')}")
        data: Record = body["data"]
        return data

    async def settle(self, user_id: str, *, poll_s: float, timeout_s: float) -> None:
        """Wait until ``user_id`` has no PENDING or RUNNING job at two polls in a row (one poll once saw none while
        the last reflection was still to write a trait: a full run read back neither it nor the memory that reflection
        promoted, both in the database afterwards).

        Raises:
            TimeoutError: jobs still open after ``timeout_s``.
        """
        deadline = time.monotonic() + timeout_s
        quiet = 0
        while True:
            data = await self.call(OPEN_JOBS, u=user_id)
            quiet = 0 if any(job["status"] in ("PENDING", "RUNNING") for job in data["jobs"]) else quiet + 1
            if quiet >= 2:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"jobs of {user_id} still open after {timeout_s:.0f} s")
            await asyncio.sleep(poll_s)


def sessions_in_order(records: Sequence[Record]) -> list[tuple[str, list[Record]]]:
    """``[(session id, its records in order)]``, sessions ordered by their first message's time."""
    sessions: dict[str, list[Record]] = {}
    for r in records:
        sessions.setdefault(r["sessionId"], []).append(r)
    return sorted(sessions.items(), key=lambda item: min(datetime.fromisoformat(r["occurredAt"]) for r in item[1]))


class Graph:
    """Reads of what the service stored, on the Neo4j of the environment's settings (``NEO4J_URI``)."""

    def __init__(self, settings: Settings) -> None:
        auth = (settings.neo4j.user, settings.resolve_neo4j_password())
        self.driver = AsyncGraphDatabase.driver(settings.neo4j.uri, auth=auth, **driver_options(settings))
        self.database = settings.neo4j.database

    async def outputs(self, user_id: str, kinds: Sequence[str] = tuple(READS)) -> dict[str, list[Record]]:
        """Per kind, the rows of :data:`READS` for the user (as stored now)."""
        out: dict[str, list[Record]] = {}
        for kind in kinds:
            result = await self.driver.execute_query(READS[kind], user=user_id, database_=self.database)
            out[kind] = [dict(row) for row in result.records]
        return out

    async def close(self) -> None:
        await self.driver.close()


async def replay_user(
    api: Api,
    graph: Graph,
    *,
    user_id: str,
    records: Sequence[Record],
    force_reflection: bool,
    poll_s: float = 0.5,
    timeout_s: float = 900.0,
) -> Replay:
    """Replay one user's sessions through the API (service user id ``user_id``) and read back what was learned."""
    run = Replay()
    for session_id, messages in sessions_in_order(records):
        for start in range(0, len(messages), BATCH):
            batch = [
                {k: r[k] for k in ("role", "content", "occurredAt", "messageId", "speaker") if r.get(k)}
                for r in messages[start : start + BATCH]
            ]
            await api.call(INGEST, input={"userId": user_id, "sessionId": session_id, "messages": batch})
        await api.call(END, u=user_id, s=session_id)
        await api.settle(user_id, poll_s=poll_s, timeout_s=timeout_s)
        run.sessions += 1
        run.messages += len(messages)
    run.outputs = await graph.outputs(user_id)
    if force_reflection:
        answer = (await api.call(FORCE, u=user_id))["reflect"]
        await api.settle(user_id, poll_s=poll_s, timeout_s=timeout_s)
        before = {row["text"] for row in run.outputs["trait"]}
        after = (await graph.outputs(user_id, ["trait"]))["trait"]
        run.forced = answer | {"new_traits": [row["text"] for row in after if row["text"] not in before]}
        run.outputs["trait"] = after
    outcome = await api.call(OUTCOME, u=user_id)
    run.failed_jobs.update(job["kind"] for job in outcome["jobs"])
    for cycle in outcome["reflectionCycles"]:
        run.cycles[f"{cycle['status']}/{cycle['mode']}"] += 1
        run.cycles["memories_scanned"] += cycle["memoriesScanned"]
        run.cycles["traits_created"] += cycle["traitsCreated"]
    return run
