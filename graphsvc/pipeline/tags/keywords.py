"""Topic keywords of a text: YAKE (Campos et al. 2020, unsupervised, statistical) for English and other
space-separated languages, jieba's TF-IDF keyword extraction (``jieba.analyse.extract_tags``, with the IDF table it
ships) for Chinese. Pure, no network: both libraries ship what they need.

Keywords are case-folded and short (1–2 words, at most 40 characters); numbers and single letters are dropped.
"""

from __future__ import annotations

import logging
import re
import threading
import warnings
from functools import cache
from typing import Any

from graphsvc.text.language import detect_language

MAX_TEXT_CHARS = 50_000
MAX_KEYWORD_CHARS = 40
_WORDY = re.compile(r"[^\W\d_]{2}", re.UNICODE)
_LOCK = threading.Lock()


@cache
def _yake(top: int) -> Any:
    import yake

    return yake.KeywordExtractor(lan="en", n=2, top=top, dedupLim=0.7)


@cache
def _jieba() -> Any:
    # jieba.analyse reads its IDF table with open(...).read() at import and never closes the file: the
    # ResourceWarning is jieba's, silenced here only (the warning fires as the file object is freed, at import).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        import jieba
        import jieba.analyse

        jieba.setLogLevel(logging.WARNING)
        jieba.initialize()
    return jieba.analyse


def keywords(text: str, *, top: int = 5) -> list[str]:
    """The text's ``top`` topic keywords, best first (case-folded); empty for a text without words."""
    text = text[:MAX_TEXT_CHARS].strip()
    if not text or top <= 0:
        return []
    with _LOCK:  # neither library documents thread safety
        if detect_language(text) == "zh":
            found = [str(k) for k in _jieba().extract_tags(text, topK=top * 2)]
        else:
            found = [str(k) for k, _score in _yake(top * 2).extract_keywords(text)]
    out: list[str] = []
    for word in found:
        folded = " ".join(word.casefold().split())
        if len(folded) <= MAX_KEYWORD_CHARS and _WORDY.search(folded) and folded not in out:
            out.append(folded)
    return out[:top]
