"""The dashboard's "What changed" view in a real headless Chromium against the real app, HTTP server and Neo4j.

A user's fact is remembered and corrected and another is forgotten over GraphQL; the view lists the changes
oldest first with their actor, the correction with its old and new value and its evidence, the forget with no
content; more changes than a page are read with "More", and the range can be widened to 30 days.
"""

from __future__ import annotations

from typing import Any

import httpx
from playwright.async_api import Page, expect

from graphsvc.service import MemoryService
from tests.integration.browser import chromium, serve
from tests.integration.test_dashboard_e2e import graphql, no_horizontal_overflow, shot

USER = "rita"
REMEMBER = """mutation($u: String!, $c: String!) {
  remember(input: {userId: $u, content: $c, type: FACT, source: USER}) { id content status }
}"""
CORRECT = """mutation($u: String!, $m: ID!, $c: String!) {
  correctMemory(userId: $u, memoryId: $m, content: $c) { id content status }
}"""
FORGET = "mutation($u: String!, $m: ID!) { forgetMemory(userId: $u, memoryId: $m) { memoriesForgotten } }"
CHANGES = """query($u: String!) {
  beliefChanges(userId: $u, limit: 200) { nodes { id change targetId oldValue newValue } hasNextPage }
}"""
OLD = "Rita lives in Bergen."
NEW = "Rita lives in Oslo."
SECRET = "Rita's door code is 7302."
# unrelated facts (no one restates or changes another): enough changes for a second page of 25
FILLER = [
    "Rita's brother is a carpenter.",
    "The kitchen window faces the harbour.",
    "Rita keeps her skis in the attic.",
    "Rita's favourite fruit is cloudberry.",
    "Rita sings in a choir on Thursdays.",
    "The neighbour's cat is called Pepper.",
    "Rita drives an old blue van.",
    "Rita learned to knit from her grandmother.",
    "The office moved to a new building downtown.",
    "Rita's daughter studies marine biology.",
    "Rita prefers tea without sugar.",
    "The garden has three apple trees.",
    "Rita ran a half marathon last spring.",
    "Rita's laptop has a cracked screen.",
    "The ferry to the island leaves early.",
    "Rita collects old maps of the coast.",
    "Rita is allergic to penicillin.",
    "The library closes at noon on Saturdays.",
    "Rita's uncle fishes for cod in winter.",
    "Rita bakes rye bread every week.",
    "The bakery on the corner sells cinnamon buns.",
    "Rita plays the accordion badly.",
    "Rita's bicycle has a wicker basket.",
]


async def build_user(client: httpx.AsyncClient) -> tuple[str, str, str]:
    """A fact remembered and corrected, another remembered and forgotten, then unrelated facts; the ids of the
    fact, its correction and the forgotten one."""
    old = (await graphql(client, REMEMBER, u=USER, c=OLD))["remember"]["id"]
    new = (await graphql(client, CORRECT, u=USER, m=old, c=NEW))["correctMemory"]["id"]
    secret = (await graphql(client, REMEMBER, u=USER, c=SECRET))["remember"]["id"]
    assert (await graphql(client, FORGET, u=USER, m=secret))["forgetMemory"]["memoriesForgotten"] == 1
    for fact in FILLER:
        await graphql(client, REMEMBER, u=USER, c=fact)
    return old, new, secret


async def open_view(page: Page, base: str) -> None:
    await page.goto(f"{base}/ui/users/{USER}")
    await page.get_by_role("navigation", name="Views").get_by_role("link", name="What changed").click()
    await expect(page).to_have_url(f"{base}/ui/users/{USER}/changes")
    await expect(page.get_by_role("heading", name="What changed")).to_be_visible()
    await expect(page.get_by_label("Range")).to_have_value("7")  # this week by default


async def the_rows(page: Page, expected: list[dict[str, Any]], ids: tuple[str, str, str]) -> None:
    old, new, secret = ids
    rows = page.locator("ol.changes > li")
    await expect(page.locator("ol.changes[aria-busy=false]")).to_be_visible()
    await expect(rows).to_have_count(25)  # a page
    # oldest first: the fact's creation, then the correction's two entries, then the forget
    assert (await rows.first.inner_text()).count(OLD) == 1
    await expect(rows.first).to_contain_text("created")
    await expect(rows.first).to_contain_text("by user")

    corrected = rows.filter(has_text="corrected")
    await expect(corrected).to_have_count(1)
    await expect(corrected.locator(".change-values")).to_have_text(f"was {OLD} → now {NEW}")
    await expect(corrected).to_contain_text("by user")
    evidence = await corrected.locator(".change-evidence code").all_inner_texts()
    assert evidence[0] == old  # the memory changed, then what the change rests on
    assert set(evidence[1:]) == {old, new}

    forgotten = rows.filter(has_text="forgotten")
    await expect(forgotten).to_have_count(1)
    await expect(forgotten).to_contain_text("Forgotten: no content is kept.")
    await expect(forgotten.locator(".change-values")).to_have_count(0)
    await expect(forgotten.locator(".change-evidence code").first).to_have_text(secret)
    await expect(page.locator("ol.changes")).not_to_contain_text("7302")
    await shot(page, "changes")

    # the rest with "More", in the API's order
    await page.get_by_role("button", name="More").click()
    await expect(rows).to_have_count(len(expected))
    await expect(page.get_by_role("button", name="More")).to_have_count(0)
    classes = [await row.get_attribute("class") for row in await rows.all()]
    assert classes == [f"card change change-{c['change']}" for c in expected]
    await expect(rows.last).to_contain_text(FILLER[-1])


async def wider_range(page: Page, total: int) -> None:
    await page.get_by_label("Range").select_option("30")
    await expect(page.get_by_label("Range")).to_have_value("30")
    rows = page.locator("ol.changes > li")
    await expect(rows).to_have_count(25)  # a new range starts at its first page
    await expect(page.locator("ol.changes[aria-busy=false]")).to_be_visible()
    await page.get_by_role("button", name="More").click()
    await expect(rows).to_have_count(total)
    await page.set_viewport_size({"width": 390, "height": 844})
    await no_horizontal_overflow(page)


async def test_what_changed_in_chromium(service: MemoryService) -> None:
    async with serve(service) as base, httpx.AsyncClient(base_url=base, timeout=60) as client:
        ids = await build_user(client)
        expected = (await graphql(client, CHANGES, u=USER))["beliefChanges"]
        assert not expected["hasNextPage"]
        nodes = expected["nodes"]
        assert 25 < len(nodes) <= 50, f"{len(nodes)} changes: the view's page is 25"
        async with chromium() as browser:
            context = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
            page = await context.new_page()
            problems: list[str] = []
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
            await open_view(page, base)
            await the_rows(page, nodes, ids)
            await wider_range(page, len(nodes))
            await context.close()
    assert problems == [], problems
