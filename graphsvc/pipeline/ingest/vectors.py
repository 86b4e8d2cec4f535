"""The vectors of ingested events, made after the ingest returned (the ``embed_events`` job).

``ingestMessages`` and ``ingestEvents`` store their rows and return without waiting for the embedder; each
queues the user's ``embed_events`` job in the same transaction. The job (durable, under the job lease, so it
runs once across processes and survives restarts) reads the user's due events ``READ_BATCH`` at a time,
embeds them in slices of ``SLICE`` texts as background work (queries go first: :mod:`graphsvc.embed.fair`),
and writes each batch's vectors in one transaction that first checks the job is still this process's
(:func:`graphsvc.graph.jobs.commit_with_job`). An extraction embeds its own session's due events the same way
before it reads them (:func:`embed_due` with ``session_id``).

What a vector embeds (as at ingest before): a message's ``speaker: text`` after the last
``event_context_chars`` characters of the message said just before it in its session
(:func:`graphsvc.pipeline.ingest.messages.in_context`); a record of another source ``title: content``. An
assistant's turn that only reacts to the person's message before it (:func:`reaction_to`) is marked with that
message's uid (``reaction_to``) in the same write: recall ranks it below that message (issue 33).

:func:`embed_messages_anew` gives every message of a user a new vector (after ``EVENT_CONTEXT_CHARS`` changed):
it marks them due again and queues the same job.

Slices of one or two texts keep recall's p95 intact while a large import is embedded; eight-text slices
pushed it to about 1.1 s on a two-core machine.
"""

from __future__ import annotations

import asyncio

from graphsvc.graph import event_vectors, jobs
from graphsvc.graph.database import NamedTx
from graphsvc.graph.event_vectors import DueEvent, EventVector
from graphsvc.graph.jobs import JobRow, commit_with_job
from graphsvc.pipeline.ingest.messages import embedding_text, in_context
from graphsvc.rulebook.reactions import reacts_only
from graphsvc.runtime import Runtime
from graphsvc.vocabulary import NON_SOURCE_ROLES

READ_BATCH = 32
"""Due events read, embedded and written per round (one write transaction each)."""
SLICE = 2
"""Texts per embedder call: the model is held for at most this many texts at a time."""


class NoProgressError(RuntimeError):
    """Due events were read and embedded twice in a row but none could be written (the job is retried)."""


def vector_text(event: DueEvent, *, context_chars: int) -> str:
    """The text embedded for a due event (pure; see the module docstring)."""
    if event.source_type == "conversation":
        previous = None
        if event.previous_content is not None:
            previous = embedding_text(event.previous_speaker, event.previous_content)
        return in_context(previous, embedding_text(event.speaker, event.content), chars=context_chars)
    if event.source_type != "document" and event.title:
        return f"{event.title}: {event.content}"
    return event.content


def reaction_to(event: DueEvent) -> str | None:
    """The uid of the person's message an assistant's turn only reacts to (the message before it in its session,
    :func:`graphsvc.rulebook.reactions.reacts_only`); None for any other event. Parses: call off the event loop."""
    if event.source_type != "conversation" or event.previous_uid is None or event.previous_content is None:
        return None
    if not _said_by_assistant(event.role) or _said_by_assistant(event.previous_role or "user"):
        return None
    answered = event.previous_content
    return event.previous_uid if reacts_only(event.content, answered, answered_speaker=event.previous_speaker) else None


def _reactions(due: list[DueEvent]) -> list[str | None]:
    return [reaction_to(e) for e in due]


def _said_by_assistant(role: str | None) -> bool:
    return role is not None and role.strip().lower() in NON_SOURCE_ROLES


async def embed_due(rt: Runtime, *, job: JobRow, session_id: str | None = None) -> int:
    """Embed the job's user's due events (or only those of ``session_id``) until none is left.

    Args:
        job: the claimed job this work runs under (its lease guards every write).
        session_id: only this conversation's events.

    Returns:
        how many events got their vector.

    Raises:
        LeaseLostError: the job was taken over; what was written before stays (it is idempotent).
        NoProgressError: two rounds in a row wrote nothing although events were due.
    """
    user_id, chars = job.user_id, rt.settings.embedding.event_context_chars
    embedded = idle_rounds = 0
    while True:
        due = await event_vectors.due_events(rt.db, user_id=user_id, limit=READ_BATCH, session_id=session_id)
        if not due:
            return embedded
        texts = [vector_text(e, context_chars=chars) for e in due]
        vectors: list[list[float]] = []
        for start in range(0, len(texts), SLICE):
            vectors += (await rt.embedder.embed_passages(texts[start : start + SLICE], background=True)).tolist()
        reactions = await asyncio.to_thread(_reactions, due)
        rows = [
            EventVector(e.uid, v, e.previous_uid, reaction)
            for e, v, reaction in zip(due, vectors, reactions, strict=True)
        ]
        stored = await _write(rt, job, rows)
        embedded += stored
        idle_rounds = 0 if stored else idle_rounds + 1
        if idle_rounds >= 2:
            raise NoProgressError(f"{len(due)} due events of {user_id} could not be given their vectors")


async def embed_messages_anew(rt: Runtime, *, user_id: str) -> tuple[int, str | None]:
    """Mark every current message of the user due for a new vector and queue the user's ``embed_events`` job,
    in one transaction; the job embeds them with the ``event_context_chars`` in force when it runs. Each message
    keeps its old vector (and is found by it) until its new one is written. A process's in-process vector
    copies (:mod:`graphsvc.graph.vector_cache`) see the new vectors when they are read again
    (``VECTOR_CACHE_TTL_S``).

    Returns:
        ``(messages marked, job id)``; ``(0, None)`` when the user has no message with a vector.
    """
    now = rt.clock()

    async def mark(tx: NamedTx) -> tuple[int, str | None]:
        marked = await event_vectors.mark_messages_due(tx, user_id=user_id, now=now)
        if not marked:
            return 0, None
        queued = await jobs.enqueue(tx, user_id=user_id, kind="embed_events", coalesce_on=user_id, now=now)
        return marked, None if queued is None else queued[0].uid

    result: tuple[int, str | None] = await rt.db.in_transaction(mark)
    return result


async def _write(rt: Runtime, job: JobRow, rows: list[EventVector]) -> int:
    """One round's vectors, committed only while ``job`` is still this process's."""

    async def work(tx: NamedTx) -> int:
        return await event_vectors.set_vectors(tx, user_id=job.user_id, vectors=rows)

    stored: int = await commit_with_job(rt.db, job, now=rt.clock(), work=work)
    return stored
