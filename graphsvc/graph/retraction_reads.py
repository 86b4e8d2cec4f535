"""What a retraction reads: the messages a forget names, and what rests on them while they still exist.

Statements: ``cypher/queries/retraction_reads.cypher``. Every function takes a :class:`Queries`: the forget
operations look up what a request names in a transaction of its own (a :class:`Database`), the retraction
engine reads inside its one write transaction (a :class:`NamedTx`), before it deletes anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from graphsvc.graph import nodes
from graphsvc.graph.database import Queries, native
from graphsvc.vocabulary import EvidenceGrade, EvidenceKind, TraitStage, TraitSubtype


@dataclass(frozen=True)
class MessageRef:
    """A stored message a forget named: its event uid and the conversation (``session_id``) it belongs to."""

    uid: str
    session_id: str


@dataclass(frozen=True)
class SessionMessage:
    """One message of a conversation, as its vector was computed (speaker and text), with its role and time (its
    summary reads them); ``forgotten``: a tombstone without text (forgetMemory)."""

    uid: str
    session_id: str
    speaker: str | None
    content: str
    role: str = "user"
    occurred_at: datetime | None = None
    forgotten: bool = False


@dataclass(frozen=True)
class SourceVersions:
    """A source record (its ``Source`` uid) and the uids of its versions (events)."""

    source_uid: str
    event_uids: list[str]


@dataclass(frozen=True)
class DocumentRef:
    """A document of the user: its caller's id (``source_id``) and the ``DOCUMENT`` events linked to it."""

    uid: str
    source_id: str
    event_uids: list[str]


@dataclass(frozen=True)
class StatedEvent:
    """An event that stated a memory: its uid and its conversation (None for other sources)."""

    uid: str
    session_id: str | None


@dataclass(frozen=True)
class MemoryLineage:
    """A memory and the versions it corrected (``memory_uids``, the memory first), and the events that stated any
    of them (documents' events and events already forgotten left out)."""

    memory_uids: list[str]
    events: list[StatedEvent]


@dataclass(frozen=True)
class MemorySources:
    """A memory extracted from a doomed message.

    Attributes:
        origin: ``extraction`` (rests on its messages), or ``user`` / ``agent`` (rests on an assertion).
        status: its lifecycle status (``forgotten`` ones keep no provenance).
        sources: how many messages it was extracted from; ``doomed``: how many of those go.
    """

    uid: str
    origin: str
    status: str | None
    sources: int
    doomed: int


@dataclass(frozen=True)
class ReplayEvidence:
    """One piece of evidence of a trait, as the confidence replay reads it (seed 002 §5).

    ``memory_uid`` is None when the memory it cited no longer exists.
    """

    uid: str
    memory_uid: str | None
    kind: EvidenceKind
    grade: EvidenceGrade
    cycle_id: str | None
    created_at: datetime
    inherited_from: str | None
    resolved_at: datetime | None
    strong: bool


@dataclass(frozen=True)
class CitedTrait:
    """A trait with evidence citing a doomed memory: what replaying its confidence needs.

    Attributes:
        created_at: when it was made (a trait written without any timestamp counts as made at the read).
        evidence: ALL its evidence, the doomed included.
        resets: when its confidence was last set afresh (promotion, modification), UTC.
    """

    uid: str
    subtype: TraitSubtype
    stage: TraitStage
    confidence: float | None
    base_confidence: float | None
    created_at: datetime
    cycle_id: str | None
    last_reinforced: datetime | None
    decayed_at: datetime | None
    evidence: tuple[ReplayEvidence, ...]
    resets: tuple[datetime, ...]


async def events_by_message_ids(
    db: Queries, *, user_id: str, message_ids: Sequence[str], session_id: str | None
) -> list[MessageRef]:
    """The user's messages bearing these message ids (the caller's ``messageId`` or the derived ``msg-…``);
    with ``session_id`` only that session's, else those of every session (one per session and id)."""
    rows = await db.read(
        "retract_events_by_message_ids", user_id=user_id, message_ids=list(message_ids), session_id=session_id
    )
    return [MessageRef(uid=str(r["uid"]), session_id=str(r["session_id"])) for r in rows]


async def session_event_uids(db: Queries, *, user_id: str, session_uid: str) -> list[str] | None:
    """The event uids of one session of the user; None when the user has no such session."""
    rows = await db.read("retract_events_of_session", user_id=user_id, session_uid=session_uid)
    return [str(u) for u in rows[0]["uids"]] if rows else None


async def session_messages(db: Queries, *, user_id: str, session_ids: Sequence[str]) -> list[SessionMessage]:
    """Every message of the given sessions, in conversation order (session, time, position, uid)."""
    rows = await db.read("retract_session_events_ordered", user_id=user_id, session_ids=list(session_ids))
    return [
        SessionMessage(
            uid=str(r["uid"]),
            session_id=str(r["session_id"]),
            speaker=r["speaker"],
            content=str(r["content"] or ""),
            role=str(r["role"] or "user"),
            occurred_at=native(r["occurred_at"]),
            forgotten=bool(r["forgotten"]),
        )
        for r in rows
    ]


async def source_versions(db: Queries, *, user_id: str, source_uids: Sequence[str]) -> list[SourceVersions]:
    """The user's source records among ``source_uids`` with every version's event uid; unknown ones are left out."""
    rows = await db.read("retract_events_of_sources", user_id=user_id, source_uids=list(source_uids))
    return [SourceVersions(source_uid=str(r["source_uid"]), event_uids=[str(u) for u in r["event_uids"]]) for r in rows]


