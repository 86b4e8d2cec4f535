"""How the offline reflector words a trait: a characterisation of its evidence, not a quoted sentence.

From the memories a trait grows from (English or Chinese), in this order:

1. what the user likes: the objects of like-verbs ("Ana loves painting", "I enjoy tea tasting", "我喜欢画画")
   → "Enjoys painting and tea tasting" / "喜欢画画和品茶";
2. what the user wants: the objects of want-verbs ("plans to", "wants to", "打算", "想") → "Wants to learn the
   piano" / "想要学钢琴";
3. else nothing: the trait is not worded (and not proposed). Shared keywords are no characterisation
   ("Often mentions dreams and sure" is what a person would never write).

An item is kept only when it is a real noun phrase or activity (:func:`_is_phrase`: spaCy's tags in English,
jieba's in Chinese; no pronoun, auxiliary or bare adverb: "Enjoys they're" is refused) and is grounded in at least
:data:`MIN_GROUNDING` of the memories (its head word appears in them). At most three items, each at most
:data:`MAX_ITEM_CHARS`; the user's and other people's names are not items. Pure and deterministic.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from graphsvc.text import nlp
from graphsvc.text.language import detect_language

MAX_ITEMS = 3
MAX_ITEM_CHARS = 40
MIN_GROUNDING = 2
"""Memories of the trait an item must appear in (issue 22: a trait's object is grounded in two evidence memories)."""
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



def _items(pattern: re.Pattern[str], texts: Sequence[str], *, limit: int | None = MAX_ITEMS) -> list[str]:
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
    return list(dict.fromkeys(found))[:limit]


def _join(items: list[str], language: str) -> str:
    """The items as one list ("a, b and c"). In English an action of several words ("trying new wines") goes last,
    so no item after it reads as its object ("Enjoys business and trying new wines", not "Enjoys trying new wines
    and business")."""
    if language == "zh":
        return items[0] if len(items) == 1 else "、".join(items[:-1]) + "和" + items[-1]
    items = sorted(items, key=lambda item: len(item.split()) > 1 and item.split()[0].lower().endswith("ing"))
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


_EN_NOT_PHRASE = frozenset(
    """it that this them they they're i i'm you we he she sure so very really just about being doing going getting
    having when how what which who why where more most lot lots much things stuff everything something
    anything""".split()
)
_PASSING_OBJECTS = frozenset(
    """walk movie film show trip break rest look time something somewhere anything food meal drink coffee tea nap
    shower bath chat talk call photo picture place way thing things day night weekend lot""".split()
)
"""Objects of a passing wish ("Wants to take a walk", "Wants to watch a movie"): no characterisation of a person."""
_ZH_NOT_START = tuple("很也还都就我你他她它这那些个了着过的得地吧吗呢啊")


def _is_phrase(item: str, language: str, *, verb_phrase: bool = False) -> bool:
    """Whether ``item`` is a noun phrase or an activity a trait can name ("contemporary dance", "playing the
    piano", "画画"; with ``verb_phrase`` an action: "run a marathon", "travel"), not a pronoun, an auxiliary or an
    adverb left over by the pattern ("they're", "sure")."""
    words = item.split()
    if language == "zh":
        if item.startswith(_ZH_NOT_START) or len(item) < (3 if verb_phrase else 2):
            return False
        flags = [flag for _word, flag in nlp.chinese_words(item)]
        return bool(flags) and flags[-1][:1] in ("n", "v") and not any(f[:1] in ("r", "u", "y", "e") for f in flags)
    if not words or words[0].lower() in _EN_NOT_PHRASE or words[-1].lower() in _EN_NOT_PHRASE:
        return False
    carrier = ("I want to", 3) if verb_phrase else ("I like", 2)
    tokens = nlp.english_parse(f"{carrier[0]} {item}.")
    if tokens is None:
        return len(words[-1]) >= 3
    inner = tokens[carrier[1] : -1]
    if any(t.pos in ("PRON", "AUX", "PART", "INTJ", "NUM") for t in inner):
        return False
    if not inner:
        return False
    if verb_phrase:  # an action with a specific object: "run a marathon", not "go" or "take a walk"
        nouns = [t for t in inner if t.pos in ("NOUN", "PROPN")]
        return inner[0].pos == "VERB" and bool(nouns) and nouns[-1].text.lower() not in _PASSING_OBJECTS
    return inner[-1].pos in ("NOUN", "PROPN") or (inner[-1].pos == "VERB" and inner[-1].text.endswith("ing"))


def _grounded(item: str, texts: Sequence[str], language: str, *, verb_phrase: bool = False) -> bool:
    """Whether ``item`` appears in :data:`MIN_GROUNDING` texts.

    Chinese: the whole item. English: its head (the last word, a plural "s" aside); for a liked thing also the
    nouns compounded with the head (spaCy's ``compound``), since they say which kind the taste is for: "action
    movies" needs two texts naming action movies, not two naming films of any kind. A wanted action's object is
    one thing, named in full once and later by its head ("open a small art studio", then "sign the studio
    lease"), so its head is enough. Adjectives are never required ("small", "popular").
    """
    if language == "zh":
        return sum(item in text for text in texts) >= MIN_GROUNDING
    words = [item.split()[-1]]
    tokens = None if verb_phrase else nlp.english_parse(f"I like {item}.")
    if tokens is not None and len(tokens) > 3:
        head = tokens[-2]
        words = [t.text for t in tokens[2:-1] if t.index == head.index or (t.dep, t.head) == ("compound", head.index)]
    stems = [w.lower()[:-1] if w.lower().endswith("s") and len(w) > 3 else w.lower() for w in words]
    patterns = [re.compile(rf"\b{re.escape(stem)}", re.IGNORECASE) for stem in stems]
    return sum(all(p.search(text) for p in patterns) for text in texts) >= MIN_GROUNDING


def _kept(items: list[str], texts: Sequence[str], language: str, *, verb_phrase: bool = False) -> list[str]:
    return [
        item
        for item in items
        if _is_phrase(item, language, verb_phrase=verb_phrase)
        and _grounded(item, texts, language, verb_phrase=verb_phrase)
    ]


def characterise(texts: Sequence[str]) -> str | None:
    """A short characterisation of what ``texts`` (one trait's memories, most central first) have in common.

    Returns:
        e.g. "Enjoys painting and tea tasting", "Wants to run a marathon", "喜欢画画和品茶"; None when no liked
        or wanted noun phrase is grounded in two of the texts (then no trait is worded: precision first).
    """
    if not texts:
        return None
    language = detect_language(" ".join(texts))
    likes_pattern, wants_pattern = (_ZH_LIKES, _ZH_WANTS) if language == "zh" else (_EN_LIKES, _EN_WANTS)
    likes = _kept(_items(likes_pattern, texts, limit=None), texts, language)[:MAX_ITEMS]
    if likes:
        return ("喜欢" if language == "zh" else "Enjoys ") + _join(likes, language)
    wants = _kept(_items(wants_pattern, texts, limit=None), texts, language, verb_phrase=True)[:MAX_ITEMS]
    if wants:
        return ("想要" if language == "zh" else "Wants to ") + _join(wants, language)
    if language != "zh":
        done = [a for a, n in Counter(a for t in texts for a in set(_EN_WENT.findall(t.lower()))).items() if n >= 2]
        if done:
            return "Goes " + _join(sorted(done)[:MAX_ITEMS], language)
    return None


_EN_WENT = re.compile(r"\b(?:went|goes|go|going) ((?:running|hiking|swimming|cycling|biking|climbing|skiing|"
                      r"surfing|fishing|camping|dancing|skating|snowboarding|kayaking|sailing|jogging|bowling))\b")
"""An activity done again ("went running" in two memories → "Goes running"): a habit, in the speaker's words."""
