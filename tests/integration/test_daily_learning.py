"""The daily learning job (seed 003) against the real Neo4j: archival at its boundaries, candidate promotion and
expiry, reflection for idle users, once per user and day across processes, the scheduler, the API and the CLI."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.errors import InvalidInputError
from graphsvc.graph import bulk
from graphsvc.graph.bulk import BulkMemory
from graphsvc.graph.database import Database
from graphsvc.runtime import Runtime
from graphsvc.service import MemoryService
from graphsvc.service.scheduler import DailyScheduler
from graphsvc.service.views import SourceEventIn
from tests.integration.graphql_client import GraphQLClient

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


class Clock:
    """A settable clock shared by the services of one test."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(NOW)


def open_service(settings: Settings, database: Database, embedder: LocalEmbedder, clock: Clock) -> MemoryService:
    return MemoryService(Runtime(settings=settings, db=database, embedder=embedder, clock=clock))


@pytest.fixture
async def learner(
    settings: Settings, database: Database, embedder: LocalEmbedder, clock: Clock
) -> AsyncIterator[MemoryService]:
    svc = open_service(settings, database, embedder, clock)
    await svc.worker.start()
    yield svc
    await svc.worker.stop()
    await svc.rt.vectors.copies.settled()  # no vector-copy fill outlives the test


async def rows(service: MemoryService, cypher: str, **params: Any) -> list[dict[str, Any]]:
    async with service.db.driver.session() as session:
        return [dict(r) async for r in await session.run(cypher, params)]


async def add_memory(service: MemoryService, uid: str, *, user: str, reinforced: datetime, importance: float) -> None:
    await rows(
        service,
        "CREATE (:Memory {uid: $uid, user_id: $user, tenant_key: $user, memory_type: 'fact', content: $uid, "
        "status: 'active', importance: $importance, confidence: 0.9, created_at: $at, last_reinforced_at: $at, "
        "reinforcement_count: 1})",
        uid=uid,
        user=user,
        importance=importance,
        at=reinforced,
    )


async def statuses(service: MemoryService, user: str) -> dict[str, str]:
    found = await rows(service, "MATCH (m:Memory {user_id: $u}) RETURN m.uid AS uid, m.status AS status", u=user)
    return {r["uid"]: r["status"] for r in found}


async def test_archival_takes_old_unimportant_memories_only_at_its_boundaries(learner: MemoryService) -> None:
    days = learner.rt.settings.learning.archive_after_days
    below = learner.rt.settings.learning.archive_importance_below
    old = NOW - timedelta(days=days)
    await add_memory(learner, "exactly-old", user="ana", reinforced=old, importance=0.1)
    await add_memory(learner, "just-older", user="ana", reinforced=old - timedelta(seconds=1), importance=0.1)
    await add_memory(learner, "just-newer", user="ana", reinforced=old + timedelta(seconds=1), importance=0.1)
    await add_memory(learner, "at-importance", user="ana", reinforced=old - timedelta(days=1), importance=below)
    await add_memory(
        learner, "under-importance", user="ana", reinforced=old - timedelta(days=1), importance=below - 0.01
    )
    await add_memory(learner, "bobs", user="bob", reinforced=old - timedelta(days=1), importance=0.0)
    run = await learner.run_daily_learning(user_id="ana")
    assert (run.status, run.ran_now, run.memories_archived) == ("COMPLETED", True, 2)
    assert await statuses(learner, "ana") == {
        "exactly-old": "active",
        "just-older": "archived",
        "just-newer": "active",
        "at-importance": "active",
        "under-importance": "archived",
    }
    assert await statuses(learner, "bob") == {"bobs": "active"}  # another tenant is untouched
    history = await rows(
        learner,
        "MATCH (h:HistoryEntry {event: 'archived'})-[:RECORDS]->(m:Memory) RETURN m.uid AS uid, h.actor AS actor",
    )
    assert sorted((r["uid"], r["actor"]) for r in history) == [
        ("just-older", "daily_learning"),
        ("under-importance", "daily_learning"),
    ]


async def test_archived_memories_leave_default_recall(learner: MemoryService) -> None:
    embedding = (await learner.rt.embedder.embed_passages(["Ana keeps bees on the roof"]))[0].tolist()
    memory = BulkMemory("m1", "ana", "Ana keeps bees on the roof", embedding, importance=0.1, confidence=0.9)
    await bulk.create_memories(learner.rt.db, [memory], now=NOW - timedelta(days=365))
    assert [h.uid for h in await learner.recall(user_id="ana", query="bees on the roof", limit=5)] == ["m1"]
    run = await learner.run_daily_learning(user_id="ana")
    assert run.memories_archived == 1
    assert await learner.recall(user_id="ana", query="bees on the roof", limit=5) == []
    # issue 12's restoreMemory brings an archived memory back into default recall, with its history
    restored = await learner.restore_memory(user_id="ana", memory_id="m1")
    assert restored.status == "active"
    assert [h.uid for h in await learner.recall(user_id="ana", query="bees on the roof", limit=5)] == ["m1"]
    history = await learner.memory_history(user_id="ana", memory_id="m1")
    # (the test's clock stands still, so both entries carry the same time: their order is not defined)
    assert {(h.event, h.actor) for h in history} >= {("archived", "daily_learning"), ("restored", "user")}


