"""Restatement or changed value: what two near-duplicate memories say differently (issue 21).

Two memories can be close vectors and still disagree: "Mia is vegetarian." / "Mia is vegan.", "I have three
cats" / "I have two cats", "Yoga is on Tuesday" / "Yoga is on Monday", "Mia lives in Lisbon" / "Mia lives in
Porto". Embedders place such pairs as close as paraphrases, so the near-duplicate threshold alone would
reinforce the old value (seed 001 §4 speaks of similarity only). :func:`compare` reads the two texts and says
whether the newer one restates the older (reinforce) or changes a value (never a reinforcement: the writing
wing makes it a new memory of the same slot, which supersedes the older one).

A pair is a changed value when, after folding case, width, contractions, number words and filler words
("really", "currently", "很", "现在"...):
- ``number``: both name numbers and the numbers differ ("three" / "2", "三只" / "两只");
- ``negation``: one is negated and the other not ("likes" / "doesn't like", "喜欢" / "不喜欢");
- ``day`` / ``date``: both name weekdays (or months) and they differ ("Tuesday" / "Monday", "周二" / "周一");
- ``entity``: each names a capitalised name the other does not ("Lisbon" / "Porto");
- ``value``: a word of one is replaced by a different word of the other in the same frame ("vegetarian" /
  "vegan", "里斯本" / "波尔图"), unless the two are known synonyms ("love" / "enjoy", "doctor" / "physician").

Anything else (added or dropped detail, synonyms, word order, fillers) is a restatement. Chinese is compared
character by character. Pure: no I/O, no model.
"""

from __future__ import annotations

import difflib
import os
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from graphsvc.rulebook.lexicon import en as lexicon

ChangeKind = Literal["number", "negation", "day", "date", "entity", "value"]


@dataclass(frozen=True)
class Comparison:
    """What :func:`compare` found. ``changed``: a changed value (``kind`` says which rule, ``old``/``new``
    the differing parts as folded); otherwise a restatement (``kind`` None). ``places``: in how many places
    the two differ once synonyms, word forms and moved words are set aside; a value of one statement changed
    differs in one place ("a cat named Miso" / "a dog named Rex" differ in two: another statement).
    ``changed_share``: the part of the longer text's words (fillers aside) outside what the two share; a value
    changed in the same frame leaves at most half ("Ana works as a nurse" / "Ana may have moved hospitals"
    share only the name: another statement)."""

    changed: bool
    kind: ChangeKind | None = None
    old: str = ""
    new: str = ""
    places: int = 0
    changed_share: float = 0.0

    @property
    def one_value_changed(self) -> bool:
        """A changed value in an otherwise identical statement: the newer can take the older's place."""
        return self.changed and self.places == 1 and self.changed_share <= MAX_CHANGED_SHARE


MAX_CHANGED_SHARE = 0.5
"""The most of a statement a changed value may replace and still be a value of the same statement."""

