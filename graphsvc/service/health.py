"""Liveness and readiness of the service (``/health``, ``/ready``) and the job-queue gauges (``/metrics``).

Readiness checks each dependency with a short timeout and reports it without raw driver errors:

=========  ========================================================  ==================
check      how                                                       when down
=========  ========================================================  ==================
neo4j      ``RETURN 1`` (down also while Neo4j, back from an outage,  unavailable (503)
           has its query plans warmed: graphsvc.graph.recovery)
schema     every index ONLINE, vector dimensions match the embedder  unavailable (503)
embedder   embeds one short query                                    unavailable (503)
llm        ``GET /models`` of the endpoint (``off`` when offline)    degraded (200)
jobs       oldest due PENDING job younger than ``BACKLOG_MAX_AGE_S``  degraded (200)
vectors    oldest event waiting for its vector (and oldest document  degraded (200)
           still processing) younger than ``BACKLOG_MAX_AGE_S``
=========  ========================================================  ==================

``jobs`` and ``vectors`` also give their sizes as numbers (:attr:`Check.counts`).

The HTTP layer adds ``rate_limits`` (:meth:`graphsvc.api.rate_limits.LimitStore.readiness`): where the rate-limit
counts live, ``down`` (degraded, 200) while a shared Redis does not answer and each process counts its own.

Ingest never waits for the embedder, so ``vectors`` reports its backlog: events stored but not embedded yet
(found by full-text and graph recall meanwhile) and documents still being parsed and embedded; ``/metrics``
has the same as ``graphsvc_vector_backlog_events``, ``graphsvc_vector_backlog_oldest_age_seconds`` and
``graphsvc_documents_processing``.

The llm check tells a refused key (HTTP 401/403: check ``LLM_API_KEY``) from an endpoint that does not answer
(check ``LLM_BASE_URL``) and from another HTTP error, naming the endpoint. The LLM and the embedder are probed
at most every ``PROBE_CACHE_S`` seconds (a readiness probe every second must not cost an LLM round trip each
time).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

import openai

from graphsvc import metrics
from graphsvc.errors import SchemaMismatchError
from graphsvc.graph import event_vectors, jobs
from graphsvc.graph.database import VECTOR_INDEXES
from graphsvc.llm.client import LLMClient
from graphsvc.runtime import Runtime

CheckStatus = Literal["ok", "down", "slow", "off"]
PROBE_TIMEOUT_S = 2.0
PROBE_CACHE_S = 15.0
BACKLOG_MAX_AGE_S = 300.0
CRITICAL = ("neo4j", "schema", "embedder")


@dataclass(frozen=True)
class Check:
    """One dependency: ``status``, a short reason (never a raw exception text) and, for a backlog, its sizes as
    numbers (``jobs``: ``pending``, ``running``; ``vectors``: ``events``, ``documents``), so that a program reads
    them without parsing ``detail``."""

    status: CheckStatus
    detail: str = ""
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class Readiness:
    """``status``: ok, degraded (a non-critical check down) or unavailable (neo4j, schema or embedder down)."""

    checks: dict[str, Check] = field(default_factory=dict)

    @property
    def status(self) -> str:
        if any(self.checks[name].status == "down" for name in CRITICAL if name in self.checks):
            return "unavailable"
        if any(c.status in ("down", "slow") for c in self.checks.values()):
            return "degraded"
        return "ok"

    def as_dict(self) -> dict[str, object]:
        return {
            "status": self.status,
            "checks": {
                name: {"status": c.status, "detail": c.detail} | ({"counts": dict(c.counts)} if c.counts else {})
                for name, c in self.checks.items()
            },
        }


class HealthArea:
    """Mixed into :class:`graphsvc.service.MemoryService`."""

    rt: Runtime
    _probe_cache: dict[str, tuple[float, Check]]

    async def readiness(self) -> Readiness:
        """Probe every dependency (each within ``PROBE_TIMEOUT_S``) and say what is down."""
        report = Readiness()
        report.checks["neo4j"] = await _timed(self._neo4j(), "no answer from Neo4j")
        if report.checks["neo4j"].status == "ok":
            report.checks["schema"] = await _timed(self._schema(), "could not read the indexes")
            report.checks["jobs"] = await _timed(self._jobs(), "could not read the job queue")
            report.checks["vectors"] = await _timed(self._vectors(), "could not read the vector backlog")
        else:
            report.checks["schema"] = Check("down", "unknown while Neo4j is down")
        report.checks["embedder"] = await self._cached("embedder", self._embedder)
        report.checks["llm"] = await self._cached("llm", self._llm)
        return report

    async def _cached(self, name: str, probe: Callable[[], Awaitable[Check]]) -> Check:
        cache: dict[str, tuple[float, Check]] | None = getattr(self, "_probe_cache", None)
        if cache is None:
            cache = self._probe_cache = {}
        hit = cache.get(name)
        if hit is not None and time.monotonic() - hit[0] < PROBE_CACHE_S:
            return hit[1]
        check = await _timed(probe(), f"{name} did not answer")
        cache[name] = (time.monotonic(), check)
        return check

    async def _neo4j(self) -> Check:
        if self.rt.db.recovery.phase == "warming":
            return Check("down", "Neo4j is back and its query plans are being prepared")
        await self.rt.db.ping()
        return Check("ok")

    async def _schema(self) -> Check:
        try:
            await self.rt.db.check_vector_dimensions(dimensions=self.rt.embedder.dimensions)
        except SchemaMismatchError as exc:
            return Check("down", exc.message)
        building = await self.rt.db.indexes_not_online()
        if building:
            return Check("down", f"{len(building)} index(es) not online: {', '.join(building[:3])}")
        return Check("ok", f"{len(VECTOR_INDEXES)} vector indexes at {self.rt.embedder.dimensions} dimensions")

    async def _jobs(self) -> Check:
        depth, age_s = await self.job_backlog()
        counts = {"pending": depth.get("PENDING", 0), "running": depth.get("RUNNING", 0)}
        detail = f"{counts['pending']} pending, {counts['running']} running, oldest due {age_s:.0f} s"
        return Check("slow" if age_s > BACKLOG_MAX_AGE_S else "ok", detail, counts)

    async def _vectors(self) -> Check:
        waiting = await self.vector_backlog()
        detail = (
            f"{waiting.events} events waiting for their vector (oldest {waiting.events_age_s:.0f} s), "
            f"{waiting.documents} documents processing (oldest {waiting.documents_age_s:.0f} s)"
        )
        slow = max(waiting.events_age_s, waiting.documents_age_s) > BACKLOG_MAX_AGE_S
        return Check("slow" if slow else "ok", detail, {"events": waiting.events, "documents": waiting.documents})

    async def _embedder(self) -> Check:
        await self.rt.embedder.embed_queries(["ready?"])
        return Check("ok", f"{self.rt.embedder.dimensions} dimensions")

    async def _llm(self) -> Check:
        llm = self.rt.llm
        if not isinstance(llm, LLMClient):
            return Check("off", "no LLM configured: offline extractor")
        return await llm_check(llm)

    async def job_backlog(self) -> tuple[dict[str, int], float]:
        """Open jobs by status and the age of the oldest due PENDING job (seconds, 0 when none); also set as
        the ``graphsvc_job_queue_*`` gauges."""
        backlog = await jobs.backlog(self.rt.db)
        depth: dict[str, int] = {b.status: b.jobs for b in backlog}
        due = [b.oldest_due for b in backlog if b.oldest_due is not None]
        now = self.rt.clock()
        age_s = max(0.0, max((now - d).total_seconds() for d in due)) if due else 0.0
        for status in ("PENDING", "RUNNING"):
            metrics.JOBS_QUEUED.labels(status).set(depth.get(status, 0))
        metrics.JOB_QUEUE_AGE.set(age_s)
        await self.vector_backlog()
        return depth, age_s

    async def vector_backlog(self) -> VectorWait:
        """What waits for the embedder's background work over every user; also set as the
        ``graphsvc_vector_backlog_*`` and ``graphsvc_documents_processing`` gauges."""
        backlog = await event_vectors.backlog(self.rt.db)
        now = self.rt.clock()
        waiting = VectorWait(
            events=backlog.events,
            events_age_s=_age_s(now, backlog.oldest_due),
            documents=backlog.documents,
            documents_age_s=_age_s(now, backlog.oldest_upload),
        )
        metrics.VECTOR_BACKLOG.set(waiting.events)
        metrics.VECTOR_BACKLOG_AGE.set(waiting.events_age_s)
        metrics.DOCUMENTS_PROCESSING.set(waiting.documents)
        return waiting


@dataclass(frozen=True)
class VectorWait:
    """Events waiting for their vector and documents processing, with the age of the oldest (seconds, 0: none)."""

    events: int
    events_age_s: float
    documents: int
    documents_age_s: float


def _age_s(now: datetime, since: datetime | None) -> float:
    return 0.0 if since is None else max(0.0, (now - since).total_seconds())


async def llm_check(llm: LLMClient, *, timeout_s: float = PROBE_TIMEOUT_S * 0.75) -> Check:
    """The LLM endpoint's ``GET /models``, told apart: a refused key (401/403) from no answer from another
    HTTP error. The detail names the endpoint (without credentials) and what to check, never the raw error.

    Args:
        timeout_s: how long to wait for the answer (below ``PROBE_TIMEOUT_S``, so no answer is reported as
            such rather than as the probe's own timeout).
    """
    where = llm.endpoint
    try:
        await llm.ping(timeout_s=timeout_s)
    except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
        return Check("down", f"{where} refused the key (HTTP {exc.status_code}): check LLM_API_KEY")
    except openai.APITimeoutError:
        return Check("down", f"no answer from {where} within {timeout_s:g} s: check LLM_BASE_URL")
    except openai.APIConnectionError:
        return Check("down", f"cannot connect to {where}: check LLM_BASE_URL and that the server runs")
    except openai.APIStatusError as exc:
        return Check("down", f"{where} answered HTTP {exc.status_code} to GET /models")
    return Check("ok", f"{llm.model} at {where}")


async def _timed(probe: Awaitable[Check], failure: str) -> Check:
    try:
        result = await asyncio.wait_for(probe, timeout=PROBE_TIMEOUT_S)
    except TimeoutError:
        return Check("down", f"{failure} within {PROBE_TIMEOUT_S:g} s")
    except Exception:  # a probe reports, never raises; the reason stays generic (no raw driver errors)
        return Check("down", failure)
    return result
