"""Ingest records of any source as ``Event`` nodes on one layer (seed 003: BrainEvent).

Idempotent per (source type, source id, content): an event's uid is a digest of the user, the source type,
the caller's source id and the record's *version fingerprint* (its title, content, status and metadata), so
a repeated delivery stores nothing. A record whose fingerprint changed (a todo marked done, a new due date in
its metadata) is a new version of the same ``Source``: a new ``Event`` linked ``PREVIOUS_VERSION`` to the
version it replaces, which keeps its content as history but leaves recall (its vector is dropped and it is
marked ``superseded_at``). Versions follow arrival order; a record sent again with the fingerprint of an older
version is a duplicate of that version, not a new one.

``CONVERSATION`` events are conversation messages: they are stored through
:func:`graphsvc.pipeline.ingest.messages.run` (the ``ingestMessages`` path), grouped by ``metadata.sessionId``
(default ``"events"``), with ``metadata.role`` (default ``user``) and ``metadata.speaker``.

Every other event is stored with its source tags (``TAGGED {origin: 'source'}``) and gives candidates
(:mod:`.statements`, :mod:`.candidates`), all in one transaction that also queues the user's ``embed_events``
job (its vector, of ``title: content``, is made after the call returned: :mod:`graphsvc.pipeline.ingest.vectors`)
and, when a candidate meets a promotion rule, the ``promote_candidates`` job that makes it a memory (a promotion
embeds the memory, so it never runs on the request path; a failure there leaves it open for the daily learning).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.conversation import MessageIn
from graphsvc.errors import InvalidInputError
from graphsvc.graph import jobs
from graphsvc.graph import sources as stored_sources
from graphsvc.graph.database import NamedTx
from graphsvc.graph.sources import SourceEventVersion
from graphsvc.logs import request_id_var
from graphsvc.pipeline.ingest import messages as conversation_ingest
from graphsvc.pipeline.sources import candidates, statements
from graphsvc.pipeline.tags import assign as tags
from graphsvc.runtime import Runtime
from graphsvc.validation import optional_text, require_aware, require_id, require_label, require_text
from graphsvc.vocabulary import SOURCE_TYPES, JobKind

MAX_TITLE_CHARS = 1_000
MAX_TAG_CHARS = 100
DEFAULT_SESSION = "events"


@dataclass(frozen=True)
class SourceEventIn:
    """One record of a source system as delivered (``occurred_at`` converted to UTC at ingest)."""

    source_type: str
    source_id: str
    content: str
    occurred_at: datetime
    title: str | None = None
    status: str | None = None
    tags: tuple[str, ...] = ()
    metadata: dict[str, Any] | None = None


@dataclass
class EventsOutcome:
    """``stored`` new events (``new_versions`` of them replaced an earlier version of their source),
    ``duplicates`` already stored; ``event_ids`` in input order (for conversation events, the message ids);
    ``candidates`` created or reinforced, ``promoted`` of them met a promotion rule (the ``promote_candidates``
    job promotes them moments later); ``job_ids`` the background jobs queued (embedding, promotion)."""

    stored: int = 0
    duplicates: int = 0
    new_versions: int = 0
    event_ids: list[str] = field(default_factory=list)
    candidates: int = 0
    promoted: int = 0
    job_ids: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class EventRow(SourceEventVersion):
    """A validated, non-conversation event ready to store, with the source's tags."""

    tags: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """What is embedded and read for statements: ``title: content`` (or the content alone)."""
        return f"{self.title}: {self.content}" if self.title else self.content


def fingerprint(*, title: str | None, content: str, status: str | None, metadata: str | None) -> str:
    """The version fingerprint of a record: a digest of what a change of the record changes."""
    return keys.digest("version", title or "", content, status or "", metadata or "")


normalise_tag = tags.normalise


def _metadata(index: int, value: dict[str, Any] | None, limit: int) -> str | None:
    if not value:
        return None
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise InvalidInputError(field=f"events[{index}].metadata", problem="is not a JSON object") from exc
    if len(text) > limit:
        raise InvalidInputError(
            field=f"events[{index}].metadata", problem=f"is {len(text)} characters as JSON, over the limit of {limit}"
        )
    return text


def _tags(index: int, tags: tuple[str, ...], limit: int) -> tuple[str, ...]:
    if len(tags) > limit:
        raise InvalidInputError(field=f"events[{index}].tags", problem=f"has {len(tags)} tags, over {limit}")
    out = []
    for tag in tags:
        name = require_label(f"events[{index}].tags", tag, limit=MAX_TAG_CHARS)
        if normalise_tag(name):
            out.append(name)
    return tuple(dict.fromkeys(out))


