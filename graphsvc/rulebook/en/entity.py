"""English: which kind a name is (decision ``entity_kind``), only with evidence.

Each rule marks the name it decides with the ``NAME`` slot (:mod:`graphsvc.rulebook.en.naming`); where several
rules decide one name in a sentence, the most confident wins. Evidence is the speaker (whoever speaks is a person),
a word beside the name that puts it in a category ("my brother X", "my dog X", "the album X", "the X festival",
"X Road", "University of X"), what the sentence does with it ("I work at X", "I live in X", "we watched X"), the
gazetteer (tag ``region``: a country, US state or continent; tag ``gazetteer``: a city of it), or the named-entity
model's label where the words around the name agree ("with X", "X says", "in X"). A name nothing else decides is
the neutral ``thing`` (``en.entity_kind.named``), never a person by default. ``none`` is no kind: a name only
addressed ("Thanks Sam", "…, Marit!") is no entity unless another mention decides it.
"""

from __future__ import annotations

from graphsvc.rulebook.en.naming import (
    ADJECTIVES_OPT,
    ANIMAL,
    ARTICLE,
    ARTICLE_OPT,
    BE,
    CALLED,
    CALLED_OPT,
    COMES_FROM,
    COMES_FROM_UNSAID,
    COMMA_OPT,
    JOB_AT,
    LIVES_IN,
    LIVES_IN_UNSAID,
    NAME,
    NAME_REST,
    NAME_WORD,
    OWNERS,
    PERSON_NOUN,
    POSSESSIVE,
    QUOTE_OPT,
    STUDIES_AT,
    WORKS_AT,
    name_with,
    named_as,
    noun,
)
from graphsvc.rulebook.en.shapes import ADVERBS, FIRST_PERSON, among, lemma, lower, seq, verb_forms
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Surface, Tokens
from graphsvc.rulebook.slots import Slot

