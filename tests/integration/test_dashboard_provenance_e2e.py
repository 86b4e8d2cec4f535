"""The dashboard's "why graphsvc believes this" in a real headless Chromium against the real app, HTTP server and
Neo4j: three conversations of a habit are ingested and extracted over GraphQL (the habit becomes a trait). On the
memories view, a memory's **Why?** names the rule that kept it with its description, the message it came from
(linked to its day on the timeline) and says no trait rests on it; a running memory's panel links to the trait
resting on it, whose page lists its evidence memories, each with its own **Why?**. On the speaker's entity page,
**Why graphsvc believes this** names the rule that decided the kind with its measured precision, the messages the
entity was observed in (newest first, each linked to its day on the timeline) and the rule that stated each
relation. Screenshots go to ``.data/artifacts/dashboard/``."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.async_api import Page, expect

from graphsvc.service import MemoryService
from tests.integration.browser import ARTIFACTS, chromium, serve
from tests.integration.conftest import at
from tests.integration.test_dashboard_e2e import graphql, no_horizontal_overflow, shot

USER = "nora"
INGEST = "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"
END = "mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"
MEMORIES = "query($u: String!) { memories(userId: $u, limit: 100) { items { id content sourceMessageIds } } }"
PROVENANCE = """query($u: String!, $m: ID!) {
  memoryProvenance(userId: $u, memoryId: $m) {
    madeBy rule { id description measuredPrecision judged }
    steps { sessionId messageId decisions { outcome sentence } }
    traits { traitId content stage supports }
  }
}"""
ENTITIES = "query($u: String!) { entities(userId: $u, limit: 100) { nodes { id subject } } }"
ENTITY_PROVENANCE = """query($u: String!, $e: ID!) {
  entityProvenance(userId: $u, entityId: $e) {
    kindDecidedBy kindRule { id description measuredPrecision judged } observed
    messages { messageId content occurredAt }
    relations { relation { relation other { subject } } statedBy rule { id } messages { content } }
  }
}"""
CHANGES = """query($u: String!) {
  beliefChanges(userId: $u, limit: 200) { nodes { kind change targetId newValue } hasNextPage }
}"""
ALLERGY = "I'm allergic to shellfish."
SISTER = "My sister Ingrid lives in Bergen."
SESSIONS = [  # the habit in three conversations (a trait forms from the second), the allergy and the sister once
    ("s1", 3, [ALLERGY, "I went running along the canal this morning.", SISTER]),
    ("s2", 6, ["I really enjoy running, it clears my head."]),
    ("s3", 9, ["I usually run in the park on weekends."]),
]


async def build_user(client: httpx.AsyncClient, service: MemoryService) -> None:
    for session, day, lines in SESSIONS:
        messages = [
            {
                "messageId": f"{session}-m{i}",
                "role": "user",
                "speaker": "Nora",
                "content": text,
                "occurredAt": at(day, 9, i).isoformat(),
            }
            for i, text in enumerate(lines)
        ]
        await graphql(client, INGEST, i={"userId": USER, "sessionId": session, "messages": messages})
        await graphql(client, END, u=USER, s=session)
        await service.wait_for_jobs()


async def provenance_of(client: httpx.AsyncClient) -> dict[str, dict[str, Any]]:
    """Each memory's content → its provenance as the API gives it."""
    memories = (await graphql(client, MEMORIES, u=USER))["memories"]["items"]
    return {m["content"]: (await graphql(client, PROVENANCE, u=USER, m=m["id"]))["memoryProvenance"] for m in memories}


def precision_line(rule: dict[str, Any]) -> str:
    """How the dashboard words a rule's measured precision."""
    if rule["measuredPrecision"] is None:
        return "precision not measured yet"
    return f"measured precision {rule['measuredPrecision']:.2f} on {rule['judged']} held-out outputs"


