"""Relative and month-day time phrases ("yesterday", "last Friday", "上周五", "May 2nd") resolved against a
reference time. Used to date event memories and to read time cues in recall queries."""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import datetime, timedelta

from graphsvc.rulebook.lexicon import alternation
from graphsvc.rulebook.lexicon import en as lexicon

Resolver = Callable[[re.Match[str], datetime], datetime]

_WEEKDAYS_EN = lexicon.WEEKDAYS
_PARTS_AND_UNITS = alternation(lexicon.PARTS_OF_DAY | lexicon.CALENDAR_UNITS)
_WEEKDAYS_ZH = "一二三四五六日"
_MONTHS_EN = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_NUMBERS_EN = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "a couple of": 2,
    "a few": 3,
    "few": 3,
    "several": 3,
}
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_UNIT_S = {
    "minute": 60,
    "分钟": 60,
    "hour": 3600,
    "小时": 3600,
    "个小时": 3600,
    "day": 86400,
    "天": 86400,
    "日": 86400,
    "week": 604800,
    "周": 604800,
    "星期": 604800,
    "个星期": 604800,
}


def zh_number(text: str) -> int:
    """Parse 1-99 written as digits or Chinese numerals ("三", "十二", "二十五"); "几" (a few) reads as 3."""
    if text.isdigit():
        return int(text)
    if text == "几":
        return 3
    if "十" in text:
        tens, _, units = text.partition("十")
        return _ZH_DIGITS.get(tens, 1) * 10 + _ZH_DIGITS.get(units, 0)
    return _ZH_DIGITS.get(text, 0)


def add_months(moment: datetime, months: int) -> datetime:
    """Shift by whole months, clamping the day (31 March - 1 month = 28/29 February)."""
    index = moment.month - 1 + months
    year, month = moment.year + index // 12, index % 12 + 1
    return moment.replace(year=year, month=month, day=min(moment.day, calendar.monthrange(year, month)[1]))


def _shift(unit: str, amount: int, ref: datetime) -> datetime:
    if unit in ("month", "个月", "月"):
        return add_months(ref, amount)
    if unit in ("year", "年"):
        return add_months(ref, 12 * amount)
    return ref + timedelta(seconds=_UNIT_S[unit] * amount)


def _days(n: int) -> Resolver:
    return lambda m, ref: ref + timedelta(days=n)


def _months(n: int) -> Resolver:
    return lambda m, ref: add_months(ref, n)


def _week_day(weeks: int, day: int | None = None) -> Resolver:
    """Day `day` (0 = Monday; None: the weekday named in group 1, 一…日/天) of the Monday-based week
    `weeks` away from the reference's week."""

    def resolve(m: re.Match[str], ref: datetime) -> datetime:
        named = day if day is not None else _WEEKDAYS_ZH.find(m.group(1).replace("天", "日"))
        return ref + timedelta(days=7 * weeks + named - ref.weekday())

    return resolve


def _last_weekday_en(m: re.Match[str], ref: datetime) -> datetime:
    back = (ref.weekday() - _WEEKDAYS_EN.index(m.group(1).lower())) % 7 or 7
    return ref - timedelta(days=back)


def _next_weekday_en(m: re.Match[str], ref: datetime) -> datetime:
    return ref + timedelta(days=(_WEEKDAYS_EN.index(m.group(1).lower()) - ref.weekday()) % 7 or 7)


def _ago_en(m: re.Match[str], ref: datetime) -> datetime:
    amount = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS_EN[m.group(1).lower()]
    return _shift(m.group(2).lower(), -amount, ref)


def _ago_zh(m: re.Match[str], ref: datetime) -> datetime:
    if m.group(1) == "半":
        return ref - timedelta(days=15) if m.group(2) == "个月" else add_months(ref, -6)
    return _shift(m.group(2), -zh_number(m.group(1)), ref)


def _later_zh(m: re.Match[str], ref: datetime) -> datetime:
    return _shift(m.group(2), zh_number(m.group(1)), ref)


