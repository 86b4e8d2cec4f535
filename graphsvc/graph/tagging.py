"""A person's tags on memories, and the user's list of tags with their counts (``Tag`` nodes, ``TAGGED`` edges).

Statements: ``user_tags``, ``untag_memory``, ``memory_exists`` and ``memory_tags`` in
``cypher/queries/tags.cypher``. Tagging itself (by a person, a source or the automatic tagger) is
:func:`graphsvc.pipeline.tags.assign.tag`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from graphsvc.graph.database import Queries, native


@dataclass(frozen=True)
class TagView:
    """A tag with how many of the user's nodes carry it (in all and by kind) and who put it there."""

    uid: str
    name: str
    count: int
    memories: int
    events: int
    documents: int
    chunks: int
    origins: list[str]
    created_at: datetime | None


async def user_tags(db: Queries, *, user_id: str, limit: int) -> list[TagView]:
    """The user's tags, most used first (then by name), at most ``limit``."""
    rows = await db.read("user_tags", user_id=user_id, limit=limit)
    return [
        TagView(
            uid=r["uid"],
            name=r["name"],
            count=int(r["count"]),
            memories=int(r["memories"]),
            events=int(r["events"]),
            documents=int(r["documents"]),
            chunks=int(r["chunks"]),
            origins=sorted(str(o) for o in r["origins"] if o),
            created_at=native(r["created_at"]),
        )
        for r in rows
    ]


async def memory_exists(db: Queries, *, user_id: str, uid: str) -> bool:
    """Whether the user has a memory ``uid`` (of any status)."""
    return bool(await db.read("memory_exists", user_id=user_id, uid=uid))


async def memory_tags(db: Queries, *, user_id: str, uid: str) -> list[str]:
    """The names of the memory's tags, sorted; empty when it has none (or is not the user's)."""
    return [str(r["name"]) for r in await db.read("memory_tags", user_id=user_id, uid=uid)]


async def untag_memory(db: Queries, *, user_id: str, uid: str, tag_uid: str) -> int:
    """Take the tag ``tag_uid`` off the memory, whoever put it there; returns how many edges were removed (0/1)."""
    rows = await db.write("untag_memory", user_id=user_id, uid=uid, tag_uid=tag_uid)
    return int(rows[0]["removed"]) if rows else 0
