"""A database written before documents had their own scope: the document's index job read its passages like the
user's messages, so who and what it named became the user's entities, names and impressions (an older database may
hold the same of another person's forum post). The start-up migration moves what only documents named into the
documents' scope, drops what only other people's posts named and the impressions only such records gave, keeps
what the user's own words named, touches no other user, and changes nothing when run again."""

from __future__ import annotations

from typing import Any

from graphsvc import keys
from graphsvc.conversation import ConversationMessage
from graphsvc.graph import document_entities
from graphsvc.graph import documents as stored_documents
from graphsvc.pipeline.documents.index import prose
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.pipeline.impressions import run as impressions
from graphsvc.pipeline.impressions.active import detect_mentions
from graphsvc.pipeline.sources.events import SourceEventIn
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.lifecycle_support import converse

REPORT = """# Harbour survey

## Findings

The survey was led by Maria Alvarez in Setubal. Maria Alvarez is a careful marine biologist. She counted the
fishing boats at dawn.

## Method

Each boat was measured twice by the Setubal harbour office. Joana Reis worked with Maria Alvarez in Lisbon.
Joana Reis is an engineer from Porto.
"""


async def rows(service: MemoryService, cypher: str, **params: Any) -> list[dict[str, Any]]:
    async with service.db.driver.session() as session:
        return [dict(r) async for r in await session.run(cypher, params)]


async def legacy_document(service: MemoryService, user_id: str) -> tuple[str, str]:
    """Ingest the report, then give the user's graph what the index job used to make of it (the impression
    pipeline over its passages' prose, every message citing the document's DOCUMENT event) and remove what the
    document's scope holds now: the shape of a database written before that scope existed."""
    outcome = await service.ingest_document(user_id=user_id, filename="survey.md", text=REPORT, source_id="survey")
    await service.wait_for_jobs()
    document = await service.document(user_id=user_id, document_id=outcome.document.uid)
    assert document.event_uid
    await rows(service, "MATCH (m:DocumentEntity {user_id: $u}) DETACH DELETE m", u=user_id)
    passages = await stored_documents.passages(service.db, user_id=user_id, uid=document.uid, limit=100)
    texts = [prose(p.content) for p in passages]
    messages = [
        ConversationMessage(message_id=f"m{i + 1}", role="document", content=text, occurred_at=at(3))
        for i, text in enumerate(t for t in texts if t)
    ]
    await impressions.run(
        service.rt,
        user_id=user_id,
        messages=messages,
        event_uids={m.message_id: document.event_uid for m in messages},
        mentions=detect_mentions(messages),
        statements=extract_offline(messages).memories,
    )
    return document.uid, document.event_uid


async def snapshot(service: MemoryService) -> list[dict[str, Any]]:
    """Every node's labels, uid and properties but vectors, and every relationship, in a stable order."""
    nodes = await rows(
        service,
        "MATCH (n) WHERE NOT n:GraphsvcTestMarker "
        "RETURN labels(n) AS labels, n.uid AS uid, "
        "[k IN keys(n) WHERE NOT k CONTAINS 'embedding' | [k, n[k]]] AS props "
        "ORDER BY uid, labels",
    )
    edges = await rows(
        service,
        "MATCH (a)-[r]->(b) RETURN a.uid AS a, type(r) AS type, b.uid AS b, properties(r) AS props ORDER BY a, type, b",
    )
    return nodes + edges


async def sources_of_entities(service: MemoryService) -> dict[str, list[str]]:
    """Each of ana's entities (by subject) with the source types of the events it was observed in."""
    found = await rows(
        service,
        "MATCH (n:Entity {user_id: 'ana'}) "
        "RETURN n.subject AS subject, [(n)-[:OBSERVED_IN]->(x:Event) | x.source_type] AS sources",
    )
    return {r["subject"]: r["sources"] for r in found}


async def bob_entities(service: MemoryService) -> list[dict[str, Any]]:
    return await rows(service, "MATCH (n:Entity {user_id: 'bob'}) RETURN n.uid AS uid, n.subject AS subject")


async def assert_left_nothing_of(service: MemoryService, *, impressions: list[str], event: str) -> None:
    """The impressions only the record gave are gone, with every evidence from its event, and no name is left
    without its entity."""
    left = await rows(
        service, "MATCH (i:Impression {user_id: 'ana'}) WHERE i.uid IN $uids RETURN i.uid AS uid", uids=impressions
    )
    assert left == []
    assert not await rows(
        service, "MATCH (d:Evidence {user_id: 'ana'})-[:FROM_EVENT]->(:Event {uid: $e}) RETURN d", e=event
    )
    assert not await rows(service, "MATCH (a:Alias {user_id: 'ana'}) WHERE NOT (a)<-[:HAS_ALIAS]-() RETURN a")


async def assert_a_second_run_changes_nothing(service: MemoryService) -> None:
    state = await snapshot(service)
    again = await document_entities.migrate_legacy(service.db, now=at(6), batch=1)
    assert (again.entities, again.document_entities, again.impressions) == (0, 0, 0)
    assert await snapshot(service) == state