def _date_en(m: re.Match[str], ref: datetime) -> datetime:
    year = int(m.group(3)) if m.group(3) else ref.year
    return ref.replace(year=year, month=_MONTHS_EN[m.group(1).lower()], day=int(m.group(2)))


def _date_zh(m: re.Match[str], ref: datetime) -> datetime:
    year = int(m.group(1)) if m.group(1) else ref.year
    return ref.replace(year=year, month=int(m.group(2)), day=int(m.group(3)))


_WD_EN = "(" + "|".join(_WEEKDAYS_EN) + ")"
_MONTH_EN = "(" + "|".join(_MONTHS_EN) + ")"
_NUM_EN = r"(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few|few|several)"
_NUM_ZH = r"(\d+|[一二两三四五六七八九十几]{1,3})"
_WEEK_ZH = r"个?(?:周|星期|礼拜)"
_THIS_ZH = r"(?:这|本)"

# Searched all at once; the earliest match wins, then the longest ("上周五" over "上周").
TIME_PHRASES: tuple[tuple[re.Pattern[str], Resolver], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), resolver)
    for pattern, resolver in (
        (r"\bthe day before yesterday\b", _days(-2)),
        (r"\b(?:yesterday|last night)\b", _days(-1)),
        (r"\bthe day after tomorrow\b", _days(2)),
        (r"\btomorrow\b", _days(1)),
        (rf"\b(?:today|tonight|this {_PARTS_AND_UNITS}|earlier today|just now)\b", _days(0)),
        (rf"\b(?:last|this past|past) {_WD_EN}\b", _last_weekday_en),
        (rf"\bnext {_WD_EN}\b", _next_weekday_en),
        (r"\b(?:last|this past) weekend\b", _week_day(-1, 5)),
        (r"\bthis weekend\b", _week_day(0, 5)),
        (r"\bnext weekend\b", _week_day(1, 5)),
        (r"\blast week\b", _days(-7)),
        (r"\bnext week\b", _days(7)),
        (r"\blast month\b", _months(-1)),
        (r"\bnext month\b", _months(1)),
        (r"\blast year\b", _months(-12)),
        (r"\bnext year\b", _months(12)),
        (rf"\b{_NUM_EN} (minute|hour|day|week|month|year)s? ago\b", _ago_en),
        (rf"\b(?:on )?{_MONTH_EN}\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?\b", _date_en),
        ("大前天", _days(-3)),
        ("前天", _days(-2)),
        ("昨天|昨晚|昨日|昨儿", _days(-1)),
        ("大后天", _days(3)),
        ("后天", _days(2)),
        ("明天|明早|明晚", _days(1)),
        ("今天|今晚|今早|今日|刚刚|刚才", _days(0)),
        (f"上{_WEEK_ZH}末", _week_day(-1, 5)),
        (f"{_THIS_ZH}{_WEEK_ZH}末", _week_day(0, 5)),
        (f"下{_WEEK_ZH}末", _week_day(1, 5)),
        (f"上{_WEEK_ZH}([一二三四五六日天])", _week_day(-1)),
        (f"{_THIS_ZH}{_WEEK_ZH}([一二三四五六日天])", _week_day(0)),
        (f"下{_WEEK_ZH}([一二三四五六日天])", _week_day(1)),
        (f"上{_WEEK_ZH}", _days(-7)),
        (f"下{_WEEK_ZH}", _days(7)),
        ("上个?月", _months(-1)),
        ("下个?月", _months(1)),
        ("前年", _months(-24)),
        ("去年", _months(-12)),
        ("明年", _months(12)),
        (_NUM_ZH + r"(分钟|个小时|小时|天|日|个星期|星期|周|个月|年)(?:之|以)?前", _ago_zh),
        (r"(半)(个月|年)(?:之|以)?前", _ago_zh),
        (_NUM_ZH + r"(天|个星期|星期|周|个月|年)(?:之|以)?后", _later_zh),
        (r"(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号]", _date_zh),
    )
)