async def test_a_second_run_on_the_same_day_changes_nothing(learner: MemoryService, clock: Clock) -> None:
    await add_memory(learner, "old", user="ana", reinforced=NOW - timedelta(days=400), importance=0.0)
    first = await learner.run_daily_learning(user_id="ana")
    assert first.ran_now and first.memories_archived == 1 and first.reflection_status == "COMPLETED"
    await add_memory(learner, "old-too", user="ana", reinforced=NOW - timedelta(days=400), importance=0.0)
    clock.now = NOW + timedelta(hours=3)  # same local day
    again = await learner.run_daily_learning(user_id="ana")
    assert not again.ran_now and again.uid == first.uid and again.memories_archived == 1
    assert (await statuses(learner, "ana"))["old-too"] == "active"  # nothing more was done today
    clock.now = NOW + timedelta(days=1)  # the next day runs again
    tomorrow = await learner.run_daily_learning(user_id="ana")
    assert tomorrow.ran_now and tomorrow.uid != first.uid and tomorrow.memories_archived == 1
    assert tomorrow.reflection_trigger == "interval"  # seed 002's 24 h trigger, for a user with nothing new
    runs = await learner.learning_runs(user_id="ana")
    assert [r.day for r in runs] == [(NOW + timedelta(days=1)).date().isoformat(), NOW.date().isoformat()]
    assert await learner.learning_runs(user_id="bob") == []


