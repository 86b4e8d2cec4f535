"""The forget operations (issues 12 and 21): ``forgetMessages``, ``forgetSession``, ``forgetEvents``,
``forgetDocument``, ``forgetMemory``.

Each validates its input, finds what it names (scoped to the user), prepares the re-embedding of the messages
whose context changes, and hands one :class:`~.engine.Retraction` to the engine (one transaction). Forgetting
messages, sessions, records or documents is idempotent: forgetting what is already gone changes nothing and
returns zero counts. ``forgetMemory`` is not: the memory stays as a tombstone, and forgetting it again (or
while another request forgets it) is a CONFLICT, so of concurrent forgets of one memory exactly one answers OK.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphsvc import keys
from graphsvc.errors import ConflictError, InvalidInputError, NotFoundError
from graphsvc.graph import retraction_reads as found
from graphsvc.graph import spaces as stored_spaces
from graphsvc.pipeline.retraction import engine
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id, require_text
from graphsvc.vocabulary import SOURCE_TYPES

MAX_REASON_CHARS = 500


async def forget_messages(
    rt: Runtime,
    *,
    user_id: str,
    message_ids: Sequence[str],
    session_id: str | None = None,
    actor: str = engine.ACTOR,
) -> ForgetResult:
    """Hard-delete the user's messages with these ids (the ``messageId`` given at ingest, or the derived
    ``msg-…`` id) and retract what rested on them.

    Args:
        session_id: only the messages of this session. A message id names one message per session, so without
            it the message of every session of the user that bears the id goes.

    Raises:
        InvalidInputError: bad user or session id, an empty list, more ids than ``max_messages_per_request``, a
            blank id.
    """
    settings = rt.settings
    user_id = require_id("userId", user_id, settings)
    session_id = None if session_id is None else require_id("sessionId", session_id, settings)
    if not message_ids:
        raise InvalidInputError(field="messageIds", problem="must not be empty")
    if len(message_ids) > settings.limits.max_messages_per_request:
        raise InvalidInputError(
            field="messageIds",
            problem=f"has {len(message_ids)} ids, over the limit of {settings.limits.max_messages_per_request}",
            fix="forget them in several requests, or forget the whole session with forgetSession",
        )
    ids = [require_id(f"messageIds[{i}]", m, settings) for i, m in enumerate(message_ids)]
    refs = await found.events_by_message_ids(
        rt.db, user_id=user_id, message_ids=list(dict.fromkeys(ids)), session_id=session_id
    )
    if not refs:
        return ForgetResult()
    events = [r.uid for r in refs]
    session_ids = sorted({r.session_id for r in refs})
    reembed = await engine.reembedding(rt, user_id=user_id, event_uids=events, session_ids=session_ids)
    return await engine.run(
        rt,
        engine.Retraction(
            user_id=user_id,
            event_uids=events,
            sessions=[keys.session_uid(user_id, s) for s in session_ids],
            summarise=session_ids,
            reembed=reembed,
            reason="forgetMessages",
            actor=actor,
        ),
    )


async def forget_session(rt: Runtime, *, user_id: str, session_id: str, actor: str = engine.ACTOR) -> ForgetResult:
    """Hard-delete a conversation (the session and all its messages) and retract what rested on it.

    Returns:
        zero counts when the user has no such session (already forgotten, or never there).

    Raises:
        InvalidInputError: bad user or session id.
    """
    user_id = require_id("userId", user_id, rt.settings)
    session_id = require_id("sessionId", session_id, rt.settings)
    session_uid = keys.session_uid(user_id, session_id)
    events = await found.session_event_uids(rt.db, user_id=user_id, session_uid=session_uid)
    if events is None:
        return ForgetResult()
    return await engine.run(
        rt,
        engine.Retraction(
            user_id=user_id,
            event_uids=events,
            sessions=[session_uid],
            forced_sessions=[session_uid],
            reason="forgetSession",
            actor=actor,
        ),
    )


async def forget_events(
    rt: Runtime, *, user_id: str, source_type: str, source_ids: Sequence[str], actor: str = engine.ACTOR
) -> ForgetResult:
    """Hard-delete records of one source system by the caller's ids (every version of each), and retract what
    rested on them: candidates, memories promoted only from them, tags, entity evidence, impressions, features,
    relations, names and entities (as :func:`forget_messages` does for messages).

    ``conversation`` ids are message ids (:func:`forget_messages`, every session); ``document`` ids are the
    documents' source ids (:func:`forget_document`: chunks and earlier versions go too).

    Returns:
        zero counts for ids the user has no record of.

    Raises:
        InvalidInputError: bad user id, unknown source type, an empty list, more ids than
            ``max_events_per_request``, a blank id.
    """
    settings = rt.settings
    user_id = require_id("userId", user_id, settings)
    kind = source_type.strip().lower()
    if kind not in SOURCE_TYPES:
        raise InvalidInputError(
            field="sourceType", problem=f"must be one of {', '.join(t.upper() for t in SOURCE_TYPES)}"
        )
    if not source_ids:
        raise InvalidInputError(field="sourceIds", problem="must not be empty")
    if len(source_ids) > settings.limits.max_events_per_request:
        raise InvalidInputError(
            field="sourceIds",
            problem=f"has {len(source_ids)} ids, over the limit of {settings.limits.max_events_per_request}",
            fix="forget them in several requests",
        )
    ids = list(dict.fromkeys(require_id(f"sourceIds[{i}]", s, settings) for i, s in enumerate(source_ids)))
    if kind == "conversation":
        return await forget_messages(rt, user_id=user_id, message_ids=ids, actor=actor)
    if kind == "document":
        uids = [keys.document_uid(user_id, s) for s in ids]
        return await _forget_documents(rt, user_id=user_id, uids=uids, reason="forgetEvents", actor=actor)
    records = await found.source_versions(
        rt.db, user_id=user_id, source_uids=[keys.source_uid(user_id, kind, s) for s in ids]
    )
    if not records:
        return ForgetResult()
    return await engine.run(
        rt,
        engine.Retraction(
            user_id=user_id,
            event_uids=sorted({uid for r in records for uid in r.event_uids}),
            source_uids=[r.source_uid for r in records],
            reason="forgetEvents",
            actor=actor,
        ),
    )


async def forget_document(rt: Runtime, *, user_id: str, document_id: str, actor: str = engine.ACTOR) -> ForgetResult:
    """Hard-delete a document: every version (its ``DocumentVersion`` history), its chunks, its ``DOCUMENT``
    events and source record, and what rested on them (candidates, memories promoted only from them, tags,
    entity evidence, impressions, features, relations, names, entities).

    Returns:
        zero counts when the user has no such document (already forgotten, or never there).

    Raises:
        InvalidInputError: bad user or document id.
    """
    user_id = require_id("userId", user_id, rt.settings)
    document_id = require_id("documentId", document_id, rt.settings)
    return await _forget_documents(rt, user_id=user_id, uids=[document_id], reason="forgetDocument", actor=actor)


async def _forget_documents(rt: Runtime, *, user_id: str, uids: Sequence[str], reason: str, actor: str) -> ForgetResult:
    refs = [r for uid in uids if (r := await found.document_ref(rt.db, user_id=user_id, uid=uid)) is not None]
    if not refs:
        return ForgetResult()
    source_uids = [keys.source_uid(user_id, "document", r.source_id) for r in refs]
    records = await found.source_versions(rt.db, user_id=user_id, source_uids=source_uids)
    events = {uid for r in refs for uid in r.event_uids} | {uid for r in records for uid in r.event_uids}
    return await engine.run(
        rt,
        engine.Retraction(
            user_id=user_id,
            event_uids=sorted(events),
            documents=[r.uid for r in refs],
            source_uids=source_uids,
            reason=reason,
            actor=actor,
        ),
    )


async def forget_memory(
    rt: Runtime,
    *,
    user_id: str,
    memory_id: str,
    reason: str | None = None,
    keep_sources: bool = False,
    actor: str = "user",
) -> ForgetResult:
    """Forget one memory and the versions it corrected: each stays as a tombstone (status forgotten, no text,
    vector, slot, tags or provenance), the evidence citing them goes and their traits are re-scored, the
    candidates promoted to them go, and the value they had superseded is current again.

    Unless ``keep_sources``, the events that stated them (the messages they were extracted from, the versions of
    notes, todos... their candidates came from; never a document, which ``forgetDocument`` deletes) are forgotten
    too: each stays as a tombstone without text, title or vector, what was observed in it is retracted, its
    conversation's summary is written again from the messages left and the message after it re-embedded. Other
    memories extracted from those events stay.

    Whether the memory is still live is decided by Neo4j in the retraction's own transaction (the write that
    turns it into a tombstone matches only a live memory, and the user's writes take turns): of concurrent
    forgets of one memory exactly one forgets it, and the others change nothing.

    Raises:
        NotFoundError: the user has no such memory.
        ConflictError: it is forgotten already, or another request forgot it meanwhile (nothing was changed).
        InvalidInputError: bad ids, a reason over 500 characters.
    """
    user_id = require_id("userId", user_id, rt.settings)
    memory_id = require_id("memoryId", memory_id, rt.settings)
    if reason is not None and reason.strip():
        reason = require_text("reason", reason, limit=MAX_REASON_CHARS).strip()
    status = await found.memory_status(rt.db, user_id=user_id, uid=memory_id)
    if status is None:
        raise NotFoundError(kind="memory", ident=memory_id)
    if status == "forgotten":
        raise ConflictError(kind="memory", ident=memory_id, problem="is forgotten already")
    lineage = await found.memory_lineage(rt.db, user_id=user_id, uid=memory_id)
    memories = lineage.memory_uids if lineage is not None else [memory_id]
    stated = [] if keep_sources or lineage is None else lineage.events
    events = [e.uid for e in stated]
    sessions = sorted({e.session_id for e in stated if e.session_id})
    reembed = await engine.reembedding(rt, user_id=user_id, event_uids=events, session_ids=sessions)
    return await engine.run(
        rt,
        engine.Retraction(
            user_id=user_id,
            memory_uids=memories,
            named_memory=memory_id,
            forgotten_events=events,
            summarise=sessions,
            reembed=reembed,
            reason=reason or "forgetMemory",
            actor=actor,
        ),
    )


async def forget_contributions(rt: Runtime, *, user_id: str, space_id: str | None = None) -> int:
    """Forget what a person said in other spaces (a group's conversations, where their messages name them as
    ``speaker_id``), in ``space_id`` only when given: their messages go, with what rested only on them there;
    what others said stays. Returns the messages deleted."""
    deleted = 0
    step = rt.settings.limits.max_messages_per_request
    for space, session_id, message_ids in await stored_spaces.contributions(rt.db, user_id=user_id):
        if space_id is not None and space != space_id:
            continue
        for start in range(0, len(message_ids), step):
            result = await forget_messages(
                rt, user_id=space, message_ids=message_ids[start : start + step], session_id=session_id
            )
            deleted += result.events
    return deleted
