"""timeline, sessions and userStats (seed 003's dashboard APIs) against the real Neo4j."""

from __future__ import annotations

from datetime import timedelta

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.errors import InvalidInputError
from graphsvc.service import MemoryService
from graphsvc.service.views import SourceEventIn
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient


async def fill(service: MemoryService) -> None:
    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[
            MessageIn(role="user", content="I moved to Porto.", occurred_at=at(1), message_id="m1"),
            MessageIn(role="user", content="I teach chemistry.", occurred_at=at(1, minute=5), message_id="m2"),
        ],
    )
    await service.ingest_events(
        user_id="ana",
        events=[
            SourceEventIn(source_type="todo", source_id="t1", content="Renew passport", occurred_at=at(2)),
            SourceEventIn(source_type="note", source_id="n1", content="Porto has great tiles", occurred_at=at(3)),
        ],
    )
    # a new version of the todo: only the current one is on the timeline
    await service.ingest_events(
        user_id="ana",
        events=[
            SourceEventIn(
                source_type="todo", source_id="t1", content="Renew passport", status="done", occurred_at=at(4)
            )
        ],
    )
    await service.ingest_messages(
        user_id="bob",
        session_id="s1",
        messages=[MessageIn(role="user", content="Bob's secret", occurred_at=at(1), message_id="m1")],
    )


async def test_the_timeline_lists_what_happened_in_order_and_pages(service: MemoryService) -> None:
    await fill(service)
    page = await service.timeline(user_id="ana", kinds=["event"])
    assert [i.content for i in page.items] == [
        "I moved to Porto.",
        "I teach chemistry.",
        "Porto has great tiles",
        "Renew passport",
    ]
    assert [i.source_type for i in page.items] == ["conversation", "conversation", "note", "todo"]
    assert page.next_cursor is None
    first = await service.timeline(user_id="ana", kinds=["event"], limit=3)
    assert len(first.items) == 3 and first.next_cursor
    rest = await service.timeline(user_id="ana", kinds=["event"], limit=3, after=first.next_cursor)
    assert [i.content for i in rest.items] == ["Renew passport"] and rest.next_cursor is None
    # from is inclusive, to exclusive
    window = await service.timeline(user_id="ana", kinds=["event"], start=at(1, minute=5), end=at(3))
    assert [i.content for i in window.items] == ["I teach chemistry."]
    todos = await service.timeline(user_id="ana", source_types=["todo"], kinds=["event"])
    assert [(i.content, i.at) for i in todos.items] == [("Renew passport", at(4))]
    everything = await service.timeline(user_id="ana")
    assert {i.kind for i in everything.items} >= {"event", "candidate"}
    assert [i.at for i in everything.items] == sorted(i.at for i in everything.items)
    assert all("Bob" not in i.content for i in everything.items)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ({"kinds": ["nope"]}, "kinds"),
        ({"source_types": ["fax"]}, "sourceTypes"),
        ({"start": at(2), "end": at(2)}, "to"),
        ({"after": "not-a-cursor!"}, "after"),
        ({"limit": 0}, "limit"),
    ],
)
async def test_bad_timeline_arguments_are_refused(service: MemoryService, args: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInputError, match=field):
        await service.timeline(user_id="ana", **args)  # type: ignore[arg-type]


async def test_sessions_and_user_stats(service: MemoryService) -> None:
    await fill(service)
    sessions = await service.sessions(user_id="ana")
    assert [(s.session_id, s.messages, s.status) for s in sessions] == [("s1", 2, "open")]
    stats = await service.user_stats(user_id="ana")
    assert {c.key: c.count for c in stats.events_by_source} == {"conversation": 2, "todo": 1, "note": 1}
    assert len(stats.growth) == 30
    today = service.rt.clock().date().isoformat()
    assert stats.growth[-1].day == today and stats.growth[-1].events == 5  # 2 messages, 3 todo/note versions
    assert stats.growth[0].day == (service.rt.clock().date() - timedelta(days=29)).isoformat()
    assert stats.counts.events == 5 and stats.counts.sessions == 1
    assert sum(c.count for c in stats.candidates_by_status) == stats.growth[-1].candidates
    empty = await service.user_stats(user_id="nobody")
    assert empty.counts.events == 0 and all(g.events == 0 for g in empty.growth)