async def test_entities_only_documents_named_move_to_the_documents_scope_and_a_second_run_changes_nothing(
    service: MemoryService,
) -> None:
    await converse(
        service, user_id="ana", session_id="s1", lines=[("m1", "I moved to Setubal with my sister last year.", at(1))]
    )
    await converse(
        service, user_id="bob", session_id="s1", lines=[("m1", "I had lunch with Maria Alvarez today.", at(1))]
    )
    uid, event = await legacy_document(service, "ana")
    before = await sources_of_entities(service)
    only_documents = {subject for subject, sources in before.items() if set(sources) == {"document"}}
    assert "Maria Alvarez" in only_documents and len(only_documents) >= 2  # the document's names are the user's
    assert "document" in before["Setubal"] and "conversation" in before["Setubal"]
    document_only = await rows(
        service,
        "MATCH (i:Impression {user_id: 'ana'})<-[:SUPPORTS]-(:Evidence)-[:FROM_EVENT]->(:Event {uid: $e}) "
        "RETURN DISTINCT i.uid AS uid",
        e=event,
    )
    assert document_only  # impressions the document gave
    bob = await bob_entities(service)

    moved = await document_entities.migrate_legacy(service.db, now=at(5), batch=1)

    assert moved.entities == len(only_documents) and moved.document_entities == len(only_documents)
    users = {r["subject"] for r in await rows(service, "MATCH (n:Entity {user_id: 'ana'}) RETURN n.subject AS subject")}
    assert "Setubal" in users  # the user's own words named it
    assert not only_documents & users
    scope = {
        r["name"]: r
        for r in await rows(
            service,
            "MATCH (m:DocumentEntity {user_id: 'ana'}) RETURN m.uid AS uid, m.name AS name, m.kind AS kind, "
            "m.document_uid AS document, m.mentions AS mentions, "
            "[(m)-[:MENTIONED_IN]->(c:Chunk) | c.content] AS passages",
        )
    }
    maria = scope["Maria Alvarez"]
    assert maria["uid"] == keys.digest("document-entity", "ana", uid, "maria alvarez") and maria["document"] == uid
    assert maria["kind"] == "person" and maria["mentions"] == len(maria["passages"]) == 2  # both passages name her
    assert only_documents <= set(scope)
    assert all(name in scope[name]["passages"][0] for name in only_documents)
    await assert_left_nothing_of(service, impressions=[r["uid"] for r in document_only], event=event)
    assert await bob_entities(service) == bob
    assert [e.name for e in await service.document_entities(user_id="ana", document_id=uid)]  # read as the API does
    await assert_a_second_run_changes_nothing(service)


POST = (
    "Marek Nowak runs the harbour cafe in Gdansk. Marek Nowak is a patient chef. Marek Nowak bakes rye bread "
    "every morning."
)


async def legacy_post(service: MemoryService, user_id: str) -> str:
    """Ingest another person's forum post, then give the user's graph what an older database may hold of it (the
    impression pipeline over its text, the message citing the post's event, as a document's index job once did);
    returns the post's event uid."""
    stored = await service.ingest_events(
        user_id=user_id, events=[SourceEventIn("forum_post", "p1", POST, at(2), title="Harbour cafe")]
    )
    await service.wait_for_jobs()
    [event_uid] = stored.event_ids
    messages = [ConversationMessage(message_id="m1", role="user", content=POST, occurred_at=at(2))]
    await impressions.run(
        service.rt,
        user_id=user_id,
        messages=messages,
        event_uids={"m1": event_uid},
        mentions=detect_mentions(messages),
        statements=extract_offline(messages).memories,
    )
    return event_uid


async def test_entities_only_other_peoples_posts_named_leave_the_users_graph_and_a_second_run_changes_nothing(
    service: MemoryService,
) -> None:
    await converse(
        service, user_id="ana", session_id="s1", lines=[("m1", "I moved to Gdansk with my sister last year.", at(1))]
    )
    await converse(
        service, user_id="bob", session_id="s1", lines=[("m1", "I had lunch with Marek Nowak today.", at(1))]
    )
    event = await legacy_post(service, "ana")
    before = await sources_of_entities(service)
    only_post = {subject for subject, sources in before.items() if set(sources) == {"forum_post"}}
    assert "Marek Nowak" in only_post  # the post's author named him: an older database made him the user's
    assert "forum_post" in before["Gdansk"] and "conversation" in before["Gdansk"]
    post_only = await rows(
        service,
        "MATCH (i:Impression {user_id: 'ana'})<-[:SUPPORTS]-(:Evidence)-[:FROM_EVENT]->(:Event {uid: $e}) "
        "WHERE NOT EXISTS { (i)<-[:SUPPORTS]-(:Evidence)-[:FROM_EVENT]->(:Event {source_type: 'conversation'}) } "
        "RETURN DISTINCT i.uid AS uid",
        e=event,
    )
    assert post_only  # impressions the post gave
    bob = await bob_entities(service)

    moved = await document_entities.migrate_legacy(service.db, now=at(5), batch=1)

    assert moved.entities == len(only_post) and moved.document_entities == 0
    users = {r["subject"] for r in await rows(service, "MATCH (n:Entity {user_id: 'ana'}) RETURN n.subject AS subject")}
    assert "Gdansk" in users  # the user's own words named it
    assert not only_post & users
    assert await rows(service, "MATCH (m:DocumentEntity {user_id: 'ana'}) RETURN m.uid AS uid") == []  # no scope
    await assert_left_nothing_of(service, impressions=[r["uid"] for r in post_only], event=event)
    assert await rows(service, "MATCH (e:Event {uid: $e}) RETURN e.content AS c", e=event) == [{"c": POST}]
    assert await bob_entities(service) == bob
    await assert_a_second_run_changes_nothing(service)
