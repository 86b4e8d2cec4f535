"""The memories of a slot as its timeline sees them, and the changes that put a slot back in valid-time order.

Statements: ``slot_members`` and ``apply_slot_changes`` in ``cypher/queries/memories.cypher``. Both run with
``write`` (inside the caller's write transaction, so the memories it just wrote are visible). The ordering
itself is pure and lives in :mod:`graphsvc.pipeline.memories.supersession`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from graphsvc import keys
from graphsvc.clock import as_utc
from graphsvc.graph.database import Queries, native


@dataclass(frozen=True)
class SlotMember:
    """One memory of a slot as the timeline sees it (issue 12). Times are aware UTC datetimes.

    Attributes:
        slot: the slot's name (``lives_in``); the slot key groups the members, see :func:`members`.
        valid_from: when it began to hold (falls back to ``occurred_at``, then ``created_at``).
        stated_at: when it was first said (falls back to ``valid_from``, then ``created_at``).
        value: the slot's normalised value it states; None when unknown.
        status: ``active``, ``archived`` or ``superseded`` (by slot).
        superseded_by: the uid of the member it is superseded by (``SUPERSEDED_BY {reason: 'slot'}``), or None.
        valid_to: when it stopped holding; None while it holds.
    """

    uid: str
    content: str
    slot: str
    valid_from: datetime
    created_at: datetime
    value: str | None
    stated_at: datetime
    status: str
    superseded_by: str | None = None
    valid_to: datetime | None = None


@dataclass(frozen=True)
class SlotChange:
    """What one member of a slot becomes, with the ``HistoryEntry`` that records it.

    Attributes:
        status: the member's new status.
        valid_to: its new end of validity (None: it holds).
        successor: the uid of the member it is now superseded by (None when it is current).
        event: the history event (``superseded`` or ``reinstated``); ``old_value`` / ``new_value``: the texts.
        reason: why, in words; quotes: the uids the history entry quotes.
    """

    uid: str
    status: Literal["active", "superseded", "archived"]
    valid_to: datetime | None
    successor: str | None
    event: str
    old_value: str | None
    new_value: str
    reason: str
    quotes: tuple[str, ...]


async def members(db: Queries, *, user_id: str, slot_keys: Sequence[str]) -> dict[str, list[SlotMember]]:
    """The members of each slot: its active and archived memories and those superseded by slot.

    Forgotten memories and memories superseded by a correction are no members.

    Args:
        db: the caller's write transaction (read with ``write``: it sees the transaction's own writes).
        slot_keys: the slots to read.

    Returns:
        slot key → its members in no particular order; a slot with no member is absent.
    """
    rows = await db.write("slot_members", user_id=user_id, slot_keys=list(slot_keys))
    out: dict[str, list[SlotMember]] = {}
    for row in rows:
        out.setdefault(str(row["slot_key"]), []).append(_member(row))
    return out


def _member(row: dict[str, Any]) -> SlotMember:
    return SlotMember(
        uid=row["uid"],
        content=row["content"],
        slot=row["slot"],
        valid_from=native(row["valid_from"]),
        created_at=native(row["created_at"]),
        value=row["value"],
        stated_at=native(row["stated_at"]),
        status=row["status"],
        superseded_by=row["superseded_by"],
        valid_to=native(row["valid_to"]),
    )


async def apply_changes(db: Queries, *, user_id: str, changes: Sequence[SlotChange], now: datetime, actor: str) -> None:
    """Write each member's new status, ``valid_to`` and ``SUPERSEDED_BY {reason: 'slot'}`` edge, and a
    ``HistoryEntry`` (by ``actor``, at ``now``) per change.

    A memory leaving ``active`` retires its exact-duplicate key (``retired:<uid>``); one coming back takes its
    key again when no other memory holds it. The impressions repeating a superseded memory are marked stale.
    Nothing is written for an empty ``changes``.
    """
    if not changes:
        return
    rows = [
        {
            "uid": c.uid,
            "status": c.status,
            "valid_to": as_utc(c.valid_to),
            "successor": c.successor,
            "history_uid": keys.new_uid(),
            "event": c.event,
            "old_value": c.old_value,
            "new_value": c.new_value,
            "reason": c.reason,
            "quotes": list(c.quotes),
        }
        for c in changes
    ]
    await db.write("apply_slot_changes", user_id=user_id, now=now, actor=actor, changes=rows)
