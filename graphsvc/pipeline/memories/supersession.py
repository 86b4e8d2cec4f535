"""Supersession by slot, decided by valid time (issue 12).

The memories of one slot (same user, same subject, same slot: ``slot_key``) form a timeline in the order the
user said them (``stated_at``, the time of the first message that said it: conversation time, not arrival
order; ties by recorded time, then uid). Consecutive memories stating the same known value are one run. The
last run is current (``active``, no ``valid_to``); every memory of an earlier run is ``superseded`` with a
``SUPERSEDED_BY {reason: 'slot'}`` edge to the next run's first memory, and ``valid_to`` = when that one began
to hold (its ``valid_from``: "I moved to Porto on May 3" ends Lisbon on May 3), or when it was said if that
start is not after this one's (a relative date like "last week" is too coarse to end a value said later).
So importing an old conversation late puts its memory in the past, where it belongs, instead of over a newer
fact.

The timeline is recomputed from the graph whenever a slot changes (a new memory, a restore, a deletion), so
the answer depends only on what the slot holds. Members are the slot's active and archived memories and those
superseded by slot; forgotten and corrected (superseded by a correction) memories stay out. An archived
memory keeps its place: archiving (staleness) never brings an older value back, and an archived memory that a
newer value follows becomes superseded like any other. No LLM call.

A memory leaving ``active`` retires its exact-duplicate key (``dedup_key`` → ``retired:<uid>``, the old key
kept in ``retired_dedup_key``), so a later "I live in Lisbon again" is a new memory, not a reinforcement of
the superseded one; a memory reinstated takes its key back when no other memory holds it.

The ordering is pure (:func:`order_timeline`, :func:`slot_changes`); :func:`settle_slots` reads and writes the
slots through :mod:`graphsvc.graph.memory_slots`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from graphsvc.graph import memory_slots
from graphsvc.graph.database import NamedTx
from graphsvc.graph.memory_slots import SlotChange, SlotMember


@dataclass(frozen=True)
class TimelineChange:
    """What one member becomes. ``successor``: the member it is superseded by (None when active)."""

    uid: str
    status: Literal["active", "superseded", "archived"]
    valid_to: datetime | None
    successor: SlotMember | None
    was: SlotMember


def order_timeline(members: Sequence[SlotMember]) -> list[TimelineChange]:
    """The changes that put one slot's members in valid-time order (pure).

    Args:
        members: the slot's active and slot-superseded memories (any order).

    Returns:
        one change per member whose status, ``valid_to`` or successor differs from what it should be; empty
        when the slot is already in order.
    """
    ordered = sorted(members, key=lambda m: (m.stated_at, m.created_at, m.uid))
    runs: list[list[SlotMember]] = []
    for member in ordered:
        last = runs[-1][-1] if runs else None
        if last is not None and member.value is not None and member.value == last.value:
            runs[-1].append(member)
        else:
            runs.append([member])
    changes: list[TimelineChange] = []
    for i, run in enumerate(runs):
        successor = runs[i + 1][0] if i + 1 < len(runs) else None
        for member in run:
            status: Literal["active", "superseded", "archived"] = "superseded"
            if successor is None:
                status = "archived" if member.status == "archived" else "active"
            valid_to = _ends(member, successor) if successor is not None else None
            successor_uid = successor.uid if successor is not None else None
            if (member.status, member.valid_to, member.superseded_by) != (status, valid_to, successor_uid):
                changes.append(TimelineChange(member.uid, status, valid_to, successor, member))
    return changes


def _ends(member: SlotMember, successor: SlotMember) -> datetime:
    """When ``member`` stopped holding: its successor's start, or (that start not being after its own) when the
    successor was said."""
    if successor.valid_from > member.valid_from:
        return successor.valid_from
    return max(successor.stated_at, member.valid_from)


@dataclass
class SettleReport:
    """What settling some slots changed: uids superseded and reinstated, and ``successors``: each memory
    superseded (or given another successor) now → the memory that supersedes it."""

    superseded: list[str] = field(default_factory=list)
    reinstated: list[str] = field(default_factory=list)
    successors: dict[str, str] = field(default_factory=dict)


def slot_changes(changes: Sequence[TimelineChange]) -> list[SlotChange]:
    """The changes as written: new state plus what the HistoryEntry says (who replaced whom, from when). Pure."""
    out = []
    for c in changes:
        if c.status == "superseded" and c.successor is not None:
            event, old, new = "superseded", c.was.content, c.successor.content
            reason = f"slot {c.was.slot}: a newer value holds from {c.successor.valid_from.isoformat()}"
            quotes: tuple[str, ...] = (c.was.uid, c.successor.uid)
        else:
            event, old, new = "reinstated", None, c.was.content
            reason = f"slot {c.was.slot}: the current value again"
            quotes = (c.was.uid,)
        out.append(
            SlotChange(
                uid=c.uid,
                status=c.status,
                valid_to=c.valid_to,
                successor=c.successor.uid if c.successor is not None else None,
                event=event,
                old_value=old,
                new_value=new,
                reason=reason,
                quotes=quotes,
            )
        )
    return out


async def settle_slots(
    tx: NamedTx, *, user_id: str, slot_keys: Sequence[str], now: datetime, actor: str
) -> SettleReport:
    """Recompute the timeline of each slot inside an open write transaction and write the changes.

    Args:
        tx: the caller's transaction (the memories it just wrote are visible).
        slot_keys: the slots that may have changed (duplicates and None-free).

    Returns:
        the uids that became superseded and those that became active again.
    """
    report = SettleReport()
    keys_ = sorted(set(slot_keys))
    if not keys_:
        return report
    by_slot = await memory_slots.members(tx, user_id=user_id, slot_keys=keys_)
    changes = [c for members in by_slot.values() for c in order_timeline(members)]
    if not changes:
        return report
    await memory_slots.apply_changes(tx, user_id=user_id, changes=slot_changes(changes), now=now, actor=actor)
    for c in changes:
        if c.status == "superseded" and c.was.status != "superseded":
            report.superseded.append(c.uid)
        if c.status == "superseded" and c.successor is not None:
            report.successors[c.uid] = c.successor.uid
        elif c.status == "active" and c.was.status == "superseded":
            report.reinstated.append(c.uid)
    return report
