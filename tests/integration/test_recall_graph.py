"""Recall over the entity graph: impressions as hits, graph expansion through named and related entities."""

from __future__ import annotations

import numpy as np
import pytest

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph import recall
from graphsvc.graph.database import Database
from graphsvc.pipeline.impressions.vectors import embed_missing_impressions
from graphsvc.pipeline.recall.graph_expansion import GraphExpansion
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.pipeline.recall.vectors import from_copy
from graphsvc.service import MemoryService
from tests.integration.conftest import at, make_service
from tests.integration.impressions_support import cypher
from tests.integration.recall_support import first_read

FILLER = [
    "I had coffee this morning.",
    "Work was busy today.",
    "I watched a film last night.",
    "The weather turned cold.",
    "I cooked pasta for dinner.",
]


@pytest.fixture
def service(settings: Settings, database: Database, embedder: LocalEmbedder) -> MemoryService:
    """No job worker: nothing but the test writes entities."""
    return make_service(settings, database, embedder)


async def ingest(service: MemoryService, user_id: str, texts: list[str]) -> dict[str, str]:
    """Store ``texts`` as one session; ``{message id: event uid}``."""
    await service.ingest_messages(
        user_id=user_id,
        session_id="s1",
        messages=[
            MessageIn(role="user", content=t, occurred_at=at(1, 9, i), message_id=f"{user_id}-{i}", speaker=user_id)
            for i, t in enumerate(texts)
        ],
    )
    await service.worker.start()  # only the messages' embed_events job is queued: it writes no entity
    try:
        await service.wait_for_jobs()
    finally:
        await service.worker.stop()
    rows = await cypher(service.db, "MATCH (e:Event {user_id: $u}) RETURN e.source_id AS m, e.uid AS uid", u=user_id)
    return {r["m"]: r["uid"] for r in rows}


async def add_entity(
    db: Database, user_id: str, subject: str, *, observed_in: list[str], impression: str | None = None
) -> str:
    """An entity with its subject alias, observed in the given events; optionally one impression whose
    evidence is the first of those events. Returns the entity uid."""
    uid = f"{user_id}-{subject}"
    normalised = keys.normalise_text(subject)
    await cypher(
        db,
        "CREATE (n:Entity {uid: $uid, user_id: $u, tenant_key: $t, subject: $s, subject_key: $sk, kind: 'person'})"
        "-[:HAS_ALIAS]->(:Alias {uid: $uid + '-a', user_id: $u, tenant_key: $t, name: $s, normalized: $norm}) "
        "WITH n UNWIND $events AS event_uid MATCH (x:Event {uid: event_uid}) CREATE (n)-[:OBSERVED_IN]->(x)",
        uid=uid,
        u=user_id,
        t=keys.tenant_key(user_id),
        s=subject,
        sk=keys.entity_subject_key(user_id, normalised),
        norm=normalised,
        events=observed_in,
    )
    if impression is not None:
        await cypher(
            db,
            "MATCH (n:Entity {uid: $uid}), (x:Event {uid: $event}) "
            "CREATE (n)-[:HAS_IMPRESSION]->(i:Impression {uid: $uid + '-i', user_id: $u, tenant_key: $t, "
            "content: $c, content_hash: $h, confidence: 0.8, created_at: datetime()}) "
            "CREATE (:Evidence {uid: $uid + '-d', user_id: $u, grade: 'direct', kind: 'supporting'})"
            "-[:SUPPORTS]->(i) "
            "WITH i, x MATCH (d:Evidence {uid: $uid + '-d'}) CREATE (d)-[:FROM_EVENT]->(x)",
            uid=uid,
            event=observed_in[0],
            u=user_id,
            t=keys.tenant_key(user_id),
            c=impression,
            h=keys.content_hash(impression),
        )
    return uid


async def relate(db: Database, a: str, b: str) -> None:
    await cypher(
        db,
        "MATCH (a:Entity {uid: $a}), (b:Entity {uid: $b}) "
        "CREATE (a)-[:RELATES {relation: 'friend', strength: 0.8}]->(b)",
        a=a,
        b=b,
    )


