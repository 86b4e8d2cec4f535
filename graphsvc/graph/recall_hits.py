"""What recall reads of its fused candidates before scoring them: one read per kind, by uid.

Each function takes the uids of one kind (any order; an unknown uid, or one of another user, is left out) and
returns one row per node found, in no particular order. Times are aware UTC datetimes.

Statements: ``cypher/queries/recall_hits.cypher``; ``hydrate_traits`` is in ``cypher/queries/traits.cypher``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.graph.database import Queries, native
from graphsvc.vocabulary import MemoryStatus, TraitStage


@dataclass(frozen=True)
class RecalledEvent:
    """An event: a message (``speaker``, ``role``) or another source's record (``source_type``, ``title``).

    ``source_ids``: its own source id; ``source_uids``: its own uid (what recall compares covered sources by).
    """

    uid: str
    content: str
    speaker: str | None
    role: str | None
    occurred_at: datetime | None
    source_ids: tuple[str, ...]
    source_uids: tuple[str, ...]
    title: str | None
    source_type: str | None


@dataclass(frozen=True)
class RecalledMemory:
    """A memory with the messages it was extracted from (``source_ids`` / ``source_uids``, oldest first).

    Attributes:
        occurred_at: when what it says happened (event memories), else when it was first said, else created.
        last_reinforced_at: the last message that said it, else its stored last reinforcement.
        valid_from, valid_to: its valid time (``valid_to`` None: still holds).
    """

    uid: str
    content: str
    memory_type: str | None
    occurred_at: datetime | None
    importance: float | None
    last_reinforced_at: datetime | None
    source_ids: tuple[str, ...]
    source_uids: tuple[str, ...]
    status: MemoryStatus | None
    valid_from: datetime | None
    valid_to: datetime | None


@dataclass(frozen=True)
class RecalledImpression:
    """An impression with the subject of its entity and the messages its evidence came from.

    Attributes:
        occurred_at: its newest evidence's message time, else its creation.
        first_said: its oldest evidence's message time, else its creation.
    """

    uid: str
    content: str
    entity: str | None
    confidence: float | None
    occurred_at: datetime | None
    source_ids: tuple[str, ...]
    source_uids: tuple[str, ...]
    first_said: datetime | None


@dataclass(frozen=True)
class RecalledTrait:
    """A trait as stored now, citing the messages of the memories its supporting evidence cites.

    Attributes:
        occurred_at: when it was first observed.
        last_reinforced_at: its last reinforcement, else its creation.
    """

    uid: str
    content: str
    stage: TraitStage
    confidence: float | None
    occurred_at: datetime | None
    last_reinforced_at: datetime | None
    source_ids: tuple[str, ...]


@dataclass(frozen=True)
class RecalledPassage:
    """A document passage with its document and the headings above it (outermost first).

    Attributes:
        occurred_at: its document's last change.
        tokens: its estimated size in tokens.
    """

    uid: str
    content: str
    heading_path: tuple[str, ...]
    tokens: int | None
    document_uid: str
    title: str | None
    filename: str | None
    occurred_at: datetime | None


def _strings(values: Sequence[object] | None) -> tuple[str, ...]:
    return tuple(str(v) for v in values or ())


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


async def events(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[RecalledEvent]:
    """The user's events among ``uids``."""
    rows = await db.read("hydrate_events", user_id=user_id, uids=list(uids))
    return [
        RecalledEvent(
            uid=str(r["uid"]),
            content=str(r["content"]),
            speaker=r["speaker"],
            role=r["role"],
            occurred_at=native(r["occurred_at"]),
            source_ids=_strings(r["source_ids"]),
            source_uids=_strings(r["source_uids"]),
            title=r["title"],
            source_type=r["source_type"],
        )
        for r in rows
    ]


async def memories(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[RecalledMemory]:
    """The user's memories among ``uids`` (any status: the caller's candidates are already in scope)."""
    rows = await db.read("hydrate_memories", user_id=user_id, uids=list(uids))
    return [
        RecalledMemory(
            uid=str(r["uid"]),
            content=str(r["content"]),
            memory_type=r["memory_type"],
            occurred_at=native(r["occurred_at"]),
            importance=_number(r["importance"]),
            last_reinforced_at=native(r["last_reinforced_at"]),
            source_ids=_strings(r["source_ids"]),
            source_uids=_strings(r["source_uids"]),
            status=r["status"],
            valid_from=native(r["valid_from"]),
            valid_to=native(r["valid_to"]),
        )
        for r in rows
    ]


async def impressions(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[RecalledImpression]:
    """The user's impressions among ``uids``."""
    rows = await db.read("hydrate_impressions", user_id=user_id, uids=list(uids))
    return [
        RecalledImpression(
            uid=str(r["uid"]),
            content=str(r["content"]),
            entity=r["entity"],
            confidence=_number(r["confidence"]),
            occurred_at=native(r["occurred_at"]),
            source_ids=_strings(r["source_ids"]),
            source_uids=_strings(r["source_uids"]),
            first_said=native(r["first_said"]),
        )
        for r in rows
    ]


async def traits(db: Queries, *, user_id: str, uids: Sequence[str], stages: Sequence[str]) -> list[RecalledTrait]:
    """The user's traits among ``uids`` whose stage now is one of ``stages``."""
    rows = await db.read("hydrate_traits", user_id=user_id, uids=list(uids), stages=list(stages))
    return [
        RecalledTrait(
            uid=str(r["uid"]),
            content=str(r["content"]),
            stage=r["stage"],
            confidence=_number(r["confidence"]),
            occurred_at=native(r["occurred_at"]),
            last_reinforced_at=native(r["last_reinforced_at"]),
            source_ids=_strings(r["source_ids"]),
        )
        for r in rows
    ]


async def passages(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[RecalledPassage]:
    """The user's document passages among ``uids``, each with its document."""
    rows = await db.read("hydrate_chunks", user_id=user_id, uids=list(uids))
    return [
        RecalledPassage(
            uid=str(r["uid"]),
            content=str(r["content"]),
            heading_path=_strings(r["heading_path"]),
            tokens=None if r["tokens"] is None else int(r["tokens"]),
            document_uid=str(r["document_uid"]),
            title=r["title"],
            filename=r["filename"],
            occurred_at=native(r["occurred_at"]),
        )
        for r in rows
    ]
