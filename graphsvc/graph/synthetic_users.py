"""Synthetic users for the benchmarks: conversation histories with the shape the pipelines give them, in bulk.

Statements: ``cypher/queries/synthetic_users.cypher``. ``scripts/bench/forget.py`` builds users of ~100k nodes
with these (sessions of messages with vectors, memories with provenance and history, entities with names and
impressions observed in the messages, traits with evidence citing memories) to time ``eraseUser`` and
``forgetSession``. Nothing in the service calls them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt
from neo4j.vector import Vector

from graphsvc import keys
from graphsvc.graph.database import Queries

Embedding = npt.NDArray[np.float32]
"""``(d,)`` float32, L2-normalised (sent packed, stored as a float list)."""


@dataclass(frozen=True)
class SyntheticMemory:
    """A memory extracted from one message, with its ``created`` history entry."""

    uid: str
    history_uid: str
    dedup_key: str
    content: str
    content_hash: str
    embedding: Embedding


@dataclass(frozen=True)
class SyntheticMessage:
    """One user message (``seq``: its position in the session), and the memory extracted from it, if any."""

    uid: str
    source_id: str
    content: str
    content_hash: str
    at: datetime
    seq: int
    embedding: Embedding
    memory: SyntheticMemory | None = None


@dataclass(frozen=True)
class SyntheticSession:
    """One ended conversation."""

    uid: str
    session_id: str
    at: datetime
    messages: tuple[SyntheticMessage, ...]


@dataclass(frozen=True)
class SyntheticImpression:
    """An impression of an entity, with one piece of evidence from the message ``event_uid``."""

    uid: str
    evidence_uid: str
    content: str
    event_uid: str


@dataclass(frozen=True)
class SyntheticEntity:
    """A person observed in the messages ``event_uids``, with one name (its subject) and impressions."""

    uid: str
    subject: str
    subject_key: str
    normalized: str
    alias_uid: str
    event_uids: tuple[str, ...]
    impressions: tuple[SyntheticImpression, ...]


@dataclass(frozen=True)
class SyntheticEvidence:
    """Supporting evidence of a trait citing the memory ``memory_uid``, from the reflection cycle ``cycle_id``."""

    uid: str
    memory_uid: str
    cycle_id: str
    at: datetime


@dataclass(frozen=True)
class SyntheticTrait:
    """An established behavior trait made by the cycle ``cycle_id``, with its evidence."""

    uid: str
    content: str
    cycle_id: str
    evidence: tuple[SyntheticEvidence, ...]


def _common(user_id: str, now: datetime) -> dict[str, Any]:
    return {"user_id": user_id, "tenant_key": keys.tenant_key(user_id), "now": now}


def _memory(m: SyntheticMemory | None) -> dict[str, Any] | None:
    if m is None:
        return None
    return {
        "uid": m.uid,
        "history_uid": m.history_uid,
        "dedup_key": m.dedup_key,
        "content": m.content,
        "content_hash": m.content_hash,
        "embedding": Vector(m.embedding),
    }


async def write_sessions(
    db: Queries, *, user_id: str, speaker: str, now: datetime, sessions: Sequence[SyntheticSession]
) -> int:
    """Write the sessions with their messages and memories; returns how many messages were written."""
    rows = [
        {
            "uid": s.uid,
            "session_id": s.session_id,
            "at": s.at,
            "events": [
                {
                    "uid": e.uid,
                    "source_id": e.source_id,
                    "content": e.content,
                    "content_hash": e.content_hash,
                    "at": e.at,
                    "seq": e.seq,
                    "embedding": Vector(e.embedding),
                    "memory": _memory(e.memory),
                }
                for e in s.messages
            ],
        }
        for s in sessions
    ]
    written = await db.write("bench_sessions", sessions=rows, speaker=speaker, **_common(user_id, now))
    return int(written[0]["events"]) if written else 0


async def write_entities(db: Queries, *, user_id: str, now: datetime, entities: Sequence[SyntheticEntity]) -> int:
    """Write the entities with their names, impressions and evidence; returns how many entities were written."""
    rows = [
        {
            "uid": n.uid,
            "subject": n.subject,
            "subject_key": n.subject_key,
            "normalized": n.normalized,
            "alias_uid": n.alias_uid,
            "event_uids": list(n.event_uids),
            "impressions": [
                {"uid": i.uid, "evidence_uid": i.evidence_uid, "content": i.content, "event_uid": i.event_uid}
                for i in n.impressions
            ],
        }
        for n in entities
    ]
    written = await db.write("bench_entities", entities=rows, **_common(user_id, now))
    return int(written[0]["entities"]) if written else 0


async def write_traits(db: Queries, *, user_id: str, now: datetime, traits: Sequence[SyntheticTrait]) -> int:
    """Write the traits with their evidence; returns how many pieces of evidence were written."""
    rows = [
        {
            "uid": t.uid,
            "content": t.content,
            "cycle_id": t.cycle_id,
            "memories": [
                {"uid": e.uid, "memory_uid": e.memory_uid, "cycle_id": e.cycle_id, "at": e.at} for e in t.evidence
            ],
        }
        for t in traits
    ]
    written = await db.write("bench_traits", traits=rows, **_common(user_id, now))
    return int(written[0]["evidence"]) if written else 0


async def count_nodes(db: Queries, *, user_id: str) -> int:
    """Every node of the user, whatever its label (a scan of the whole graph: benchmarks only)."""
    rows = await db.read("bench_user_nodes", user_id=user_id)
    return int(rows[0]["nodes"]) if rows else 0


async def write_finished_work(db: Queries, *, user_id: str, now: datetime, jobs: int, sessions: int) -> int:
    """Write ``jobs`` finished (SUCCEEDED) jobs and ``sessions`` ended sessions without messages for the user: the
    history months of use leave behind. Returns how many nodes were written; the user's erasure removes them."""
    written = await db.write("bench_finished_work", jobs=jobs, sessions=sessions, **_common(user_id, now))
    return int(written[0]["jobs"]) + int(written[0]["sessions"]) if written else 0
