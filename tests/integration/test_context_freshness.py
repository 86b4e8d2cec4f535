"""memoryContext says how current each recalled line is, through GraphQL: a plan said ahead of its date says when
it was said and whether that date has passed (a passed plan never reads as ahead); a fresh belief carries no mark.
The "as of" mark of a belief not confirmed for ``RECALL_STALE_AFTER_DAYS`` is tested on the line itself
(tests/unit/test_context_freshness.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graphsvc.service import MemoryService
from tests.integration.graphql_client import GraphQLClient
from tests.integration.test_context_current_belief import CONTEXT, conversation, gql

__all__ = ["gql"]  # the fixture, used by name


async def context(gql: GraphQLClient, query: str) -> str:
    body = await gql.execute(CONTEXT, {"u": "ana", "q": query})
    assert "errors" not in body, body
    return str(body["data"]["memoryContext"]["text"])


def line_with(text: str, words: str) -> str:
    """The line of the recalled section ("Relevant memories:") that holds ``words``."""
    recalled = text.split("Relevant memories:\n", 1)[1].split("\n\n", 1)[0]
    [line] = [line for line in recalled.splitlines() if words in line]
    return line


async def test_a_passed_plan_is_marked_passed(service: MemoryService, gql: GraphQLClient) -> None:
    march = datetime(2023, 3, 10, 9, tzinfo=UTC)
    await conversation(service, gql, "s1", [("m1", "I'm going to Japan in May with my brother.", march)])
    text = await context(gql, "Where am I travelling next?")
    plan = line_with(text, "Japan in May")  # the memory, or the message it was drawn from
    assert plan.endswith(("(said 2023-03-10; that date has passed)", "(planned for 2023-05-01; that date has passed)"))
    assert "upcoming" not in text


async def test_a_plan_ahead_is_upcoming_and_a_fresh_belief_carries_no_mark(
    service: MemoryService, gql: GraphQLClient
) -> None:
    yesterday = datetime.now(UTC) - timedelta(days=1)
    await conversation(
        service,
        gql,
        "s1",
        [("m1", "I'm flying to Lima next Friday.", yesterday), ("m2", "I'm allergic to penicillin.", yesterday)],
    )
    text = await context(gql, "When am I flying to Lima?")
    assert line_with(text, "flying to Lima").endswith(" upcoming)"), text
    allergy = await context(gql, "What am I allergic to?")
    assert line_with(allergy, "allergic to penicillin").endswith("penicillin."), allergy
