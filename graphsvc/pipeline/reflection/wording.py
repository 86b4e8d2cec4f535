"""How the offline reflector words a trait: a characterisation of its evidence, not a quoted sentence.

From the memories a trait grows from (English or Chinese), in this order:

1. what the user likes: the objects of like-verbs ("Ana loves painting", "I enjoy tea tasting", "我喜欢画画")
   → "Enjoys painting and tea tasting" / "喜欢画画和品茶";
2. what the user wants: the objects of want-verbs ("plans to", "wants to", "打算", "想") → "Wants to learn the
   piano" / "打算学钢琴";
3. else the content words the memories share → "Often mentions chess, openings and clubs" / "常提到：象棋、开局".

At most three items, each at most :data:`MAX_ITEM_CHARS`; the user's and other people's names are not items.
Pure and deterministic.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from graphsvc.text.language import detect_language

MAX_ITEMS = 3
MAX_ITEM_CHARS = 40
_STOP_TAIL = (
    r"(?=\s*[,.;!?]|\s+(?:and|but|because|with|when|since|so|as|every|on|at|in|next|last|this|"
    r"today|tomorrow|yesterday|again|too|a lot)\b|\s*$)"
)
_ITEM = r"([a-z][\w'-]*(?:\s[a-z][\w'-]*){0,4}?)"
_EN_LIKES = re.compile(
    r"\b(?:loves?|likes?|enjoys?|adores?|prefers?|(?:is|am|'m) (?:really |so )?(?:into|passionate about|a fan of)|"
    r"favou?rite (?:\w+ )?is)\s+(?:to\s+)?" + _ITEM + _STOP_TAIL,
    re.IGNORECASE,
)
_EN_WANTS = re.compile(
    r"\b(?:wants?|plans?|hopes?|intends?|(?:is|am|'m) (?:planning|hoping|going))\s+(?:on\s+)?to\s+"
    + _ITEM
    + _STOP_TAIL,
    re.IGNORECASE,
)
_ZH_LIKES = re.compile(r"(?:喜欢|热爱|爱好是|钟爱|迷上了?)([\u4e00-\u9fff]{1,8}?)(?=[，。！？、和与；,.!?]|$)")
_ZH_WANTS = re.compile(r"(?:打算|计划|准备|想要|希望|梦想)([\u4e00-\u9fff]{2,10}?)(?=[，。！？；,.!?]|$)")
_EN_STOP = frozenset(
    """a an the and or but if so to of in on at by for with from as is am are was were be been being have has had
    do does did i me my we our you your he him his she her it its they them their this that these those there
    here what which who when where why how all any some no not very can will just also really about into over
    after before then than too more most much many lot lots thing things stuff time times day days week weeks
    year years today yesterday tomorrow now still even always often usually sometimes recently lately new good
    great nice fun love loves like likes enjoy enjoys went go goes going got get make made feel feels felt
    want wants think thinks know one two being it's i'm i've""".split()
)
_ZH_STOP = frozenset("我你他她它们的了是在有和就不也都很会去要说这那个一上下来到对把被着过吗呢吧啊还又再给让跟")


def _items(pattern: re.Pattern[str], texts: Sequence[str]) -> list[str]:
    """The objects ``pattern`` captures, in order, each once (an item inside another keeps the shorter)."""
    found: list[str] = []
    for text in texts:
        for match in pattern.finditer(text):
            item = match[1].strip(" ,.;'\"")
            if not item or len(item) > MAX_ITEM_CHARS or item.split()[0].lower() in ("it", "that", "this", "them"):
                continue
            item = item[:1].lower() + item[1:] if not item[:2].isupper() else item
            if any(item in known for known in found):
                found = [item if item in known else known for known in found]
            elif not any(known in item for known in found):
                found.append(item)
    return list(dict.fromkeys(found))[:MAX_ITEMS]


def _join(items: list[str], language: str) -> str:
    if language == "zh":
        return items[0] if len(items) == 1 else "、".join(items[:-1]) + "和" + items[-1]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _shared_words(texts: Sequence[str], language: str) -> list[str]:
    """Content words at least two of ``texts`` hold, most shared first (names and stop words out)."""
    counts: Counter[str] = Counter()
    for text in texts:
        if language == "zh":
            found = re.findall(r"[\u4e00-\u9fff]{2}", re.sub(f"[{''.join(_ZH_STOP)}]", " ", text))
        else:
            found = [w.lower() for w in re.findall(r"(?<![\w'])[a-z][a-z'-]{2,}", text) if w.lower() not in _EN_STOP]
        counts.update(list(dict.fromkeys(found)))  # once per text, in order: ties keep first appearance
    return [w for w, n in counts.most_common() if n >= 2][:MAX_ITEMS]


def characterise(texts: Sequence[str]) -> str:
    """A short characterisation of what ``texts`` (one trait's memories, most central first) have in common.

    Returns:
        e.g. "Enjoys painting, piano and tea tasting", "Wants to run a marathon", "Often mentions chess and
        openings", "喜欢画画和品茶"; the first text itself when none of the rules finds anything (never empty for
        non-empty input).
    """
    if not texts:
        return ""
    language = detect_language(" ".join(texts))
    if language == "zh":
        likes, wants = _items(_ZH_LIKES, texts), _items(_ZH_WANTS, texts)
        if likes:
            return "喜欢" + _join(likes, language)
        if wants:
            return "想要" + _join(wants, language)
        shared = _shared_words(texts, language)
        return "常提到：" + "、".join(shared) if shared else texts[0]
    likes, wants = _items(_EN_LIKES, texts), _items(_EN_WANTS, texts)
    if likes:
        return "Enjoys " + _join(likes, language)
    if wants:
        return "Wants to " + _join(wants, language)
    shared = _shared_words(texts, language)
    return "Often mentions " + _join(shared, language) if shared else texts[0]
