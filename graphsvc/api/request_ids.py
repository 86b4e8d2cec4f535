"""Every HTTP request gets an id: the caller's ``X-Request-ID`` (letters, digits, ``._-``, at most 64) or a new
one. It is bound for the logs (:mod:`graphsvc.logs`) while the request is served, refusals included, and
returned in the response's ``X-Request-ID``. Outermost middleware of the app."""

from __future__ import annotations

import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graphsvc.logs import bound, new_request_id

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


class RequestIds:
    """ASGI middleware binding the request id and echoing it in ``X-Request-ID``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] != "websocket":  # lifespan: the service's own work is no request's
                await self.app(scope, receive, send)
                return
            with bound(request_id=request_id_of(scope)):
                await self.app(scope, receive, send)
            return
        request_id = request_id_of(scope)

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), (b"x-request-id", request_id.encode())]
            await send(message)

        with bound(request_id=request_id):
            await self.app(scope, receive, send_with_id)


def request_id_of(scope: Scope) -> str:
    """The caller's ``X-Request-ID`` when it is well-formed, else a new id."""
    for name, value in scope.get("headers", []):
        if name == b"x-request-id":
            candidate = bytes(value).decode("latin-1")
            if _REQUEST_ID.match(candidate):
                return candidate
    return new_request_id()
