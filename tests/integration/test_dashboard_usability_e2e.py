"""Dashboard usability in a real headless Chromium: empty states, long lists paged, keyboard use, phone width.

A user with nothing stored gets, on every view, a note saying what to do next (and no error); a user with more
memories than a page, and more users than a page, are paged forward and back, by mouse and by keyboard; every
view fits a phone-width screen.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import httpx
import pytest
from playwright.async_api import Page, expect

from graphsvc.service import MemoryService
from tests.integration.browser import ARTIFACTS, chromium, serve
from tests.integration.conftest import at
from tests.integration.test_dashboard_e2e import END, INGEST, graphql, no_horizontal_overflow
from tests.integration.test_vector_search import bulk_load, unit_vectors

HOBBIES = [
    "painting",
    "chess",
    "swimming",
    "gardening",
    "cycling",
    "pottery",
    "baking",
    "climbing",
    "sailing",
    "knitting",
    "fishing",
    "archery",
    "surfing",
    "dancing",
    "rowing",
    "skiing",
    "fencing",
    "juggling",
    "origami",
    "karate",
    "birdwatching",
    "calligraphy",
    "woodworking",
    "photography",
    "astronomy",
    "beekeeping",
]
EMPTY_VIEWS = {
    "": "Nothing stored for this user yet",
    "/changes": "Nothing changed in this range",
    "/memories": "No memory yet",
    "/traits": "No trait at these stages",
    "/entities": "No entity yet",
    "/graph": "No entity yet",
    "/review": "Nothing waits for a decision",
    "/jobs": "No job yet",
    "/recall": "Ask something",
}
COUNTS = "query($u: String!) { userCounts(userId: $u) { memories } }"


@pytest.fixture
async def app(service: MemoryService) -> AsyncIterator[tuple[str, int]]:
    """The app with 27 users of one message each, and `many` with 20 bulk-loaded memories and, newer, those
    extracted from a conversation (more than a page of 20)."""
    await bulk_load(service.db, "many", unit_vectors(7, 20, service.rt.embedder.dimensions))
    async with serve(service) as url:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            for n in range(27):
                message = {
                    "messageId": "m0",
                    "role": "user",
                    "content": f"Hello from user {n}.",
                    "occurredAt": at(1).isoformat(),
                }
                await graphql(client, INGEST, i={"userId": f"u{n:02d}", "sessionId": "s1", "messages": [message]})
            messages = [
                {
                    "messageId": f"m{i}",
                    "role": "user",
                    "speaker": "Max",
                    "content": f"I love {hobby} on weekends.",
                    "occurredAt": at(2, 9, i).isoformat(),
                }
                for i, hobby in enumerate(HOBBIES)
            ]
            await graphql(client, INGEST, i={"userId": "many", "sessionId": "s1", "messages": messages})
            await graphql(client, END, u="many", s="s1")
            await service.wait_for_jobs()
            memories = (await graphql(client, COUNTS, u="many"))["userCounts"]["memories"]
            assert memories > 20, f"{memories} memories: the page size is 20"
        yield url, memories


async def empty_states(page: Page, base: str) -> None:
    for width in (1280, 390):
        await page.set_viewport_size({"width": width, "height": 844 if width < 1000 else 800})
        for view, title in EMPTY_VIEWS.items():
            await page.goto(f"{base}/ui/users/nobody{view}")
            note = page.get_by_role("note").filter(has=page.get_by_role("heading", name=title))
            await expect(note).to_be_visible()
            assert len((await note.inner_text()).split()) >= 8, f"{view}: the empty state says what to do next"
            await expect(page.get_by_role("alert")).to_have_count(0)
            await no_horizontal_overflow(page)
    await page.screenshot(path=str(ARTIFACTS / "phone-empty-memories.png"), full_page=True)
    await page.set_viewport_size({"width": 1280, "height": 800})


async def paged_memories(page: Page, base: str, total: int) -> None:
    await page.goto(f"{base}/ui/users/many/memories")
    cards = page.locator("li.memory")
    settled = page.locator("ul.cards[aria-busy=false]")  # the page's answer has arrived
    await expect(settled).to_be_visible()
    await expect(cards).to_have_count(20)
    first_page = await cards.all_inner_texts()
    pager = page.get_by_role("navigation", name="Memories pages")
    await expect(pager).to_contain_text("Page 1")
    await expect(pager.get_by_role("button", name="← Previous")).to_be_disabled()
    await pager.get_by_role("button", name="Next →").click()
    await expect(pager).to_contain_text("Page 2")
    await expect(cards).to_have_count(min(20, total - 20))
    await expect(settled).to_be_visible()
    first_text = first_page[0].split("\n\n")[1]  # the memory's sentence
    # the pager and aria-busy can change before the cards are redrawn: wait for the cards themselves
    await expect(cards.first).not_to_contain_text(first_text)
    second_page = await cards.all_inner_texts()
    assert not set(second_page) & set(first_page)
    next_page = pager.get_by_role("button", name="Next →")
    await (expect(next_page).to_be_enabled() if total > 40 else expect(next_page).to_be_disabled())
    # by keyboard: focus stays on the pager, Enter goes back
    await pager.get_by_role("button", name="← Previous").focus()
    await page.keyboard.press("Enter")
    await expect(pager).to_contain_text("Page 1")
    await expect(cards).to_have_count(20)
    await expect(settled).to_be_visible()
    await expect(cards.first).to_contain_text(first_text)
    assert await cards.all_inner_texts() == first_page


async def paged_users(page: Page, base: str) -> None:
    await page.goto(f"{base}/ui/")
    links = page.locator("ul.users li")
    await expect(links).to_have_count(25)
    pager = page.get_by_role("navigation", name="Users pages")
    await pager.get_by_role("button", name="Next →").click()
    await expect(pager).to_contain_text("Page 2")
    await expect(links).to_have_count(3)  # 28 users: u00..u26 and many
    await expect(page.get_by_role("link", name="u26", exact=True)).to_be_visible()


async def paged_impressions(page: Page, base: str) -> None:
    await page.goto(f"{base}/ui/users/many/entities/Max")
    heading = page.get_by_role("heading", name=re.compile(r"^Impressions \(\d+\)$"))
    await expect(heading).to_be_visible()
    total = int(re.findall(r"\d+", await heading.inner_text())[0])
    assert total > 10, f"Max has {total} impressions: the page size is 10"
    cards = page.locator("section[aria-labelledby=impressions-title] li.card")
    await expect(cards).to_have_count(10)
    pager = page.get_by_role("navigation", name="Impressions pages")
    await pager.get_by_role("button", name="Next →").click()
    await expect(cards).to_have_count(min(10, total - 10))
    await expect(pager).to_contain_text(f"Page 2 of {-(-total // 10)}")


async def keyboard_dialog(page: Page, base: str) -> None:
    await page.goto(f"{base}/ui/users/many/memories")
    opener = page.locator("li.memory").first.get_by_role("button", name="Source messages")
    await opener.focus()
    await page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog")
    await expect(dialog).to_contain_text("I love")
    await page.keyboard.press("Escape")
    await expect(dialog).to_be_hidden()
    await expect(opener).to_be_focused()  # focus returns to where it was


async def test_empty_states_pages_keyboard_and_phone_width(app: tuple[str, int]) -> None:
    base_url, memories = app
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    async with chromium() as browser:
        context = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
        page = await context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
        page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
        await empty_states(page, base_url)
        await paged_memories(page, base_url, memories)
        await paged_users(page, base_url)
        await paged_impressions(page, base_url)
        await keyboard_dialog(page, base_url)
        await context.close()
    assert problems == []
