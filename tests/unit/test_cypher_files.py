"""The Cypher files parse, every query the code names exists, and every node class has its constraint."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from graphsvc.graph import nodes
from graphsvc.graph.cypher import CYPHER_DIR, parse_named_queries, query, schema_statements

PACKAGE = Path(nodes.__file__).resolve().parents[1]


def test_schema_statements_fill_in_the_dimension() -> None:
    statements = schema_statements(dimensions=384)
    vector = [s for s in statements if "VECTOR INDEX" in s]
    assert len(vector) == 5 and all("`vector.dimensions`: 384" in s for s in vector)
    assert not any("{dimensions}" in s for s in statements)
    with pytest.raises(ValueError):
        schema_statements(dimensions=0)


def test_every_node_class_has_a_uid_constraint_and_user_index() -> None:
    schema = (CYPHER_DIR / "schema.cypher").read_text()
    classes = [
        c
        for c in vars(nodes).values()
        if isinstance(c, type) and issubclass(c, nodes.TenantNode) and c is not nodes.TenantNode
    ]
    assert len(classes) >= 13  # 12 of the foundation + PendingObservation (issue 4)
    for cls in classes:
        label = cls.__name__
        assert re.search(rf"FOR \(n:{label}\) REQUIRE n\.uid IS UNIQUE", schema), label
        assert re.search(rf"INDEX \w+ IF NOT EXISTS FOR \(n:{label}\) ON \(n\.user_id", schema), label


def test_every_named_query_used_by_the_code_exists() -> None:
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text()
        used |= set(re.findall(r'\.(?:read|write)\(\s*"([a-z_]+)"', text))
        used |= set(re.findall(r'\(\s*"([a-z_]+)",\s*\{', text))
    assert {"ingest_events", "create_memories", "claim_job"} <= used
    for name in used:
        assert query(name)


def test_every_query_filters_on_user_id_or_is_a_job_lease_or_schema_query() -> None:
    for path in sorted((CYPHER_DIR / "queries").glob("*.cypher")):
        for name, text in parse_named_queries(path.read_text(), source=path).items():
            # API keys are looked up by key id before any user is known; an admin key has no user.
            # Leases are process-wide (named work such as the idle sweep), not a tenant's data.
            if path.stem in {"jobs", "schema_info", "api_keys", "leases"} or name == "idle_open_sessions":
                continue
            assert "user_id" in text, f"{path.name}:{name} does not filter on user_id"


def test_duplicate_query_names_are_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        parse_named_queries("// name: a\nRETURN 1\n// name: a\nRETURN 2\n")
