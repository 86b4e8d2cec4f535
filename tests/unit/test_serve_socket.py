"""The socket ``graphsvc serve`` listens on: every connection uvicorn accepts from it has TCP_NODELAY set."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import click
import httpx
import pytest
import uvicorn

from graphsvc.cli import bind


async def _ok(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The smallest ASGI app: 200 with a body, sent as uvicorn sends every response (head, then body)."""
    assert scope["type"] == "http"
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"ok"})


def _nodelay(connection: Any) -> int:
    sock = connection.transport.get_extra_info("socket")
    return int(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


async def test_connections_accepted_from_the_serve_socket_have_tcp_nodelay() -> None:
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(_ok, log_config=None, lifespan="off", access_log=False))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        async with asyncio.timeout(30):
            while not server.started:
                if serving.done():
                    serving.result()  # raises what stopped it
                await asyncio.sleep(0.01)
        port = sock.getsockname()[1]
        async with httpx.AsyncClient() as client:  # keep-alive: the connection stays open after the response
            response = await client.get(f"http://127.0.0.1:{port}/")
            assert response.text == "ok"
            connections = list(server.server_state.connections)
            assert connections, "uvicorn holds the kept-alive connection"
            assert [_nodelay(c) for c in connections] == [1] * len(connections)
    finally:
        server.should_exit = True
        await serving
        sock.close()


def test_a_taken_port_is_refused_with_its_fix() -> None:
    first = bind("127.0.0.1", 0)
    try:
        with pytest.raises(click.ClickException, match="already in use"):
            bind("127.0.0.1", first.getsockname()[1])
    finally:
        first.close()
