"""A real HTTP server for the app and a real headless Chromium (Debian's package) driven by Playwright.

Playwright's own browser download is never used (it cannot work on a machine without internet): it drives
``/usr/bin/chromium``, which ``scripts/setup`` installs. A missing browser is a failure, never a skip, unless a
developer opts out outside CI with ``GRAPHSVC_BROWSER_TESTS=0``.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import uvicorn
from playwright.async_api import Browser, Request, async_playwright, expect

from graphsvc.api.app import build_app
from graphsvc.config import Settings
from graphsvc.service import MemoryService

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / ".data" / "artifacts" / "dashboard"
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--metrics-recording-only",
    "--no-pings",
]
LOCAL_HOSTS = {"127.0.0.1"}
EXPECT_TIMEOUT_MS = 20_000
"""How long an ``expect`` waits for the page. Playwright's 5 s default is met on a quiet machine, but on a
2-core CI machine that runs Neo4j, the service, its background jobs and Chromium at once, a recall the page
waits on once took longer; an element that never appears still fails the test, only later."""


def chromium_path() -> str:
    """Debian's chromium, or a failure that says how to install it (a skip only when asked for, outside CI)."""
    found = os.environ.get("GRAPHSVC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if Path(found).is_file():
        return found
    if os.environ.get("GRAPHSVC_BROWSER_TESTS") == "0" and not os.environ.get("CI"):
        pytest.skip("browser tests switched off with GRAPHSVC_BROWSER_TESTS=0")
    pytest.fail(
        "Chromium is not installed: run scripts/setup as root (it installs Debian's chromium and a CJK font), or "
        "`apt-get install chromium fonts-wqy-microhei`; set GRAPHSVC_CHROMIUM to use another binary.",
        pytrace=False,
    )


@asynccontextmanager
async def serve(service: MemoryService, settings: Settings | None = None) -> AsyncIterator[str]:
    """The real ASGI app (under ``settings``, else the service's) on a free loopback port (uvicorn); yields its
    base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = build_app(settings or service.settings, service=service)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        while not server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task
        sock.close()


class RequestLog:
    """Every request a page made, and the ones that would have left the machine (aborted)."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.outside: list[str] = []

    def record(self, request: Request) -> None:
        self.urls.append(request.url)

    @staticmethod
    def is_local(url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in ("data", "blob", "about") or parts.hostname in LOCAL_HOSTS


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """Debian's Chromium, headless, with a fresh profile and its background networking off."""
    executable = chromium_path()
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            await browser.close()
