"""Helpers of the erase and export tests: the graph of some users as one canonical string, node counts, the CLI."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

from click.testing import CliRunner

from graphsvc.cli import main
from graphsvc.graph import catalog
from graphsvc.service import MemoryService
from tests.integration.graphql_client import GraphQLClient
from tests.integration.lifecycle_support import cypher


def canonical(value: Any) -> Any:
    """Date-times as UTC instants (a restore writes the same instant, maybe in another zone notation)."""
    if hasattr(value, "to_native"):
        value = value.to_native()
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat()
    if isinstance(value, list):
        return [canonical(v) for v in value]
    return value


COORDINATION = ["JobLane", "EntityLock"]
"""Nodes of a user that hold no data (issue 11's lanes and locks): erased, never exported."""


async def snapshot(service: MemoryService, users: list[str], *, leave_out: list[str] | None = None) -> str:
    """Every node (labels and properties) and edge of the users, as one canonical string."""
    nodes = await cypher(
        service.db,
        "MATCH (n) WHERE n.user_id IN $users AND NOT any(l IN labels(n) WHERE l IN $leave_out) "
        "RETURN labels(n) AS l, properties(n) AS p",
        users=users,
        leave_out=leave_out or [],
    )
    edges = await cypher(
        service.db,
        "MATCH (a)-[r]->(b) WHERE a.user_id IN $users OR b.user_id IN $users "
        "RETURN a.uid AS a, type(r) AS t, b.uid AS b, properties(r) AS p",
        users=users,
    )
    rows = [json.dumps([n["l"], canonical_props(n["p"])], sort_keys=True) for n in nodes]
    rows += [json.dumps([e["a"], e["t"], e["b"], canonical_props(e["p"])], sort_keys=True) for e in edges]
    return "\n".join(sorted(rows))


def canonical_props(props: dict[str, Any]) -> dict[str, Any]:
    return {k: canonical(v) for k, v in props.items()}


async def user_nodes(service: MemoryService, user_id: str, *, leave_out: list[str] | None = None) -> int:
    rows = await cypher(
        service.db,
        "MATCH (n {user_id: $u}) WHERE NOT any(l IN labels(n) WHERE l IN $leave_out) RETURN count(n) AS n",
        u=user_id,
        leave_out=leave_out or [],
    )
    return int(rows[0]["n"])


async def counts_by_label(service: MemoryService, user_id: str) -> dict[str, int]:
    rows = await cypher(
        service.db,
        "MATCH (n {user_id: $u}) UNWIND labels(n) AS label RETURN label, count(*) AS n",
        u=user_id,
    )
    return {str(r["label"]): int(r["n"]) for r in rows}


async def gql_data(gql: GraphQLClient, query: str, **variables: Any) -> dict[str, Any]:
    body = await gql.execute(query, variables)
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]
    return result


def erase_order() -> tuple[str, ...]:
    """Every user-owned label of the catalog, in its order, the transient Erasure aside."""
    return tuple(k.label for k in catalog.NODES if k.owner == "user" and not k.transient)


async def cli(*args: str, exit_code: int = 0) -> str:
    """Run the ``graphsvc`` CLI (in a thread: it runs its own event loop) on the test database; its stdout
    and stderr."""
    result = await asyncio.to_thread(CliRunner().invoke, main, list(args))
    assert result.exit_code == exit_code, (result.output, result.exception)
    return result.output
