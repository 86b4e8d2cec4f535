"""Recall's tag filter (issue 15): ``recall(..., tags: [...])`` keeps only hits carrying one of the tags.

A memory, an event or a passage qualifies when it carries one of the tags itself (``TAGGED``); a passage
also qualifies when its document does. Impressions and traits carry no tags, so a tag-filtered recall never
returns them. The vector list is an exact scan of the qualifying nodes (``vector_tagged``: a filtered ANN
search could miss them all); the full-text and graph-expansion lists are the unfiltered ones with everything
else removed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graphsvc.errors import InvalidInputError
from graphsvc.graph.database import Database
from graphsvc.pipeline.tags.assign import normalise

MAX_TAGS = 20
"""Tags one recall may filter on."""
MAX_TAG_CHARS = 100
MAX_TAGGED = 20_000
"""Qualifying nodes read at most (a filter wider than this is no filter worth having)."""


def require_tags(tags: Sequence[str] | None) -> list[str] | None:
    """The normalised tag keys of a filter, or None for no filter (``None`` or an empty list).

    Raises:
        InvalidInputError: more than ``MAX_TAGS`` tags, a tag longer than ``MAX_TAG_CHARS`` characters, or a
            tag that is blank after normalisation.
    """
    if not tags:
        return None
    if len(tags) > MAX_TAGS:
        raise InvalidInputError(field="tags", problem=f"at most {MAX_TAGS} tags, got {len(tags)}")
    keys: list[str] = []
    for name in tags:
        if len(name) > MAX_TAG_CHARS:
            raise InvalidInputError(field="tags", problem=f"a tag is at most {MAX_TAG_CHARS} characters")
        key = normalise(name)
        if not key:
            raise InvalidInputError(field="tags", problem=f"{name!r} is blank after normalisation")
        keys.append(key)
    return sorted(set(keys))


@dataclass(frozen=True)
class TagFilter:
    """The nodes a filtered recall may return."""

    uids: frozenset[str]

    def keep(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """``rows`` whose ``uid`` qualifies, order kept."""
        return [r for r in rows if str(r["uid"]) in self.uids]


async def tag_filter(db: Database, *, user_id: str, tags: list[str]) -> TagFilter:
    """The user's nodes carrying any of ``tags`` (normalised keys) and the passages of tagged documents."""
    rows = await db.read("tagged_recall_uids", user_id=user_id, tags=tags, limit=MAX_TAGGED)
    return TagFilter(frozenset(str(r["uid"]) for r in rows))


async def vector_lists(
    db: Database, *, user_id: str, tags: list[str], vector: list[float], k: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """Events, memories and passages carrying the tags, by cosine: three ``[{"uid", "score"}]`` lists."""
    rows = await db.read("vector_tagged", user_id=user_id, tags=tags, embedding=vector, k=k)
    by_kind: dict[str, list[dict[str, Any]]] = {"event": [], "memory": [], "chunk": []}
    for row in rows:
        by_kind[str(row["kind"])].append({"uid": row["uid"], "score": row["score"]})
    return by_kind["event"], by_kind["memory"], by_kind["chunk"]
