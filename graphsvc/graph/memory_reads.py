"""Read a user's memories: page by page (the ``memories`` query), one by id, and a memory's history.

Statements: ``memories_page``, ``memory_with_sources`` and ``memory_history_entries`` in
``cypher/queries/memories.cypher``.

Pages are newest first with keyset pagination: the opaque cursor encodes the last memory's
``created_at`` and ``uid``, so a page never skips or repeats a memory while new ones arrive.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.errors import InvalidInputError
from graphsvc.graph import nodes
from graphsvc.graph.database import Queries
from graphsvc.vocabulary import MemoryStatus


@dataclass(frozen=True)
class MemoryView:
    """A stored memory as callers see it. Times are aware UTC datetimes.

    ``valid_from`` / ``valid_to``: when it held in the user's life (``valid_to`` None: still holds);
    ``created_at``: when graphsvc recorded it. ``superseded_by``: the memory that replaced it, if any.
    ``rule_id``: the offline rulebook's rule that kept it (None: an LLM or a person made it).
    """

    uid: str
    memory_type: str
    content: str
    confidence: float
    importance: float
    reinforcement_count: int
    created_at: datetime | None
    last_reinforced_at: datetime | None
    occurred_at: datetime | None
    source_message_ids: list[str]
    status: MemoryStatus = "active"
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    slot: str | None = None
    origin: str = "extraction"
    superseded_by: str | None = None
    slot_subject: str | None = None
    slot_key: str | None = None
    stated_at: datetime | None = None
    rule_id: str | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> MemoryView:
        memory = nodes.Memory.inflate(row["memory"])
        return cls(
            uid=memory.uid,
            memory_type=memory.memory_type,
            content=memory.content,
            confidence=memory.confidence,
            importance=memory.importance,
            reinforcement_count=memory.reinforcement_count or 0,
            created_at=memory.created_at,
            last_reinforced_at=memory.last_reinforced_at,
            occurred_at=memory.occurred_at,
            source_message_ids=list(row["source_ids"]),
            status=memory.status or "active",
            valid_from=memory.valid_from or memory.occurred_at or memory.created_at,
            valid_to=memory.valid_to,
            slot=memory.slot,
            origin=memory.origin or "extraction",
            superseded_by=row.get("superseded_by"),
            slot_subject=memory.slot_subject,
            slot_key=memory.slot_key,
            stated_at=memory.stated_at or memory.valid_from or memory.created_at,
            rule_id=memory.rule_id,
        )


@dataclass(frozen=True)
class HistoryView:
    """One audit entry: who (``actor``), when, what (``event``), old and new value, why (``reason``).

    Values are None where nothing was recorded, or where a retraction blanked them (``scrubbed_at``).
    """

    uid: str
    target_uid: str
    event: str
    actor: str
    created_at: datetime
    old_value: str | None
    new_value: str | None
    reason: str | None
    scrubbed_at: datetime | None

    @classmethod
    def from_node(cls, node: Any) -> HistoryView:
        h = nodes.HistoryEntry.inflate(node)
        return cls(
            uid=h.uid,
            target_uid=h.target_uid,
            event=h.event,
            actor=h.actor,
            created_at=h.created_at,
            old_value=h.old_value,
            new_value=h.new_value,
            reason=h.reason,
            scrubbed_at=h.scrubbed_at,
        )


@dataclass(frozen=True)
class MemoryPage:
    """One page; ``next_cursor`` is None on the last page."""

    items: list[MemoryView]
    next_cursor: str | None


def encode_cursor(view: MemoryView) -> str:
    raw = json.dumps([view.created_at.isoformat() if view.created_at else None, view.uid])
    return base64.urlsafe_b64encode(raw.encode()).decode()


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    """Raises InvalidInputError for a cursor this module did not produce."""
    try:
        at, uid = json.loads(base64.urlsafe_b64decode(cursor.encode()).decode())
        return datetime.fromisoformat(at), str(uid)
    except (binascii.Error, ValueError, TypeError, UnicodeDecodeError) as exc:
        raise InvalidInputError(field="after", problem="is not a cursor from a previous page") from exc


async def list_memories(
    db: Queries,
    *,
    user_id: str,
    memory_type: str | None,
    limit: int,
    after: str | None,
    statuses: Sequence[MemoryStatus] = ("active",),
    as_of: datetime | None = None,
) -> MemoryPage:
    """Up to ``limit`` memories of the user with one of ``statuses`` (optionally of one type), newest first.

    Args:
        as_of: only memories that held at that time (valid time: ``valid_from <= as_of < valid_to``).

    Raises:
        InvalidInputError: a malformed ``after`` cursor.
    """
    after_at, after_uid = decode_cursor(after) if after else (None, None)
    rows = await db.read(
        "memories_page",
        user_id=user_id,
        memory_type=memory_type,
        limit=limit + 1,
        after_at=after_at,
        after_uid=after_uid,
        statuses=list(statuses),
        as_of=as_of,
    )
    items = [MemoryView.from_row(r) for r in rows[:limit]]
    return MemoryPage(items=items, next_cursor=encode_cursor(items[-1]) if len(rows) > limit and items else None)


async def memory_by_uid(db: Queries, *, user_id: str, uid: str) -> MemoryView | None:
    """The user's memory ``uid`` in any status, or None."""
    rows = await db.read("memory_with_sources", user_id=user_id, uid=uid)
    return MemoryView.from_row(rows[0]) if rows else None


async def memory_history(db: Queries, *, user_id: str, uid: str) -> list[HistoryView]:
    """Every HistoryEntry about memory ``uid`` of the user and about the versions it replaced (corrected or
    superseded, and theirs in turn: its lineage), oldest first; ``target_uid`` says which version each is
    about. Empty for an unknown memory."""
    rows = await db.read("memory_history_entries", user_id=user_id, uid=uid)
    return [HistoryView.from_node(r["entry"]) for r in rows]
