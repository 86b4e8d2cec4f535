"""The parse the rules match on: a spaCy ``Doc`` per statement, English or Chinese.

- English: spaCy's small English pipeline (:func:`graphsvc.text.nlp.english_doc`): tokens with lemmas, universal
  parts of speech, fine tags, dependencies and named entities.
- Chinese: jieba's words with its part-of-speech flags (:func:`graphsvc.text.nlp.chinese_words`), made a spaCy
  ``Doc`` whose ``TAG`` is the flag and whose ``POS`` is the universal part of speech the flag maps to
  (:data:`ZH_POS`), so the same ``Matcher`` runs on both. The segmenter first learns the lexicon's words
  (:func:`graphsvc.rulebook.lexicon.zh.teach_segmenter`), so a kinship word or an animal before 叫 is cut as a
  word of its own ("一只猫叫年糕": 猫 | 叫 | 年糕), and a one-character kinship word its guesser glues to 会 is cut
  off again (我妈会说 → 我 | 妈 | 会 | 说). Spaces are dropped, but for one between two Latin words, which
  the ``Doc`` keeps as the first word's trailing space (《Atomic Habits》 stays two words apart).

Parses are cached per text (a statement is matched by several decisions). Without the English pipeline
(a broken install) :func:`parse` answers an empty ``Doc`` and no English rule fires: nothing is kept, precision
first.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from graphsvc.rulebook.lexicon import zh as zh_lexicon
from graphsvc.text import nlp
from graphsvc.text.language import Language

ZH_POS: dict[str, str] = {
    "n": "NOUN",
    "nr": "PROPN",
    "ns": "PROPN",
    "nt": "PROPN",
    "nz": "PROPN",
    "nrt": "PROPN",
    "nrfg": "PROPN",
    "ng": "NOUN",
    "t": "NOUN",
    "s": "NOUN",
    "f": "ADP",
    "v": "VERB",
    "vn": "VERB",
    "vd": "VERB",
    "vg": "VERB",
    "a": "ADJ",
    "ad": "ADJ",
    "an": "ADJ",
    "ag": "ADJ",
    "d": "ADV",
    "df": "ADV",
    "dg": "ADV",
    "r": "PRON",
    "rr": "PRON",
    "rz": "PRON",
    "m": "NUM",
    "mq": "NUM",
    "q": "NOUN",
    "p": "ADP",
    "c": "CCONJ",
    "u": "PART",
    "uj": "PART",
    "ul": "PART",
    "uz": "PART",
    "ug": "PART",
    "uv": "PART",
    "ud": "PART",
    "y": "PART",
    "e": "INTJ",
    "o": "INTJ",
    "x": "PUNCT",
    "w": "PUNCT",
    "eng": "X",
}
"""jieba's flags → universal parts of speech (a flag not listed is ``X``)."""

_ZH_VOCAB_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _zh_vocab() -> Any:
    import spacy

    return spacy.blank("xx").vocab  # the multi-language defaults: punctuation, digits and the like are known


def vocab(language: Language) -> Any:
    """The spaCy vocabulary the matchers of ``language`` are built on (None when English is unavailable)."""
    if language == "zh":
        return _zh_vocab()
    pipeline = nlp.english()
    return None if pipeline is None else pipeline.vocab


def parse(text: str, language: Language) -> Any:
    """The spaCy ``Doc`` of ``text`` (cached); an empty one when the English pipeline is unavailable."""
    return _parse(text, language)


_LATIN = re.compile(r"^[A-Za-z0-9][\w'’.-]*$")
"""A word of Latin letters or digits (jieba's ``eng`` words and numbers)."""


def _unglued(words: Iterable[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    """jieba's words, with a one-character kinship word cut off the 会 its guesser glues it to (我|妈会|说 becomes
    我|妈|会|说: no dictionary frequency undoes a guess)."""
    for word, flag in words:
        if len(word) == 2 and word[0] in zh_lexicon.PERSON_WORDS and word[1] in zh_lexicon.ABLE:
            yield word[0], "n"
            yield word[1], "v"
        else:
            yield word, flag


@lru_cache(maxsize=8192)
def _parse(text: str, language: Language) -> Any:
    from spacy.tokens import Doc

    if language == "en":
        doc = nlp.english_doc(text)
        return doc if doc is not None else Doc(_zh_vocab(), words=[])

    zh_lexicon.teach_segmenter()
    words: list[str] = []
    tags: list[str] = []
    spaces: list[bool] = []
    gap = False
    for word, flag in _unglued(nlp.chinese_words(text)):
        if not word.strip():
            gap = True
            continue
        if words:  # a space between two Latin words is kept ("Emotional Intelligence"); between others, dropped
            spaces[-1] = gap and _LATIN.match(words[-1]) is not None and _LATIN.match(word) is not None
        words.append(word)
        tags.append(flag)
        spaces.append(False)
        gap = False
    if not words:
        return Doc(_zh_vocab(), words=[])
    with _ZH_VOCAB_LOCK:
        return Doc(_zh_vocab(), words=words, spaces=spaces, tags=tags, pos=[ZH_POS.get(f, "X") for f in tags])
