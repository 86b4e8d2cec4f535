"""Neo4j Browser's files (``graphsvc/api/static/neo4j/``): the guide runs exactly the saved queries, every
query is scoped to ``$userId``, and the style captions every label by ``name``."""

from __future__ import annotations

import html
import re
from pathlib import Path

from graphsvc.graph import catalog, nodes

NEO4J = Path(nodes.__file__).resolve().parents[1] / "api" / "static" / "neo4j"
RUNNABLE = re.compile(r'<pre class="pre-scrollable code runnable">(.*?)</pre>', re.S)


def favorites() -> dict[str, str]:
    """File name → the query (its first line, the favourite's title comment, left out)."""
    found = {}
    for path in sorted((NEO4J / "favorites").glob("*.cypher")):
        title, _, query = path.read_text(encoding="utf-8").partition("\n")
        assert title.startswith("// graphsvc: "), f"{path.name}: the first line names the favourite"
        found[path.name] = query.strip()
    return found


def test_the_guide_runs_exactly_the_saved_queries() -> None:
    guide = (NEO4J / "guide.html").read_text(encoding="utf-8")
    runnable = [html.unescape(block).strip() for block in RUNNABLE.findall(guide)]
    queries = [q for q in runnable if not q.startswith(":")]
    assert queries == list(favorites().values())
    commands = [q for q in runnable if q.startswith(":")]
    assert any(c.startswith(":style http://127.0.0.1:8000/static/neo4j/graphsvc.grass") for c in commands)
    assert any(c.startswith(":params {userId:") for c in commands)
    assert guide.count("<slide") == len(queries) + 1


def test_every_saved_query_is_scoped_to_one_user() -> None:
    for name, query in favorites().items():
        first_match = re.search(r"MATCH \(\w+(:\w+)? \{user_id: \$userId", query)
        assert first_match is not None, f"{name} must start from the user's nodes"
        assert "embedding" not in query and "content_hash" not in query


def test_the_style_captions_every_label_by_name() -> None:
    grass = (NEO4J / "graphsvc.grass").read_text(encoding="utf-8")
    styled = set(re.findall(r"^node\.(\w+) \{", grass, re.M))
    shown = set(catalog.exported_labels())  # what a user's graph holds (credentials and locks aside)
    assert shown <= styled, f"give these labels a style: {shown - styled}"
    blocks = re.findall(r"^node(?:\.\w+)? \{(.*?)^\}", grass, re.M | re.S)
    assert blocks and all('caption: "{name}";' in block for block in blocks)
    assert "/*" not in grass  # Neo4j Browser's GraSS parser would read a comment as part of a selector
