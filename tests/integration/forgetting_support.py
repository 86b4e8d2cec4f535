"""Helpers of the forgetting tests: where a text is still stored, and what a user's answers hold.

``holders`` reads every property of every node (and relationship) of the given users, so a property the catalog
does not declare is found too; ``undeclared`` names the string properties holding user text that the catalog
(:mod:`graphsvc.graph.catalog`) does not list, which forget and erase would not know about.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import docx

from graphsvc.graph import catalog
from graphsvc.service import MemoryService
from tests.integration.lifecycle_support import cypher


@dataclass(frozen=True)
class Holder:
    """A stored string holding a looked-for text: the node's labels (or relationship type), property and text."""

    labels: tuple[str, ...]
    prop: str
    value: str
    needle: str


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


async def stored_strings(
    service: MemoryService, users: Sequence[str] | None = None
) -> list[tuple[tuple[str, ...], str, str]]:
    """``(labels, property, string)`` for every string (or string in a list) of every node and relationship of
    the users (of everyone when ``users`` is None)."""
    nodes = await cypher(
        service.db,
        "MATCH (n) WHERE $users IS NULL OR n.user_id IN $users RETURN labels(n) AS l, properties(n) AS p",
        users=None if users is None else list(users),
    )
    rels = await cypher(
        service.db,
        "MATCH (a)-[r]->() WHERE $users IS NULL OR a.user_id IN $users RETURN type(r) AS l, properties(r) AS p",
        users=None if users is None else list(users),
    )
    out: list[tuple[tuple[str, ...], str, str]] = []
    for row in nodes:
        labels = tuple(sorted(row["l"]))
        out += [(labels, k, s) for k, v in row["p"].items() for s in _strings(v)]
    for row in rels:
        out += [((str(row["l"]),), k, s) for k, v in row["p"].items() for s in _strings(v)]
    return out


_GENERATED = re.compile(r"^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,})$", re.I)
"""A generated id or digest (a UUID, a hex hash): no user text, though a needle of digits ("4411") may occur in one
by chance."""


async def holders(service: MemoryService, needles: Iterable[str], users: Sequence[str] | None = None) -> list[Holder]:
    """Every stored string of the users that holds one of ``needles`` (case-folded); generated ids and digests
    hold no user text and are passed over."""
    wanted = [n for n in dict.fromkeys(needles) if n]
    found = []
    for labels, prop, value in await stored_strings(service, users):
        if _GENERATED.match(value):
            continue
        folded = value.casefold()
        found += [Holder(labels, prop, value, n) for n in wanted if n.casefold() in folded]
    return found


def undeclared(found: Iterable[Holder]) -> list[Holder]:
    """Those holders whose property the catalog does not declare as user text of any of their labels (or type)."""
    declared = {(label, prop) for label, prop in catalog.text_properties()}
    declared |= {(rel.type, prop) for rel in catalog.RELATIONSHIPS for prop in rel.text}
    return [h for h in found if not any((label, h.prop) in declared for label in h.labels)]


async def answers(service: MemoryService, user_id: str, queries: Sequence[str]) -> str:
    """Everything the user's callers get back for ``queries``: recall hits (also with superseded memories),
    memoryContext blocks, and the whole timeline, as one text."""
    parts: list[str] = []
    for query in queries:
        for hits in (
            await service.recall(user_id=user_id, query=query, limit=20),
            await service.recall(user_id=user_id, query=query, limit=20, include_superseded=True),
        ):
            parts += [h.content for h in hits]
        parts.append((await service.memory_context(user_id=user_id, query=query, max_tokens=2_000)).text)
    page = await service.timeline(user_id=user_id, limit=500)
    parts += [f"{i.title or ''} {i.content}" for i in page.items]
    return "\n".join(parts)


def docx_bytes(title: str, text: str) -> bytes:
    """A DOCX file: a title, an "Engine" heading and one paragraph of ``text``."""
    document = docx.Document()
    document.add_heading(title, level=0)
    document.add_heading("Engine", level=1)
    document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()
