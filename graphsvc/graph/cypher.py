"""Load the schema and the named, parameterised Cypher statements kept in ``cypher/``.

Query files hold blocks headed by ``// name: <query_name>``; a block runs until
the next header. Statements take every value as a ``$parameter``: no user text is
ever formatted into Cypher.

A rule several statements share is written once, as a fragment: a block headed by
``// fragment: <name>(<var>, ...)`` in ``cypher/queries/fragments.cypher``, used in a
statement as ``{{<name>(<arg>, ...)}}``. Loading replaces each use with the fragment's
text, its variables renamed to the arguments (whole words only); a fragment may use
other fragments. Arguments are variable names of the statement, never values. A fragment is an
expression, and goes in parentheses; a block headed ``// clause: <name>(<var>, ...)`` is a run of
clauses (``CALL``, ``WITH``...), used the same way and put in as it stands.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from graphsvc.config import REPO_ROOT

CYPHER_DIR = REPO_ROOT / "cypher"
_HEADER = re.compile(r"^//\s*name:\s*([a-z_][a-z0-9_]*)\s*$", re.MULTILINE)
_FRAGMENT_HEADER = re.compile(
    r"^//\s*(fragment|clause):\s*([a-z_][a-z0-9_]*)\(([a-z_][a-z0-9_, ]*)\)\s*$", re.MULTILINE
)
_USE = re.compile(r"\{\{\s*([a-z_][a-z0-9_]*)\(([^(){}]*)\)\s*\}\}")
FRAGMENTS_FILE = "fragments.cypher"


@cache
def _all_queries() -> dict[str, str]:
    folder = CYPHER_DIR / "queries"
    fragments = parse_fragments((folder / FRAGMENTS_FILE).read_text(encoding="utf-8"), source=folder / FRAGMENTS_FILE)
    queries: dict[str, str] = {}
    for path in sorted(folder.glob("*.cypher")):
        if path.name != FRAGMENTS_FILE:
            named = parse_named_queries(path.read_text(encoding="utf-8"), source=path)
            queries.update({name: expand(body, fragments, source=path) for name, body in named.items()})
    return queries


Fragment = tuple[tuple[str, ...], str, bool]
"""A fragment's variables, its text, and whether it is clauses (put in as they stand) rather than an expression
(put in parentheses)."""


def parse_fragments(text: str, *, source: Path | str = "<text>") -> dict[str, Fragment]:
    """Split a fragments file into ``{name: (variables, text, clauses)}`` (blocks headed ``// fragment: name(a, b)``
    or ``// clause: name(a, b)``; comment lines inside a block are dropped).

    Raises:
        ValueError: a name is defined twice or a block is empty.
    """
    headers = list(_FRAGMENT_HEADER.finditer(text))
    out: dict[str, Fragment] = {}
    for i, header in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
        lines = text[header.end() : end].splitlines()
        body = "\n".join(line for line in lines if not line.lstrip().startswith("//")).strip()
        name = header.group(2)
        if not body:
            raise ValueError(f"{source}: fragment {name} is empty")
        if name in out:
            raise ValueError(f"{source}: fragment {name} is defined twice")
        out[name] = (tuple(v.strip() for v in header.group(3).split(",")), body, header.group(1) == "clause")
    return out


def expand(statement: str, fragments: dict[str, Fragment], *, source: Path | str = "<text>") -> str:
    """``statement`` with every ``{{name(arg, ...)}}`` replaced by that fragment, its variables renamed to the
    arguments (fragments inside fragments too): an expression in parentheses, clauses as they stand.

    Raises:
        ValueError: an unknown fragment, a wrong number of arguments, or a fragment that uses itself.
    """

    def replace(use: re.Match[str], seen: tuple[str, ...]) -> str:
        name = use.group(1)
        if name not in fragments:
            raise ValueError(f"{source}: no fragment {name!r} in {FRAGMENTS_FILE}")
        if name in seen:
            raise ValueError(f"{source}: fragment {name!r} uses itself")
        variables, body, clauses = fragments[name]
        args = tuple(a.strip() for a in use.group(2).split(","))
        if len(args) != len(variables):
            raise ValueError(f"{source}: fragment {name!r} takes {len(variables)} arguments, got {len(args)}")
        renames = dict(zip(variables, args, strict=True))
        body = re.sub(r"\b(" + "|".join(map(re.escape, variables)) + r")\b", lambda m: renames[m.group(1)], body)
        body = _USE.sub(lambda inner: replace(inner, (*seen, name)), body)
        return body if clauses else "(" + body + ")"

    return _USE.sub(lambda use: replace(use, ()), statement)


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
