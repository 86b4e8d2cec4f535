"""A recall hit says when it was first said and when it was last confirmed: a memory restated in a later session
keeps the time it was first said (``occurredAt``) and carries the restatement's (``lastConfirmedAt``), and so does
an impression repeating it, which ranks below the memory."""

from __future__ import annotations

from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.test_changed_values import gql

__all__ = ["gql"]  # the fixture, used by name

RECALL = """
query($q: String!) {
  recall(userId: "ana", query: $q, limit: 10) { id kind content occurredAt lastConfirmedAt memoryType }
}"""


async def say(service: MemoryService, session: str, day: int, text: str) -> None:
    message = MessageIn(role="user", content=text, occurred_at=at(day), message_id="m0", speaker="Ana")
    await service.ingest_messages(user_id="ana", session_id=session, messages=[message])
    await service.end_conversation(user_id="ana", session_id=session)
    await service.wait_for_jobs()


async def test_a_restated_memory_is_confirmed_at_the_restatement(service: MemoryService, gql: GraphQLClient) -> None:
    await say(service, "s1", 1, "I'm allergic to peanuts.")
    await say(service, "s2", 20, "I'm allergic to peanuts.")
    body = await gql.execute(RECALL, {"q": "What am I allergic to?"})
    assert "errors" not in body, body
    hits = [h for h in body["data"]["recall"] if "peanut" in h["content"]]
    learned = [h["kind"] for h in hits if h["kind"] in ("memory", "impression")]
    assert learned and learned[0] == "memory", hits  # an impression repeating it word for word ranks below it
    assert all(h["lastConfirmedAt"].startswith("2024-05-20") for h in hits), hits
    for memory in (h for h in hits if h["kind"] == "memory"):
        assert memory["occurredAt"].startswith("2024-05-01")
