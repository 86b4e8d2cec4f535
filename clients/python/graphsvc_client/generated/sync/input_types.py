from datetime import datetime
from typing import Any, Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import EntityKind, MemoryType, RememberSource, SourceType


class EventInput(BaseModel):
    """One record of a source system."""

    source_type: SourceType = Field(alias="sourceType")
    source_id: str = Field(alias="sourceId")
    "The record's id in its system; a changed record with the same id is a new version of it"
    content: str
    occurred_at: datetime = Field(alias="occurredAt")
    "When it happened or was written (ISO-8601; no zone: UTC)"
    title: Optional[str] = None
    status: Optional[str] = None
    "e.g. open, done (todos, tasks)"
    tags: Optional[list[str]] = None
    "The record's own tags (origin source)"
    metadata: Optional[Any] = None
    "Any JSON object (a due date, a url...); part of the version. Conversation events read sessionId, role and speaker from it"


class IngestDocumentInput(BaseModel):
    user_id: str = Field(alias="userId")
    filename: str
    "The file's name; its extension names the format without mimeType"
    mime_type: Optional[str] = Field(alias="mimeType", default=None)
    "application/pdf, …wordprocessingml.document, …spreadsheetml.sheet, text/csv, text/markdown, text/plain or text/html"
    content_base_64: Optional[str] = Field(alias="contentBase64", default=None)
    "The file's bytes, base64"
    text: Optional[str] = None
    "Or the document as text (Markdown, CSV, HTML…)"
    source_id: Optional[str] = Field(alias="sourceId", default=None)
    "The caller's id of the document (default: the filename); a re-ingest with the same id and other bytes is a new version"


class IngestEventsInput(BaseModel):
    user_id: str = Field(alias="userId")
    events: list["EventInput"]


class IngestMessagesInput(BaseModel):
    user_id: str = Field(alias="userId")
    session_id: str = Field(alias="sessionId")
    messages: list["MessageInput"]


class MessageInput(BaseModel):
    """One conversation message."""

    role: str
    "user, assistant, or another role name"
    content: str
    occurred_at: datetime = Field(alias="occurredAt")
    "When it was said (ISO-8601; no zone means UTC)"
    message_id: Optional[str] = Field(alias="messageId", default=None)
    "The caller's id; the same id is stored once (idempotent delivery)"
    speaker: Optional[str] = None
    "Display name of who said it"
    speaker_id: Optional[str] = Field(alias="speakerId", default=None)
    "The user id of who said it, when known. In a group's conversation (userId group:<name>) it must name a member: what they say there also becomes their own memory"


class RememberInput(BaseModel):
    """A memory stated by the user or inferred by an agent."""

    user_id: str = Field(alias="userId")
    content: str
    "The memory, e.g. 'Ana: I moved to Porto.' (a speaker prefix puts it in that person's slots)"
    type_: MemoryType = Field(alias="type")
    source: RememberSource
    occurred_at: Optional[datetime] = Field(alias="occurredAt", default=None)
    "When it began to hold (its valid time; an event's time); default now"
    importance: Optional[float] = None
    "0-1; default: the rule-based score"
    slot: Optional[str] = None
    "What it is a value of (lives_in, works_at...); default: the offline slot rules"


class TurnInput(BaseModel):
    """One turn of the conversation so far, for recall and memoryContext."""

    role: str
    "user, assistant, or another role name"
    content: str
    speaker: Optional[str] = None
    "Display name of who said it"


class UpsertEntityInput(BaseModel):
    """Create an entity, or add to the one entity its names denote."""

    user_id: str = Field(alias="userId")
    subject: str
    kind: Optional[EntityKind] = None
    "Replaces only a stored THING"
    aliases: list[str] = Field(default_factory=lambda: [])
    impressions: list[str] = Field(default_factory=lambda: [])


IngestEventsInput.model_rebuild()
IngestMessagesInput.model_rebuild()