def _month_alone(m: re.Match[str], ref: datetime, future: bool | None) -> datetime:
    """ "in May" / "this May" / "in May 2024": the first day of that month, in the year named or the reference's; of
    the next year when a plan
    names a month already behind (said in October), of the year before when a past happening names one ahead."""
    month = _MONTHS_EN[m.group(1).lower()]
    if m.group(2):
        return ref.replace(year=int(m.group(2)), month=month, day=1)
    year = ref.year + (1 if future and month < ref.month else -1 if future is False and month > ref.month else 0)
    return ref.replace(year=year, month=month, day=1)


def _weekday_alone(m: re.Match[str], ref: datetime, future: bool | None) -> datetime:
    """ "on Tuesday": the next Tuesday for a plan, the last one for a past happening, else the nearest ahead."""
    day = _WEEKDAYS_EN.index(m.group(1).lower())
    if future is False:
        return ref - timedelta(days=(ref.weekday() - day) % 7 or 7)
    return ref + timedelta(days=(day - ref.weekday()) % 7 or 7)


TensedResolver = Callable[[re.Match[str], datetime, "bool | None"], datetime]
TENSED_PHRASES: tuple[tuple[re.Pattern[str], TensedResolver], ...] = (
    (re.compile(rf"\b(?:in|this|until|by) {_MONTH_EN}(?:\s+(\d{{4}}))?\b(?!\s+\d)", re.IGNORECASE), _month_alone),
    (re.compile(rf"\bon {_WD_EN}\b(?!s)", re.IGNORECASE), _weekday_alone),
)
"""Phrases whose direction depends on the tense of what is said: a month alone, a weekday alone. Tried only when
no phrase of :data:`TIME_PHRASES` is found."""


def resolve_relative_time(text: str, reference: datetime, *, future: bool | None = None) -> datetime | None:
    """Resolve the first relative (or month-day) time phrase of `text` against `reference`.

    Handles English ("yesterday", "last night", "the day before yesterday", "today", "tomorrow",
    "last/next Friday", "last/this/next weekend", "last/next week|month|year", "two days ago", "a few
    weeks ago", "May 2nd[, 2023]") and Chinese ("今天", "昨天", "前天", "大前天", "明天", "后天", "上周五",
    "这周三", "下周一", "上周末", "上周", "上个月", "下个月", "去年", "前年", "明年", "三天前", "两个月前",
    "几天前", "半年前", "三天后", "5月2日"). Weeks start on Monday, so "上周五" is the Friday of the
    previous Monday-Sunday week, while "last Friday" is the most recent Friday strictly before the reference
    day. "a few"/"几" read as 3; months clamp the day (31 March - 1 month = 28/29 February).

    Args:
        text: A sentence or message, any language.
        reference: The message time; the result keeps its time zone.
        future: the tense of what ``text`` says, when known (True: a plan, False: a past happening). With it a
            month or a weekday alone is resolved too (:data:`TENSED_PHRASES`: "in May" said in October is next
            May for a plan; "on Tuesday" the next or the last Tuesday); a month alone reads as its first day.

    Returns:
        The resolved moment with day precision: the reference's clock time is kept (except for
        "N hours/minutes ago", which are exact), so ordering against the message stays stable. None when
        the text holds no resolvable phrase (vague words such as "recently" / "最近" resolve to None).
    """
    best: tuple[int, int, Resolver, re.Match[str]] | None = None
    for pattern, resolver in TIME_PHRASES:
        match = pattern.search(text)
        if match and (best is None or (match.start(), -len(match[0])) < (best[0], best[1])):
            best = (match.start(), -len(match[0]), resolver, match)
    if best is None:
        if future is None:
            return None
        for pattern, tensed in TENSED_PHRASES:
            if match := pattern.search(text):
                return tensed(match, reference, future)
        return None
    try:
        return best[2](best[3], reference)
    except (ValueError, OverflowError):  # impossible dates such as "February 31"
        return None
