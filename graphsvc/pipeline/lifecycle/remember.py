"""``remember`` and ``correctMemory``: memories asserted by a person or an agent (issue 12).

``remember`` takes the path an extracted memory takes (:mod:`graphsvc.pipeline.memories.run`): an exact
or near duplicate reinforces the memory it repeats, a new value of a known slot supersedes the older value by
valid time. Its provenance is its ``origin`` (``user`` or ``agent``) and the ``HistoryEntry`` actor, so a later
review can tell what the user said from what an agent guessed; it rests on that assertion, not on messages.

``correctMemory`` writes a new version and supersedes the old one with ``reason: 'correction'``: the new
version takes the old one's slot, valid time and source messages; the old one gets ``valid_to = valid_from``
(it never held) and leaves the slot's timeline.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from graphsvc import keys
from graphsvc.errors import ConflictError, InvalidInputError, NotFoundError
from graphsvc.graph import memories as memory_store
from graphsvc.graph.database import NamedTx
from graphsvc.graph.memory_reads import MemoryView, memory_by_uid
from graphsvc.pipeline.extraction.offline import classify_statement
from graphsvc.pipeline.memories import run as memories
from graphsvc.pipeline.memories.dedup import Candidate
from graphsvc.pipeline.memories.draft import Asserted
from graphsvc.pipeline.memories.slots import MemorySlot, memory_slot, normalise_slot
from graphsvc.runtime import Runtime
from graphsvc.text.importance import score_importance
from graphsvc.validation import require_id, require_printable, require_text
from graphsvc.vocabulary import MEMORY_TYPES, REMEMBER_SOURCES, MemoryType, RememberSource

CONFIDENCE: dict[RememberSource, float] = {"user": 0.9, "agent": 0.6}
"""Seed 001's contract scale: about 0.9 for an explicit statement (the user's), about 0.6 for an indirect cue
(an agent's guess)."""
MAX_MEMORY_CHARS = 1000
"""The extraction contract's limit on a memory's text."""


@dataclass
class RememberOutcome:
    """Where the memory landed: ``created`` (new) or reinforced an existing one; the memories it superseded."""

    uid: str
    created: bool
    superseded: list[str] = field(default_factory=list)


def _validate(
    *, content: str, memory_type: str, importance: float | None, source: str, slot: str | None
) -> tuple[str, MemoryType, RememberSource]:
    content = require_text("content", content, limit=MAX_MEMORY_CHARS).strip()
    if memory_type not in MEMORY_TYPES:
        raise InvalidInputError(field="type", problem=f"must be one of {', '.join(MEMORY_TYPES)}")
    if source not in REMEMBER_SOURCES:
        raise InvalidInputError(field="source", problem=f"must be one of {', '.join(REMEMBER_SOURCES)}")
    if importance is not None and not 0.0 <= importance <= 1.0:
        raise InvalidInputError(field="importance", problem=f"must be between 0 and 1, got {importance}")
    if slot is not None and normalise_slot(require_printable("slot", slot)) is None:
        raise InvalidInputError(field="slot", problem="must hold a letter or digit", fix="e.g. lives_in")
    return content, memory_type, source


async def remember(
    rt: Runtime,
    *,
    user_id: str,
    content: str,
    memory_type: str | None,
    source: str,
    occurred_at: datetime | None = None,
    importance: float | None = None,
    slot: str | None = None,
) -> RememberOutcome:
    """Store a memory a user stated or an agent inferred.

    Args:
        content: the memory's text (prefix it with the speaker's name, "Ana: I moved to Porto.", as extraction
            does, to put it in the same slots as the memories extracted from her messages).
        memory_type: fact, preference, goal, pain_point or event; None: inferred from the content as the
            offline extractor classifies a sentence (:func:`~graphsvc.pipeline.extraction.offline.classify_statement`:
            a fact when no cue fires), and an event's time it names becomes ``occurred_at`` unless given.
        source: ``user`` or ``agent`` (stored as the memory's origin and the history actor).
        occurred_at: when it began to hold (its valid time; an event's time); None: now.
        importance: 0–1; None: the rule-based score (seed 001 M.1).
        slot: what it is a value of (``lives_in``...); None: the offline slot rules decide, or no slot.

    Returns:
        the memory it landed on: new, or the one it repeats (reinforced).

    Raises:
        InvalidInputError: bad user id, empty or oversized content, unknown type or source, importance outside
            0–1, a slot without a letter or digit.
    """
    user_id = require_id("userId", user_id, rt.settings)
    now = rt.clock()
    if memory_type is None:
        memory_type, named_time = classify_statement(
            require_text("content", content, limit=MAX_MEMORY_CHARS), at=now, selection=rt.rules
        )
        occurred_at = occurred_at or named_time
    text, kind, origin = _validate(
        content=content, memory_type=memory_type, importance=importance, source=source, slot=slot
    )
    memory = Asserted(
        memory_type=kind,
        content=text,
        confidence=CONFIDENCE[origin],
        importance=importance if importance is not None else score_importance(kind, text),
        occurred_at=occurred_at if kind == "event" else None,
        slot=slot,
    )
    writes = await memories.prepare(
        rt,
        user_id=user_id,
        memories=[memory],
        event_times={},
        origin=origin,
        default_valid_from=occurred_at or now,
        background=False,
    )

    async def work(tx: NamedTx) -> memories.Committed:
        return await memories.run(tx, writes, user_id=user_id, now=now, actor=origin)

    committed = await rt.db.in_transaction(work)
    return RememberOutcome(uid=committed.first_uid(), created=bool(committed.created), superseded=committed.superseded)


async def require_memory(rt: Runtime, *, user_id: str, memory_id: str) -> MemoryView:
    """The user's memory, or NotFoundError (ids of other users are not found either)."""
    user_id = require_id("userId", user_id, rt.settings)
    memory_id = require_id("memoryId", memory_id, rt.settings)
    view = await memory_by_uid(rt.db, user_id=user_id, uid=memory_id)
    if view is None:
        raise NotFoundError(kind="memory", ident=memory_id)
    return view


async def correct(rt: Runtime, *, user_id: str, memory_id: str, content: str, actor: str = "user") -> str:
    """Replace a memory by a corrected version; the old one becomes ``superseded`` (reason ``correction``).

    Returns:
        the uid of the new version (or of the existing memory the corrected text duplicates, reinforced).

    The memory's status is checked again inside the writing transaction, under its lock
    (:func:`_still_correctable`), so concurrent corrections and forgets of it are serialised.

    Raises:
        NotFoundError: no such memory for this user.
        ConflictError: the memory is forgotten or already corrected, or the new text is the old one.
        InvalidInputError: empty or oversized content.
    """
    old = await require_memory(rt, user_id=user_id, memory_id=memory_id)
    text = require_text("content", content, limit=MAX_MEMORY_CHARS).strip()
    if old.status == "forgotten":
        raise ConflictError(kind="memory", ident=memory_id, problem="is forgotten and cannot be corrected")
    if keys.normalise_text(text) == keys.normalise_text(old.content):
        raise ConflictError(kind="memory", ident=memory_id, problem="already says that")
    kind: MemoryType = old.memory_type  # type: ignore[assignment]
    now = rt.clock()
    memory = Asserted(
        memory_type=kind,
        content=text,
        confidence=CONFIDENCE["user"],
        importance=old.importance,
        occurred_at=old.occurred_at,
        slot=old.slot,
    )
    writes = await memories.prepare(
        rt,
        user_id=user_id,
        memories=[memory],
        event_times={},
        origin="user",
        default_valid_from=old.valid_from or now,
        background=False,
        place=lambda c: _in_old_slot(c, old, user_id=user_id),
        never_reinforce=old.uid,  # the old memory is never its own correction
    )

    async def supersede_old(tx: NamedTx, landed: memories.Landed) -> None:
        await memory_store.supersede_by_correction(
            tx, user_id=user_id, old_uid=old.uid, new_uid=landed.first_uid(), now=now, actor=actor
        )

    async def work(tx: NamedTx) -> str:
        await _still_correctable(tx, user_id=user_id, memory_id=old.uid)
        committed = await memories.run(tx, writes, user_id=user_id, now=now, actor=actor, before_settling=supersede_old)
        return committed.first_uid()

    return await rt.db.in_transaction(work)


async def _still_correctable(tx: NamedTx, *, user_id: str, memory_id: str) -> None:
    """Lock the memory being corrected and check, inside the writing transaction, that it may still be: it
    exists, is not forgotten, and no other correction replaced it (issue 25 item 9: ten concurrent corrections
    leave one active version; a forget that commits first is never undone).

    Raises:
        NotFoundError: the memory is gone (erased or retracted meanwhile).
        ConflictError: forgotten, or already corrected (the message names the version to correct instead).
    """
    state = await memory_store.claim(tx, user_id=user_id, uid=memory_id)
    if state is None:
        raise NotFoundError(kind="memory", ident=memory_id)
    if state.status == "forgotten":
        raise ConflictError(kind="memory", ident=memory_id, problem="is forgotten and cannot be corrected")
    if state.superseded_reason == "correction":
        newer = f": correct {state.corrected_by!r} instead" if state.corrected_by else ""
        raise ConflictError(kind="memory", ident=memory_id, problem=f"was already corrected{newer}")


def _in_old_slot(cand: Candidate, old: MemoryView, *, user_id: str) -> Candidate:
    """A correction stays in the old memory's slot (subject included), whatever its wording's prefix, and in
    its place in the slot's timeline (when it was said)."""
    cand = replace(cand, stated_at=old.stated_at or cand.stated_at)
    if old.slot is None:
        return cand
    found = memory_slot(
        user_id=user_id, content=cand.memory.content, memory_type=cand.memory.memory_type, given=old.slot
    )
    rows_slot = MemorySlot(
        slot=old.slot,
        subject=old.slot_subject or "",
        value=found.value if found is not None else None,
        slot_key=old.slot_key or keys.memory_slot_key(user_id, old.slot_subject or "", old.slot),
    )
    return replace(cand, slot=rows_slot)


async def find_memory(rt: Runtime, *, user_id: str, memory_id: str) -> MemoryView | None:
    """The user's memory in any status, or None (ids validated)."""
    user_id = require_id("userId", user_id, rt.settings)
    memory_id = require_id("memoryId", memory_id, rt.settings)
    return await memory_by_uid(rt.db, user_id=user_id, uid=memory_id)
