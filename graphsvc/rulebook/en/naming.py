"""Pieces of English patterns that name someone or something: the slots of the entity and relation rules
(:mod:`graphsvc.rulebook.slots`) and the phrases around them.

A name is one or more proper nouns written with a capital ("Ebele", "Brackenford Pay", "IBM"), none of them a word
the lexicon says is no name (a greeting, an interjection, a day or a month: :data:`~graphsvc.rulebook.lexicon.en.
NOT_NAMES`); lower-case words are never names.
"""

from __future__ import annotations

from collections.abc import Iterable

from graphsvc.rulebook.en.shapes import ADVERBS, PUNCT, Piece, Spec, among, lemma, lower, seq
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.slots import Slot

NAME_WORD: Spec = {
    "POS": "PROPN",
    "IS_LOWER": False,
    "LENGTH": {">=": 2},
    "LOWER": {"NOT_IN": sorted(en.NOT_NAMES)},
    "ENT_TYPE": {"NOT_IN": ["DATE", "TIME"]},
}
"""One word of a name; not a day's (Christmas in "the Christmas market" is when, not where)."""
NAME = Slot("name", {**NAME_WORD, "OP": "+"})
"""The name a rule decides (an entity's kind, a relation's target)."""
SOURCE = Slot("source", {**NAME_WORD, "OP": "+"})
"""A relation's source, where the sentence names it ("Cormac's sister Ailbhe")."""
VALUE = Slot("value", {"POS": {"IN": ["NOUN", "PROPN", "ADJ"]}, "OP": "+"})
"""A feature's value ("I work as a dental nurse": "dental nurse")."""


def name_with(spec: Spec) -> Slot:
    """A name whose first word also meets ``spec`` (what the named-entity model calls it, where it stands)."""
    return Slot("name", {**NAME_WORD, **spec})


NAME_REST = Slot("name", {**NAME_WORD, "OP": "*"})
"""The words of a name after its first (with :func:`name_with`)."""

POSSESSOR: Spec = lower("my", "our", "their", *en.THIRD_PERSON_POSSESSORS)
MY: Spec = lower("my", "our")
ADJECTIVES_OPT: Spec = {"POS": {"IN": ["ADJ", "NUM"]}, "OP": "*"}
"""Words between "my" and whom it names ("my big sister", "my older brother")."""
COMMA_OPT: Spec = lower(",", op="?")
BE: Spec = lemma("be")
CALLED: Spec = lower("called", "named", "titled")
CALLED_OPT: Spec = lower("called", "named", "titled", op="?")
QUOTE_OPT: Spec = {"IS_QUOTE": True, "OP": "?"}
POSSESSIVE: Spec = {"TAG": "POS", "DEP": "case"}
"""The possessive "'s" ("Cormac's sister"); not a "has" the tagger calls one ("Weather's been grim")."""
ARTICLE: Spec = lower("a", "an", "the")
ARTICLE_OPT: Spec = lower("a", "an", "the", op="?")


def noun(words: Iterable[str]) -> Spec:
    """One of ``words`` used as a noun ("my sister", not "play" the verb)."""
    return {"LOWER": {"IN": sorted(words)}, "POS": {"IN": ["NOUN", "PROPN"]}}


PERSON_NOUN: Spec = noun(en.RELATION_NOUNS)
ANIMAL: Spec = noun(en.ANIMAL_NOUNS)

OWNERS: tuple[Piece, ...] = ((POSSESSOR,), ({**NAME_WORD, "OP": "+"}, POSSESSIVE))
"""Whose someone is: "my", "her", or a name with "'s" ("Cormac's")."""


