"""Pieces of Chinese patterns that name someone or something (jieba's words): the slots of the entity and relation
rules (:mod:`graphsvc.rulebook.slots`) and the words around them.

jieba cuts an unknown name into pieces (青禾: 青 | 禾; 林小雅: 林 | 小雅) and tags many names as common nouns or
adjectives (年糕, 小满), so a name after a word that gives one (叫, 名叫) is a run of nouns, adjectives and proper
nouns; without such a word a name must be one word jieba calls a proper noun (``nr``, ``ns``, ``nt``, ``nz``).
No word the lexicon says is no name (朋友, 今天, 哈哈: :data:`~graphsvc.rulebook.lexicon.zh.NOT_NAMES`) is part of
one, nor a time word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from graphsvc.rulebook.en.shapes import Piece, Spec
from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.slots import Slot
from graphsvc.rulebook.zh.shapes import ANIMAL as ANIMAL
from graphsvc.rulebook.zh.shapes import DE_OPT, PUNCT, among, seq, word

_NOT_NAMES = sorted(zh.NOT_NAMES)
NAME_PIECE: Spec = {
    "POS": {"IN": ["PROPN", "NOUN", "ADJ", "X"]},
    "TAG": {"NOT_IN": ["t", "s", "f", "q"]},
    "ORTH": {"NOT_IN": _NOT_NAMES},
}
"""One piece of a name given by a word that names (叫 张 | 德华)."""
PROPER: Spec = {"POS": "PROPN", "ORTH": {"NOT_IN": _NOT_NAMES}}
"""One word jieba calls a proper noun (张伟/nr, 滨江/ns, 华为/nr)."""
NAME = Slot("name", {**NAME_PIECE, "OP": "+"})
"""A name after a word that gives one (the entity a rule decides, a relation's target)."""
PROPER_NAME = Slot("name", PROPER)
"""A name standing alone: one proper noun."""
PERSON_NAME = Slot("name", {"TAG": {"IN": ["nr", "nrfg", "nrt", "eng"]}, "ORTH": {"NOT_IN": _NOT_NAMES}})
"""A name right after a person word, with nothing between them that names (我同事小王, 我的朋友Tom): one word
jieba tags as a person's name, or a Latin word; not another proper noun (跟领导汇报: 汇报 is tagged ``nz``)."""
SOURCE = Slot("source", PROPER)
"""A relation's source where the sentence names it (张伟的妹妹…)."""
VALUE = Slot("value", {**NAME_PIECE, "OP": "+"})
"""A feature's value (我是一名护士: 护士)."""


def ending(words: Iterable[str]) -> Spec:
    """A word that ends with one of ``words`` after something else (上海市, 清华大学; not 幼儿园 itself: the written
    form is the point), and is no word that is no name (老城区)."""
    listed = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return {"ORTH": {"REGEX": f".(?:{listed})$", "NOT_IN": _NOT_NAMES}}


NAMING: Spec = among(zh.NAMING_WORDS)
PERSON_WORD: Spec = among(zh.RELATION_WORDS)
MY: Piece = (word("我", "我们"), DE_OPT)
"""The speaker's (我, 我的; a family's: 我们家 is cut 我们 | 家)."""
MY_HOME: Piece = (word("我", "我家", "我们家"), DE_OPT)
COUNT_OPT: Spec = {"POS": "NUM", "OP": "?"}
"""一只, 两只: jieba cuts the measure word with its number."""
CLAUSE_START: Spec = {**PUNCT, "OP": "?"}


def named_as(owner: Piece, noun: Spec) -> tuple[Piece, ...]:
    """Someone named with what they are to ``owner``: 我的朋友张伟, 我姐姐叫李梅, 我老婆是王丽."""
    return (
        seq(owner, noun, PERSON_NAME),
        seq(owner, noun, NAMING, NAME),
        seq(owner, noun, word("是"), PROPER_NAME),
    )


LIVES_IN: tuple[Piece, ...] = (
    seq(word("住"), word("在"), NAME),
    seq(among(zh.MOVING), word("到", "去", op="?"), word("了", op="?"), NAME),
    seq(word("在"), NAME, word("生活", "定居")),
)
"""After its subject, where someone lives or moved to: 住在西安, 搬到了贵阳, 在南京生活."""
COMES_FROM: tuple[Piece, ...] = (seq(among(zh.ORIGIN), NAME), seq(word("老家"), word("在", "是"), NAME))
"""After its subject, where someone comes from: 来自贵阳, 老家在湖南."""
