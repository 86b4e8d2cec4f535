"""The dashboard with authentication on (AUTH_MODE=api_key), in a real headless Chromium.

A user key goes straight to its own user and cannot open another's pages; a wrong key and a key revoked while
the page is open bring the prompt back with the server's reason; an admin key sees every user; signing out
forgets the key. Every GraphQL request carries the key typed in; none leaves 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from playwright.async_api import Page, Request, Route, expect

from graphsvc.config import Settings
from graphsvc.service import MemoryService
from tests.integration.auth_support import api_key_settings
from tests.integration.browser import ARTIFACTS, RequestLog, chromium, serve
from tests.integration.conftest import at
from tests.integration.test_dashboard_e2e import no_horizontal_overflow

INGEST = "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"
STORAGE = "sessionStorage.getItem('graphsvc.key')"


@pytest.fixture
async def secured(service: MemoryService, settings: Settings) -> AsyncIterator[tuple[str, dict[str, str]]]:
    """The app with API keys on, ana's and bob's messages, and keys: admin, ana, bob."""
    ana_view, ana_key = await service.create_api_key(user_id="ana")
    keys = {"admin": (await service.create_api_key(admin=True))[1], "ana": ana_key, "ana_uid": ana_view.uid}
    async with serve(service, api_key_settings(settings)) as url:
        headers = {"Authorization": f"Bearer {keys['admin']}"}
        async with httpx.AsyncClient(base_url=url, timeout=60, headers=headers) as client:
            for user, texts in {"ana": ["I live in Lisbon.", "我喜欢喝茶。"], "bob": ["I keep bees."]}.items():
                messages = [
                    {"messageId": f"m{i}", "role": "user", "content": t, "occurredAt": at(1, 9, i).isoformat()}
                    for i, t in enumerate(texts)
                ]
                body = (
                    await client.post(
                        "/graphql",
                        json={
                            "query": INGEST,
                            "variables": {"i": {"userId": user, "sessionId": "s1", "messages": messages}},
                        },
                    )
                ).json()
                assert "errors" not in body, body
        yield url, keys


async def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


async def sign_in(page: Page, key: str) -> None:
    await page.get_by_label("API key or token").fill(key)
    await page.get_by_role("button", name="Sign in").click()


async def test_dashboard_asks_for_a_key_and_shows_only_what_it_may_see(
    service: MemoryService, secured: tuple[str, dict[str, str]]
) -> None:
    base, keys = secured
    log = RequestLog()
    sent: list[str | None] = []  # the Authorization header of each POST /graphql

    def record(request: Request) -> None:
        log.record(request)
        if request.url.endswith("/graphql") and request.method == "POST":
            sent.append(request.headers.get("authorization"))

    async def guard(route: Route) -> None:
        if RequestLog.is_local(route.request.url):
            await route.continue_()
        else:
            log.outside.append(route.request.url)
            await route.abort()

    async with chromium() as browser:
        context = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
        context.on("request", record)
        await context.route("**/*", guard)
        page = await context.new_page()

        # no key yet: the prompt, focused, and nothing else
        await page.goto(f"{base}/ui/")
        await expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
        await no_horizontal_overflow(page)
        await expect(page.get_by_label("API key or token")).to_be_focused()
        await expect(page.get_by_role("link", name="Users")).to_have_count(0)
        await shot(page, "sign-in")

        # a wrong key: refused with the server's reason, and not kept
        await sign_in(page, "gsk_0000000000000000_not-a-key")
        refused = "The key was not accepted: unknown, malformed or revoked"
        await expect(page.get_by_role("alert")).to_contain_text(refused)
        assert await page.evaluate(STORAGE) is None
        await shot(page, "sign-in-refused")

        # ana's key: straight to her own pages, her counts, the key in sessionStorage and in every request
        await sign_in(page, keys["ana"])
        await expect(page).to_have_url(f"{base}/ui/users/ana")
        await expect(page.locator(".stats .stat").first.locator(".stat-value")).to_have_text("2")
        session = page.locator(".topbar .session")
        await expect(session).to_contain_text("User ana")
        assert await page.evaluate(STORAGE) == keys["ana"]
        await expect(page.get_by_role("navigation", name="Tools").get_by_role("link", name="Users")).to_have_count(0)
        await shot(page, "signed-in-user")
        await page.goto(f"{base}/ui/")  # the user list is not hers to see: back to her own pages
        await expect(page).to_have_url(f"{base}/ui/users/ana")
        await page.goto(f"{base}/ui/users/bob/memories")
        await expect(page.get_by_role("heading", name="This key may not see that user")).to_be_visible()
        await expect(page.get_by_role("link", name="ana", exact=True)).to_be_visible()

        # the key is revoked while the page is open: the next request brings the prompt back, saying why
        await service.revoke_api_key(key_id=keys["ana_uid"])
        await page.goto(f"{base}/ui/users/ana/memories")
        await expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
        await expect(page.get_by_role("alert")).to_contain_text("The key was not accepted")
        assert await page.evaluate(STORAGE) is None

        # an admin key: every user, any user's pages
        await sign_in(page, keys["admin"])
        await expect(page.get_by_role("heading", name="No memory yet")).to_be_visible()  # none extracted
        await page.goto(f"{base}/ui/")
        users = page.locator("ul.users")
        await expect(users.get_by_role("link", name="ana", exact=True)).to_be_visible()
        await users.get_by_role("link", name="bob", exact=True).click()
        await expect(page).to_have_url(f"{base}/ui/users/bob")
        await expect(page.locator(".topbar .session")).to_contain_text("Admin")
        await shot(page, "signed-in-admin")
        await page.set_viewport_size({"width": 390, "height": 844})  # the top bar wraps, nothing overflows
        await expect(page.get_by_role("button", name="Sign out")).to_be_visible()
        await no_horizontal_overflow(page)
        await page.set_viewport_size({"width": 1280, "height": 800})

        # sign out: the key is forgotten, the prompt says so
        await page.get_by_role("button", name="Sign out").click()
        await expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
        await expect(page.get_by_role("alert")).to_contain_text("You signed out")
        assert await page.evaluate(STORAGE) is None
        await page.reload()
        await expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
        await context.close()

    assert log.outside == [], f"requests left 127.0.0.1: {log.outside}"
    bearers = {h for h in sent if h is not None}
    assert bearers <= {f"Bearer {k}" for k in ("gsk_0000000000000000_not-a-key", keys["ana"], keys["admin"])}
    assert {f"Bearer {keys['ana']}", f"Bearer {keys['admin']}"} <= bearers
