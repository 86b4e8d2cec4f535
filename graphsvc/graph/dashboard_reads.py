"""Small read-only views a person's dashboard needs: source messages by id, a user's counts, the users.

Everything is scoped to one ``user_id`` (``list_users`` to the ids a caller may see). The named Cypher is
in ``cypher/queries/dashboard.cypher``.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.errors import InvalidInputError
from graphsvc.graph.database import Database, native
from graphsvc.graph.events import EventView

DERIVED_PREFIX = "msg-"


@dataclass(frozen=True)
class KeyCount:
    """How many nodes have one value of a field (a memory type, a trait stage, a job status)."""

    key: str
    count: int


@dataclass(frozen=True)
class UserCounts:
    """What one user's graph holds now, counted by label.

    Attributes:
        memories_by_type_status: (memory type, status, count) for every pair present.
        traits_by_stage: every stage present, dissolved included.
        jobs_by_status: every job status present.
        llm_calls, tokens_in, tokens_out: summed over the user's background jobs (0 on the offline path).
        first_message_at, last_message_at: the first session's start and the latest message (None: no session).
    """

    events: int
    sessions: int
    open_sessions: int
    first_message_at: datetime | None
    last_message_at: datetime | None
    memories_by_type_status: list[tuple[str, str, int]]
    entities: int
    aliases: int
    impressions: int
    features: int
    relations: int
    traits_by_stage: list[KeyCount]
    pending_observations_open: int
    jobs_by_status: list[KeyCount]
    llm_calls: int
    tokens_in: int
    tokens_out: int
    reflection_cycles: int
    last_reflection_at: datetime | None


@dataclass(frozen=True)
class UserSummary:
    """A user with conversations: how many sessions, and when the latest message was said."""

    user_id: str
    sessions: int
    last_message_at: datetime | None


@dataclass(frozen=True)
class UserPage:
    """One page of users by id; ``next_cursor`` is None on the last page."""

    items: list[UserSummary]
    next_cursor: str | None


def message_lookups(user_id: str, message_ids: Sequence[str]) -> list[dict[str, str | None]]:
    """The event-uid lookups for a caller's message ids (see ``messages_by_ids`` in the Cypher).

    A derived id ``msg-<20 hex>`` (a message delivered without an id) also matches events whose uid starts
    with those 20 characters.
    """
    lookups: list[dict[str, str | None]] = []
    for message_id in dict.fromkeys(message_ids):
        derived = message_id[len(DERIVED_PREFIX) :] if message_id.startswith(DERIVED_PREFIX) else ""
        prefix = derived if len(derived) == 20 and all(c in "0123456789abcdef" for c in derived) else None
        lookups.append({"prefix": prefix, "message_id": message_id})
    return lookups


async def messages_by_ids(
    db: Database, *, user_id: str, message_ids: Sequence[str], event_uids: Sequence[str]
) -> list[EventView]:
    """The user's messages named by message id or event uid, oldest first; unknown ids are left out."""
    rows = await db.read(
        "messages_by_ids",
        user_id=user_id,
        lookups=message_lookups(user_id, message_ids),
        event_uids=list(dict.fromkeys(event_uids)),
    )
    return [EventView.from_node(r["event"]) for r in rows]


def _key_counts(rows: list[dict[str, Any]]) -> list[KeyCount]:
    return sorted((KeyCount(key=str(r["key"]), count=int(r["count"])) for r in rows), key=lambda c: c.key)


async def user_counts(db: Database, *, user_id: str) -> UserCounts:
    """Counts of the user's graph (all zero for an unknown user)."""
    row = (await db.read("user_counts", user_id=user_id))[0]
    memories = sorted((str(m["memory_type"]), str(m["status"] or "active"), int(m["count"])) for m in row["memories"])
    return UserCounts(
        events=row["events"],
        sessions=row["sessions"],
        open_sessions=row["open_sessions"],
        first_message_at=native(row["first_message_at"]),
        last_message_at=native(row["last_message_at"]),
        memories_by_type_status=memories,
        entities=row["entities"],
        aliases=row["aliases"],
        impressions=row["impressions"],
        features=row["features"],
        relations=row["relations"],
        traits_by_stage=_key_counts(row["traits"]),
        pending_observations_open=row["pending_open"],
        jobs_by_status=_key_counts(row["jobs"]),
        llm_calls=int(row["llm_calls"] or 0),
        tokens_in=int(row["tokens_in"] or 0),
        tokens_out=int(row["tokens_out"] or 0),
        reflection_cycles=row["reflection_cycles"],
        last_reflection_at=native(row["last_reflection_at"]),
    )


def _encode_user_cursor(user_id: str) -> str:
    return base64.urlsafe_b64encode(user_id.encode()).decode()


def _decode_user_cursor(cursor: str) -> str:
    try:
        user_id = base64.b64decode(cursor.encode(), altchars=b"-_", validate=True).decode()
    except (binascii.Error, ValueError, UnicodeDecodeError) as exc:
        raise InvalidInputError(field="after", problem="is not a cursor from a previous page") from exc
    if not user_id:
        raise InvalidInputError(field="after", problem="is not a cursor from a previous page")
    return user_id


async def list_users(
    db: Database, *, only: Sequence[str] | None, prefix: str | None, limit: int, after: str | None
) -> UserPage:
    """A page of the users that have conversations, by user id.

    Args:
        only: the user ids the caller may see (None: any).
        prefix: keep the ids that start with it (None: all).

    Raises:
        InvalidInputError: a malformed ``after`` cursor.
    """
    rows = await db.read(
        "users_page",
        only=list(only) if only is not None else None,
        prefix=prefix,
        after_user=_decode_user_cursor(after) if after else None,
        limit=limit + 1,
    )
    items = [
        UserSummary(user_id=r["user_id"], sessions=r["sessions"], last_message_at=native(r["last_message_at"]))
        for r in rows[:limit]
    ]
    more = len(rows) > limit and bool(items)
    return UserPage(items=items, next_cursor=_encode_user_cursor(items[-1].user_id) if more else None)
