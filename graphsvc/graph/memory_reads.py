"""Read a user's memories page by page (the ``memories`` query).

Pages are newest first with keyset pagination: the opaque cursor encodes the last memory's
``created_at`` and ``uid``, so a page never skips or repeats a memory while new ones arrive.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.errors import InvalidInputError
from graphsvc.graph import nodes
from graphsvc.graph.database import Database


@dataclass(frozen=True)
class MemoryView:
    """A stored memory as callers see it. Times are aware UTC datetimes."""

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
    db: Database, *, user_id: str, memory_type: str | None, limit: int, after: str | None
) -> MemoryPage:
    """Up to ``limit`` active memories of the user (optionally of one type), newest first.

    Raises:
        InvalidInputError: a malformed ``after`` cursor.
    """
    after_at, after_uid = decode_cursor(after) if after else (None, None)
    rows = await db.read(
        "list_memories",
        user_id=user_id,
        memory_type=memory_type,
        limit=limit + 1,
        after_at=after_at,
        after_uid=after_uid,
    )
    items = [MemoryView.from_row(r) for r in rows[:limit]]
    return MemoryPage(items=items, next_cursor=encode_cursor(items[-1]) if len(rows) > limit and items else None)
