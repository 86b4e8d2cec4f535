"""The dashboard's "What changed" view in a real headless Chromium against the real app, HTTP server and Neo4j.

A user's fact is remembered and corrected and another is forgotten over GraphQL; the view lists the changes
by day and kind with their actor: the correction first as old → new with its evidence, the forget with no
content, the plain creations collapsed into one line; more changes than a page are read with "More", and the
range can be widened to 30 days. Each change shows when it happened beside when it was recorded, and the days
are of when it happened unless "recorded" is chosen. A fact a later conversation supersedes (Lisbon, then Porto)
shows as old → new, on the days its messages were said or, chosen so, on the day it was recorded.
"""

from __future__ import annotations

from typing import Any

import httpx
from playwright.async_api import Page, expect

from graphsvc.service import MemoryService
from tests.integration.browser import chromium, serve
from tests.integration.conftest import at
from tests.integration.test_dashboard_e2e import graphql, no_horizontal_overflow, shot

USER = "rita"
REMEMBER = """mutation($u: String!, $c: String!) {
  remember(input: {userId: $u, content: $c, type: FACT, source: USER}) { id content status }
}"""
CORRECT = """mutation($u: String!, $m: ID!, $c: String!) {
  correctMemory(userId: $u, memoryId: $m, content: $c) { id content status }
}"""
FORGET = "mutation($u: String!, $m: ID!) { forgetMemory(userId: $u, memoryId: $m) { memoriesForgotten } }"
CHANGES = """query($u: String!, $by: BeliefTime! = HAPPENED) {
  beliefChanges(userId: $u, limit: 200, by: $by) {
    nodes { id change targetId oldValue newValue evidenceIds at happenedAt } hasNextPage
  }
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


async def open_view(page: Page, base: str, user: str = USER) -> None:
    await page.goto(f"{base}/ui/users/{user}")
    await page.get_by_role("navigation", name="Views").get_by_role("link", name="What changed").click()
    await expect(page).to_have_url(f"{base}/ui/users/{user}/changes")
    await expect(page.get_by_role("heading", name="What changed")).to_be_visible()
    await expect(page.get_by_label("Range")).to_have_value("7")  # this week by default
    await expect(page.get_by_label("Dates")).to_have_value("HAPPENED")  # by when things happened by default


def created(nodes: list[dict[str, Any]]) -> int:
    return sum(1 for n in nodes if n["change"] == "created")


async def the_rows(page: Page, expected: list[dict[str, Any]], ids: tuple[str, str, str]) -> None:
    old, new, secret = ids
    first_page = expected[:25]
    await expect(page.locator("ol.change-days[aria-busy=false]")).to_be_visible()
    days = page.locator("ol.change-days > li.change-day")
    await expect(days).to_have_count(1)  # everything was recorded today
    memories = days.first.locator("section.change-kind-memory")
    await expect(memories.get_by_role("heading", name="Memories")).to_be_visible()
    await expect(days.first.locator("section.change-kind-trait")).to_have_count(0)
    # the plain creations of the page collapse into one line, opened to list them
    summary = memories.locator("details.created-summary")
    await expect(summary.locator("summary")).to_have_text(f"{created(first_page)} memories created by user")
    await expect(summary.locator(".created-list li")).to_have_count(created(first_page))
    await expect(summary.locator(".created-list li").first).to_be_hidden()
    await summary.locator("summary").click()
    # in the API's order by happened time (the correction keeps the place of the value it corrects)
    first_created = next(n for n in first_page if n["change"] == "created")
    await expect(summary.locator(".created-list li").first).to_contain_text(first_created["newValue"])

    rows = memories.locator("ol.changes > li")
    await expect(rows).to_have_count(len(first_page) - created(first_page))
    corrected = rows.first  # a correction heads its day, old → new
    await expect(corrected).to_have_class("card change change-corrected change-headline")
    await expect(corrected.locator(".change-values del")).to_have_text(OLD)
    await expect(corrected.locator(".change-values ins")).to_have_text(NEW)
    await expect(corrected).to_contain_text("by user")
    await expect(corrected.locator(".change-times .change-happened")).to_contain_text("happened")
    await expect(corrected.locator(".change-times .change-recorded")).to_contain_text("recorded")
    evidence = corrected.locator(".change-evidence")
    await expect(evidence.locator("summary")).to_have_text("evidence: 2 messages and memories")
    assert set(await evidence.locator("code").all_text_contents()) == {old, new}
    assert await corrected.get_attribute("data-target") == old
    await expect(corrected.locator(".change-what")).to_have_attribute("title", f"memory {old}")  # not in the text
    assert old not in await corrected.inner_text()

    forgotten = rows.filter(has_text="forgotten")
    await expect(forgotten).to_have_count(1)
    await expect(forgotten).to_contain_text("Forgotten: no content is kept.")
    await expect(forgotten.locator(".change-values")).to_have_count(0)
    assert await forgotten.get_attribute("data-target") == secret
    await expect(page.locator("ol.change-days")).not_to_contain_text("7302")
    await shot(page, "changes")

    # the rest with "More", in the API's order, the creations still one line
    await page.get_by_role("button", name="More").click()
    await expect(summary.locator("summary")).to_have_text(f"{created(expected)} memories created by user")
    await expect(page.get_by_role("button", name="More")).to_have_count(0)
    others = [n for n in expected if n["change"] != "created"]
    headline = [n for n in others if n["change"] in ("corrected", "superseded")]
    order = [*headline, *(n for n in others if n not in headline)]
    await expect(rows).to_have_count(len(order))
    targets = [await row.get_attribute("data-target") for row in await rows.all()]
    assert targets == [n["targetId"] for n in order]
    await expect(summary.locator(".created-list li").last).to_contain_text(FILLER[-1])


async def wider_range(page: Page, total: int) -> None:
    await page.get_by_label("Range").select_option("30")
    await expect(page.get_by_label("Range")).to_have_value("30")
    summary = page.locator("details.created-summary summary")
    await expect(page.get_by_role("button", name="More")).to_be_visible()  # a new range starts at its first page
    await expect(page.locator("ol.change-days[aria-busy=false]")).to_be_visible()
    await page.get_by_role("button", name="More").click()
    await expect(page.get_by_role("button", name="More")).to_have_count(0)
    await expect(summary).to_contain_text(f"{total} memories created")
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
            await wider_range(page, created(nodes))
            await context.close()
    assert problems == [], problems


MOVER = "ines"
INGEST = "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"
END = "mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"
MOVES = [("s1", 3, "I live in Lisbon."), ("s2", 10, "I moved to Porto.")]


async def move(client: httpx.AsyncClient, service: MemoryService) -> None:
    """Two conversations a week apart: where Ines lives, then that she moved."""
    for session, day, text in MOVES:
        message = {
            "messageId": "m0",
            "role": "user",
            "speaker": "Ines",
            "content": text,
            "occurredAt": at(day).isoformat(),
        }
        await graphql(client, INGEST, i={"userId": MOVER, "sessionId": session, "messages": [message]})
        await graphql(client, END, u=MOVER, s=session)
        await service.wait_for_jobs()


async def test_a_supersession_reads_old_to_new_in_chromium(service: MemoryService) -> None:
    async with serve(service) as base, httpx.AsyncClient(base_url=base, timeout=60) as client:
        await move(client, service)
        nodes = (await graphql(client, CHANGES, u=MOVER, by="RECORDED"))["beliefChanges"]["nodes"]
        [superseded] = [n for n in nodes if n["change"] == "superseded"]
        assert "Lisbon" in superseded["oldValue"] and "Porto" in superseded["newValue"], superseded
        assert superseded["happenedAt"] == at(MOVES[1][1]).isoformat()  # when the move was told
        async with chromium() as browser:
            context = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
            page = await context.new_page()
            problems: list[str] = []
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
            await open_view(page, base, MOVER)
            # said in May 2024: nothing happened this week; any time, on the two days the messages were said
            await expect(page.get_by_role("heading", name="Nothing changed in this range")).to_be_visible()
            await page.get_by_label("Range").select_option("0")
            days = page.locator("ol.change-days > li.change-day")
            await expect(days).to_have_count(2)
            await expect(days.nth(0).locator("h3")).to_contain_text("3 May 2024")
            await expect(days.nth(1).locator("h3")).to_contain_text("10 May 2024")
            moved = days.nth(1).locator("li.change-headline")
            await expect(moved.locator(".change-happened")).to_contain_text("happened 10 May 2024")
            await expect(moved.locator(".change-recorded")).not_to_contain_text("2024")
            await shot(page, "changes-happened")
            # by when recorded: everything today, in one day
            await page.get_by_label("Dates").select_option("RECORDED")
            await expect(days).to_have_count(1)
            memories = page.locator("li.change-day section.change-kind-memory")
            row = memories.locator("li.change-headline")
            await expect(row).to_have_count(1)
            await expect(row).to_have_class("card change change-superseded change-headline")
            await expect(row.locator(".change-values del")).to_have_text(superseded["oldValue"])
            await expect(row.locator(".change-values ins")).to_have_text(superseded["newValue"])
            await expect(row).to_contain_text("by extraction")
            n = len(superseded["evidenceIds"])
            await expect(row.locator(".change-evidence summary")).to_contain_text(f"evidence: {n}")
            # where the new value came from: the later conversation's message
            await row.get_by_role("button", name="Why the new value?").click()
            dialog = page.get_by_role("dialog", name="Why graphsvc believes this")
            await expect(dialog.locator("q.said")).to_have_text(MOVES[1][2])
            await expect(dialog).to_contain_text("conversation s2")
            await shot(page, "changes-supersession-why")
            await page.keyboard.press("Escape")
            await expect(dialog).to_be_hidden()
            summary = memories.locator("details.created-summary summary")
            await expect(summary).to_have_text(f"{created(nodes)} memories created by extraction")
            shown = await page.locator("ol.change-days").inner_text()  # ids only behind a disclosure or a title
            assert superseded["targetId"] not in shown and "Lisbon" in shown
            await shot(page, "changes-supersession")
            await context.close()
    assert problems == [], problems
