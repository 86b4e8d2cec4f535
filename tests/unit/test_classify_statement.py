"""A memory stored without a type (MCP ``remember``) gets the type the offline extractor would give its
sentences, and an event the time it names."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.pipeline.extraction.offline import classify_statement

AT = datetime(2024, 6, 10, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ana: I live in Lisbon.", "fact"),
        ("I hate waiting in queues.", "preference"),
        ("I want to run a marathon.", "goal"),
        ("I am stressed about my exams.", "pain_point"),
        ("我很喜欢喝茶。", "preference"),
        ("The sky is blue.", "fact"),  # no cue fires: a fact
    ],
)
def test_the_type_is_the_offline_extractors(text: str, expected: str) -> None:
    assert classify_statement(text, at=AT) == (expected, None)


def test_an_event_keeps_the_time_it_names() -> None:
    assert classify_statement("I went to Paris last week.", at=AT) == ("event", datetime(2024, 6, 3, 9, tzinfo=UTC))
    assert classify_statement("我昨天去了北京。", at=AT) == ("event", datetime(2024, 6, 9, 9, tzinfo=UTC))


def test_the_most_confident_sentence_wins() -> None:
    kind, _ = classify_statement("The weather was fine. I am stressed about my exams.", at=AT)
    assert kind == "pain_point"
