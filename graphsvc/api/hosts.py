"""Which host names the service answers to, on every route: the defence against DNS rebinding.

A web page the user visits can make its own host name resolve to 127.0.0.1 and then call the service from
the page's origin; the browser sends the page's name in ``Host``. So every request must name a loopback host
(``localhost``, ``127.0.0.0/8``, ``::1``) or one of ``PUBLIC_HOSTS`` in ``Host`` (else HTTP 421), and a
request that carries an ``Origin`` must come from such a host or from one of ``CORS_ORIGINS`` (else HTTP 403:
a page elsewhere cannot even send a request that changes something). ``/static/neo4j/`` stays readable from
any origin (Neo4j Browser fetches the guide and style from its own origin; they hold no data).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from graphsvc.api.refusals import Refusal, refuse
from graphsvc.config import Settings, is_loopback

ANY_ORIGIN_PATHS = ("/static/neo4j/",)
"""Paths whose files any origin may read (no data: Neo4j Browser's guide and style)."""


def host_name(authority: str) -> str | None:
    """The host of a ``Host`` header value (``example.com:8000`` → ``example.com``, ``[::1]:80`` → ``::1``),
    lower case, without a trailing dot; None when it cannot be read."""
    authority = authority.strip().lower()
    if not authority or any(c in authority for c in "/@?# \t"):
        return None
    if authority.startswith("["):
        end = authority.find("]")
        if end < 0 or (len(authority) > end + 1 and not authority[end + 1 :].startswith(":")):
            return None
        return authority[1:end]
    name, _, port = authority.partition(":")
    if port and not port.isdigit():
        return None
    return name.rstrip(".") or None


class HostGuard:
    """ASGI middleware applying the module's rule to every HTTP request and WebSocket handshake.

    Args:
        app: the wrapped application.
        settings: ``PUBLIC_HOSTS`` (names besides loopback ones; ``*`` for any) and ``CORS_ORIGINS``.
    """

    def __init__(self, app: ASGIApp, *, settings: Settings) -> None:
        self.app = app
        self.any_host = "*" in settings.auth.public_hosts
        self.public_hosts = frozenset(h for h in settings.auth.public_hosts if h != "*")
        self.any_origin = "*" in settings.auth.cors_origins
        self.origins = frozenset(o.rstrip("/").lower() for o in settings.auth.cors_origins)

    def allowed_host(self, name: str | None) -> bool:
        """True for a loopback name or a public host (any name with ``PUBLIC_HOSTS=*``)."""
        if name is None:
            return False
        return self.any_host or is_loopback(name) or name in self.public_hosts

    def allowed_origin(self, origin: str) -> bool:
        """True for an origin on an allowed host, or one of ``CORS_ORIGINS``."""
        origin = origin.strip().rstrip("/").lower()
        if self.any_origin or origin in self.origins:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and self.allowed_host(host_name(parts.netloc))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = origin = None
        for name, value in scope.get("headers", []):
            if name == b"host":
                host = value.decode("latin-1")
            elif name == b"origin":
                origin = value.decode("latin-1")
        if not self.allowed_host(host_name(host or "")):
            shown = (host or "")[:100]
            await refuse(
                Refusal(
                    status=421,
                    code="HOST_NOT_ALLOWED",
                    message=f"this service does not answer to the host {shown!r}",
                    stage="host",
                    suggestion="call it by a loopback address (127.0.0.1, localhost), or add the host name to "
                    "PUBLIC_HOSTS",
                ),
                scope,
                send,
            )
            return
        if origin is not None and not self.allowed_origin(origin) and not _any_origin_path(scope):
            await refuse(
                Refusal(
                    status=403,
                    code="ORIGIN_NOT_ALLOWED",
                    message=f"requests from pages of {origin[:100]!r} are not accepted",
                    stage="origin",
                    suggestion="add the page's origin to CORS_ORIGINS",
                ),
                scope,
                send,
            )
            return
        await self.app(scope, receive, send)


def _any_origin_path(scope: Scope) -> bool:
    path: str = scope.get("path", "")
    return path.startswith(ANY_ORIGIN_PATHS)
