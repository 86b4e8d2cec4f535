"""Hand-made changes to the entity graph: the user's entity lock, and merging two entities.

Statements: ``cypher/queries/entity_curation.cypher``. Upserts, aliases and resolved pending observations go
through the applier's writes (:mod:`graphsvc.graph.entity_writes`) under the same lock.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from graphsvc import keys
from graphsvc.graph.database import Queries
from graphsvc.graph.identity import KnownEntityIdentity

_MERGE_STATEMENTS = ("merge_aliases", "merge_impressions", "merge_features", "merge_relations", "merge_provenance")


async def lock_user_entities(db: Queries, *, user_id: str, now: datetime) -> None:
    """Take the user's entity lock (an ``EntityLock`` node written first in the transaction ``db`` is).

    Curations, the identity pipeline and retractions of one user take turns here, so each one's checks see
    what the previous one committed; the lock is held until ``db``'s transaction ends.
    """
    await db.write("lock_user_entities", user_id=user_id, now=now)


async def owners_of(db: Queries, *, uids: Sequence[str]) -> dict[str, str]:
    """uid → owner (``user_id``) of each of ``uids`` that is an entity of ANY user (absent when none is).

    The one entity read across users: a merge of two users' entities is refused as such, not as "not found".
    """
    rows = await db.read("entity_owners", uids=list(uids))
    return {str(r["uid"]): str(r["user_id"]) for r in rows}


async def merge(
    db: Queries, *, user_id: str, keep_uid: str, dropped: KnownEntityIdentity, now: datetime, actor: str
) -> bool:
    """Merge the entity ``dropped`` into ``keep_uid`` by graph traversal, in ONE transaction (``db``'s, or
    its own when ``db`` is a ``Database``).

    Aliases, impressions (with their evidence), features, relations (both ways), OBSERVED_IN, MENTIONS and
    pending-observation links move to keep; duplicates (same alias, same impression text, same feature key:
    keep's value stays) are folded; dropped's history entries now record keep, and an ``entity_merged``
    entry (recording ``actor``) keeps what dropped was: its uid, subject and aliases, as JSON. Then dropped is
    deleted.

    Returns:
        False when nothing was merged: either is not an entity of this user, or they are the same entity.
    """
    common = {"user_id": user_id, "keep": keep_uid, "drop": dropped.entity_uuid, "now": now, "actor": actor}
    dropped_json = json.dumps(
        {"uid": dropped.entity_uuid, "subject": dropped.subject, "aliases": dropped.aliases}, ensure_ascii=False
    )
    steps: list[tuple[str, dict[str, object]]] = [(name, dict(common)) for name in _MERGE_STATEMENTS]
    steps.append(("merge_finish", {**common, "history_uid": keys.new_uid(), "dropped_json": dropped_json}))
    results = await db.write_many(steps)
    return bool(results[-1])
