"""One user's nodes and edges out (``graphsvc export``) and back in (``graphsvc restore``).

Statements: ``restore_nodes``, ``restore_edges`` and ``restore_embeddings`` in ``cypher/queries/portability.cypher``;
the export reads are built here from :mod:`graphsvc.graph.catalog`, one node statement and one edge statement per
exported label (:func:`catalog.exported_labels`; a label written in the query lets its ``user_id`` index serve
it), and so is the check that a restore's ids are new (one statement per label and unique property, served by
its constraint). Only declared labels and properties are written into a statement; every value is a
``$parameter``. Nodes of other users
are never read: the export filters on ``user_id`` at both ends of every edge.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from graphsvc.graph import catalog, erase
from graphsvc.graph.database import Database, Queries


@dataclass(frozen=True)
class NodeRecord:
    """One node of the user: its labels (sorted) and properties (as the driver returns them: date-times as
    ``neo4j.time.DateTime``, vectors as float lists; ``uid`` and ``user_id`` among them)."""

    labels: tuple[str, ...]
    props: Mapping[str, Any]


@dataclass(frozen=True)
class EdgeRecord:
    """One relationship between two nodes of the user: its type, its ends and its properties. The ends are the
    nodes' ``uid`` as exported, and their element ids when it is restored between restored nodes."""

    type: str
    start: str
    end: str
    props: Mapping[str, Any]


UNIQUE_KEYS: dict[str, tuple[str, ...]] = {"Memory": ("uid", "dedup_key"), "Entity": ("uid", "subject_key")}
"""The properties ``cypher/schema.cypher`` makes unique, by exported label: ``uid`` for every other one."""


@dataclass(frozen=True)
class ExistingKey:
    """A unique property value a restore would write that a node in the database already holds."""

    label: str
    prop: str
    value: str
    owner: str


def unique_keys(label: str) -> tuple[str, ...]:
    """The properties of ``label`` the database holds once (``uid``, and more for some labels)."""
    return UNIQUE_KEYS.get(label, ("uid",))


@cache
def _existing_statement(label: str, prop: str) -> str:
    label = erase.declared(label, among=catalog.exported_labels())
    if prop not in unique_keys(label):
        raise ValueError(f"{prop!r} is not a unique property of {label}")
    return f"MATCH (n:{label})\nWHERE n.{prop} IN $values\nRETURN n.{prop} AS value, n.user_id AS owner"


async def existing_keys(db: Database, *, nodes: Sequence[NodeRecord]) -> list[ExistingKey]:
    """The unique property values of ``nodes`` (see :func:`unique_keys`) that nodes in the database already
    hold, of any user; empty when every one is new.

    Raises:
        ValueError: a label is not an exported label of the catalog.
    """
    wanted: dict[tuple[str, str], set[str]] = {}
    for node in nodes:
        for label in node.labels:
            for prop in unique_keys(label):
                if isinstance(value := node.props.get(prop), str):
                    wanted.setdefault((label, prop), set()).add(value)
    found: list[ExistingKey] = []
    async with db.driver.session(database=db.database) as session:
        for (label, prop), values in sorted(wanted.items()):
            result = await session.run(_existing_statement(label, prop), values=sorted(values))
            found += [
                ExistingKey(label=label, prop=prop, value=str(r["value"]), owner=str(r["owner"])) async for r in result
            ]
    return found


@cache
def _nodes_statement(label: str) -> str:
    label = erase.declared(label, among=catalog.exported_labels())
    return f"MATCH (n:{label})\nWHERE n.user_id = $user_id\nRETURN labels(n) AS labels, properties(n) AS props"


@cache
def _edges_statement(label: str) -> str:
    label = erase.declared(label, among=catalog.exported_labels())
    return (
        f"MATCH (n:{label})-[r]->(m)\n"
        "WHERE n.user_id = $user_id AND m.user_id = $user_id AND any(l IN labels(m) WHERE l IN $labels)\n"
        "RETURN n.uid AS start, type(r) AS type, m.uid AS end, properties(r) AS props"
    )


async def user_nodes(db: Database, *, user_id: str) -> AsyncIterator[NodeRecord]:
    """Every node of the user of an exported label, label by label in catalog order, streamed (one record held
    at a time)."""
    async with db.driver.session(database=db.database) as session:
        for label in catalog.exported_labels():
            result = await session.run(_nodes_statement(label), user_id=user_id)
            async for record in result:
                yield NodeRecord(labels=tuple(sorted(record["labels"])), props=dict(record["props"]))


async def user_edges(db: Database, *, user_id: str) -> AsyncIterator[EdgeRecord]:
    """Every relationship from a node of the user of an exported label to another such node, streamed."""
    labels = list(catalog.exported_labels())
    async with db.driver.session(database=db.database) as session:
        for label in labels:
            result = await session.run(_edges_statement(label), user_id=user_id, labels=labels)
            async for record in result:
                yield EdgeRecord(
                    type=str(record["type"]),
                    start=str(record["start"]),
                    end=str(record["end"]),
                    props=dict(record["props"]),
                )


async def has_data(db: Database, *, user_id: str) -> bool:
    """Whether the user has any node of an exported label here (API keys, locks and an erasure aside)."""
    left = await erase.count_left(db, user_id=user_id, labels=catalog.exported_labels())
    return any(left.values())


async def create_nodes(db: Queries, *, user_id: str, nodes: Sequence[NodeRecord]) -> dict[str, str]:
    """Create the nodes with their labels and properties.

    Returns:
        node ``uid`` → its element id, for every node created (those of another user are not created).

    Raises:
        ValueError: a label is not an exported label of the catalog.
    """
    exported = catalog.exported_labels()
    rows = [
        {"labels": [erase.declared(lab, among=exported) for lab in n.labels], "props": dict(n.props)} for n in nodes
    ]
    created = await db.write("restore_nodes", user_id=user_id, rows=rows)
    return {str(r["uid"]): str(r["id"]) for r in created}


async def create_edges(db: Queries, *, user_id: str, edges: Sequence[EdgeRecord]) -> int:
    """Create the relationships between nodes of the user; returns how many were created.

    Raises:
        KeyError: a type is not a relationship type of the catalog.
    """
    rows = [
        {"start": e.start, "end": e.end, "type": catalog.rel_kind(e.type).type, "props": dict(e.props)} for e in edges
    ]
    created = await db.write("restore_edges", user_id=user_id, rows=rows)
    return int(created[0]["edges"]) if created else 0


async def set_embeddings(db: Queries, *, user_id: str, vectors: Sequence[tuple[str, list[float]]]) -> int:
    """Store ``(element id, vector)`` pairs as the nodes' ``embedding``; returns how many were written."""
    rows = [{"id": element_id, "embedding": vector} for element_id, vector in vectors]
    written = await db.write("restore_embeddings", user_id=user_id, rows=rows)
    return int(written[0]["embedded"]) if written else 0
