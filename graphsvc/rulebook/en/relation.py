"""English: which relation a sentence states (decision ``relation``) between a person and a person, place,
organisation or pet, and which value it gives a speaker's attribute (a feature).

A rule's ``name`` slot is the relation's target, its ``source`` slot the person the relation is of where the
sentence names one ("Cormac's sister Ailbhe"); without it the source is the speaker ("my sister Anika"). The output
is the relation (``lives_in``, ``works_at``…), or ``{noun}``: the relation the lexicon gives the person word the
sentence uses (:data:`~graphsvc.rulebook.lexicon.en.RELATION_NOUNS`: "mum" is ``mother``, "boyfriend"
``partner``). A rule tagged ``listener`` relates the speaker to the one other person of the conversation ("you're
such a good friend"); a rule tagged ``feature`` names a value of the source, not an entity (its ``value`` slot:
"I work as a nurse" gives ``occupation: nurse``). The planner keeps a relation only where its target is an entity
of the conversation of the kind the relation needs (:mod:`graphsvc.rulebook.relations`).
"""

from __future__ import annotations

from graphsvc.rulebook.en.naming import (
    ADJECTIVES_OPT,
    ANIMAL,
    ARTICLE,
    ARTICLE_OPT,
    BE,
    CALLED,
    COMES_FROM,
    COMES_FROM_UNSAID,
    COMMA_OPT,
    LIVES_IN,
    LIVES_IN_UNSAID,
    MY,
    NAME,
    OCCUPATION_VALUE,
    PERSON_NOUN,
    POSSESSIVE,
    SOURCE,
    STUDIES_AT,
    VALUE,
    WORKS_AT,
    named_as,
)
from graphsvc.rulebook.en.shapes import ADVERBS, FIRST_PERSON, Piece, among, lemma, lower, seq
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.slots import Slot

_SPEAKER: tuple[Piece, ...] = ((MY,),)
_NAMED: tuple[Piece, ...] = ((SOURCE, POSSESSIVE),)
_SUBJECT: tuple[Piece, ...] = (FIRST_PERSON, (SOURCE,))
_HAVE = among(en.PET_ACQUIRING, attr="LEMMA")
_FRIEND = among(n for n, relation in en.SOCIAL_RELATIONS.items() if relation == "friend")
_FEW_WORDS = {"OP": "*", "POS": {"IN": ["DET", "ADJ", "NOUN", "NUM", "PUNCT"]}}
"""What may stand between a verb and the animal it names ("a dog, a beagle called Pepper")."""


def _each_subject(*tails: Piece) -> tuple[Piece, ...]:
    """Each tail after "I" and after a named person ("Ingrid lives in Oslo")."""
    return tuple(seq(subject, tail) for subject in _SUBJECT for tail in tails)