async def document_ref(db: Queries, *, user_id: str, uid: str) -> DocumentRef | None:
    """The user's document ``uid`` (its caller's id and linked events); None when the user has no such document."""
    rows = await db.read("retract_document_ref", user_id=user_id, uid=uid)
    if not rows:
        return None
    row = rows[0]
    return DocumentRef(
        uid=str(row["uid"]), source_id=str(row["source_id"]), event_uids=[str(u) for u in row["event_uids"]]
    )


async def memory_lineage(db: Queries, *, user_id: str, uid: str) -> MemoryLineage | None:
    """The memory ``uid``, the versions it corrected, and the events that stated them (see :class:`MemoryLineage`);
    None when the user has no such memory."""
    rows = await db.read("retract_memory_lineage", user_id=user_id, uid=uid)
    if not rows:
        return None
    row = rows[0]
    return MemoryLineage(
        memory_uids=[str(u) for u in row["memory_uids"]],
        events=[StatedEvent(uid=str(e["uid"]), session_id=e["session_id"]) for e in row["events"]],
    )


async def event_sessions(db: Queries, *, user_id: str, event_uids: Sequence[str]) -> list[str]:
    """The conversations (session ids) the given events belong to, each once (other sources have none)."""
    rows = await db.read("retract_event_sessions", user_id=user_id, event_uids=list(event_uids))
    return sorted(str(s) for s in rows[0]["session_ids"]) if rows else []


async def tags_of(
    db: Queries,
    *,
    user_id: str,
    memory_uids: Sequence[str] = (),
    event_uids: Sequence[str] = (),
    document_uids: Sequence[str] = (),
) -> list[str]:
    """The uids of the tags on the given memories, events and documents and on those documents' chunks."""
    rows = await db.read(
        "retract_tags_of",
        user_id=user_id,
        memory_uids=list(memory_uids),
        event_uids=list(event_uids),
        document_uids=list(document_uids),
    )
    return [str(u) for u in rows[0]["uids"]] if rows else []


async def memory_status(db: Queries, *, user_id: str, uid: str) -> str | None:
    """The lifecycle status of the user's memory ``uid``; None when the user has no such memory."""
    rows = await db.read("retract_memory_state", user_id=user_id, uid=uid)
    return str(rows[0]["status"]) if rows else None


async def memory_sources(db: Queries, *, user_id: str, event_uids: Sequence[str]) -> list[MemorySources]:
    """The memories extracted from any of the doomed events, with how many of their sources are doomed."""
    rows = await db.read("retract_memory_sources", user_id=user_id, event_uids=list(event_uids))
    return [
        MemorySources(
            uid=str(r["uid"]),
            origin=str(r["origin"]),
            status=r["status"],
            sources=int(r["sources"]),
            doomed=int(r["doomed"]),
        )
        for r in rows
    ]


async def traits_citing(db: Queries, *, user_id: str, memory_uids: Sequence[str], now: datetime) -> list[CitedTrait]:
    """The traits with evidence citing any of the memories, each with all its evidence and its resets.

    Args:
        now: stands in for the creation time of a trait stored without any timestamp.
    """
    rows = await db.read("retract_traits_citing", user_id=user_id, memory_uids=list(memory_uids))
    return [_cited_trait(r["trait"], r["evidence"], r["resets"], now=now) for r in rows]


def _cited_trait(node: Any, evidence: Sequence[Any], resets: Sequence[Any], *, now: datetime) -> CitedTrait:
    t = nodes.Trait.inflate(node)
    return CitedTrait(
        uid=t.uid,
        subtype=t.subtype,
        stage=t.stage,
        confidence=t.confidence,
        base_confidence=t.base_confidence,
        created_at=t.created_at or t.last_reinforced or t.first_observed or t.decayed_at or now,
        cycle_id=t.cycle_id,
        last_reinforced=t.last_reinforced,
        decayed_at=t.decayed_at,
        evidence=tuple(
            ReplayEvidence(
                uid=str(e["uid"]),
                memory_uid=e["memory_uid"],
                kind=cast(EvidenceKind, e["kind"]),
                grade=cast(EvidenceGrade, e["grade"]),
                cycle_id=e["cycle_id"],
                created_at=native(e["created_at"]),
                inherited_from=e["inherited_from"],
                resolved_at=native(e["resolved_at"]),
                strong=bool(e.get("strong")),
            )
            for e in evidence
            if e is not None
        ),
        resets=tuple(native(r) for r in resets if r is not None),
    )


async def memory_slot_keys(db: Queries, *, user_id: str, memory_uids: Sequence[str]) -> list[str]:
    """The slots (``slot_key``) the memories hold a value of, each once."""
    rows = await db.read("retract_memory_slots", user_id=user_id, memory_uids=list(memory_uids))
    return [str(k) for k in rows[0]["slot_keys"]] if rows else []


async def alias_candidates(db: Queries, *, user_id: str, event_uids: Sequence[str]) -> list[str]:
    """The names (alias uids) observed in any of the doomed events: they may rest on nothing once they go."""
    rows = await db.read("retract_alias_candidates", user_id=user_id, event_uids=list(event_uids))
    return [str(u) for u in rows[0]["uids"]] if rows else []


async def entity_candidates(db: Queries, *, user_id: str, event_uids: Sequence[str]) -> list[str]:
    """The entities observed in any of the doomed events: they may be left with nothing once they go."""
    rows = await db.read("retract_entity_candidates", user_id=user_id, event_uids=list(event_uids))
    return [str(u) for u in rows[0]["uids"]] if rows else []