async def test_impressions_are_embedded_once_and_recalled_with_their_entity_and_evidence(
    service: MemoryService,
) -> None:
    events = await ingest(service, "ana", ["He showed me his new gallery yesterday.", *FILLER])
    await add_entity(
        service.db,
        "ana",
        "Oliver",
        observed_in=[events["ana-0"]],
        impression="Oliver is a landscape painter who sells his paintings",
    )
    assert await embed_missing_impressions(service.db, service.embedder, user_id="ana") == 1
    assert await embed_missing_impressions(service.db, service.embedder, user_id="ana") == 0

    hits = await service.recall(user_id="ana", query="Who paints landscapes?", limit=5)
    assert hits[0].kind == "impression"
    assert hits[0].content == "Oliver is a landscape painter who sells his paintings"
    assert hits[0].entity == "Oliver"
    assert hits[0].source_message_ids == ["ana-0"]

    context = await service.memory_context(user_id="ana", query="Who paints landscapes?", max_tokens=300)
    assert context.impression_ids == ["ana-Oliver-i"]
    assert "] Oliver is a landscape painter" in context.text  # names its entity already: no "about Oliver:"
    assert "about Oliver:" not in context.text


async def test_graph_expansion_brings_named_and_related_entities_and_skips_unselective_ones(
    service: MemoryService,
) -> None:
    texts = [f"{FILLER[i % len(FILLER)]} ({i})" for i in range(30)]
    events = await ingest(service, "ana", texts)
    everything = list(events.values())
    ana = await add_entity(service.db, "ana", "Ana", observed_in=everything, impression="Ana likes quiet mornings")
    oliver = await add_entity(service.db, "ana", "Oliver", observed_in=[events["ana-3"]])
    grace = await add_entity(service.db, "ana", "Grace", observed_in=[events["ana-7"]], impression="Grace sings")
    await relate(service.db, oliver, grace)
    await relate(service.db, ana, oliver)
    # another user's Oliver, observed in that user's event, must never come back
    other = await ingest(service, "bob", ["Oliver came round for dinner."])
    await add_entity(service.db, "bob", "Oliver", observed_in=list(other.values()), impression="Bob's Oliver")
    await embed_missing_impressions(service.db, service.embedder, user_id="ana")
    await embed_missing_impressions(service.db, service.embedder, user_id="bob")
    vector = (await service.embedder.embed_queries(["What does Oliver do?"]))[0].tolist()

    expansion = await graph_lists(service, "ana", "What does Oliver do?", vector)
    assert [r.uid for r in expansion.events] == [events["ana-3"]]
    assert expansion.impressions == []  # Oliver has none of his own
    # Grace is Oliver's neighbour; Ana, in every event, is not selective and stays out
    assert [r.uid for r in expansion.related_events] == [events["ana-7"]]
    assert [r.uid for r in expansion.related_impressions] == ["ana-Grace-i"]

    expansion = await graph_lists(service, "ana", "How is Ana?", vector)
    assert expansion.events == []  # observed in 30 of 30 events: narrows nothing
    assert [r.uid for r in expansion.impressions] == ["ana-Ana-i"]
    assert [r.uid for r in expansion.related_events] == [events["ana-3"]]  # via Oliver

    expansion = await graph_lists(service, "bob", "What does Oliver do?", vector)
    assert [r.uid for r in expansion.events] == list(other.values())
    assert [r.uid for r in expansion.impressions] == ["bob-Oliver-i"]


