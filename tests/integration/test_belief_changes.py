"""Issue 21: beliefChanges, what changed about a user in a time range, from the audit trail."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.errors import InvalidInputError
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.test_changed_values import gql

__all__ = ["gql"]  # the fixture, used by name

_UUID = re.compile(r"[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}")
"""A generated id: it holds no user text (a secret of digits may occur inside one by chance)."""

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
    assert all("4411" not in _UUID.sub("", str(c)) for c in page["nodes"])  # a random id may hold the digits
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


HAPPENED = """
query($u: String!, $from: DateTime, $to: DateTime, $limit: Int! = 50, $after: String, $by: BeliefTime!) {
  beliefChanges(userId: $u, from: $from, to: $to, limit: $limit, after: $after, by: $by) {
    nodes { id at happenedAt kind targetId change newValue }
    endCursor hasNextPage
  }
}"""


async def by_time(gql: GraphQLClient, by: str, **variables: Any) -> dict[str, Any]:
    body = await gql.execute(HAPPENED, {"u": "ana", "by": by, **variables})
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]["beliefChanges"]
    return result


async def test_an_import_of_old_conversations_happened_when_its_messages_were_said(
    service: MemoryService, gql: GraphQLClient
) -> None:
    start = datetime.now(UTC) - timedelta(minutes=1)
    said = {
        "Porto": datetime(2023, 9, 14, 18, 30, tzinfo=UTC),
        "Lisbon": datetime(2023, 3, 2, 9, 15, tzinfo=UTC),
    }
    # imported newest first: recorded order and happened order disagree
    for session, (city, when) in enumerate(sorted(said.items(), key=lambda kv: kv[1], reverse=True)):
        text = f"My favourite city is {city}." if city == "Porto" else "My sister works as a nurse in Lisbon."
        message = MessageIn(role="user", content=text, occurred_at=when, message_id="m0", speaker="Ana")
        await service.ingest_messages(user_id="ana", session_id=f"old-{session}", messages=[message])
        await service.end_conversation(user_id="ana", session_id=f"old-{session}")
        await service.wait_for_jobs()

    recorded = await by_time(gql, "RECORDED", **{"from": start.isoformat()})
    created = [c for c in recorded["nodes"] if c["change"] == "created"]
    assert {city for city in said if any(city in c["newValue"] for c in created)} == set(said)
    for change in created:
        [city] = [city for city in said if city in change["newValue"]]
        assert datetime.fromisoformat(change["happenedAt"]) == said[city]
        assert datetime.fromisoformat(change["at"]) >= start  # recorded today
    recorded_cities = [next(c for c in said if c in ch["newValue"]) for ch in created]
    assert recorded_cities == ["Porto", "Lisbon"]

    # the same range by happened time holds nothing: everything happened in 2023
    assert (await by_time(gql, "HAPPENED", **{"from": start.isoformat()}))["nodes"] == []
    year_2023 = {"from": "2023-01-01T00:00:00Z", "to": "2024-01-01T00:00:00Z"}
    assert (await by_time(gql, "RECORDED", **year_2023))["nodes"] == []
    happened = await by_time(gql, "HAPPENED", **year_2023)
    happened_created = [c for c in happened["nodes"] if c["change"] == "created"]
    assert [next(c for c in said if c in ch["newValue"]) for ch in happened_created] == ["Lisbon", "Porto"]
    times = [c["happenedAt"] for c in happened["nodes"]]
    assert times == sorted(times)
    spring = await by_time(gql, "HAPPENED", **{"from": "2023-03-01T00:00:00Z", "to": "2023-04-01T00:00:00Z"})
    assert spring["nodes"] and all("Lisbon" in (c["newValue"] or "") for c in spring["nodes"])

    # one at a time by happened time: every change once, in order, the cursor keyed on happenedAt
    seen: list[dict[str, Any]] = []
    after: str | None = None
    while True:
        page = await by_time(gql, "HAPPENED", limit=1, after=after, **year_2023)
        seen += page["nodes"]
        if not page["hasNextPage"]:
            break
        after = page["endCursor"]
    assert [c["id"] for c in seen] == [c["id"] for c in happened["nodes"]]
    assert len(seen) >= 2


async def test_happened_is_scoped_to_the_user(service: MemoryService, gql: GraphQLClient) -> None:
    when = datetime(2022, 6, 1, 8, 0, tzinfo=UTC)
    await service.remember(
        user_id="bob", content="I live in Rome.", memory_type="fact", source="user", occurred_at=when
    )
    mine = await service.remember(
        user_id="ana", content="I live in Lisbon.", memory_type="fact", source="user", occurred_at=when
    )
    page = await by_time(gql, "HAPPENED", **{"from": "2022-01-01T00:00:00Z", "to": "2023-01-01T00:00:00Z"})
    assert [(c["targetId"], c["change"]) for c in page["nodes"]] == [(mine.uid, "created")]
    assert datetime.fromisoformat(page["nodes"][0]["happenedAt"]) == when


async def test_an_archive_happened_when_it_was_done_not_when_the_memory_was_said(
    service: MemoryService, gql: GraphQLClient
) -> None:
    said = datetime(2022, 6, 1, 8, 0, tzinfo=UTC)
    start = datetime.now(UTC) - timedelta(minutes=1)
    memory = await service.remember(
        user_id="ana", content="I live in Lisbon.", memory_type="fact", source="user", occurred_at=said
    )
    await service.archive_memory(user_id="ana", memory_id=memory.uid)
    page = await by_time(gql, "HAPPENED", **{"from": "2022-01-01T00:00:00Z"})
    assert [(c["change"], c["happenedAt"] == c["at"]) for c in page["nodes"]] == [
        ("created", False),
        ("archived", True),
    ]
    assert datetime.fromisoformat(page["nodes"][0]["happenedAt"]) == said
    assert datetime.fromisoformat(page["nodes"][1]["happenedAt"]) >= start


async def test_an_unknown_time_is_refused(service: MemoryService) -> None:
    with pytest.raises(InvalidInputError, match="by"):
        await service.belief_changes(user_id="ana", by="someday")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="by"):
        await service.growth(user_id="ana", by="someday")  # type: ignore[arg-type]