async def test_the_learning_day_is_local_to_the_configured_zone(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> None:
    late = Clock(datetime(2026, 3, 10, 23, 30, tzinfo=UTC))
    tokyo = open_service(settings.model_copy(update={"daily_learning_tz": "Asia/Tokyo"}), database, embedder, late)
    run = await tokyo.run_daily_learning(user_id="ana")
    assert run.day == "2026-03-11"  # 08:30 on the 11th in Tokyo


async def test_candidates_are_promoted_and_expired_by_the_daily_run(
    settings: Settings, database: Database, embedder: LocalEmbedder, clock: Clock
) -> None:
    ingest = open_service(settings, database, embedder, clock)
    fresh = SourceEventIn(source_type="todo", source_id="n1", content="Plant tomatoes in the garden", occurred_at=NOW)
    stale = SourceEventIn(
        source_type="todo",
        source_id="n2",
        content="Train for the marathon",
        occurred_at=NOW - timedelta(days=settings.candidates.ttl_days, seconds=1),
    )
    waiting = SourceEventIn(
        source_type="todo",
        source_id="n3",
        content="Read the book about volcanoes",
        occurred_at=NOW - timedelta(days=settings.candidates.ttl_days, seconds=-60),
    )
    await ingest.ingest_events(user_id="ana", events=[fresh, stale, waiting])
    before = {c.content: c.status for c in await ingest.candidates(user_id="ana")}
    assert set(before.values()) == {"open"} and len(before) == 3, before
    # a lower day threshold in the learning process: the one-day candidates now meet the promotion rule...
    lenient = open_service(settings.model_copy(update={"candidate_min_days": 1}), database, embedder, clock)
    run = await lenient.run_daily_learning(user_id="ana")
    assert run.candidates_promoted == 3 and run.candidates_expired == 0
    # promoted before the run reflects: its cycle reads the three memories they became
    [cycle] = await rows(ingest, "MATCH (c:ReflectionCycle {user_id: 'ana'}) RETURN c.memories_scanned AS n")
    assert (run.reflection_status, cycle["n"]) == ("COMPLETED", 3)
    # ...with the default rules, open candidates expire CANDIDATE_TTL_DAYS after they were made, not a second before
    await rows(ingest, "MATCH (n) WHERE n.user_id = 'ana' DETACH DELETE n")
    midnight = datetime(2026, 3, 10, tzinfo=UTC)  # the second before the TTL is the previous day's run
    clock.now = midnight
    await ingest.ingest_events(user_id="ana", events=[fresh, stale, waiting])
    ttl = timedelta(days=settings.candidates.ttl_days)
    clock.now = midnight + ttl - timedelta(seconds=1)
    run = await ingest.run_daily_learning(user_id="ana")
    assert (run.candidates_promoted, run.candidates_expired) == (0, 0)
    clock.now = midnight + ttl
    run = await ingest.run_daily_learning(user_id="ana")
    assert (run.ran_now, run.candidates_promoted, run.candidates_expired) == (True, 0, 3)
    assert {c.status for c in await ingest.candidates(user_id="ana")} == {"expired"}


async def test_two_processes_run_a_users_day_once(
    settings: Settings, database: Database, embedder: LocalEmbedder, clock: Clock
) -> None:
    await rows(
        open_service(settings, database, embedder, clock),
        "UNWIND range(1, 5) AS i CREATE (:Memory {uid: 'm' + i, user_id: 'ana', status: 'active', importance: 0.0, "
        "content: 'x', memory_type: 'fact', created_at: $at, last_reinforced_at: $at})",
        at=NOW - timedelta(days=400),
    )
    a, b = (open_service(settings, database, embedder, clock) for _ in range(2))
    assert a.worker.owner != b.worker.owner
    results = await asyncio.gather(*(s.run_daily_learning(user_id="ana") for s in (a, b, a, b)))
    assert sum(r.ran_now for r in results) == 1
    assert {r.uid for r in results} == {results[0].uid}
    done = await a.learning_runs(user_id="ana")
    assert len(done) == 1 and done[0].status == "COMPLETED" and done[0].memories_archived == 5 and done[0].attempts == 1


async def test_the_scheduler_queues_one_learn_job_per_active_user_and_day_across_processes(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> None:
    # the real clock: job retries and leases must be able to come due
    a, b = (MemoryService(Runtime(settings=settings, db=database, embedder=embedder)) for _ in range(2))
    now = a.rt.clock()
    for user in ("ana", "bob"):
        await a.ingest_events(
            user_id=user,
            events=[SourceEventIn(source_type="note", source_id="n", content="Water the plants", occurred_at=now)],
        )
    await rows(a, "MATCH (e:Event {user_id: 'bob'}) SET e.ingested_at = $old", old=now - timedelta(days=400))
    assert await a.learning_users() == ["ana"]  # bob has been away longer than DAILY_LEARNING_ACTIVE_DAYS
    created = await asyncio.gather(a.queue_daily_learning(), b.queue_daily_learning())
    assert sorted(c or 0 for c in created) == [0, 1]
    assert await a.queue_daily_learning() == 0  # queued already today
    await a.worker.start()
    await b.worker.start()
    try:
        for _ in range(600):
            jobs = [j for j in await a.jobs(user_id="ana") if j.kind == "learn"]
            if jobs and all(j.status in ("SUCCEEDED", "FAILED") for j in jobs):
                break
            await asyncio.sleep(0.1)
    finally:
        await a.worker.stop()
        await b.worker.stop()
    assert [(j.kind, j.status, j.error) for j in jobs] == [("learn", "SUCCEEDED", None)]
    day = a.rt.clock().astimezone(settings.learning.zone).date()
    runs = await a.learning_runs(user_id="ana")
    assert [(r.day, r.status) for r in runs] == [(day.isoformat(), "COMPLETED")]
    assert await a.queue_daily_learning() == 0  # a SUCCEEDED job of the day is not queued again
    assert await a.queue_daily_learning(day=day + timedelta(days=1)) == 1


async def test_the_scheduler_fires_at_the_configured_local_time(settings: Settings) -> None:
    fired: list[int] = []

    async def fire() -> None:
        fired.append(1)

    local = settings.model_copy(update={"daily_learning_at": "04:15", "daily_learning_tz": "Europe/Lisbon"})
    scheduler = DailyScheduler(local.learning, fire)
    assert scheduler.next_fire_time() is None
    scheduler.start()
    try:
        nxt = scheduler.next_fire_time()
        assert nxt is not None and (nxt.hour, nxt.minute) == (4, 15) and str(nxt.tzinfo) == "Europe/Lisbon"
        assert nxt > datetime.now(UTC) and nxt - datetime.now(UTC) <= timedelta(days=1)
    finally:
        scheduler.stop()
    assert scheduler.next_fire_time() is None


async def test_learning_over_graphql(learner: MemoryService) -> None:
    gql = GraphQLClient(learner)
    try:
        body = await gql.execute(
            'mutation { runDailyLearning(userId: "ana") { day status ranNow memoriesArchived reflectionStatus } }'
        )
        assert body["data"]["runDailyLearning"] == {
            "day": NOW.date().isoformat(),
            "status": "COMPLETED",
            "ranNow": True,
            "memoriesArchived": 0,
            "reflectionStatus": "COMPLETED",
        }
        body = await gql.execute('{ learningRuns(userId: "ana") { day status ranNow } }')
        assert body["data"]["learningRuns"] == [{"day": NOW.date().isoformat(), "status": "COMPLETED", "ranNow": False}]
        body = await gql.execute('{ learningRuns(userId: "ana", limit: 0) { day } }')
        assert body["errors"][0]["extensions"]["code"] == "INVALID_INPUT"
    finally:
        await gql.aclose()


async def test_bad_user_ids_are_refused(learner: MemoryService) -> None:
    with pytest.raises(InvalidInputError):
        await learner.run_daily_learning(user_id="  ")


def test_graphsvc_learn_runs_once_per_day(settings: Settings) -> None:
    env = {**os.environ, "GRAPHSVC_ENVIRONMENT": "test"}
    cmd = [sys.executable, "-m", "graphsvc.cli", "learn", "--user", "cli-user"]
    first = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, check=False)
    assert first.returncode == 0, first.stderr
    assert "cli-user" in first.stdout and "COMPLETED (ran)" in first.stdout
    again = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, check=False)
    assert again.returncode == 0, again.stderr
    assert "COMPLETED (already)" in again.stdout