_PLACE_LABEL = {"ENT_TYPE": {"IN": ["GPE", "LOC", "FAC"]}}
_PERSON_LABEL = {"ENT_TYPE": "PERSON"}
_ORG_WORD_IN_NAME = Slot("name", {"LOWER": {"IN": sorted(en.ORGANIZATION_WORDS)}, "IS_TITLE": True})
_PLACE_WORD_IN_NAME = Slot("name", {"LOWER": {"IN": sorted(en.PLACE_WORDS)}, "IS_TITLE": True})
_OF_IN_NAME = Slot("name", {"LOWER": "of"})
_WORDS_OPT = {"OP": "*", "POS": {"IN": ["ADJ", "NOUN", "PROPN"]}}

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.entity_kind.speaker",
        language="en",
        decision="entity_kind",
        description="Whoever speaks is a person, and so is the name a speaker gives themselves.",
        pattern=Tokens(
            (
                seq(lower("my"), lower("name"), BE, NAME),
                seq(FIRST_PERSON, BE, ADVERBS, CALLED, NAME),
                seq(lower("call"), lower("me"), NAME),
            ),
            anchored=False,
        ),
        output="person",
        confidence=1.0,
        examples=(Example("My name is Ana Duarte.", "Ana Duarte (person)"), Example("Hi!", "Ana (person)")),
        counterexamples=("My name is hard to spell.",),
        tags=frozenset({"speaker"}),
    ),
    Rule(
        id="en.entity_kind.person_word",
        language="en",
        decision="entity_kind",
        description="A name given with what the person is to someone: 'my sister Anika', 'Ebele, my big sister', "
        "'my boss is called Dana', 'Cormac's sister', 'a lad called Declan'.",
        pattern=Tokens(
            (
                *named_as(OWNERS, PERSON_NOUN),
                seq(NAME, POSSESSIVE, ADJECTIVES_OPT, PERSON_NOUN),
                seq(noun(en.PEOPLE_NOUNS), COMMA_OPT, CALLED, NAME),
            ),
            anchored=False,
        ),
        output="person",
        confidence=0.95,
        examples=(
            Example("My sister Anika is visiting.", "Anika (person)"),
            Example("Ebele, my big sister, is moving to Accra.", "Ebele (person)"),
            Example("My boss is called Dana Whitfield.", "Dana Whitfield (person)"),
            Example("I went climbing with Teodor's sister last night.", "Teodor (person)"),
            Example("I hired a new lad called Declan.", "Declan (person)"),
            Example("My cousin Harbin is visiting next week.", "Harbin (person)"),
        ),
        counterexamples=("My sister loves Lisbon.", "My brother's car broke down."),
    ),
    Rule(
        id="en.entity_kind.occupation",
        language="en",
        decision="entity_kind",
        description="A name said to be someone with an occupation is a person's: '… Tomasz is a patient baker', "
        "'Ines works as a nurse'.",
        pattern=Tokens(
            (
                seq(NAME, lemma("be"), lower("a", "an"), ADJECTIVES_OPT, noun(en.OCCUPATIONS)),
                seq(NAME, lemma("work"), lower("as"), lower("a", "an"), ADJECTIVES_OPT, noun(en.OCCUPATIONS)),
            ),
            anchored=False,
        ),
        output="person",
        confidence=0.9,
        examples=(
            Example("I think Tomasz Wrona is a patient baker.", "Tomasz Wrona (person)"),
            Example("I heard Ines works as a nurse now.", "Ines (person)"),
        ),
        counterexamples=("Lisbon is a city I love.",),
    ),
    Rule(
        id="en.entity_kind.honorific",
        language="en",
        decision="entity_kind",
        description="A name after a title is a person's ('Mr Alcott', 'Dr. Osei').",
        pattern=Tokens(
            (seq(Slot("name", {**among(en.HONORIFICS), "IS_LOWER": False}), NAME),),
            anchored=False,
        ),
        output="person",
        confidence=0.95,
        examples=(Example("I emailed Mr Alcott about the leak.", "Mr Alcott (person)"),),
        counterexamples=("I emailed my landlord about the leak.",),
    ),
    Rule(
        id="en.entity_kind.animal",
        language="en",
        decision="entity_kind",
        description="A name given to an animal is an animal's: 'my dog Waffles', 'a beagle called Pepper'.",
        pattern=Tokens(
            (*named_as(OWNERS, ANIMAL), seq(ARTICLE, ADJECTIVES_OPT, ANIMAL, COMMA_OPT, CALLED, NAME)),
            anchored=False,
        ),
        output="animal",
        confidence=0.95,
        examples=(
            Example("I walked my dog Waffles this morning.", "Waffles (animal)"),
            Example("We adopted a beagle called Pepper.", "Pepper (animal)"),
            Example("Our cat is called Miso.", "Miso (animal)"),
        ),
        counterexamples=("My dog loves the park.", "I walked the dog with Tomasz."),
    ),
    Rule(
        id="en.entity_kind.vocative",
        language="en",
        decision="entity_kind",
        description="A name only addressed ('Thanks Sam', 'Hey Kit', 'You got this, Marit!') is no entity.",
        pattern=Tokens(
            (
                seq(among(en.GREETINGS | en.THANKS | en.FAREWELLS), lower(",", "to", op="?"), NAME),
                seq(lower(","), NAME, {"LOWER": {"IN": ["!", "?", "."]}}),
            ),
            anchored=False,
        ),
        output="none",
        confidence=0.9,
        examples=(
            Example("Thanks Sam, that really helps."),
            Example("Hey Sam, quick question about my plans."),
            Example("You got this, Marit!"),
        ),
        counterexamples=("I had lunch with Sam yesterday.",),
    ),
    Rule(
        id="en.entity_kind.work",
        language="en",
        decision="entity_kind",
        description="A name put among works is a work: 'the album Quiet Harbour', 'a film called Sweet Juliet'.",
        pattern=Tokens(
            # the work's noun in lower case: "the Book Club" is a name of its own
            (
                seq(
                    ARTICLE_OPT,
                    ADJECTIVES_OPT,
                    {**noun(en.WORK_NOUNS), "IS_LOWER": True},
                    COMMA_OPT,
                    CALLED_OPT,
                    QUOTE_OPT,
                    NAME,
                ),
            ),
            anchored=False,
        ),
        output="work",
        confidence=0.9,
        examples=(
            Example("I loved the album Quiet Harbour.", "Quiet Harbour (work)"),
            Example("We saw a film called Sweet Juliet.", "Sweet Juliet (work)"),
        ),
        counterexamples=("I loved the album.", "The book club meets on Friday.", "I'm in the Book Club at work."),
    ),
    Rule(
        id="en.entity_kind.quoted_title",
        language="en",
        decision="entity_kind",
        description="A title in quotes, its words capitalised, is a work ('I just finished \"The Silent River\"').",
        pattern=Surface(r"[\"“](?P<value>(?-i:[A-Z][\w'’]*(?:[ ]+(?:[A-Z0-9][\w'’]*|[a-z]{1,3}))*))[\"”]"),
        output="work",
        confidence=0.88,
        examples=(Example('I just finished "The Silent River" and loved it.', "The Silent River (work)"),),
        counterexamples=('How do you say "I am tired of the rain" in German?',),
    ),
    Rule(
        id="en.entity_kind.work_verb",
        language="en",
        decision="entity_kind",
        description="What someone reads or watches, named, is a work: 'we watched Sweet Juliet'.",
        pattern=Tokens(
            (seq(among(en.WORK_VERBS, attr="LEMMA"), ARTICLE_OPT, NAME),),
            anchored=False,
        ),
        output="work",
        confidence=0.85,
        examples=(
            Example("We watched Sweet Juliet last night.", "Sweet Juliet (work)"),
            Example("I'm reading Hollow Crown at the moment.", "Hollow Crown (work)"),
        ),
        counterexamples=("I was watching TV all evening.", "I read every night."),
    ),
    Rule(
        id="en.entity_kind.named_thing",
        language="en",
        decision="entity_kind",
        description="A name put among dishes, festivals and races is a thing: 'a dish called Sour Plum Stew', "
        "'the Blue Heron festival'.",
        pattern=Tokens(
            (
                seq(ARTICLE, ADJECTIVES_OPT, noun(en.NAMED_THING_NOUNS), COMMA_OPT, CALLED, QUOTE_OPT, NAME),
                seq(NAME, noun(en.NAMED_THING_NOUNS)),
            ),
            anchored=False,
        ),
        output="thing",
        confidence=0.9,
        examples=(
            Example("I learned a new dish called Sour Plum Stew.", "Sour Plum Stew (thing)"),
            Example("I bought tickets for the Blue Heron festival.", "Blue Heron (thing)"),
        ),
        counterexamples=("I bought tickets for the festival.",),
    ),
    Rule(
        id="en.entity_kind.organization_word",
        language="en",
        decision="entity_kind",
        description="A name with an organisation's word is an organisation: 'the company Lysverk', 'Brackenford "
        "Bank', 'University of Leeds', 'Brackenford Pay, it's a logistics startup'.",
        pattern=Tokens(
            (
                seq(lower("the", "a"), among(en.ORGANIZATION_WORDS), COMMA_OPT, CALLED_OPT, NAME),
                seq(NAME, _ORG_WORD_IN_NAME),
                seq(NAME, {"LOWER": {"IN": sorted(en.ORGANIZATION_WORDS)}, "IS_LOWER": True}),
                seq(_ORG_WORD_IN_NAME, _OF_IN_NAME, NAME),
                seq(NAME, lower(","), lower("it", "which"), BE, ARTICLE, _WORDS_OPT, among(en.ORGANIZATION_WORDS)),
            ),
            anchored=False,
        ),
        output="organization",
        confidence=0.85,
        examples=(
            Example("She got into University of Westmere.", "University of Westmere (organization)"),
            Example("My brother joined Brackenford Bank last year.", "Brackenford Bank (organization)"),
            Example("My cousin runs Quillon bookshop.", "Quillon (organization)"),
            Example("I love Brackenford Pay, it's a logistics startup.", "Brackenford Pay (organization)"),
        ),
        counterexamples=("I went to the bank with Tomasz.",),
    ),
    Rule(
        id="en.entity_kind.place_word",
        language="en",
        decision="entity_kind",
        description="A name with a place's word is a place: 'Tanner Road', 'the Harwick gallery', 'the Ouse river', "
        "'Lake Bled'.",
        pattern=Tokens(
            (
                seq(NAME, _PLACE_WORD_IN_NAME),
                seq(NAME, {"LOWER": {"IN": sorted(en.PLACE_WORDS)}, "IS_LOWER": True}),
                seq(Slot("name", {"LOWER": {"IN": sorted(en.PLACE_WORDS_BEFORE_NAME)}, "IS_TITLE": True}), NAME),
            ),
            anchored=False,
        ),
        output="place",
        confidence=0.85,
        examples=(
            Example("I rented a studio on Tanner Road.", "Tanner Road (place)"),
            Example("We kayaked down the Ouse river.", "Ouse (place)"),
            Example("We'll go to the Harwick gallery.", "Harwick (place)"),
            Example("We swam in Lake Bled.", "Lake Bled (place)"),
        ),
        counterexamples=("We kayaked down the river.", "We went to the Christmas market."),
    ),
    Rule(
        id="en.entity_kind.employer",
        language="en",
        decision="entity_kind",
        description="Where someone works or studies is an organisation: 'I work at Brackenford', 'a designer at "
        "Lysverk', 'studying at Kelby College'.",
        pattern=Tokens((*WORKS_AT, *STUDIES_AT, JOB_AT), anchored=False),
        output="organization",
        confidence=0.9,
        examples=(
            Example("I work at Brackenford these days.", "Brackenford (organization)"),
            Example("I'm a designer at Lysverk.", "Lysverk (organization)"),
            Example("My sister is studying law at Kelby.", "Kelby (organization)"),
            Example("My placement at Kelby starts in February.", "Kelby (organization)"),
        ),
        counterexamples=("I work hard.", "I work in Leeds."),
    ),
    Rule(
        id="en.entity_kind.home",
        language="en",
        decision="entity_kind",
        description="Where someone lives, moved to or comes from is a place: 'I live in Leeds', 'originally from "
        "Braga', 'I grew up in Hexby'.",
        pattern=Tokens((*LIVES_IN, *COMES_FROM, *LIVES_IN_UNSAID, *COMES_FROM_UNSAID), anchored=False),
        output="place",
        confidence=0.9,
        examples=(
            Example("I live in Hexby now.", "Hexby (place)"),
            Example("No, originally from Braga.", "Braga (place)"),
            Example("I grew up in Tarnwick.", "Tarnwick (place)"),
        ),
        counterexamples=("I live for the weekends.",),
    ),
    Rule(
        id="en.entity_kind.region",
        language="en",
        decision="entity_kind",
        description="A country, a US state or a continent of the gazetteer is a place, wherever it stands.",
        pattern=Tokens(((NAME,),), anchored=False),
        output="place",
        confidence=0.85,
        examples=(Example("New Zealand was my favourite trip.", "New Zealand (place)"),),
        counterexamples=("Tomasz was my favourite teacher.",),
        tags=frozenset({"region"}),
    ),
    Rule(
        id="en.entity_kind.person_model",
        language="en",
        decision="entity_kind",
        description="A name the model calls a person, where the words around it agree ('with X', 'by X', 'X's', "
        "'X says', 'tell X', 'X was so happy'), is a person.",
        pattern=Tokens(
            (
                seq(lower("with", "by"), name_with(_PERSON_LABEL), NAME_REST),
                seq(name_with(_PERSON_LABEL), NAME_REST, POSSESSIVE),
                seq(name_with(_PERSON_LABEL), NAME_REST, lower("and"), lower("i")),
                seq(lower("me"), lower("and"), name_with(_PERSON_LABEL), NAME_REST),
                seq(
                    name_with(_PERSON_LABEL),
                    NAME_REST,
                    {"POS": "AUX", "OP": "*"},
                    ADVERBS,
                    {"POS": "VERB", "LEMMA": {"IN": sorted(en.PERSON_SUBJECT_VERBS)}},
                ),
                seq(name_with(_PERSON_LABEL), NAME_REST, BE, ADVERBS, among(en.MOODS)),
                seq(
                    {"POS": "VERB", "LEMMA": {"IN": sorted(en.PERSON_OBJECT_VERBS)}},
                    name_with(_PERSON_LABEL),
                    NAME_REST,
                ),
                seq(lemma("listen"), lower("to"), name_with(_PERSON_LABEL), NAME_REST),
            ),
            anchored=False,
        ),
        output="person",
        confidence=0.8,
        examples=(
            Example("Greta wants to join us on Friday.", "Greta (person)"),
            Example("I've been cycling with Greta on Sundays.", "Greta (person)"),
            Example("I need to tell Ebele about it.", "Ebele (person)"),
            Example("I was listening to Nina Simone all evening.", "Nina Simone (person)"),
            Example("The survey was led by Maria Alvarez.", "Maria Alvarez (person)"),
        ),
        counterexamples=("Sweet Juliet was hilarious.", "Weather's been grim all week."),
    ),
    Rule(
        id="en.entity_kind.city",
        language="en",
        decision="entity_kind",
        description="A city of the gazetteer after a place's preposition, or called a place by the model, is a "
        "place: 'my train to Vienna', 'Lisbon's old trams'.",
        pattern=Tokens(
            (
                seq(among(en.PLACE_PREPOSITIONS | en.TRAVEL_PREPOSITIONS | verb_forms({"visit"})), NAME),
                seq(name_with(_PLACE_LABEL), NAME_REST),
            ),
            anchored=False,
        ),
        output="place",
        confidence=0.8,
        examples=(
            Example("My train to Vienna is booked.", "Vienna (place)"),
            Example("We loved Lisbon's old trams.", "Lisbon (place)"),
        ),
        counterexamples=("I had lunch with my friend Florence.",),
        tags=frozenset({"gazetteer"}),
    ),
    Rule(
        id="en.entity_kind.place_model",
        language="en",
        decision="entity_kind",
        description="A name the model calls a place, after a place's preposition, is a place: 'they met in "
        "Hoxley', 'from Gatwick'.",
        pattern=Tokens(
            (seq(among(en.PLACE_PREPOSITIONS), ARTICLE_OPT, name_with(_PLACE_LABEL), NAME_REST),),
            anchored=False,
        ),
        output="place",
        confidence=0.75,
        examples=(Example("They met at a concert in Hoxley.", "Hoxley (place)"),),
        counterexamples=("Ilse is cooking in the kitchen.",),
    ),
    Rule(
        id="en.entity_kind.organization_model",
        language="en",
        decision="entity_kind",
        description="A name the model calls an organisation, where one works or is placed ('at', 'for', "
        "'join'), is an organisation: 'training starts next week at IBM'.",
        pattern=Tokens(
            (
                seq(
                    lower("at", "for", "join", "joined", "joining"),
                    ARTICLE_OPT,
                    name_with({"ENT_TYPE": "ORG"}),
                    NAME_REST,
                ),
            ),
            anchored=False,
        ),
        output="organization",
        confidence=0.75,
        examples=(Example("Training starts next week at IBM.", "IBM (organization)"),),
        counterexamples=("I went climbing with Cormac on Sunday.",),
    ),
    Rule(
        id="en.entity_kind.named",
        language="en",
        decision="entity_kind",
        description="Any other name (not the first word of a sentence) is a thing: a product, a language, a game.",
        pattern=Tokens(((Slot("name", {**NAME_WORD, "IS_SENT_START": False}), NAME_REST),), anchored=False),
        output="thing",
        confidence=0.5,
        examples=(
            Example("I'm learning Rust this year.", "Rust (thing)"),
            Example("I've been playing Hollow Knight all weekend.", "Hollow Knight (thing)"),
        ),
        counterexamples=("Reading is my favourite hobby.",),
    ),
)
"""Every English entity_kind rule; the most confident of those deciding a name wins (then the first)."""
