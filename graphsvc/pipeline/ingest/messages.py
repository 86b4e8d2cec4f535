"""Ingest: store conversation messages as ``Event`` nodes (the write path's first step).

Idempotent: an event's uid comes from ``(user_id, sessionId, messageId)`` (a message id names one
message of its session, so clients that number messages ``m1, m2...`` in every session lose nothing), or
from ``(user_id, sessionId, content, occurredAt)`` when no id is given, so a repeated delivery stores
nothing new (and does not reopen an ended session). The same message id with other content, in an earlier
batch or twice in one, is refused with CONFLICT, never dropped silently.

Ingest never waits for the embedder: the batch is stored in one transaction that also queues the user's
``embed_events`` job (:mod:`graphsvc.pipeline.ingest.vectors` embeds each message with the end of the one said
before it), and returns. Until its vector is written a message is found by full-text and graph recall;
extraction happens later, when the conversation ends (and embeds whatever of its session is still due).
"""

from __future__ import annotations

from dataclasses import dataclass

from graphsvc import keys, metrics
from graphsvc.conversation import MessageIn
from graphsvc.errors import ConflictError, InvalidInputError
from graphsvc.graph import events as stored_events
from graphsvc.graph import jobs
from graphsvc.graph.database import NamedTx
from graphsvc.graph.events import MessageEvent
from graphsvc.logs import request_id_var
from graphsvc.runtime import Runtime
from graphsvc.spaces import require_space
from graphsvc.validation import optional_text, require_aware, require_id, require_text


@dataclass(frozen=True)
class IngestOutcome:
    """``stored`` new events, ``duplicates`` already present; ``message_ids`` in input order; ``job_id`` the
    ``embed_events`` job that embeds the stored ones (None when nothing new was stored)."""

    stored: int
    duplicates: int
    message_ids: list[str]
    job_id: str | None = None


async def run(rt: Runtime, *, user_id: str, session_id: str, messages: list[MessageIn]) -> IngestOutcome:
    """Validate and store one batch of messages of one session, and queue their embedding.

    Raises:
        InvalidInputError: empty list, too many messages, blank or oversized ids or content.
        ConflictError: a message id stored before, or given twice in the batch, with other content (nothing of
            the batch is stored).
    """
    db, settings = rt.db, rt.settings
    user_id = require_id("userId", user_id, settings)
    session_id = require_id("sessionId", session_id, settings)
    if not messages:
        raise InvalidInputError(field="messages", problem="must not be empty")
    if len(messages) > settings.limits.max_messages_per_request:
        raise InvalidInputError(
            field="messages",
            problem=f"has {len(messages)} messages, over the limit of {settings.limits.max_messages_per_request}",
            fix="send the conversation in several requests",
        )
    rows: list[MessageEvent] = []
    seen: dict[str, str] = {}  # event uid → content hash, to find one message id given two texts in the batch
    for i, msg in enumerate(messages):
        content = require_text(f"messages[{i}].content", msg.content, limit=settings.limits.max_message_chars)
        role = require_id(f"messages[{i}].role", msg.role, settings)
        message_id = (
            None if msg.message_id is None else require_id(f"messages[{i}].messageId", msg.message_id, settings)
        )
        speaker = optional_text(f"messages[{i}].speaker", msg.speaker, limit=settings.limits.max_speaker_chars)
        speaker_id = None
        if msg.speaker_id is not None:
            speaker_id = require_space(
                f"messages[{i}].speakerId", require_id(f"messages[{i}].speakerId", msg.speaker_id, settings), "user"
            )
        occurred_at = require_aware(f"messages[{i}].occurredAt", msg.occurred_at)
        uid = keys.event_uid(user_id, session_id, message_id, content, occurred_at)
        content_hash = keys.content_hash(content)
        if uid in seen:
            if seen[uid] != content_hash:
                raise ConflictError(
                    kind="message",
                    ident=str(message_id),
                    problem="appears twice in this batch with different content; nothing of this batch was stored "
                    "(a message id names one message of its session: use a new id for new content)",
                )
            continue
        seen[uid] = content_hash
        rows.append(
            MessageEvent(
                uid=uid,
                source_id=message_id or keys.derived_message_id(uid),
                role=role,
                speaker=speaker,
                content=content,
                content_hash=content_hash,
                occurred_at=occurred_at,
                seq=i,
                speaker_id=speaker_id,
            )
        )
    now = rt.clock()

    async def store(tx: NamedTx) -> tuple[int, str | None]:
        # A redelivered message id with other content is refused, not silently dropped (issue 11); the
        # check runs in the same transaction as the write, so the whole batch stores or none of it.
        clashes = await stored_events.clashing_source_ids(tx, user_id=user_id, events=rows)
        if clashes:
            ids = ", ".join(sorted(clashes)[:5])
            raise ConflictError(
                kind="message",
                ident=ids,
                problem=f"was stored before in session {session_id!r} with other content; nothing of this batch "
                "was stored (a message id names one message of its session: use a new id for new content)",
            )
        stored = await stored_events.store_messages(tx, user_id=user_id, session_id=session_id, events=rows, now=now)
        if not stored:
            return 0, None
        queued = await jobs.enqueue(
            tx, user_id=user_id, kind="embed_events", coalesce_on=user_id, now=now, request_id=request_id_var.get()
        )
        return stored, None if queued is None else queued[0].uid

    stored, job_id = await db.in_transaction(store)
    metrics.INGESTED_MESSAGES.labels("stored").inc(stored)
    metrics.INGESTED_MESSAGES.labels("duplicate").inc(len(messages) - stored)
    return IngestOutcome(
        stored=stored, duplicates=len(messages) - stored, message_ids=[r.source_id for r in rows], job_id=job_id
    )


def embedding_text(speaker: str | None, content: str) -> str:
    """An event's own text as embedded: ``speaker: text`` (the speaker's name is part of the meaning)."""
    return f"{speaker}: {content}" if speaker else content


def in_context(previous: str | None, text: str, *, chars: int) -> str:
    """What an event's vector embeds: the last ``chars`` characters of the previous message's
    :func:`embedding_text`, a newline, then its own (its own alone when there is no previous or ``chars`` is 0).
    """
    return text if previous is None or chars == 0 else f"{previous[-chars:]}\n{text}"
