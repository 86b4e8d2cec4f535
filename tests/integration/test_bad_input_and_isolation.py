"""Clear GraphQL errors (never HTTP 500 or a stack trace) and strict tenant isolation."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.graph import recall_hits
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import END, INGEST, JOB, RECALL, GraphQLClient


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


def msg(content: str = "hello there", **extra: Any) -> dict[str, Any]:
    return {"role": "user", "content": content, "occurredAt": at(1).isoformat(), **extra}


def ingest_vars(user: str = "u1", session: str = "s1", messages: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"input": {"userId": user, "sessionId": session, "messages": [msg()] if messages is None else messages}}


async def error_of(gql: GraphQLClient, query: str, variables: dict[str, Any]) -> dict[str, Any]:
    response = await gql.post(query, variables)
    assert response.status_code in (200, 400), response.text
    body = response.json()
    assert body.get("errors"), body
    text = str(body)
    assert "Traceback" not in text and 'File "' not in text
    return dict(body["errors"][0])


@pytest.mark.parametrize(
    ("variables", "code", "needle"),
    [
        (ingest_vars(user=""), "INVALID_INPUT", "userId: must not be empty"),
        (ingest_vars(user="   "), "INVALID_INPUT", "userId: must not be empty"),
        (ingest_vars(user="u" * 201), "INVALID_INPUT", "over the limit of 200"),
        (ingest_vars(session="s" * 201), "INVALID_INPUT", "sessionId"),
        (ingest_vars(messages=[]), "INVALID_INPUT", "messages: must not be empty"),
        (ingest_vars(messages=[msg("x" * 20_001)]), "INVALID_INPUT", "over the limit of 20000"),
        (ingest_vars(messages=[msg("")]), "INVALID_INPUT", "content: must not be empty"),
        (ingest_vars(messages=[msg(messageId="")]), "INVALID_INPUT", "messageId"),
    ],
)
async def test_ingest_rejects_bad_input_and_stores_nothing(
    gql: GraphQLClient, service: MemoryService, variables: dict[str, Any], code: str, needle: str
) -> None:
    error = await error_of(gql, INGEST, variables)
    assert error["extensions"]["code"] == code
    assert needle in error["message"]
    read = await recall_hits.hits(service.db, user_id="u1", filters=RecallScope().filters, events=["anything"])
    assert read.events == []
    async with service.db.driver.session() as s:
        count = await (await s.run("MATCH (e:Event) RETURN count(e) AS n")).single()
    assert count is not None and count["n"] == 0


async def test_malformed_date_is_a_clear_error(gql: GraphQLClient) -> None:
    error = await error_of(gql, INGEST, ingest_vars(messages=[msg(occurredAt="yesterday-ish")]))
    assert "DateTime" in error["message"] or "occurredAt" in error["message"]


@pytest.mark.parametrize(
    "query",
    ['+-&&||!(){}[]^"~*?:\\/', "AND OR NOT", "x' }) MATCH (n) DETACH DELETE n //", 'cats" OR user_id:*'],
)
async def test_recall_treats_lucene_and_cypher_as_text(gql: GraphQLClient, service: MemoryService, query: str) -> None:
    await service.ingest_messages(
        user_id="u1",
        session_id="s1",
        messages=[
            MessageIn(role="user", content="My cats are called Tom and Jerry", occurred_at=at(1), message_id="m1")
        ],
    )
    body = await gql.execute(RECALL, {"u": "u1", "q": query})
    assert "errors" not in body, body
    assert isinstance(body["data"]["recall"], list)
    async with service.db.driver.session() as s:
        count = await (await s.run("MATCH (e:Event) RETURN count(e) AS n")).single()
    assert count is not None and count["n"] == 1  # nothing was deleted


async def test_recall_limits(gql: GraphQLClient) -> None:
    assert (await error_of(gql, RECALL, {"u": "u1", "q": ""}))["extensions"]["code"] == "INVALID_INPUT"
    assert (await error_of(gql, RECALL, {"u": "u1", "q": "x" * 2001}))["extensions"]["code"] == "INVALID_INPUT"
    assert (await error_of(gql, RECALL, {"u": "u1", "q": "x", "n": 0}))["extensions"]["code"] == "INVALID_INPUT"


async def test_unknown_job_and_session(gql: GraphQLClient) -> None:
    error = await error_of(gql, JOB, {"id": "no-such-job"})
    assert error["extensions"]["code"] == "NOT_FOUND"
    error = await error_of(gql, END, {"u": "u1", "s": "never-started"})
    assert error["extensions"]["code"] == "NOT_FOUND"


async def test_unknown_user_recalls_nothing(gql: GraphQLClient) -> None:
    body = await gql.execute(RECALL, {"u": "nobody", "q": "anything"})
    assert body == {"data": {"recall": []}}


async def test_query_depth_and_size_limits(gql: GraphQLClient) -> None:
    aliases = " ".join(f'a{i}: recall(userId: "u", query: "q") {{ id }}' for i in range(30))
    body = (await gql.post("query { " + aliases + " }")).json()
    assert body.get("errors")


async def test_two_users_never_see_each_other(gql: GraphQLClient, service: MemoryService) -> None:
    for user, text in (
        ("alice", "My secret project is called Bluebird"),
        ("bob", "My secret project is called Redwood"),
    ):
        await gql.execute(
            INGEST,
            {
                "input": {
                    "userId": user,
                    "sessionId": "same-session",
                    "messages": [msg(text, messageId="same-id")],
                }
            },
        )
        job = (await gql.execute(END, {"u": user, "s": "same-session"}))["data"]["endConversation"]
        assert job["status"] == "PENDING"
    await service.wait_for_jobs()
    for user, own, other in (("alice", "Bluebird", "Redwood"), ("bob", "Redwood", "Bluebird")):
        for query in ("secret project", other, f"{other} project"):
            hits = (await gql.execute(RECALL, {"u": user, "q": query, "n": 50}))["data"]["recall"]
            assert hits, (user, query)
            assert all(other not in h["content"] for h in hits)
            assert any(own in h["content"] for h in hits)
    alice_jobs = await service.jobs(user_id="alice")
    with pytest.raises(Exception, match="not found"):
        await service.job(job_id=alice_jobs[0].uid, user_ids=["bob"])


FILLERS = [
    "The bus was late again this morning.",
    "I bought new running shoes.",
    "My sister called from Berlin.",
    "We had pasta for dinner.",
    "The printer at work is broken.",
    "I finally finished that novel.",
    "It rained all weekend.",
    "Our team won the quiz night.",
]


async def test_entities_named_in_a_query_bring_the_events_they_were_observed_in(service: MemoryService) -> None:
    """Graph expansion through the alias index: "Nemo" finds a message that never says "Nemo"."""
    await service.ingest_messages(
        user_id="u1",
        session_id="s1",
        messages=[
            MessageIn(role="user", content=text, occurred_at=at(1), message_id=f"f{i}")
            for i, text in enumerate(FILLERS)
        ]
        + [
            MessageIn(
                role="user",
                content="He spent the whole evening chasing a laser dot.",
                occurred_at=at(2),
                message_id="cat",
            )
        ],
    )
    await service.wait_for_jobs()  # the messages' vectors are made in the background
    async with service.db.driver.session() as s:
        await (
            await s.run(
                "MATCH (e:Event {user_id: 'u1', source_id: 'cat'}) "
                "CREATE (n:Entity {uid: 'nemo', user_id: 'u1', subject: 'Nemo the cat', subject_key: 'k-nemo'})"
                "-[:HAS_ALIAS]->(:Alias {uid: 'a-nemo', user_id: 'u1', name: 'Nemo', normalized: 'nemo'}) "
                "CREATE (n)-[:OBSERVED_IN]->(e)"
            )
        ).consume()
        await (  # the same name for another user's entity must not leak in
            await s.run(
                "CREATE (:Entity {uid: 'nemo2', user_id: 'u2', subject: 'Nemo', subject_key: 'k-nemo2'})"
                "-[:HAS_ALIAS]->(:Alias {uid: 'a-nemo2', user_id: 'u2', name: 'Nemo', normalized: 'nemo'})"
            )
        ).consume()
    hits = await service.recall(user_id="u1", query="Tell me about Nemo.", limit=3)
    assert hits[0].source_message_ids == ["cat"]
    assert all(h.source_message_ids != ["cat"] for h in await service.recall(user_id="u2", query="Nemo", limit=5))


async def test_a_date_in_the_query_favours_what_happened_then(service: MemoryService) -> None:
    from datetime import UTC, datetime

    await service.ingest_messages(
        user_id="u1",
        session_id="s1",
        messages=[
            MessageIn(
                role="user",
                content="We went to the city museum and saw an exhibition.",
                occurred_at=datetime(2023, 5, 2, 10, tzinfo=UTC),
                message_id="may2",
            ),
            MessageIn(
                role="user",
                content="We went to the city museum again and saw an exhibition.",
                occurred_at=datetime(2023, 5, 6, 10, tzinfo=UTC),
                message_id="may6",
            ),
        ],
    )
    await service.wait_for_jobs()  # the messages' vectors are made in the background
    first = await service.recall(user_id="u1", query="On May 2nd we went to the museum: what did we see?", limit=2)
    second = await service.recall(user_id="u1", query="On May 6th we went to the museum: what did we see?", limit=2)
    assert [h.source_message_ids for h in first] == [["may2"], ["may6"]]
    assert [h.source_message_ids for h in second] == [["may6"], ["may2"]]
