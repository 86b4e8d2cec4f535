"""The Neo4j connection: driver lifecycle, readiness, schema installation.

Readiness is polled (never a fixed sleep). The schema in ``cypher/schema.cypher`` is
applied idempotently; an existing vector index whose dimension disagrees with the
configured embedder is a :class:`~graphsvc.errors.SchemaMismatchError`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from neo4j import AsyncDriver, AsyncGraphDatabase, AsyncManagedTransaction
from neo4j.exceptions import AuthError, ServiceUnavailable
from neomodel import adb

from graphsvc.config import Settings
from graphsvc.errors import DatabaseUnavailableError, SchemaMismatchError
from graphsvc.graph.cypher import query, schema_statements

log = logging.getLogger(__name__)

VECTOR_INDEXES = ("event_embedding", "memory_embedding", "impression_embedding", "trait_embedding")


class Database:
    """An open async driver plus the database name; one per process.

    Use :meth:`connect`, then :meth:`run` for named queries; :meth:`close` at shutdown.
    """

    def __init__(self, driver: AsyncDriver, *, database: str, uri: str) -> None:
        self.driver = driver
        self.database = database
        self.uri = uri

    @classmethod
    async def connect(cls, settings: Settings) -> Database:
        """Open the driver and wait until Neo4j answers, polling up to ``neo4j_connect_timeout_s``.

        Raises:
            DatabaseUnavailableError: not reachable in time, or authentication failed.
            ConfigurationError: no password is configured or generated.
        """
        password = settings.resolve_neo4j_password()
        # Server notifications (e.g. "property key does not exist" before the first trait is
        # written) are planner hints, not errors: keep them out of the service's and CLI's output.
        driver = AsyncGraphDatabase.driver(
            settings.neo4j_uri, auth=(settings.neo4j_user, password), notifications_min_severity="OFF"
        )
        deadline = time.monotonic() + settings.neo4j_connect_timeout_s
        delay_s = 0.2
        while True:
            try:
                await driver.verify_connectivity()
                break
            except AuthError as exc:
                await driver.close()
                raise DatabaseUnavailableError(uri=settings.neo4j_uri, reason=f"authentication failed ({exc})") from exc
            except (ServiceUnavailable, OSError) as exc:
                if time.monotonic() >= deadline:
                    await driver.close()
                    raise DatabaseUnavailableError(uri=settings.neo4j_uri, reason=str(exc)) from exc
                await asyncio.sleep(delay_s)
                delay_s = min(delay_s * 2, 2.0)
        await adb.set_connection(driver=driver)
        return cls(driver, database=settings.neo4j_database, uri=settings.neo4j_uri)

    async def close(self) -> None:
        await self.driver.close()

    async def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Run the named read query from ``cypher/queries`` (auto-retried); rows as dicts."""
        async with self.driver.session(database=self.database) as session:
            return await session.execute_read(_fetch_all, query(name), params)

    async def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Run the named write query in its own auto-retried transaction; rows as dicts."""
        async with self.driver.session(database=self.database) as session:
            return await session.execute_write(_fetch_all, query(name), params)

    async def write_many(self, steps: list[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
        """Run several named queries in ONE write transaction: all apply, or none does.

        Args:
            steps: ``[(query_name, params), ...]`` in order.

        Returns:
            the rows of each step, in order.
        """

        async def work(tx: AsyncManagedTransaction) -> list[list[dict[str, Any]]]:
            return [await _fetch_all(tx, query(name), params) for name, params in steps]

        async with self.driver.session(database=self.database) as session:
            return await session.execute_write(work)

    async def apply_schema(self, *, dimensions: int) -> int:
        """Apply ``cypher/schema.cypher`` idempotently and wait for the indexes to come online.

        Args:
            dimensions: the configured embedder's vector size.

        Returns:
            the number of statements applied.

        Raises:
            SchemaMismatchError: an existing vector index has another dimension.
        """
        await self.check_vector_dimensions(dimensions=dimensions)
        statements = schema_statements(dimensions=dimensions)
        async with self.driver.session(database=self.database) as session:
            for statement in statements:
                await (await session.run(statement)).consume()
            await (await session.run("CALL db.awaitIndexes(300)")).consume()
        return len(statements)

    async def check_vector_dimensions(self, *, dimensions: int) -> None:
        """Refuse to start when an existing vector index disagrees with the embedder.

        Raises:
            SchemaMismatchError: naming the index, the expected and the found dimension.
        """
        rows = await self.read("vector_index_dimensions", names=list(VECTOR_INDEXES))
        for row in rows:
            found = row.get("dimensions")
            if found is not None and int(found) != dimensions:
                raise SchemaMismatchError(
                    index=row["name"], expected=f"{dimensions} dimensions", found=f"{found} dimensions"
                )


def native(value: Any) -> Any:
    """A neo4j temporal value (as rows hold them) as a Python one (``to_native``); anything else unchanged."""
    return value.to_native() if hasattr(value, "to_native") else value


async def _fetch_all(tx: AsyncManagedTransaction, text: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows as dicts; node values stay ``neo4j.graph.Node`` so they can be inflated by neomodel."""
    result = await tx.run(text, params)
    return [dict(zip(record.keys(), record.values(), strict=True)) async for record in result]
