"""Tags (``Tag`` nodes and ``TAGGED`` edges) on a user's memories, events, documents and passages, and the
automatic tagging's reading state (``auto_tagged_at``).

Statements: ``cypher/queries/tags.cypher``. A tag's uid is a digest of its user and normalised name (made by
the caller), so a name is one tag per user however it is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime

from graphsvc.graph.database import Queries
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


async def mark_auto_tagged(db: Queries, *, user_id: str, uids: Sequence[str], now: datetime) -> None:
    """Mark the user's memories and events ``uids`` read by the automatic tagging (``auto_tagged_at`` = now)."""
    await db.write("mark_auto_tagged", user_id=user_id, uids=list(uids), now=now)
