"""What recall reads of its fused candidates before scoring them: one statement for every kind, by uid.

:func:`hits` takes the uids of each kind (any order; an unknown uid, one of another user, or one no longer in the
recall's scope is left out) and returns one row per node found, in no particular order. Times are aware UTC
datetimes (the statement sends them as epoch microseconds: :func:`graphsvc.graph.database.from_epoch_us`).

Statement: ``recall_hits`` in ``cypher/queries/recall_hits.cypher``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.graph.database import Queries, from_epoch_us
from graphsvc.graph.recall import Filters
from graphsvc.vocabulary import MemoryStatus, TraitStage


@dataclass(frozen=True)
class RecalledEvent:
    """An event: a message (``speaker``, ``role``) or another source's record (``source_type``, ``title``).

    ``source_ids``: its own source id; ``source_uids``: its own uid (what recall compares covered sources by).

    The belief it carries (issue 21): ``superseded``: the uids of the superseded memories extracted from it;
    ``held``: how many current (active or archived) memories still hold it, a correction of a memory extracted
    from it not counted (it took the message over from the memory it corrected); ``replaced_by``: the active
    memories at the end of the superseded ones' ``SUPERSEDED_BY`` chains.

    ``reaction_to``: for an assistant's turn that only reacts to the person's message before it (issue 33), that
    message's uid (the message is read too, candidate or not); None otherwise.
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
    superseded: tuple[str, ...] = ()
    held: int = 0
    replaced_by: tuple[str, ...] = ()
    reaction_to: str | None = None

    @property
    def states_only_superseded(self) -> bool:
        """It is the source of superseded memories and of none that still holds: what it says was replaced."""
        return bool(self.superseded) and self.held == 0


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
        stale: marked as repeating a superseded or forgotten memory.
        superseded: every message its evidence came from states only superseded memories.
        replaced_by: when stale or superseded, the active memories that replaced the superseded memories of the
            messages its evidence came from.
    """

    uid: str
    content: str
    entity: str | None
    confidence: float | None
    occurred_at: datetime | None
    source_ids: tuple[str, ...]
    source_uids: tuple[str, ...]
    first_said: datetime | None
    stale: bool = False
    superseded: bool = False
    replaced_by: tuple[str, ...] = ()


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
        document_event_uids: the uids of its document's ``DOCUMENT`` events (what anything derived from the
            document rests on).
    """

    uid: str
    content: str
    heading_path: tuple[str, ...]
    tokens: int | None
    document_uid: str
    title: str | None
    filename: str | None
    occurred_at: datetime | None
    document_event_uids: tuple[str, ...] = ()


def _strings(values: Sequence[object] | None) -> tuple[str, ...]:
    return tuple(str(v) for v in values or () if v is not None)


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


@dataclass(frozen=True)
class RecalledHits:
    """What :func:`hits` read, by kind. ``memories`` also holds the memories that replaced what the events'
    superseded memories said (:attr:`RecalledEvent.replaced_by`) and the superseded memories asked for
    (``memory_replacements``: superseded memory uid → the active memories at the end of its ``SUPERSEDED_BY``
    chains), whatever was asked."""

    events: list[RecalledEvent]
    memories: list[RecalledMemory]
    memory_replacements: dict[str, tuple[str, ...]]
    impressions: list[RecalledImpression]
    traits: list[RecalledTrait]
    passages: list[RecalledPassage]


async def hits(
    db: Queries,
    *,
    user_id: str,
    filters: Filters,
    events: Sequence[str] = (),
    memories: Sequence[str] = (),
    impressions: Sequence[str] = (),
    traits: Sequence[str] = (),
    passages: Sequence[str] = (),
) -> RecalledHits:
    """The user's nodes among the uids of each kind that are in ``filters``' scope, in one statement.

    In scope: events current (any version with ``filters.as_of``), memories of ``filters.statuses``, impressions
    not stale unless ``filters.with_stale``, traits at ``filters.stages`` now, passages (never sections).
    """
    row = (
        await db.read(
            "recall_hits",
            user_id=user_id,
            events=list(events),
            memories=list(memories),
            impressions=list(impressions),
            traits=list(traits),
            passages=list(passages),
            statuses=list(filters.statuses),
            as_of=filters.as_of,
            with_stale=filters.with_stale,
            stages=list(filters.stages),
        )
    )[0]
    return RecalledHits(
        events=[_event(r) for r in row["events"]],
        memories=[_memory(r) for r in row["memories"]],
        memory_replacements={str(r["uid"]): _strings(r["replaced_by"]) for r in row["memory_replacements"]},
        impressions=[_impression(r) for r in row["impressions"]],
        traits=[_trait(r) for r in row["traits"]],
        passages=[_passage(r) for r in row["passages"]],
    )


def _event(r: Mapping[str, Any]) -> RecalledEvent:
    return RecalledEvent(
        uid=str(r["uid"]),
        content=str(r["content"]),
        speaker=r["speaker"],
        role=r["role"],
        occurred_at=from_epoch_us(r["occurred_at"]),
        source_ids=_strings([r["source_id"]]),
        source_uids=(str(r["uid"]),),
        title=r["title"],
        source_type=r["source_type"],
        superseded=_strings(r["superseded"]),
        held=int(r["held"]),
        replaced_by=_strings(r["replaced_by"]),
        reaction_to=r["reaction_to"],
    )


def _memory(r: Mapping[str, Any]) -> RecalledMemory:
    return RecalledMemory(
        uid=str(r["uid"]),
        content=str(r["content"]),
        memory_type=r["memory_type"],
        occurred_at=from_epoch_us(r["occurred_at"]),
        importance=_number(r["importance"]),
        last_reinforced_at=from_epoch_us(r["last_reinforced_at"]),
        source_ids=_strings(r["source_ids"]),
        source_uids=_strings(r["source_uids"]),
        status=r["status"],
        valid_from=from_epoch_us(r["valid_from"]),
        valid_to=from_epoch_us(r["valid_to"]),
    )


def _impression(r: Mapping[str, Any]) -> RecalledImpression:
    return RecalledImpression(
        uid=str(r["uid"]),
        content=str(r["content"]),
        entity=r["entity"],
        confidence=_number(r["confidence"]),
        occurred_at=from_epoch_us(r["occurred_at"]),
        source_ids=_strings(r["source_ids"]),
        source_uids=_strings(r["source_uids"]),
        first_said=from_epoch_us(r["first_said"]),
        stale=bool(r["stale"]),
        superseded=bool(r["superseded"]),
        replaced_by=_strings(r["replaced_by"]),
    )


def _trait(r: Mapping[str, Any]) -> RecalledTrait:
    return RecalledTrait(
        uid=str(r["uid"]),
        content=str(r["content"]),
        stage=r["stage"],
        confidence=_number(r["confidence"]),
        occurred_at=from_epoch_us(r["occurred_at"]),
        last_reinforced_at=from_epoch_us(r["last_reinforced_at"]),
        source_ids=_strings(r["source_ids"]),
    )


def _passage(r: Mapping[str, Any]) -> RecalledPassage:
    return RecalledPassage(
        uid=str(r["uid"]),
        content=str(r["content"]),
        heading_path=_strings(r["heading_path"]),
        tokens=None if r["tokens"] is None else int(r["tokens"]),
        document_uid=str(r["document_uid"]),
        title=r["title"],
        filename=r["filename"],
        occurred_at=from_epoch_us(r["occurred_at"]),
        document_event_uids=_strings(r["document_event_uids"]),
    )