def validate(rt: Runtime, user_id: str, index: int, event: SourceEventIn) -> EventRow | tuple[str, MessageIn]:
    """One delivered record, checked: an :class:`EventRow`, or ``(session id, message)`` for a conversation event.

    Raises:
        InvalidInputError: unknown source type, blank or oversized ids or text, bad metadata or tags.
    """
    settings = rt.settings
    source_type = event.source_type.strip().lower()
    if source_type not in SOURCE_TYPES:
        raise InvalidInputError(
            field=f"events[{index}].sourceType", problem=f"must be one of {', '.join(s.upper() for s in SOURCE_TYPES)}"
        )
    source_id = require_id(f"events[{index}].sourceId", event.source_id, settings)
    content = require_text(f"events[{index}].content", event.content, limit=settings.limits.max_message_chars)
    occurred_at = require_aware(f"events[{index}].occurredAt", event.occurred_at)
    metadata = dict(event.metadata or {})
    if source_type == "conversation":
        session = str(metadata.get("sessionId") or DEFAULT_SESSION)
        role = str(metadata.get("role") or "user")
        speaker = metadata.get("speaker")
        message = MessageIn(
            role=role, content=content, occurred_at=occurred_at, message_id=source_id, speaker=speaker and str(speaker)
        )
        return require_id(f"events[{index}].metadata.sessionId", session, settings), message
    title = optional_text(f"events[{index}].title", event.title, limit=MAX_TITLE_CHARS)
    status = (
        None
        if event.status is None or not event.status.strip()
        else require_id(f"events[{index}].status", event.status, settings)
    )
    meta = _metadata(index, event.metadata, settings.limits.max_metadata_chars)
    version = fingerprint(title=title, content=content, status=status, metadata=meta)
    return EventRow(
        uid=keys.source_event_uid(user_id, source_type, source_id, version),
        source_uid=keys.source_uid(user_id, source_type, source_id),
        source_type=source_type,
        source_id=source_id,
        title=title,
        content=content,
        status=status,
        metadata=meta,
        occurred_at=occurred_at,
        tags=_tags(index, event.tags, settings.limits.max_list_items),
    )


async def run(rt: Runtime, *, user_id: str, events: list[SourceEventIn]) -> EventsOutcome:
    """Validate and store a batch of source records, derive candidates; queue their vectors and promotions.

    Args:
        events: at most ``max_events_per_request`` records, any source types mixed.

    Returns:
        what was stored; ``event_ids`` in input order (message ids for conversation events).

    Raises:
        InvalidInputError: empty or oversized batch, or any record invalid (nothing is stored).
        ConflictError: a conversation event reuses a message id with other content (nothing is stored).
    """
    settings = rt.settings
    user_id = require_id("userId", user_id, settings)
    if not events:
        raise InvalidInputError(field="events", problem="must not be empty")
    if len(events) > settings.limits.max_events_per_request:
        raise InvalidInputError(
            field="events",
            problem=f"has {len(events)} events, over the limit of {settings.limits.max_events_per_request}",
            fix="send them in several requests",
        )
    checked = [validate(rt, user_id, i, e) for i, e in enumerate(events)]
    outcome = EventsOutcome()
    conversations: dict[str, list[MessageIn]] = defaultdict(list)
    rows: list[EventRow] = []
    for item in checked:
        if isinstance(item, EventRow):
            rows.append(item)
        else:
            conversations[item[0]].append(item[1])
    for session_id, messages in conversations.items():
        stored = await conversation_ingest.run(rt, user_id=user_id, session_id=session_id, messages=messages)
        outcome.stored += stored.stored
        outcome.duplicates += stored.duplicates
        outcome.job_ids += [stored.job_id] if stored.job_id else []
    if rows:
        await _store(rt, user_id, rows, outcome)
    outcome.event_ids = [item.uid if isinstance(item, EventRow) else item[1].message_id or "" for item in checked]
    return outcome


async def _store(rt: Runtime, user_id: str, rows: list[EventRow], outcome: EventsOutcome) -> None:
    unique = list({r.uid: r for r in rows}.values())
    now = rt.clock()
    derived = {r.uid: statements.from_event(r, settings=rt.settings.candidates, rules=rt.rules) for r in unique}

    async def work(tx: NamedTx) -> tuple[int, int, list[str], list[str], list[str]]:
        stored = versions = 0
        touched: list[str] = []
        for row in unique:
            version = await stored_sources.store_version(tx, user_id=user_id, event=row, embedding=None, now=now)
            if version is None:
                continue
            stored += 1
            versions += 1 if version > 1 else 0
            if row.tags:
                await tags.tag(tx, user_id=user_id, pairs=[(row.uid, t) for t in row.tags], origin="source", now=now)
            touched += await candidates.upsert(
                tx, rt.settings.candidates, user_id=user_id, event=row, found=derived[row.uid], now=now, origin="source"
            )
        due = (
            await candidates.due_uids(tx, rt.settings.candidates, user_id=user_id, uids=sorted(set(touched)))
            if touched
            else []
        )
        queued = []
        kinds: list[JobKind] = []
        if stored:
            kinds.append("embed_events")
        if due:
            kinds.append("promote_candidates")
        for kind in kinds:
            job = await jobs.enqueue(
                tx, user_id=user_id, kind=kind, coalesce_on=user_id, now=now, request_id=request_id_var.get()
            )
            queued += [job[0].uid] if job else []
        return stored, versions, touched, due, queued

    stored, versions, touched, due, queued = await rt.db.in_transaction(work)
    outcome.stored += stored
    outcome.duplicates += len(rows) - stored
    outcome.new_versions = versions
    outcome.candidates = len(set(touched))
    outcome.promoted = len(due)
    outcome.job_ids += queued
