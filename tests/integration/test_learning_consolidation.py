"""The daily learning run consolidates the events no extraction has read into memories (seed 003), through the
extraction a conversation's end runs (offline rules here), never extracting a message twice (real Neo4j)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph import jobs
from graphsvc.graph.database import Database
from graphsvc.runtime import Runtime
from graphsvc.service import MemoryService
from tests.integration.lifecycle_support import cypher
from tests.integration.reflection_support import Clock

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
WAIT_S = 120.0
"""How long a test waits for the queue to drain before it fails saying which jobs are still open."""


@pytest.fixture
async def learner(settings: Settings, database: Database, embedder: LocalEmbedder) -> AsyncIterator[MemoryService]:
    """A service on a settable clock whose idle sweep does not run during the test (the run does the work)."""
    extraction = settings.extraction.model_copy(update={"idle_sweep_interval_s": 3600.0})
    quiet = settings.model_copy(update={"extraction": extraction})
    svc = MemoryService(Runtime(settings=quiet, db=database, embedder=embedder, clock=Clock(NOW)))
    await svc.worker.start()
    yield svc
    await svc.worker.stop()
    await svc.rt.vectors.copies.settled()


def clock_of(service: MemoryService) -> Clock:
    clock = service.rt.clock
    assert isinstance(clock, Clock)
    return clock


async def ingest(service: MemoryService, session: str, *lines: str) -> None:
    """Messages of Ana's at the service's current time, the session left open (nobody ends it)."""
    at = clock_of(service).now
    await service.ingest_messages(
        user_id="ana",
        session_id=session,
        messages=[
            MessageIn(role="user", content=text, occurred_at=at, message_id=f"{session}-{i}", speaker="Ana")
            for i, text in enumerate(lines)
        ],
    )


async def memories(service: MemoryService) -> dict[str, int]:
    """Ana's memories: content → how many times it was reinforced (said again) since it was made."""
    rows = await cypher(
        service.db,
        "MATCH (m:Memory {user_id: 'ana'}) RETURN m.content AS content, m.reinforcement_count AS said",
    )
    return {r["content"]: r["said"] for r in rows}


async def unextracted(service: MemoryService) -> set[str]:
    rows = await cypher(
        service.db, "MATCH (e:Event {user_id: 'ana'}) WHERE e.extracted_at IS NULL RETURN e.session_id AS s"
    )
    return {r["s"] for r in rows}


async def test_the_daily_run_extracts_the_conversations_nobody_ended_and_nothing_twice(
    learner: MemoryService,
) -> None:
    await ingest(learner, "ended", "I live in Porto.")
    await learner.end_conversation(user_id="ana", session_id="ended")
    await learner.wait_for_jobs(timeout_s=WAIT_S)
    assert await memories(learner) == {"Ana lives in Porto.": 0}
    await ingest(learner, "forgotten-to-end", "I love painting watercolours.", "I work as a nurse.")
    clock_of(learner).now = NOW + timedelta(hours=2)

    run = await learner.run_daily_learning(user_id="ana")
    await learner.wait_for_jobs(timeout_s=WAIT_S)

    assert await memories(learner) == {
        "Ana lives in Porto.": 0,  # extracted by its own job: not again
        "Ana loves painting watercolours.": 0,
        "Ana works as a nurse.": 0,
    }
    assert await unextracted(learner) == set()
    jobs = await cypher(
        learner.db, "MATCH (j:Job {user_id: 'ana', kind: 'extract_memories'}) RETURN j.session_id AS s, j.status AS st"
    )
    assert sorted((j["s"], j["st"]) for j in jobs) == [("ended", "SUCCEEDED"), ("forgotten-to-end", "SUCCEEDED")]
    assert (run.status, run.conversations_consolidated) == ("COMPLETED", 1)


@pytest.mark.parametrize(
    ("idle", "consolidated"),
    [(timedelta(minutes=30, seconds=-1), 0), (timedelta(minutes=30), 0), (timedelta(minutes=30, seconds=1), 1)],
)
async def test_a_conversation_is_consolidated_only_once_idle_longer_than_the_timeout(
    learner: MemoryService, idle: timedelta, consolidated: int
) -> None:
    assert learner.rt.settings.extraction.idle_conversation_timeout_min == 30
    assert learner.rt.settings.extraction.idle_sweep_interval_s == 3600  # no sweep of the worker's own mid-test
    await ingest(learner, "live", "I love painting watercolours.")
    clock_of(learner).now = NOW + idle

    run = await learner.run_daily_learning(user_id="ana")
    await learner.wait_for_jobs(timeout_s=WAIT_S)

    assert await unextracted(learner) == (set() if consolidated else {"live"})
    assert run.conversations_consolidated == consolidated


async def test_a_wait_for_jobs_that_times_out_names_the_jobs_it_waits_for(learner: MemoryService) -> None:
    await ingest(learner, "later", "I work as a nurse.")
    queued = await jobs.enqueue(
        learner.db,
        user_id="ana",
        kind="learn",
        now=NOW + timedelta(days=1),  # due tomorrow by the service's clock: it is not run during the test
        coalesce_on="learn:2026-03-11",
        target_uid="2026-03-11",
        priority="bulk",
    )
    assert queued is not None

    with pytest.raises(TimeoutError) as raised:
        await learner.wait_for_jobs(timeout_s=0.5)

    message = str(raised.value)
    assert f"{queued[0].uid} learn PENDING user=ana attempts=0 run_after=2026-03-11 12:00:00+00:00" in message
    assert "clock 2026-03-10T12:00:00+00:00" in message
