"""Tags (``Tag`` nodes and ``TAGGED`` edges) on a user's memories, events, documents and passages: linking,
the user's list of tags with their counts, a person's untagging, and the automatic tagging's reading state
(``auto_tagged_at``).

Statements: ``cypher/queries/tags.cypher``. A tag's uid is a digest of its user and normalised name (made by
the caller), so a name is one tag per user however it is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime

from graphsvc.graph.database import Queries, native
from graphsvc.vocabulary import TagOrigin


@dataclass(frozen=True)
class TagLink:
    """One tag to put on one node: ``uid`` the node's, ``tag_uid`` the tag's, ``name`` as written (kept by a new
    tag), ``normalized`` the tag's key."""

    uid: str
    tag_uid: str
    name: str
    normalized: str


@dataclass(frozen=True)
class UntaggedItem:
    """A memory or current event the automatic tagging has not read: its uid and its text (an event's title
    and content)."""

    uid: str
    text: str


async def link(db: Queries, *, user_id: str, links: Sequence[TagLink], origin: TagOrigin, now: datetime) -> int:
    """Put each tag on its node (a tag is made the first time its name is used; an edge is kept once, with the
    first origin). Links to a node the user does not have are skipped.

    Returns:
        the ``TAGGED`` edges matched or made.
    """
    rows = await db.write("tag_nodes", user_id=user_id, now=now, origin=origin, items=[asdict(x) for x in links])
    return int(rows[0]["tagged"]) if rows else 0


async def untagged_items(db: Queries, *, user_id: str, limit: int) -> list[UntaggedItem]:
    """The user's active memories and current events the automatic tagging has not read, oldest first, at
    most ``limit``."""
    rows = await db.read("untagged_items", user_id=user_id, limit=limit)
    return [UntaggedItem(uid=str(r["uid"]), text=str(r["text"] or "")) for r in rows]


async def tag_keys(db: Queries, *, user_id: str) -> set[str]:
    """The normalised names of every tag the user has."""
    return {str(r["normalized"]) for r in await db.read("existing_tag_names", user_id=user_id)}


async def speaker_names(db: Queries, *, user_id: str, limit: int = 50) -> list[str]:
    """The names the user's conversation messages were said under (the speakers), most frequent first, at most
    ``limit``."""
    return [str(r["speaker"]) for r in await db.read("speaker_names", user_id=user_id, limit=limit)]


async def mark_auto_tagged(db: Queries, *, user_id: str, uids: Sequence[str], now: datetime) -> None:
    """Mark the user's memories and events ``uids`` read by the automatic tagging (``auto_tagged_at`` = now)."""
    await db.write("mark_auto_tagged", user_id=user_id, uids=list(uids), now=now)


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
