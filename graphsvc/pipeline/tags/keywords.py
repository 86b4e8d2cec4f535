"""Topic keywords of a text: YAKE (Campos et al. 2020, unsupervised, statistical) for English and other
space-separated languages, jieba's TF-IDF keyword extraction (``jieba.analyse.extract_tags``, with the IDF table it
ships) for Chinese. Pure, no network: both libraries ship what they need.

Keywords are case-folded and short (1–2 words, at most 40 characters); numbers and single letters are dropped.
A keyword is a topic, so it is a noun phrase and never a person's name or an interjection: in English the text's
part-of-speech and entity tags (spaCy, :func:`graphsvc.text.nlp.english_tags`) must make its last word a noun and no
word a pronoun, interjection or person name ("wow", "hey caroline", "jon" are dropped); in Chinese only jieba's noun
tags are asked for (no person names ``nr``, adverbs, numerals). Without the English pipeline a list of
interjections and chat words stands in. Names the caller knows (the speakers) are left out as well.
"""

from __future__ import annotations

import logging
import re
import threading
import warnings
from collections.abc import Collection
from functools import cache
from typing import Any

from graphsvc.rulebook.lexicon import en as lexicon
from graphsvc.text import nlp
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


ZH_TOPIC_POS = ("n", "nz", "vn", "ns", "nt", "nw", "ng")
"""jieba's noun tags: a Chinese keyword is a common, place or organisation noun (not a person's name ``nr``)."""
NOT_TOPICS = (
    lexicon.INTERJECTIONS
    | lexicon.GREETINGS
    | lexicon.THANKS
    | lexicon.FAREWELLS
    | lexicon.REACTION_WORDS
    | lexicon.VAGUE_OBJECTS
    | lexicon.DEGREE_ADVERBS
    | frozenset(lexicon.INFORMAL)
)
"""Chat words that are never a topic (the rulebook's English lexicon: interjections, greetings, reactions, vague
words; the fallback when the English pipeline is unavailable, and always)."""


def keywords(text: str, *, top: int = 5, exclude: Collection[str] = ()) -> list[str]:
    """The text's ``top`` topic keywords, best first (case-folded); empty for a text without words.

    Args:
        text: any text (the first ``MAX_TEXT_CHARS`` are read).
        top: how many keywords at most.
        exclude: names never to return, nor any keyword holding one as a word (e.g. the speakers).
    """
    text = text[:MAX_TEXT_CHARS].strip()
    if not text or top <= 0:
        return []
    chinese = detect_language(text) == "zh"
    with _LOCK:  # neither library documents thread safety
        if chinese:
            found = [str(k) for k in _jieba().extract_tags(text, topK=top * 2, allowPOS=ZH_TOPIC_POS)]
        else:
            found = [str(k) for k, _score in _yake(top * 3).extract_keywords(text)]
    excluded = {w for name in exclude for w in name.casefold().split()}
    tags = None if chinese else _english_word_tags(text)
    out: list[str] = []
    for word in found:
        folded = " ".join(word.casefold().split())
        words = folded.split()
        if len(folded) > MAX_KEYWORD_CHARS or not _WORDY.search(folded) or folded in out:
            continue
        if any(w in NOT_TOPICS or w in excluded for w in words):
            continue
        if tags is not None and not _is_topic(words, tags):
            continue
        out.append(folded)
    return out[:top]


def _english_word_tags(text: str) -> dict[str, set[str]] | None:
    """Lower-cased word → the part-of-speech tags (and ``PERSON``) it has in ``text``; None without the pipeline."""
    tagged = nlp.english_tags(text)
    if tagged is None:
        return None
    out: dict[str, set[str]] = {}
    for word, pos, entity in tagged:
        out.setdefault(word.casefold(), set()).update({pos, entity} if entity == "PERSON" else {pos})
    return out


def _is_topic(words: list[str], tags: dict[str, set[str]]) -> bool:
    """A noun phrase that names no person: its last word a noun somewhere in the text, no word only ever a
    pronoun, interjection, verb or adjective, and none tagged as a person's name."""
    if any("PERSON" in tags.get(w, set()) for w in words):
        return False
    if any(tags.get(w) and tags[w] <= {"PRON", "INTJ", "DET", "AUX", "ADV", "PART", "SCONJ", "CCONJ"} for w in words):
        return False
    return bool(tags.get(words[-1], set()) & {"NOUN", "PROPN"})
