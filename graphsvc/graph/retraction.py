"""What a retraction writes: the deletions and re-evaluations of one forget, step by step.

Statements: ``cypher/queries/retraction.cypher``. Each function is one statement; the retraction engine
(:mod:`graphsvc.pipeline.retraction.engine`) runs them all inside ONE write transaction, passing its
:class:`~graphsvc.graph.database.NamedTx` as ``db``. ``actor`` and ``now`` are recorded on the history entries a
step writes (they hold no content).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime

from graphsvc.graph.database import Queries
from graphsvc.vocabulary import TraitStage


@dataclass(frozen=True)
class ObservationEvidenceGone:
    """Impression and feature evidence from doomed events, deleted: how much, and what it supported."""

    evidence: int
    impressions: list[str]
    features: list[str]


@dataclass(frozen=True)
class FeaturesRetracted:
    """Features that lost evidence: ``deleted`` (none left), ``changed`` (fell back to an older value)."""

    deleted: list[str]
    changed: int


@dataclass(frozen=True)
class TraitRescore:
    """A trait's state recomputed from the evidence left (seed 002 §5), to store with a content-free history.

    Attributes:
        describe: the new state in words (``stage …, confidence …``), the history entry's new value.
        reason: why it was recomputed (the history entry's reason).
    """

    uid: str
    confidence: float | None
    stage: TraitStage | None
    reinforcement_count: int
    contradiction_count: int
    describe: str
    reason: str


@dataclass(frozen=True)
class LostSources:
    """A memory that keeps some source messages: ``lost`` of its ``sources`` go."""

    uid: str
    lost: int
    sources: int


@dataclass(frozen=True)
class EventVector:
    """A surviving message's new vector (``(d,)`` floats, L2-normalised)."""

    uid: str
    embedding: list[float]


@dataclass(frozen=True)
class DocumentsGone:
    """What deleting documents removed: the documents (their uids), their chunks, their earlier versions and their
    document entities."""

    uids: list[str]
    chunks: int
    versions: int
    entities: int = 0


@dataclass(frozen=True)
class SessionSummaries:
    """A conversation's summaries written again from the messages left (``[]``: nothing left to summarise)."""

    session_uid: str
    summaries: list[str]


@dataclass(frozen=True)
class Tombstone:
    """A deleted node as its history entry names it: uid, kind (``vocabulary.RetractedKind``), event."""

    uid: str
    kind: str
    event: str


async def delete_observation_evidence(
    db: Queries, *, user_id: str, event_uids: Sequence[str]
) -> ObservationEvidenceGone:
    """Delete the impression and feature evidence observed in the doomed events."""
    rows = await db.write("retract_observation_evidence", user_id=user_id, event_uids=list(event_uids))
    row = rows[0]
    return ObservationEvidenceGone(
        evidence=int(row["evidence"]),
        impressions=[str(u) for u in row["impressions"]],
        features=[str(u) for u in row["features"]],
    )


async def delete_orphan_impressions(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[str]:
    """Delete those of the impressions left without evidence, with their history; returns their uids."""
    rows = await db.write("retract_orphan_impressions", user_id=user_id, uids=list(uids))
    return [str(u) for u in rows[0]["uids"]] if rows else []


async def retract_features(
    db: Queries, *, user_id: str, uids: Sequence[str], now: datetime, actor: str
) -> FeaturesRetracted:
    """Features that lost evidence take the value of their newest evidence left (with a history entry), or
    are deleted with their history when none is left."""
    rows = await db.write("retract_features", user_id=user_id, uids=list(uids), now=now, actor=actor)
    row = rows[0]
    return FeaturesRetracted(
        deleted=[str(uid) for batch in row["deleted"] for uid in batch], changed=int(row["changed"] or 0)
    )


async def retract_relations(db: Queries, *, user_id: str, event_uids: Sequence[str]) -> int:
    """Relations lose the doomed events from their provenance; returns how many were left with none and went."""
    rows = await db.write("retract_relations", user_id=user_id, event_uids=list(event_uids))
    return int(rows[0]["deleted"] or 0) if rows else 0


async def delete_pending_observations(db: Queries, *, user_id: str, event_uids: Sequence[str]) -> list[str]:
    """Delete the pending observations of the doomed events (they hold its text); returns their uids."""
    rows = await db.write("retract_pending_observations", user_id=user_id, event_uids=list(event_uids))
    return [str(u) for u in rows[0]["uids"]] if rows else []


async def delete_trait_evidence(db: Queries, *, user_id: str, memory_uids: Sequence[str]) -> int:
    """Delete the trait evidence citing any of the memories; returns how many pieces went."""
    rows = await db.write("retract_trait_evidence", user_id=user_id, memory_uids=list(memory_uids))
    return int(rows[0]["evidence"]) if rows else 0


async def delete_dangling_trait_evidence(db: Queries, *, user_id: str, trait_uids: Sequence[str]) -> int:
    """Delete the evidence of these traits whose cited memory no longer exists; returns how many went."""
    rows = await db.write("retract_dangling_trait_evidence", user_id=user_id, trait_uids=list(trait_uids))
    return int(rows[0]["evidence"] or 0) if rows else 0


async def delete_traits(db: Queries, *, user_id: str, uids: Sequence[str]) -> int:
    """Delete the traits with their evidence, history and lineage edges; returns how many went."""
    rows = await db.write("retract_delete_traits", user_id=user_id, uids=list(uids))
    return int(rows[0]["traits"]) if rows else 0


async def update_traits(db: Queries, *, user_id: str, traits: Sequence[TraitRescore], now: datetime, actor: str) -> int:
    """Store re-scored traits, each with a ``rescored`` (or ``dissolved``) history entry without content."""
    rows = await db.write(
        "retract_update_traits", user_id=user_id, rows=[asdict(t) for t in traits], now=now, actor=actor
    )
    return int(rows[0]["traits"]) if rows else 0


async def delete_memories(db: Queries, *, user_id: str, uids: Sequence[str]) -> int:
    """Delete the memories with their history; returns how many went."""
    rows = await db.write("retract_delete_memories", user_id=user_id, memory_uids=list(uids))
    return int(rows[0]["memories"]) if rows else 0


async def forget_memory(db: Queries, *, user_id: str, uid: str, now: datetime) -> bool:
    """Make the memory a tombstone (status forgotten; no text, vector, slot, keys, provenance or earlier
    history; an impression repeating it marked stale), if it is still live: the statement matches only a memory
    not forgotten, so the database decides. False when the user has no such memory, or when it is forgotten
    already (a concurrent forget committed first: one tombstone and one history entry per memory)."""
    return bool(await db.write("retract_forget_memory", user_id=user_id, memory_uid=uid, now=now))


async def mark_partly_sourced(
    db: Queries, *, user_id: str, memories: Sequence[LostSources], now: datetime, actor: str
) -> int:
    """One reinforcement less per source message lost, and a history entry without content, for each memory."""
    rows = await db.write(
        "retract_partly_sourced", user_id=user_id, rows=[asdict(m) for m in memories], now=now, actor=actor
    )
    return int(rows[0]["memories"]) if rows else 0


async def scrub_history(db: Queries, *, user_id: str, uids: Sequence[str], now: datetime) -> int:
    """Blank the values of the history entries quoting any of the events or memories; returns how many."""
    rows = await db.write("retract_scrub_history", user_id=user_id, uids=list(uids), now=now)
    return int(rows[0]["scrubbed"]) if rows else 0


async def reembed_events(db: Queries, *, user_id: str, vectors: Sequence[EventVector]) -> int:
    """Store the new vectors of surviving messages; returns how many were written."""
    rows = await db.write("retract_reembed_events", user_id=user_id, rows=[asdict(v) for v in vectors])
    return int(rows[0]["events"]) if rows else 0


async def delete_events(db: Queries, *, user_id: str, uids: Sequence[str]) -> int:
    """Delete the events (messages) with their edges; returns how many went."""
    rows = await db.write("retract_delete_events", user_id=user_id, event_uids=list(uids))
    return int(rows[0]["events"]) if rows else 0


async def delete_orphan_aliases(db: Queries, *, user_id: str, uids: Sequence[str]) -> int:
    """Delete those of the names left without a source event (never an entity's subject); returns how many."""
    rows = await db.write("retract_orphan_aliases", user_id=user_id, uids=list(uids))
    return int(rows[0]["aliases"]) if rows else 0


async def delete_empty_entities(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[str]:
    """Delete those of the entities left with nothing, with their names and history; returns their uids."""
    rows = await db.write("retract_empty_entities", user_id=user_id, uids=list(uids))
    return [str(u) for u in rows[0]["uids"]] if rows else []


async def delete_sessions(
    db: Queries, *, user_id: str, session_uids: Sequence[str], forced: Sequence[str]
) -> list[str]:
    """Delete the ``forced`` sessions and those of ``session_uids`` left without events (their jobs stay);
    returns the uids deleted."""
    rows = await db.write(
        "retract_delete_sessions", user_id=user_id, session_uids=list(session_uids), forced=list(forced)
    )
    return [str(u) for u in rows[0]["uids"]] if rows else []


async def write_tombstones(
    db: Queries, *, user_id: str, tombstones: Sequence[Tombstone], reason: str | None, now: datetime, actor: str
) -> int:
    """One history entry per deleted node: its uid, kind, who, when and why; no content."""
    rows = await db.write(
        "retract_tombstones",
        user_id=user_id,
        rows=[asdict(t) for t in tombstones],
        reason=reason,
        now=now,
        actor=actor,
    )
    return int(rows[0]["tombstones"]) if rows else 0


async def retract_candidates(db: Queries, *, user_id: str, event_uids: Sequence[str]) -> int:
    """Candidates stated by the gone events (deleted or forgotten ones): those left with no other event are
    deleted, the others count their days and sources again from the events left; returns how many went."""
    rows = await db.write("retract_candidates", user_id=user_id, event_uids=list(event_uids))
    return int(rows[0]["deleted"] or 0) if rows else 0


async def delete_promoted_candidates(db: Queries, *, user_id: str, memory_uids: Sequence[str]) -> int:
    """Delete the candidates promoted to the (forgotten) memories: they hold the memory's text; returns how many."""
    rows = await db.write("retract_promoted_candidates", user_id=user_id, memory_uids=list(memory_uids))
    return int(rows[0]["deleted"] or 0) if rows else 0


async def redact_events(db: Queries, *, user_id: str, uids: Sequence[str], now: datetime) -> int:
    """Make the events tombstones: no text, title, metadata, hash or vector (``forgotten_at`` set), no tags, and
    no names, entities or candidates pointing at them; returns how many."""
    rows = await db.write("retract_redact_events", user_id=user_id, event_uids=list(uids), now=now)
    return int(rows[0]["events"]) if rows else 0


async def delete_documents(db: Queries, *, user_id: str, uids: Sequence[str]) -> DocumentsGone:
    """Delete the documents with their chunks, earlier versions and document entities."""
    rows = await db.write("retract_delete_documents", user_id=user_id, uids=list(uids))
    row = rows[0] if rows else {}
    return DocumentsGone(
        uids=[str(u) for u in row.get("uids") or []],
        chunks=int(row.get("chunks") or 0),
        versions=int(row.get("versions") or 0),
        entities=int(row.get("entities") or 0),
    )


async def delete_orphan_sources(db: Queries, *, user_id: str, uids: Sequence[str]) -> int:
    """Delete those of the source records left without any version; returns how many."""
    rows = await db.write("retract_orphan_sources", user_id=user_id, uids=list(uids))
    return int(rows[0]["sources"]) if rows else 0


async def delete_orphan_tags(db: Queries, *, user_id: str, uids: Sequence[str]) -> int:
    """Delete those of the tags left on nothing; returns how many."""
    rows = await db.write("retract_orphan_tags", user_id=user_id, uids=list(uids))
    return int(rows[0]["tags"]) if rows else 0


async def write_session_summaries(
    db: Queries, *, user_id: str, sessions: Sequence[SessionSummaries], now: datetime
) -> int:
    """Replace the summaries of conversations that had some; returns how many were written."""
    rows = await db.write("retract_session_summaries", user_id=user_id, rows=[asdict(s) for s in sessions], now=now)
    return int(rows[0]["sessions"]) if rows else 0
