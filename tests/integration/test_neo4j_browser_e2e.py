"""Neo4j Browser (the one the test Neo4j serves) showing a real user's graph with graphsvc's guide and style.

Connects to the test Neo4j in headless Chromium, plays the guide from the running service, loads the style,
and runs the beliefs query: the graph's nodes show their captions (no bare ids). Screenshots go to
``.data/artifacts/dashboard/``. Requests Neo4j Browser makes to other hosts (web fonts) are refused and
aborted. The test Neo4j runs no post-connect command (scripts/test starts it with NEO4J_GUIDE_PORT=off), so
nothing here depends on whether scripts/serve answers on its port; this test plays the guide from the service
it started.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import httpx
from playwright.async_api import Locator, Page, Route, expect

from graphsvc.config import Settings
from graphsvc.service import MemoryService
from tests.integration.browser import ARTIFACTS, RequestLog, chromium, serve
from tests.integration.test_dashboard_e2e import build_user
from tests.unit.test_neo4j_browser_files import favorites


async def run(page: Page, command: str) -> None:
    """Type one command into the Browser's editor and run it."""
    editor = page.locator("#monaco-main-editor, [data-testid='activeEditor']").first
    await editor.click()
    await page.keyboard.press("Control+A")
    await page.keyboard.press("Delete")
    await page.keyboard.insert_text(command)
    await page.keyboard.press("Control+Enter")


async def run_until(page: Page, command: str, shown: Locator, *, attempts: int = 3) -> None:
    """Run a command until what it shows is visible: right after connecting, the Browser may still be busy with
    its post-connect commands and drop what is typed."""
    for attempt in range(attempts):
        await run(page, command)
        try:
            await expect(shown).to_be_visible(timeout=15_000)
            return
        except AssertionError:
            if attempt == attempts - 1:
                raise


async def connect(page: Page, service: MemoryService) -> None:
    http_port = os.environ.get("NEO4J_HTTP_PORT", "7475")
    bolt = urlsplit(service.settings.neo4j.uri)
    await page.goto(f"http://127.0.0.1:{http_port}/browser/?dbms=neo4j://{bolt.hostname}:{bolt.port}")
    auth = page.locator("select").filter(has_text="Username / Password")
    await auth.select_option(label="No authentication")  # the form shows its fields after a change
    await auth.select_option(label="Username / Password")
    await page.get_by_test_id("username").fill("neo4j")
    await page.get_by_test_id("password").fill(service.settings.resolve_neo4j_password())
    await page.get_by_test_id("connect").click()
    await expect(page.get_by_text("You are connected as user")).to_be_visible(timeout=30_000)


async def test_neo4j_browser_shows_the_guide_and_captioned_nodes(service: MemoryService) -> None:
    log = RequestLog()

    async def guard(route: Route) -> None:
        if RequestLog.is_local(route.request.url):
            await route.continue_()
        else:
            log.outside.append(route.request.url)
            await route.abort()

    async with serve(service) as base, httpx.AsyncClient(base_url=base, timeout=60) as client:
        await build_user(client, service)
        async with chromium() as browser:
            context = await browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
            context.on("request", log.record)
            await context.route("**/*", guard)
            page = await context.new_page()
            await connect(page, service)

            title = page.get_by_text("What graphsvc believes about a user, and why.")
            await run_until(page, f":play {base}/static/neo4j/guide.html", title)
            await expect(page.get_by_text(f":style {base}/static/neo4j/graphsvc.grass")).to_be_visible()
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(ARTIFACTS / "neo4j-guide.png"))

            await run_until(page, f":style {base}/static/neo4j/graphsvc.grass", page.get_by_text("node.Trait").first)
            params = ":params {userId: 'ana', entity: 'Ana', sessionId: 's1'}"
            await run_until(page, params, page.get_by_text('"ana"').first)
            graph = page.locator("svg").filter(has=page.locator("g.node")).first
            await run_until(page, favorites()["02-beliefs-and-evidence.cypher"], graph.locator("g.node").first)
            await page.wait_for_timeout(1500)  # the layout settles before the screenshot
            texts = await graph.locator("g.node text").evaluate_all("els => els.map(e => e.textContent || '')")
            captions = " ".join(texts)
            await page.screenshot(path=str(ARTIFACTS / "neo4j-beliefs.png"))
            await context.close()

    assert "hiking" in captions and "Ana:" in captions, captions
    assert {f"{base}/static/neo4j/guide.html", f"{base}/static/neo4j/graphsvc.grass"} <= set(log.urls)
    served = f"127.0.0.1:{Settings().port}/"  # where scripts/serve listens
    assert not any(served in url for url in log.urls), "the test Neo4j's Browser reached the served port"
