"""Pieces of English token patterns the rules are built from: who the subject is, optional adverbs, and the
combinators that join them into spaCy ``Matcher`` patterns.

A piece is a tuple of token specifications; :func:`seq` joins pieces, :func:`each` makes one pattern per
alternative of a piece, so a rule reads as ``each(SUBJECTS, seq(BE, ALLERGIC, TO, ANY))``.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import Any

from graphsvc.rulebook.lexicon import en

Spec = dict[str, Any]
Piece = tuple[Spec, ...]


def seq(*pieces: Piece | Spec) -> Piece:
    """The pieces one after another."""
    out: list[Spec] = []
    for piece in pieces:
        out.extend([piece] if isinstance(piece, dict) else piece)
    return tuple(out)


def each(*choices: Iterable[Piece]) -> tuple[Piece, ...]:
    """Every combination of one piece from each argument, joined (the alternatives of a rule)."""
    return tuple(seq(*combo) for combo in product(*(tuple(c) for c in choices)))


def lower(*words: str, op: str | None = None) -> Spec:
    spec: Spec = {"LOWER": words[0]} if len(words) == 1 else {"LOWER": {"IN": list(words)}}
    return {**spec, "OP": op} if op else spec


def lemma(*words: str, op: str | None = None) -> Spec:
    spec: Spec = {"LEMMA": words[0]} if len(words) == 1 else {"LEMMA": {"IN": list(words)}}
    return {**spec, "OP": op} if op else spec


def third_person(verb: str) -> str:
    """``love`` → ``loves``, ``go`` → ``goes``, ``study`` → ``studies`` (English spelling rules)."""
    lower = verb.lower()
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def verb_forms(verbs: Iterable[str]) -> frozenset[str]:
    """Each verb with its regular forms ("hope" → hope, hopes, hoped, hoping; "plan" → planned), matched by their
    lower-case text where the lemmatizer misreads one ("hopes" → "hop")."""
    forms: set[str] = set()
    for verb in verbs:
        stem = verb[:-1] if verb.endswith("e") else verb
        short = len(verb) <= 4 and verb[-1] not in "aeiouwy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou"
        stem = verb + verb[-1] if short else stem  # plan → planned
        forms |= {verb, third_person(verb), stem + "ed", stem + "ing"}
    return frozenset(forms)


def among(words: Iterable[str], *, attr: str = "LOWER", op: str | None = None) -> Spec:
    spec: Spec = {attr: {"IN": sorted(words)}}
    return {**spec, "OP": op} if op else spec


NOT_IN_CAPITALS: Spec = {"IS_UPPER": False}
"""A pronoun as a word, not a name spelt in capitals: "us", not "the US"; "it", not "IT" (information technology).
:func:`in_capitals` is the same test on a token outside a pattern."""


def in_capitals(token: Any) -> bool:
    """Whether a spaCy token is a word of two or more letters spelt in capitals ("US", "IT"): a name, not a
    pronoun (the test :data:`NOT_IN_CAPITALS` makes inside a pattern)."""
    return len(token.text) > 1 and bool(token.is_upper)


_WORD_OR_HYPHEN = {"TAG": {"NOT_IN": [".", ",", ":", "``", "''", "-LRB-", "-RRB-", "NFP"]}}
"""A word, or a hyphen inside one ("five-a-side", "low-impact"): no other punctuation."""
ANY: Spec = {**_WORD_OR_HYPHEN, "OP": "+"}
"""One or more words (a statement's closing punctuation is no content)."""
ANY_OPT: Spec = {**_WORD_OR_HYPHEN, "OP": "*"}
ADVERBS: Spec = {"POS": "ADV", "LOWER": {"NOT_IN": ["not", "never", "n't"]}, "OP": "*"}
"""Adverbs a statement may hold between its words ("I really love", "I've just moved"); not a negation."""
NOT: Spec = {"LOWER": {"IN": ["not", "n't", "never"]}}
DET_OPT: Spec = {"POS": {"IN": ["DET", "NUM"]}, "OP": "?"}
ADJECTIVES: Spec = {"POS": {"IN": ["ADJ", "NOUN", "PROPN", "NUM"]}, "OP": "*"}
BE: Piece = (lemma("be"),)
HAVE: Piece = (lemma("have"),)
NAME: Spec = {"POS": "PROPN", "OP": "+"}
NAME_OPT: Spec = {"POS": "PROPN", "OP": "*"}
PUNCT: Spec = {"IS_PUNCT": True}
"""A punctuation mark: where a clause or a statement ends ("…, I've signed up" is cut before the comma)."""
PUNCT_OPT: Spec = {**PUNCT, "OP": "*"}
CONTENT: Spec = {"POS": {"IN": ["NOUN", "PROPN", "VERB", "ADJ", "NUM", "X"]}}
"""A word that says something (what a statement needs after its verb)."""

FIRST_PERSON: Piece = (lower("i"),)
MY: Spec = lower("my", "our")
MY_PERSON: Piece = (MY, {"POS": "ADJ", "OP": "*"}, among(en.PERSON_NOUNS | en.PLURAL_PEOPLE, attr="LEMMA"), NAME_OPT)
"""A person of the speaker's, maybe named: "my sister", "my older brother Tom", "our kids"."""
MY_PERSONS_PERSON: Piece = (
    MY,
    {"POS": "ADJ", "OP": "*"},
    among(en.PERSON_NOUNS, attr="LEMMA"),
    lower("'s"),
    {"POS": "ADJ", "OP": "*"},
    among(en.PERSON_NOUNS | en.PLURAL_PEOPLE, attr="LEMMA"),
    NAME_OPT,
)
"""A person of a person of the speaker's: "my sister's husband", "my boss's wife Ines"."""
MY_IN_LAW: Piece = (
    MY,
    {"LEMMA": {"IN": sorted(en.PERSON_NOUNS)}, "OP": "?"},
    lower("-", op="?"),
    lower("in"),
    lower("-"),
    lemma("law"),
    NAME_OPT,
)
"""A person of the speaker's by marriage, as the tokenizer splits the word: "my mother-in-law", "my in-laws"."""
MY_ANIMAL: Piece = (MY, {"POS": "ADJ", "OP": "*"}, among(en.ANIMAL_NOUNS, attr="LEMMA"), NAME_OPT)
MY_PERSON_AND_ANOTHER: Piece = (
    *MY_PERSON,
    lower("and"),
    lower("his", "her", "their", "my", op="?"),
    {"POS": "ADJ", "OP": "*"},
    among(en.PERSON_NOUNS | en.PLURAL_PEOPLE, attr="LEMMA"),
    NAME_OPT,
)
"""Two people of the speaker's together: "my brother and his wife", "my mum and my aunt"."""
WITH_SOMEONE_AND_I: Piece = (MY, among(en.PERSON_NOUNS, attr="LEMMA"), NAME_OPT, lower("and"), lower("i"))
"""The speaker with someone they name: "my wife and I"."""

ME_AND_SOMEONE: Piece = (lower("me"), lower("and"), NAME)
SOMEONE_AND_I: Piece = (NAME, lower("and"), lower("i"))
SOMEONE_NAMED: Piece = ({"POS": "PROPN", "ENT_TYPE": "PERSON", "OP": "+"},)
"""Someone the speaker names as the subject ("Idris is into dinosaurs"): a name the model calls a person."""

SPEAKER: tuple[Piece, ...] = (FIRST_PERSON,)
SPEAKER_OR_THEIR_PERSON: tuple[Piece, ...] = (
    FIRST_PERSON,
    MY_PERSON,
    MY_IN_LAW,
    MY_PERSON_AND_ANOTHER,
    MY_PERSONS_PERSON,
    WITH_SOMEONE_AND_I,
    ME_AND_SOMEONE,
    SOMEONE_AND_I,
    SOMEONE_NAMED,
)
"""The subjects a statement about the speaker's life may have: the speaker, a person of theirs (named or not), or
both."""
