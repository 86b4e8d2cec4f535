"""What changed about a user, read from the audit trail (``beliefChanges``).

Statements: ``belief_changes`` and ``belief_changes_by_happened`` in ``cypher/queries/belief_changes.cypher``. Every
change of a memory or a trait already writes a ``HistoryEntry`` (who, when, old and new value, the events and
memories it quotes); this module pages those of a time range, oldest first, keeping the changes of belief: a memory
created, superseded, reinstated, corrected, forgotten, retracted, archived or restored, and a trait created,
reinforced (new supporting evidence raised its confidence, perhaps its stage), contradicted (its confidence
lowered, or its stage demoted, by contrary evidence), modified (rewritten by contradiction review), promoted (a
trend to a behaviour), moved to another stage by decay, upgraded (made from more specific traits) or dissolved. A
memory's reinforcements and re-scorings after a retraction stay out: they change no belief's content or stage.

Two times per change: ``at``, when graphsvc recorded it (extraction or reflection time), and ``happened_at``,
when what it is about happened in the user's life (the time its messages were said; the cypher file gives the
rule). A page is ranged and ordered by either (:data:`BeliefTime`): a conversation imported today with messages
from 2023 has its changes recorded today and happened in 2023.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, get_args

from graphsvc.graph.database import Queries, native
from graphsvc.graph.timeline import decode_cursor, encode_cursor

BeliefKind = Literal["memory", "trait"]
BeliefActor = Literal["user", "agent", "extraction", "reflection", "learning"]
BeliefTime = Literal["recorded", "happened"]
"""Which time of a change a page is ranged and ordered by: ``recorded`` (``at``) or ``happened`` (``happened_at``)."""
MEMORY_CHANGES = ("created", "superseded", "reinstated", "corrected", "forgotten", "retracted", "archived", "restored")
MEMORY_ACTIONS = ("forgotten", "retracted", "archived", "restored")
"""Memory changes made by hand or by a job, not by what was said: they happened when they were recorded."""
TRAIT_CHANGES = (
    "created",
    "reinforced",
    "contradicted",
    "modified",
    "stage_changed",
    "promoted",
    "upgraded",
    "dissolved",
)
_ACTORS: dict[str, BeliefActor] = {
    "user": "user",
    "api": "user",
    "retraction": "user",
    "agent": "agent",
    "extraction": "extraction",
    "candidate": "extraction",
    "impressions": "extraction",
    "reflection": "reflection",
    "daily_learning": "learning",
    "learning": "learning",
    "archival": "learning",
}
"""Who made a change, as recorded (``HistoryEntry.actor``) → as the feed names it. A retraction runs because a
person asked to forget (``forgetSession``, ``forgetMessages``); promotion of candidates is extraction's."""


def actor_of(recorded: str | None) -> BeliefActor:
    """The feed's actor for a recorded one; an actor the table does not know (a job added later) is taken for
    the one its name starts with, else ``user``."""
    if recorded in _ACTORS:
        return _ACTORS[recorded]
    actors: tuple[BeliefActor, ...] = get_args(BeliefActor)
    return next((a for a in actors if recorded and recorded.startswith(a)), "user")


@dataclass(frozen=True)
class BeliefChange:
    """One change of belief.

    Attributes:
        uid: the HistoryEntry's id; at: when it was recorded (UTC).
        happened_at: when what it is about happened (UTC): for a memory's creation, when it was said (its first
            source message's time); for a supersession or correction, the latest time among what it quotes; for
            a forget, retraction, archive or restore (:data:`MEMORY_ACTIONS`), when it was recorded; for a trait,
            the latest time among the evidence it rested on at the change. None when not derivable (a trait
            resting on no evidence, a tombstone quoting nothing still stored).
        kind: ``memory`` or ``trait``; target_uid: which one.
        change: the event (``created``, ``superseded``, ``corrected``, ``forgotten``, ``stage_changed``...).
        actor: who (:data:`BeliefActor`); recorded_actor: as recorded (``daily_learning``, ``candidate``...).
        old_value, new_value: the text before and after (None where nothing was recorded, for anything
            forgotten, and where a retraction blanked it: ``scrubbed``).
        stage: a trait's stage after the change.
        evidence_uids: the events and memories the change rests on or quotes.
    """

    uid: str
    at: datetime
    happened_at: datetime | None
    kind: BeliefKind
    target_uid: str
    change: str
    actor: BeliefActor
    recorded_actor: str
    old_value: str | None
    new_value: str | None
    reason: str | None
    stage: str | None
    evidence_uids: list[str]
    scrubbed: bool


@dataclass(frozen=True)
class BeliefChangePage:
    """One page, oldest first by the time it was asked for; ``next_cursor`` None on the last."""

    items: list[BeliefChange]
    next_cursor: str | None


def _change(row: dict[str, Any]) -> BeliefChange:
    forgotten = row["event"] == "forgotten"
    return BeliefChange(
        uid=str(row["uid"]),
        at=native(row["at"]),
        happened_at=native(row["happened_at"]),
        kind="trait" if row["kind"] == "trait" else "memory",
        target_uid=str(row["target_uid"]),
        change=str(row["event"]),
        actor=actor_of(row["actor"]),
        recorded_actor=str(row["actor"] or ""),
        old_value=None if forgotten else row["old_value"],
        new_value=None if forgotten else row["new_value"],
        reason=row["reason"],
        stage=row["stage"],
        evidence_uids=[str(u) for u in row["evidence_uids"]],
        scrubbed=bool(row["scrubbed"]),
    )


async def page(
    db: Queries,
    *,
    user_id: str,
    start: datetime,
    end: datetime,
    after: str | None,
    limit: int,
    by: BeliefTime = "recorded",
) -> BeliefChangePage:
    """The user's changes of belief whose ``by`` time is in ``[start, end)``, oldest first by it, ``limit`` after
    cursor ``after`` (a cursor of a page read with the same ``by``). By ``happened``, a change whose happened time
    is unknown counts at its recorded time.

    Raises:
        InvalidInputError: ``after`` is not a cursor this API returned.
    """
    after_at, after_uid = decode_cursor(after) if after else (None, None)
    rows = await db.read(
        "belief_changes_by_happened" if by == "happened" else "belief_changes",
        user_id=user_id,
        to=end,
        events=sorted({*MEMORY_CHANGES, *TRAIT_CHANGES}),
        memory_events=list(MEMORY_CHANGES),
        trait_events=list(TRAIT_CHANGES),
        memory_actions=list(MEMORY_ACTIONS),
        after_at=after_at,
        after_uid=after_uid,
        limit=limit + 1,
        **{"from": start},
    )
    items = [_change(r) for r in rows[:limit]]
    if len(rows) <= limit:
        return BeliefChangePage(items, None)
    last = items[-1]
    last_at = last.happened_at if by == "happened" and last.happened_at is not None else last.at
    return BeliefChangePage(items, encode_cursor(last_at, last.uid))