async def graph_lists(service: MemoryService, user_id: str, query: str, vector: list[float]) -> GraphExpansion:
    """Graph expansion's lists for ``query``, scored in Neo4j and, once the user's copy is held, in process: both
    must be the same."""
    read = await first_read(service.db, user_id, query=query, max_share=service.settings.recall.entity_max_share)
    found = await recall.vector_candidates(
        service.db, user_id=user_id, embeddings=[vector], k=10, filters=RecallScope().filters, graph=read.graph
    )
    in_neo4j = GraphExpansion.of(found.graph)
    stamped = await first_read(service.db, user_id, query=query, stamp=True)
    assert stamped.stamp is not None
    copies = service.rt.vectors.copies
    copy = await copies.current(
        service.db,
        user_id=user_id,
        stamp=stamped.stamp,
        dimensions=service.embedder.dimensions,
        settings=service.settings,
    )
    if copy is None:
        await copies.settled()
        copy = await copies.current(
            service.db,
            user_id=user_id,
            stamp=stamped.stamp,
            dimensions=service.embedder.dimensions,
            settings=service.settings,
        )
    assert copy is not None
    held = GraphExpansion.of(
        from_copy(copy, np.asarray([vector], dtype=np.float32), read.graph, k=10, tagged=None).graph
    )
    assert [[r.uid for r in rows] for rows in held.lists()] == [[r.uid for r in rows] for rows in in_neo4j.lists()]
    for mine, theirs in zip(held.lists(), in_neo4j.lists(), strict=True):
        np.testing.assert_allclose([r.score for r in mine], [r.score for r in theirs], rtol=1e-5)
    return in_neo4j


async def test_full_text_ranks_with_the_tenants_own_statistics(service: MemoryService) -> None:
    """Across users "cat" is everywhere and "Melanie" rare; inside ana's data it is the other way round."""
    from graphsvc.pipeline.recall import tenant_bm25
    from graphsvc.text import lucene

    ana = await ingest(
        service, "ana", [f"Melanie phoned about the weekend ({i})" for i in range(8)] + ["I adopted a cat"]
    )
    await ingest(service, "bob", [f"The cat slept in the sun ({i})" for i in range(30)])
    tenant = keys.tenant_key("ana")
    query = "Melanie cat"
    text_query = lucene.build_query(query, tenant=tenant)
    assert text_query is not None
    terms = lucene.content_terms(query)
    indexes: dict[str, int | None] = {"event_text_en": None, "memory_text_en": 40}
    asks = tenant_bm25.count_asks(user_id="ana", terms=terms, indexes=indexes)
    read = await recall.text_candidates(
        service.db,
        user_id="ana",
        family="en",
        lucene_query=text_query,
        k=20,
        asks=[(a.index, a.query) for a in asks],
        names=[],
        subject_keys=[],
        filters=RecallScope().filters,
        max_share=0.25,
        min_observed=20,
        related_limit=10,
    )
    pool = read.pools["event"]
    assert pool[0].uid != ana["ana-8"]  # Lucene's index-wide statistics put a Melanie message first
    # ana has no memories yet: an empty pool ranks nothing, so its index's counts are not asked
    assert read.pools["memory"] == [] and {index for index, _ in read.term_counts} == {"event_text_en"}
    both = tenant_bm25.tenant_statistics(asks, read.term_counts, indexes=indexes)
    assert both["memory_text_en"] == tenant_bm25.TenantStatistics(documents=40, frequency={"melanie": 0, "cat": 0})
    stats = both["event_text_en"]
    assert stats == tenant_bm25.TenantStatistics(documents=9, frequency={"melanie": 8, "cat": 1})
    ranked = tenant_bm25.rerank(pool, terms=terms, family="en", stats=stats, k=5)
    assert ranked[0].uid == ana["ana-8"]
    assert {r.uid for r in ranked} <= set(ana.values())


async def test_the_same_message_id_in_two_sessions_is_two_hits(service: MemoryService) -> None:
    """Message ids are per session: ``m1`` of one session does not cover ``m1`` of another in recall."""
    for day, (session, text) in enumerate(
        [("s1", "I live in Lisbon and I work as a nurse."), ("s2", "My sister lives in Lisbon too.")], start=1
    ):
        await service.ingest_messages(
            user_id="ana",
            session_id=session,
            messages=[MessageIn(role="user", content=text, occurred_at=at(day), message_id="m1", speaker="Ana")],
        )
    hits = await service.recall(user_id="ana", query="Who lives in Lisbon?", limit=5)
    assert sorted(h.content for h in hits if h.kind == "event") == [
        "Ana: I live in Lisbon and I work as a nurse.",
        "Ana: My sister lives in Lisbon too.",
    ]
    assert all(h.source_message_ids == ["m1"] for h in hits)