RULES: tuple[Rule, ...] = (
    Rule(
        id="en.relation.person",
        language="en",
        decision="relation",
        description="Someone named with what they are to the speaker or to a named person is that relation of "
        "theirs: 'my sister Anika', 'Ebele, my big sister', 'my boss is called Dana', 'Cormac's sister Ailbhe'.",
        pattern=Tokens((*named_as(_SPEAKER, PERSON_NOUN), *named_as(_NAMED, PERSON_NOUN)), anchored=False),
        output="{noun}",
        confidence=0.9,
        examples=(
            Example("My sister Anika is visiting.", "Ana -sister-> Anika"),
            Example("Ebele, my big sister, is moving to Accra.", "Ana -sister-> Ebele"),
            Example("My boss is called Dana Whitfield.", "Ana -boss-> Dana Whitfield"),
            Example("I went climbing with Teodor's sister Ingrid.", "Teodor -sister-> Ingrid"),
            Example("My boyfriend Cormac and I are going to Vienna.", "Ana -partner-> Cormac"),
        ),
        counterexamples=("Her fiancé is called Mikkel.", "My sister loves Lisbon."),
    ),
    Rule(
        id="en.relation.pet",
        language="en",
        decision="relation",
        description="An animal named as the speaker's is their pet: 'my dog Waffles', 'I have a dog named "
        "Waffles', 'we adopted a beagle called Pepper'.",
        pattern=Tokens(
            (
                *named_as(_SPEAKER, ANIMAL),
                seq(lower("i", "we"), ADVERBS, _HAVE, _FEW_WORDS, ANIMAL, COMMA_OPT, CALLED, NAME),
            ),
            anchored=False,
        ),
        output="has_pet",
        confidence=0.9,
        examples=(
            Example("I have a dog named Waffles.", "Ana -has_pet-> Waffles"),
            Example("Our cat is called Miso.", "Ana -has_pet-> Miso"),
            Example("We finally adopted a dog, a beagle called Pepper.", "Ana -has_pet-> Pepper"),
        ),
        counterexamples=("My neighbour has a dog named Rolo.",),
    ),
    Rule(
        id="en.relation.works_at",
        language="en",
        decision="relation",
        description="Where the speaker or a named person works: 'I work at Brackenford', 'I'm a designer at Lysverk'.",
        pattern=Tokens(_each_subject(*WORKS_AT), anchored=False),
        output="works_at",
        confidence=0.85,
        examples=(
            Example("I work at Brackenford these days.", "Ana -works_at-> Brackenford"),
            Example("I'm a product designer at Brackenford Pay.", "Ana -works_at-> Brackenford Pay"),
        ),
        counterexamples=("I work in Leeds.", "I'm a student teacher at Kelby College."),
    ),
    Rule(
        id="en.relation.studies_at",
        language="en",
        decision="relation",
        description="Where the speaker or a named person studies: 'I study at Kelby College', 'I'm a student "
        "nurse at Kelby College'.",
        pattern=Tokens(_each_subject(*STUDIES_AT), anchored=False),
        output="studies_at",
        confidence=0.85,
        examples=(Example("I'm a second year student teacher at Kelby College.", "Ana -studies_at-> Kelby College"),),
        counterexamples=("I study every evening.",),
    ),
    Rule(
        id="en.relation.lives_in",
        language="en",
        decision="relation",
        description="Where the speaker or a named person lives or has moved to: 'I live in Leeds', 'I moved to "
        "Bergen', 'Ingrid lives in Oslo'.",
        pattern=Tokens((*_each_subject(*LIVES_IN), *LIVES_IN_UNSAID), anchored=False),
        output="lives_in",
        confidence=0.85,
        examples=(
            Example("I live in Leeds.", "Ana -lives_in-> Leeds"),
            Example("Based in Harrogate.", "Ana -lives_in-> Harrogate"),
            Example("I'm living in Bergen these days.", "Ana -lives_in-> Bergen"),
            Example("My brother Halvard lives in Oslo.", "Halvard -lives_in-> Oslo"),
        ),
        counterexamples=("I live for the weekends.", "My mum lives in Oslo."),
    ),
    Rule(
        id="en.relation.origin",
        language="en",
        decision="relation",
        description="Where the speaker or a named person comes from: 'I'm originally from Braga', 'I grew up in "
        "Cork', 'Leonor is from Braga'.",
        pattern=Tokens((*_each_subject(*COMES_FROM), *COMES_FROM_UNSAID), anchored=False),
        output="from",
        confidence=0.85,
        examples=(
            Example("I'm originally from Braga.", "Ana -from-> Braga"),
            Example("No, originally from Braga.", "Ana -from-> Braga"),
            Example("My girlfriend Leonor is from Braga.", "Leonor -from-> Braga"),
        ),
        counterexamples=("My mum is originally from Braga.",),
    ),
    Rule(
        id="en.relation.owns",
        language="en",
        decision="relation",
        description="A named thing the speaker drives or owns: 'I drive a Skoda Fabia'.",
        pattern=Tokens(
            (
                seq(FIRST_PERSON, ADVERBS, lemma("drive", "own", "ride"), ARTICLE, ADJECTIVES_OPT, NAME),
                seq(MY, among(en.POSSESSIONS), BE, ARTICLE, ADJECTIVES_OPT, NAME),
            ),
            anchored=False,
        ),
        output="owns",
        confidence=0.8,
        examples=(Example("I drive a Skoda Fabia.", "Ana -owns-> Skoda Fabia"),),
        counterexamples=("I drive to Leeds every day.",),
    ),
    Rule(
        id="en.relation.friend",
        language="en",
        decision="relation",
        description="Two people who say they are friends: 'you're such a good friend', 'we've been friends for "
        "years', 'a friend like you' (the speaker and the one other person of the conversation).",
        pattern=Tokens(
            (
                seq(lower("you"), BE, ADVERBS, lower("such", op="?"), lower("a", "an", "my"), ADJECTIVES_OPT, _FRIEND),
                seq(
                    lower("you"),
                    lemma("have"),
                    ADVERBS,
                    lower("been"),
                    lower("a", "an", "my", "such"),
                    ADJECTIVES_OPT,
                    _FRIEND,
                ),
                seq(
                    lower("a", "the", op="?"),
                    ADJECTIVES_OPT,
                    {**_FRIEND, "LEMMA": "friend"},
                    lower("like"),
                    lower("you"),
                ),
                seq(lower("our"), lower("friendship")),
                seq(lower("we"), lemma("have", op="?"), ADVERBS, lemma("be"), ADJECTIVES_OPT, lower("friends")),
                seq({"IS_SENT_START": True, "LOWER": {"IN": ["best", "good", "old", "close"]}}, lower("friends")),
            ),
            anchored=False,
        ),
        output="friend",
        confidence=0.8,
        examples=(
            Example("You've always been a good friend to me.", "Ana -friend-> Tomasz"),
            Example("We've been friends for twenty years!", "Ana -friend-> Tomasz"),
        ),
        counterexamples=("My friend is visiting.",),
        tags=frozenset({"listener"}),
    ),
    Rule(
        id="en.relation.occupation",
        language="en",
        decision="relation",
        description="What the speaker does for a living, a value of theirs: 'I work as a nurse', 'I'm a product "
        "designer'.",
        pattern=Tokens(
            (
                seq(FIRST_PERSON, ADVERBS, lemma("work"), lower("as"), ARTICLE_OPT, VALUE),
                seq(
                    FIRST_PERSON,
                    BE,
                    ARTICLE,
                    Slot("value", {"POS": {"IN": ["ADJ", "NOUN", "PROPN"]}, "OP": "*"}),
                    OCCUPATION_VALUE,
                ),
            ),
            anchored=False,
        ),
        output="occupation",
        confidence=0.85,
        examples=(
            Example("I work as a dental nurse.", "Ana -occupation-> dental nurse"),
            Example("I'm a product designer at Brackenford Pay.", "Ana -occupation-> product designer"),
        ),
        counterexamples=("I'm a huge fan of jazz.",),
        tags=frozenset({"feature"}),
    ),
)
"""Every English relation rule."""
