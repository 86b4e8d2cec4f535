"""The dashboard's "why was this (not) remembered?" in a real headless Chromium against the real app, HTTP server
and Neo4j: a conversation is ingested and extracted over GraphQL; on the timeline, a refused message's trace
names the rule that refused it and why, a kept message's trace the memory it became, an assistant's turn says it
is never remembered. A screenshot goes to ``.data/artifacts/dashboard/``."""

from __future__ import annotations

import httpx
from playwright.async_api import Page, expect

from graphsvc.service import MemoryService
from tests.integration.browser import chromium, serve
from tests.integration.conftest import at
from tests.integration.test_dashboard_e2e import graphql, no_horizontal_overflow, shot

USER = "lena"
INGEST = "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"
END = "mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"
MEMORIES = "query($u: String!) { memories(userId: $u) { items { id content } } }"
LINES = [
    ("m1", "user", "I'm allergic to shellfish."),
    ("m2", "assistant", "Thanks for telling me."),
    ("m3", "user", "How are you today?"),
]


async def build_user(client: httpx.AsyncClient, service: MemoryService) -> str:
    """One ended and extracted conversation of Lena; the id of the memory it left."""
    messages = [
        {"messageId": mid, "role": role, "speaker": "Lena", "content": text, "occurredAt": at(2, 9, i).isoformat()}
        for i, (mid, role, text) in enumerate(LINES)
    ]
    await graphql(client, INGEST, i={"userId": USER, "sessionId": "s1", "messages": messages})
    await graphql(client, END, u=USER, s="s1")
    await service.wait_for_jobs()
    (memory,) = (await graphql(client, MEMORIES, u=USER))["memories"]["items"]
    return str(memory["id"])


async def why(page: Page, said: str) -> None:
    """Open the trace of the timeline's message ``said``."""
    entry = page.locator("li.timeline-event", has_text=said)
    await entry.get_by_role("button", name="Why was this (not) remembered?").click()


async def test_why_was_this_not_remembered_in_chromium(service: MemoryService) -> None:
    async with serve(service) as base, httpx.AsyncClient(base_url=base, timeout=60) as client:
        memory_id = await build_user(client, service)
        async with chromium() as browser:
            context = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
            page = await context.new_page()
            problems: list[str] = []
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
            await page.goto(f"{base}/ui/users/{USER}/timeline")
            await expect(page.locator("li.timeline-event")).to_have_count(3)
            await expect(page.locator("li.timeline-memory, li.timeline-candidate")).to_have_count(1)
            await expect(page.locator("li.timeline-memory").get_by_role("button")).to_have_count(0)

            await why(page, "How are you today?")
            dialog = page.get_by_role("dialog")
            refused = dialog.locator("li.trace-refused")
            await expect(refused).to_contain_text("refused")
            await expect(refused).to_contain_text("en.refuse.question")
            await expect(refused.locator(".trace-why")).to_contain_text("Not remembered: refused by rule")
            await expect(dialog).to_contain_text("decided by the rulebook")
            await shot(page, "trace-refused")
            await page.keyboard.press("Escape")
            await expect(dialog).to_be_hidden()

            await why(page, "I'm allergic to shellfish.")
            created = page.get_by_role("dialog").locator("li.trace-created")
            await expect(created).to_contain_text("en.keep.allergy")
            await expect(created.locator("code", has_text=memory_id)).to_be_visible()
            await page.keyboard.press("Escape")

            await why(page, "Thanks for telling me.")
            await expect(page.get_by_role("dialog")).to_contain_text("only what a person says is remembered")
            await page.keyboard.press("Escape")
            await page.set_viewport_size({"width": 390, "height": 844})
            await no_horizontal_overflow(page)
            await context.close()
    assert problems == [], problems
