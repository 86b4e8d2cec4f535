"""Conversation types shared by ingest, the extractors, the impression pipeline and the API.

``MessageIn`` is a message as delivered by a caller; ``ConversationMessage`` is a stored message as
handed to an extractor (with the short per-conversation id the prompts cite).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator


@dataclass(frozen=True)
class MessageIn:
    """One message as delivered. ``occurred_at`` is converted to UTC at ingest. ``speaker_id``: the user id of
    whoever said it, when known (in a group's conversation, what a member says also becomes theirs)."""

    role: str
    content: str
    occurred_at: datetime
    message_id: str | None = None
    speaker: str | None = None
    speaker_id: str | None = None


@dataclass(frozen=True)
class Turn:
    """One turn of the conversation so far, as a caller passes it to recall (no id, no time)."""

    role: str
    content: str
    speaker: str | None = None


class ConversationMessage(BaseModel):
    """One message of a finished conversation, as handed to an extractor (input only)."""

    model_config = ConfigDict(frozen=True)

    message_id: str = Field(description="Stable id of the message; memories cite it as their source.")
    role: str = Field(
        description='Who sent it: "user", "assistant", "system", or another speaker role. '
        "Only non-assistant, non-system messages are sources of memories."
    )
    speaker: str | None = Field(default=None, description='Display name of the sender, e.g. "Ana"; None when unknown.')
    speaker_id: str | None = Field(
        default=None, description="The sender's user id when known (a member of a group, in a group's conversation)."
    )
    content: str = Field(description="The message text, verbatim.")
    occurred_at: datetime = Field(description="When the message was sent; timezone-aware, stored as UTC.")

    @field_validator("occurred_at")
    @classmethod
    def _aware_utc(cls, value: datetime) -> datetime:
        """Reject naive datetimes (their zone is unknowable) and normalise aware ones to UTC."""
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("occurred_at must be timezone-aware (e.g. 2023-05-08T13:56:00+00:00)")
        return value.astimezone(UTC)
