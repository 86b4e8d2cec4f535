"""How the HTTP layer turns a request away before the API runs it: one body shape, one log line, one metric.

Every refusal (a foreign ``Host``, missing credentials, a rate limit, a full queue, a deadline, a shutdown...)
answers the GraphQL error shape, ``{"data": null, "errors": [{"message", "extensions": {"code",
"suggestion"}}]}``, the same on ``/graphql`` and ``/mcp``; a refusal that asks the caller to come back carries
``Retry-After``. Each is logged in one line with the stage that refused it (the request id comes with every
line, :mod:`graphsvc.logs`): INFO for the caller's own mistakes, WARNING for rate limits, overload, deadlines
and outages. ``graphsvc_requests_rejected_total`` counts them by stage.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any, Literal

from graphsvc import metrics

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

Stage = Literal[
    "host",
    "origin",
    "authentication",
    "auth_failures",
    "rate_limit",
    "body_too_large",
    "malformed",
    "caller_share",
    "queue_full",
    "queue_timeout",
    "would_miss_deadline",
    "deadline",
    "shutdown",
    "dependency",
]
"""Where a request was turned away (the ``reason`` label of ``graphsvc_requests_rejected_total``)."""


@dataclass(frozen=True)
class Refusal:
    """One answer given instead of running the request.

    Attributes:
        status: the HTTP status (400, 401, 403, 413, 421, 429, 503).
        code: ``extensions.code`` (UNAUTHENTICATED, RATE_LIMITED, OVERLOADED, DEADLINE_EXCEEDED...).
        stage: where it was refused, for the log line and the metric.
        retry_after_s: sent as ``Retry-After`` (seconds) when set.
        headers: further response headers (``WWW-Authenticate``).
    """

    status: int
    code: str
    message: str
    stage: Stage
    suggestion: str | None = None
    retry_after_s: int | None = None
    headers: dict[str, str] = field(default_factory=dict)

    def body(self) -> bytes:
        return json.dumps(error_body(self.code, self.message, self.suggestion)).encode()


def error_body(code: str, message: str, suggestion: str | None) -> dict[str, object]:
    """A GraphQL-shaped error body (``errors[0].extensions.code``), the same for /graphql and /mcp."""
    extensions: dict[str, str] = {"code": code}
    if suggestion:
        extensions["suggestion"] = suggestion
    return {"data": None, "errors": [{"message": message, "extensions": extensions}]}


def too_many(wait_s: int, *, stage: Literal["rate_limit", "auth_failures"]) -> Refusal:
    """The HTTP 429 ``RATE_LIMITED`` answer, with ``Retry-After: wait_s``, of a spent ``RATE_LIMIT``
    (``rate_limit``) or ``AUTH_FAILURE_LIMIT`` (``auth_failures``)."""
    if stage == "auth_failures":
        message, fix = "too many failed authentications", "check the credentials, then retry after {w} s"
    else:
        message, fix = "too many requests", "retry after {w} s, or raise RATE_LIMIT"
    return Refusal(429, "RATE_LIMITED", message, stage, fix.format(w=wait_s), retry_after_s=wait_s)


async def refuse(refusal: Refusal, scope: Scope, send: Send) -> None:
    """Log, count and send ``refusal``; a WebSocket handshake is closed instead (policy violation, 1008)."""
    level = logging.WARNING if refusal.status in (429, 503) else logging.INFO
    log.log(
        level,
        "refused %s %s at %s: HTTP %d %s: %s",
        scope.get("method", "WEBSOCKET"),
        scope.get("path", ""),
        refusal.stage,
        refusal.status,
        refusal.code,
        refusal.message,
    )
    metrics.REJECTED.labels(refusal.stage).inc()
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": str(refusal.status)})
        return
    body = refusal.body()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if refusal.retry_after_s is not None:
        headers.append((b"retry-after", str(refusal.retry_after_s).encode()))
    headers += [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in refusal.headers.items()]
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
