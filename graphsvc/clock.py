"""Time source, injectable for tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """Aware UTC now."""
    return datetime.now(UTC)


def as_utc(value: datetime | None) -> datetime | None:
    """``value`` in ``datetime.UTC`` (None stays None): what graphsvc writes, so Cypher compares instants exactly."""
    return None if value is None else value.astimezone(UTC)
