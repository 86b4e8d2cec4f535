"""Relations and entity kinds through the service path: conversations ingested, each session ended, the extraction
job (offline) run by the service's worker; what is stored read back over GraphQL, with the rule behind each kind
and relation.

Two friends who talk over several sessions name their families, homes, jobs and pets in the ways people do
("Ingrid, my little sister", "my brother's name is Halvard", "I'm a designer at Lysverk", "we adopted a beagle
called Pepper", "you've always been a good friend to me"): each is a relation. Before the relation rules, only
"my <relation word> <Name>" (an ASCII name right after it), "I live in / moved to <Name>", "I work at <Name>" and
"you're a … friend" were read, so such a chat got no relation at all and the entity graph view was empty.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient

ENTITIES = """query($u: String!) { entities(userId: $u, limit: 100) { nodes {
  subject kind kindRule relations { relation direction ruleId other { subject } } } } }"""

FRIENDS = [
    [
        ("Maren", "Morning Teodor! Did the trip go well?"),
        ("Teodor", "It did. Ingrid, my little sister, drove me home from the airport."),
        ("Maren", "That's kind of her. I'm still settling in, I'm living in Bergen these days."),
        ("Teodor", "How is the new job going?"),
        ("Maren", "Really well, I'm a designer at Lysverk now."),
        ("Teodor", "You've always been a good friend to me, you know that?"),
    ],
    [
        ("Teodor", "Hey Maren, big news: my daughter is called Sofie and she starts school on Monday."),
        ("Maren", "Already! Tell her good luck from me."),
        ("Teodor", "Will do. And we finally adopted a dog, a beagle called Pepper."),
        ("Maren", "Lovely. My brother's name is Halvard, he has a beagle too."),
    ],
    [
        ("Maren", "We've been friends for twenty years this month!"),
        ("Teodor", "Twenty years. Best friends since school."),
    ],
]

ASSISTANT_CHAT = [
    [
        ("Ana", "My sister Anika lives in Braga."),
        ("Assistant", "Noted."),
        ("Ana", "I work at Brackenford, and I live in Leeds."),
        ("Assistant", "Got it."),
        ("Ana", "I have a dog named Biscuit."),
        ("Assistant", "Lovely name!"),
        ("Ana", "Thanks Assistant, that's all for today."),
    ]
]


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def _talk(service: MemoryService, user_id: str, sessions: list[list[tuple[str, str]]]) -> None:
    """Each session ingested and ended; the service's worker runs its extraction."""
    for n, turns in enumerate(sessions, start=1):
        session = f"s{n}"
        await service.ingest_messages(
            user_id=user_id,
            session_id=session,
            messages=[
                MessageIn(
                    role="assistant" if speaker == "Assistant" else "user",
                    content=text,
                    occurred_at=at(n, 12, i),
                    message_id=f"{session}-{i}",
                    speaker=speaker,
                )
                for i, (speaker, text) in enumerate(turns)
            ],
        )
        await service.end_conversation(user_id=user_id, session_id=session)
        await service.wait_for_jobs()


async def _graph(
    gql: GraphQLClient, user_id: str
) -> tuple[dict[str, tuple[str, str | None]], set[tuple[str, str, str, str | None]]]:
    """subject → (kind, kind rule); (source, relation, target, rule id) of every relation."""
    body = await gql.execute(ENTITIES, {"u": user_id})
    assert "errors" not in body, body["errors"]
    nodes: list[dict[str, Any]] = body["data"]["entities"]["nodes"]
    kinds: dict[str, tuple[str, str | None]] = {n["subject"]: (n["kind"], n["kindRule"]) for n in nodes}
    relations: set[tuple[str, str, str, str | None]] = {
        (n["subject"], r["relation"], r["other"]["subject"], r["ruleId"])
        for n in nodes
        for r in n["relations"]
        if r["direction"] == "OUTGOING"
    }
    return kinds, relations


async def test_two_friends_over_several_sessions_are_related_and_name_their_people(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await _talk(service, "friends", FRIENDS)
    kinds, relations = await _graph(gql, "friends")
    assert {
        ("Teodor", "sister", "Ingrid", "en.relation.person"),
        ("Maren", "lives_in", "Bergen", "en.relation.lives_in"),
        ("Maren", "works_at", "Lysverk", "en.relation.works_at"),
        ("Teodor", "friend", "Maren", "en.relation.friend"),
        ("Teodor", "daughter", "Sofie", "en.relation.person"),
        ("Teodor", "has_pet", "Pepper", "en.relation.pet"),
        ("Maren", "brother", "Halvard", "en.relation.person"),
        ("Maren", "friend", "Teodor", "en.relation.friend"),
    } <= relations
    assert kinds["Pepper"] == ("ANIMAL", "en.entity_kind.animal")
    assert kinds["Lysverk"] == ("ORGANIZATION", "en.entity_kind.employer")
    assert kinds["Maren"] == ("PERSON", "en.entity_kind.speaker")
    assert kinds["Ingrid"] == ("PERSON", "en.entity_kind.person_word")


async def test_a_person_talking_to_an_assistant_gets_family_employer_home_and_pet(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await _talk(service, "ana", ASSISTANT_CHAT)
    kinds, relations = await _graph(gql, "ana")
    assert relations == {
        ("Ana", "sister", "Anika", "en.relation.person"),
        ("Anika", "lives_in", "Braga", "en.relation.lives_in"),
        ("Ana", "works_at", "Brackenford", "en.relation.works_at"),
        ("Ana", "lives_in", "Leeds", "en.relation.lives_in"),
        ("Ana", "has_pet", "Biscuit", "en.relation.pet"),
    }
    assert kinds["Biscuit"] == ("ANIMAL", "en.entity_kind.animal")
    assert "Assistant" not in kinds  # only addressed: no entity
