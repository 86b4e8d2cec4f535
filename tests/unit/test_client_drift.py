"""The generated clients cannot drift from ``schema.graphql``: the operations both clients are made from
(``clients/graphql/operations.graphql``) are what ``scripts/clients_operations.py`` makes of the schema, and
the Python client's, the TypeScript client's and the dashboard's generated code was made from the current
schema and documents (each records the sha256 of those inputs, computed as ``clients/typescript/codegen.ts``
and ``scripts/clients_operations.py`` do). Each
failure names the one command that fixes it: ``scripts/codegen``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from graphql import build_schema, parse, validate

from scripts.clients_operations import OPERATIONS, SCHEMA, inputs_hash, operations, python_stamp

REPO = Path(__file__).resolve().parents[2]
FIX = "run scripts/codegen (it regenerates schema.graphql, the operations, both clients' types and the dashboard)"
DASHBOARD_DOCUMENTS = REPO / "ui" / "src" / "graphql"
GENERATED = {
    "clients/typescript/src/generated/graphql.ts": [OPERATIONS],
    "ui/src/generated/graphql.ts": sorted(DASHBOARD_DOCUMENTS.glob("*.graphql")),
}
HASH_LINE = re.compile(r"^// inputs sha256: ([0-9a-f]{64})$", re.MULTILINE)


def recorded_hash(generated: Path) -> str:
    found = HASH_LINE.search(generated.read_text(encoding="utf-8"))
    assert found is not None, f"{generated.relative_to(REPO)} has no inputs hash: {FIX}"
    return found.group(1)


def test_operations_graphql_is_what_the_schema_gives() -> None:
    assert OPERATIONS.read_text(encoding="utf-8") == operations(SCHEMA.read_text(encoding="utf-8")), (
        f"clients/graphql/operations.graphql is stale: {FIX}"
    )


@pytest.mark.parametrize("generated", sorted(GENERATED))
def test_generated_typescript_matches_the_schema_and_documents(generated: str) -> None:
    documents = GENERATED[generated]
    assert documents, f"no documents for {generated}"
    expected = inputs_hash(SCHEMA.read_bytes(), [p.read_bytes() for p in documents])
    assert recorded_hash(REPO / generated) == expected, f"{generated} is stale: {FIX}"


def test_the_python_client_was_generated_from_the_current_schema() -> None:
    from scripts.clients_operations import PYTHON_GENERATED

    assert PYTHON_GENERATED.read_text(encoding="utf-8") == python_stamp(), (
        f"clients/python/graphsvc_client/generated is stale: {FIX}"
    )


def test_the_dashboards_documents_validate_against_the_schema() -> None:
    schema = build_schema(SCHEMA.read_text(encoding="utf-8"))
    for path in GENERATED["ui/src/generated/graphql.ts"]:
        assert validate(schema, parse(path.read_text(encoding="utf-8"))) == [], path.name


def test_the_hash_check_notices_a_schema_change() -> None:
    """The check can fail: one more field in the schema gives another hash than the one recorded."""
    documents = [OPERATIONS.read_bytes()]
    recorded = recorded_hash(REPO / "clients/typescript/src/generated/graphql.ts")
    changed = SCHEMA.read_bytes().replace(b"type Query {", b"type Query {\n  extra: Int", 1)
    assert changed != SCHEMA.read_bytes()
    assert inputs_hash(changed, documents) != recorded


def test_operations_follow_a_new_field() -> None:
    """A field added to the schema reaches the operations (so a stale file would differ)."""
    sdl = SCHEMA.read_text(encoding="utf-8")
    changed = operations(sdl.replace("type Query {", "type Query {\n  extraField: Int", 1))
    assert "extraField" in changed and "extraField" not in operations(sdl)
