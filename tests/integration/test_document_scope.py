"""A document is not the user talking: who and what it names live in the document's scope (no entity of the
user's, in no entity list, dashboard count, recall channel or reflection) until the user's own words name them,
when the user's entity links to the document's; forgetting the document, or the message that named it, undoes
that; and a passage outranks what is derived from its document."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.lifecycle_support import converse

REPORT = """# Harbour survey

## Findings

The survey was led by Maria Alvarez in Setubal. Maria Alvarez counted the fishing boats at dawn.

## Method

Each boat was measured twice by the Setubal harbour office.
"""
DOCUMENT = """
query($id: ID!) {
  document(userId: "ana", id: $id) { entities { id name kind mentions entityIds } }
}"""
ENTITY = """
query($name: String!) {
  entity(userId: "ana", subjectOrAlias: $name) { id subject documentMentions { documentId title name mentions } }
}"""


async def rows(service: MemoryService, cypher: str, **params: Any) -> list[dict[str, Any]]:
    async with service.db.driver.session() as session:
        return [dict(r) async for r in await session.run(cypher, params)]


async def ingest_report(service: MemoryService) -> str:
    outcome = await service.ingest_document(user_id="ana", filename="survey.md", text=REPORT, source_id="survey")
    await service.wait_for_jobs()
    return outcome.document.uid


async def user_entity_names(service: MemoryService) -> set[str]:
    page = await service.entities(user_id="ana", limit=100)
    return {e.subject for e in page.items}


async def test_a_documents_entities_live_in_its_scope_not_among_the_users(service: MemoryService) -> None:
    uid = await ingest_report(service)
    found = {e.name: e for e in await service.document_entities(user_id="ana", document_id=uid)}
    assert {"Maria Alvarez", "Setubal"} <= set(found)
    assert found["Maria Alvarez"].kind == "person" and found["Maria Alvarez"].mentions == 1  # one passage
    assert all(not e.entity_uids for e in found.values())  # the user never named them
    assert await user_entity_names(service) == set()
    assert (await service.entities(user_id="ana", search="Maria Alvarez", limit=10)).items == []
    assert (await service.user_counts(user_id="ana")).entities == 0
    assert not await rows(service, "MATCH (n:Entity {user_id: 'ana'}) RETURN n.uid AS uid")
    assert not await rows(service, "MATCH (i:Impression {user_id: 'ana'}) RETURN i.uid AS uid")
    hits = await service.recall(user_id="ana", query="Who is Maria Alvarez?", limit=10)
    assert hits and hits[0].kind == "chunk" and "Maria Alvarez" in hits[0].content
    assert not [h for h in hits if h.kind in ("impression", "memory", "trait")]
    passages = await rows(
        service,
        "MATCH (:DocumentEntity {user_id: 'ana', name: 'Maria Alvarez'})-[:MENTIONED_IN]->(c:Chunk) "
        "RETURN c.content AS content",
    )
    assert [p["content"] for p in passages] == [h.content for h in hits[:1]]


async def test_the_users_own_words_link_their_entity_to_the_documents_and_forgetting_them_reverts_it(
    service: MemoryService,
) -> None:
    uid = await ingest_report(service)
    gql = GraphQLClient(service)
    try:
        await converse(
            service,
            user_id="ana",
            session_id="s1",
            lines=[("m1", "I had lunch with Maria Alvarez today.", at(2))],
        )
        assert "Maria Alvarez" in await user_entity_names(service)
        assert "Setubal" not in await user_entity_names(service)  # only what the user named
        entity = (await gql.execute(ENTITY, {"name": "Maria Alvarez"}))["data"]["entity"]
        assert entity["documentMentions"] == [
            {"documentId": uid, "title": "Harbour survey", "name": "Maria Alvarez", "mentions": 1}
        ]
        listed = (await gql.execute(DOCUMENT, {"id": uid}))["data"]["document"]["entities"]
        linked = {e["name"]: e["entityIds"] for e in listed}
        assert linked["Maria Alvarez"] == [entity["id"]] and linked["Setubal"] == []
        # Forgetting the message that named her: the user's entity goes, the document's stays, unlinked.
        await service.forget_messages(user_id="ana", message_ids=["m1"])
        assert "Maria Alvarez" not in await user_entity_names(service)
        listed = (await gql.execute(DOCUMENT, {"id": uid}))["data"]["document"]["entities"]
        assert {e["name"]: e["entityIds"] for e in listed}["Maria Alvarez"] == []
    finally:
        await gql.aclose()


async def test_a_document_read_after_the_user_named_someone_links_to_the_users_entity(
    service: MemoryService,
) -> None:
    await converse(
        service, user_id="ana", session_id="s1", lines=[("m1", "I had lunch with Maria Alvarez today.", at(2))]
    )
    [user_entity] = [
        e for e in (await service.entities(user_id="ana", limit=100)).items if e.subject == "Maria Alvarez"
    ]
    uid = await ingest_report(service)
    found = {e.name: e for e in await service.document_entities(user_id="ana", document_id=uid)}
    assert found["Maria Alvarez"].entity_uids == (user_entity.uid,)
    # Forgetting the document removes its entities and the links; the user's entity stays the user's.
    result = await service.forget_document(user_id="ana", document_id=uid)
    assert result.entities >= 2
    assert not await rows(service, "MATCH (m:DocumentEntity {user_id: 'ana'}) RETURN m.uid AS uid")
    assert not await rows(service, "MATCH (:Entity {user_id: 'ana'})-[r:DOCUMENT_MENTION]->() RETURN r")
    assert "Maria Alvarez" in await user_entity_names(service)
    assert await service.document_entities(user_id="ana", document_id=uid) == []


async def test_a_new_version_replaces_the_documents_entities(service: MemoryService) -> None:
    uid = await ingest_report(service)
    await service.ingest_document(
        user_id="ana",
        filename="survey.md",
        text=REPORT.replace("Maria Alvarez", "Joana Reis"),
        source_id="survey",
    )
    await service.wait_for_jobs()
    names = {e.name for e in await service.document_entities(user_id="ana", document_id=uid)}
    assert "Joana Reis" in names and "Maria Alvarez" not in names
    assert await user_entity_names(service) == set()


async def test_a_passage_outranks_what_is_derived_from_its_document(service: MemoryService) -> None:
    uid = await ingest_report(service)
    event = (await service.document(user_id="ana", document_id=uid)).event_uid
    # The document's DOCUMENT event (its title and section headings) says the question's words more closely than
    # any passage; the passages still come first.
    hits = await service.recall(user_id="ana", query="What were the findings of the harbour survey?", limit=10)
    kinds = [h.kind for h in hits]
    derived = [i for i, h in enumerate(hits) if h.kind != "chunk" and h.source_event_uids == (event,)]
    assert [hits[i].kind for i in derived] == ["event"] and "sections: Findings" in hits[derived[0]].content
    assert kinds.count("chunk") == 2 and derived[0] > max(i for i, k in enumerate(kinds) if k == "chunk")


async def test_an_entity_made_by_hand_links_to_the_documents_of_its_names(service: MemoryService) -> None:
    uid = await ingest_report(service)
    harbour = await service.upsert_entity(user_id="ana", subject="Setubal", kind="place", aliases=[], impressions=[])
    found = {e.name: e for e in await service.document_entities(user_id="ana", document_id=uid)}
    assert found["Setubal"].entity_uids == (harbour.uid,) and found["Maria Alvarez"].entity_uids == ()
    friend = await service.upsert_entity(user_id="ana", subject="Mia", kind="person", aliases=[], impressions=[])
    await service.add_alias(user_id="ana", entity_id=friend.uid, alias="Maria Alvarez")
    found = {e.name: e for e in await service.document_entities(user_id="ana", document_id=uid)}
    assert found["Maria Alvarez"].entity_uids == (friend.uid,)


SAID = "I had lunch with Maria Alvarez today."
steps = st.lists(
    st.sampled_from(["document", "say", "forget a message", "forget the document"]), min_size=1, max_size=5
)


@pytest.mark.timeout(900)
@given(plan=steps)
async def test_the_users_entity_and_its_link_follow_the_users_words_and_the_document(
    service: MemoryService, plan: list[str]
) -> None:
    """After any sequence of uploads, messages and forgets: Maria Alvarez is the user's entity exactly while a
    message of the user's that names her is kept; the document's entity exists exactly while the document does;
    the one links to the other exactly while both exist."""
    await rows(service, "MATCH (n) WHERE NOT n:GraphsvcTestMarker DETACH DELETE n")
    said: list[str] = []
    document: str | None = None
    for i, op in enumerate(plan):
        if op == "document":
            document = await ingest_report(service)
        elif op == "say":
            said.append(f"m{i}")
            await converse(service, user_id="ana", session_id=f"s{i}", lines=[(said[-1], SAID, at(2 + i))])
        elif op == "forget a message" and said:
            await service.forget_messages(user_id="ana", message_ids=[said.pop(0)])
        elif op == "forget the document" and document is not None:
            await service.forget_document(user_id="ana", document_id=document)
            document = None
        users = [e for e in (await service.entities(user_id="ana", limit=100)).items if e.subject == "Maria Alvarez"]
        assert len(users) == (1 if said else 0), (plan[: i + 1], users)
        mentions = await rows(service, "MATCH (m:DocumentEntity {user_id: 'ana', name: 'Maria Alvarez'}) RETURN m")
        assert len(mentions) == (0 if document is None else 1), plan[: i + 1]
        links = await rows(service, "MATCH (:Entity {user_id: 'ana'})-[r:DOCUMENT_MENTION]->() RETURN r")
        assert len(links) == (1 if said and document is not None else 0), plan[: i + 1]
