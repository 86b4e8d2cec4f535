"""Checks on caller input, shared by GraphQL, the CLI and the benchmarks.

Each failure is an :class:`~graphsvc.errors.InvalidInputError` naming the field,
the problem and the limit; nothing is written when one fails.
"""

from __future__ import annotations

from datetime import UTC, datetime

from graphsvc.config import Settings
from graphsvc.errors import InvalidInputError


def require_id(field: str, value: str, settings: Settings) -> str:
    """A non-blank id within ``max_id_chars``; returns it stripped."""
    stripped = value.strip() if isinstance(value, str) else ""
    if not stripped:
        raise InvalidInputError(field=field, problem="must not be empty")
    if len(stripped) > settings.max_id_chars:
        raise InvalidInputError(
            field=field,
            problem=f"is {len(stripped)} characters, over the limit of {settings.max_id_chars}",
            fix="use a shorter id (for example a hash of the long one)",
        )
    return stripped


def require_text(field: str, value: str, *, limit: int) -> str:
    """Non-blank text within ``limit`` characters."""
    if not value or not value.strip():
        raise InvalidInputError(field=field, problem="must not be empty")
    if len(value) > limit:
        raise InvalidInputError(
            field=field,
            problem=f"is {len(value)} characters, over the limit of {limit}",
            fix="split the text into several messages",
        )
    return value


def require_aware(field: str, value: datetime) -> datetime:
    """A datetime in UTC; a naive one is taken as UTC."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def parse_datetime(field: str, value: str) -> datetime:
    """ISO-8601 text → aware UTC datetime.

    Raises:
        InvalidInputError: not ISO-8601.
    """
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except (ValueError, AttributeError) as exc:
        raise InvalidInputError(
            field=field,
            problem=f"{value!r} is not an ISO-8601 date-time",
            fix="use e.g. 2024-05-01T14:30:00Z",
        ) from exc
    return require_aware(field, parsed)


def require_limit(field: str, value: int, *, maximum: int) -> int:
    if value < 1 or value > maximum:
        raise InvalidInputError(field=field, problem=f"must be between 1 and {maximum}, got {value}")
    return value
