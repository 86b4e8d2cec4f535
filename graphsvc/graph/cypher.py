"""Load the schema and the named, parameterised Cypher statements kept in ``cypher/``.

Query files hold blocks headed by ``// name: <query_name>``; a block runs until
the next header. Statements take every value as a ``$parameter``: no user text is
ever formatted into Cypher.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from graphsvc.config import REPO_ROOT

CYPHER_DIR = REPO_ROOT / "cypher"
_HEADER = re.compile(r"^//\s*name:\s*([a-z_][a-z0-9_]*)\s*$", re.MULTILINE)


@cache
def _all_queries() -> dict[str, str]:
    queries: dict[str, str] = {}
    for path in sorted((CYPHER_DIR / "queries").glob("*.cypher")):
        queries.update(parse_named_queries(path.read_text(encoding="utf-8"), source=path))
    return queries


def parse_named_queries(text: str, *, source: Path | str = "<text>") -> dict[str, str]:
    """Split a query file into ``{name: statement}``.

    Raises:
        ValueError: a name is defined twice or a block is empty.
    """
    headers = list(_HEADER.finditer(text))
    out: dict[str, str] = {}
    for i, header in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
        body = text[header.end() : end].strip().rstrip(";").strip()
        name = header.group(1)
        if not body:
            raise ValueError(f"{source}: query {name} is empty")
        if name in out:
            raise ValueError(f"{source}: query {name} is defined twice")
        out[name] = body
    return out


def query(name: str) -> str:
    """The Cypher text of the named query.

    Raises:
        KeyError: no query of that name exists in ``cypher/queries/``.
    """
    queries = _all_queries()
    if name not in queries:
        raise KeyError(f"no named query {name!r} in {CYPHER_DIR / 'queries'}")
    return queries[name]


def schema_statements(*, dimensions: int) -> list[str]:
    """The schema statements with the embedding dimension filled in.

    Args:
        dimensions: the configured embedder's vector size (validated int, not user text).
    """
    if not isinstance(dimensions, int) or dimensions <= 0:
        raise ValueError(f"dimensions must be a positive int, got {dimensions!r}")
    text = (CYPHER_DIR / "schema.cypher").read_text(encoding="utf-8")
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    return [
        stmt.strip().replace("{dimensions}", str(dimensions))
        for stmt in re.split(r"^\s*;\s*$", body, flags=re.MULTILINE)
        if stmt.strip()
    ]
