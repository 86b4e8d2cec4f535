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
    我|妈|会|说: no dictionary frequency undoes a guess), 我 cut off a word it was guessed into (我少 becomes 我|少),
    a person word of the speaker's cut across two words made whole before the verb it lost a character to
    (我|老|公开|一辆 becomes 我|老公|开|一辆; 我的|老|公司 stays, as 司 is no verb), a doubled name after a person
    or an animal word tagged a name (:func:`_nickname`), a familiar name cut after its prefix made whole (大|刘
    becomes 大刘), and a full name cut after its surname made whole (王|小鹿 becomes 王小鹿:
    :func:`_given_name_cut_off`)."""
    cut = list(words)
    skip = False
    for at, (word, flag) in enumerate(cut):
        if skip:
            skip = False
            continue
        after = cut[at + 1][0] if at + 1 < len(cut) else ""
        if len(word) == 2 and word[0] in zh_lexicon.PERSON_WORDS and word[1] in zh_lexicon.ABLE:
            yield word[0], "n"
            yield word[1], "v"
        elif len(word) > 1 and word[0] == "我" and not nlp.in_chinese_dictionary(word):
            yield "我", "r"  # a guess glued 我 to the word after it (让|我少|吃盐): 我 is a word of its own
            yield from nlp.chinese_words(word[1:])
        elif at and cut[at - 1][0] in zh_lexicon.MY_OWN | {"的"} and _split_person(word, after):
            yield word + after[0], "n"
            yield from nlp.chinese_words(after[1:])
            skip = True
        elif at and _nickname(word, flag, cut[at - 1][0], after):
            yield word, "nr"
        elif word in zh_lexicon.NAME_PREFIXES and len(after) == 1 and cut[at + 1][1] == "nr":
            yield word + after, "nr"  # a familiar name cut apart (大|刘): one name
            skip = True
        elif _given_name_cut_off(word, flag, cut[at + 1] if at + 1 < len(cut) else ("", "")):
            yield word + after, "nr"  # a full name cut after its surname (王|小鹿): one name
            skip = True
        else:
            yield word, flag


def _given_name_cut_off(word: str, flag: str, following: tuple[str, str]) -> bool:
    """Whether ``word`` is a surname that jieba cut off the given name after it: one character tagged a name,
    then a word of one or two characters tagged a name too (王|小鹿; jieba keeps the names its dictionary or its
    guesser knows whole, 王建国, and cuts the others after the surname)."""
    return flag == "nr" and len(word) == 1 and following[1] == "nr" and 1 <= len(following[0]) <= 2


_NAMED_BY_NICKNAME = zh_lexicon.PERSON_WORDS | zh_lexicon.ANIMALS
"""The words a doubled name may follow: a person's or an animal's (我儿子, 我家狗狗)."""


def _nickname(word: str, flag: str, before: str, after: str) -> bool:
    """Whether ``word`` is a doubled name right after a person or an animal word (我儿子|乐乐, 我家狗狗|豆豆), which
    jieba reads as an adjective, a verb, a noun, a sound (猫|咪咪) or a measure word (女儿|朵朵); not a doubled word
    that says how (我女儿|胖胖|的, 我妈|常常)."""
    doubled = len(word) == 2 and word[0] == word[1]
    return doubled and flag[:1] in ("a", "v", "n", "o", "q") and before in _NAMED_BY_NICKNAME and after != "的"


def _split_person(word: str, after: str) -> bool:
    """Whether a person word was cut across ``word`` and the first character of ``after``, the rest of which is one
    verb (老 | 公开: 老公 | 开)."""
    if word in zh_lexicon.PERSON_WORDS or len(after) < 2 or word + after[0] not in zh_lexicon.PERSON_WORDS:
        return False
    rest = list(nlp.chinese_words(after[1:]))
    return len(rest) == 1 and rest[0][1].startswith("v")


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
