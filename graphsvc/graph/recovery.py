"""Coming back from a Neo4j outage: hold requests off while Neo4j is away, and warm its query plans before
serving again.

A Neo4j that has just started has an empty query plan cache and a cold JVM: planning recall's three large
statements (``recall_text``, ``recall_vectors``, ``recall_hits``) the first time takes seconds each (22 s in all on a
2-core machine at load 6, against tens of milliseconds once planned). Left to the requests, every recall after a
restart plans them at once, on the same cores, under the request deadline; each is cancelled before its plans are
done and the next starts over, so nothing answers for a minute or more. So, once any statement meets an
unreachable Neo4j (:meth:`Recovery.outage`), this process:

1. refuses database work at once (:meth:`Recovery.refusal`: DATABASE_UNAVAILABLE, no driver wait) while
   a background task asks Neo4j ``RETURN 1`` every :data:`PROBE_INTERVAL_S`;
2. once Neo4j answers, runs again every statement requests ran in this process (:meth:`Recovery.record`; not
   those only background jobs ran: a job plans its own, with no deadline), most used first,
   :data:`WARM_UP_CONCURRENCY` at a time: each read with the parameters it last ran with (same statement, same
   user, the rows dropped), each write as ``EXPLAIN`` (planned, not run), until all are done or
   :data:`WARM_UP_BUDGET_S` has passed. All of them: one left cold is planned by every request that needs it at
   once, which is the collapse this avoids. Meanwhile a read of a statement already warm is served (recall's
   statements are the most used, so a recall answers seconds before the warm-up ends); any other database work
   is refused (``/ready`` says so), so requests do not plan the same statements over again beside the warm-up;
3. serves again. On a Neo4j whose plans are warm (a dropped connection, not a restart) step 2 takes
   milliseconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from neo4j import AsyncDriver, AsyncManagedTransaction
from neo4j.exceptions import Neo4jError, ServiceUnavailable, SessionExpired

from graphsvc.graph.cypher import query
from graphsvc.logs import job_id_var, request_id_var

log = logging.getLogger(__name__)

PROBE_INTERVAL_S = 0.5
"""How often Neo4j is asked ``RETURN 1`` while it is away."""
PROBE_TIMEOUT_S = 5.0
"""Longest wait for one probe (a starting Neo4j accepts connections before it answers them)."""
WARM_UP_BUDGET_S = 120.0
"""Longest warm-up; past it the process serves again and the statements not warmed plan on first use."""
WARM_UP_CONCURRENCY = 2
"""Statements warmed at once."""

Phase = Literal["up", "down", "warming"]
"""``up``: serving; ``down``: Neo4j did not answer, probing; ``warming``: Neo4j answers, its plans are warmed."""


@dataclass
class _Used:
    """A named statement requests ran in this process: how often, the parameters of its last run, and whether it
    writes."""

    runs: int
    params: dict[str, Any]
    write: bool


class Recovery:
    """The outage state of one :class:`~graphsvc.graph.database.Database` and its recovery task.

    Args:
        driver: the database's driver (the probe and the warm-up use it directly, past the refusal).
        database: the database name each session names.
        clock: monotonic seconds (tests).
    """

    def __init__(self, driver: AsyncDriver, *, database: str, clock: Callable[[], float] = time.monotonic) -> None:
        self._driver = driver
        self._database = database
        self._clock = clock
        self._used: dict[str, _Used] = {}
        self._task: asyncio.Task[None] | None = None
        self.phase: Phase = "up"
        self.recoveries = 0
        """How many outages this process came back from (tests, logs)."""
        self.last_warmed = 0
        """How many statements the last recovery warmed."""
        self.warmed: set[str] = set()
        """The statements warmed so far in this recovery: reads of them are served while the rest warm."""

    def record(self, name: str, params: dict[str, Any], *, write: bool) -> None:
        """Note one run of the named statement when a request runs it (the warm-up runs it again after an
        outage); statements of background jobs and of the job poll are not noted."""
        if request_id_var.get() is None or job_id_var.get() is not None:
            return
        used = self._used.get(name)
        if used is None:
            self._used[name] = _Used(1, params, write)
        else:
            used.runs += 1
            used.params = params
            used.write = used.write or write

    def refusal(self, name: str | None = None) -> str | None:
        """Why database work is refused now (None: it is not): Neo4j is away, or back and warming its plans. While
        it warms, a read of the named statement ``name`` is served once that statement is warm (the most used ones
        warm first, so a recall answers before the rarely used statements are planned); any other work waits for
        the whole warm-up."""
        if self.phase == "down":
            return "the server is not reachable"
        if self.phase == "warming" and (name is None or name not in self.warmed):
            return "the server is starting up (preparing its query plans); retry in a few seconds"
        return None

    def outage(self) -> None:
        """Neo4j did not answer a statement: refuse database work until it answers again and is warm (starts the
        recovery task once; a no-op while one runs or outside an event loop)."""
        if self._task is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.phase = "down"
        # its own context: not the log fields of the request that met the outage
        self._task = loop.create_task(self._recover(), name="graphsvc-neo4j-recovery", context=contextvars.Context())

    async def wait_up(self) -> None:
        """Wait until the recovery task (if any) is done (tests)."""
        if self._task is not None:
            await asyncio.shield(self._task)

    async def aclose(self) -> None:
        """Stop the recovery task (before the driver closes)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.phase = "up"

    async def _recover(self) -> None:
        down_at = self._clock()
        try:
            while True:
                await self._until_answers()
                self.phase = "warming"
                back_at = self._clock()
                warmed = await self._warm()
                if warmed is not None:
                    break
                self.phase = "down"  # away again during the warm-up
            self.recoveries += 1
            self.last_warmed = warmed
            log.info(
                "Neo4j answers again %.1f s after the outage was seen; %d statements warmed in %.1f s; serving again",
                back_at - down_at,
                warmed,
                self._clock() - back_at,
            )
        finally:
            self.phase = "up"  # ``warmed`` is read only while warming, and each warm-up starts it afresh
            self._task = None

    async def _until_answers(self) -> None:
        """Probe every :data:`PROBE_INTERVAL_S` until Neo4j answers ``RETURN 1``."""
        while True:
            if await self._answers():
                return
            await asyncio.sleep(PROBE_INTERVAL_S)

    async def _answers(self) -> bool:
        try:
            async with asyncio.timeout(PROBE_TIMEOUT_S), self._driver.session(database=self._database) as session:
                await session.execute_read(_consume, query("ping"), {})
            return True
        except (TimeoutError, ServiceUnavailable, SessionExpired, Neo4jError, OSError):
            return False

    async def _warm(self) -> int | None:
        """Run again every statement requests used, most used first; how many were warmed, or None when Neo4j
        went away meanwhile."""
        slots = asyncio.Semaphore(WARM_UP_CONCURRENCY)
        gone = asyncio.Event()
        took_s: dict[str, float] = {}
        self.warmed = set()

        async def warm(name: str, used: _Used) -> None:
            async with slots:
                if gone.is_set():
                    return
                started = self._clock()
                try:  # no timeout of its own: a statement cancelled while Neo4j plans it stays cold
                    await self._run_once(name, used)
                    took_s[name] = self._clock() - started
                    if not used.write:
                        self.warmed.add(name)
                except (ServiceUnavailable, SessionExpired):
                    gone.set()
                except Neo4jError as exc:  # warming is best effort: the statement plans on use
                    log.warning("could not warm %s: %s", name, exc.code)

        order = sorted(self._used.items(), key=lambda item: (-item[1].runs, item[0]))
        tasks = [asyncio.ensure_future(warm(name, used)) for name, used in order]
        _, pending = await asyncio.wait(tasks, timeout=WARM_UP_BUDGET_S) if tasks else (set(), set())
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        if pending:
            log.warning("warm-up stopped after %.0f s with %d statements not warmed", WARM_UP_BUDGET_S, len(pending))
        slowest = sorted(took_s.items(), key=lambda item: -item[1])[:3]
        if slowest:
            log.info("warm-up: slowest %s", ", ".join(f"{name} {s:.1f} s" for name, s in slowest))
        return None if gone.is_set() else len(took_s)

    async def _run_once(self, name: str, used: _Used) -> None:
        async with self._driver.session(database=self._database) as session:
            if used.write:
                await session.execute_write(_consume, "EXPLAIN " + query(name), used.params)
            else:
                await session.execute_read(_consume, query(name), used.params)


async def _consume(tx: AsyncManagedTransaction, text: str, params: dict[str, Any]) -> None:
    await (await tx.run(text, params)).consume()
