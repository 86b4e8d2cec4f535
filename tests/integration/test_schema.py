from __future__ import annotations

import pytest

from graphsvc.errors import SchemaMismatchError
from graphsvc.graph.database import Database


async def test_schema_apply_is_idempotent(database: Database) -> None:
    first = await database.apply_schema(dimensions=384)
    second = await database.apply_schema(dimensions=384)
    assert first == second > 30


async def test_dimension_mismatch_is_a_clear_error(database: Database) -> None:
    with pytest.raises(SchemaMismatchError) as err:
        await database.apply_schema(dimensions=1536)
    assert "384" in err.value.message and "1536" in err.value.message
    assert err.value.suggestion and "DROP INDEX" in err.value.suggestion
