"""The catalog of stored kinds (``graphsvc.graph.catalog``) covers everything the Cypher writes, agrees with the
schema and the node classes, and the Browser style is rendered from it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from graphsvc.graph import catalog, nodes
from graphsvc.graph.cypher import CYPHER_DIR, parse_named_queries

STYLE = Path(nodes.__file__).resolve().parents[1] / "api" / "static" / "neo4j" / "graphsvc.grass"

_CLAUSE = re.compile(
    r"\b(CREATE|MERGE)\b(?!\s+(?:CONSTRAINT|INDEX|FULLTEXT|VECTOR|RANGE|TEXT|POINT|LOOKUP|OR\b))"
    r"(.*?)(?=\b(?:MATCH|OPTIONAL|WITH|RETURN|SET|ON|WHERE|UNWIND|CALL|FOREACH|DETACH|DELETE|REMOVE|UNION|CREATE"
    r"|MERGE|ORDER|LIMIT)\b|$)",
    re.S,
)
_NODE_LABELS = re.compile(r"\(\s*\w*\s*((?::\s*\w+)+)")
_REL_TYPES = re.compile(r"\[\s*\w*\s*:\s*(\w+)")
_SET_LABEL = re.compile(r"\bSET\s+\w+((?::\w+)+)")


def _strip_comments(text: str) -> str:
    return "\n".join(line.split("//", 1)[0] for line in text.splitlines())


def written(text: str) -> tuple[set[str], set[str]]:
    """The node labels and relationship types that a Cypher statement creates, merges or sets."""
    labels: set[str] = set()
    types: set[str] = set()
    text = _strip_comments(text)
    for _, pattern in _CLAUSE.findall(text):
        for group in _NODE_LABELS.findall(pattern):
            labels |= {part.strip() for part in group.split(":") if part.strip()}
        types |= set(_REL_TYPES.findall(pattern))
    for group in _SET_LABEL.findall(text):
        labels |= {part for part in group.split(":") if part}
    return labels, types


def all_written() -> dict[str, tuple[set[str], set[str]]]:
    """Query name → what it writes, for every named query in ``cypher/queries``."""
    out = {}
    for path in sorted((CYPHER_DIR / "queries").glob("*.cypher")):
        for name, text in parse_named_queries(path.read_text(encoding="utf-8"), source=path).items():
            out[name] = written(text)
    return out


def test_the_parser_finds_labels_and_types_of_creates_merges_and_sets() -> None:
    labels, types = written(
        "MATCH (m:Memory {uid: $u}) // CREATE (x:Ignored)\n"
        "MERGE (m)-[r:EXTRACTED_FROM]->(e:Event {uid: $e})\n"
        "CREATE (h:HistoryEntry:Audit {uid: $h})-[:RECORDS]->(m)\n"
        "SET m:Archived\n"
        "WITH m CREATE INDEX nope IF NOT EXISTS FOR (n:Nope) ON (n.x)"
    )
    assert labels == {"Event", "HistoryEntry", "Audit", "Archived"}
    assert types == {"EXTRACTED_FROM", "RECORDS"}


def test_every_label_and_relationship_type_written_is_in_the_catalog() -> None:
    labels = {k.label for k in catalog.NODES}
    types = {k.type for k in catalog.RELATIONSHIPS}
    missing = {
        name: (w_labels - labels, w_types - types)
        for name, (w_labels, w_types) in all_written().items()
        if (w_labels - labels) or (w_types - types)
    }
    assert not missing, f"declare these in graphsvc/graph/catalog.py (query: (labels, types)): {missing}"


def test_everything_declared_is_written_somewhere() -> None:
    found_labels: set[str] = set()
    found_types: set[str] = set()
    for w_labels, w_types in all_written().values():
        found_labels |= w_labels
        found_types |= w_types
    assert {k.label for k in catalog.NODES} <= found_labels
    assert {k.type for k in catalog.RELATIONSHIPS} <= found_types


def test_labels_and_types_are_declared_once() -> None:
    labels = [k.label for k in catalog.NODES]
    types = [k.type for k in catalog.RELATIONSHIPS]
    assert len(labels) == len(set(labels)) and len(types) == len(set(types))
    for rel in catalog.RELATIONSHIPS:
        for label in (*rel.start, *rel.end):
            assert label == "*" or catalog.node_kind(label), f"{rel.type} joins an undeclared label {label}"
    with pytest.raises(KeyError):
        catalog.node_kind("Nope")


def test_every_user_owned_label_has_a_user_id_index() -> None:
    schema = (CYPHER_DIR / "schema.cypher").read_text(encoding="utf-8")
    for label in catalog.user_labels():
        indexed = re.search(rf"FOR \(n:{label}\) (ON \(n\.user_id|REQUIRE n\.user_id IS UNIQUE)", schema)
        assert indexed, f"{label}: add a user_id index to cypher/schema.cypher (erase and export filter on it)"


def test_the_declared_indexes_are_exactly_the_schema_search_indexes() -> None:
    schema = (CYPHER_DIR / "schema.cypher").read_text(encoding="utf-8")
    search = set(re.findall(r"CREATE (?:FULLTEXT|VECTOR) INDEX (\w+)", schema))
    declared = {name for kind in catalog.NODES for name in kind.indexes}
    assert declared == search
    for kind in catalog.NODES:
        for name in kind.indexes:
            assert re.search(rf"INDEX {name} IF NOT EXISTS FOR \(n:{kind.label}\)", schema), name


def stored_classes() -> list[type[nodes.StoredNode]]:
    """Every concrete node class of :mod:`graphsvc.graph.nodes` (the abstract bases have no label of their own)."""
    return [
        cls
        for cls in vars(nodes).values()
        if isinstance(cls, type) and issubclass(cls, nodes.StoredNode) and "__label__" in vars(cls)
    ]


def test_every_stored_class_is_in_the_erase_order_once_with_its_own_facts() -> None:
    order = catalog.ERASE_ORDER
    assert len(order) == len(set(order)), "a class is twice in catalog.ERASE_ORDER"
    missing = {cls.__name__ for cls in stored_classes()} - {cls.__name__ for cls in order}
    assert not missing, f"put these in catalog.ERASE_ORDER: {missing}"
    for cls in stored_classes():
        assert "catalog_facts" in vars(cls), f"nodes.{cls.__name__} declares no catalog_facts"
    assert [k.label for k in catalog.NODES] == [cls.__label__ for cls in order]
    assert catalog.node_kind("Lease").owner == "deployment" and catalog.node_kind("JobLane").owner == "user"


def test_declared_properties_exist_on_the_node_classes() -> None:
    for cls in catalog.ERASE_ORDER:
        kind = catalog.node_kind(cls.__label__)
        props = set(cls.defined_properties(rels=False, aliases=False))
        unknown = {p for p in (*kind.text, *kind.vectors) if p not in props}
        assert not unknown, f"{kind.label}: {unknown} are not properties of nodes.{cls.__name__}"


def test_every_relationship_type_is_declared_on_the_classes_it_joins() -> None:
    declared = {rel_type for rel_type, _, _ in catalog.relationship_declarations()}
    types = {k.type for k in catalog.RELATIONSHIPS}
    assert declared <= types, f"add these to catalog.RELATIONSHIPS: {declared - types}"
    for rel in catalog.RELATIONSHIPS:
        assert rel.start and rel.end, f"{rel.type}: declare it on the node class it leaves from"
    assert set(catalog.rel_kind("FROM_EVENT").start) == {"Evidence", "Alias", "MemoryCandidate", "Document"}
    assert catalog.rel_kind("HAS_EVENT").start == ("Session",)  # Event declares it too, incoming
    assert catalog.rel_kind("RECORDS").end == ("*",)


def test_relationship_text_properties_exist_on_their_models() -> None:
    models = {}
    for cls in catalog.ERASE_ORDER:
        for rel in cls.defined_properties(aliases=False, properties=False).values():
            if rel.definition["model"] is not None:
                models[rel.definition["relation_type"]] = rel.definition["model"]
    for rel_kind in catalog.RELATIONSHIPS:
        if rel_kind.text:
            props = set(models[rel_kind.type].defined_properties(rels=False, aliases=False))
            assert set(rel_kind.text) <= props, f"{rel_kind.type}: {set(rel_kind.text) - props}"


def test_provenance_names_provenance_edges_of_the_label() -> None:
    for kind in catalog.NODES:
        for rel_type in kind.provenance:
            rel = catalog.rel_kind(rel_type)
            assert rel.provenance, f"{kind.label}: {rel_type} is not a provenance edge"
            assert kind.label in (*rel.start, *rel.end), f"{kind.label}: {rel_type} does not touch it"


def test_indexed_and_unique_properties_of_the_classes_are_in_the_schema() -> None:
    schema = (CYPHER_DIR / "schema.cypher").read_text(encoding="utf-8")
    for cls in catalog.ERASE_ORDER:
        label = cls.__label__
        for name, prop in cls.defined_properties(rels=False, aliases=False).items():
            if prop.unique_index:
                assert re.search(rf"FOR \(n:{label}\) REQUIRE n\.{name} IS UNIQUE", schema), f"{label}.{name}"
            elif prop.index:
                assert re.search(rf"FOR \(n:{label}\) ON \([^)]*\bn\.{name}\b", schema), f"{label}.{name}"


def test_erase_and_export_orders() -> None:
    users = catalog.user_labels()
    assert users[-1] == "Erasure" and "Lease" not in users
    assert users.index("Job") < users.index("Memory") < users.index("Event")
    exported = catalog.exported_labels()
    assert {"Memory", "Document", "Chunk", "MemoryCandidate", "Tag", "LearningRun", "Source"} <= set(exported)
    assert not {"ApiKey", "JobLane", "EntityLock", "Erasure", "Lease"} & set(exported)
    assert ("Memory", "content") in set(catalog.text_properties())


def test_the_browser_style_file_is_rendered_from_the_catalog() -> None:
    assert STYLE.read_text(encoding="utf-8") == catalog.grass(), (
        "stale style: .venv/bin/python -m graphsvc.graph.catalog > graphsvc/api/static/neo4j/graphsvc.grass"
    )
