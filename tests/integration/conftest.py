"""Fixtures against the real local Neo4j started by ``scripts/neo4j start`` (``scripts/test`` does it).

The database is installed once per session. Before wiping anything the fixture checks for
its own marker node: a database holding data it did not create is refused, never cleared.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from pydantic import SecretStr

from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.llm.client import LLMClient
from graphsvc.runtime import Runtime
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI

MARKER = "GraphsvcTestMarker"


@pytest.fixture(scope="session")
def settings() -> Settings:
    return Settings(environment="test", job_poll_interval_s=0.1, job_retry_initial_s=0.05)


@pytest.fixture(scope="session")
def embedder() -> LocalEmbedder:
    return LocalEmbedder()


@pytest.fixture(scope="session")
async def database(settings: Settings, embedder: LocalEmbedder) -> AsyncIterator[Database]:
    db = await Database.connect(settings)
    async with db.driver.session(database=db.database) as session:
        record = await (
            await session.run(
                f"OPTIONAL MATCH (m:{MARKER}) WITH count(m) AS markers MATCH (n) RETURN markers, count(n) AS nodes"
            )
        ).single()
        markers, nodes = (record["markers"], record["nodes"]) if record else (0, 0)
        if nodes and not markers:
            await db.close()
            pytest.exit(
                f"refusing to run integration tests: {settings.neo4j.uri} holds {nodes} nodes the tests did not "
                "create. Point NEO4J_URI at an empty database (scripts/test starts its own on port 7688).",
                returncode=3,
            )
        await (await session.run(f"MERGE (:{MARKER} {{created_at: datetime()}})")).consume()
    await db.apply_schema(dimensions=embedder.dimensions)
    yield db
    await db.close()


@pytest.fixture(autouse=True)
async def clean_graph(database: Database) -> AsyncIterator[None]:
    """Every integration test starts from an empty graph (the marker stays)."""
    async with database.driver.session(database=database.database) as session:
        await (
            await session.run(
                f"MATCH (n) WHERE NOT n:{MARKER} CALL (n) {{ DETACH DELETE n }} IN TRANSACTIONS OF 5000 ROWS"
            )
        ).consume()
    yield


def make_service(
    settings: Settings, database: Database, embedder: LocalEmbedder, *, llm: LLMClient | None = None
) -> MemoryService:
    """A service over a fresh runtime on the session's database (its caches start empty)."""
    return MemoryService(Runtime(settings=settings, db=database, embedder=embedder, llm=llm))


@pytest.fixture
async def service(settings: Settings, database: Database, embedder: LocalEmbedder) -> AsyncIterator[MemoryService]:
    """An offline-extractor service with its job worker running."""
    svc = make_service(settings, database, embedder)
    await svc.worker.start()
    yield svc
    await svc.worker.stop()
    await svc.rt.vectors.copies.settled()  # no vector-copy fill outlives the test


@pytest.fixture
async def llm_service(
    settings: Settings, database: Database, embedder: LocalEmbedder, llm_server: FakeOpenAI
) -> AsyncIterator[MemoryService]:
    """A service whose extractor calls the fake OpenAI endpoint through the real openai client."""
    llm_server.accept_key = f"test-{uuid.uuid4().hex}"  # late requests of earlier tests are refused
    llm_settings = settings.model_copy(
        update={
            "llm_api_key": SecretStr(llm_server.accept_key),
            "llm_base_url": llm_server.base_url,
            "llm_timeout_s": 1.0,
            "llm_max_retries": 1,
            "llm_retry_initial_wait_s": 0.01,
            "job_max_attempts": 2,
        }
    )
    svc = make_service(llm_settings, database, embedder, llm=LLMClient.from_settings(llm_settings.llm))
    await svc.worker.start()
    yield svc
    await svc.worker.stop()
    await svc.rt.vectors.copies.settled()  # no vector-copy fill outlives the test
    if svc.rt.llm is not None:
        await svc.rt.llm.aclose()


def at(day: int, hour: int = 12, minute: int = 0) -> datetime:
    """A fixed UTC time in May 2024, for readable test data."""
    return datetime(2024, 5, day, hour, minute, tzinfo=UTC)


def endless_recall(stopped: asyncio.Event) -> Callable[..., Awaitable[Any]]:
    """A stand-in for ``MemoryService.recall`` that sleeps for 30 s and sets ``stopped`` when it is cancelled."""

    async def recall(**kwargs: Any) -> Any:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            stopped.set()
            raise
        return []

    return recall


def unreachable_database(settings: Settings) -> Database:
    """A database whose driver points at a closed port, with the service's bounded waits: Neo4j down."""
    from neo4j import AsyncGraphDatabase

    return Database(
        AsyncGraphDatabase.driver(
            "bolt://127.0.0.1:1",
            auth=("neo4j", "x"),
            connection_timeout=settings.neo4j.connection_timeout_s,
            connection_acquisition_timeout=settings.neo4j.request_timeout_s,
            max_transaction_retry_time=settings.neo4j.retry_s,
        ),
        database="neo4j",
        uri="bolt://127.0.0.1:1",
    )
