"""Date-times sent as epoch microseconds read back as the same aware UTC values the driver's own would give."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from neo4j.time import Date, DateTime

from graphsvc.graph.database import EPOCH, from_epoch_us, native


def epoch_us(value: DateTime) -> int:
    """What ``CASE WHEN t IS :: ZONED DATETIME THEN t.epochMillis * 1000 + t.microsecond % 1000 ...`` sends
    (``epochMillis``: whole milliseconds since the epoch, rounded down)."""
    instant = value.to_native()
    assert instant.tzinfo is not None
    millis = (instant - EPOCH) // timedelta(milliseconds=1)
    return millis * 1000 + (value.nanosecond // 1000) % 1000


@pytest.mark.parametrize(
    "value",
    [
        DateTime(2024, 5, 2, 11, 30, 0, 123_456_789, tzinfo=timezone(timedelta(hours=2))),
        DateTime(2024, 5, 2, 9, 30, 0, 999_999_999, tzinfo=UTC),
        DateTime(2025, 1, 1, 0, 0, 0, 1_000, tzinfo=timezone(timedelta(hours=-5, minutes=-30))),
        DateTime(1969, 12, 31, 23, 59, 59, 500_000_000, tzinfo=UTC),
        DateTime(1969, 12, 31, 23, 59, 58, 400_500, tzinfo=UTC),
        DateTime(1900, 3, 1, 0, 0, 0, 7, tzinfo=UTC),
    ],
)
def test_epoch_microseconds_give_what_the_drivers_value_gives(value: DateTime) -> None:
    got = from_epoch_us(epoch_us(value))
    want = native(value)
    assert got == want
    assert got.tzinfo is UTC and want.tzinfo is UTC
    assert got.microsecond == value.nanosecond // 1000  # truncated, as the driver truncates


def test_other_values_pass_through_as_native_turns_them() -> None:
    assert from_epoch_us(None) is None
    assert from_epoch_us(Date(2024, 5, 2)) == date(2024, 5, 2)
    moment = datetime(2024, 5, 2, 9, 30, tzinfo=UTC)
    assert from_epoch_us(moment) == moment
    assert from_epoch_us(0) == datetime(1970, 1, 1, tzinfo=UTC)
    assert from_epoch_us(True) is True  # a boolean is not a time
