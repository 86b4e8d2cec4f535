"""Language and sentences: the smallest pieces of the rule-based text toolbox (English and Chinese)."""

from __future__ import annotations

import re
from typing import Literal

Language = Literal["en", "zh"]

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z][\w@.'+-]*", re.ASCII)
"""A run of Latin script: a word, a name, a code or an address (WiFi, bluefern42, ana@example.com) counts once."""
_WORD_WEIGHT = 2
"""Han characters a Latin word stands for: a Chinese word is one to three characters."""
_SENTENCE = re.compile(r"(?:[^。！？；!?;.\n]|\.(?!\s|$)|[!?](?=[A-Za-z0-9]))+(?:[。！？；!?;.]+[”」』）)\"']*)?")
"""A sentence and its closing marks; a mark inside a word or a code (3.5, Lakeview!2290) closes nothing."""
_ABBREVIATION = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|vs|etc|e\.g|i\.e)\.$", re.IGNORECASE)


def han_characters(text: str) -> list[str]:
    """The Han (Chinese) characters of ``text``, in order."""
    return _CJK.findall(text)


def detect_language(text: str) -> Language:
    """Return "zh" when Han characters are at least 40 % of ``text``'s words, else "en".

    A run of Latin script counts as two characters whatever its length, so a long code or address in a Chinese
    sentence (我家WiFi密码是bluefern42) leaves it Chinese, and a Chinese name in an English one (I met 王芳 today)
    leaves it English.
    """
    cjk = len(_CJK.findall(text))
    latin = _WORD_WEIGHT * len(_LATIN_WORD.findall(text))
    return "zh" if cjk and cjk / (cjk + latin) >= 0.4 else "en"


def split_sentences(text: str) -> list[str]:
    """Split on . ! ? ; 。！？；and newlines, keeping the terminal punctuation with its sentence."""
    sentences: list[str] = []
    for part in _SENTENCE.findall(text):
        part = part.strip()
        if not part:
            continue
        if sentences and _ABBREVIATION.search(sentences[-1]):
            sentences[-1] = f"{sentences[-1]} {part}"
        else:
            sentences.append(part)
    return sentences


_WRAPPING_QUOTES = {'"': '"', "“": "”", "「": "」", "『": "』"}
"""Quotation marks that may wrap a whole sentence, by their opening mark."""
_TERMINAL = "。！？；!?;."


def unquoted(sentence: str) -> str:
    """A sentence wrapped whole in quotation marks without them (\"I live in Paris.\" → I live in Paris.; “我住在巴黎。”
    → 我住在巴黎。); any other sentence as it is, one that quotes only a part of itself included."""
    text = sentence.strip()
    closing = _WRAPPING_QUOTES.get(text[:1])
    if closing is None:
        return sentence
    body = text[1:]
    end = body.rstrip(_TERMINAL)
    after = body[len(end) :]
    if not end.endswith(closing) or closing in end[:-1] or (closing != text[:1] and text[:1] in end):
        return sentence
    inner = end[:-1].strip()
    return inner + after if inner else sentence
