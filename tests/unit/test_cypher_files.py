"""The Cypher files parse, every query the code names exists, and every node class has its constraint."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from graphsvc.graph import nodes
from graphsvc.graph.cypher import CYPHER_DIR, expand, parse_fragments, parse_named_queries, schema_statements

PACKAGE = Path(nodes.__file__).resolve().parents[1]
REPO = PACKAGE.parent


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


def all_query_names() -> set[str]:
    names: set[str] = set()
    for path in (CYPHER_DIR / "queries").glob("*.cypher"):
        names |= set(parse_named_queries(path.read_text(encoding="utf-8"), source=path))
    return names


def named_queries(path: Path, names: set[str]) -> set[str]:
    """The query names a module spells as string literals, and ``prefix*`` for a query name it builds as an
    f-string passed to ``query``, ``read`` or ``write``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.JoinedStr):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0].values[0]
            prefix = first.value if isinstance(first, ast.Constant) else None
            if called in {"query", "read", "write"} and isinstance(prefix, str):
                found.add(f"{prefix}*")
    return found


def outside_the_door() -> dict[str, set[str]]:
    """Module path (relative to the repository) → the queries it names, for every module outside ``graph/``."""
    names = all_query_names()
    out = {}
    for root in (PACKAGE, REPO / "scripts" / "bench"):
        for path in sorted(root.rglob("*.py")):
            rel = path.relative_to(REPO).as_posix()
            if rel.startswith("graphsvc/graph/"):
                continue
            found = named_queries(path, names)
            if found:
                out[rel] = found
    return out


def test_only_graph_names_queries() -> None:
    offenders = outside_the_door()
    assert not offenders, f"move these into a typed function in graphsvc/graph/: {offenders}"


def test_every_query_graph_names_exists_and_every_query_is_named() -> None:
    names = all_query_names()
    in_graph: set[str] = set()
    for path in (PACKAGE / "graph").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            if called in {"read", "write", "query", "stream"} and isinstance(first, ast.Constant):
                assert first.value in names, f"{path.name}: no query named {first.value!r} in cypher/queries"
                in_graph.add(str(first.value))
        in_graph |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in names}
    named = set(in_graph)
    for module_names in outside_the_door().values():
        named |= module_names
    for path in (REPO / "tests").rglob("*.py"):  # tests may read the graph directly to check it
        named |= named_queries(path, names)
    families = [n[:-1] for n in named if n.endswith("*")]
    unused = {n for n in names - named if not any(n.startswith(f) for f in families)}
    assert not unused, f"queries no code names (delete them or call them from graphsvc/graph/): {sorted(unused)}"


def test_every_query_filters_on_user_id_or_is_a_job_lease_or_schema_query() -> None:
    for path in sorted((CYPHER_DIR / "queries").glob("*.cypher")):
        for name, text in parse_named_queries(path.read_text(), source=path).items():
            # API keys are looked up by key id before any user is known; an admin key has no user.
            # Leases are process-wide (named work such as the idle sweep), not a tenant's data.
            # A group's erasure ends the memberships naming it, which live in its members' spaces.
            if path.stem in {"jobs", "schema_info", "api_keys", "leases"} or name in {
                "idle_open_sessions",
                "drop_group_memberships",
            }:
                continue
            assert "user_id" in text, f"{path.name}:{name} does not filter on user_id"


def test_duplicate_query_names_are_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        parse_named_queries("// name: a\nRETURN 1\n// name: a\nRETURN 2\n")


def test_fragments_expand_with_their_variables_renamed_and_nest() -> None:
    fragments = parse_fragments(
        "// fragment: live(m)\n// a comment, dropped\nm.status = 'active'\n\n"
        "// fragment: held(e)\nEXISTS { (x:Memory)-[:EXTRACTED_FROM]->(e) WHERE {{live(x)}} }\n"
    )
    assert expand("MATCH (ev:Event) WHERE {{held(ev)}} RETURN ev", fragments) == (
        "MATCH (ev:Event) WHERE (EXISTS { (x:Memory)-[:EXTRACTED_FROM]->(ev) WHERE (x.status = 'active') }) RETURN ev"
    )
    assert expand("RETURN {{live(mem)}} AS memory_live", fragments) == "RETURN (mem.status = 'active') AS memory_live"


def test_a_clause_fragment_goes_in_as_it_stands_with_an_expression_inside_in_parentheses() -> None:
    fragments = parse_fragments(
        "// fragment: live(m)\nm.status = 'active'\n\n"
        "// clause: newest(h, at)\n// a comment, dropped\nCALL (h) { RETURN max(h.t) AS t }\n"
        "WITH h, t AS at WHERE {{live(h)}}\n"
    )
    assert expand("MATCH (entry) {{newest(entry, when)}} RETURN when", fragments) == (
        "MATCH (entry) CALL (entry) { RETURN max(entry.t) AS t }\nWITH entry, t AS when "
        "WHERE (entry.status = 'active') RETURN when"
    )


@pytest.mark.parametrize(
    ("statement", "problem"),
    [
        ("RETURN {{nothing(e)}}", "no fragment"),
        ("RETURN {{live(a, b)}}", "takes 1 arguments"),
        ("RETURN {{loop(e)}}", "uses itself"),
    ],
)
def test_a_bad_fragment_use_fails_at_load(statement: str, problem: str) -> None:
    fragments = parse_fragments("// fragment: live(m)\nm.ok\n// fragment: loop(e)\n{{loop(e)}}\n")
    with pytest.raises(ValueError, match=problem):
        expand(statement, fragments)


def test_every_query_loads_with_its_fragments_expanded() -> None:
    from graphsvc.graph.cypher import _all_queries

    queries = _all_queries()
    assert queries and not any("{{" in text for text in queries.values())
    assert "holder.status IN ['active', 'archived']" in queries["recent_events"]
    assert all("evidence_at" in queries[name] for name in ("belief_changes", "belief_changes_by_happened"))
