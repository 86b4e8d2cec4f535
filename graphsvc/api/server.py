"""How ``graphsvc serve`` runs the app on uvicorn: bounded request heads and a graceful stop.

uvicorn's httptools parser keeps a request's line and headers in memory however long they grow (eight
100 MB headers grew the process by 965 MB, kept), so the service runs uvicorn's h11 parser, whose
``h11_max_incomplete_event_size`` bounds what it holds of a request head: past ``MAX_HEADER_BYTES`` the
connection is answered HTTP 400 and closed. (h11 is the slower parser by tens of microseconds a request,
nothing beside a request's own work.)
"""

from __future__ import annotations

from typing import Any

import uvicorn
from starlette.types import ASGIApp

from graphsvc.config import Settings


def uvicorn_config(app: ASGIApp, settings: Settings, **overrides: Any) -> uvicorn.Config:
    """The uvicorn configuration ``graphsvc serve`` runs ``app`` with (``overrides``: host, port... for tests).

    Request heads are bounded by ``MAX_HEADER_BYTES``; on SIGTERM requests get ``SHUTDOWN_GRACE_S`` to
    finish (what is still running then is answered HTTP 503 by :class:`graphsvc.api.admission.RequestGuard`).
    """
    options: dict[str, Any] = {
        "http": "h11",
        "h11_max_incomplete_event_size": settings.limits.max_header_bytes,
        "log_config": None,
        "timeout_graceful_shutdown": max(1, int(settings.shutdown_grace_s)),
        "access_log": False,
    }
    return uvicorn.Config(app, **(options | overrides))
