"""The rulebook's word lists, one module per language (:mod:`.en`, :mod:`.zh`): each list spelled once.

Code outside the rulebook that must recognise the same words (the slot rules of supersession, the importance
scorer, the time phrases) builds its patterns from these lists with :func:`alternation` rather than spelling them
again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

PERSON_RELATIONS = frozenset(
    "mother father sister brother son daughter partner wife husband friend colleague boss".split()
)
"""The relations between people the relation rules state, in either language (the values of each lexicon's
``KIN_RELATIONS`` and ``SOCIAL_RELATIONS`` they keep): family, partner, friend, colleague, boss."""

QUOTATION_OPENING = r"^\s*[\"“「『]([^\"”」』\n]{2,})[\"”」』]\s*[^\s.!?。！？]"
"""A sentence that opens with a quotation and goes on to speak of it ("'I'll be back', best line ever", "“生活就像
一盒巧克力”，这句台词太经典了"): the quoted words are another's, in either language."""


def alternation(words: Iterable[str], *, plural: bool = False) -> str:
    """A regular-expression alternation of ``words`` (escaped, longest first, so "grandmother" wins over
    "mother"), as a non-capturing group; ``plural`` lets an English word take an "s" ("sisters")."""
    listed = "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))
    return f"(?:{listed}){'s?' if plural else ''}"
