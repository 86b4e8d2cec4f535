"""What recall returns: one ranked hit of any kind."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal

from graphsvc.pipeline.recall.explain import HitExplanation, RankAdjustment, RankRule

HitKind = Literal["memory", "event", "impression", "trait", "chunk"]


@dataclass(frozen=True)
class RecallHit:
    """One ranked result. ``source_message_ids``: an event's own id, the messages a memory came from, the
    messages an impression's evidence came from, or for a trait the messages of the memories its supporting
    evidence cites (none for a document passage). ``entity``: for an impression, the subject of the entity it
    characterises. ``role``: for an event, the role of whoever said it (user, assistant, ...); ``speaker``: their
    name, when the message gave one. ``document_id``,
    ``heading_path``, ``title``: for a passage (``chunk``), its document, the headings above it (outermost first)
    and the document's title. ``source_event_uids``: the uids of the Event nodes behind ``source_message_ids``
    (a message id names one message *of its session*, so two sessions' ``m1`` are different messages); empty
    for traits and passages."""

    uid: str
    kind: HitKind
    content: str
    score: float
    occurred_at: datetime | None
    source_message_ids: list[str]
    memory_type: str | None = None
    entity: str | None = None
    role: str | None = None
    status: str | None = None
    """A memory's status (active; superseded when asked for; any but forgotten at ``asOf``); None otherwise."""
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    """A memory's valid time (issue 12); None for other kinds."""
    document_id: str | None = None
    heading_path: list[str] = field(default_factory=list)
    title: str | None = None
    source_event_uids: tuple[str, ...] = ()
    speaker: str | None = None
    explanation: HitExplanation | None = None
    """Why the hit ranked where it did (:mod:`.explain`); None unless recall was asked to explain."""
    last_confirmed_at: datetime | None = None
    """When it was last said or confirmed, the time its recency counts from: a memory's newest message (or its
    last reinforcement), a trait's last reinforcement, an impression's newest evidence, an event's own time, a
    passage's document's last change."""
    space: str | None = None
    """The memory space it came from (:mod:`graphsvc.spaces`): the person's own id, a group's or an agent's."""


def rescored(
    hit: RecallHit,
    score: float,
    rule: RankRule,
    detail: str,
    *,
    factor: float | None = None,
    term: float | None = None,
    relative_to: str | None = None,
) -> RecallHit:
    """``hit`` with ``score``; when it is being explained, with the rule that changed it recorded. Pure."""
    if hit.explanation is None:
        return replace(hit, score=score)
    adjustment = RankAdjustment(rule, hit.score, score, detail, factor=factor, term=term, relative_to=relative_to)
    explanation = replace(hit.explanation, adjustments=(*hit.explanation.adjustments, adjustment))
    return replace(hit, score=score, explanation=explanation)
