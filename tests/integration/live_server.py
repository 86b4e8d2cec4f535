"""The real app served by uvicorn on a free loopback port, inside the test's event loop (so it shares the
test's service and database driver), for clients that speak real HTTP: the MCP SDK, the Python client."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import uvicorn
from starlette.applications import Starlette

STARTUP_TIMEOUT_S = 30.0


@asynccontextmanager
async def live_server(app: Starlette) -> AsyncIterator[str]:
    """Serve ``app`` (its lifespan included) on 127.0.0.1 and yield its base URL; stop it on exit."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on"))
    task = asyncio.create_task(server.serve())
    async with asyncio.timeout(STARTUP_TIMEOUT_S):
        while not server.started:
            if task.done():
                task.result()  # raises what stopped it
            await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task