_CONTRACTIONS = (
    (re.compile(r"\bno longer\b"), "not"),
    (re.compile(r"\bcan'?t\b"), "can not"),
    (re.compile(r"\bwon'?t\b"), "will not"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"'m\b"), " am"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"'ve\b"), " have"),
    (re.compile(r"'ll\b"), " will"),
    (re.compile(r"'d\b"), " would"),
    (re.compile(r"'s\b"), " s"),
)
_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty".split()
    )
} | {
    "thirty": "30",
    "forty": "40",
    "fifty": "50",
    "sixty": "60",
    "seventy": "70",
    "eighty": "80",
    "ninety": "90",
    "hundred": "100",
    "dozen": "12",
    "twice": "2",
    "once": "1",
}
_TENS = frozenset({"20", "30", "40", "50"} | {"60", "70", "80", "90"})
_ZH_NUMERALS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_NUMBER_OR_IDIOM = re.compile(
    r"(一(?:直|起|样|定|些|下|点|般|切|共|向|旦|边|方面)|万一|统一|唯一)|[零一二两三四五六七八九十百]+"
)
_WEEKDAYS = {
    **{d: str(i) for i, d in enumerate(lexicon.WEEKDAYS)},
    **{d: str(i) for i, d in enumerate(lexicon.WEEKDAY_ABBREVIATIONS)},
    **{f"{d}s": str(i) for i, d in enumerate(lexicon.WEEKDAYS)},
    "weekend": "w",
    "weekends": "w",
    "weekday": "d",
    "weekdays": "d",
}
_ZH_WEEKDAY = re.compile(r"(?:星期|礼拜|周)([一二三四五六日天末])")
_ZH_DAY_INDEX = {"一": "0", "二": "1", "三": "2", "四": "3", "五": "4", "六": "5", "日": "6", "天": "6", "末": "w"}
_MONTHS = {m: str(i) for i, m in enumerate(lexicon.MONTHS, start=1)}
_NEGATING_VERBS = {"quit", "stopped", "stop", "quitting", "gave"}
""""quit smoking", "stopped eating meat", "gave up": a negated habit (and its positive counterpart)."""
_ZH_NEGATION = re.compile(r"不(?!错|过|仅|但|久)|没|别|未|无(?!论)|非(?!常)|戒了|戒掉")
_FILLERS = set(
    "really very so quite also still just actually currently now presently these days nowadays truly totally "
    "anymore every each absolutely definitely always usually pretty kind of kinda a an the some somewhat rather "
    "much lot lots well indeed too as of by right at this moment time being".split()
)
"""Words that never carry the value: dropped before the texts are aligned."""
_FRAME = set(
    "i me my mine you your he him his she her hers they them their we us our it its s is am are was were be "
    "been being do does did have has had having will would can could shall should may might must to in on at "
    "for from with about into of and or but that this which who whom what there here".split()
)
"""Words of the sentence's frame: a substitution among them alone ("works as" / "is a") changes no value."""
_ZH_FILLERS = set("我你他她它们很也还都特别非常真的最比较一直挺蛮超其实现在目前已经了啦呢啊吧的着过是在")
_SYNONYMS: tuple[frozenset[str], ...] = tuple(
    frozenset(group.split())
    for group in (
        "love like enjoy adore fond keen big fan",
        "loves likes enjoys adores",
        "hate dislike detest loathe",
        "hates dislikes detests loathes",
        "live lives living reside resides residing stay stays staying based home moved relocated",
        "work works working employed job",
        "doctor physician",
        "car automobile",
        "kid kids child children",
        "big large huge",
        "small little tiny",
        "begin begins start starts",
        "film films movie movies",
        "buy bought purchase purchased",
        "happy glad",
        "mom mother mum",
        "dad father",
        "wife spouse",
        "husband spouse",
        "喜 爱 欢",
        "住 居",
        "工 作 上 班 职",
        "医 生 夫",
        "电 影 片",
        "买 购",
        "开 始 起",
        "讨 厌 烦 恨",
        "妈 母 亲",
        "爸 父 亲",
    )
)
_LATIN_OR_NUMBER = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")
_CJK = re.compile(r"[\u3400-\u9fff]")
_CAPITALISED = re.compile(r"\b[A-Z][a-zA-Z'-]+")


def _fold(text: str) -> str:
    """NFKC, case-folded, contractions spelt out, Chinese weekdays as ``zhday<n>`` and numerals as digits."""
    folded = unicodedata.normalize("NFKC", text).replace("’", "'").casefold()
    for pattern, replacement in _CONTRACTIONS:
        folded = pattern.sub(replacement, folded)
    folded = _ZH_WEEKDAY.sub(lambda m: f" zhday{_ZH_DAY_INDEX[m[1]]} ", folded)
    return _ZH_NUMBER_OR_IDIOM.sub(lambda m: m[0] if m[1] else f" {zh_number(m[0])} ", folded)


