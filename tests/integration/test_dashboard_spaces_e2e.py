"""A group's pages in a real headless Chromium against the real app, HTTP server and Neo4j: a group's overview lists
its members, each a link to the member's own overview, which lists the groups they belong to; the group's
timeline shows who said what; what a member said is among their own memories too."""

from __future__ import annotations

import httpx
from playwright.async_api import expect

from graphsvc.service import MemoryService
from tests.integration.browser import chromium, serve
from tests.integration.conftest import at
from tests.integration.test_dashboard_e2e import graphql

GROUP = "group:choir"
INGEST = "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"
END = "mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"
SAID = [
    ("maya", "Maya", "I sing alto and I have a cold this week."),
    ("olu", "Olu", "I work as a piano tuner in the old town."),
]


async def test_a_groups_members_and_a_members_groups_in_chromium(service: MemoryService) -> None:
    await service.create_group(group_id=GROUP, name="Thursday choir", created_by="maya")
    await service.add_group_member(group_id=GROUP, user_id="olu")
    async with serve(service) as base, httpx.AsyncClient(base_url=base, timeout=60) as client:
        messages = [
            {
                "role": "user",
                "speaker": name,
                "speakerId": user,
                "content": text,
                "messageId": f"m{i}",
                "occurredAt": at(1, 19, i).isoformat(),
            }
            for i, (user, name, text) in enumerate(SAID)
        ]
        await graphql(client, INGEST, i={"userId": GROUP, "sessionId": "rehearsal", "messages": messages})
        await graphql(client, END, u=GROUP, s="rehearsal")
        await service.wait_for_jobs()
        async with chromium() as browser:
            context = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
            page = await context.new_page()
            problems: list[str] = []
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
            await page.goto(f"{base}/ui/users/{GROUP}")
            members = page.get_by_role("region", name="Group Thursday choir: 2 members")
            await expect(members).to_be_visible()
            await expect(members.get_by_role("link")).to_have_text(["maya", "olu"])
            await page.goto(f"{base}/ui/users/{GROUP}/timeline")
            await expect(page.get_by_text("Olu (user)").first).to_be_visible()  # who said what
            await page.goto(f"{base}/ui/users/{GROUP}")
            await members.get_by_role("link", name="olu").click()
            await expect(page).to_have_url(f"{base}/ui/users/olu")
            groups = page.get_by_role("region", name="Groups")
            await expect(groups.get_by_role("link", name=GROUP)).to_be_visible()
            await expect(groups).to_contain_text("Thursday choir, 2 members")
            await page.goto(f"{base}/ui/users/olu/memories")
            await expect(page.get_by_text("piano tuner").first).to_be_visible()
            await expect(page.get_by_text("alto")).to_have_count(0)  # Maya's words stay Maya's
            await context.close()
    assert problems == [], problems
