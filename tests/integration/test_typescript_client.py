"""The TypeScript client (``clients/typescript``) against the real service over HTTP: its live test
(``npm run test:live``: compiled with tsc, run by node's test runner) calls every query and mutation of the
schema through the real fetch, with a user API key, and checks the errors' codes and suggestions.

The service's job worker starts only when the script says ``jobs-queued``, so its cancel and retry of a pending
job do not race the worker.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from graphsvc.api.app import build_app
from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.service import MemoryService
from tests.integration.auth_support import api_key_settings
from tests.integration.conftest import make_service
from tests.integration.live_server import live_server

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "typescript"
RUN_TIMEOUT_S = 400
LIVE_DEADLINE_S = 120.0


@pytest.fixture
async def idle_service(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> AsyncIterator[MemoryService]:
    """A service whose job worker the test starts itself."""
    svc = make_service(settings, database, embedder)
    yield svc
    await svc.worker.stop()
    await svc.rt.vectors.copies.settled()  # no vector-copy fill outlives the test


async def run_live_test(service: MemoryService, env: dict[str, str]) -> tuple[int, str]:
    """``npm run test:live``; the worker starts at its ``jobs-queued`` line. Returns its exit code and output."""
    npm = shutil.which("npm")
    assert npm is not None, "npm is not installed: run scripts/setup"
    assert (CLIENT / "node_modules").is_dir(), "clients/typescript has no node_modules: run scripts/setup"
    process = await asyncio.create_subprocess_exec(
        npm,
        "run",
        "--silent",
        "test:live",
        cwd=CLIENT,
        env={**os.environ, **env},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    assert process.stdout is not None
    lines: list[str] = []
    async with asyncio.timeout(RUN_TIMEOUT_S):
        while raw := await process.stdout.readline():
            line = raw.decode("utf-8", "replace")
            lines.append(line)
            if line.strip() == "jobs-queued":
                await service.worker.start()
        code = await process.wait()
    return code, "".join(lines)


@pytest.mark.timeout(RUN_TIMEOUT_S + 30)
async def test_the_typescript_client_runs_every_operation(idle_service: MemoryService, settings: Settings) -> None:
    _, key = await idle_service.create_api_key(user_id="ana")
    # the client is under test here, not the server's deadline: a loaded machine may take longer than 10 s
    served = api_key_settings(settings).model_copy(update={"request_deadline_s": LIVE_DEADLINE_S})
    async with live_server(build_app(served, service=idle_service)) as url:
        code, output = await run_live_test(
            idle_service, {"GRAPHSVC_URL": url, "GRAPHSVC_KEY": key, "GRAPHSVC_USER": "ana"}
        )
    assert code == 0, output
    assert "✔ every query and mutation of the schema was called" in output and "ℹ fail 0" in output, output
