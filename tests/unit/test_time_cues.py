from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.pipeline.recall.time_cues import query_time_window

NOW = datetime(2026, 11, 21, 12, tzinfo=UTC)  # a Saturday


def at(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, 10, tzinfo=UTC)


def test_no_time_phrase_no_window() -> None:
    assert query_time_window("What did Caroline paint?", now=NOW) is None


@pytest.mark.parametrize("query", ["On May 2nd, what did I see?", "我曾经在5月2日去过博物馆，我看到了什么？"])
def test_a_month_and_day_matches_that_day_in_any_year(query: str) -> None:
    window = query_time_window(query, now=NOW)
    assert window is not None
    assert window.matches(at(2023, 5, 2)) and window.matches(at(2024, 5, 3))
    assert not window.matches(at(2023, 5, 5)) and not window.matches(None)


def test_relative_days_weeks_months_and_years() -> None:
    yesterday = query_time_window("what did I do yesterday?", now=NOW)
    assert yesterday is not None and yesterday.matches(at(2026, 11, 20)) and not yesterday.matches(at(2026, 11, 10))
    friday = query_time_window("上周五我做了什么", now=NOW)  # Friday of the previous Monday-Sunday week
    assert friday is not None and friday.matches(at(2026, 11, 13)) and not friday.matches(at(2026, 11, 16))
    month = query_time_window("上个月我去了哪里", now=NOW)
    assert month is not None and month.matches(at(2026, 10, 2)) and not month.matches(at(2026, 11, 2))
    year = query_time_window("去年我做过什么", now=NOW)
    assert year is not None and year.matches(at(2025, 2, 1)) and not year.matches(at(2026, 2, 1))


def test_a_date_at_the_edge_of_the_calendar_gives_no_window_instead_of_an_error() -> None:
    from datetime import UTC, datetime

    from graphsvc.pipeline.recall.time_cues import query_time_window

    now = datetime(2024, 5, 1, tzinfo=UTC)
    assert query_time_window("What happened on December 31st 9999?", now=now) is None
    assert query_time_window("the week after December 31 9999", now=now) is None
    assert query_time_window("What happened on May 2nd?", now=now) is not None
