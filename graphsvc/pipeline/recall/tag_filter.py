"""Recall's tag filter (issue 15): ``recall(..., tags: [...])`` keeps only hits carrying one of the tags.

A memory, an event or a passage qualifies when it carries one of the tags itself (``TAGGED``); a passage
also qualifies when its document does. Impressions and traits carry no tags, so a tag-filtered recall never
returns them. The vector list is an exact scan of the qualifying nodes
(:func:`graphsvc.graph.recall.nearest_tagged`: a filtered ANN search could miss them all); the full-text and
graph-expansion lists are the unfiltered ones with everything else removed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from graphsvc.errors import InvalidInputError
from graphsvc.graph import recall
from graphsvc.graph.database import Queries
from graphsvc.graph.recall import Scored
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

    def keep(self, candidates: list[Scored]) -> list[Scored]:
        """``candidates`` whose ``uid`` qualifies, order kept."""
        return [c for c in candidates if c.uid in self.uids]


async def tag_filter(db: Queries, *, user_id: str, tags: list[str]) -> TagFilter:
    """The user's nodes carrying any of ``tags`` (normalised keys) and the passages of tagged documents."""
    return TagFilter(await recall.tagged_uids(db, user_id=user_id, tags=tags, limit=MAX_TAGGED))
