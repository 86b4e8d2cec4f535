from __future__ import annotations

import re
from typing import Any

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.errors import SchemaMismatchError
from graphsvc.graph.cypher import CYPHER_DIR, query
from graphsvc.graph.database import Database
from graphsvc.keys import event_uid, tenant_key
from graphsvc.service import MemoryService
from graphsvc.text.lucene import build_query
from tests.integration.conftest import at
from tests.integration.recall_support import first_read

CYPHER_SCHEMA = CYPHER_DIR / "schema.cypher"


async def test_schema_apply_is_idempotent(database: Database) -> None:
    first = await database.apply_schema(dimensions=384)
    second = await database.apply_schema(dimensions=384)
    assert first == second > 30


async def test_dimension_mismatch_is_a_clear_error(database: Database) -> None:
    with pytest.raises(SchemaMismatchError) as err:
        await database.apply_schema(dimensions=1536)
    assert "384" in err.value.message and "1536" in err.value.message
    assert err.value.suggestion and "DROP INDEX" in err.value.suggestion


async def test_every_declared_index_and_constraint_exists(database: Database) -> None:
    """IF NOT EXISTS skips a statement whose schema matches another index: catch any such silent skip."""
    declared = set(re.findall(r"CREATE (?:\w+ )?(?:INDEX|CONSTRAINT) (\w+) IF NOT EXISTS", CYPHER_SCHEMA.read_text()))
    async with database.driver.session() as session:
        indexes = {r["name"] async for r in await session.run("SHOW INDEXES YIELD name")}
        constraints = {r["name"] async for r in await session.run("SHOW CONSTRAINTS YIELD name")}
    assert len(declared) > 30
    assert declared - indexes - constraints == set()


async def test_chinese_text_is_found_through_the_cjk_index(service: MemoryService) -> None:
    await service.ingest_messages(
        user_id="li",
        session_id="s1",
        messages=[
            MessageIn(role="user", content="我住在北京，在一家医院当护士。", occurred_at=at(1), message_id="zh1"),
            MessageIn(role="user", content="I like green tea.", occurred_at=at(1), message_id="en1"),
        ],
    )
    read = await first_read(
        service.db, "li", family="cjk", lucene_query=build_query("北京护士", tenant=tenant_key("li")), k=5
    )
    assert [m.uid for m in read.pools["event"]] == [event_uid("li", "s1", "zh1", "", at(1))]
    hits = await service.recall(user_id="li", query="北京", limit=1)
    assert hits[0].source_message_ids == ["zh1"]


PERIODIC_QUERIES = (
    "job_candidates",  # every job poll, each second in every worker
    "settle_abandoned_jobs",  # the same
    "job_backlog",  # /ready and /metrics
    "count_open_jobs",
    "open_jobs",
    "vector_backlog",  # /ready and /metrics
    "idle_open_sessions",  # the idle sweep, each minute
    "link_document_mentions",  # every document parse and entity change
    "prune_ended_jobs",  # the idle sweep
)
"""What runs on a timer, on every probe or on every job: its cost must follow the open work, not the history."""


async def test_periodic_queries_read_by_index_not_the_whole_history(database: Database) -> None:
    """With a long history (finished jobs, closed sessions, another user's document entities) in the graph, no
    periodic query plans a scan of a whole label: an idle service's Neo4j CPU would grow with every job ever run."""
    async with database.driver.session(database=database.database) as session:
        await (
            await session.run(
                "UNWIND range(1, 2000) AS i CREATE (:Job {uid: 'old-job-' + i, user_id: 'u' + (i % 50), "
                "status: 'SUCCEEDED', run_after: datetime(), created_at: datetime(), updated_at: datetime(), "
                "kind: 'extract_memories'})"
            )
        ).consume()
        await (
            await session.run(
                "UNWIND range(1, 500) AS i CREATE (:Session {uid: 'old-session-' + i, user_id: 'u' + (i % 50), "
                "session_id: 's' + i, status: 'closed', last_message_at: datetime()})"
            )
        ).consume()
        await (
            await session.run(
                "UNWIND range(1, 500) AS i CREATE (:DocumentEntity {uid: 'old-entity-' + i, user_id: 'other', "
                "normalized: 'name ' + i, document_uid: 'd' + (i % 20)})"
            )
        ).consume()
        scans: dict[str, list[str]] = {}
        for name in PERIODIC_QUERIES:
            plan = (await (await session.run("EXPLAIN " + query(name))).consume()).plan
            assert plan is not None
            found = [str(op.get("args", {}).get("Details", "")) for op in _operators(plan) if _is_scan(op)]
            if found:
                scans[name] = found
    assert scans == {}


def _operators(plan: dict[str, Any]) -> list[dict[str, Any]]:
    return [plan, *(op for child in plan.get("children", []) for op in _operators(child))]


def _is_scan(operator: dict[str, Any]) -> bool:
    kind = str(operator.get("operatorType", "")).split("@")[0]
    return kind in {"NodeByLabelScan", "AllNodesScan"}


def test_the_scan_check_notices_a_scan() -> None:
    assert _is_scan({"operatorType": "NodeByLabelScan@neo4j"})
    assert not _is_scan({"operatorType": "NodeIndexSeek@neo4j"})
    nested = {"operatorType": "Filter@neo4j", "children": [{"operatorType": "AllNodesScan@neo4j"}]}
    assert [_is_scan(op) for op in _operators(nested)] == [False, True]
