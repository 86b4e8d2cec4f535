"""Issue 21: beliefChanges, what changed about a user in a time range, from the audit trail."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.test_changed_values import gql

__all__ = ["gql"]  # the fixture, used by name

CHANGES = """
query($u: String!, $from: DateTime, $to: DateTime, $limit: Int! = 50, $after: String) {
  beliefChanges(userId: $u, from: $from, to: $to, limit: $limit, after: $after) {
    nodes { id at kind targetId change actor recordedActor oldValue newValue evidenceIds }
    endCursor hasNextPage
  }
}"""


async def changes(gql: GraphQLClient, **variables: Any) -> dict[str, Any]:
    body = await gql.execute(CHANGES, {"u": "ana", **variables})
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]["beliefChanges"]
    return result


async def test_a_correction_a_forget_and_an_archive_in_order_with_their_actors(
    service: MemoryService, gql: GraphQLClient
) -> None:
    start = datetime.now(UTC) - timedelta(minutes=1)
    home = await service.remember(
        user_id="ana", content="I live in Lisbonn.", memory_type="fact", source="agent", occurred_at=at(1)
    )
    again = await service.remember(
        user_id="ana", content="I live in Lisbonn.", memory_type="fact", source="user", occurred_at=at(1)
    )
    assert again.uid == home.uid  # a reinforcement: no change of belief
    fixed = await service.correct_memory(user_id="ana", memory_id=home.uid, content="I live in Lisbon.")
    secret = await service.remember(user_id="ana", content="My locker code is 4411.", memory_type="fact", source="user")
    await service.forget_memory(user_id="ana", memory_id=secret.uid)
    await service.archive_memory(user_id="ana", memory_id=fixed.uid)
    await service.restore_memory(user_id="ana", memory_id=fixed.uid)
    await service.remember(user_id="bob", content="I live in Rome.", memory_type="fact", source="user")

    page = await changes(gql, **{"from": start.isoformat()})
    seen = [(c["targetId"], c["change"], c["actor"]) for c in page["nodes"]]
    assert seen[0] == (home.uid, "created", "AGENT")
    # the correction's two entries share one time (one transaction)
    assert sorted(seen[1:3]) == sorted([(fixed.uid, "created", "USER"), (home.uid, "corrected", "USER")])
    assert seen[3:] == [
        (secret.uid, "forgotten", "USER"),
        (fixed.uid, "archived", "USER"),
        (fixed.uid, "restored", "USER"),
    ]
    corrected = next(c for c in page["nodes"] if c["change"] == "corrected")
    assert (corrected["oldValue"], corrected["newValue"]) == ("I live in Lisbonn.", "I live in Lisbon.")
    assert set(corrected["evidenceIds"]) == {home.uid, fixed.uid}
    forgotten = [c for c in page["nodes"] if c["targetId"] == secret.uid]
    assert [c["change"] for c in forgotten] == ["forgotten"]  # its creation went with its content
    assert all(c["oldValue"] is None and c["newValue"] is None for c in forgotten)
    assert all("4411" not in str(c) for c in page["nodes"])
    assert [c["at"] for c in page["nodes"]] == sorted(c["at"] for c in page["nodes"])
    assert {c["kind"] for c in page["nodes"]} == {"MEMORY"}


async def test_pages_and_range(service: MemoryService, gql: GraphQLClient) -> None:
    start = datetime.now(UTC) - timedelta(minutes=1)
    facts = (
        "Ana's sister is a pilot.",
        "The balcony gets sun in the afternoon.",
        "Ana keeps her bike in the basement.",
        "Ana's favourite tea is genmaicha.",
        "Ana plays chess on Sundays.",
    )
    for fact in facts:  # five unrelated facts: five creations, nothing superseded
        await service.remember(user_id="ana", content=fact, memory_type="fact", source="user")
    first = await changes(gql, **{"from": start.isoformat(), "limit": 2})
    assert len(first["nodes"]) == 2 and first["hasNextPage"]
    rest = await changes(gql, **{"from": start.isoformat(), "limit": 10, "after": first["endCursor"]})
    assert len(rest["nodes"]) == 3 and not rest["hasNextPage"]
    assert not {c["id"] for c in first["nodes"]} & {c["id"] for c in rest["nodes"]}
    default_week = await changes(gql)
    assert len(default_week["nodes"]) == 5
    before = await changes(gql, **{"from": (start - timedelta(days=3)).isoformat(), "to": start.isoformat()})
    assert before["nodes"] == []
    body = await gql.execute(CHANGES, {"u": "ana", "from": start.isoformat(), "to": start.isoformat()})
    assert body["errors"][0]["extensions"]["code"] == "INVALID_INPUT"


async def test_a_move_told_later_lists_the_old_home_as_superseded_by_extraction(
    service: MemoryService, gql: GraphQLClient
) -> None:
    start = datetime.now(UTC) - timedelta(minutes=1)
    for day, (session, text) in enumerate((("s1", "I live in Lisbon."), ("s2", "I moved to Porto last week.")), 1):
        message = MessageIn(role="user", content=text, occurred_at=at(day), message_id="m0", speaker="Ana")
        await service.ingest_messages(user_id="ana", session_id=session, messages=[message])
        await service.end_conversation(user_id="ana", session_id=session)
        await service.wait_for_jobs()

    page = await changes(gql, **{"from": start.isoformat()})
    [superseded] = [c for c in page["nodes"] if c["change"] == "superseded"]
    assert superseded["actor"] == "EXTRACTION"
    assert "Lisbon" in superseded["oldValue"]
    created = {c["targetId"]: c["newValue"] for c in page["nodes"] if c["change"] == "created"}
    assert "Lisbon" in created[superseded["targetId"]]
    assert any("Porto" in (text or "") for text in created.values())
