"""Seed 003's candidate rules at their boundaries: promotion by days, sources and importance; expiry; statements."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from graphsvc.config import Settings
from graphsvc.pipeline.sources.candidates import is_expired, promotion_reason
from graphsvc.pipeline.sources.events import EventRow, fingerprint, normalise_tag
from graphsvc.pipeline.sources.statements import from_event

SETTINGS = Settings(environment="test")
NOW = datetime(2024, 5, 10, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("days", "sources", "importance", "expected"),
    [
        (1, 1, 0.5, None),  # one day, one source, ordinary importance: waits
        (2, 1, 0.5, "reinforced"),  # at the two-day rule
        (1, 2, 0.5, "reinforced"),  # at the two-source rule
        (1, 1, 0.79, None),  # just below the importance threshold
        (1, 1, 0.8, "importance"),  # at it
        (1, 1, 0.81, "importance"),  # just above
        (3, 3, 0.9, "reinforced"),  # reinforcement is named first
    ],
)
def test_promotion_reason_at_each_threshold(days: int, sources: int, importance: float, expected: str | None) -> None:
    assert promotion_reason(days=days, sources=sources, importance=importance, settings=SETTINGS.candidates) == expected


def test_thresholds_come_from_settings() -> None:
    strict = SETTINGS.model_copy(update={"candidate_min_days": 3, "candidate_min_sources": 3})
    assert promotion_reason(days=2, sources=2, importance=0.1, settings=strict.candidates) is None
    assert promotion_reason(days=3, sources=1, importance=0.1, settings=strict.candidates) == "reinforced"


def test_expiry_is_at_the_expiry_time_not_before() -> None:
    expires = NOW + timedelta(days=SETTINGS.candidates.ttl_days)
    assert not is_expired(expires, now=expires - timedelta(seconds=1))
    assert is_expired(expires, now=expires)
    assert is_expired(expires, now=expires + timedelta(seconds=1))


def _row(source_type: str, content: str, *, title: str | None = None, status: str | None = None) -> EventRow:
    return EventRow(
        uid="e1",
        source_uid="s1",
        source_type=source_type,  # type: ignore[arg-type]
        source_id="x",
        title=title,
        content=content,
        status=status,
        metadata=None,
        occurred_at=NOW,
        tags=(),
    )


def test_an_open_todo_states_a_goal_and_a_done_one_an_event() -> None:
    open_todo = from_event(_row("todo", "Buy running shoes"), settings=SETTINGS.candidates)
    done_todo = from_event(_row("todo", "Buy running shoes", status="done"), settings=SETTINGS.candidates)
    assert [(s.memory_type, s.content) for s in open_todo] == [("goal", "Buy running shoes")]
    assert [(s.memory_type, s.content, s.occurred_at) for s in done_todo] == [("event", "Buy running shoes", NOW)]


def test_a_calendar_entry_is_a_dated_event_and_a_note_gives_its_first_person_statements() -> None:
    entry = from_event(_row("calendar", "Dentist appointment", title="Dentist"), settings=SETTINGS.candidates)
    assert [(s.memory_type, s.content, s.occurred_at) for s in entry] == [("event", "Dentist appointment", NOW)]
    note = from_event(_row("note", "I live in Lisbon. The weather was grey."), settings=SETTINGS.candidates)
    assert any(s.memory_type == "fact" and "Lisbon" in s.content for s in note)
    assert from_event(_row("forum_post", "Release notes for version 2.3 are out."), settings=SETTINGS.candidates) == []


def test_a_todo_task_or_calendar_candidate_keeps_the_whole_text_not_the_title_alone() -> None:
    todo = from_event(_row("todo", "Book the dentist for my kid", title="Dentist"), settings=SETTINGS.candidates)
    assert [(s.memory_type, s.content) for s in todo] == [("goal", "Book the dentist for my kid")]
    lease = _row("task", "Send the lease\n  to the landlord by Friday", title="Lease")
    task = from_event(lease, settings=SETTINGS.candidates)
    assert [s.content for s in task] == ["Send the lease to the landlord by Friday"]  # all of it, on one line
    evening = _row("calendar", "Parents' evening at Leo's school", title="School")
    meeting = from_event(evening, settings=SETTINGS.candidates)
    assert [s.content for s in meeting] == ["Parents' evening at Leo's school"]
    assert [s.content for s in from_event(_row("todo", "  ", title="Call the bank"), settings=SETTINGS.candidates)] == [
        "Call the bank"  # no text: the title is all the record says
    ]


@pytest.mark.parametrize("source_type", ["document", "forum_post"])
def test_a_third_party_source_states_nothing_about_the_user(source_type: str) -> None:
    # A paper's "I think ...", an auditor's "I reviewed ...", another member's post: someone else's words.
    text = "I think the results hold. I live in Geneva and I reviewed the accounts of 2023. I love hiking."
    assert from_event(_row(source_type, text), settings=SETTINGS.candidates) == []
    assert from_event(_row("note", text), settings=SETTINGS.candidates)  # the same words in the user's own note do


def test_statements_per_event_are_capped() -> None:
    text = " ".join(f"I like fruit number {i}." for i in range(20))
    capped = SETTINGS.model_copy(update={"candidate_statements_per_event": 3})
    assert len(from_event(_row("note", text), settings=capped.candidates)) == 3


def test_a_version_fingerprint_changes_with_status_and_metadata_but_not_with_nothing() -> None:
    base = fingerprint(title="t", content="c", status="open", metadata=None)
    assert base == fingerprint(title="t", content="c", status="open", metadata=None)
    assert base != fingerprint(title="t", content="c", status="done", metadata=None)
    assert base != fingerprint(title="t", content="c", status="open", metadata='{"due":"2024-05-02"}')
    assert normalise_tag("Running  Shoes") == normalise_tag("running shoes") == "running shoes"
