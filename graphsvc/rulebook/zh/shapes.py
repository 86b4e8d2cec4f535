"""Pieces of Chinese token patterns (jieba's words as ``ORTH``, its flags as ``TAG``): who the subject is, the
adverbs and time words a statement may hold, and the combinators of :mod:`graphsvc.rulebook.en.shapes`."""

from __future__ import annotations

import re
from collections.abc import Iterable

from graphsvc.rulebook.en.shapes import PUNCT, PUNCT_OPT, Piece, Spec, each, seq
from graphsvc.rulebook.lexicon import zh


def word(*words: str, op: str | None = None) -> Spec:
    spec: Spec = {"ORTH": words[0]} if len(words) == 1 else {"ORTH": {"IN": list(words)}}
    return {**spec, "OP": op} if op else spec


def among(words: Iterable[str], *, op: str | None = None) -> Spec:
    spec: Spec = {"ORTH": {"IN": sorted(words)}}
    return {**spec, "OP": op} if op else spec


ANY: Spec = {"IS_PUNCT": False, "OP": "+"}
ANY_OPT: Spec = {"IS_PUNCT": False, "OP": "*"}
CONTENT: Spec = {
    "POS": {"NOT_IN": ["PUNCT", "PART", "PRON", "CCONJ", "INTJ"]},
    "ORTH": {"NOT_IN": sorted(zh.POINTERS | zh.LISTENER | zh.PAST_MARKERS)},
}
"""A word that says something (jieba's flags are too loose to ask for a noun: 前端 is tagged a locality word)."""


def _either(words: Iterable[str], pattern: str) -> str:
    listed = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return f"^(?:{listed}|{pattern})$"


def ending_in(words: Iterable[str]) -> Spec:
    """A jieba word that is one of ``words`` or ends with one (打麻将 for 麻将); not 跑步机, which only holds 跑步."""
    listed = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return {"ORTH": {"REGEX": f"(?:{listed})$"}}


TIME: Spec = {
    "ORTH": {
        "REGEX": _either(
            zh.TIME_WORDS | zh.WEEKDAYS | zh.TIME_PREFIXES | zh.TIME_UNITS | (zh.HOLIDAYS - {"十一"}), zh.TIME_PHRASE
        )
    }
}
"""A time word or the words of a time phrase (昨天, 上周末, 下 周三, 这个 月), or a holiday (国庆, 五一; not 十一,
which is as often eleven)."""
MORE_TIME: Spec = {"TAG": {"IN": ["t", "m", "mq", "f"]}, "OP": "*"}
"""The rest of a time phrase after its first word, as jieba tags it (下 周三 下午 两点, 下个月 18 号)."""
ACTIVITY: Spec = {
    "POS": {"NOT_IN": ["PUNCT", "PART", "PRON", "CCONJ", "INTJ"]},
    "ORTH": {
        "NOT_IN": sorted(
            zh.POINTERS
            | zh.LISTENER
            | zh.PAST_MARKERS
            | zh.TIME_WORDS
            | zh.WEEKDAYS
            | zh.TIME_UNITS
            | zh.TIME_PREFIXES
            | zh.HABIT_WORDS
            | zh.DEGREE_WORDS
            | zh.FEELING_VERBS
            | zh.MOODS
        )
    },
}
"""What a habit names: a word that is no time, frequency or degree word (每天早上跑步: 跑步; not 周六下午)."""
NOUN_TAGS = frozenset({"n", "nr", "ns", "nt", "nz", "nrt", "nrfg", "ng", "vn", "eng", "j"})
"""jieba's tags of a word that names something: nouns, names, a verb used as a noun (学习), a Latin-script word,
an abbreviation (南大)."""
PERSON_NAME_TAGS = ["nr", "nrfg", "nrt"]
NAME_TAGS = ["n", "nz", "eng", *PERSON_NAME_TAGS]
"""What jieba tags a word that can name a person or an animal with (煤球, 豆豆, Lucky, 阿杰)."""
"""jieba's tags of a person's name (小悦, 王建华)."""
ADVERBS: Spec = {
    "ORTH": {
        "REGEX": _either(
            zh.DEGREE_WORDS
            | zh.TIME_WORDS
            | zh.HABIT_WORDS
            | zh.WEEKDAYS
            | zh.SEASONS
            | zh.TIME_PREFIXES
            | zh.TIME_UNITS,
            f"{zh.TIME_PHRASE}|{zh.HABIT_START[1:]}.*",
        )
    },
    "OP": "*",
}
"""Degree, time and frequency words a statement may hold after its subject (我最近很…, 我平时…)."""
HABIT: Spec = {"ORTH": {"REGEX": zh.HABIT_START}}
"""A frequency word (每天, 平时, 每周二…)."""
NOT_HABIT: Spec = {"NORM": {"REGEX": "^(?!" + zh.HABIT_START.removeprefix("^") + ")"}}
"""No frequency word (added to another word's spec: 今天 and 先 pass, 每天晚上 does not)."""
NOT_A_DAY: Spec = {"LOWER": {"NOT_IN": sorted(zh.WEEKDAYS)}}
"""No named day of the week (added to another word's spec: 晚上 passes, 周四 does not): a plan for a named day is
one to keep."""
CLOCK_OPT: Spec = {"TAG": "m", "ORTH": {"REGEX": f"^{zh.CLOCK_TIME}$"}, "OP": "?"}
"""A time of day, if said (三点, 3点半), after the day's words (周四 下午 三点)."""
NOT: Spec = among(zh.NEGATIONS)
DE_OPT: Spec = word("的", op="?")

