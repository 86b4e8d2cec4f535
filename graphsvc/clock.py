"""Time source, injectable for tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """Aware UTC now."""
    return datetime.now(UTC)
