"""Put tags on nodes: a source's own tags, a person's tags, and automatic topic tags (:mod:`.keywords`).

Automatic tags:

- a document gets its ``auto_tags_per_document`` best keywords at indexing, and each of its passages the ones of
  those keywords its text contains;
- the daily learning job reads the memories and current events not tagged yet (``auto_tagged_at`` unset), takes
  each one's keywords, and tags an item with a keyword when at least ``auto_tag_min_items`` of the items read share
  it or the user already has a tag of that name (a light clustering by shared keyword, so one-off words do not
  become tags); every item read is marked, so a second run of the day reads nothing again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from graphsvc import keys
from graphsvc.graph import tags as stored_tags
from graphsvc.graph.database import Queries
from graphsvc.graph.tags import TagLink
from graphsvc.pipeline.tags.keywords import keywords
from graphsvc.vocabulary import TagOrigin

DAILY_ITEMS = 2_000
KEYWORDS_PER_ITEM = 3


def normalise(name: str) -> str:
    """A tag's key: NFKC, case-folded, punctuation and spaces folded (``Running  Shoes`` = ``running shoes``)."""
    return " ".join(keys.normalise_text(name).split())


def tag_uid(user_id: str, name: str) -> str:
    """The uid of the user's tag ``name`` (as written): :func:`graphsvc.keys.tag_uid` of its :func:`normalise`."""
    return keys.tag_uid(user_id, normalise(name))


async def tag(db: Queries, *, user_id: str, pairs: list[tuple[str, str]], origin: TagOrigin, now: datetime) -> int:
    """Tag nodes: ``pairs`` of (node uid, tag name); names whose key is empty are skipped. Returns edges made."""
    links = [
        TagLink(uid=uid, tag_uid=tag_uid(user_id, name), name=name.strip(), normalized=normalise(name))
        for uid, name in pairs
        if normalise(name)
    ]
    if not links:
        return 0
    return await stored_tags.link(db, user_id=user_id, links=links, origin=origin, now=now)


def passage_tags(document_tags: list[str], passage: str) -> list[str]:
    """The document's tags whose text occurs in the passage (case-folded)."""
    folded = passage.casefold()
    return [t for t in document_tags if t.casefold() in folded]


@dataclass(frozen=True)
class DailyTagging:
    """What a daily tagging pass did: items read, tag edges made."""

    items: int
    tagged: int


def choose(per_item: dict[str, list[str]], *, existing: set[str], min_items: int) -> list[tuple[str, str]]:
    """Which (item, keyword) pairs become tags: the keyword is shared by at least ``min_items`` items, or the
    user already has a tag of that name (pure)."""
    counts = Counter(k for words in per_item.values() for k in set(words))
    return [
        (uid, word)
        for uid, words in per_item.items()
        for word in words
        if counts[word] >= min_items or normalise(word) in existing
    ]


async def daily(db: Queries, *, user_id: str, min_items: int, now: datetime) -> DailyTagging:
    """Tag the user's untagged memories and current events by shared keywords, and mark them read. The names of
    the user's speakers are never a tag: tags are topics, not the people talking."""
    items = await stored_tags.untagged_items(db, user_id=user_id, limit=DAILY_ITEMS)
    if not items:
        return DailyTagging(0, 0)
    speakers = await stored_tags.speaker_names(db, user_id=user_id)  # people, not topics ("Ana", "River")
    per_item = {item.uid: keywords(item.text, top=KEYWORDS_PER_ITEM, exclude=speakers) for item in items}
    existing = await stored_tags.tag_keys(db, user_id=user_id)
    pairs = choose(per_item, existing=existing, min_items=min_items)
    tagged = await tag(db, user_id=user_id, pairs=pairs, origin="auto", now=now)
    await stored_tags.mark_auto_tagged(db, user_id=user_id, uids=list(per_item), now=now)
    return DailyTagging(len(per_item), tagged)
