"""The forget operations (issue 12): ``forgetMessages``, ``forgetSession``, ``forgetMemory``.

Each validates its input, finds what it names (scoped to the user), prepares the re-embedding of the messages
whose context changes, and hands one :class:`~.engine.Retraction` to the engine (one transaction). All three
are idempotent: forgetting what is already gone changes nothing and returns zero counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphsvc import keys
from graphsvc.errors import InvalidInputError, NotFoundError
from graphsvc.graph import retraction_reads as found
from graphsvc.pipeline.retraction import engine
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id, require_text

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
    if len(message_ids) > settings.max_messages_per_request:
        raise InvalidInputError(
            field="messageIds",
            problem=f"has {len(message_ids)} ids, over the limit of {settings.max_messages_per_request}",
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


async def forget_memory(
    rt: Runtime, *, user_id: str, memory_id: str, reason: str | None = None, actor: str = "user"
) -> ForgetResult:
    """Forget one memory: it stays as a tombstone (status forgotten, no text, vector, slot or provenance), the
    evidence citing it goes and its traits are re-scored, and the value it had superseded is current again.
    Its source messages stay (``forgetMessages`` deletes those).

    Returns:
        zero counts when it is already forgotten.

    Raises:
        NotFoundError: the user has no such memory.
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
        return ForgetResult()
    return await engine.run(
        rt, engine.Retraction(user_id=user_id, memory_uids=[memory_id], reason=reason or "forgetMemory", actor=actor)
    )