async def entity_why(page: Page, base: str, client: httpx.AsyncClient) -> None:
    """The speaker's entity page: the why panel names the kind's rule, the messages and each relation's rule; a
    message's link opens its day on the timeline."""
    ids = {n["subject"]: n["id"] for n in (await graphql(client, ENTITIES, u=USER))["entities"]["nodes"]}
    known = (await graphql(client, ENTITY_PROVENANCE, u=USER, e=ids["Nora"]))["entityProvenance"]
    rule = known["kindRule"]
    assert known["kindDecidedBy"] == "RULEBOOK" and rule is not None, known
    assert known["messages"] and known["observed"] >= len(known["messages"])
    ruled = [r for r in known["relations"] if r["statedBy"] == "RULEBOOK"]
    assert ruled, f"no relation stated by a rule: {known['relations']}"

    await page.goto(f"{base}/ui/users/{USER}/entities/Nora")
    panel = page.locator("details.entity-why")
    await expect(panel.locator(".made-by").first).to_be_hidden()  # read when opened
    await panel.locator("summary", has_text="Why graphsvc believes this").click()
    kind = panel.locator(".made-by").first
    await expect(kind).to_contain_text(rule["description"])
    await expect(kind.locator("code")).to_have_text(rule["id"])
    await expect(kind).to_contain_text(precision_line(rule))
    said = panel.locator(".entity-provenance > ol > li.provenance-message")
    await expect(said).to_have_count(len(known["messages"]))
    await expect(said.first.locator("q.said")).to_have_text(known["messages"][0]["content"])  # newest first
    relation = panel.locator("li.provenance-relation", has_text=ruled[0]["relation"]["other"]["subject"]).first
    await expect(relation).to_contain_text(ruled[0]["relation"]["relation"])
    await expect(relation.locator(".made-by code")).to_have_text(ruled[0]["rule"]["id"])
    if ruled[0]["messages"]:
        await expect(relation.locator("q.said").first).to_have_text(ruled[0]["messages"][0]["content"])
    await shot(page, "entity-why")
    await panel.screenshot(path=str(ARTIFACTS / "entity-why-panel.png"))

    newest = known["messages"][0]["occurredAt"][:10]
    await said.first.get_by_role("link", name="see the message on the timeline").click()
    await expect(page).to_have_url(re.compile(rf"/ui/users/{USER}/timeline\?from={newest}&to="))
    await expect(page.locator("li.timeline-event", has_text=known["messages"][0]["content"]).first).to_be_visible()


async def why(page: Page, content: str) -> None:
    card = page.locator("li.card.memory", has_text=content).first
    await card.get_by_role("button", name="Why?").click()