async def test_dashboard_reads_over_graphql(service: MemoryService) -> None:
    await fill(service)
    gql = GraphQLClient(service)
    try:
        body = await gql.execute(
            "query($u: String!) { timeline(userId: $u, sourceTypes: [TODO, NOTE], kinds: [EVENT], limit: 1) "
            "{ nodes { kind sourceType content } hasNextPage endCursor } "
            "sessions(userId: $u) { sessionId messages } "
            "userStats(userId: $u) { counts { events } eventsBySource { key count } growth { day events } } }",
            {"u": "ana"},
        )
        data = body["data"]
        assert data["timeline"]["nodes"] == [
            {"kind": "EVENT", "sourceType": "NOTE", "content": "Porto has great tiles"}
        ]
        assert data["timeline"]["hasNextPage"] is True
        assert data["sessions"] == [{"sessionId": "s1", "messages": 2}]
        assert data["userStats"]["counts"]["events"] == 5 and len(data["userStats"]["growth"]) == 30
    finally:
        await gql.aclose()


async def test_a_conversation_entry_says_who_spoke(service: MemoryService) -> None:
    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[
            MessageIn(role="user", speaker="Ana", content="I moved to Porto.", occurred_at=at(1), message_id="m1"),
            MessageIn(role="assistant", content="Welcome to Porto!", occurred_at=at(1, minute=1), message_id="m2"),
        ],
    )
    await service.ingest_events(
        user_id="ana",
        events=[SourceEventIn(source_type="todo", source_id="t1", content="Renew passport", occurred_at=at(2))],
    )
    page = await service.timeline(user_id="ana", kinds=["event"])
    assert [(i.content, i.speaker, i.role) for i in page.items] == [
        ("I moved to Porto.", "Ana", "user"),
        ("Welcome to Porto!", None, "assistant"),
        ("Renew passport", None, None),
    ]
    gql = GraphQLClient(service)
    try:
        body = await gql.execute('query { timeline(userId: "ana", kinds: [EVENT]) { nodes { speaker role } } }', {})
        assert body["data"]["timeline"]["nodes"][:2] == [
            {"speaker": "Ana", "role": "user"},
            {"speaker": None, "role": "assistant"},
        ]
    finally:
        await gql.aclose()


async def test_growth_by_happened_time_puts_an_import_on_the_days_it_was_said(service: MemoryService) -> None:
    now = service.rt.clock()
    three_days_ago, long_ago = now - timedelta(days=3), now - timedelta(days=40)
    await service.ingest_messages(
        user_id="ana",
        session_id="old",
        messages=[
            MessageIn(role="user", content="I work as a nurse.", occurred_at=long_ago, message_id="m1"),
            MessageIn(role="user", content="I live in Lisbon.", occurred_at=three_days_ago, message_id="m2"),
        ],
    )
    await service.end_conversation(user_id="ana", session_id="old")
    await service.wait_for_jobs()
    memories = len((await service.memories(user_id="ana")).items)
    assert memories >= 2

    recorded = await service.growth(user_id="ana")
    assert [(g.day, g.events, g.memories) for g in recorded if g.events or g.memories] == [
        (now.date().isoformat(), 2, memories)
    ]
    happened = await service.growth(user_id="ana", by="happened")
    assert len(happened) == 30 and happened[-1].day == now.date().isoformat()
    busy = [(g.day, g.events, g.memories) for g in happened if g.events or g.memories]
    # the message of 40 days ago (and its memory) are before the chart's 30 days
    assert busy == [(three_days_ago.date().isoformat(), 1, 1)]

    gql = GraphQLClient(service)
    try:
        body = await gql.execute(
            'query { userStats(userId: "ana") { recorded: growth { day events } happened: growth(by: HAPPENED) '
            "{ day events memories } } }",
            {},
        )
        stats = body["data"]["userStats"]
        assert stats["recorded"][-1] == {"day": now.date().isoformat(), "events": 2}
        day = three_days_ago.date().isoformat()
        assert [g for g in stats["happened"] if g["events"]] == [{"day": day, "events": 1, "memories": 1}]
    finally:
        await gql.aclose()


async def test_an_imported_memory_stands_on_the_timeline_when_it_was_said(service: MemoryService) -> None:
    said = service.rt.clock() - timedelta(days=400)  # an old conversation imported today
    await service.ingest_messages(
        user_id="ana",
        session_id="old",
        messages=[MessageIn(role="user", content="I work as a nurse.", occurred_at=said, message_id="m1")],
    )
    await service.end_conversation(user_id="ana", session_id="old")
    await service.wait_for_jobs()
    page = await service.timeline(user_id="ana", start=said - timedelta(days=1), end=said + timedelta(days=1))
    memories = [entry for entry in page.items if entry.kind == "memory"]
    assert memories and all(m.at == said for m in memories)  # not the day it was imported
