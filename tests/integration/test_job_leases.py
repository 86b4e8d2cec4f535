"""Jobs run exactly once across workers sharing one database: leases, takeover, one job per user, priorities,
coalesced endConversation, cancel and retry (issue 11). Workers here are real JobWorkers on the real Neo4j
with test handlers, so timing is controlled; tests/integration/test_job_processes.py does it with processes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta

import pytest

from graphsvc.clock import utc_now
from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.errors import ConflictError, DatabaseUnavailableError, NotFoundError
from graphsvc.graph import job_leases, jobs
from graphsvc.graph.database import Database, NamedTx
from graphsvc.graph.jobs import JobRow, commit_with_job
from graphsvc.graph.leases import NamedLease
from graphsvc.service import MemoryService
from graphsvc.service.worker import JobWorker
from tests.integration.conftest import at, make_service

Handler = Callable[[JobRow], Awaitable[None]]


@pytest.fixture
def lease_settings(settings: Settings) -> Settings:
    # 3 s: renewals every second stay well inside the lease even on a loaded 2-core machine.
    return settings.model_copy(update={"job_lease_s": 3.0, "job_poll_interval_s": 0.05, "job_concurrency": 4})


async def complete(db: Database, job: JobRow) -> None:
    """What a handler commits at its end: SUCCEEDED, only while it still owns the job."""

    async def work(tx: NamedTx) -> object:
        return await tx.write(
            "complete_job",
            uid=job.uid,
            user_id=job.user_id,
            owner=job.owner,
            now=utc_now(),
            llm_calls=0,
            tokens_in=0,
            tokens_out=0,
            outcome="test",
        )

    await commit_with_job(db, job, now=utc_now(), work=work)


class Recorder:
    """A handler that records each start and finishes when released (or at once with ``auto``)."""

    def __init__(self, db: Database, *, auto: bool = False) -> None:
        self.db = db
        self.starts: list[tuple[str, str | None]] = []
        self.release = asyncio.Event()
        if auto:
            self.release.set()
        self.running = 0
        self.max_running_per_user: dict[str, int] = {}
        self._per_user: dict[str, int] = {}

    async def __call__(self, job: JobRow) -> None:
        self.starts.append((job.uid, job.owner))
        self._per_user[job.user_id] = self._per_user.get(job.user_id, 0) + 1
        self.max_running_per_user[job.user_id] = max(
            self.max_running_per_user.get(job.user_id, 0), self._per_user[job.user_id]
        )
        try:
            await self.release.wait()
            await complete(self.db, job)
        finally:
            self._per_user[job.user_id] -= 1


@pytest.fixture
async def workers(
    lease_settings: Settings, database: Database
) -> AsyncIterator[Callable[[Handler, str], Awaitable[JobWorker]]]:
    started: list[JobWorker] = []

    async def make(handler: Handler, owner: str) -> JobWorker:
        worker = JobWorker(
            db=database,
            settings=lease_settings,
            clock=utc_now,
            handlers={"extract_memories": handler, "reflect": handler},
            owner=owner,
        )
        await worker.start()
        started.append(worker)
        return worker

    yield make
    for worker in started:
        await worker.stop()


async def queue(service: MemoryService, user: str, session: str, *, priority: str = "interactive") -> JobRow:
    await service.ingest_messages(
        user_id=user,
        session_id=session,
        messages=[MessageIn(role="user", content=f"hello from {session}", occurred_at=at(1), message_id="m1")],
    )
    return await service.end_conversation(user_id=user, session_id=session, priority=priority)  # type: ignore[arg-type]


@pytest.fixture
async def front(lease_settings: Settings, database: Database, embedder: object) -> MemoryService:
    """A service without a running worker: it only queues jobs."""
    from tests.integration.conftest import make_service

    return make_service(lease_settings, database, embedder)  # type: ignore[arg-type]


async def job(service: MemoryService, uid: str) -> JobRow:
    return await service.job(job_id=uid, user_ids=None)


async def until(predicate: Callable[[], Awaitable[bool]], timeout_s: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not await predicate():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.05)


async def test_a_live_lease_is_never_taken_over_and_an_expired_one_is(
    front: MemoryService, database: Database, workers: Callable[[Handler, str], Awaitable[JobWorker]]
) -> None:
    queued = await queue(front, "ana", "s1")
    first = Recorder(database)
    first_worker = await workers(first, "first")
    await until(lambda: _started(first))
    second = Recorder(database, auto=True)
    await workers(second, "second")
    await asyncio.sleep(4.0)  # more than a lease length: the first owner keeps renewing
    assert second.starts == []
    assert (await job(front, queued.uid)).owner == "first"
    # The first owner dies: its lease lapses and it polls no more (a live first worker could win the
    # takeover race itself). Its hand-back on stop names an owner the job no longer has, so it writes nothing.
    async with database.driver.session() as s:
        await (
            await s.run("MATCH (j:Job {uid: $u}) SET j.owner = 'killed', j.lease_until = datetime()", u=queued.uid)
        ).consume()
    await first_worker.stop()
    await until(lambda: _started(second))
    await until(lambda: _status(front, queued.uid, "SUCCEEDED"))
    done = await job(front, queued.uid)
    assert done.attempts == 2 and second.starts[0][1] == "second"


async def test_a_job_taken_over_commits_nothing_from_its_old_owner(
    front: MemoryService, database: Database, workers: Callable[[Handler, str], Awaitable[JobWorker]]
) -> None:
    queued = await queue(front, "ana", "s1")
    slow = Recorder(database)
    await workers(slow, "old")
    await until(lambda: _started(slow))
    async with database.driver.session() as s:  # another process took it over
        await (
            await s.run(
                "MATCH (j:Job {uid: $u}) SET j.owner = 'new', j.lease_until = datetime() + duration('PT60S')",
                u=queued.uid,
            )
        ).consume()
    await asyncio.sleep(1.6)  # the old owner's next renewal sees the lease lost and cancels its handler
    slow.release.set()
    await asyncio.sleep(0.3)
    after = await job(front, queued.uid)
    assert after.status == "RUNNING" and after.owner == "new"  # the old owner wrote nothing


async def test_one_job_per_user_at_a_time_across_workers(
    front: MemoryService, database: Database, workers: Callable[[Handler, str], Awaitable[JobWorker]]
) -> None:
    uids = [(await queue(front, "ana", f"s{i}")).uid for i in range(4)]
    uids.append((await queue(front, "bob", "s1")).uid)
    handler = Recorder(database, auto=False)
    for name in ("w1", "w2", "w3"):
        await workers(handler, name)

    async def release_later() -> None:
        await asyncio.sleep(0.5)
        handler.release.set()

    releaser = asyncio.create_task(release_later())
    await until(lambda: _all_status(front, uids, "SUCCEEDED"), timeout_s=20)
    await releaser
    assert handler.max_running_per_user == {"ana": 1, "bob": 1}
    assert sorted(u for u, _ in handler.starts) == sorted(uids)  # each ran once


async def test_interactive_jobs_are_claimed_before_bulk_ones(
    front: MemoryService, lease_settings: Settings, database: Database
) -> None:
    bulk = [(await queue(front, f"bulk-{i}", "s1", priority="bulk")).uid for i in range(3)]
    interactive = (await queue(front, "chat", "s1")).uid
    order: list[str] = []

    async def record(j: JobRow) -> None:
        order.append(j.uid)
        await complete(database, j)

    settings = lease_settings.model_copy(update={"job_concurrency": 1})
    worker = JobWorker(
        db=database, settings=settings, clock=utc_now, handlers={"extract_memories": record, "reflect": record}
    )
    await worker.start()
    try:
        await until(lambda: _all_status(front, [*bulk, interactive], "SUCCEEDED"))
    finally:
        await worker.stop()
    assert order[0] == interactive and set(order[1:]) == set(bulk)


async def test_concurrent_end_conversation_queues_one_job(front: MemoryService) -> None:
    await queue(front, "ana", "s1")
    jobs = await asyncio.gather(*(front.end_conversation(user_id="ana", session_id="s1") for _ in range(20)))
    assert len({j.uid for j in jobs}) == 1
    listed = [j for j in await front.jobs(user_id="ana") if j.kind == "extract_memories"]
    assert len(listed) == 1 and listed[0].status == "PENDING"


async def test_end_conversation_while_the_extraction_runs_queues_one_more_only_for_newer_messages(
    front: MemoryService, database: Database, workers: Callable[[Handler, str], Awaitable[JobWorker]]
) -> None:
    first = await queue(front, "ana", "s1")
    handler = Recorder(database)
    await workers(handler, "w")
    await until(lambda: _started(handler))
    same = await front.end_conversation(user_id="ana", session_id="s1")
    assert same.uid == first.uid and same.status == "RUNNING"  # it read every message there is
    await front.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[MessageIn(role="user", content="one more thing", occurred_at=at(2), message_id="m2")],
    )
    again = await front.end_conversation(user_id="ana", session_id="s1")
    assert again.uid != first.uid and again.status == "PENDING"  # the running job may not have seen m2
    assert (await front.end_conversation(user_id="ana", session_id="s1")).uid == again.uid


async def test_cancel_a_pending_job_and_retry_it(front: MemoryService) -> None:
    queued = await queue(front, "ana", "s1")
    cancelled = await front.cancel_job(user_id="ana", job_id=queued.uid)
    assert cancelled.status == "CANCELLED"
    with pytest.raises(ConflictError):
        await front.cancel_job(user_id="ana", job_id=queued.uid)
    with pytest.raises(NotFoundError):
        await front.cancel_job(user_id="bob", job_id=queued.uid)  # another user's job does not exist for bob
    retried = await front.retry_job(user_id="ana", job_id=queued.uid)
    assert retried.status == "PENDING" and retried.attempts == 0 and not retried.cancel_requested
    with pytest.raises(ConflictError):
        await front.retry_job(user_id="ana", job_id=queued.uid)  # already queued


async def test_cancel_a_running_job_stops_it_and_commits_nothing(
    front: MemoryService, database: Database, workers: Callable[[Handler, str], Awaitable[JobWorker]]
) -> None:
    queued = await queue(front, "ana", "s1")
    handler = Recorder(database)
    await workers(handler, "w")
    await until(lambda: _started(handler))
    asked = await front.cancel_job(user_id="ana", job_id=queued.uid)
    assert asked.status == "RUNNING" and asked.cancel_requested
    await until(lambda: _status(front, queued.uid, "CANCELLED"), timeout_s=10)
    handler.release.set()
    await asyncio.sleep(0.3)
    assert (await job(front, queued.uid)).status == "CANCELLED"


async def test_a_failure_that_cannot_be_recorded_is_retried_when_the_database_returns(
    front: MemoryService, lease_settings: Settings, database: Database
) -> None:
    queued = await queue(front, "ana", "s1")
    calls = 0

    async def flaky(j: JobRow) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("the work failed")
        await complete(database, j)

    class FailWritesOnce(Database):
        """The database: writing the failure is refused once, as if Neo4j were away at that moment."""

        refused = False

        async def write(self, name: str, **params: object) -> list[dict[str, object]]:
            if name == "fail_job" and not FailWritesOnce.refused:
                FailWritesOnce.refused = True
                raise DatabaseUnavailableError(uri="bolt://test", reason="down")
            return await super().write(name, **params)

    db = FailWritesOnce(database.driver, database=database.database, uri=database.uri)
    worker = JobWorker(
        db=db, settings=lease_settings, clock=utc_now, handlers={"extract_memories": flaky, "reflect": flaky}
    )
    await worker.start()
    try:
        await until(lambda: _status(front, queued.uid, "SUCCEEDED"), timeout_s=20)
    finally:
        await worker.stop()
    done = await job(front, queued.uid)
    assert FailWritesOnce.refused and calls == 2 and done.attempts == 2


async def test_a_named_lease_has_one_holder_until_it_expires_or_is_released(database: Database) -> None:
    clock = utc_now
    a = NamedLease(database, key="test-sweep", owner="a", ttl_s=0.5, clock=clock)
    b = NamedLease(database, key="test-sweep", owner="b", ttl_s=0.5, clock=clock)
    assert await a.acquire() and await a.acquire()  # re-acquiring one's own lease is fine
    assert not await b.acquire()
    assert await b.renew() == "lost" and await a.renew() == "held"
    await asyncio.sleep(0.6)
    assert await b.acquire()  # expired: taken over
    assert await a.renew() == "lost"
    await b.release()
    ran, result = await a.run(lambda: asyncio.sleep(0, result="swept"))
    assert ran and result == "swept"
    assert await b.acquire()  # a released it after running


async def test_settled_when_the_owner_died_on_its_last_attempt(
    front: MemoryService, database: Database, lease_settings: Settings
) -> None:
    queued = await queue(front, "ana", "s1")
    async with database.driver.session() as s:
        await (
            await s.run(
                "MATCH (j:Job {uid: $u}) SET j.status = 'RUNNING', j.owner = 'dead', j.attempts = $n, "
                "j.lease_until = datetime() - duration('PT1S')",
                u=queued.uid,
                n=lease_settings.jobs.max_attempts,
            )
        ).consume()
        # only the extraction is in play: the messages' embedding job is taken as done
        await (await s.run("MATCH (j:Job {user_id: 'ana', kind: 'embed_events'}) SET j.status = 'SUCCEEDED'")).consume()
    worker = JobWorker(db=database, settings=lease_settings, clock=utc_now, handlers={})
    assert await worker.poll_once() == 0
    failed = await job(front, queued.uid)
    assert failed.status == "FAILED" and failed.error is not None and "lease" in failed.error


async def _started(recorder: Recorder) -> bool:
    return bool(recorder.starts)


async def _status(service: MemoryService, uid: str, status: str) -> bool:
    return (await service.job(job_id=uid, user_ids=None)).status == status


async def _all_status(service: MemoryService, uids: list[str], status: str) -> bool:
    return all([(await service.job(job_id=u, user_ids=None)).status == status for u in uids])


async def test_a_reflection_already_running_does_not_stand_for_the_one_a_later_extraction_queues(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> None:
    """A reflection claimed after a session's last ingest may still have read the user's memories before that
    session's extraction wrote its own: the extraction queues another one (seed 002 §1: a conversation end is a
    reflection trigger), unlike a second endConversation of one session, which an extraction running already
    covers."""
    service = make_service(settings, database, embedder)  # no worker: the test claims the job itself
    db = service.rt.db
    for session in ("s1", "s2"):
        await service.ingest_messages(
            user_id="ana",
            session_id=session,
            messages=[MessageIn(role="user", content=f"I hike ({session}).", occurred_at=at(1), message_id="m1")],
        )
    first = await jobs.enqueue(db, user_id="ana", kind="reflect", now=utc_now(), coalesce_on="ana", session_id="s1")
    assert first is not None
    running = await job_leases.claim(
        db,
        uid=first[0].uid,
        now=utc_now(),
        lease=job_leases.Lease("w1", utc_now() + timedelta(minutes=1)),
        max_attempts=3,
    )
    assert running is not None and running.status == "RUNNING"  # claimed after both sessions' last ingest
    as_before = await jobs.enqueue(
        db, user_id="ana", kind="reflect", now=utc_now(), coalesce_on="ana", session_id="s2", coalesce_running=True
    )
    assert as_before is not None and as_before[0].uid == running.uid and not as_before[1]
    queued = await jobs.enqueue(
        db, user_id="ana", kind="reflect", now=utc_now(), coalesce_on="ana", session_id="s2", coalesce_running=False
    )
    assert queued is not None and queued[1] and queued[0].uid != running.uid and queued[0].status == "PENDING"
