"""Races in curation (issue 11): checks and writes in one transaction under the user's entity lock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.errors import ConflictError, GraphsvcError, PlanRejectedError
from graphsvc.graph.database import Database
from graphsvc.service import MemoryService
from tests.integration.conftest import make_service
from tests.integration.graphql_client import GraphQLClient
from tests.integration.impressions_support import Turn, cypher, observe, store
from tests.integration.test_impressions_api import ADD_ALIAS


@pytest.fixture
def service(settings: Settings, database: Database, embedder: LocalEmbedder) -> MemoryService:
    return make_service(settings, database, embedder)


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def test_concurrent_add_alias_of_one_name_onto_two_entities_gives_it_to_one(service: MemoryService) -> None:
    a = await service.upsert_entity(user_id="ana", subject="Alpha", kind=None, aliases=[], impressions=[])
    b = await service.upsert_entity(user_id="ana", subject="Beta", kind=None, aliases=[], impressions=[])
    calls = [service.add_alias(user_id="ana", entity_id=(a.uid, b.uid)[i % 2], alias="Shared") for i in range(20)]
    results = await asyncio.gather(*calls, return_exceptions=True)
    refused = [r for r in results if isinstance(r, GraphsvcError)]
    assert all(isinstance(r, PlanRejectedError) for r in refused), results
    owners = await cypher(
        service.db,
        "MATCH (e:Entity {user_id: 'ana'})-[:HAS_ALIAS]->(:Alias {normalized: 'shared'}) RETURN e.uid AS uid",
    )
    assert len(owners) == 1  # one owner, one alias node
    assert len(refused) == 10  # every call for the other entity was refused
    found = await service.entity_named(user_id="ana", name="Shared")
    assert found is not None and found.uid == owners[0]["uid"]  # lookup works: not ambiguous


async def test_concurrent_resolutions_of_one_pending_observation_apply_it_once(service: MemoryService) -> None:
    sam = await service.upsert_entity(user_id="ana", subject="Sam", kind=None, aliases=[], impressions=[])
    samuel = await service.upsert_entity(user_id="ana", subject="Samuel", kind=None, aliases=[], impressions=[])
    await cypher(
        service.db,
        "MATCH (e:Entity {uid: $e}) CREATE (e)-[:HAS_ALIAS]->(:Alias {uid: 'x-sam', user_id: 'ana', name: 'Sam', "
        "normalized: 'sam', tenant_key: 't'})",
        e=samuel.uid,
    )
    text = "I played chess with Sam yesterday and he won every single game."
    report = await observe(service, "ana", await store(service, "ana", "s1", [Turn("Ana", text)]))
    assert report.pending == 1
    pending = (await service.pending_observations(user_id="ana"))[0]
    targets = [sam.uid, samuel.uid] * 5
    results = await asyncio.gather(
        *(
            service.resolve_pending_observation(user_id="ana", pending_id=pending.uid, entity_id=t, create_new=False)
            for t in targets
        ),
        return_exceptions=True,
    )
    done = [r for r in results if not isinstance(r, BaseException)]
    conflicts = [r for r in results if isinstance(r, ConflictError)]
    assert len(done) == 1 and len(conflicts) == 9, results
    holders = await cypher(
        service.db,
        "MATCH (e:Entity {user_id: 'ana'})-[:HAS_IMPRESSION]->(i:Impression) "
        "WHERE e.uid IN $targets AND i.content CONTAINS 'chess' RETURN e.uid AS uid",
        targets=[sam.uid, samuel.uid],
    )
    assert len(holders) == 1  # applied to one entity only
    resolved = await cypher(service.db, "MATCH (p:PendingObservation)-[:RESOLVED_AS]->(e) RETURN count(e) AS n")
    assert resolved == [{"n": 1}]


async def test_add_alias_races_over_graphql_never_surface_internal(gql: GraphQLClient, service: MemoryService) -> None:
    a = await service.upsert_entity(user_id="ana", subject="Alpha", kind=None, aliases=[], impressions=[])
    b = await service.upsert_entity(user_id="ana", subject="Beta", kind=None, aliases=[], impressions=[])
    bodies = await asyncio.gather(
        *(gql.execute(ADD_ALIAS, {"u": "ana", "e": (a.uid, b.uid)[i % 2], "a": "Twin"}) for i in range(10))
    )
    codes = {b["errors"][0]["extensions"]["code"] for b in bodies if b.get("errors")}
    assert codes <= {"PLAN_REJECTED", "CONFLICT"} and "INTERNAL" not in codes
