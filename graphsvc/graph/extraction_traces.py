"""Extraction traces (``ExtractionTrace`` nodes): what one extraction job decided about each message it read.

Statements: ``cypher/queries/extraction_traces.cypher``. One node per message of a job, tied to its message by
``TRACE_OF``; its decisions are one JSON list (``decisions``), one object per judged piece (rules) or per memory
the LLM took from the message. A trace goes with its message and with a forgotten memory it names
(:func:`delete_of_events`, :func:`delete_of_memories`, called by the retraction engine), with its user
(``eraseUser``, from the catalog), and after ``EXTRACTION_TRACE_RETENTION_DAYS`` (:func:`prune`, called by the
daily learning).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, cast

from graphsvc.graph.database import Queries, native
from graphsvc.vocabulary import Extractor, TraceOutcome

PRUNE_BATCH = 5_000
"""Traces one pruning statement deletes at most (the daily learning repeats it until none is left)."""


@dataclass(frozen=True)
class TraceDecision:
    """The decision about one judged piece of a message.

    Attributes:
        outcome: see :data:`graphsvc.vocabulary.TraceOutcome`.
        sentence: the sentence as said (None on the LLM path: the LLM reads whole messages).
        piece: the piece judged (after trims, a split, a restored subject); on the LLM path the memory's text.
        rule_id: the rule that decided (the keep or refuse rule); None when no rule fired or the LLM decided.
        shaped_by: the rules that shaped the piece before the decision (trims, split, subject).
        memory_uid: the memory it became (``created``), reinforced (``reinforced``) or was folded into
            (``merged``); None otherwise.
        candidate_uid: the candidate it became (``candidate``).
        superseded_uids: the memories the new memory superseded (a newer value of the same slot).
        superseded_by: the memory that already supersedes the new one (an old conversation read late), or None.
    """

    outcome: TraceOutcome
    piece: str
    sentence: str | None = None
    rule_id: str | None = None
    shaped_by: tuple[str, ...] = ()
    memory_uid: str | None = None
    candidate_uid: str | None = None
    superseded_uids: tuple[str, ...] = ()
    superseded_by: str | None = None


@dataclass(frozen=True)
class MessageTraceRecord:
    """One message's trace as the extraction job writes it.

    Attributes:
        uid: the trace's uid (random).
        event_uid: the message's event.
        message_id: the message id the caller knows (the event's ``source_id``).
        source: said by a person; False for an assistant's or system's turn (never a source, no decisions).
        refused_by: the ``message`` refusal that dropped the whole message (a prompt injection), or None.
    """

    uid: str
    event_uid: str
    session_id: str
    message_id: str
    role: str
    occurred_at: datetime
    source: bool
    decisions: tuple[TraceDecision, ...] = ()
    refused_by: str | None = None


@dataclass(frozen=True)
class TraceOrigin:
    """Who decided, for every trace of one job: the rulebook or the LLM (its provider preset and model)."""

    job_uid: str
    extractor: Extractor
    llm_provider: str | None = None
    llm_model: str | None = None
    fallback_reason: str | None = None


@dataclass(frozen=True)
class ExtractionTraceView:
    """A stored trace as callers read it (the fields of :class:`MessageTraceRecord` and :class:`TraceOrigin`,
    ``created_at`` when the job recorded it)."""

    uid: str
    session_id: str
    message_id: str
    role: str
    occurred_at: datetime | None
    source: bool
    refused_by: str | None
    job_uid: str
    extractor: Extractor
    llm_provider: str | None
    llm_model: str | None
    fallback_reason: str | None
    created_at: datetime
    decisions: list[TraceDecision] = field(default_factory=list)


def _decision_row(d: TraceDecision) -> dict[str, Any]:
    row = asdict(d)
    row["shaped_by"] = list(d.shaped_by)
    row["superseded_uids"] = list(d.superseded_uids)
    return row


def _decision(row: dict[str, Any]) -> TraceDecision:
    return TraceDecision(
        outcome=cast(TraceOutcome, row["outcome"]),
        piece=str(row.get("piece") or ""),
        sentence=row.get("sentence"),
        rule_id=row.get("rule_id"),
        shaped_by=tuple(row.get("shaped_by") or ()),
        memory_uid=row.get("memory_uid"),
        candidate_uid=row.get("candidate_uid"),
        superseded_uids=tuple(row.get("superseded_uids") or ()),
        superseded_by=row.get("superseded_by"),
    )


async def write(
    db: Queries, *, user_id: str, origin: TraceOrigin, traces: Sequence[MessageTraceRecord], now: datetime
) -> int:
    """Write one job's traces (inside the job's transaction); a trace whose message is gone is skipped.

    Returns:
        how many traces were written (or found written by an earlier try of the same transaction).
    """
    if not traces:
        return 0
    rows = [
        {
            "uid": t.uid,
            "event_uid": t.event_uid,
            "session_id": t.session_id,
            "message_id": t.message_id,
            "role": t.role,
            "occurred_at": t.occurred_at,
            "source": t.source,
            "refused_by": t.refused_by,
            "decisions": json.dumps([_decision_row(d) for d in t.decisions], ensure_ascii=False),
        }
        for t in traces
    ]
    out = await db.write(
        "write_extraction_traces",
        user_id=user_id,
        job_uid=origin.job_uid,
        extractor=origin.extractor,
        llm_provider=origin.llm_provider,
        llm_model=origin.llm_model,
        fallback_reason=origin.fallback_reason,
        traces=rows,
        now=now,
    )
    return int(out[0]["written"]) if out else 0


async def of_session(
    db: Queries, *, user_id: str, session_id: str, message_id: str | None, limit: int
) -> list[ExtractionTraceView]:
    """The user's traces of one session (of its message ``message_id`` when given), in message order; empty when
    there is none (never extracted, pruned, or forgotten)."""
    rows = await db.read(
        "extraction_traces", user_id=user_id, session_id=session_id, message_id=message_id, limit=limit
    )
    out = []
    for row in rows:
        x = row["trace"]
        out.append(
            ExtractionTraceView(
                uid=str(x["uid"]),
                session_id=str(x["session_id"]),
                message_id=str(x["message_id"]),
                role=str(x.get("role") or ""),
                occurred_at=native(x.get("occurred_at")),
                source=bool(x.get("source", True)),
                refused_by=x.get("refused_by"),
                job_uid=str(x["job_uid"]),
                extractor=cast(Extractor, x["extractor"]),
                llm_provider=x.get("llm_provider"),
                llm_model=x.get("llm_model"),
                fallback_reason=x.get("fallback_reason"),
                created_at=native(x["created_at"]),
                decisions=[_decision(d) for d in json.loads(x["decisions"] or "[]")],
            )
        )
    return out


async def delete_of_events(db: Queries, *, user_id: str, event_uids: Sequence[str]) -> int:
    """Delete the traces of these messages (deleted or forgotten: a trace quotes what was said); returns how many."""
    if not event_uids:
        return 0
    rows = await db.write("delete_extraction_traces_of_events", user_id=user_id, event_uids=list(event_uids))
    return int(rows[0]["deleted"]) if rows else 0


async def delete_of_memories(db: Queries, *, user_id: str, memory_uids: Sequence[str]) -> int:
    """Delete the traces whose decisions name one of these memories (forgotten: an LLM's trace quotes a memory's
    text); returns how many."""
    if not memory_uids:
        return 0
    rows = await db.write("delete_extraction_traces_of_memories", user_id=user_id, memory_uids=list(memory_uids))
    return int(rows[0]["deleted"]) if rows else 0


async def prune(db: Queries, *, user_id: str, before: datetime) -> int:
    """Delete the user's traces recorded before ``before`` (``EXTRACTION_TRACE_RETENTION_DAYS`` ago), in batches of
    :data:`PRUNE_BATCH`; returns how many."""
    total = 0
    while True:
        rows = await db.write("prune_extraction_traces", user_id=user_id, before=before, batch=PRUNE_BATCH)
        deleted = int(rows[0]["deleted"]) if rows else 0
        total += deleted
        if deleted < PRUNE_BATCH:
            return total
