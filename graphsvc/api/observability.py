"""Operational endpoints: ``GET /health`` (liveness), ``GET /ready`` (readiness per dependency) and
``GET /metrics`` (Prometheus text format, every name prefixed ``graphsvc_``; :mod:`graphsvc.metrics`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from graphsvc.api.rate_limits import LimitStore
from graphsvc.service import MemoryService
from graphsvc.service.health import Check

ServiceRef = Callable[[], MemoryService | None]


def routes(service: ServiceRef, *, limits: LimitStore | None = None) -> list[Route]:
    """The three routes, reading the service through ``service()`` (None while starting up); ``/ready`` also
    reports where the rate-limit counts live (``rate_limits``) when given the process's ``limits``."""

    async def health(request: Request) -> JSONResponse:
        """Liveness: the process serves HTTP. No dependency is touched (a dead Neo4j is /ready's business)."""
        return JSONResponse({"status": "ok" if service() is not None else "starting"})

    async def ready(request: Request) -> JSONResponse:
        """Readiness: 200 when ok or degraded (LLM down, job backlog), 503 when unavailable or starting."""
        svc = service()
        if svc is None:
            return JSONResponse({"status": "starting", "checks": {}}, status_code=503)
        report = await svc.readiness()
        if limits is not None:
            report.checks["rate_limits"] = Check(*await limits.readiness())
        return JSONResponse(report.as_dict(), status_code=503 if report.status == "unavailable" else 200)

    async def metrics(request: Request) -> Response:
        svc = service()
        if svc is not None:
            try:
                await svc.job_backlog()  # refresh the queue gauges at scrape time
            except Exception:  # noqa: S110 - a scrape still returns what it has with Neo4j down
                pass
        # Rendered on a worker thread: however many series there are, a scrape never holds the event loop.
        return Response(await asyncio.to_thread(generate_latest), media_type=CONTENT_TYPE_LATEST)

    return [Route("/health", health), Route("/ready", ready), Route("/metrics", metrics)]