_DAY_OF_MONTH = ("号", "日")
DATE: Piece = ({"TAG": "m"}, word("月"), {"TAG": "m"}, word(*_DAY_OF_MONTH))
"""A day of a month as jieba cuts it (5 月 20 号)."""
DAY_OF_THIS_MONTH: Piece = ({"TAG": "m", "ORTH": {"REGEX": r"^\d{1,2}$"}}, word(*_DAY_OF_MONTH))
"""A day of this month in digits (14 号, 3 日)."""
WORDED_DATE: Piece = (
    {"TAG": "t", "ORTH": {"REGEX": "月$"}},
    {"TAG": "m", "ORTH": {"REGEX": f"[{''.join(_DAY_OF_MONTH)}]$"}},
)
"""A day of a month as jieba cuts it when the month is a word of its own (六月 九号)."""
DIGITS: Spec = {
    "TAG": {"IN": ["m", "eng"]},
    "ORTH": {"REGEX": r"^(?:[0-9]{3,}|(?=[A-Za-z]*[0-9])(?=[0-9]*[A-Za-z])[0-9A-Za-z]{2,})$"},
}
"""A code as jieba cuts it: three or more digits (6629), or letters and digits together (A3307, B2 of B2-117)."""
FIRST_PERSON: Piece = (word("我"),)
MY_PERSON: Piece = (
    among(zh.MY_OWN),
    among(zh.CLOSE, op="?"),
    DE_OPT,
    among(zh.PERSON_WORDS | zh.PLURAL_PEOPLE),
    {"TAG": {"IN": PERSON_NAME_TAGS}, "OP": "?"},
    word("一家", "全家", op="?"),
)
"""A person of the speaker's, and their name when it follows: 我女儿, 我的老板, 我父母, 我最好的朋友, 我家双胞胎,
我妹妹小悦; or their household (我儿子一家)."""
ANIMAL: Spec = {
    "ORTH": {
        "REGEX": "^(?:"
        + "|".join(sorted(zh.ANIMALS, key=len, reverse=True))
        + ")$|^.{1,2}(?:"
        + "|".join(sorted(zh.ANIMAL_ENDINGS))
        + ")$"
    }
}
"""An animal people keep: a word of the lexicon's, or one to two characters before 猫, 狗 or 犬 (橘猫, 柴犬)."""
MY_ANIMAL: Piece = (among(zh.MY_OWN), DE_OPT, ANIMAL)
SPEAKER: tuple[Piece, ...] = (FIRST_PERSON,)
MY_PERSON_AND_ANOTHER: Piece = (*MY_PERSON, word("和", "跟"), among(zh.PERSON_WORDS | zh.PLURAL_PEOPLE))
"""Two people of the speaker's together: 我哥和嫂子, 我爸跟我妈 (the second 我 is a word of its own: not matched)."""
SPEAKER_AND_THEIR_PERSON: Piece = (
    *FIRST_PERSON,
    word("和", "跟"),
    word("我", op="?"),
    among(zh.PERSON_WORDS | zh.PLURAL_PEOPLE),
    {"TAG": {"IN": PERSON_NAME_TAGS}, "OP": "?"},
)
"""The speaker and a person of theirs together, and their name when it follows: 我跟我弟弟, 我和老公, 我和发小大刘."""
SPEAKER_OR_THEIR_PERSON: tuple[Piece, ...] = (FIRST_PERSON, MY_PERSON, MY_PERSON_AND_ANOTHER, SPEAKER_AND_THEIR_PERSON)

__all__ = [
    "ADVERBS",
    "ANIMAL",
    "ANY",
    "ANY_OPT",
    "CLOCK_OPT",
    "CONTENT",
    "DATE",
    "DAY_OF_THIS_MONTH",
    "DE_OPT",
    "DIGITS",
    "FIRST_PERSON",
    "MY_ANIMAL",
    "MY_PERSON",
    "NAME_TAGS",
    "NOT",
    "PUNCT",
    "PUNCT_OPT",
    "SPEAKER",
    "SPEAKER_OR_THEIR_PERSON",
    "WORDED_DATE",
    "Piece",
    "among",
    "each",
    "seq",
    "word",
]
