"""The dashboard in a real headless Chromium against the real app, HTTP server and Neo4j.

One browser session walks every view of a user built from a real conversation (ingested, ended, extracted
and reflected on over GraphQL), resolves a pending observation and sees it change, checks GraphiQL's saved
tabs, keyboard use and phone width, and asserts that no request left 127.0.0.1. Screenshots of each view go
to ``.data/artifacts/dashboard/`` (git-ignored).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from playwright.async_api import Page, Route, expect

from graphsvc.service import MemoryService
from tests.integration.browser import ARTIFACTS, RequestLog, chromium, serve
from tests.integration.conftest import at

USER = "ana"
SESSIONS: dict[str, tuple[int, list[str]]] = {
    "s1": (
        1,
        [
            "I live in Lisbon and I work as a nurse at the city hospital.",
            "My friend Oliver paints landscapes every weekend.",
            "I went hiking in the mountains with Oliver last Saturday.",
            "We played Starfall Tactics together, the game was great fun.",
            "I played Starfall Tactics again after dinner.",
            "我喜欢在周末和朋友一起喝茶。",
        ],
    ),
    "s2": (
        3,
        [
            "I went hiking in the mountains again on Sunday.",
            "My sister Clara lives in Porto.",
            "I want to learn to play the cello this year.",
        ],
    ),
    "s3": (
        6,
        [
            "I went hiking in the mountains with Clara this weekend.",
            "I love hiking in the mountains, it clears my head.",
            "最近工作压力很大，我经常失眠。",
        ],
    ),
}
INGEST = "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"
END = "mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"
PENDING = "query($u: String!) { pendingObservations(userId: $u, status: null) { subject status } }"


async def graphql(client: httpx.AsyncClient, query: str, **variables: Any) -> dict[str, Any]:
    body = (await client.post("/graphql", json={"query": query, "variables": variables})).json()
    assert "errors" not in body, body
    data: dict[str, Any] = body["data"]
    return data


async def build_user(client: httpx.AsyncClient, service: MemoryService) -> None:
    """Three conversations of Ana (with her assistant's replies), each ended and extracted, over GraphQL."""
    for session, (day, texts) in SESSIONS.items():
        messages = []
        for i, text in enumerate(texts):
            said = at(day, 9, 2 * i)
            messages.append(
                {
                    "messageId": f"{session}-m{i}",
                    "role": "user",
                    "speaker": "Ana",
                    "content": text,
                    "occurredAt": said.isoformat(),
                }
            )
            messages.append(
                {
                    "messageId": f"{session}-r{i}",
                    "role": "assistant",
                    "speaker": "Bot",
                    "content": "I see.",
                    "occurredAt": at(day, 9, 2 * i + 1).isoformat(),
                }
            )
        await graphql(client, INGEST, i={"userId": USER, "sessionId": session, "messages": messages})
        await graphql(client, END, u=USER, s=session)
        await service.wait_for_jobs()


@pytest.fixture
async def base_url(service: MemoryService) -> AsyncIterator[str]:
    async with serve(service) as url:
        yield url


async def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


async def no_horizontal_overflow(page: Page) -> None:
    overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{page.url} is {overflow}px wider than the screen"


async def walk_views(page: Page, base: str) -> None:
    user = f"{base}/ui/users/{USER}"
    # landing page → dashboard → the user
    await page.goto(base + "/")
    await page.get_by_role("link", name=re.compile("Dashboard")).click()
    await expect(page.get_by_role("heading", name="Users with conversations")).to_be_visible()
    await shot(page, "users")
    await page.get_by_role("link", name=USER, exact=True).click()
    await expect(page).to_have_url(user)

    # overview: counts of the graph built above
    stats = page.locator(".stats")
    await expect(stats.get_by_text("messages")).to_be_visible()
    await expect(stats.locator(".stat").first.locator(".stat-value")).to_have_text("24")  # 12 said, 12 replies
    await expect(page.get_by_role("heading", name="Memories by type")).to_be_visible()
    await shot(page, "overview")

    # memories: each opens its source messages (a modal dialog; Escape closes it)
    await page.get_by_role("navigation", name="Views").get_by_role("link", name="Memories").click()
    card = page.locator("li.memory", has_text="Ana lives in Lisbon")  # the speaker named (issue 14)
    await expect(card).to_be_visible()
    await expect(card.locator(".kept-by")).to_contain_text("kept by rule en.keep.residence")  # why it was kept
    await expect(page.locator("li.memory p[lang=zh]").first).to_be_visible()  # Chinese text, tagged for glyphs
    await shot(page, "memories")
    await card.get_by_role("button", name=re.compile("Source messages")).click()
    dialog = page.get_by_role("dialog")
    await expect(dialog).to_contain_text("I live in Lisbon and I work as a nurse at the city hospital.")
    await expect(dialog).to_contain_text("s1-m0")
    await shot(page, "memory-sources")
    await page.keyboard.press("Escape")
    await expect(dialog).to_be_hidden()

    # traits: stage, confidence, and the evidence chain down to messages
    await page.goto(f"{user}/traits")
    trait = page.locator("li.trait").first
    await expect(trait).to_contain_text("hiking")
    await expect(trait.locator(".badge").first).to_have_text(re.compile("candidate|emerging|established|core|trend"))
    await expect(trait.locator(".about")).to_have_text("about Ana")  # whom the trait is about: its speaker
    await expect(trait.locator(".kept-by")).to_contain_text(re.compile(r"phrased by rule en\.trait\."))
    # how its confidence moved: a chart whose label lists the points, and the same points as a table
    trend = trait.locator("figure.confidence-trend")
    await expect(trend.get_by_role("img")).to_have_attribute(
        "aria-label", re.compile(r"^Confidence over time: .*created")
    )
    await trend.locator("summary").click()
    rows = trend.locator("tbody tr")
    await expect(rows.first).to_contain_text("created")
    assert await rows.count() >= 1
    await trait.locator("summary", has_text="Evidence").click()
    evidence = trait.locator("li.evidence").first
    await expect(evidence).to_contain_text("grade")
    await evidence.get_by_role("button", name=re.compile("Source messages")).click()
    await expect(page.get_by_role("dialog")).to_contain_text("hiking")
    await shot(page, "trait-evidence")
    await page.get_by_role("button", name="Close").click()

    # entities → one entity with its names, impressions and relations
    await page.goto(f"{user}/entities")
    await expect(page.get_by_role("link", name="Oliver")).to_be_visible()
    await shot(page, "entities")
    await page.get_by_role("link", name="Ana", exact=True).click()
    await expect(page.get_by_role("heading", name="Ana", exact=True)).to_be_visible()
    relations = page.locator("ul.relations")
    await expect(relations).to_contain_text("Oliver")
    await expect(relations).to_contain_text("Clara")
    await expect(relations).to_contain_text("Lisbon")  # "I live in Lisbon": her lives_in relation
    await expect(page.locator("svg.force-graph g.node")).to_have_count(4)
    await shot(page, "entity")

    # the RELATES graph: a node is a keyboard stop, Enter opens its entity
    await page.goto(f"{user}/graph")
    node = page.locator("svg.force-graph g.node", has_text="Clara")
    await expect(node).to_be_visible()
    await shot(page, "graph")
    await node.focus()
    await page.keyboard.press("Enter")
    await expect(page).to_have_url(f"{user}/entities/Clara")

    # jobs: status, LLM calls and tokens, reflection cycles
    await page.goto(f"{user}/jobs")
    rows = page.locator("table").first.locator("tbody tr")
    # extraction and reflection for each of 3 conversations, besides the jobs that embedded the messages; and one
    # reflection more when the hiking both s1 and s2 mention, promoted to a memory after s2's extraction, came after
    # the reflection s2's extraction queued had started (else that one read it)
    await expect(rows.filter(has_text="extract memories").filter(has_text="succeeded")).to_have_count(3)
    assert await rows.filter(has_not_text="embed events").count() in (6, 7)
    await shot(page, "jobs")

    # recall playground: kind, score, sources
    await page.goto(f"{user}/recall")
    await page.get_by_label("Query").fill("Where does Ana live?")
    await page.get_by_role("button", name="Recall").click()
    hits = page.locator("li.hit")
    await expect(hits.filter(has_text="Lisbon").first).to_be_visible()
    assert await hits.count() == 10  # the default limit
    await expect(hits.first.locator(".score")).to_have_text(re.compile(r"score \d+\.\d{4}"))
    await expect(hits.first.locator(".badge").first).to_have_text(re.compile("memory|event|impression|trait"))
    assert await page.locator(".why-rank").count() == 0  # explained only when asked
    await shot(page, "recall")

    # explained: each hit's channels and rules add up to its score; the context says why each line is in it
    await page.get_by_label("Explain the ranking").check()
    await page.get_by_label("Also build the prompt context").check()
    await page.get_by_role("button", name="Recall").click()
    why = hits.first.locator(".why-rank")
    await expect(why).to_be_visible()
    await expect(why.locator("table.channels tbody tr")).to_have_count(3)  # vector, full text, graph
    fused = float(await why.locator(".fused-score").inner_text())
    parts = [float(t) for t in await why.locator("table.channels tbody td:nth-child(3)").all_inner_texts()]
    assert fused == pytest.approx(sum(parts), abs=2e-4)
    final = float((await why.locator(".final-score").inner_text()).removeprefix("final score "))
    assert (await hits.first.locator(".score").inner_text()) == f"score {final:.4f}"
    lines = page.locator("table.context-lines tbody tr")
    await expect(lines.filter(has_text="recalled in ").first).to_be_visible()
    await expect(lines.filter(has_text="Lisbon").first).to_be_visible()
    await hits.first.screenshot(path=str(ARTIFACTS / "recall-explained.png"))  # the manual's picture


MEMORY_STATES = """query($u: String!) {
  memories(userId: $u, status: [ACTIVE, SUPERSEDED, ARCHIVED, FORGOTTEN], limit: 100) { items { content status } } }"""


async def memory_lifecycle(page: Page, base: str, client: httpx.AsyncClient) -> None:
    """Correct a memory and see it change; its history; archive and restore one; forget one."""
    await page.goto(f"{base}/ui/users/{USER}/memories")
    memories = page.locator("li.memory")
    card = memories.filter(has_text="lives in Lisbon")
    await card.get_by_role("button", name="Correct…").click()
    editor = card.get_by_label("Corrected memory")
    await expect(editor).to_be_focused()
    await editor.fill("Ana: I live in Porto and I work as a nurse at the city hospital.")
    await shot(page, "memory-correct")
    await card.get_by_role("button", name="Save correction").click()
    await expect(page.get_by_role("status")).to_contain_text("Corrected")
    await expect(memories.filter(has_text="I live in Porto")).to_have_count(1)
    await expect(memories.filter(has_text="lives in Lisbon")).to_have_count(0)  # superseded: not active
    states = {m["content"]: m["status"] for m in (await graphql(client, MEMORY_STATES, u=USER))["memories"]["items"]}
    assert states["Ana: I live in Porto and I work as a nurse at the city hospital."] == "ACTIVE"
    assert [s for c, s in states.items() if "Lisbon" in c] == ["SUPERSEDED"]

    # the old version under "superseded", with its valid time and its history
    await page.get_by_label("Status").select_option("SUPERSEDED")
    old = memories.filter(has_text="lives in Lisbon")
    await expect(old.locator(".badge-superseded")).to_be_visible()
    await expect(old.locator(".valid-time")).to_contain_text("held from")
    await old.get_by_role("button", name="History").click()
    history = page.get_by_role("dialog")
    await expect(history.locator("li.history-entry").first).to_contain_text("created")
    corrected = history.locator("li.history-entry", has_text="corrected")
    await expect(corrected).to_contain_text(re.compile(r"was Ana.* in Lisbon"))
    await expect(corrected).to_contain_text("now Ana: I live in Porto")
    await shot(page, "memory-history")
    await page.keyboard.press("Escape")
    await expect(history).to_be_hidden()

    # archive, see it under "archived", restore it
    await page.get_by_label("Status").select_option("ACTIVE")
    hiking = memories.filter(has_text="hiking in the mountains with Oliver")
    await hiking.get_by_role("button", name="Archive").click()
    await expect(page.get_by_role("status")).to_contain_text("Archived")
    await expect(hiking).to_have_count(0)
    await page.get_by_label("Status").select_option("ARCHIVED")
    await expect(hiking.locator(".badge-archived")).to_be_visible()
    await hiking.get_by_role("button", name="Restore").click()
    await expect(page.get_by_role("status")).to_contain_text("Restored")
    await expect(hiking).to_have_count(0)
    await page.get_by_label("Status").select_option("ACTIVE")
    await expect(hiking).to_have_count(1)

    # forget: a confirmation first; Keep it changes nothing
    cello = memories.filter(has_text="cello")
    await cello.get_by_role("button", name="Forget…").click()
    await expect(cello.get_by_role("alert")).to_contain_text("Forget this memory?")
    await cello.get_by_role("button", name="Keep it").click()
    await expect(cello).to_have_count(1)
    await cello.get_by_role("button", name="Forget…").click()
    await cello.get_by_label("Reason (optional)").fill("asked to")
    await cello.get_by_role("button", name="Forget it").click()
    await expect(page.get_by_role("status")).to_contain_text("Forgotten")
    await expect(cello).to_have_count(0)
    await page.get_by_label("Status").select_option("FORGOTTEN")
    await expect(memories.first).to_contain_text("Forgotten: its text was removed.")
    await shot(page, "memory-forgotten")
    stored = (await graphql(client, MEMORY_STATES, u=USER))["memories"]["items"]
    assert not any("cello" in m["content"] for m in stored)
    assert sum(m["status"] == "FORGOTTEN" for m in stored) == 1


INGEST_EVENTS = "mutation($i: IngestEventsInput!) { ingestEvents(input: $i) { stored candidates } }"
INGEST_DOCUMENT = "mutation($i: IngestDocumentInput!) { ingestDocument(input: $i) { id status } }"
CANDIDATE_STATES = "query($u: String!) { candidates(userId: $u) { content status } }"
NOTES = """# Ana's notes

## Porto
I visit my sister Clara in Porto every month.

## Night shifts
The night shifts at the hospital are long. I sleep badly after them.
"""


async def other_sources(client: httpx.AsyncClient, service: MemoryService) -> None:
    """A todo, a calendar entry and a Markdown document for Ana, besides her conversations."""
    events = [
        {
            "sourceType": "TODO",
            "sourceId": "t1",
            "content": "Learn to play the cello",
            "occurredAt": at(7).isoformat(),
            "status": "open",
        },
        {
            "sourceType": "CALENDAR",
            "sourceId": "c1",
            "content": "Cello lesson at the music school",
            "occurredAt": at(8).isoformat(),
            "title": "Cello lesson",
        },
    ]
    stored = (await graphql(client, INGEST_EVENTS, i={"userId": USER, "events": events}))["ingestEvents"]
    assert stored["stored"] == 2 and stored["candidates"] >= 1
    document = {"userId": USER, "filename": "notes.md", "text": NOTES}
    assert (await graphql(client, INGEST_DOCUMENT, i=document))["ingestDocument"]["status"] == "PROCESSING"
    await service.wait_for_jobs()  # parsed, chunked and embedded by its job
    (notes,) = await service.documents(user_id=USER)
    assert notes.status == "ready" and notes.chunks >= 3


async def brain_views(page: Page, base: str, client: httpx.AsyncClient) -> None:
    """Overview growth, the timeline across sources, documents with their chunk tree and the names they hold (and
    an entity's page listing the document naming it), a candidate promoted."""
    user = f"{base}/ui/users/{USER}"
    await page.goto(user)
    await expect(page.locator(".stats").get_by_text("documents")).to_be_visible()
    growth = page.get_by_role("img", name=re.compile(r"Growth over 30 days: [1-9]\d* days with something new"))
    await expect(growth).to_be_visible()
    await expect(page.get_by_role("heading", name="Growth by when it happened, last 30 days")).to_be_visible()
    await expect(page.locator("section[aria-labelledby=ov-sources]")).to_contain_text("todo")

    await page.goto(f"{user}/timeline")
    entries = page.locator("li.timeline-entry")
    await expect(entries.filter(has_text="I live in Lisbon").first).to_be_visible()
    # who said each message: Ana (user), then the assistant's reply
    said = page.locator("li.timeline-event", has_text="I live in Lisbon").first.locator(".timeline-speaker")
    await expect(said).to_have_text("Ana (user)")
    reply = page.locator("li.timeline-event", has_text="I see.").first.locator(".timeline-speaker")
    await expect(reply).to_have_text("Bot (assistant)")
    await page.get_by_label("Events from").select_option("TODO")  # memories and candidates stay listed
    events = page.locator("li.timeline-event")
    await expect(events.filter(has_text="Learn to play the cello")).to_have_count(1)
    await expect(events.filter(has_text="I live in Lisbon")).to_have_count(0)
    await shot(page, "timeline")

    await page.goto(f"{user}/documents")
    await page.get_by_role("link", name="Ana's notes").click()
    tree = page.locator("ul.chunk-tree")
    await expect(tree.locator("summary", has_text="Porto")).to_be_visible()
    await expect(tree).to_contain_text("I visit my sister Clara in Porto every month.")
    # Who the document names is the document's; Clara, whom Ana's own words name too, links to her entity page,
    # which lists the document among those naming her.
    names = page.locator("ul.document-entities")
    await expect(names.locator("li", has_text="Clara")).to_contain_text("also the user's entity")
    await shot(page, "document")
    await names.get_by_role("link", name="Clara").click()
    await expect(page).to_have_url(f"{user}/entities/Clara")
    mentions = page.locator("ul.document-mentions")
    await expect(mentions.get_by_role("link", name="Ana's notes")).to_be_visible()
    await expect(mentions).to_contain_text("1 passage")
    await mentions.get_by_role("link", name="Ana's notes").click()
    await expect(page.locator("#document-title")).to_have_text("Ana's notes")

    await page.goto(f"{user}/review")
    candidate = page.locator("li.candidate", has_text="cello").first
    await expect(candidate.locator(".badge-open")).to_be_visible()
    await shot(page, "candidates")
    await candidate.get_by_role("button", name="Promote to a memory").click()
    await expect(candidate.locator(".resolved")).to_contain_text("Promoted to a memory")
    states = (await graphql(client, CANDIDATE_STATES, u=USER))["candidates"]
    assert any("cello" in c["content"].lower() and c["status"] == "PROMOTED" for c in states)


async def resolve_pending(page: Page, base: str, client: httpx.AsyncClient) -> None:
    await page.goto(f"{base}/ui/users/{USER}/review")
    card = page.locator("li.pending", has_text="Starfall Tactics")
    await expect(card).to_contain_text("postponed")
    await shot(page, "review")
    await card.get_by_role("button", name=re.compile("New entity")).click()
    await expect(card.locator(".resolved")).to_contain_text("Resolved")
    await expect(card.get_by_role("link", name="Starfall Tactics")).to_be_visible()
    stored = (await graphql(client, PENDING, u=USER))["pendingObservations"]
    assert {"subject": "Starfall Tactics", "status": "RESOLVED"} in stored
    await shot(page, "review-resolved")
    await page.reload()
    await expect(page.get_by_role("heading", name="Nothing waits for a decision")).to_be_visible()


async def keyboard_and_phone(page: Page, base: str) -> None:
    await page.goto(f"{base}/ui/users/{USER}")
    await expect(page.locator(".stats")).to_be_visible()
    for _ in range(12):  # Tab through skip link and tools to the view menu
        await page.keyboard.press("Tab")
        if await page.evaluate("document.activeElement && document.activeElement.textContent") == "Traits":
            break
    await page.keyboard.press("Enter")
    await expect(page).to_have_url(f"{base}/ui/users/{USER}/traits")
    await page.set_viewport_size({"width": 390, "height": 844})
    for view in ("", "/memories", "/traits", "/entities", "/entities/Ana", "/graph", "/review", "/jobs", "/recall"):
        await page.goto(f"{base}/ui/users/{USER}{view}")
        await expect(page.locator("main")).to_be_visible()
        await page.wait_for_load_state("networkidle")
        await no_horizontal_overflow(page)
    await page.goto(f"{base}/ui/users/{USER}")
    await expect(page.locator(".stats")).to_be_visible()
    await shot(page, "phone-overview")
    await page.goto(f"{base}/ui/users/{USER}/memories")
    await expect(page.locator("li.memory").first).to_be_visible()
    await shot(page, "phone-memories")


async def graphiql(page: Page, base: str) -> None:
    await page.set_viewport_size({"width": 1280, "height": 800})
    await page.goto(f"{base}/graphql")
    tabs = page.locator(".graphiql-tab")
    await expect(tabs.first).to_contain_text("IngestMessages")
    assert await tabs.count() >= 10
    await expect(page.locator(".graphiql-editor").first).to_contain_text("ingestMessages")
    await expect(page.locator(".graphiql-editor-tool")).to_contain_text('"userId": "ana"')  # the tab's variables
    await page.locator(".graphiql-tab-button", has_text=re.compile(r"^Jobs$")).click()
    await expect(page.locator(".graphiql-editor").first).to_contain_text("query Jobs")
    response = page.locator(".graphiql-response")
    for _ in range(10):  # GraphiQL settles the new tab's operation name a moment after the switch
        await page.locator(".graphiql-execute-button").click()
        await expect(response).to_contain_text(re.compile(r'"(data|errors)"'))
        if "SUCCEEDED" in await response.inner_text():
            break
    await expect(response).to_contain_text("SUCCEEDED")
    await shot(page, "graphiql")


async def test_dashboard_in_chromium(service: MemoryService, base_url: str) -> None:
    async with httpx.AsyncClient(base_url=base_url, timeout=60) as client:
        await build_user(client, service)
        log = RequestLog()
        problems: list[str] = []

        async def guard(route: Route) -> None:
            if RequestLog.is_local(route.request.url):
                await route.continue_()
            else:
                log.outside.append(route.request.url)
                await route.abort()

        async with chromium() as browser:
            context = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
            context.on("request", log.record)
            await context.route("**/*", guard)
            page = await context.new_page()
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
            await walk_views(page, base_url)
            await resolve_pending(page, base_url, client)
            await memory_lifecycle(page, base_url, client)
            await other_sources(client, service)
            await brain_views(page, base_url, client)
            await keyboard_and_phone(page, base_url)
            dashboard_problems = list(problems)  # GraphiQL's own first run may answer 400 (see graphiql())
            await graphiql(page, base_url)
            await context.close()

    assert log.outside == [], f"requests left 127.0.0.1: {log.outside}"
    assert all(RequestLog.is_local(url) for url in log.urls)
    assert any(url.endswith("/graphql") for url in log.urls) and len(log.urls) > 20
    assert dashboard_problems == [], dashboard_problems