def named_as(owners: tuple[Piece, ...], noun: Spec, name: Slot = NAME) -> tuple[Piece, ...]:
    """A name given with what it is to its owner, each owner of ``owners`` with each wording: "my sister Anika",
    "Ebele, my big sister", "my boss is called Dana", "my brother's name is Tom"."""
    return (
        *(seq(owner, ADJECTIVES_OPT, noun, COMMA_OPT, CALLED_OPT, name) for owner in owners),
        *(seq(name, lower(","), owner, ADJECTIVES_OPT, noun) for owner in owners),
        *(seq(owner, ADJECTIVES_OPT, noun, BE, ADVERBS, CALLED, name) for owner in owners),
        *(seq(owner, ADJECTIVES_OPT, noun, POSSESSIVE, lower("name"), BE, name) for owner in owners),
    )


OCCUPATION_VALUE = Slot("value", {"LEMMA": {"IN": sorted(en.OCCUPATIONS)}, "POS": "NOUN"})
"""What someone is by trade ("nurse", "designer"): the last word of an occupation."""
WORKS_AT: tuple[Piece, ...] = (
    seq(ADVERBS, lemma("work", "intern", "volunteer"), ADVERBS, lower("at", "for"), ARTICLE_OPT, NAME),
    seq(BE, ADVERBS, lower("working", "interning", "employed"), lower("at", "for", "by"), ARTICLE_OPT, NAME),
    seq(
        BE,
        ARTICLE,
        ADJECTIVES_OPT,
        {"LOWER": {"NOT_IN": ["student"]}, "POS": {"IN": ["NOUN", "PROPN"]}, "OP": "*"},
        OCCUPATION_VALUE,
        lower("at", "for"),
        NAME,
    ),
)
"""After its subject, where someone works: "… work at Brackenford", "… 'm a designer at Lysverk"."""
STUDIES_AT: tuple[Piece, ...] = (
    seq(ADVERBS, lemma("study"), ADVERBS, lower("at"), ARTICLE_OPT, NAME),
    seq(BE, ADVERBS, lower("studying"), {"POS": "NOUN", "OP": "*"}, lower("at"), ARTICLE_OPT, NAME),
    seq(
        BE,
        ARTICLE,
        {"POS": {"IN": ["ADJ", "NUM", "NOUN"]}, "OP": "*"},
        lower("student"),
        {"POS": "NOUN", "OP": "*"},
        lower("at", "of"),
        ARTICLE_OPT,
        NAME,
    ),
)
"""After its subject, where someone studies: "… study at Kelby College", "… 'm a student teacher at Kelby"."""
LIVES_IN: tuple[Piece, ...] = (
    seq(ADVERBS, lemma("live"), ADVERBS, lower("in", "near"), ARTICLE_OPT, NAME),
    seq(BE, ADVERBS, lower("based", "living"), lower("in", "near"), ARTICLE_OPT, NAME),
    seq(lemma("have", op="?"), ADVERBS, lower("moved", "relocated"), ADVERBS, lower("to"), ARTICLE_OPT, NAME),
)
"""After its subject, where someone lives or moved to: "… live in Leeds", "… 've just moved to Bergen"."""
COMES_FROM: tuple[Piece, ...] = (
    seq(BE, ADVERBS, lower("from"), ARTICLE_OPT, NAME),
    seq(ADVERBS, lower("grew"), lower("up"), lower("in"), ARTICLE_OPT, NAME),
    seq(BE, lower("born", "raised"), lower("in"), ARTICLE_OPT, NAME),
)
"""After its subject, where someone comes from: "… 'm originally from Braga", "… grew up in Cork"."""
LIVES_IN_UNSAID: tuple[Piece, ...] = (
    seq({"IS_SENT_START": True, "LOWER": {"IN": ["based", "living"]}}, lower("in"), NAME),
)
"""Where the speaker lives, said with the subject left out: "Based in Harrogate."."""
COMES_FROM_UNSAID: tuple[Piece, ...] = (
    seq({"IS_SENT_START": True, "LOWER": "originally"}, lower("from"), NAME),
    seq(PUNCT, lower("originally"), lower("from"), NAME),
)
"""Where the speaker comes from, said with the subject left out: "No, originally from Braga."."""
JOB_AT: Piece = seq(among(en.JOB_NOUNS), lower("at", "with"), NAME)
"""A job had at an organisation: "my internship at IBM"."""
