"""The Neo4j connection: driver lifecycle, readiness, schema installation.

Readiness is polled (never a fixed sleep). The schema in ``cypher/schema.cypher`` is
applied idempotently; an existing vector index whose dimension disagrees with the
configured embedder is a :class:`~graphsvc.errors.SchemaMismatchError`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from neo4j import AsyncDriver, AsyncGraphDatabase, AsyncManagedTransaction
from neo4j.exceptions import (
    AuthError,
    ConnectionAcquisitionTimeoutError,
    ConstraintError,
    DatabaseUnavailable,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)
from neomodel import adb, get_config

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.errors import (
    ConflictError,
    DatabaseUnavailableError,
    ErasureInProgressError,
    OverloadedError,
    SchemaMismatchError,
)
from graphsvc.graph.cypher import query, schema_statements
from graphsvc.graph.recovery import Recovery

log = logging.getLogger(__name__)

VECTOR_INDEXES = (
    "event_embedding",
    "memory_embedding",
    "impression_embedding",
    "trait_embedding",
    "chunk_embedding",
)

T = TypeVar("T")


class Queries(Protocol):
    """What the graph functions need to run named queries: a :class:`Database` (each call its own
    transaction) or a :class:`NamedTx` (every call inside one transaction)."""

    async def read(self, name: str, **params: Any) -> list[dict[str, Any]]: ...

    async def write(self, name: str, **params: Any) -> list[dict[str, Any]]: ...

    async def write_many(self, steps: list[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]: ...


class NamedTx:
    """Named queries inside ONE open write transaction (see :meth:`Database.in_transaction`).

    ``read``, ``write`` and ``write_many`` all run in that transaction, so a check and the write it guards
    see the same state once a lock is held; nothing commits until the transaction function returns.

    The write gate (issue 25 item 9): before the first write naming a user (a ``user_id`` parameter), the
    transaction passes that user's gate (``write_gate`` in ``cypher/queries/erase.cypher``): writes of one user
    take turns there, an erasure of the user waits for the writes in flight, and while the user is being erased
    the write is refused with :class:`~graphsvc.errors.ErasureInProgressError` (the transaction rolls back).
    Only the erasure's own transactions are ``gated=False``.
    """

    def __init__(self, tx: AsyncManagedTransaction, *, gated: bool = True, recovery: Recovery | None = None) -> None:
        self._tx = tx
        self._gated = gated
        self._passed: set[str] = set()
        self._recovery = recovery

    async def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        if self._recovery is not None:
            self._recovery.record(name, params, write=False)
        return await _fetch_all(self._tx, query(name), params)

    async def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        await self._gate(params)
        if self._recovery is not None:
            self._recovery.record(name, params, write=True)
        return await _fetch_all(self._tx, query(name), params)

    async def write_many(self, steps: list[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
        return [await self.write(name, **params) for name, params in steps]

    async def run_built(self, statement: str, **params: Any) -> list[dict[str, Any]]:
        """Run a statement a graph module built from the catalog (one per declared label, e.g. erase's batch
        delete), in this transaction. Only labels and types declared in :mod:`graphsvc.graph.catalog` are
        written into its text; every value is still a ``$parameter``."""
        await self._gate(params)
        return await _fetch_all(self._tx, statement, params)

    async def _gate(self, params: dict[str, Any]) -> None:
        """Pass the gate of the user the statement names, once per transaction and user.

        Raises:
            ErasureInProgressError: the user is being erased.
        """
        user_id = params.get("user_id")
        if not self._gated or not isinstance(user_id, str) or user_id in self._passed:
            return
        gate = {"user_id": user_id, "erasure_uid": keys.erasure_uid(user_id)}
        if self._recovery is not None:
            self._recovery.record("write_gate", gate, write=True)
        rows = await _fetch_all(self._tx, query("write_gate"), gate)
        if rows and rows[0]["erasing"]:
            raise ErasureInProgressError(user_id=user_id)
        self._passed.add(user_id)


@contextlib.contextmanager
def _domain_errors(uri: str, recovery: Recovery | None = None) -> Iterator[None]:
    """Driver errors a caller can act on, as domain errors: Neo4j unreachable (or its database not available:
    stopping or starting) → DatabaseUnavailableError, and ``recovery`` told of the outage; no pooled connection
    free in time → OverloadedError, a uniqueness constraint violated by a concurrent write → ConflictError.
    Everything else passes."""
    try:
        yield
    except ConnectionAcquisitionTimeoutError as exc:  # every pooled connection busy: load, not an outage
        raise OverloadedError(what="the database connection pool", retry_after_s=1) from exc
    except (ServiceUnavailable, SessionExpired, DatabaseUnavailable) as exc:
        if recovery is not None:
            recovery.outage()
        raise DatabaseUnavailableError(uri=uri, reason="the server is not reachable") from exc
    except ConstraintError as exc:
        raise ConflictError(
            kind="write", ident="", problem="clashed with a concurrent change of the same object"
        ) from exc


def driver_options(settings: Settings) -> dict[str, Any]:
    """The driver's options besides the URI and credentials (the same for every ``NEO4J_URI`` scheme).

    The URI's scheme alone decides routing (``neo4j://``: the routing driver, for one server, a cluster or Aura;
    ``bolt://``: a direct connection) and TLS (``+s``: verified against the system's authorities, ``+ssc``:
    self-signed accepted). So no ``encrypted`` or ``trusted_certificates`` option is ever passed: the driver
    refuses them beside a ``+s``/``+ssc`` scheme. The database (``NEO4J_DATABASE``) is named per session.

    Returns:
        keyword arguments for ``AsyncGraphDatabase.driver``: notifications off (server notifications such as
        "property key does not exist" before the first trait is written are planner hints, not errors), and
        bounded waits (with Neo4j down a request fails with DATABASE_UNAVAILABLE within about
        ``NEO4J_REQUEST_TIMEOUT_S`` instead of the driver's 30 s of retries).
    """
    return {
        "notifications_min_severity": "OFF",
        "connection_timeout": settings.neo4j.connection_timeout_s,
        "connection_acquisition_timeout": settings.neo4j.request_timeout_s,
        "max_transaction_retry_time": settings.neo4j.retry_s,
    }


async def _until_answering(driver: AsyncDriver, settings: Settings) -> None:
    """Poll ``driver`` until Neo4j answers, up to ``neo4j_connect_timeout_s`` (backing off from 0.2 s to 2 s).

    Raises:
        DatabaseUnavailableError: not reachable in time, or authentication failed.
        Neo4jError: any other refusal by the server.
    """
    deadline = time.monotonic() + settings.neo4j.connect_timeout_s
    delay_s = 0.2
    while True:
        try:
            await driver.verify_connectivity()
            return
        except (AuthError, Neo4jError) as exc:
            if not isinstance(exc, AuthError) and not str(exc.code or "").startswith("Neo.ClientError.Security"):
                raise
            raise DatabaseUnavailableError(
                uri=settings.neo4j.uri, reason="authentication failed (wrong NEO4J_USER or NEO4J_PASSWORD)"
            ) from exc
        except (ServiceUnavailable, OSError) as exc:
            if time.monotonic() >= deadline:
                raise DatabaseUnavailableError(
                    uri=settings.neo4j.uri, reason=f"no answer within {settings.neo4j.connect_timeout_s:g} s"
                ) from exc
            await asyncio.sleep(delay_s)
            delay_s = min(delay_s * 2, 2.0)


class Database:
    """An open async driver plus the database name; one per process.

    Use :meth:`connect`, then :meth:`run` for named queries; :meth:`close` at shutdown.
    """

    def __init__(self, driver: AsyncDriver, *, database: str, uri: str) -> None:
        self.driver = driver
        self.database = database
        self.uri = uri
        self.recovery = Recovery(driver, database=database)

    @classmethod
    async def connect(cls, settings: Settings) -> Database:
        """Open the driver and wait until Neo4j answers, polling up to ``neo4j_connect_timeout_s``.

        Raises:
            DatabaseUnavailableError: not reachable in time, or authentication failed.
            ConfigurationError: no password is configured or generated.
        """
        password = settings.resolve_neo4j_password()
        auth = (settings.neo4j.user, password)
        driver = AsyncGraphDatabase.driver(settings.neo4j.uri, auth=auth, **driver_options(settings))
        try:
            await _until_answering(driver, settings)
        except BaseException:  # a failed or cancelled wait leaves no open socket behind
            await driver.close()
            raise
        get_config().database_name = settings.neo4j.database  # neomodel's own queries go to the same database
        await adb.set_connection(driver=driver)
        return cls(driver, database=settings.neo4j.database, uri=settings.neo4j.uri)

    async def close(self) -> None:
        await self.recovery.aclose()
        await self.driver.close()

    def _refuse_while_recovering(self, name: str | None = None) -> None:
        """Raise DatabaseUnavailableError at once while Neo4j is away or warming up after an outage, a read of the
        statement ``name`` aside once it is warm (:mod:`graphsvc.graph.recovery`)."""
        if (reason := self.recovery.refusal(name)) is not None:
            raise DatabaseUnavailableError(uri=self.uri, reason=reason)

    async def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Run the named read query from ``cypher/queries`` (auto-retried); rows as dicts.

        Raises:
            DatabaseUnavailableError: Neo4j did not answer within the driver's bounded waits, or is away or
                warming up after an outage (refused at once: :mod:`graphsvc.graph.recovery`).
        """
        self._refuse_while_recovering(name)
        self.recovery.record(name, params, write=False)
        with _domain_errors(self.uri, self.recovery):
            async with self.driver.session(database=self.database) as session:
                return await session.execute_read(_fetch_all, query(name), params)

    async def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Run the named write query in its own auto-retried transaction (through the user's write gate when it
        names a user: see :class:`NamedTx`); rows as dicts.

        Raises:
            DatabaseUnavailableError: Neo4j unreachable; ConflictError: a uniqueness constraint was violated;
            ErasureInProgressError: the user it names is being erased.
        """

        async def work(tx: NamedTx) -> list[dict[str, Any]]:
            return await tx.write(name, **params)

        return await self.in_transaction(work)

    async def in_transaction(self, work: Callable[[NamedTx], Awaitable[T]], *, gated: bool = True) -> T:
        """Run ``work`` in ONE write transaction; it commits when ``work`` returns, rolls back when it raises.

        The driver retries the whole function on transient errors (deadlocks, leader changes), so ``work``
        must have no side effects outside the transaction. Raising any exception (e.g. a
        :class:`~graphsvc.errors.ConflictError` after a failed check) rolls everything back.

        Args:
            gated: pass each named user's write gate before its first write (:class:`NamedTx`); only an
                erasure's own transactions pass False.

        Raises:
            DatabaseUnavailableError (also at once while Neo4j is away or warming up after an outage),
            ConflictError (constraint violated), ErasureInProgressError (a user it writes for is being erased),
            and whatever ``work`` raises.
        """

        async def run(tx: AsyncManagedTransaction) -> T:
            return await work(NamedTx(tx, gated=gated, recovery=self.recovery))

        self._refuse_while_recovering()
        with _domain_errors(self.uri, self.recovery):
            async with self.driver.session(database=self.database) as session:
                return await session.execute_write(run)

    async def write_many(self, steps: list[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
        """Run several named queries in ONE write transaction: all apply, or none does.

        Args:
            steps: ``[(query_name, params), ...]`` in order.

        Returns:
            the rows of each step, in order.
        """

        async def work(tx: NamedTx) -> list[list[dict[str, Any]]]:
            return await tx.write_many(steps)

        return await self.in_transaction(work)

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
                await _with_schema_retries(session, statement)
            await (await session.run("CALL db.awaitIndexes(300)")).consume()
        return len(statements)

    async def ping(self) -> None:
        """One trivial read (``RETURN 1``): raises DatabaseUnavailableError when Neo4j does not answer."""
        await self.read("ping")

    async def indexes_not_online(self) -> list[str]:
        """The names of indexes (and constraints' backing indexes) still populating or failed."""
        return [str(r["name"]) for r in await self.read("indexes_not_online")]

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


_ALREADY_EXISTS = ("EquivalentSchemaRuleAlreadyExists", "IndexAlreadyExists", "ConstraintAlreadyExists")


async def _with_schema_retries(session: Any, statement: str, *, attempts: int = 8) -> None:
    """Run one schema statement. Another process applying the schema at the same moment (two services
    starting on a fresh database) can make it deadlock (retried with a short backoff) or find the index
    created meanwhile (done)."""
    for attempt in range(attempts):
        try:
            await (await session.run(statement)).consume()
            return
        except Neo4jError as exc:
            if str(exc.code or "").endswith(_ALREADY_EXISTS):
                return
            if not isinstance(exc, TransientError):
                raise
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(0.1 * 2**attempt)


def native(value: Any) -> Any:
    """A neo4j temporal value (as rows hold them) as a Python one (``to_native``); anything else unchanged.

    Date-times come back in ``datetime.UTC`` (an offset), never in the driver's named ``UTC`` zone: written
    back, a named zone and an offset are different values to Cypher (``=`` is false and ``>`` true for the
    same instant), so every date-time graphsvc writes is offset UTC and compares exactly.
    """
    if not hasattr(value, "to_native"):
        return value
    converted = value.to_native()
    if isinstance(converted, datetime) and converted.tzinfo is not None:
        return converted.astimezone(UTC)
    return converted


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def from_epoch_us(value: Any) -> Any:
    """A date-time a statement sent as whole microseconds since the Unix epoch (an ``int``), as an aware UTC
    ``datetime``; anything else as :func:`native` turns it.

    The driver builds a ``neo4j.time.DateTime`` for every date-time it receives (tens of microseconds of Python
    each), which dominated reading a recall's hits; an integer costs nothing to receive. A statement sends
    ``CASE WHEN x IS :: ZONED DATETIME THEN x.epochMillis * 1000 + x.microsecond % 1000 ELSE x END``: the same
    instant, its nanoseconds cut to whole microseconds (towards the past, as :func:`native` cuts them), so both
    give equal values in ``datetime.UTC``. (``epochMillis`` rounds down, before 1970 too; ``epochSeconds`` rounds
    towards 1970 and would not do.)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return EPOCH + timedelta(microseconds=value)
    return native(value)


async def _fetch_all(tx: AsyncManagedTransaction, text: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows as dicts; node values stay ``neo4j.graph.Node`` so they can be inflated by neomodel."""
    result = await tx.run(text, params)
    return [dict(zip(record.keys(), record.values(), strict=True)) async for record in result]
