"""Pending observations (seed 000 §4): what the identity resolver or the validator left for a person to decide.

Statements: ``cypher/queries/pending_observations.cypher``. A pending observation's uid is derived from the
observation and its events (:func:`graphsvc.pipeline.impressions.apply.pending_uid`), so storing it twice
stores it once, and a re-run of the pipeline over the same messages finds it (:func:`stored_uids`) and leaves
the decision to the person. It is ``open`` until resolved as an entity (:func:`mark_resolved`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.graph import nodes
from graphsvc.graph.database import Queries
from graphsvc.graph.entities import EntityView
from graphsvc.graph.impressions import group_by_uid
from graphsvc.vocabulary import PendingReason, PendingStatus


@dataclass(frozen=True)
class PendingView:
    """A pending observation.

    Attributes:
        observation: the stored aggregated observation (a dict of
            :class:`graphsvc.pipeline.impressions.aggregate.AggregatedObservation`).
        events: message id → ``{"uid": event uid or None, "at": ISO time or None}`` of the messages it cites.
        resolved_entity_uid: the entity it was resolved as; None while open.
    """

    uid: str
    user_id: str
    subject: str
    reason: str
    detail: str | None
    status: str
    created_at: datetime | None
    resolved_at: datetime | None
    resolved_entity_uid: str | None
    observation: dict[str, Any]
    events: dict[str, dict[str, Any]]

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> PendingView:
        """From ``{pending: PendingObservation node, resolved_uid}``."""
        pending = nodes.PendingObservation.inflate(row["pending"])
        payload = json.loads(pending.payload)
        return cls(
            uid=pending.uid,
            user_id=pending.user_id,
            subject=pending.subject,
            reason=pending.reason,
            detail=pending.detail,
            status=pending.status,
            created_at=pending.created_at,
            resolved_at=pending.resolved_at,
            resolved_entity_uid=row.get("resolved_uid"),
            observation=dict(payload.get("observation") or {}),
            events=dict(payload.get("events") or {}),
        )


@dataclass(frozen=True)
class NewPending:
    """A pending observation to store.

    Attributes:
        uid: derived from the observation and its events (the same observation of the same events, same uid).
        payload: the JSON read back as :attr:`PendingView.observation` and :attr:`PendingView.events`.
        candidate_uids: the entities its names matched (``CANDIDATE`` edges; only this user's are linked).
        event_uids: the events it was observed in (``OBSERVED_IN`` edges; only this user's are linked).
    """

    uid: str
    subject: str
    reason: PendingReason
    detail: str
    payload: str
    candidate_uids: tuple[str, ...]
    event_uids: tuple[str, ...]


async def store_pending(db: Queries, *, user_id: str, now: datetime, pending: Sequence[NewPending]) -> int:
    """Store the pending observations not stored before (status ``open``, created ``now``).

    Returns:
        how many were new (0 when all were stored before, or ``pending`` is empty).
    """
    if not pending:
        return 0
    rows = [
        {
            "uid": p.uid,
            "subject": p.subject,
            "reason": p.reason,
            "detail": p.detail,
            "payload": p.payload,
            "candidate_uids": list(p.candidate_uids),
            "event_uids": list(p.event_uids),
        }
        for p in pending
    ]
    result = await db.write("store_pending_observations", user_id=user_id, now=now, rows=rows)
    return int(result[0]["stored"]) if result else 0


async def stored_uids(db: Queries, *, user_id: str, uids: Sequence[str]) -> set[str]:
    """Those of ``uids`` stored as pending observations of this user (open or resolved); empty when none is."""
    rows = await db.read("pending_by_uids", user_id=user_id, uids=list(uids))
    return {str(r["uid"]) for r in rows}


async def mark_resolved(db: Queries, *, user_id: str, uid: str, entity_uid: str, now: datetime, actor: str) -> bool:
    """Mark the open pending observation ``uid`` resolved as the user's entity ``entity_uid``
    (``RESOLVED_AS`` edge and a ``pending_resolved`` history entry recording ``actor``).

    Returns:
        False when nothing changed: no such open observation (resolved already) or no such entity.
    """
    rows = await db.write(
        "resolve_pending_observation",
        user_id=user_id,
        uid=uid,
        entity_uid=entity_uid,
        now=now,
        history_uid=keys.new_uid(),
        actor=actor,
    )
    return bool(rows)


async def list_pending(db: Queries, *, user_id: str, status: PendingStatus | None, limit: int) -> list[PendingView]:
    """At most ``limit`` of the user's pending observations, newest first (all statuses when ``status`` is
    None)."""
    rows = await db.read("pending_observations", user_id=user_id, status=status, limit=limit)
    return [PendingView.from_row(r) for r in rows]


async def get_pending(db: Queries, *, user_id: str, uid: str) -> PendingView | None:
    """The user's pending observation ``uid``, or None when the user has none of that uid."""
    rows = await db.read("pending_observation_by_uid", user_id=user_id, uid=uid)
    return PendingView.from_row(rows[0]) if rows else None


async def candidates_of(db: Queries, *, user_id: str, uids: Sequence[str]) -> list[list[EntityView]]:
    """For each pending observation uid, in order: the entities its names matched (ambiguous ones), by
    subject."""
    rows = await db.read("pending_candidates", user_id=user_id, uids=list(uids))
    return group_by_uid(rows, uids, lambda row: EntityView.from_node(row["entity"]))


async def delete_pending(db: Queries, *, user_id: str, limit: int) -> int:
    """Delete up to ``limit`` of the user's pending observations with their history entries (benchmark
    clean-up; call until it returns 0).

    Returns:
        the nodes deleted (observations and history entries).
    """
    rows = await db.write("delete_user_pending_observations", user_id=user_id, limit=limit)
    return int(rows[0]["deleted"])