def _tokens(text: str) -> list[str]:
    """Latin words and numbers as words, each CJK character as one token, in order; number words as digits."""
    out: list[str] = []
    i = 0
    folded = _fold(text)
    while i < len(folded):
        ch = folded[i]
        if _CJK.match(ch):
            out.append(ch)
            i += 1
            continue
        match = _LATIN_OR_NUMBER.match(folded, i)
        if match is None:
            i += 1
            continue
        word = _NUMBER_WORDS.get(match[0], match[0])
        if out and word.isdigit() and len(word) == 1 and out[-1] in _TENS and folded[i - 1] in "- ":
            word = str(int(out.pop()) + int(word))  # "thirty-four"
        out.append(word)
        i = match.end()
    return out


def _numbers(tokens: list[str]) -> set[str]:
    return {t for t in tokens if t[0].isdigit()}


def zh_number(numeral: str) -> int:
    """A Chinese numeral's value: 一 → 1, 两 → 2, 十二 → 12, 二十 → 20, 三百 → 300 (else digit by digit)."""
    if "百" in numeral:
        head, _, tail = numeral.partition("百")
        return (zh_number(head) if head else 1) * 100 + (zh_number(tail) if tail else 0)
    if "十" in numeral:
        head, _, tail = numeral.partition("十")
        return (_ZH_NUMERALS.get(head, 1) if head else 1) * 10 + (_ZH_NUMERALS.get(tail, 0) if tail else 0)
    value = 0
    for ch in numeral:
        value = value * 10 + _ZH_NUMERALS.get(ch, 0)
    return value


def _negated(text: str, tokens: list[str]) -> bool:
    count = sum(1 for t in tokens if t in lexicon.NEGATING_WORDS or t in _NEGATING_VERBS)
    count += len(_ZH_NEGATION.findall(text))
    return count % 2 == 1


def _days(text: str, tokens: list[str]) -> set[str]:
    found = {_WEEKDAYS[t] for t in tokens if t in _WEEKDAYS}
    found |= {t.removeprefix("zhday") for t in tokens if t.startswith("zhday")}
    return found


def _months(tokens: list[str]) -> set[str]:
    return {_MONTHS[t] for t in tokens if t in _MONTHS and t != "may"} | (
        {"5"} if "may" in tokens and _may_is_month(tokens) else set()
    )


def _may_is_month(tokens: list[str]) -> bool:
    """ "in May" / "May 3": the month; "I may go": the verb."""
    for i, t in enumerate(tokens):
        if t != "may":
            continue
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if before in ("in", "of", "since", "until", "early", "late", "mid", "next", "last") or after[:1].isdigit():
            return True
    return False


def _names(text: str) -> set[str]:
    """Capitalised words, folded: names ("Lisbon", "Siemens"), leaving out "I", frame and filler words, weekdays
    and months (so a sentence's capitalised first word counts only when it is none of those)."""
    names = set()
    for match in _CAPITALISED.finditer(text.replace("’", "'")):
        word = match[0].casefold().removesuffix("'s")
        if word == "i" or word in _FRAME or word in _FILLERS or word in _WEEKDAYS or word in _MONTHS:
            continue
        names.add(word)
    return names


def _same_word(a: str, b: str) -> bool:
    """One word in two forms: equal, or sharing a prefix of at least four letters that leaves at most three
    letters of the shorter ("studies" / "studying", "allergic" / "allergy"; not "vegetarian" / "vegan")."""
    if a == b:
        return True
    if not (a.isalpha() and b.isalpha() and a.isascii() and b.isascii()):
        return False
    prefix = len(os.path.commonprefix([a, b]))
    return prefix >= max(4, min(len(a), len(b)) - 3)


def _content(tokens: list[str]) -> list[str]:
    return [t for t in tokens if t not in _FRAME and t not in _FILLERS and t not in _ZH_FILLERS]


