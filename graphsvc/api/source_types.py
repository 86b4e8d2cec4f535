"""GraphQL types of the event layer and the candidate layer (seed 003)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry
from strawberry.scalars import JSON

from graphsvc.errors import InvalidInputError
from graphsvc.service.views import CandidateView, SourceEventIn
from graphsvc.validation import require_aware


@strawberry.enum(description="The source system a record comes from (seed 003's event layer).")
class SourceType(Enum):
    CONVERSATION = "conversation"
    DOCUMENT = "document"
    TODO = "todo"
    TASK = "task"
    FORUM_POST = "forum_post"
    NOTE = "note"
    CALENDAR = "calendar"


@strawberry.enum(description="open until promoted to a memory, rejected by a person, or expired.")
class CandidateStatus(Enum):
    OPEN = "open"
    PROMOTED = "promoted"
    REJECTED = "rejected"
    EXPIRED = "expired"


@strawberry.input(description="One record of a source system.")
class EventInput:
    source_type: SourceType
    source_id: str = strawberry.field(
        description="The record's id in its system; a changed record with the same id is a new version of it"
    )
    content: str
    occurred_at: datetime = strawberry.field(description="When it happened or was written (ISO-8601; no zone: UTC)")
    title: str | None = None
    status: str | None = strawberry.field(default=None, description="e.g. open, done (todos, tasks)")
    tags: list[str] | None = strawberry.field(default=None, description="The record's own tags (origin source)")
    metadata: JSON | None = strawberry.field(
        default=None,
        description="Any JSON object (a due date, a url...); part of the version. Conversation events read "
        "sessionId, role and speaker from it",
    )

    def to_domain(self) -> SourceEventIn:
        metadata = self.metadata if isinstance(self.metadata, dict) else None
        if self.metadata is not None and metadata is None:
            raise InvalidInputError(field="metadata", problem="must be a JSON object")
        return SourceEventIn(
            source_type=self.source_type.value,
            source_id=self.source_id,
            content=self.content,
            occurred_at=require_aware("occurredAt", self.occurred_at),
            title=self.title,
            status=self.status,
            tags=tuple(self.tags or ()),
            metadata=metadata,
        )


@strawberry.input
class IngestEventsInput:
    user_id: str
    events: list[EventInput]


@strawberry.type(description="A statement of other sources waiting to become a memory (seed 003).")
class MemoryCandidate:
    id: strawberry.ID
    memory_type: str = strawberry.field(description="fact, preference, goal, pain_point or event")
    content: str
    status: CandidateStatus
    importance: float
    confidence: float
    days: list[str] = strawberry.field(description="Distinct UTC days of its events")
    sources: list[str] = strawberry.field(description="Distinct sources of its events (type:id)")
    event_ids: list[strawberry.ID]
    source_types: list[str]
    created_at: datetime | None
    expires_at: datetime | None
    decided_at: datetime | None
    promotion_reason: str | None = strawberry.field(description="reinforced, importance or confirmed")
    memory_id: strawberry.ID | None = strawberry.field(description="The memory it became")
    origin: str | None = strawberry.field(description="source (other systems) or conversation (low confidence)")

    @classmethod
    def from_domain(cls, view: CandidateView) -> MemoryCandidate:
        return cls(
            id=strawberry.ID(view.uid),
            memory_type=view.memory_type,
            content=view.content,
            status=CandidateStatus(view.status),
            importance=view.importance,
            confidence=view.confidence,
            days=view.days,
            sources=view.sources,
            event_ids=[strawberry.ID(u) for u in view.event_uids],
            source_types=view.source_types,
            created_at=view.created_at,
            expires_at=view.expires_at,
            decided_at=view.decided_at,
            promotion_reason=view.promotion_reason,
            memory_id=strawberry.ID(view.memory_uid) if view.memory_uid else None,
            origin=view.origin,
        )
