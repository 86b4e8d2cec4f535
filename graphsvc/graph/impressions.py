"""Impressions of entities: the batched reads behind the API's DataLoaders, their evidence, their embeddings.

Statements: ``cypher/queries/impressions.cypher``. The impression pipeline writes impressions without vectors
(:mod:`graphsvc.graph.entity_writes`); :func:`without_embedding` and :func:`set_embeddings` fill them in later
(see :mod:`graphsvc.pipeline.impressions.vectors`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from graphsvc.graph import nodes
from graphsvc.graph.database import Queries, native

T = TypeVar("T")


@dataclass(frozen=True)
class ImpressionView:
    """One impression of an entity (``created_at`` UTC; None on nodes written before it was kept)."""

    uid: str
    content: str
    confidence: float
    created_at: datetime | None

    @classmethod
    def from_node(cls, node: Any) -> ImpressionView:
        """From an ``Impression`` node as the driver returns it."""
        impression = nodes.Impression.inflate(node)
        return cls(
            uid=impression.uid,
            content=impression.content,
            confidence=impression.confidence,
            created_at=impression.created_at,
        )


@dataclass(frozen=True)
class EvidenceView:
    """One source event behind an impression: its ``Evidence`` node (grade) and the event it points to."""

    uid: str
    grade: str
    event_uid: str
    message_id: str | None
    session_id: str | None
    speaker: str | None
    content: str
    occurred_at: datetime | None


@dataclass(frozen=True)
class ImpressionText:
    """An impression still without an embedding: its uid and the text to embed."""

    uid: str
    content: str


@dataclass(frozen=True)
class ImpressionEmbedding:
    """The vector of one impression (``embedding``: the embedder's dimension, L2-normalised floats)."""

    uid: str
    embedding: Sequence[float]


def group_by_uid(rows: list[dict[str, Any]], uids: Sequence[str], make: Callable[[dict[str, Any]], T]) -> list[list[T]]:
    """Rows ``{uid, ...}`` → one list per uid of ``uids``, in that order (empty for a uid with no row)."""
    grouped: dict[str, list[T]] = defaultdict(list)
    for row in rows:
        grouped[row["uid"]].append(make(row))
    return [grouped.get(uid, []) for uid in uids]


async def impressions_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[ImpressionView]]:
    """For each entity uid, in order: its impressions, newest first (empty for another user's entity)."""
    rows = await db.read("entity_impressions", user_id=user_id, uids=list(uids))
    return group_by_uid(rows, uids, lambda row: ImpressionView.from_node(row["impression"]))


async def evidence_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[EvidenceView]]:
    """For each impression uid, in order: the source events behind it, oldest first."""
    rows = await db.read("impression_evidence", user_id=user_id, uids=list(uids))

    def make(row: dict[str, Any]) -> EvidenceView:
        evidence = nodes.Evidence.inflate(row["evidence"])
        return EvidenceView(
            uid=evidence.uid,
            grade=evidence.grade,
            event_uid=row["event_uid"],
            message_id=row["message_id"],
            session_id=row["session_id"],
            speaker=row["speaker"],
            content=row["content"] or "",
            occurred_at=native(row["occurred_at"]),
        )

    return group_by_uid(rows, uids, make)


async def without_embedding(db: Queries, *, user_id: str, limit: int) -> list[ImpressionText]:
    """At most ``limit`` of the user's impressions that have no ``embedding`` yet, by uid; empty when none."""
    rows = await db.read("impressions_without_embedding", user_id=user_id, limit=limit)
    return [ImpressionText(uid=str(r["uid"]), content=str(r["content"])) for r in rows]


async def set_embeddings(db: Queries, *, user_id: str, embeddings: Sequence[ImpressionEmbedding]) -> int:
    """Store the vectors of the user's impressions that still have none (one transaction per call).

    Returns:
        how many impressions took a vector (an impression embedded meanwhile, or another user's, is skipped).
    """
    rows = await db.write(
        "set_impression_embeddings",
        user_id=user_id,
        rows=[{"uid": e.uid, "embedding": list(e.embedding)} for e in embeddings],
    )
    return int(rows[0]["embedded"])
