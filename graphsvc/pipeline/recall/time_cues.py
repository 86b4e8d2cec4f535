"""Time cues in a recall query ("yesterday", "on May 2nd", "上周五", "去年") as a window to boost.

The phrase is resolved against the query time with the same rules the offline extractor uses for
event times (:func:`graphsvc.text.time_phrases.resolve_relative_time`). The window around the
resolved day widens with the phrase's granularity: a day ±1 day, a week ±4 days, a month or a year
its calendar month or year. A month-and-day without a year ("May 2nd", "5月2日") matches that day in any year:
people rarely say the year of a recent memory, and imported histories are years old.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from graphsvc.rulebook.lexicon import alternation
from graphsvc.rulebook.lexicon import en as lexicon
from graphsvc.text.time_phrases import resolve_relative_time

_MONTHS = alternation(lexicon.MONTHS)
_MONTH_DAY = re.compile(
    rf"\b(?:{_MONTHS}|{alternation(lexicon.MONTH_ABBREVIATIONS)})\.? \d{{1,2}}(?:st|nd|rd|th)?\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)? of (?:{_MONTHS})\b|\d{{1,2}}月\d{{1,2}}[日号]",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\b(?:year|years)\b|年", re.IGNORECASE)
_MONTH = re.compile(r"\bmonths?\b|月", re.IGNORECASE)
_WEEK = re.compile(r"\bweeks?\b|(?:周|星期|礼拜)(?![一二三四五六日天])", re.IGNORECASE)


@dataclass(frozen=True)
class TimeWindow:
    """Hits whose time falls in [start, end] match; with ``any_year`` only month and day count."""

    start: datetime
    end: datetime
    any_year: bool = False

    def matches(self, when: datetime | None) -> bool:
        if when is None:
            return False
        if not self.any_year:
            return self.start <= when <= self.end
        for year in (when.year - 1, when.year, when.year + 1):
            try:
                start, end = self.start.replace(year=year), self.end.replace(year=year)
            except ValueError:  # 29 February in a common year
                continue
            if start <= when <= end:
                return True
        return False


def query_time_window(query: str, *, now: datetime) -> TimeWindow | None:
    """The window the query's time phrase points at, or None when it has none (or it falls outside the
    calendar: "December 31st 9999" has no window around it, issue 11)."""
    try:
        return _window(query, now)
    except (OverflowError, ValueError):
        return None


def _window(query: str, now: datetime) -> TimeWindow | None:
    day = resolve_relative_time(query, now)
    if day is None:
        return None
    if _MONTH_DAY.search(query):
        half = timedelta(days=1)
        return TimeWindow(day - half, day + half, any_year=True)
    if _YEAR.search(query):  # the calendar year ("去年", "last year")
        return TimeWindow(
            day.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0),
            day.replace(month=12, day=31, hour=23, minute=59, second=59, microsecond=0),
        )
    if _MONTH.search(query):  # the calendar month ("上个月", "last month")
        start = day.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        end = (start + timedelta(days=32)).replace(day=1) - timedelta(microseconds=1)
        return TimeWindow(start, end)
    half = timedelta(days=4) if _WEEK.search(query) else timedelta(days=1)
    return TimeWindow(day - half, day + half)