async def test_why_graphsvc_believes_a_memory_in_chromium(service: MemoryService) -> None:
    async with serve(service) as base, httpx.AsyncClient(base_url=base, timeout=60) as client:
        await build_user(client, service)
        known = await provenance_of(client)
        [allergy] = [c for c in known if "shellfish" in c]
        rule = known[allergy]["rule"]
        assert known[allergy]["madeBy"] == "RULEBOOK" and rule["id"] == "en.keep.allergy"
        assert known[allergy]["traits"] == []
        resting = [(c, p) for c, p in known.items() if p["traits"] and p["steps"]]
        assert resting, f"no memory has a trait resting on it: {known}"
        running, running_provenance = resting[0]
        trait = running_provenance["traits"][0]
        said = running_provenance["steps"][0]["decisions"][0]["sentence"]
        async with chromium() as browser:
            context = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
            page = await context.new_page()
            problems: list[str] = []
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
            await page.goto(f"{base}/ui/users/{USER}/memories")
            await expect(page.locator("li.card.memory").first).to_be_visible()

            # the allergy: the rule that kept it, the message it came from, no trait
            await why(page, allergy)
            dialog = page.get_by_role("dialog", name="Why graphsvc believes this")
            made_by = dialog.locator(".made-by")
            await expect(made_by).to_contain_text(rule["description"])
            await expect(made_by.locator("code")).to_have_text("en.keep.allergy")
            precision = (
                f"measured precision {rule['measuredPrecision']:.2f} on {rule['judged']} held-out outputs"
                if rule["measuredPrecision"] is not None
                else "precision not measured yet"
            )
            await expect(made_by).to_contain_text(precision)
            step = dialog.locator("li.provenance-step")
            await expect(step).to_have_count(1)
            await expect(step.locator(".trace-created")).to_contain_text("created")
            await expect(step.locator("q.said")).to_have_text(ALLERGY)
            await expect(step).to_contain_text("conversation s1")
            await expect(dialog).to_contain_text("No trait cites it yet.")
            await shot(page, "memory-why")

            # the message's day on the timeline
            await step.get_by_role("link", name="see the message on the timeline").click()
            await expect(page).to_have_url(f"{base}/ui/users/{USER}/timeline?from=2024-05-03&to=2024-05-04")
            await expect(page.get_by_label("From", exact=True)).to_have_value("2024-05-03")
            await expect(page.locator("li.timeline-event", has_text=ALLERGY)).to_be_visible()
            await expect(page.locator("li.timeline-event", has_text="clears my head")).to_have_count(0)

            # a running memory: the trait resting on it, and that trait's page with its evidence
            await page.goto(f"{base}/ui/users/{USER}/memories")
            await why(page, running)
            dialog = page.get_by_role("dialog", name="Why graphsvc believes this")
            await expect(dialog.locator("q.said").first).to_have_text(said)
            link = dialog.locator(".provenance-traits").get_by_role("link", name=trait["content"])
            await expect(link).to_be_visible()
            await expect(dialog.locator(".provenance-traits")).to_contain_text(
                "supports" if trait["supports"] else "contradicts"
            )
            await shot(page, "memory-why-trait")
            await dialog.screenshot(path=str(ARTIFACTS / "memory-why-panel.png"))  # the manual's picture
            await link.click()
            await expect(dialog).to_be_hidden()
            await expect(page).to_have_url(f"{base}/ui/users/{USER}/traits/{trait['traitId']}")
            card = page.locator("li.card.trait")
            await expect(card).to_have_count(1)
            await expect(card).to_contain_text(trait["content"])
            evidence = card.locator("li.evidence", has_text=running).first
            await expect(evidence).to_be_visible()  # the evidence is open on a trait's page
            await evidence.get_by_role("button", name="Why?").click()
            dialog = page.get_by_role("dialog", name="Why graphsvc believes this")
            await expect(dialog.locator("q.said").first).to_have_text(said)
            await expect(dialog.locator(".provenance-traits")).to_contain_text(trait["content"])
            await shot(page, "trait-why")
            await page.keyboard.press("Escape")

            await entity_why(page, base, client)

            # What changed: the trait's creation under Traits, one line, linked to the trait's page
            changes = (await graphql(client, CHANGES, u=USER))["beliefChanges"]["nodes"]
            made = [c for c in changes if c["kind"] == "TRAIT" and c["change"] == "created"]
            assert trait["traitId"] in {c["targetId"] for c in made}, changes
            await page.goto(f"{base}/ui/users/{USER}/changes")
            # the conversations happened in May 2024 and were recorded today: this week's days are of recording
            await page.get_by_label("Dates").select_option("RECORDED")
            traits = page.locator("section.change-kind-trait")
            await expect(traits.get_by_role("heading", name="Traits")).to_be_visible()
            summary = traits.locator("details.created-summary")
            noun = "trait" if len(made) == 1 else "traits"
            await expect(summary.locator("summary")).to_contain_text(f"{len(made)} {noun} created")
            await summary.locator("summary").click()
            [created] = [c for c in made if c["targetId"] == trait["traitId"]]
            await summary.get_by_role("link", name=created["newValue"]).click()
            await expect(page).to_have_url(f"{base}/ui/users/{USER}/traits/{trait['traitId']}")
            await expect(page.locator("li.card.trait")).to_contain_text(trait["content"])
            await page.set_viewport_size({"width": 390, "height": 844})
            await no_horizontal_overflow(page)
            await context.close()
    assert problems == [], problems