def _synonyms(old: list[str], new: list[str]) -> bool:
    """Whether the two sides of a substitution say the same thing: each word of each side is a form of a word
    of the other side or in a synonym group with one."""

    def covered(words: list[str], others: list[str]) -> bool:
        return all(
            any(_same_word(w, o) for o in others) or any(w in g and any(o in g for o in others) for g in _SYNONYMS)
            for w in words
        )

    return covered(old, new) and covered(new, old)


def compare(old: str, new: str) -> Comparison:
    """Whether ``new`` restates ``old`` or changes one of its values (the rules: module docstring).

    Args:
        old: the stored memory's text.
        new: the new memory's text (the two are already near duplicates, or of one slot).

    Returns:
        ``Comparison(changed=False)`` for a restatement (reinforce); ``changed=True`` with the rule that fired
        and the differing parts otherwise. Symmetric in which rule fires.
    """
    old_tokens, new_tokens = _tokens(old), _tokens(new)
    places, substituted = _differences(_content(old_tokens), _content(new_tokens))
    share = _changed_share(old_tokens, new_tokens)
    checks: tuple[tuple[ChangeKind, set[str], set[str]], ...] = (
        ("number", _numbers(old_tokens), _numbers(new_tokens)),
        ("day", _days(old, old_tokens), _days(new, new_tokens)),
        ("date", _months(old_tokens), _months(new_tokens)),
    )
    for kind, a, b in checks:
        if a and b and a != b:
            return Comparison(True, kind, " ".join(sorted(a - b)), " ".join(sorted(b - a)), max(places, 1), share)
    if _negated(old, old_tokens) != _negated(new, new_tokens):
        return Comparison(True, "negation", old, new, max(places, 1), share)
    old_names, new_names = _names(old), _names(new)
    if old_names - new_names and new_names - old_names:
        only_old, only_new = " ".join(sorted(old_names - new_names)), " ".join(sorted(new_names - old_names))
        return Comparison(True, "entity", only_old, only_new, max(places, 1), share)
    if substituted is not None:
        return Comparison(True, "value", substituted[0], substituted[1], places, share)
    return Comparison(False, places=places, changed_share=share)


def is_paraphrase(old: str, new: str) -> bool:
    """Whether ``new`` says what ``old`` says in other words: no value changed (:func:`compare`) and no difference
    left once fillers, synonyms, word forms and word order are set aside ("I love hiking in the Alps." / "I really
    love hiking in the Alps."). Added or dropped detail is not a paraphrase here ("Buy milk" / "Buy milk and eggs"
    differ in one place), nor is any changed value ("…the Alps" / "…the Pyrenees")."""
    found = compare(old, new)
    return not found.changed and found.places == 0


def _changed_share(old_tokens: list[str], new_tokens: list[str]) -> float:
    """The part of the longer token sequence (English fillers aside, frame words and every Chinese character
    kept: a Chinese word is several tokens) the two do not share, 0–1."""
    left = [t for t in old_tokens if t not in _FILLERS]
    right = [t for t in new_tokens if t not in _FILLERS]
    longest = max(len(left), len(right))
    if not longest:
        return 0.0
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    shared = sum(block.size for block in matcher.get_matching_blocks())
    return 1.0 - shared / longest


def _differences(left: list[str], right: list[str]) -> tuple[int, tuple[str, str] | None]:
    """In how many places two content-word sequences differ, and the first substitution of a word by a
    different one (None: none). Words said elsewhere in the other text only moved; synonyms and word forms
    are the same word."""
    places, substituted = 0, None
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        removed = [w for w in left[i1:i2] if not any(_same_word(w, o) for o in right)]
        added = [w for w in right[j1:j2] if not any(_same_word(w, o) for o in left)]
        if not removed and not added or (removed and added and _synonyms(removed, added)):
            continue
        places += 1
        if removed and added and substituted is None:
            substituted = (" ".join(removed), " ".join(added))
    return places, substituted
