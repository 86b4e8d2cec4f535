"""The rule-based importance scorer (the M.1 scorer seed 001 refers to), English and Chinese cue words."""

from __future__ import annotations

import re

from graphsvc.rulebook.lexicon import en, zh
from graphsvc.vocabulary import MemoryType


def _either(english: frozenset[str], chinese: frozenset[str]) -> str:
    """A pattern of the lexicon's English words (whole words, plural too) or its Chinese words."""
    words = "|".join(re.escape(w) for w in sorted(english, key=len, reverse=True))
    hanzi = "|".join(re.escape(w) for w in sorted(chinese, key=len, reverse=True))
    return rf"\b(?:{words})s?\b|{hanzi}"


# Importance cues (seed 001 / M.1): each category counts once, whatever the number of matching words.
IMPORTANCE_BASE: dict[MemoryType, float] = {
    "fact": 0.6,
    "preference": 0.5,
    "goal": 0.7,
    "pain_point": 0.7,
    "event": 0.5,
}
IMPORTANCE_CUES: tuple[tuple[float, re.Pattern[str]], ...] = tuple(
    (delta, re.compile(pattern, re.IGNORECASE))
    for delta, pattern in (
        (0.2, r"\b(?:died|passed away|death|funeral|lost my \w+)\b|去世|离世|葬礼|过世"),
        (
            0.15,
            r"\b(?:health|sick|ill|hospital|doctor|cancer|surgery|diagnos\w*|pregnan\w*|injur\w*|"
            r"therapy|depress\w*)\b|健康|生病|医院|手术|怀孕|受伤|抑郁|确诊",
        ),
        (
            0.15,
            r"\b(?:wedding|married|engaged|divorc\w*|graduat\w*|born|birth|adopt\w*)\b|结婚|婚礼|"
            r"离婚|订婚|毕业|出生|领养",
        ),
        (0.1, _either(frozenset(en.KIN_RELATIONS) | en.PLURAL_PEOPLE, frozenset(zh.KIN_RELATIONS) | zh.PLURAL_PEOPLE)),
        (
            0.1,
            r"\b(?:job|jobs|career|work|promotion|boss|fired|hired|interview|salary|colleague)\b|"
            r"工作|职业|升职|薪资|工资|面试|辞职|跳槽|老板|同事",
        ),
        (0.1, r"\b(?:money|debt|loan|mortgage|rent|savings|budget)\b|钱|贷款|房贷|债|存款|房租"),
        (0.1, r"\b(?:move|moved|moving|relocat\w*)\b|搬家|搬到"),
        (-0.15, _either(en.PASSING_ACTIVITIES | {"weather", "tv", "bed"}, zh.PASSING_ACTIVITIES | {"天气", "零食"})),
    )
)


def score_importance(memory_type: MemoryType, content: str) -> float:
    """Rule-based fallback importance scorer (the M.1 scorer that seed 001 refers to).

    Rule: start from the base of the memory type (fact 0.6, preference 0.5, goal 0.7, pain_point 0.7,
    event 0.5), add each matching cue category once (death/loss +0.2; health +0.15; life milestones such as
    wedding, divorce, graduation, birth, adoption +0.15; family +0.1; job/career +0.1; money +0.1; moving
    +0.1), subtract 0.15 for trivial daily things (weather, meals, coffee, TV, sleep), and clamp to [0, 1].
    Cue words are English and Chinese (:data:`IMPORTANCE_CUES`; family and trivial things are the rulebook's
    lexicon: kinship, passing activities).

    The scale is 0-1 here; seed 002's reflection sums the importance of new facts/events and triggers at
    30 on a 1-10 scale, so the reflection code multiplies these scores by 10.

    Args:
        memory_type: The memory's type.
        content: The memory text (without a speaker prefix, so names do not count as cues).

    Returns:
        Importance in [0, 1], rounded to 2 decimals.
    """
    score = IMPORTANCE_BASE[memory_type]
    for delta, pattern in IMPORTANCE_CUES:
        if pattern.search(content):
            score += delta
    return round(min(1.0, max(0.0, score)), 2)
