"""What recall returns: one ranked hit of any kind."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

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
