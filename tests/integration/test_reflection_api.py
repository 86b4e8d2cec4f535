"""Reflection over GraphQL (shouldReflect, reflect, userTraits, reflectionCycles) and traits in recall."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.config import Settings
from graphsvc.runtime import Runtime
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.reflection_support import USER, Clock, Seed, count, run, seed_memories, traits

SHOULD = "query($u: String!) { shouldReflect(userId: $u) }"
REFLECT = """
mutation($u: String!, $f: Boolean! = false, $e: Boolean! = false) {
  reflect(userId: $u, force: $f, sessionEnded: $e) {
    id status trigger memoriesScanned traitsCreated traitsReinforced llmCalls mode error skippedReason
  }
}"""
TRAITS = """
query($u: String!, $min: TraitStage = EMERGING, $sub: TraitSubtype, $ctx: TraitContext) {
  userTraits(userId: $u, minStage: $min, subtype: $sub, context: $ctx) {
    id content stage subtype confidence context reinforcementCount
    evidence { grade kind memory { content sourceMessageIds } }
    parents { id content }
    children { id content evidence { kind } }
  }
}"""
CYCLES = "query($u: String!) { reflectionCycles(userId: $u) { id status trigger traitsCreated notes } }"

RUNNING = [
    Seed("r1", "s1", "Ana went running in the park before work", "event", day=1),
    Seed("r2", "s2", "Ana went running along the river at dawn", "event", day=2),
    Seed("r3", "s3", "Ana went running before breakfast", "event", day=3),
]


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def set_trait(service: MemoryService, content: str, **props: Any) -> None:
    """Test-only: put a trait into a given state (stage, confidence, subtype, context)."""
    async with service.db.driver.session(database=service.db.database) as session:
        await session.run("MATCH (t:Trait {content: $c}) SET t += $p", c=content, p=props)


async def offline_behavior(service: MemoryService) -> str:
    """Three running memories in three conversations → one offline behavior; returns its content."""
    await seed_memories(service, RUNNING)
    await service.wait_for_jobs()  # the messages' vectors (a background job): recall ranks the same from here on
    clock = Clock(at(10))
    await run(service, clock)
    [trait] = await traits(service)
    assert trait["stage"] == "candidate", trait
    return str(trait["content"])


async def test_reflect_and_should_reflect_over_graphql(gql: GraphQLClient, service: MemoryService) -> None:
    assert (await gql.execute(SHOULD, {"u": USER}))["data"]["shouldReflect"] is True
    await seed_memories(service, RUNNING)
    body = await gql.execute(REFLECT, {"u": USER})
    cycle = body["data"]["reflect"]
    assert cycle["status"] == "COMPLETED" and cycle["trigger"] == "FIRST" and cycle["mode"] == "offline"
    assert cycle["memoriesScanned"] == 3 and cycle["traitsCreated"] == 1 and cycle["llmCalls"] == 0
    assert (await gql.execute(SHOULD, {"u": USER}))["data"]["shouldReflect"] is False
    skipped = (await gql.execute(REFLECT, {"u": USER}))["data"]["reflect"]
    assert skipped["status"] == "SKIPPED" and skipped["id"] is None and skipped["skippedReason"]
    ended = (await gql.execute(REFLECT, {"u": USER, "e": True}))["data"]["reflect"]
    assert ended["status"] == "COMPLETED" and ended["trigger"] == "SESSION_END"
    cycles = (await gql.execute(CYCLES, {"u": USER}))["data"]["reflectionCycles"]
    assert [c["trigger"] for c in cycles] == ["SESSION_END", "FIRST"]
    bad = await gql.execute(REFLECT, {"u": "  "})
    assert bad["errors"][0]["extensions"]["code"] == "INVALID_INPUT"


async def test_user_traits_filters_order_and_evidence_chain(gql: GraphQLClient, service: MemoryService) -> None:
    content = await offline_behavior(service)
    assert (await gql.execute(TRAITS, {"u": USER}))["data"]["userTraits"] == []  # candidates are left out
    everything = (await gql.execute(TRAITS, {"u": USER, "min": "CANDIDATE"}))["data"]["userTraits"]
    [trait] = everything
    assert trait["content"] == content and trait["stage"] == "CANDIDATE" and trait["confidence"] == 0.4
    assert sorted(e["memory"]["sourceMessageIds"][0] for e in trait["evidence"]) == ["r1", "r2", "r3"]
    assert {e["grade"] for e in trait["evidence"]} == {"C"} and {e["kind"] for e in trait["evidence"]} == {"SUPPORTING"}
    # DISSOLVED is no valid minimum: the filter is ignored (every active stage)
    assert len((await gql.execute(TRAITS, {"u": USER, "min": "DISSOLVED"}))["data"]["userTraits"]) == 1
    assert (await gql.execute(TRAITS, {"u": USER, "min": None}))["data"]["userTraits"] == everything

    await set_trait(service, content, stage="established", confidence=0.7, context="personal")
    await seed_memories(
        service,
        [
            Seed("w1", "s4", "Ana likes writing reports at the office", "event", day=4),
            Seed("w2", "s5", "Ana likes writing reports for her boss", "event", day=5),
            Seed("w3", "s6", "Ana wrote another report at the office", "event", day=6),
        ],
    )
    await run(service, Clock(at(11)))
    work = [t for t in await traits(service) if t["content"] != content]
    assert len(work) == 1
    await set_trait(
        service, str(work[0]["content"]), stage="core", confidence=0.9, subtype="preference", context="work"
    )
    ordered = (await gql.execute(TRAITS, {"u": USER}))["data"]["userTraits"]
    assert [t["stage"] for t in ordered] == ["CORE", "ESTABLISHED"]
    assert [t["content"] for t in (await gql.execute(TRAITS, {"u": USER, "ctx": "WORK"}))["data"]["userTraits"]] == [
        work[0]["content"]
    ]
    by_subtype = (await gql.execute(TRAITS, {"u": USER, "sub": "BEHAVIOR"}))["data"]["userTraits"]
    assert [t["content"] for t in by_subtype] == [content]
    assert (await gql.execute(TRAITS, {"u": "nobody"}))["data"]["userTraits"] == []
    invalid = await gql.execute(TRAITS, {"u": USER, "sub": "HOBBY"})
    assert invalid["errors"]  # GraphQL enums refuse unknown values before any resolver runs


async def test_parents_and_children_over_graphql(gql: GraphQLClient, service: MemoryService) -> None:
    content = await offline_behavior(service)
    async with service.db.driver.session(database=service.db.database) as session:
        await session.run(
            "MATCH (c:Trait {content: $c}) SET c.stage = 'emerging', c.confidence = 0.55 "
            "CREATE (p:Trait {uid: 'p1', user_id: $u, content: 'Likes being active', stage: 'emerging', "
            "subtype: 'preference', confidence: 0.65, context: 'general', derived_from: 'reflection'}) "
            "CREATE (p)-[:PARENT_OF]->(c)",
            c=content,
            u=USER,
        )
    result = (await gql.execute(TRAITS, {"u": USER}))["data"]["userTraits"]
    parent, child = result
    assert parent["content"] == "Likes being active" and parent["children"][0]["content"] == content
    assert len(parent["children"][0]["evidence"]) == 3
    assert child["parents"] == [{"id": "p1", "content": "Likes being active"}]
    # A trait written without timestamps (not by the engine) counts as created now: no sudden decay.
    assert (await run(service, Clock(at(12)), force=True)).traits_dissolved == 0


async def test_an_offline_upgrade_keeps_its_reasoning_on_the_trait(gql: GraphQLClient, service: MemoryService) -> None:
    content = await offline_behavior(service)
    [vector] = await service.embedder.embed_passages(["Goes running on Sundays"])
    async with service.db.driver.session(database=service.db.database) as session:
        await session.run(
            "MATCH (c:Trait {content: $c}) SET c.stage = 'emerging', c.confidence = 0.55 "
            "WITH c MATCH (m:Memory {user_id: $u}) WHERE m.content CONTAINS 'breakfast' "
            "CREATE (t:Trait {uid: 'races', user_id: $u, content: 'Goes running on Sundays', stage: 'emerging', "
            "subtype: 'behavior', confidence: 0.6, context: 'general', derived_from: 'reflection', "
            "embedding: $v, created_at: $at, last_reinforced: $at}) "
            "CREATE (e:Evidence {uid: 'races-e', user_id: $u, kind: 'supporting', grade: 'C', created_at: $at}) "
            "CREATE (e)-[:SUPPORTS]->(t) CREATE (e)-[:CITES]->(m)",
            c=content,
            u=USER,
            v=vector.tolist(),
            at=at(10),
        )
    await seed_memories(service, [Seed("c1", "s4", "Ana adopted a grey cat", day=9)])  # a cycle with something new
    outcome = await run(service, Clock(at(10)), force=True)
    assert outcome.traits_upgraded == 1, outcome.notes
    query = "query($u: String!) { userTraits(userId: $u, subtype: PREFERENCE) { content about reasoning } }"
    [parent] = (await gql.execute(query, {"u": USER}))["data"]["userTraits"]
    assert parent["about"] is None  # the messages named no speaker: the user
    assert parent["reasoning"] == (
        f'2 behavior traits linked by similar wording and a shared word: "Goes running on Sundays" (1 memory), '
        f'"{content}" (3 memories); 3 memories from 3 conversations in all'
    )


async def test_traits_take_part_in_recall_with_their_stage_boost(service: MemoryService) -> None:
    content = await offline_behavior(service)
    settings: Settings = service.settings

    at_noon = MemoryService(Runtime(settings=settings, db=service.db, embedder=service.embedder, clock=lambda: at(12)))

    async def trait_hit() -> Any:
        hits = await at_noon.recall(user_id=USER, query="does Ana go running?", limit=20)
        return next((h for h in hits if h.kind == "trait"), None)

    assert await trait_hit() is None  # candidates never take part in recall
    await set_trait(service, content, stage="emerging", confidence=0.5)
    emerging = await trait_hit()
    assert emerging is not None and emerging.content == content
    assert sorted(emerging.source_message_ids) == ["r1", "r2", "r3"]
    await set_trait(service, content, stage="established")
    established = await trait_hit()
    await set_trait(service, content, stage="core")
    core = await trait_hit()
    # Same candidate ranks, recency and confidence: only trait_boost differs (0.05 / 0.15 / 0.25) in
    # base · (1 + recency + importance + trait_boost), importance = 0.1 · confidence 0.5, recency over 2 days.
    rest = 1 + settings.recall.recency_weight * 2 ** (-2 / settings.recall.recency_half_life_days) + 0.05
    assert emerging.score / established.score == pytest.approx((rest + 0.05) / (rest + 0.15))
    assert established.score / core.score == pytest.approx((rest + 0.15) / (rest + 0.25))
    await set_trait(service, content, stage="dissolved")
    assert await trait_hit() is None
    await set_trait(service, content, stage="trend")
    assert await trait_hit() is None


async def test_reflection_is_scoped_to_its_user(service: MemoryService) -> None:
    await offline_behavior(service)
    other = await run(service, Clock(at(12)), user_id="bob")
    assert other.memories_scanned == 0 and await traits(service, user_id="bob") == []
    assert await count(service, "MATCH (t:Trait {user_id: $u}) RETURN count(t)", u=USER) == 1
