from __future__ import annotations

import re

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.errors import SchemaMismatchError
from graphsvc.graph.cypher import CYPHER_DIR
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
