"""How current a recalled line of memoryContext is (:func:`graphsvc.pipeline.recall.context._freshness`): a plan
said ahead of its day, upcoming or passed; a belief not confirmed for long, as of when."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graphsvc.pipeline.recall.context import _freshness
from graphsvc.pipeline.recall.hits import HitKind, RecallHit

NOW = datetime(2025, 6, 15, 12, tzinfo=UTC)
STALE = timedelta(days=180)


def hit(kind: HitKind, *, memory_type: str | None = None, at: datetime, confirmed: datetime) -> RecallHit:
    return RecallHit(
        "u", kind, "…", 1.0, at, [], memory_type=memory_type, valid_from=confirmed, last_confirmed_at=confirmed
    )


def test_a_plan_is_upcoming_until_its_day_is_over_then_passed() -> None:
    said = datetime(2025, 6, 1, tzinfo=UTC)
    ahead = hit("memory", memory_type="event", at=datetime(2025, 6, 15, 8, tzinfo=UTC), confirmed=said)
    assert _freshness(ahead, now=NOW, stale_after=STALE) == " (said 2025-06-01; upcoming)"
    behind = hit("memory", memory_type="event", at=datetime(2025, 6, 14, tzinfo=UTC), confirmed=said)
    assert _freshness(behind, now=NOW, stale_after=STALE) == " (said 2025-06-01; that date has passed)"


def test_a_message_that_stated_a_plan_says_for_when() -> None:
    message = hit("event", at=datetime(2025, 6, 1, tzinfo=UTC), confirmed=datetime(2025, 6, 1, tzinfo=UTC))
    planned = datetime(2025, 6, 10, tzinfo=UTC)
    assert _freshness(message, now=NOW, stale_after=STALE, planned_for=planned) == (
        " (planned for 2025-06-10; that date has passed)"
    )
    assert _freshness(message, now=NOW, stale_after=STALE) == ""  # a message of no plan: its date says it all


def test_a_belief_not_confirmed_for_long_says_as_of_when_and_a_fresh_one_nothing() -> None:
    old = datetime(2024, 3, 2, tzinfo=UTC)
    for kind in ("memory", "impression", "trait"):
        assert _freshness(hit(kind, at=old, confirmed=old), now=NOW, stale_after=STALE) == " (as of March 2024)"
    fresh = NOW - timedelta(days=10)
    assert _freshness(hit("memory", memory_type="fact", at=old, confirmed=fresh), now=NOW, stale_after=STALE) == ""
    past_event = hit("memory", memory_type="event", at=old, confirmed=old)  # happened when said: no plan, just old
    assert _freshness(past_event, now=NOW, stale_after=STALE) == " (as of March 2024)"
