"""English: which statements are memories, and of which type (decision ``keep``).

Each rule matches a statement from its start, after trimmed words (:mod:`.trim`), so its subject is the speaker
("I …"), a person or animal of theirs ("my sister …", "my dog …") or both ("my wife and I …"). What no rule keeps
is not a memory: the message stays searchable as an event (precision first). Refusals (:mod:`.refuse`) run first,
so a rule here need not repeat them: a pointer, the listener, a question or a mood alone never reach it.
"""

from __future__ import annotations

from collections.abc import Iterable

from lemminflect import getInflection

from graphsvc.rulebook.en.naming import ARTICLE
from graphsvc.rulebook.en.shapes import (
    ADJECTIVES,
    ADVERBS,
    ANY,
    ANY_OPT,
    BE,
    DET_OPT,
    FIRST_PERSON,
    HAVE,
    MY,
    MY_ANIMAL,
    MY_IN_LAW,
    MY_PERSON,
    MY_PERSONS_PERSON,
    NAME,
    NOT,
    PUNCT,
    SPEAKER,
    SPEAKER_OR_THEIR_PERSON,
    Piece,
    Spec,
    among,
    each,
    lemma,
    lower,
    seq,
)
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens

_TO_BE = seq(BE, ADVERBS)
_MORE_OF = (lower("more", op="?"), lower("of", op="?"))
"""A likeness said by degree ("I'm more of a tea person")."""
_BEING_A = seq(_TO_BE, _MORE_OF, lower("a", "an"), ADVERBS, {"POS": "ADJ", "OP": "*"})
"""Is (more of) a, adverbs and adjectives allowed: "'m a total", "is more of a"."""
_NOT_A_MODIFIER = {"DEP": {"NOT_IN": ["compound", "amod", "nmod"]}}
"""The kind is the head, not a word before another ("a Leo fan")."""
_HAVE_GOT = seq(HAVE, ADVERBS, lower("got", op="?"))
_DET_OR_OWNER = {"TAG": {"IN": ["DT", "CD", "PRP$"]}, "OP": "?"}
"""An article, a number or an owner before a noun ("a", "two", "her exams")."""
_WHEN_DUE = lower("on", "by", "at", "every", "in", "before", "next", "this")
"""What opens when something falls due ("on the 1st", "next month")."""
_COMPOUND = seq(ADJECTIVES, lower("-", op="?"), ADJECTIVES)
"""Words before a noun, a hyphenated compound among them ("a night-shift nurse")."""


def _mine_owning(owners: Iterable[str]) -> Piece:
    """One of the speaker's ``owners`` (lemmas) as the owner of what follows: "my sister's birthday", "my car's
    registration"."""
    return seq(MY, ADJECTIVES, among(owners, attr="LEMMA"), lower("'s"), ADJECTIVES)


_MY_PERSONS = _mine_owning(en.PERSON_NOUNS)
_MY_POSSESSIONS = _mine_owning(en.POSSESSIONS)
_REPRESENTED = frozenset({"county", "country", "school", "university"})
"""What a player plays for besides a team ("my daughter plays netball for the county")."""
_COUPLED = en.RELATIONSHIP_STATES - {"retired"}
"""A relationship state ("retired" is a job's end, kept as an occupation)."""
_WITH_WHOM = seq(MY_PERSON)
"""Whom the speaker lives with ("with my girlfriend")."""
_SHIFT = among(en.WORK_HOURS, op="?")
"""When someone works, between the verb and the job ("works nights as a nurse")."""
_AND_MORE = seq(lower("and", ","), ANY)
"""More said of the subject after an age ("my dog is 14 and pretty slow"), not a unit (5 minutes away)."""
_FOOD = {"POS": {"NOT_IN": ["ADJ", "ADV", "PUNCT", "PRON", "DET", "PART", "ADP", "AUX", "CCONJ"]}}
"""What a diet names: a food or a drink ("I don't eat pork"; not "I don't eat much")."""
_KIND_OF_FOOD = {"POS": "ADJ", "OP": "?"}
"""An adjective before the food a diet names ("I can't eat spicy food", "I don't eat red meat")."""
_DIET_KIND = {
    "POS": {"IN": ["ADJ", "NOUN", "PROPN", "NUM", "PUNCT"]},
    "ORTH": {"NOT_IN": [",", ".", "!", "?", ";", ":"]},
    "OP": "*",
}
"""What kind of diet a speaker is on ("low-FODMAP", "strict keto", "low salt"): words and hyphens."""
_MOBILITY_AID = {**among(en.MOBILITY_AIDS), "DEP": {"NOT_IN": ["compound", "amod", "nmod"]}}
"""A mobility aid as what is used ("a wheelchair"), not as a word before another ("a walker app")."""
_MAKE_AND_MODEL: Piece = (
    {"POS": "PROPN", "ORTH": {"REGEX": "^i?[A-Z]"}, "ENT_TYPE": {"NOT_IN": ["PERSON"]}},
    {"POS": {"IN": ["PROPN", "NUM", "X"]}, "OP": "*"},
)
"""A thing named by its make and model alone ("a Samsung Galaxy S23", "an iPad Pro"), nothing after it saying what
else it is ("a Zoom call")."""
_THING = {"POS": "NOUN", "LEMMA": {"NOT_IN": sorted(en.PERSON_NOUNS | en.ANIMAL_NOUNS)}}
_DUE_THINGS: tuple[Piece, ...] = (
    (_THING,),
    ({"POS": "NOUN"}, lower("'s"), ADJECTIVES, {**_THING, "POS": {"IN": ["NOUN", "PROPN"]}}),
)
"""What falls due: a thing of the speaker's, or a thing of one of theirs ("my passport", "my car's MOT"); no person
("my boyfriend goes out on Fridays")."""
_LIVED_ON: tuple[Piece, ...] = (
    (lower("campus"),),
    ({"POS": "PROPN"},),
    (
        {"POS": {"IN": ["DET", "NUM"]}, "LOWER": {"NOT_IN": ["my", "our", "his", "her", "their"]}},
        ADJECTIVES,
        {"POS": {"IN": ["NOUN", "PROPN"]}, "LEMMA": {"NOT_IN": sorted(en.LIVED_ON)}},
    ),
)
"""What follows "live on" when it says where: a name, a counted or named place, campus ("Elm Street", "a boat", "the
fifth floor"); not with whom ("on my own") nor on what ("on coffee", "on a tight budget": the place's word is then
checked against :data:`~graphsvc.rulebook.lexicon.en.LIVED_ON`)."""
_NATIONALITY = {"ENT_TYPE": "NORP", "POS": {"IN": ["ADJ", "PROPN", "NOUN"]}}
"""A nationality, a faith or a people, as spaCy's entity recogniser reads it ("Brazilian", "Catholic")."""
_FEARED = {"TAG": {"IN": ["VBG", "NNS"]}}
"""What a lasting fear is of: a doing or a kind of thing ("flying", "spiders"), not one thing ("the results")."""
_STUDY_PLACE = {**among(en.STUDY_PLACES), "DEP": {"NOT_IN": ["compound", "amod", "nmod"]}}
"""Where a person studies, as the place itself ("at university"), not a word before another ("university open
day")."""
_SCHOOL_NAME = {"IS_TITLE": True, "POS": "PROPN", "LOWER": {"NOT_IN": sorted(en.SCHOOL_NAME_WORDS)}}
_SCHOOL_WORD = {"IS_TITLE": True, "LOWER": {"IN": sorted(en.SCHOOL_NAME_WORDS)}}
"""A school by its name and the word that ends it ("Oakfield Primary", "St Mark's Academy")."""
_ALLERGEN = {
    "POS": {"NOT_IN": ["PRON", "PUNCT", "DET", "ADP", "PART", "CCONJ"]},
    "ENT_TYPE": {"NOT_IN": ["DATE", "TIME"]},
}
"""What an allergy names: a word that is no time ("allergic to Mondays" is a joke)."""
_NAMED_THING = {"POS": {"IN": ["NOUN", "PROPN", "ADJ"]}, "ENT_TYPE": {"NOT_IN": ["DATE", "TIME"]}}
"""A subject of study, a thing: a noun that is not a time ("I study law", not "I study every evening")."""
_MY_OR_A = {"POS": {"IN": ["DET", "PRON", "NUM"]}, "OP": "?"}
"""A determiner or a possessive ("my first child", "a baby", "our second")."""
_BUSINESS = among(en.ORGANIZATION_WORDS | {"business"}, attr="LEMMA")
"""What one runs as one's work ("I run my own bakery")."""
_WORKS = {"LEMMA": "work", "TAG": {"IN": ["VBP", "VBZ"]}}
"""'Work' said of now ("I work", "she works"; not "I worked")."""
_HABIT_VERB = {
    "POS": {"IN": ["VERB", "AUX"]},
    "TAG": {"IN": ["VBP", "VBZ"]},
    # what someone says or tells regularly is talk, not a routine ("he says that every year")
    # and what someone wants done is a wish ("my physio wants me to stretch every morning")
    "LEMMA": {
        "NOT_IN": sorted(
            en.FEELING_VERBS | en.LIGHT_VERBS | en.NEEDS_OBJECT | en.MIND_VERBS | en.TELLING_VERBS | en.WANTING
        )
    },
    "LOWER": {"NOT_IN": sorted(en.IRREGULAR_PAST)},
}
_SAME_IN_PAST = {"POS": "VERB", "TAG": {"IN": ["VBD", "VBP"]}, "LOWER": {"IN": sorted(en.UNCHANGED_PAST)}}
"""A verb spelled alike in the present and the past ("I knit most nights"), which the tagger may call past."""
_WISHED = {"IS_PUNCT": False, "LEMMA": {"NOT_IN": sorted(en.ADDRESSING_VERBS)}}
"""What a wish wants to do: not a turn addressed to the listener ("I wanted to say thanks")."""
_LIGHT_VERB = {
    "POS": {"IN": ["VERB", "AUX"]},
    "TAG": {"IN": ["VBP", "VBZ"]},
    "LEMMA": {"IN": sorted(en.LIGHT_VERBS | en.NEEDS_OBJECT)},
}
_WHAT = {"POS": {"IN": ["NOUN", "PROPN", "VERB"]}, "ENT_TYPE": {"NOT_IN": ["DATE", "TIME"]}}
"""What a light verb's habit names ("I go swimming", "I do yoga"), not a time ("I go every morning")."""
_A_LOT = (lower("a"), {"LOWER": "lot", "DEP": "npadvmod"})
""""A lot" as how often, not what ("I've been swimming a lot"; not "I learned a lot")."""
_OFTEN = (
    (among(en.EVERY), ADJECTIVES, among(en.FREQUENCY_UNITS)),
    (among(en.EVERY), ADJECTIVES, among(en.FREQUENCY_UNITS, attr="LEMMA")),
    (lower("on"), among(en.ON_DAYS)),
    (among(en.ON_DAYS - {"holidays"}, attr="LOWER"),),  # "I work from home mondays and fridays"
    (among(en.COUNT_WORDS), ANY_OPT, lower("a", "per"), among(en.FREQUENCY_UNITS)),
    ({"LIKE_NUM": True}, lower("times", "x"), lower("a", "per"), among(en.FREQUENCY_UNITS)),
    (among(en.FREQUENCY_ADJECTIVES),),
    (lower("on"), among(en.WEEKDAYS, attr="LOWER"), {"LEMMA": {"IN": sorted(en.PARTS_OF_DAY)}, "TAG": "NNS"}),
    ({"LOWER": {"IN": ["a", "an"]}, "OP": "?"}, among(en.CLOCK_UNITS), lower("a", "per"), among(en.FREQUENCY_UNITS)),
    _A_LOT,
)
"""How often a habit is done, after its verb: every Tuesday evening, most mornings (a plural, by its lemma), on
Sundays (or Sundays alone), on Monday evenings, twice a week, 3 times a week, an hour a day, daily, a lot (as how
often: "I go swimming a lot")."""
_KEPT_UP = {
    "TAG": "VBG",
    "LEMMA": {"NOT_IN": sorted(en.FEELING_VERBS | en.ENDURING | (en.NO_EVENT_VERBS - {"do"}))},
    "LOWER": {"NOT_IN": sorted(en.PRACTICE_FORMS)},
}
"""What "I've been …" says of an activity kept up ("I've been doing pilates for three years", "been teaching for
20 years"): not a feeling or what is borne ("I've been waiting for months"); "doing" names what follows."""
_FOR_YEARS = (
    (lower("for"), ANY_OPT, among(en.CALENDAR_UNITS, attr="LEMMA"), ANY_OPT),
    (lower("since"), {"ENT_TYPE": "DATE", "LIKE_NUM": True}, ANY_OPT),
    (lower("since"), lower("i"), lemma("be"), DET_OPT, {"POS": {"IN": ["NUM", "NOUN"]}}, ANY_OPT),
)
"""How long an activity has been kept up: for months or years, since a year, since an age ("since I was 12", "since
I was a kid"; "for hours" is no habit)."""
_AHEAD = (
    (lower("next"), among(en.FREQUENCY_UNITS | en.SEASONS | en.CALENDAR_UNITS)),
    (among(en.MONTHS),),
    (lower("this"), among(en.SEASONS | {"year"})),
    (lower("in"), {"LIKE_NUM": True}, among(en.CALENDAR_UNITS, attr="LEMMA")),
    (
        lower("in"),
        lower("a"),
        lower("few", "couple", op="?"),
        lower("of", op="?"),
        among(en.CALENDAR_UNITS, attr="LEMMA"),
    ),
    (
        lower("at"),
        lower("the"),
        lower("end", "start", "beginning"),
        lower("of"),
        lower("the", "next", "this", op="?"),
        among(en.CALENDAR_UNITS | en.SEASONS),
    ),
)
"""When a plan is for, beyond the next few days: next week, in May, this summer, in two weeks, in a couple of months,
at the end of the month ("tonight", "later" and "tomorrow" tell of passing ones: "I'm going to watch a film
tonight")."""
_ON_A_DAY = (
    (lower("on"), among(en.WEEKDAYS)),
    (lower("next"), among(en.WEEKDAYS)),
    (lower("this"), lower("weekend")),
    (lower("tomorrow"),),
)
_DATED: tuple[Piece, ...] = (
    ({"ENT_TYPE": "DATE"},),
    (among(en.FUTURE_TIME_WORDS),),  # the tagger may miss a date ("to Berlin tomorrow morning")
    (lower("on"), lower("the", op="?"), {"ENT_TYPE": "ORDINAL"}),  # a day of this month: "on the 9th"
)
"""When a trip is: a date, a word of a time ahead, or a day of the month."""
_PLAN_THINGS: tuple[Spec, ...] = (among(en.PLAN_OBJECTS, attr="LEMMA"), {"LOWER": {"REGEX": r"^\d+(?:k|km)$"}})
"""What a dated plan names: a happening, a course, a job, or a race by its distance ("a 10k in April")."""
_INTENDING = (
    seq(_TO_BE, lower("going", "planning", "hoping"), lower("to")),
    seq(ADVERBS, lemma("plan", "intend", "aim"), lower("to")),
    seq(HAVE, ADVERBS, lower("decided"), lower("to")),
    seq(ADVERBS, lower("decided"), lower("to")),
)
"""How an intention is said: "I'm going to", "I plan to", "I've decided to"."""
_PLANNED = {"TAG": "VB", "LEMMA": {"NOT_IN": sorted(en.NO_EVENT_VERBS | en.FEELING_VERBS)}}
"""What is planned: a doing ("going to start"), not being or needing ("going to be late", "going to need more")."""
_CAPITALISED = {"IS_TITLE": True, "OP": "+"}
"""A name by its capital, whatever the tagger reads it as (a dog "named Bramble", tagged an adjective)."""
_OUTING_DOING = {"TAG": {"IN": ["VBG", "NN"]}, "LOWER": {"REGEX": "ing$"}}
"""What one goes doing ("going camping"; the tagger may read it a noun)."""
_NAMED = {"POS": {"IN": ["NOUN", "PROPN"]}}
"""A noun or a name."""
_NOT_RETURNED = {**ADVERBS, "LOWER": {"NOT_IN": [*ADVERBS["LOWER"]["NOT_IN"], *sorted(en.RETURNING)]}}
"""Adverbs before "from" that keep it a place of origin: not "back from" a trip."""
_TO_OPT = (lower("to", op="?"), DET_OPT)
"""Where a light verb's habit goes ("I go to the gym …"): what it names follows."""
_OBJECT = {"ENT_TYPE": {"NOT_IN": ["DATE", "TIME"]}, "POS": {"NOT_IN": ["PUNCT", "ADV", "PART", "CCONJ", "NUM", "ADJ"]}}
_OBJECT_OR_DIRECTION = [_OBJECT, among(en.DIRECTION_ADVERBS)]
"""What a happening must name after its verb: not only when it was ("I started a few days ago" names nothing)."""


def named_in_passing(nouns: Iterable[str]) -> Tokens:
    """'my (ADJ*) NOUN Name', 'Name, my (ADJ*) NOUN' or 'Name is my (ADJ*) NOUN', for one of ``nouns`` (lemmas).

    The third is only "is" (not "was", "were": a past or a wish), and :func:`~graphsvc.rulebook.en.compose.mentions`
    keeps it only where the noun ends the phrase ("Sarah is my friend's sister" names no friend)."""
    return Tokens(
        (
            seq(MY, {"POS": "ADJ", "OP": "*"}, among(nouns, attr="LEMMA"), {"POS": "PROPN", "OP": "+"}),
            seq({"POS": "PROPN", "OP": "+"}, {"ORTH": ","}, MY, {"POS": "ADJ", "OP": "*"}, among(nouns, attr="LEMMA")),
            seq({"POS": "PROPN", "OP": "+"}, lower("is"), MY, {"POS": "ADJ", "OP": "*"}, among(nouns, attr="LEMMA")),
        ),
        anchored=False,
    )


_DEPARTS = frozenset(form for verb in en.DEPARTURE_VERBS for form in getInflection(verb, tag="VBZ"))
"""A departure verb as a happening's verb ("leaves"), whatever the tagger made of it ("leaves" as the plural of
"leaf" after a place's name)."""

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.keep.name",
        language="en",
        decision="keep",
        description="The speaker says what they are called.",
        pattern=Tokens(
            (
                seq(MY, lower("name"), BE, NAME),
                seq(FIRST_PERSON, BE, lower("called", "named"), NAME),
                seq(MY, lower("nickname"), BE, NAME),
            )
        ),
        output="fact",
        confidence=0.95,
        slot="name",
        examples=(
            Example("My name is Ana Duarte.", "Ana's name is Ana Duarte."),
            Example("My name's Ana.", "Ana's name is Ana."),
        ),
        counterexamples=("My name is hard to spell.",),
    ),
    Rule(
        id="en.keep.residence",
        language="en",
        decision="keep",
        description="Where the speaker, or a person of theirs, lives or has moved to.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        lemma("live", "reside"),
                        ADVERBS,
                        lower("in", "at", "near", "outside"),
                        {"IS_PUNCT": False, "LOWER": {"NOT_IN": sorted(en.LIVED_STATES)}},  # not "in hope"
                        ANY_OPT,
                    ),
                    # "on a boat", "on Elm Street"; "on my own" says with whom
                    *(
                        seq(ADVERBS, lemma("live", "reside"), ADVERBS, lower("on"), *where, ANY_OPT)
                        for where in _LIVED_ON
                    ),
                    seq(ADVERBS, lemma("live"), lower("with"), _WITH_WHOM, lower("in", "near"), ANY),
                    seq(_TO_BE, lower("based", "living"), lower("in", "near"), ANY),
                    seq(  # "I'm renting a flat in Brighton", "we own a cottage near Bath"
                        ADVERBS,
                        lemma("be", op="?"),
                        lemma("rent", "own"),
                        lower("a", "an"),
                        ADJECTIVES,
                        among(en.HOMES, attr="LEMMA"),
                        lower("in", "near"),
                        ANY,
                    ),
                    seq(_HAVE_GOT, lemma("be"), lower("living"), lower("in"), ANY),
                    seq(ADVERBS, lower("moved", "relocated"), ADVERBS, lower("to"), ANY),
                    seq(HAVE, ADVERBS, lower("moved", "relocated"), ADVERBS, lower("to"), ANY),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        slot="lives_in",
        examples=(
            Example("I live in Lisbon.", "Ana lives in Lisbon."),
            Example("I just moved to Porto last month.", "Ana just moved to Porto last month."),
            Example("My parents live in Durban.", "Ana's parents live in Durban."),
            Example("my brother and his wife live in Dubai", "Ana's brother and his wife live in Dubai."),
            Example("My in-laws live in Spain.", "Ana's in-laws live in Spain."),
            Example("I'm based in Nairobi these days.", "Ana is based in Nairobi these days."),
            Example("I live with my girlfriend in Camden.", "Ana lives with their girlfriend in Camden."),
            Example(
                "At the moment I'm renting a flat in Brighton.", "Ana is renting a flat in Brighton at the moment."
            ),
            Example("I live on the fifth floor.", "Ana lives on the fifth floor."),
            Example("We live on a narrowboat now.", "Ana lives on a narrowboat now."),
        ),
        counterexamples=(
            "I live for the weekends.",
            "I live in hope.",
            "Live in the moment!",
            "I live with it in peace.",
            "I live on my own.",
            "I live on coffee and toast when I'm busy.",
            "We live on a tight budget.",
            "I rented a car in Faro.",
        ),
    ),
    Rule(
        id="en.keep.whereabouts",
        language="en",
        decision="keep",
        description=(
            "Where the speaker is, said with 'in' and a place's name alone ('I'm in Singapore', 'I'm currently in "
            "Lisbon'); no home."
        ),
        pattern=Tokens(
            each(SPEAKER, (seq(_TO_BE, lower("in"), {"ENT_TYPE": {"IN": ["GPE", "LOC"]}, "OP": "+"}, ADVERBS),)),
            whole=True,
        ),
        output="fact",
        confidence=0.8,
        examples=(
            Example("I'm in Singapore.", "Ana is in Singapore."),
            Example("sorry, I'm in Singapore so it's late here", "Ana is in Singapore."),
            Example("I'm currently in Lisbon", "Ana is currently in Lisbon."),
        ),
        counterexamples=("I'm in love.", "I'm in trouble again.", "I'm in the kitchen.", "My sister is in Leeds."),
    ),
    Rule(
        id="en.keep.household",
        language="en",
        decision="keep",
        description="Whom the speaker, or a person of theirs, lives with, or that they live alone.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, lemma("live"), lower("with"), _WITH_WHOM, ANY_OPT),
                    *(
                        seq(  # "I'm renting with two flatmates", "I live with a housemate"
                            ADVERBS,
                            lemma("be", op="?"),
                            lemma("live", "rent"),
                            lower("with"),
                            counted,
                            ADJECTIVES,
                            {"LEMMA": {"IN": sorted(en.PERSON_NOUNS)}},
                            ANY_OPT,
                        )
                        for counted in ({"LIKE_NUM": True}, lower("a", "an"))
                    ),
                    seq(ADVERBS, lemma("live"), lower("alone"), ANY_OPT),
                    seq(ADVERBS, lemma("live"), lower("on"), lower("my", "our"), lower("own")),
                    seq(  # a person of theirs at the speaker's home ("my mum lives with us", in the singular)
                        ADVERBS,
                        lemma("be", op="?"),
                        among(en.HOUSEHOLD_VERBS, attr="LEMMA"),
                        ADVERBS,
                        lower("in", op="?"),
                        lower("with"),
                        lower("me"),
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("I live with my girlfriend and her dog.", "Ana lives with their girlfriend and her dog."),
            Example("My mum lives with my sister now.", "Ana's mum lives with Ana's sister now."),
            Example("I live alone.", "Ana lives alone."),
            Example("I live on my own.", "Ana lives on their own."),
            Example("I live with my gran, she's 84.", "Ana lives with their gran."),
            Example("I'm renting with two flatmates.", "Ana is renting with two flatmates."),
            Example("my mum lives with us", "Ana's mum lives with Ana."),
            Example("My nephew is staying with us this summer.", "Ana's nephew is staying with Ana this summer."),
        ),
        counterexamples=(
            "I live with it.",
            "I live with the pain.",
            "Live with my sister? Never.",
            "My sister had dinner with me.",
        ),
    ),
    Rule(
        id="en.keep.origin",
        language="en",
        decision="keep",
        description="Where the speaker, or a person of theirs, comes from, grew up or was born.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(BE, _NOT_RETURNED, lower("originally", op="?"), lower("from"), NAME),
                    seq(ADVERBS, lower("grew"), lower("up"), lower("in", "on"), ANY),
                    seq(lemma("be"), lower("born", "raised"), lower("in", "on"), ANY),
                    seq(ADVERBS, lower("moved", "came"), lower("here", "over", op="?"), lower("from"), NAME, ANY_OPT),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        slot="from",
        examples=(
            Example("I'm originally from Cork.", "Ana is originally from Cork."),
            Example("I grew up in a small town near Valencia.", "Ana grew up in a small town near Valencia."),
            Example("I moved here from Poland five years ago.", "Ana moved here from Poland five years ago."),
        ),
        counterexamples=("I'm from the future.", "I'm back from Berlin.", "I came from work."),
    ),
    Rule(
        id="en.keep.occupation",
        language="en",
        decision="keep",
        description="What the speaker, or a person of theirs, does for a living.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, lemma("work"), ADVERBS, _SHIFT, lower("as"), DET_OPT, ANY),
                    seq(_TO_BE, lower("working"), lower("as"), DET_OPT, ANY),
                    seq(_TO_BE, lower("a", "an"), _COMPOUND, among(en.OCCUPATIONS, attr="LEMMA")),
                    seq(_TO_BE, lower("a", "an"), _COMPOUND, among(en.OCCUPATIONS, attr="LEMMA"), ANY),
                    seq(
                        HAVE,
                        ADVERBS,
                        lower("been"),
                        lower("a", "an"),
                        _COMPOUND,
                        among(en.OCCUPATIONS, attr="LEMMA"),
                        ANY_OPT,
                    ),
                    seq(_TO_BE, among(en.RELATIONSHIP_STATES & {"retired"})),
                    seq(HAVE, ADVERBS, lemma("be"), lower("promoted"), lower("to"), ANY),  # the post they hold now
                    seq(_TO_BE, lower("a", op="?"), among(en.SELF_EMPLOYED), ANY_OPT),
                    seq(_TO_BE, lower("self"), lower("-", op="?"), lower("employed"), ANY_OPT),
                    seq(
                        ADVERBS,
                        lemma("run", "own"),
                        lower("my", "our", "his", "her", "their"),
                        lower("own"),
                        ADJECTIVES,
                        _BUSINESS,
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        slot="occupation",
        examples=(
            Example("I'm a night porter at a hotel in Bath.", "Ana is a night porter at a hotel in Bath."),
            Example("My brother owns his own garage.", "Ana's brother owns his own garage."),
            Example("I work as a nurse.", "Ana works as a nurse."),
            Example("I'm a software engineer at a bank.", "Ana is a software engineer at a bank."),
            Example("My husband is a carpenter.", "Ana's husband is a carpenter."),
            Example("I'm a night-shift nurse.", "Ana is a night-shift nurse."),
            Example("I've been a paramedic for twelve years.", "Ana has been a paramedic for twelve years."),
            Example("My wife works nights as a nurse.", "Ana's wife works nights as a nurse."),
            Example("I'm self-employed.", "Ana is self-employed."),
            Example("I run my own bakery.", "Ana runs their own bakery."),
        ),
        counterexamples=(
            "I'm a huge fan of jazz.",
            "I'm a bit tired.",
            "I'm a morning person.",
            "I run my own errands.",
        ),
    ),
    Rule(
        id="en.keep.shift",
        language="en",
        decision="keep",
        description=(
            "When the speaker, or a person of theirs, works: nights, weekends, early shifts, days a week ('I work "
            "nights', 'I work four days a week')."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, _WORKS, among(en.WORK_HOURS), ANY_OPT),
                    seq(  # "I work Monday to Thursday"
                        ADVERBS, _WORKS, among(en.WEEKDAYS), lower("to", "through", "-"), among(en.WEEKDAYS), ANY_OPT
                    ),
                    seq(ADVERBS, _WORKS, among(en.PARTS_OF_DAY | en.SHIFT_WORDS), lemma("shift"), ANY_OPT),
                    seq(
                        ADVERBS,
                        {**_WORKS, "LEMMA": {"IN": ["work", "do"]}},
                        {"LIKE_NUM": True},
                        lower("-", op="?"),
                        lower("hour"),
                        lemma("shift"),
                        ANY_OPT,
                    ),
                    seq(  # "I work four days a week", "she works 20 hours a week"
                        ADVERBS,
                        {**_WORKS, "LEMMA": "work"},
                        {"LIKE_NUM": True},
                        lemma("day", "hour"),
                        lower("a", "per"),
                        lower("week"),
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I work nights.", "Ana works nights."),
            Example("My husband works weekends.", "Ana's husband works weekends."),
            Example("I work night shifts at the hospital.", "Ana works night shifts at the hospital."),
            Example("I do 12 hour shifts.", "Ana does 12 hour shifts."),
            Example("My husband works 10-hour shifts.", "Ana's husband works 10-hour shifts."),
            Example("I work four days a week, fridays off", "Ana works four days a week, fridays off."),
            Example("I work Monday to Thursday.", "Ana works Monday to Thursday."),
        ),
        counterexamples=("I worked nights last week.", "I'm on nights this week.", "I did a 12 hour shift today."),
    ),
    Rule(
        id="en.keep.employer",
        language="en",
        decision="keep",
        description="Where the speaker, or a person of theirs, works or studies.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        lemma("work", "teach", "intern", "volunteer"),
                        ADVERBS,
                        among(en.WORK_HOURS, attr="LOWER", op="?"),
                        lower("at", "for", "in"),
                        ANY,
                    ),
                    seq(_TO_BE, lower("working", "teaching", "interning"), lower("at", "for"), ANY),
                    seq(  # "my brother works on cruise ships", "I work on a farm"
                        ADVERBS,
                        lemma("work"),
                        lower("on"),
                        DET_OPT,
                        ADJECTIVES,
                        among(en.WORKED_ON, attr="LEMMA"),
                        ANY_OPT,
                    ),
                    seq(
                        ADVERBS,
                        lemma("teach"),
                        {"POS": {"IN": ["NOUN", "NUM", "PROPN", "ADJ"]}, "OP": "+"},
                        lower("at", "in"),
                        ANY,
                    ),
                    seq(  # "I teach piano lessons from home", "I give maths tutoring online": lessons given for good
                        ADVERBS,
                        lemma("teach", "give"),
                        ADJECTIVES,
                        lemma("lesson", "class", "tutoring"),
                        ANY_OPT,
                    ),
                    seq(_TO_BE, lower("employed"), lower("at", "by"), ANY),
                    seq(ADVERBS, lemma("study", "major"), lower("in", "at", op="?"), DET_OPT, _NAMED_THING, ANY_OPT),
                    seq(_TO_BE, lower("studying", "majoring"), ANY),
                    seq(_TO_BE, lower("doing"), DET_OPT, _COMPOUND, among(en.DEGREES), ANY_OPT),
                    seq(_TO_BE, lower("doing"), lower("my", "his", "her", "their"), _COMPOUND, among(en.DEGREES), ANY),
                    seq(  # "I did my degree in economics", "she has a masters in law"
                        ADVERBS,
                        among(en.QUALIFYING_VERBS, attr="LEMMA"),
                        lower("a", "an", "my", "his", "her", "their"),
                        _COMPOUND,
                        among(en.DEGREES),
                        lower("in"),
                        {"IS_PUNCT": False, "ENT_TYPE": {"NOT_IN": ["DATE", "TIME"]}},  # not "a course in the morning"
                        ANY_OPT,
                    ),
                    seq(  # "I work part-time at a bakery"
                        ADVERBS,
                        lemma("work"),
                        lower("part", "full"),
                        lower("-", op="?"),
                        lower("time"),
                        lower("at", "for", "in", "as"),
                        ANY,
                    ),
                    seq(_TO_BE, lower("a", "an"), ADJECTIVES, lower("student"), lower("at", "of", "in"), ANY),
                    seq(  # "I run a small bakery", "my uncle runs a garage": a business of their own
                        ADVERBS,
                        lemma("run"),
                        lower("a", "an", "my", "our", "his", "her", "their"),
                        _COMPOUND,
                        {"TAG": "VBG", "OP": "?"},  # "a small cleaning company"
                        among(en.ORGANIZATION_WORDS | en.TRADES, attr="LEMMA"),
                        ANY_OPT,
                    ),
                    seq(  # "I've been at Deloitte for four years": a name and years, not a visit
                        HAVE,
                        ADVERBS,
                        lemma("be"),
                        lower("at"),
                        {"POS": "PROPN", "OP": "+"},
                        lower("for"),
                        {"POS": {"IN": ["NUM", "DET", "ADJ"]}, "OP": "*"},
                        lemma("year", "month"),
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        slot="works_at",
        examples=(
            Example("I work at a bakery in Leeds.", "Ana works at a bakery in Leeds."),
            Example("My sister has a degree in nursing.", "Ana's sister has a degree in nursing."),
            Example(
                "I teach year 4 at a primary school in Leicester.",
                "Ana teaches year 4 at a primary school in Leicester.",
            ),
            Example("I'm studying marine biology at Aberdeen.", "Ana is studying marine biology at Aberdeen."),
            Example("I'm doing a part-time MBA at Warwick.", "Ana is doing a part-time MBA at Warwick."),
            Example(
                "I'm doing a part-time master's in social work.", "Ana is doing a part-time master's in social work."
            ),
            Example("My sister works for the city council.", "Ana's sister works for the city council."),
            Example("I work nights at the hospital.", "Ana works nights at the hospital."),
            Example("I'm doing my PhD on coral reefs.", "Ana is doing their PhD on coral reefs."),
            Example("I work part-time at a bakery.", "Ana works part-time at a bakery."),
            Example("My brother works on cruise ships.", "Ana's brother works on cruise ships."),
            Example("I've been at Deloitte for four years.", "Ana has been at Deloitte for four years."),
            Example("I teach piano lessons from home.", "Ana teaches piano lessons from home."),
            Example("My sister gives swimming lessons.", "Ana's sister gives swimming lessons."),
            Example("I run a small etsy shop selling soap.", "Ana runs a small etsy shop selling soap."),
            Example("I run a small cleaning company.", "Ana runs a small cleaning company."),
            Example("My uncle runs a garage in Hull.", "Ana's uncle runs a garage in Hull."),
        ),
        counterexamples=(
            "I work hard.",
            "I study every evening.",
            "I'm doing great.",
            "I'm doing my thesis.",
            "I've been at Sarah's for two hours.",
            "I run a tight ship.",
            "I own a garage.",
        ),
    ),
    Rule(
        id="en.keep.status",
        language="en",
        decision="keep",
        description="The speaker's or a person's relationship status, a pregnancy, or leave from work or being "
        "between jobs.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(_TO_BE, among(_COUPLED | {"pregnant"})),
                    seq(_TO_BE, among(_COUPLED | {"pregnant"}), ANY),
                    seq(_TO_BE, lower("getting"), among(_COUPLED), ANY_OPT),
                    seq(HAVE, ADVERBS, lemma("be"), among(_COUPLED), lower("for", "since"), ANY),
                    seq(_TO_BE, lower("expecting"), _MY_OR_A, ADJECTIVES, among(en.BABY_WORDS), ANY_OPT),
                    seq(_TO_BE, lower("a"), lower("single"), among(en.SINGLE_PARENTS), ANY_OPT),
                    seq(_TO_BE, lower("on"), among(en.LEAVE_KINDS), lower("leave"), ANY_OPT),
                    seq(_TO_BE, lower("between"), lower("jobs"), ANY_OPT),
                    seq(HAVE, ADVERBS, lemma("be"), lower("between"), lower("jobs"), ANY_OPT),
                ),
            )
            + (  # "my wife and I have been together for ten years"
                seq(MY_PERSON, lower("and"), lower("i"), HAVE, ADVERBS, lemma("be"), lower("together"), ANY),
                seq(MY_PERSON, lower("and"), lower("i"), BE, ADVERBS, lower("together"), ANY_OPT),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("I've been married for 12 years.", "Ana has been married for 12 years."),
            Example("I'm expecting my first child in March.", "Ana is expecting their first child in March."),
            Example("I'm engaged!", "Ana is engaged."),
            Example("My partner is pregnant.", "Ana's partner is pregnant."),
            Example("I'm a single mum of two.", "Ana is a single mum of two."),
            Example("I'm on maternity leave until June.", "Ana is on maternity leave until June."),
            Example("I'm between jobs at the moment.", "Ana is between jobs at the moment."),
            Example("I've been between jobs since March.", "Ana has been between jobs since March."),
            Example("My sister is getting married in October.", "Ana's sister is getting married in October."),
            Example(
                "My wife and I have been together for ten years.",
                "Ana's wife and Ana have been together for ten years.",
            ),
        ),
        counterexamples=("I'm single-minded about it.", "I'm expecting a parcel.", "I've been there for a while."),
    ),
    Rule(
        id="en.keep.kind_of_person",
        language="en",
        decision="keep",
        description="What kind of person the speaker, or a person of theirs, is by their own account (a night owl).",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (_BEING_A,),
                tuple(
                    seq(*map(lower, kind[:-1]), {**lower(kind[-1]), **_NOT_A_MODIFIER}, ANY_OPT)
                    for kind in en.PERSON_KINDS
                )
                # "I'm a dog person", "I'm more of a tea person", "a morning person": what they go for, or are like
                + (seq({"POS": "NOUN"}, {**lower("person"), **_NOT_A_MODIFIER}, ANY_OPT),),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I'm a night owl.", "Ana is a night owl."),
            Example("I'm a total morning person.", "Ana is a total morning person."),
            Example("My husband is an introvert.", "Ana's husband is an introvert."),
            Example("I'm more of a tea person.", "Ana is more of a tea person."),
            Example("I'm a total coffee person, 3 cups a day", "Ana is a total coffee person, 3 cups a day."),
            Example("my wife is a cat person", "Ana's wife is a cat person."),
        ),
        counterexamples=(
            "I'm a night shift worker.",
            "I'm an early riser today.",
            "I'm a Leo fan of the film.",
            "I'm a very private person.",
            "I'm not a morning person.",
            "I'm a different person now.",
        ),
    ),
    Rule(
        id="en.keep.nationality",
        language="en",
        decision="keep",
        description="The nationality or faith of the speaker or of a person of theirs ('I'm Brazilian').",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(_TO_BE, lower("half", op="?"), _NATIONALITY),
                    seq(_TO_BE, lower("a", "an"), _NATIONALITY),  # "I'm a Muslim"
                    seq(_TO_BE, lower("half", op="?"), _NATIONALITY, lower("and"), lower("half", op="?"), _NATIONALITY),
                    seq(_TO_BE, lower("half", op="?"), _NATIONALITY, lower(",", "but"), ANY),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I'm Brazilian.", "Ana is Brazilian."),
            Example("My mum is half Italian.", "Ana's mum is half Italian."),
            Example("I'm a Muslim.", "Ana is a Muslim."),
            Example("I'm Brazilian but I've lived in Lisbon for years.", None),
        ),
        counterexamples=("I'm Brazilian food obsessed.", "I'm in a Brazilian restaurant."),
    ),
    Rule(
        id="en.keep.school_year",
        language="en",
        decision="keep",
        description=(
            "Which year of school or study the speaker, or a person of theirs, is in ('my daughter is in year 3', "
            "'I'm in my second year of nursing')."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(_TO_BE, lower("in"), lower("year", "grade"), {"LIKE_NUM": True}, ANY_OPT),
                    seq(  # "my son is in the fourth grade", "she's in second grade"
                        _TO_BE, lower("in"), lower("the", op="?"), among(en.YEAR_ORDINALS), lower("grade"), PUNCT
                    ),
                    seq(  # "my son just started year 2", "she's starting year 7 in September"
                        ADVERBS,
                        lemma("be", op="?"),
                        ADVERBS,
                        lemma("start", "begin"),
                        lower("year", "grade"),
                        {"LIKE_NUM": True},
                        ANY_OPT,
                    ),
                    seq(_TO_BE, ADVERBS, lower("at"), _STUDY_PLACE, PUNCT),
                    seq(ADVERBS, lemma("go"), lower("to"), _SCHOOL_NAME, {**_SCHOOL_NAME, "OP": "*"}, _SCHOOL_WORD),
                    seq(_TO_BE, ADVERBS, lower("at"), _STUDY_PLACE, among(en.STUDY_PLACE_AFTER), ANY),
                    seq(_TO_BE, ADVERBS, lower("at"), NAME, among(en.STUDY_PLACES), ANY_OPT),
                    seq(
                        _TO_BE,
                        lower("in"),
                        {"POS": "PRON", "DEP": "poss"},
                        among(en.YEAR_ORDINALS),
                        lower("year"),
                        lower("at", "of", "in"),
                        ANY,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("my daughter is in year 3", "Ana's daughter is in year 3."),
            Example("My son is in the fourth grade.", "Ana's son is in the fourth grade."),
            Example("my son just started year 2 at St Peter's", "Ana's son just started year 2 at St Peter's."),
            Example("my daughter is starting year 7 in September", "Ana's daughter is starting year 7 in September."),
            Example("I'm in my second year of nursing.", "Ana is in their second year of nursing."),
            Example("my son's in his final year at uni", "Ana's son is in his final year at uni."),
            Example("My daughter is at university in Bristol.", "Ana's daughter is at university in Bristol."),
            Example("My son is at Hillcrest College.", "Ana's son is at Hillcrest College."),
            Example("My kids go to Oakfield Primary.", "Ana's kids go to Oakfield Primary."),
        ),
        counterexamples=(
            "I'm in my car.",
            "We're in the second year of the plan.",
            "I'm at the school gates.",
            "I started a year ago.",
            "I'm at university open day.",
            "My kids go to Oakfield Park on Sundays.",
        ),
    ),
    Rule(
        id="en.keep.age",
        language="en",
        decision="keep",
        description=(
            "How old the speaker, a person or an animal of theirs is; a bare number after 'is' is said in years "
            "('my dog is 14' is kept as '… is 14 years old')."
        ),
        pattern=Tokens(
            each(
                (*SPEAKER_OR_THEIR_PERSON, MY_ANIMAL),
                (
                    seq(_TO_BE, {"LIKE_NUM": True}, among(en.AGE_UNITS, op="?"), lower("old", op="?"), ADVERBS),
                    seq(_TO_BE, {"LIKE_NUM": True}, among(en.AGE_UNITS, op="?"), lower("old", op="?"), _AND_MORE),
                    seq(ADVERBS, lemma("turn"), {"LIKE_NUM": True}, ANY_OPT),
                    *(  # "my dad is 80 next month": the age a birthday brings
                        seq(_TO_BE, {"LIKE_NUM": True}, *when)
                        for when in (
                            (lower("next", "this"), among(en.CALENDAR_UNITS | {*en.WEEKDAYS, *en.MONTHS})),
                            (lower("on", "in"), {"ENT_TYPE": "DATE", "OP": "+"}),
                        )
                    ),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.9,
        tags=frozenset({"age"}),
        examples=(
            Example("My daughter is 7 years old.", "Ana's daughter is 7 years old."),
            Example("I'm 34.", "Ana is 34 years old."),
            Example(
                "My dog is 14 and pretty slow these days.", "Ana's dog is 14 years old and pretty slow these days."
            ),
            Example("I turned 40 in March.", "Ana turned 40 in March."),
            Example("My grandad turns 90 in March.", "Ana's grandad turns 90 in March."),
            Example("My dad is 80 next month.", "Ana's dad is 80 years old next month."),
        ),
        counterexamples=("I'm 5 minutes away.", "My flight is 2 hours late.", "I'm 2 in the queue."),
    ),
    Rule(
        id="en.keep.membership",
        language="en",
        decision="keep",
        description="A group, club or team the speaker, or a person of theirs, is part of.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        _TO_BE,
                        lower("a", "an", op="?"),
                        {"POS": {"IN": ["NOUN", "ADJ"]}, "DEP": {"IN": ["compound", "amod"]}, "OP": "*"},
                        among(en.MEMBERSHIP_NOUNS),
                        lower("of", "at", "with", "for"),
                        DET_OPT,
                        {"TAG": "VBG", "OP": "?"},
                        ADJECTIVES,
                        {"POS": {"IN": ["NOUN", "PROPN"]}, "LEMMA": {"NOT_IN": sorted(en.ABSTRACT_NOUNS)}},
                        ANY_OPT,
                    ),
                    seq(ADVERBS, among(en.TEAM_VERBS, attr="LEMMA"), lower("for"), DET_OPT, NAME, ANY_OPT),
                    seq(
                        ADVERBS,
                        {"LEMMA": {"IN": sorted(en.TEAM_VERBS)}, "TAG": {"IN": ["VBP", "VBZ"]}},
                        {"POS": {"IN": ["NOUN", "PROPN"]}, "OP": "*"},
                        lower("for", "in", "with"),
                        {"POS": {"IN": ["DET", "PRON"]}},
                        ADJECTIVES,
                        among(en.GROUP_NOUNS | _REPRESENTED, attr="LEMMA"),
                        ANY_OPT,
                    ),
                    seq(_TO_BE, lower("in", "on"), {"POS": "DET"}, ADJECTIVES, among(en.GROUP_NOUNS), ANY_OPT),
                    seq(_TO_BE, lower("the", "a"), ADJECTIVES, among(en.POSTS), lower("of", "for", "at"), ANY),
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I'm part of a running club.", "Ana is part of a running club."),
            Example("I'm a member of a rowing club in Bristol.", "Ana is a member of a rowing club in Bristol."),
            Example("I play for Hove Cricket Club.", "Ana plays for Hove Cricket Club."),
            Example("My daughter plays netball for the county.", "Ana's daughter plays netball for the county."),
            Example("I'm a season ticket holder at Leeds United.", "Ana is a season ticket holder at Leeds United."),
            Example("My son swims for Leeds.", "Ana's son swims for Leeds."),
            Example("I sing in a choir.", "Ana sings in a choir."),
            Example("I'm on the board of a local charity.", "Ana is on the board of a local charity."),
            Example("I'm a governor at my kids' school.", "Ana is a governor at their kids' school."),
            Example("I play cricket for a local club.", "Ana plays cricket for a local club."),
            Example("I'm in a book club.", "Ana is in a book club."),
            Example("My daughter plays in the school orchestra.", "Ana's daughter plays in the school orchestra."),
            Example(
                "I'm the treasurer of our residents' association.",
                "Ana is the treasurer of their residents' association.",
            ),
            Example("My husband is the coach for our son's team.", "Ana's husband is the coach for Ana's son's team."),
        ),
        counterexamples=(
            "I'm the president's biggest fan.",
            "I'm part of the problem.",
            "I'm a big part of the problem.",
            "I'm the record holder for the longest nap.",
            "I play for fun.",
            "I played for an hour.",
            "I played in a band at uni.",
            "I'm in a meeting.",
        ),
    ),
    Rule(
        id="en.keep.considering",
        language="en",
        decision="keep",
        description="Something the speaker is thinking of doing or considering: a plan not yet made.",
        pattern=Tokens(
            each(
                SPEAKER,
                (
                    seq(_TO_BE, lower("thinking"), lower("of", "about"), {"TAG": "VBG"}, ANY),
                    seq(_TO_BE, lower("considering"), {"TAG": "VBG"}, ANY),
                ),
            )
        ),
        output="goal",
        confidence=0.6,
        examples=(Example("I'm thinking of moving to the coast.", "Ana is thinking of moving to the coast."),),
        counterexamples=("I'm thinking of you.",),
    ),
    Rule(
        id="en.keep.person_named",
        language="en",
        decision="keep",
        description="Who a person of the speaker's is: their name, or that the speaker has them.",
        pattern=Tokens(
            (
                seq(MY, ADJECTIVES, among(en.PERSON_NOUNS, attr="LEMMA"), BE, lower("called", "named"), NAME),
                seq(  # "our landlord is a guy called Bernard"
                    MY,
                    ADJECTIVES,
                    among(en.PERSON_NOUNS, attr="LEMMA"),
                    BE,
                    lower("a", "an"),
                    ADJECTIVES,
                    among(en.PEOPLE_NOUNS),
                    lower("called", "named"),
                    NAME,
                ),
                seq(MY_PERSONS_PERSON, BE, lower("called", "named"), NAME),
                seq(MY_IN_LAW, BE, lower("called", "named"), NAME),  # "my sister-in-law is called Grace"
                seq(  # "my son's best friend is Leo": a name, not a people or a place ("is Italian")
                    MY_PERSONS_PERSON,
                    BE,
                    {"POS": "PROPN", "ENT_TYPE": {"NOT_IN": ["NORP", "GPE", "LOC", "ORG", "DATE", "TIME"]}, "OP": "+"},
                ),
                seq(MY_PERSONS_PERSON, BE, among(en.HONORIFICS), NAME),  # "my daughter's teacher is Mr Adeyemi"
                seq(MY, ADJECTIVES, among(en.PERSON_NOUNS, attr="LEMMA"), lower("'s"), lower("name"), BE, NAME),
                seq(MY, ADJECTIVES, among(en.PERSON_NOUNS, attr="LEMMA"), lower("'s", "is"), NAME),
                seq(
                    FIRST_PERSON,
                    _HAVE_GOT,
                    DET_OPT,
                    ADJECTIVES,
                    among(en.PERSON_NOUNS, attr="LEMMA"),
                    lower("called", "named"),
                    NAME,
                ),
                seq(
                    FIRST_PERSON,
                    _HAVE_GOT,
                    {"LIKE_NUM": True},
                    ADJECTIVES,
                    among(en.PERSON_NOUNS | en.PLURAL_PEOPLE, attr="LEMMA"),
                    ANY_OPT,
                ),
                seq(
                    FIRST_PERSON,
                    _HAVE_GOT,
                    lower("a", "an"),
                    ADJECTIVES,
                    among(en.KIN_RELATIONS, attr="LEMMA"),
                    ANY_OPT,
                ),
                seq(FIRST_PERSON, _TO_BE, ARTICLE, among(en.SIBLING_PLACES), lower("child", "kid")),
                seq(
                    FIRST_PERSON,
                    _TO_BE,
                    lower("the"),
                    among(en.SIBLING_PLACES),
                    lower("of"),
                    {"LIKE_NUM": True},
                    ANY_OPT,
                ),
                seq(FIRST_PERSON, _TO_BE, lower("a"), lower("twin"), ANY_OPT),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("our landlord is a guy called Bernard", "Ana's landlord is a guy called Bernard."),
            Example("my sister-in-law is called Grace", "Ana's sister-in-law is called Grace."),
            Example("I'm an only child.", "Ana is an only child."),
            Example("My son's best friend is Leo.", "Ana's son's best friend is Leo."),
            Example("My daughter's teacher is Mr Adeyemi.", "Ana's daughter's teacher is Mr Adeyemi."),
            Example("I'm the youngest of three.", "Ana is the youngest of three."),
            Example("I'm a twin.", "Ana is a twin."),
            Example("My boss is called Priyanka Rao.", "Ana's boss is called Priyanka Rao."),
            Example("I have two kids.", "Ana has two kids."),
            Example("I have a brother named Tomasz.", "Ana has a brother named Tomasz."),
            Example("My sister's husband is called Tomasz.", "Ana's sister's husband is called Tomasz."),
        ),
        counterexamples=("My friend is awesome.", "I'm the youngest in the office.", "I'm a child at heart."),
    ),
    Rule(
        id="en.keep.pet",
        language="en",
        decision="keep",
        description="An animal the speaker, or their family, keeps, and its name.",
        pattern=Tokens(
            each(
                (FIRST_PERSON, seq(MY, lower("family"))),
                (
                    seq(_HAVE_GOT, DET_OPT, ADJECTIVES, among(en.ANIMAL_NOUNS, attr="LEMMA")),
                    seq(  # "I keep chickens in the back garden"
                        ADVERBS,
                        {"LEMMA": "keep", "TAG": {"IN": ["VBP", "VBZ"]}},
                        {"POS": {"IN": ["NUM", "ADJ"]}, "OP": "*"},
                        {"LEMMA": {"IN": sorted(en.ANIMAL_NOUNS)}, "TAG": "NNS"},
                        ANY_OPT,
                    ),
                    seq(  # "I have a cat and two dogs"
                        _HAVE_GOT,
                        DET_OPT,
                        ADJECTIVES,
                        among(en.ANIMAL_NOUNS, attr="LEMMA"),
                        lower("and"),
                        DET_OPT,
                        ADJECTIVES,
                        among(en.ANIMAL_NOUNS, attr="LEMMA"),
                    ),
                    seq(
                        _HAVE_GOT,
                        DET_OPT,
                        ADJECTIVES,
                        among(en.ANIMAL_NOUNS, attr="LEMMA"),
                        lower("called", "named"),
                        NAME,
                    ),
                    seq(
                        _HAVE_GOT,
                        DET_OPT,
                        ADJECTIVES,
                        among(en.ANIMAL_NOUNS, attr="LEMMA"),
                        lower(","),
                        NAME,
                        {"POS": {"IN": ["PROPN", "CCONJ", "PUNCT"]}, "OP": "*"},
                    ),
                    seq(  # their kinds after a comma: "we've got two dogs, a collie and a lurcher"
                        _HAVE_GOT,
                        {"LIKE_NUM": True},
                        ADJECTIVES,
                        among(en.ANIMAL_NOUNS, attr="LEMMA"),
                        lower(","),
                        lower("a", "an"),
                        ADJECTIVES,
                        among(en.ANIMAL_NOUNS, attr="LEMMA"),
                        lower("and"),
                        lower("a", "an"),
                        ADJECTIVES,
                        {"POS": "NOUN"},
                    ),
                ),
            )
            + (
                seq(MY_ANIMAL, lower("'s"), lower("name"), BE, NAME),
                seq(MY_ANIMAL, BE, lower("called", "named"), NAME),
                seq(MY_ANIMAL, BE, NAME),
                seq(MY_ANIMAL, BE, lower("a", "an"), ANY_OPT, among(en.ANIMAL_NOUNS, attr="LEMMA")),
                # "my dog is a cocker spaniel named Bramble"
                seq(MY_ANIMAL, BE, lower("a", "an"), ADJECTIVES, _NAMED, lower("called", "named"), _CAPITALISED),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("I have a dog named Waffles.", "Ana has a dog named Waffles."),
            Example("I have a cat and two dogs.", "Ana has a cat and two dogs."),
            Example("I've got two dogs, a collie and a lurcher.", "Ana has got two dogs, a collie and a lurcher."),
            Example("My dog is a cocker spaniel named Bramble.", "Ana's dog is a cocker spaniel named Bramble."),
            Example("My cat's name is Pepper.", "Ana's cat's name is Pepper."),
            Example("We've got two cats.", "Ana's family have got two cats."),
            Example("My dog is a 3-year-old beagle.", "Ana's dog is a 3-year-old beagle."),
            Example("I have two dogs, Bella and Max.", "Ana has two dogs, Bella and Max."),
        ),
        counterexamples=("I have a dog in this fight.", "We have a dog at work."),
    ),
    Rule(
        id="en.keep.allergy",
        language="en",
        decision="keep",
        description="An allergy or an intolerance of the speaker or a person of theirs.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        _TO_BE,
                        lower("severely", "very", "mildly", "slightly", op="?"),
                        lower("allergic"),
                        lower("to"),
                        _ALLERGEN,
                        ANY_OPT,
                    ),
                    seq(_TO_BE, among(en.INTOLERANCES), lower("intolerant")),
                    seq(_TO_BE, lower("intolerant"), lower("to", "of"), ANY),
                    seq(_HAVE_GOT, DET_OPT, ADJECTIVES, lower("allergy", "allergies", "intolerance"), ANY_OPT),
                ),
            )
        ),
        output="fact",
        confidence=0.95,
        examples=(
            Example("I'm allergic to peanuts.", "Ana is allergic to peanuts."),
            Example("My son is lactose intolerant.", "Ana's son is lactose intolerant."),
            Example("my partner's allergic to cats", "Ana's partner is allergic to cats."),
            Example("I have a severe bee sting allergy.", "Ana has a severe bee sting allergy."),
        ),
        counterexamples=("I'm allergic to Mondays, haha.",),
    ),
    Rule(
        id="en.keep.diet",
        language="en",
        decision="keep",
        description="What the speaker, or a person of theirs, eats or drinks, or never does.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(_TO_BE, lower("a", op="?"), among(en.DIETS)),
                    seq(_TO_BE, lower("a", op="?"), among(en.DIETS), ANY),
                    seq(BE, NOT, lower("a", op="?"), among(en.DIETS), lower("anymore", "any"), lower("more", op="?")),
                    seq(_TO_BE, lower("trying"), lower("to"), lemma("go", "become"), among(en.DIETS), ANY_OPT),
                    seq(_TO_BE, among(en.INTOLERANCES), lower("-", op="?"), lower("free"), ANY_OPT),
                    seq(HAVE, ADVERBS, lemma("be"), ADVERBS, lower("a", op="?"), among(en.DIETS), ANY_OPT),
                    seq(ADVERBS, lemma("eat", "keep"), among(en.DIETS)),
                    seq(lemma("do"), NOT, ADVERBS, lemma("eat", "drink"), _KIND_OF_FOOD, _FOOD, ANY_OPT),
                    seq(ADVERBS, lower("never"), lemma("eat", "drink"), _FOOD, ANY_OPT),
                    seq(
                        lower("only"), {"LEMMA": {"IN": ["eat", "drink"]}, "TAG": "VBP"}, _FOOD, PUNCT
                    ),  # "I only drink decaf"
                    seq(lemma("do"), NOT, ADVERBS, lemma("drink"), PUNCT, ANY_OPT),  # drink: alcohol
                    seq(ADVERBS, lower("never"), lemma("drink"), PUNCT, ANY_OPT),
                    seq(ADVERBS, lemma("avoid"), _FOOD, ANY_OPT),
                    seq(lemma("can"), NOT, lemma("eat", "drink", "have"), _KIND_OF_FOOD, _FOOD, ANY_OPT),
                    seq(_TO_BE, ADVERBS, lower("off"), among(en.INTOLERANCES | en.GIVEN_UP), ANY_OPT),
                    seq(_TO_BE, ADVERBS, lower("on"), DET_OPT, _DIET_KIND, lower("diet"), ANY_OPT),
                    seq(_TO_BE, ADVERBS, lower("doing"), lower("dry", "sober"), among(en.MONTHS), ANY_OPT),
                    seq(_TO_BE, ADVERBS, lower("doing"), among(en.ABSTAINING_MONTHS), ANY_OPT),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("I've been vegetarian since 2015.", "Ana has been vegetarian since 2015."),
            Example("I'm not vegetarian any more.", "Ana is not vegetarian any more."),
            Example("I'm trying to go vegan this year.", "Ana is trying to go vegan this year."),
            Example("I don't eat pork.", "Ana doesn't eat pork."),
            Example("I only drink decaf.", "Ana only drinks decaf."),
            Example("I don't drink.", "Ana doesn't drink."),
            Example("My wife can't have gluten.", "Ana's wife can't have gluten."),
            Example("I'm gluten free.", "Ana is gluten free."),
            Example("I'm dairy-free for medical reasons.", "Ana is dairy-free for medical reasons."),
            Example("I can't eat spicy food, it sets off my reflux.", "Ana can't eat spicy food."),
            Example("I'm off dairy for a few weeks.", "Ana is off dairy for a few weeks."),
            Example("I'm off dairy at the moment.", "Ana is off dairy at the moment."),
            Example("I'm on a low-FODMAP diet.", "Ana is on a low-FODMAP diet."),
            Example("My dad is on a low salt diet.", "Ana's dad is on a low salt diet."),
            Example("I'm doing dry January this year.", "Ana is doing dry January this year."),
            Example("My husband is doing Veganuary.", "Ana's husband is doing Veganuary."),
        ),
        counterexamples=(
            "I don't eat much.",
            "I can't eat much these days.",
            "I don't drink much.",
            "I'm free on Friday.",
            "I'm off work today.",
            "I'm doing fine in January.",
            "I'm on the phone about my diet.",
        ),
    ),
    Rule(
        id="en.keep.condition",
        language="en",
        decision="keep",
        description="A health condition or a medication of the speaker or a person of theirs.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(_HAVE_GOT, DET_OPT, ADJECTIVES, among(en.CONDITIONS, attr="LOWER")),
                    seq(_HAVE_GOT, DET_OPT, ADJECTIVES, among(en.CONDITIONS, attr="LOWER"), ANY),
                    seq(  # one named by its head: "Crohn's disease", "bipolar disorder", "Tourette syndrome"
                        _HAVE_GOT,
                        DET_OPT,
                        {"POS": {"IN": ["PROPN", "ADJ", "NOUN"]}, "OP": "+"},
                        lower("'s", op="?"),
                        among(en.ILLNESS_HEADS),
                    ),
                    seq(  # "my mum has early-stage Parkinson's": the parser cuts off the "'s"
                        _HAVE_GOT,
                        DET_OPT,
                        {"TAG": {"IN": ["JJ", "NN", "HYPH"]}, "OP": "*"},
                        among(en.CONDITIONS_BY_NAME),
                        lower("'s"),
                        ANY_OPT,
                    ),
                    seq(_TO_BE, among(en.HEALTH_STATES)),
                    seq(_TO_BE, {"POS": "ADJ"}, lower("-"), {"POS": "ADJ"}, among(en.HEALTH_STATES)),  # "red-green"
                    seq(_TO_BE, {"LIKE_NUM": True}, lower("weeks", "months"), lower("pregnant")),
                    seq(_TO_BE, lower("a", op="?"), lower("type"), {"LIKE_NUM": True}, among(en.HEALTH_STATES)),
                    seq(_TO_BE, lower("diagnosed"), lower("with"), ANY),
                    seq(HAVE, ADVERBS, lemma("be"), lower("diagnosed"), lower("with"), ANY),
                    seq(ADVERBS, lemma("suffer"), lower("from"), ANY),
                    seq(ADVERBS, lemma("take"), ANY, among(en.MEDICATION_HINTS), ANY_OPT),
                    seq(_TO_BE, lower("on"), ANY, among(en.MEDICATION_HINTS), ANY_OPT),
                    seq(_TO_BE, lower("on"), ANY, lower(","), {"LIKE_NUM": True}, among(en.MEDICATION_HINTS), ANY_OPT),
                    seq(_HAVE_GOT, among(en.HIGH_OR_LOW), lower("blood", op="?"), among(en.BODY_MEASURES), ANY_OPT),
                    seq(
                        _TO_BE,
                        lower("on"),
                        DET_OPT,
                        lower("blood", op="?"),
                        among(en.MEDICATION_CLASSES | en.MEDICATION_HINTS),
                        ANY_OPT,
                    ),
                    seq(_TO_BE, lower("on"), among(en.MEDICINES), ANY_OPT),  # a medicine by name: "I'm on metformin"
                    seq(ADVERBS, lemma("take"), among(en.MEDICINES), ANY_OPT),
                    seq(ADVERBS, lemma("wear"), DET_OPT, ADJECTIVES, among(en.WORN_AIDS), ANY_OPT),
                    seq(_HAVE_GOT, lower("a", "an"), ADJECTIVES, among(en.WORN_AIDS | en.IMPLANTS), PUNCT),
                    seq(_HAVE_GOT, lower("a", "an"), lower("insulin"), lower("pump"), PUNCT),  # not "a bike pump"
                    *(
                        seq(_TO_BE, ADVERBS, lower(first), lower("-", op="?"), lower(second), ANY_OPT)
                        for first, second in en.HYPHENED_STATES
                    ),
                    seq(ADVERBS, lemma("use"), DET_OPT, ADJECTIVES, _MOBILITY_AID, ANY_OPT),
                    seq(_TO_BE, lower("a"), among(en.MOBILITY_AIDS), lower("user"), ANY_OPT),  # "a wheelchair user"
                    seq(_TO_BE, ADVERBS, lower("in"), lower("hospital"), PUNCT),
                    seq(  # "I get travel sick on coaches"
                        ADVERBS,
                        {"LEMMA": "get", "TAG": {"IN": ["VBP", "VBZ"]}},
                        ADVERBS,
                        among(en.SICK_FROM),
                        lower("-", op="?"),
                        lower("sick"),
                        ANY_OPT,
                    ),
                    seq(  # "I always get seasick on ferries", not "I got seasick yesterday"
                        ADVERBS,
                        {"LEMMA": "get", "TAG": {"IN": ["VBP", "VBZ"]}},
                        ADVERBS,
                        among(en.MOTION_SICKNESS),
                        ANY_OPT,
                    ),
                    seq(  # "I sleep badly": how a person sleeps, not "I slept badly"
                        ADVERBS, {"LEMMA": "sleep", "TAG": {"IN": ["VBP", "VBZ"]}}, lower("badly", "poorly"), ANY_OPT
                    ),
                    seq(_TO_BE, lower("trying"), lower("for"), lower("a"), lower("baby"), ANY_OPT),
                    seq(_TO_BE, lower("going"), lower("through"), among(en.TREATMENTS), ANY_OPT),
                    seq(_TO_BE, lower("on"), lower("the"), lower("waiting"), lower("list"), lower("for"), ANY),
                    seq(ADVERBS, lemma("use"), DET_OPT, among(en.MACHINES_OF_CARE), lower("machine", op="?"), ANY_OPT),
                    seq(_TO_BE, lower("on"), lower("the"), ADJECTIVES, lower("spectrum"), ANY_OPT),  # autism
                    seq(_TO_BE, lower("registered"), among(en.HEALTH_STATES), ANY_OPT),
                    seq(
                        HAVE, ADVERBS, lemma("be"), lower("vaccinated", "immunised", "immunized"), lower("against"), ANY
                    ),
                    seq(  # "I had long Covid for about six months"
                        {"LEMMA": "have", "TAG": "VBD"},
                        ADJECTIVES,
                        among(en.CONDITIONS, attr="LOWER"),
                        lower("for"),
                        ANY,
                    ),
                    seq(  # "we've been trying to get pregnant for a year"
                        HAVE,
                        ADVERBS,
                        lemma("be"),
                        lower("trying"),
                        lower("to"),
                        lower("get", "conceive"),
                        lower("pregnant", op="?"),
                        ANY_OPT,
                    ),
                    seq(ADVERBS, among(en.BODY_HABITS), ANY_OPT),
                    seq(ADVERBS, lemma("get"), ADVERBS, ADJECTIVES, among(en.CONDITIONS, attr="LOWER"), PUNCT),
                    seq(  # "I get really bad hay fever in summer"
                        ADVERBS,
                        lemma("get"),
                        ADVERBS,
                        ADJECTIVES,
                        among(en.CONDITIONS, attr="LOWER"),
                        among(en.WHEN_IT_HAPPENS),
                        ANY,
                    ),
                    seq(_TO_BE, ADVERBS, lower("in"), lower("hospital"), lower("with", "for", "since", "after"), ANY),
                    seq(_TO_BE, ADVERBS, lower("in", "on"), DET_OPT, _MOBILITY_AID, ANY_OPT),
                    seq(_TO_BE, ADVERBS, lower("hard"), lower("of"), lower("hearing"), ANY_OPT),
                    seq(  # "I'm recovering from knee surgery", "my dad is recovering from a stroke"
                        _TO_BE,
                        ADVERBS,
                        lower("recovering"),
                        lower("from"),
                        DET_OPT,
                        ADJECTIVES,
                        among(en.CONDITIONS | en.SURGERIES, attr="LOWER"),
                        ANY_OPT,
                    ),
                ),
            )
            + (
                seq(  # "my knees are bad": for good, not "my back is bad today"
                    MY,
                    among(en.LASTING_BODY_PARTS),
                    {"LEMMA": "be", "TAG": {"IN": ["VBP", "VBZ"]}},
                    ADVERBS,
                    among(en.POOR),
                    PUNCT,
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("I'm on levothyroxine for my thyroid.", "Ana is on levothyroxine for their thyroid."),
            Example("I have an insulin pump.", "Ana has an insulin pump."),
            Example("I always get seasick on ferries.", "Ana always gets seasick on ferries."),
            Example("I get travel sick on coaches.", "Ana gets travel sick on coaches."),
            Example("my knees are bad so I can't do stairs", "Ana's knees are bad."),
            Example("I'm going through IVF at the moment.", "Ana is going through IVF at the moment."),
            Example(
                "I'm on the waiting list for a hip replacement.", "Ana is on the waiting list for a hip replacement."
            ),
            Example("My daughter is on the autism spectrum.", "Ana's daughter is on the autism spectrum."),
            Example("I'm registered blind in one eye.", "Ana is registered blind in one eye."),
            Example("I've been vaccinated against hepatitis B.", "Ana has been vaccinated against hepatitis B."),
            Example("I had long Covid for about six months.", "Ana had long Covid for about six months."),
            Example("I use a CPAP machine at night.", "Ana uses a CPAP machine at night."),
            Example("I sleep badly when I drink coffee after 2pm.", "Ana sleeps badly."),
            Example("I've been trying to get pregnant for a year.", "Ana has been trying to get pregnant for a year."),
            Example("I'm on antidepressants.", "Ana is on antidepressants."),
            Example("I am diabetic, type 1 since I was 12.", "Ana is diabetic, type 1 since Ana was 12."),
            Example("I'm on medication for my thyroid.", "Ana is on medication for their thyroid."),
            Example("I wear glasses.", "Ana wears glasses."),
            Example("My dad wears a hearing aid.", "Ana's dad wears a hearing aid."),
            Example("I'm short-sighted.", "Ana is short-sighted."),
            Example("I'm left-handed.", "Ana is left-handed."),
            Example("My son is colour blind.", "Ana's son is colour blind."),
            Example("I use a wheelchair.", "Ana uses a wheelchair."),
            Example("My grandad has early-stage Alzheimer's.", "Ana's grandad has early-stage Alzheimer's."),
            Example("My brother is a wheelchair user.", "Ana's brother is a wheelchair user."),
            Example("I'm red-green colorblind.", "Ana is red-green colorblind."),
            Example("My dad is on crutches since the fall.", "Ana's dad is on crutches since the fall."),
            Example("My dad is in hospital with pneumonia.", "Ana's dad is in hospital with pneumonia."),
            Example("My mum is in hospital.", "Ana's mum is in hospital."),
            Example("I'm hard of hearing.", "Ana is hard of hearing."),
            Example("I'm recovering from knee surgery.", "Ana is recovering from knee surgery."),
            Example("My husband snores.", "Ana's husband snores."),
            Example("I get migraines when I don't sleep.", "Ana gets migraines."),
            Example("I have asthma.", "Ana has asthma."),
            Example("My mum has dementia.", "Ana's mum has dementia."),
            Example("I'm 5 months pregnant.", "Ana is 5 months pregnant."),
            Example("I'm a type 2 diabetic.", "Ana is a type 2 diabetic."),
            Example("I'm type 1 diabetic.", "Ana is type 1 diabetic."),
            Example("I take 50mg of sertraline every morning.", "Ana takes 50mg of sertraline every morning."),
            Example("My dad was diagnosed with diabetes in May.", "Ana's dad was diagnosed with diabetes in May."),
            Example("I'm on sertraline, 50mg a day.", "Ana is on sertraline, 50mg a day."),
            Example("I've got high blood pressure.", "Ana has got high blood pressure."),
        ),
        counterexamples=(
            "I take the bus to work.",
            "I've got pressure at work.",
            "I'm on the bus.",
            "I wear a suit to work.",
            "I left my phone at home.",
            "I use a walker app for my runs.",
            "I'm in a cane toad documentary.",
            "I'm in hospital visiting a friend.",
            "I get headaches from this app.",
        ),
    ),
    Rule(
        id="en.keep.possession",
        language="en",
        decision="keep",
        description="Something the speaker owns, drives or rides, or the bank they are with.",
        pattern=Tokens(
            each(
                SPEAKER,
                (
                    seq(
                        ADVERBS,
                        lemma("own", "drive", "ride"),
                        DET_OPT,
                        ADJECTIVES,
                        {"POS": {"IN": ["NOUN", "PROPN"]}},
                        ANY_OPT,
                    ),
                    seq(
                        _HAVE_GOT,
                        lower("a", "an", "two", "three"),
                        ADJECTIVES,
                        among(en.POSSESSIONS, attr="LEMMA"),
                        ANY_OPT,
                    ),
                    seq(
                        ADVERBS,
                        lower("bought", "got"),
                        lower("a", "an"),
                        ADJECTIVES,
                        among(en.POSSESSIONS, attr="LEMMA"),
                        ANY_OPT,
                    ),
                    seq(ADVERBS, lemma("bank"), lower("with"), NAME),
                    *(  # a make and model: "I have a Samsung Galaxy S23", "I use an iPad Pro for sketching"
                        seq(owning, lower("a", "an"), _MAKE_AND_MODEL, *after)
                        for owning in (_HAVE_GOT, (ADVERBS, lemma("use")))
                        for after in ((PUNCT,), (lower("and", "for", "with", "at"), ANY_OPT))
                    ),
                    seq(  # "we don't have a car": how the speaker gets about, or lives without
                        lemma("do"),
                        NOT,
                        ADVERBS,
                        lemma("have", "own"),
                        lower("a", "an"),
                        among(en.POSSESSIONS, attr="LEMMA"),
                        ANY_OPT,
                    ),
                ),
            )
            + (
                seq(
                    MY,
                    {"POS": {"IN": ["ADJ", "NOUN"]}, "OP": "?"},  # "my work laptop", "my old car"
                    among(en.POSSESSIONS, attr="LEMMA"),
                    lemma("be"),
                    lower("a", "an"),
                    {"IS_PUNCT": False, "POS": {"NOT_IN": ["PRON", "VERB"]}, "OP": "*"},
                    {"POS": {"IN": ["PROPN", "NOUN"]}, "ORTH": {"REGEX": "^i?[A-Z]"}},  # a make or model: "a Golf"
                    ANY_OPT,
                ),
            ),
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I drive a 2012 Honda Jazz.", "Ana drives a 2012 Honda Jazz."),
            Example("I've got a Kindle Paperwhite.", "Ana has got a Kindle Paperwhite."),
            Example("I use a MacBook Air for work.", "Ana uses a MacBook Air for work."),
            Example("I have an old upright piano.", "Ana has an old upright piano."),
            Example("We don't have a car.", "Ana doesn't have a car."),
            Example("My car is a 2019 Mazda 3.", "Ana's car is a 2019 Mazda 3."),
            Example("My work laptop is a ThinkPad.", "Ana's work laptop is a ThinkPad."),
            Example("I bank with Monzo.", "Ana banks with Monzo."),
        ),
        counterexamples=(
            "I have a question.",
            "I have a lot of work.",
            "My car is a mess.",
            "My car is a Honda?",
            "I have a Zoom call at 3.",
            "I have a Maths exam on Monday.",
        ),
    ),
    Rule(
        id="en.keep.quit",
        language="en",
        decision="keep",
        description=(
            "A habit the speaker has given up ('I quit smoking last year', 'I gave up alcohol in 2020') or is giving "
            "up ('I'm trying to quit smoking')."
        ),
        pattern=Tokens(
            each(
                SPEAKER,
                (
                    seq(ADVERBS, lemma("quit", "stop"), among(en.GIVEN_UP, attr="LOWER"), ANY_OPT),
                    seq(ADVERBS, lemma("give"), lower("up"), among(en.GIVEN_UP, attr="LOWER"), ANY_OPT),
                    seq(
                        BE,
                        ADVERBS,
                        {"LEMMA": {"IN": ["try", "quit", "give", "cut"]}, "TAG": "VBG"},
                        lower("to", op="?"),
                        lemma("quit", "give", "cut", op="?"),
                        lower("up", "down", op="?"),
                        lower("on", op="?"),
                        among(en.GIVEN_UP, attr="LOWER"),
                        ANY_OPT,
                    ),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I quit smoking last year.", "Ana quit smoking last year."),
            Example("I gave up alcohol in 2020.", "Ana gave up alcohol in 2020."),
            Example("I'm trying to quit smoking.", "Ana is trying to quit smoking."),
            Example("I'm giving up alcohol for January.", "Ana is giving up alcohol for January."),
            Example("I'm cutting down on caffeine.", "Ana is cutting down on caffeine."),
        ),
        counterexamples=(
            "I want to quit smoking.",
            "I can't stop drinking coffee.",
            "I'm trying to get my dad to quit smoking.",
            "I'm not giving up sugar.",
        ),
    ),
    Rule(
        id="en.keep.schedule",
        language="en",
        decision="keep",
        description="An appointment or another happening with a time, of the speaker or a person of theirs.",
        pattern=Tokens(
            (
                *each(
                    SPEAKER_OR_THEIR_PERSON,
                    (seq(_HAVE_GOT, _DET_OR_OWNER, ADJECTIVES, among(en.EVENT_NOUNS, attr="LEMMA"), ANY),),
                ),
                seq(
                    MY,
                    ADJECTIVES,
                    among(en.EVENT_NOUNS, attr="LEMMA"),
                    ANY_OPT,
                    BE,
                    {"LOWER": {"NOT_IN": sorted(en.DISRUPTED | {"a", "an"})}, "IS_PUNCT": False},  # not "a disaster"
                    ANY_OPT,
                ),
                seq(  # "my son's football training is on Tuesdays": a person's, with when it is
                    *_MY_PERSONS,
                    among(en.EVENT_NOUNS, attr="LEMMA"),
                    BE,
                    ANY_OPT,
                    {"ENT_TYPE": {"IN": ["DATE", "TIME"]}},
                    ANY_OPT,
                ),
                seq(MY, ADJECTIVES, {"POS": "NOUN"}, BE, lower("booked"), lower("for", "on"), ANY),  # "… is booked for"
                seq(MY, ADJECTIVES, among(en.EVENT_NOUNS, attr="LEMMA"), ANY_OPT, among(en.RESCHEDULED), ANY),
                *(
                    seq(MY, ADJECTIVES, among(en.EVENT_NOUNS, attr="LEMMA"), ANY_OPT, departs, ANY)
                    for departs in (among(en.DEPARTURE_VERBS, attr="LEMMA"), among(_DEPARTS))
                ),
            )
        ),
        output="event",
        confidence=0.85,
        examples=(
            Example(
                "I have a dentist appointment on Thursday at 3pm.",
                "Ana has a dentist appointment on Thursday at 3pm.",
            ),
            Example("My flight to Oslo leaves at 6:40 on Friday.", "Ana's flight to Oslo leaves at 6:40 on Friday."),
            Example("My flight to Boston leaves on March 3rd.", "Ana's flight to Boston leaves on March 3rd."),
            Example("My daughter has her exams in June.", "Ana's daughter has her exams in June."),
            Example(
                "My son's football training is Tuesdays and Thursdays at 6.",
                "Ana's son's football training is Tuesdays and Thursdays at 6.",
            ),
            Example(
                "Our anniversary dinner is booked for Saturday at 8.",
                "Ana's anniversary dinner is booked for Saturday at 8.",
            ),
            Example(
                "my dentist appointment got moved to tuesday at 2",
                "Ana's dentist appointment got moved to tuesday at 2.",
            ),
        ),
        counterexamples=(
            "I have a meeting.",
            "my meeting got moved.",
            "My train is late.",
            "My flight is delayed.",
            "My sister's wedding is a disaster.",
            "My wedding was a disaster.",
        ),
    ),
    Rule(
        id="en.keep.plan_ahead",
        language="en",
        decision="keep",
        description=(
            "A plan of the speaker's, or a person of theirs, for a time ahead (next month, in May, in two weeks), or "
            "a change of life they intend (retire, move, quit); not a passing one ('I'm going to bed')."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    *(seq(lead, _PLANNED, ANY_OPT, *ahead, ANY_OPT) for lead in _INTENDING for ahead in _AHEAD),
                    *(seq(lead, among(en.INTENDED_CHANGES, attr="LEMMA"), ANY_OPT) for lead in _INTENDING),
                    *(seq(lead, lemma("go"), lower("back"), lower("to"), ANY) for lead in _INTENDING),
                    *(  # an outing to a named place: "we're going camping in the Lake District in August"
                        seq(
                            _TO_BE,
                            lower("going"),
                            _OUTING_DOING,
                            lower("in", "to"),
                            DET_OPT,
                            {"POS": "PROPN", "OP": "+"},
                            ANY_OPT,
                            when,
                            ANY_OPT,
                        )
                        for when in ({"ENT_TYPE": "DATE"}, among(en.FUTURE_TIME_WORDS))
                    ),
                    seq(  # saving for a thing: "I'm saving for a deposit on a flat"
                        _TO_BE,
                        lower("saving"),
                        lower("up", op="?"),
                        lower("for"),
                        lower("a", "an", "my", "our", op="?"),  # "the deposit": which one, another turn said
                        ADJECTIVES,
                        {"POS": "NOUN", "LEMMA": {"NOT_IN": sorted(en.VAGUE_OBJECTS)}},
                        ANY_OPT,
                    ),
                    *(
                        seq(  # a race or a test trained for: "I'm training for a marathon", "for the Great North Run"
                            _TO_BE,
                            lower("training"),
                            lower("for"),
                            lower("a", "an", "the", "my", "our"),
                            ADJECTIVES,
                            *named,
                            ANY_OPT,
                        )
                        for named in (
                            (among(en.EVENT_NOUNS, attr="LEMMA"),),
                            ({"POS": "PROPN", "OP": "+"},),
                        )
                    ),
                    seq(  # a new trade on its way: "I'm training to be a plumber"
                        _TO_BE,
                        lower("training", "studying"),
                        lower("to"),
                        lemma("be", "become"),
                        lower("a", "an"),
                        _COMPOUND,
                        among(en.OCCUPATIONS, attr="LEMMA"),
                        ANY_OPT,
                    ),
                    *(
                        seq(
                            _TO_BE,
                            {"TAG": "VBG", "LEMMA": {"IN": sorted(en.INTENDED_CHANGES)}},
                            ANY_OPT,
                            *ahead,
                            ANY_OPT,
                        )
                        for ahead in _AHEAD
                    ),
                    *(
                        seq(
                            _TO_BE,
                            {"TAG": "VBG", "LEMMA": {"IN": sorted(en.PLAN_ACTS)}},
                            DET_OPT,
                            lower("my", "our", "their", "his", "her", op="?"),
                            ADJECTIVES,
                            planned,
                            ANY_OPT,
                            *when,
                            ANY_OPT,
                        )
                        for planned in _PLAN_THINGS
                        for when in (*_AHEAD, *_ON_A_DAY)
                    ),
                    *(  # a feast hosted: "I'm hosting Christmas this year"
                        seq(_TO_BE, lower("hosting"), among(en.FEASTS), ANY_OPT, *when, ANY_OPT)
                        for when in (*_AHEAD, *_ON_A_DAY)
                    ),
                    *(  # "I'm doing the Camino de Santiago next year", "we're planning a road trip in 2026"
                        seq(_TO_BE, *what, ANY_OPT, *ahead, ANY_OPT)
                        for what in (
                            (
                                {"TAG": "VBG", "LEMMA": {"IN": sorted(en.PLAN_ACTS)}},
                                lower("the"),
                                {"POS": "PROPN", "OP": "+"},
                            ),
                            (lower("planning"), lower("a", "an"), ADJECTIVES, {"POS": "NOUN"}),
                        )
                        for ahead in (*_AHEAD, ({"ENT_TYPE": "DATE", "LIKE_NUM": True},))
                    ),
                    *(  # a happening one goes to, ahead: "I'm going to a wedding in Scotland in August"
                        seq(
                            _TO_BE,
                            lower("going"),
                            lower("to"),
                            lower("a", "an", "my", "our"),
                            ADJECTIVES,
                            among(en.EVENT_NOUNS, attr="LEMMA"),
                            ANY_OPT,
                            *ahead,
                            ANY_OPT,
                        )
                        for ahead in _AHEAD
                    ),
                    *(  # the present for a time ahead: "our landlord is putting the rent up in March"
                        seq(
                            _TO_BE,
                            {"TAG": "VBG", "LEMMA": {"NOT_IN": sorted(en.NO_EVENT_VERBS | en.FEELING_VERBS | {"go"})}},
                            {"POS": {"IN": ["DET", "PRON", "NOUN", "PROPN"]}, "ENT_TYPE": {"NOT_IN": ["DATE", "TIME"]}},
                            ANY_OPT,
                            *ahead,
                            ANY_OPT,
                        )
                        for ahead in _AHEAD
                    ),
                    seq(  # a stay ahead: "my in-laws are coming to stay for Christmas" (not "coming over today")
                        _TO_BE,
                        lower("coming"),
                        lower("to", op="?"),
                        lower("stay", "visit"),
                        ANY_OPT,
                        {"ENT_TYPE": "DATE", "LOWER": {"NOT_IN": ["today", "tonight"]}},
                        ANY_OPT,
                    ),
                    *(
                        seq(  # the present for what is planned: "I start my new job on Monday"
                            {"TAG": {"IN": ["VBP", "VBZ"]}, "LEMMA": {"IN": sorted(en.PLAN_ACTS)}},
                            DET_OPT,
                            lower("my", "our", op="?"),
                            ADJECTIVES,
                            planned,
                            ANY_OPT,
                            *when,
                            ANY_OPT,
                        )
                        for planned in _PLAN_THINGS
                        for when in (*_AHEAD, *_ON_A_DAY)
                    ),
                ),
            )
        ),
        output="goal",
        confidence=0.85,
        examples=(
            Example("I'm planning to retire next year.", "Ana is planning to retire next year."),
            Example("We're moving house at the end of the month.", "Ana is moving house at the end of the month."),
            Example("We're hosting Christmas this year.", "Ana is hosting Christmas this year."),
            Example("I'm doing a 10k in April.", "Ana is doing a 10k in April."),
            Example(
                "I'm going to start a pottery course in September.",
                "Ana is going to start a pottery course in September.",
            ),
            Example("I've decided to go back to uni.", "Ana has decided to go back to uni."),
            Example("I'm training to be an electrician.", "Ana is training to be an electrician."),
            Example("My sister is planning to move to Canada.", "Ana's sister is planning to move to Canada."),
            Example("I'm starting a new job on Monday.", "Ana is starting a new job on Monday."),
            Example("I start my new job on Monday.", "Ana starts their new job on Monday."),
            Example("My daughter starts school in September.", "Ana's daughter starts school in September."),
            Example("moving house in March", "Ana is moving house in March."),
            Example("I'm having surgery on my knee in two weeks.", "Ana is having surgery on their knee in two weeks."),
            Example("I'm saving for a deposit on a flat.", "Ana is saving for a deposit on a flat."),
            Example("We're saving up for a new car.", None),
            Example("I'm hosting a barbecue next weekend.", "Ana is hosting a barbecue next weekend."),
            Example(
                "We're going camping in the Lake District in August.",
                "Ana is going camping in the Lake District in August.",
            ),
            Example(
                "I'm getting my wisdom teeth out next Thursday.", "Ana is getting their wisdom teeth out next Thursday."
            ),
            Example("I'm running a half marathon in October.", "Ana is running a half marathon in October."),
            Example("I'm training for the Great North Run.", "Ana is training for the Great North Run."),
            Example("my son is training for a marathon", "Ana's son is training for a marathon."),
            Example("My in-laws are coming to stay for Christmas.", "Ana's in-laws are coming to stay for Christmas."),
            Example("Our landlord is putting the rent up in March.", "Ana's landlord is putting the rent up in March."),
            Example(
                "I'm going to a wedding in Scotland in August.", "Ana is going to a wedding in Scotland in August."
            ),
            Example("I'm doing the Camino de Santiago next year.", "Ana is doing the Camino de Santiago next year."),
            Example(
                "We're planning a road trip across the US in 2026.",
                "Ana is planning a road trip across the US in 2026.",
            ),
        ),
        counterexamples=(
            "I'm going to bed.",
            "I'm going to watch a film tonight.",
            "I'm going to the shop at the end of the day.",
            "I'm going to be late next week.",
            "I'm hoping to get some sleep.",
            "I'm going to have to cancel.",
            "I'm planning to just relax.",
            "I'm training the new starters this week.",
            "I'm saving for later.",
            "I'm saving up for the trip.",
            "I'm saving it for you.",
            "My daughter starts school.",
            "School starts in September.",
            "I'm running late for my meeting on Monday.",
            "I went camping in Wales in August.",
            "I'm training for my new job.",
        ),
    ),
    Rule(
        id="en.keep.plan",
        language="en",
        decision="keep",
        description="What the speaker, or a person of theirs, plans, intends or has decided to do.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(_TO_BE, lower("going", "planning", "hoping"), lower("to", "on"), ANY),
                    seq(ADVERBS, lemma("plan", "intend", "aim", "hope"), lower("to"), ANY),
                    seq(HAVE, ADVERBS, lower("decided"), lower("to"), ANY),
                    seq(ADVERBS, lower("decided"), lower("to"), ANY),
                    seq(_TO_BE, lower("saving"), lower("up", op="?"), lower("for", "to"), ANY),
                    seq(
                        _TO_BE,
                        lower("planning", "organising", "organizing", "booking"),
                        DET_OPT,
                        ADJECTIVES,
                        among(en.EVENT_NOUNS, attr="LEMMA"),
                        ANY_OPT,
                    ),
                    seq(
                        _TO_BE,
                        among(en.TRAVEL_VERBS, attr="LEMMA"),
                        ANY,
                        among(en.TIME_WORDS | en.FREQUENCY_UNITS),
                        ANY_OPT,
                    ),
                    seq(
                        lemma("will"),
                        ADVERBS,
                        lemma("be"),
                        lower("in", "at", "visiting"),
                        ANY,
                        among(en.TIME_WORDS | en.FREQUENCY_UNITS),
                        ANY_OPT,
                    ),
                    seq(
                        _TO_BE,
                        {"TAG": "VBG", "LEMMA": {"NOT_IN": sorted(en.FEELING_VERBS | en.NO_EVENT_VERBS)}},
                        ANY_OPT,
                        among(en.FUTURE_TIME_WORDS),
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="goal",
        confidence=0.85,
        examples=(
            Example("I'm planning a trip to the north coast.", "Ana is planning a trip to the north coast."),
            Example("I'm hoping to visit Kyoto.", "Ana is hoping to visit Kyoto."),
            Example("I've decided to take up the cello.", "Ana has decided to take up the cello."),
        ),
        counterexamples=("I'm going to grab a coffee.",),
    ),
    Rule(
        id="en.keep.trip",
        language="en",
        decision="keep",
        description=(
            "A trip of the speaker's, or a person of theirs, to a named place at a stated time, or back from one."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    *(
                        seq(
                            _TO_BE,
                            {"TAG": "VBG", "LEMMA": {"IN": sorted(en.TRAVEL_VERBS)}},
                            lower("home", op="?"),  # "going home to Ghana for Christmas"
                            lower("to", "with"),  # "flying with Ryanair on Friday"
                            {"POS": "PROPN", "OP": "+"},
                            ANY_OPT,
                            *when,
                            ANY_OPT,
                        )
                        for when in _DATED
                    ),
                    seq(  # "I'm taking my mum to Rome for her 70th"
                        _TO_BE, lower("taking"), *MY_PERSON, lower("to"), {"POS": "PROPN", "OP": "+"}, ANY_OPT
                    ),
                    *(
                        seq(_TO_BE, lower("off"), lower("to"), {"POS": "PROPN", "OP": "+"}, ANY_OPT, *when, ANY_OPT)
                        for when in _DATED
                    ),
                    seq(_TO_BE, lower("back"), lower("from"), {"POS": "PROPN", "OP": "+"}, ANY_OPT),
                    *(  # a visit to a person of theirs: "I'm visiting my grandma this weekend"
                        seq(*lead, whom, ANY_OPT, *when, ANY_OPT)
                        for whom in (MY_PERSON, MY_IN_LAW)
                        for lead in (
                            (_TO_BE, {"TAG": "VBG", "LEMMA": {"IN": ["visit", "see"]}}),
                            (_TO_BE, lower("going"), lower("to"), lemma("visit", "see")),
                        )
                        for when in (*_AHEAD, *_ON_A_DAY)
                    ),
                    seq(  # the present for what is planned: "I fly to Denver on Thursday"
                        {"TAG": {"IN": ["VBP", "VBZ"]}, "LEMMA": {"IN": sorted(en.TRAVEL_VERBS - {"go", "come"})}},
                        lower("to", "for"),
                        {"POS": "PROPN", "OP": "+"},
                        {"LOWER": {"NOT_IN": ["every", "each"]}, "IS_PUNCT": False, "OP": "*"},
                        {"ENT_TYPE": "DATE", "LOWER": {"NOT_IN": ["every", "each"]}},
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="event",
        confidence=0.9,
        examples=(
            Example("I'm flying to Seoul next Tuesday.", "Ana is flying to Seoul next Tuesday."),
            Example("I'm going home to Ghana for Christmas.", "Ana is going home to Ghana for Christmas."),
            Example("I'm flying with Ryanair on Friday.", "Ana is flying with Ryanair on Friday."),
            Example("I'm taking my mum to Rome for her 70th.", "Ana is taking their mum to Rome for her 70th."),
            Example(
                "I'm flying to Berlin tomorrow morning, 7am flight",
                "Ana is flying to Berlin tomorrow morning, 7am flight.",
            ),
            Example("I fly to Denver on Thursday.", "Ana flies to Denver on Thursday."),
            Example("Off to Lisbon on the 14th for a week.", "Ana is off to Lisbon on the 14th for a week."),
            Example("I'm back from Berlin!", "Ana is back from Berlin."),
            Example("I'm visiting my grandma this weekend.", "Ana is visiting their grandma this weekend."),
            Example("I'm seeing my in-laws on Sunday.", "Ana is seeing their in-laws on Sunday."),
            Example("I'm going to see my parents next month.", "Ana is going to see their parents next month."),
            Example(
                "My parents are driving to Cornwall in August.", "Ana's parents are driving to Cornwall in August."
            ),
        ),
        counterexamples=(
            "I'm going to the gym tomorrow.",
            "I'm going to Lidl later.",
            "I drive to Leeds every Monday.",
            "I fly to Denver sometimes.",
            "I'm off to bed.",
            "I'm seeing my sister.",
        ),
    ),
    Rule(
        id="en.keep.wish",
        language="en",
        decision="keep",
        description="What the speaker wants, would like or dreams to do.",
        pattern=Tokens(
            each(
                SPEAKER,
                (
                    seq(ADVERBS, lemma("want"), lower("to"), _WISHED, ANY_OPT),
                    seq(lemma("would"), ADVERBS, lemma("like", "love"), lower("to"), _WISHED, ANY_OPT),
                    seq(ADVERBS, lemma("dream"), lower("of", "about"), ANY),
                ),
            )
            + (seq(MY, among(en.GOAL_NOUNS), BE, lower("to"), ANY),)
        ),
        output="goal",
        confidence=0.8,
        examples=(
            Example("I want to open a small bookshop one day.", "Ana wants to open a small bookshop one day."),
            Example("My goal is to save enough for a house.", "Ana's goal is to save enough for a house."),
            Example("I want to ask for a transfer next year.", "Ana wants to ask for a transfer next year."),
        ),
        counterexamples=("I want to say something.", "I just wanted to say thanks for yesterday."),
    ),
    Rule(
        id="en.keep.like",
        language="en",
        decision="keep",
        description="What the speaker, or a person of theirs, likes, loves, prefers, or is into.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, among(en.LIKING, attr="LEMMA"), ANY),
                    seq(ADVERBS, {"LEMMA": "support", "TAG": {"IN": ["VBP", "VBZ"]}}, NAME, PUNCT),  # a team
                    seq(
                        _TO_BE,
                        lower("a", op="?"),
                        lower("big", "huge", "massive", op="?"),
                        lower("fan"),
                        lower("of"),
                        ANY,
                    ),
                    seq(
                        _TO_BE,
                        among(en.DEGREE_ADVERBS | {"more"}, op="*"),
                        lower("into", "passionate", "obsessed", "keen"),
                        ANY,
                    ),
                    seq(_TO_BE, among(en.DEGREE_ADVERBS, op="*"), lower("crazy", "nuts"), lower("about"), ANY),
                    seq(
                        lemma("have", op="?"),
                        ADVERBS,
                        lemma("be"),
                        ADVERBS,
                        lower("a", "an"),
                        {"POS": "ADJ", "OP": "*"},
                        {"POS": "PROPN", "OP": "+"},
                        lemma("fan"),
                        ANY_OPT,
                    ),
                    seq(
                        _HAVE_GOT,
                        ADVERBS,
                        lower("had", op="?"),
                        lower("a", "such"),
                        ADJECTIVES,
                        among(en.LIKING_NOUNS),
                        lower("for"),
                        ANY,
                    ),
                ),
            )
            + (seq(MY, ADJECTIVES, lower("favourite", "favorite"), ANY_OPT, BE, ANY),)
        ),
        output="preference",
        confidence=0.85,
        examples=(
            Example("I love hiking in the mountains.", "Ana loves hiking in the mountains."),
            Example("My favourite band is Khruangbin.", "Ana's favourite band is Khruangbin."),
            Example("I'm really into Brazilian jazz.", "Ana is really into Brazilian jazz."),
            Example("I've been a Liverpool fan all my life.", "Ana has been a Liverpool fan all their life."),
            Example("my son is a big Arsenal fan", "Ana's son is a big Arsenal fan."),
            Example("I rather like old maps.", "Ana rather likes old maps."),
            Example("I'm totally crazy about board games.", "Ana is totally crazy about board games."),
            Example("I support Arsenal.", "Ana supports Arsenal."),
        ),
        counterexamples=(
            "I love you!",
            "I love it.",
            "Like I said, it's fine.",
            "What a fan.",
            "I support your decision.",
            "I support Anna in everything.",
        ),
    ),
    Rule(
        id="en.keep.dislike",
        language="en",
        decision="keep",
        description="What the speaker, or a person of theirs, dislikes or cannot stand.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, among(en.DISLIKING, attr="LEMMA"), ANY),
                    seq(ADVERBS, lemma("do"), NOT, ADVERBS, among(en.LIKING, attr="LEMMA"), ANY),
                    seq(lemma("can"), NOT, lower("stand"), ANY),
                    seq(_TO_BE, NOT, lower("a", "the"), {"POS": "ADJ", "OP": "*"}, lower("fan"), lower("of"), ANY),
                ),
            )
        ),
        output="preference",
        confidence=0.85,
        examples=(
            Example("I hate cilantro.", "Ana hates cilantro."),
            Example("I'm not a huge fan of musicals.", "Ana is not a huge fan of musicals."),
            Example("I don't like horror films.", "Ana doesn't like horror films."),
            Example("I really don't like camping.", "Ana really doesn't like camping."),
        ),
        counterexamples=("I hate that for you.",),
    ),
    Rule(
        id="en.keep.struggle",
        language="en",
        decision="keep",
        description="A problem the speaker names: struggling with something, unable to sleep, worried about a cause.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(_TO_BE, lower("struggling"), lower("with", "to"), ANY),
                    seq(ADVERBS, lemma("struggle"), lower("with", "to"), ANY),
                    seq(
                        HAVE,
                        ADVERBS,
                        lemma("be"),
                        lower("feeling"),
                        among(en.DEGREE_ADVERBS, op="*"),
                        among(en.WORRIES),
                        lower("about", "by", "over"),
                        ANY,
                    ),
                    seq(_HAVE_GOT, lower("trouble", "difficulty", "problems", "issues"), ANY),
                    seq(lemma("can"), NOT, ADVERBS, lemma("sleep", "focus", "concentrate", "relax")),
                    seq(lemma("can"), NOT, ADVERBS, lemma("sleep", "focus", "concentrate", "relax"), ANY),
                    seq(ADVERBS, lemma("keep"), {"TAG": "VBG", "LEMMA": {"NOT_IN": sorted(en.TELLING_VERBS)}}, ANY),
                    seq(_TO_BE, among(en.DEGREE_ADVERBS, op="*"), among(en.WORRIES), lower("about", "by", "over"), ANY),
                    seq(_TO_BE, among(en.DEGREE_ADVERBS, op="*"), among(en.FEARING), lower("of"), _FEARED, ANY_OPT),
                    seq(  # "my daughter is scared of the dark"
                        _TO_BE,
                        among(en.DEGREE_ADVERBS, op="*"),
                        among(en.FEARING),
                        lower("of"),
                        lower("the"),
                        lower("dark", "water", "sea", "dentist"),
                        PUNCT,
                    ),
                ),
            )
        ),
        output="pain_point",
        confidence=0.85,
        examples=(
            Example("I'm struggling with my statistics course.", "Ana is struggling with their statistics course."),
            Example("I can't sleep before exams.", "Ana can't sleep before exams."),
            Example("I'm really worried about my mum's surgery.", "Ana is really worried about their mum's surgery."),
            Example("I'm scared of flying.", "Ana is scared of flying."),
            Example("My son is terrified of dogs.", "Ana's son is terrified of dogs."),
            Example("My daughter is scared of the dark.", "Ana's daughter is scared of the dark."),
        ),
        counterexamples=(
            "I'm worried.",
            "I'm scared of the results.",
            "I'm scared of it.",
            "He wants me to come along but I keep saying no.",
        ),
    ),
    Rule(
        id="en.keep.habit",
        language="en",
        decision="keep",
        description="What the speaker does regularly: usually, every week, on Sundays, twice a month.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        among(en.FREQUENCY_ADVERBS), ADVERBS, {**_HABIT_VERB, "TAG": {"IN": ["VBP", "VBZ", "VB"]}}, ANY
                    ),
                    seq(
                        among(en.FREQUENCY_ADVERBS),
                        ADVERBS,
                        {**_LIGHT_VERB, "LEMMA": {"IN": sorted(en.LIGHT_VERBS)}},  # "I normally go to bed …"
                        *_TO_OPT,
                        _WHAT,
                        ANY_OPT,
                    ),
                    *(seq(ADVERBS, _HABIT_VERB, ANY_OPT, *often, ANY_OPT) for often in _OFTEN),
                    *(seq(ADVERBS, _SAME_IN_PAST, ANY_OPT, *often, ANY_OPT) for often in _OFTEN),
                    *(seq(ADVERBS, _LIGHT_VERB, *_TO_OPT, _WHAT, ANY_OPT, *often, ANY_OPT) for often in _OFTEN),
                    *(  # "I take the 7:45 train every weekday"
                        seq(ADVERBS, _LIGHT_VERB, ARTICLE, {"POS": "NUM", "OP": "?"}, _WHAT, ANY_OPT, *often)
                        for often in _OFTEN
                    ),
                    *(seq(ADVERBS, lemma("work"), lower("from"), lower("home"), *often, ANY_OPT) for often in _OFTEN),
                    seq(
                        ADVERBS,
                        lemma("work"),
                        lower("from"),
                        lower("home"),
                        lower("full", "part"),
                        lower("-", op="?"),
                        lower("time"),
                    ),
                    seq(ADVERBS, lemma("commute"), lower("to", "by", "into", "from"), ANY),  # a commute is a habit
                    *(  # "I cycle to work", "my son takes the bus to school": in the present, nothing after, a commute
                        seq(ADVERBS, *way, lower("to"), lower("the", op="?"), among(en.COMMUTE_ENDS), PUNCT)
                        for way in (
                            ({"LEMMA": {"IN": sorted(en.COMMUTE_WAYS)}, "TAG": {"IN": ["VBP", "VBZ"]}},),
                            (
                                {"LEMMA": "take", "TAG": {"IN": ["VBP", "VBZ"]}},
                                lower("the"),
                                among(en.PUBLIC_TRANSPORT),
                            ),
                        )
                    ),
                    seq(  # "I usually take the 7:15 train to London": a train taken as a habit, by its time
                        among(en.FREQUENCY_ADVERBS),
                        {"LEMMA": "take", "TAG": {"IN": ["VBP", "VBZ"]}},
                        lower("the"),
                        {"LIKE_NUM": True, "OP": "?"},
                        {"TEXT": {"REGEX": r"^\d{1,2}[:.]\d{2}$"}, "OP": "?"},
                        among(en.PUBLIC_TRANSPORT),
                        ANY,
                    ),
                    *(seq(HAVE, ADVERBS, lemma("be"), _KEPT_UP, ANY_OPT, *span) for span in (*_FOR_YEARS, _A_LOT)),
                    *(seq(HAVE, ADVERBS, lemma("be"), _KEPT_UP, ANY_OPT, *often, ANY_OPT) for often in _OFTEN),
                ),
            )
        ),
        output="preference",
        confidence=0.85,
        examples=(
            Example("I swim every Tuesday evening.", "Ana swims every Tuesday evening."),
            Example("I knit most evenings.", "Ana knits most evenings."),
            Example("I take the 8:10 bus every weekday.", "Ana takes the 8:10 bus every weekday."),
            Example("My husband works from home full time.", "Ana's husband works from home full time."),
            Example("I usually cycle to work.", "Ana usually cycles to work."),
            Example("I go bouldering twice a week.", "Ana goes bouldering twice a week."),
            Example("I go running 3 times a week.", "Ana goes running 3 times a week."),
            Example("I go running most mornings.", "Ana goes running most mornings."),
            Example("I go to the climbing gym every Thursday.", "Ana goes to the climbing gym every Thursday."),
            Example("Every Sunday I play chess with my grandad.", "Ana plays chess with their grandad every Sunday."),
            Example("On Saturdays I go swimming.", "Ana goes swimming on Saturdays."),
            Example("I work from home on Mondays.", "Ana works from home on Mondays."),
            Example("I usually work from home mondays and fridays", "Ana usually works from home mondays and fridays."),
            Example("I play tennis Saturdays.", "Ana plays tennis Saturdays."),
            Example("I commute by bike.", "Ana commutes by bike."),
            Example("I take the tube to work.", "Ana takes the tube to work."),
            Example("My son walks to school.", "Ana's son walks to school."),
            Example("I normally go to bed around midnight.", "Ana normally goes to bed around midnight."),
            Example("I play five-a-side on Wednesdays.", "Ana plays five-a-side on Wednesdays."),
            Example(
                "I've been doing pilates for about 3 years now.", "Ana has been doing pilates for about 3 years now."
            ),
            Example("been playing chess since 2015", "Ana has been playing chess since 2015."),
            Example("been teaching for 20 years", "Ana has been teaching for 20 years."),
            Example("I've been swimming since I was a kid.", "Ana has been swimming since Ana was a kid."),
            Example("I do pilates on Monday evenings.", "Ana does pilates on Monday evenings."),
            Example("I practise piano for an hour a day.", "Ana practises piano for an hour a day."),
            Example("been going to the gym a lot lately", "Ana has been going to the gym a lot lately."),
            Example(
                "I've been doing yoga twice a week since January.",
                "Ana has been doing yoga twice a week since January.",
            ),
        ),
        counterexamples=(
            "My brother says that every year.",
            "I usually feel tired.",
            "I always forget what I wanted to ask.",
            "I go every morning before work.",
            "I spend most evenings on my phone.",
            "Every morning I feel tired.",
            "I've been doing homework for hours.",
            "I've been waiting for three months.",
            "I work from home today.",
            "I hate Mondays.",
            "I work Saturday.",
            "I've been thinking a lot lately.",
            "I learned a lot.",
        ),
    ),
    Rule(
        id="en.keep.used_to",
        language="en",
        decision="keep",
        description="What the speaker, or a person of theirs, used to do: a habit of the past.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        lower("used"),
                        lower("to"),
                        {"POS": "VERB", "LEMMA": {"NOT_IN": sorted(en.NO_EVENT_VERBS | en.FEELING_VERBS)}},
                        _OBJECT,
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I used to play the violin as a kid.", "Ana used to play the violin as a kid."),
            Example("My dad used to drive a taxi in Lagos.", "Ana's dad used to drive a taxi in Lagos."),
        ),
        counterexamples=("I used to think it was easy.", "I used to feel so lost.", "I used to go there."),
    ),
    Rule(
        id="en.keep.skill",
        language="en",
        decision="keep",
        description="A language the speaker speaks or an instrument or sport they play.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(lemma("can", op="?"), ADVERBS, lemma("speak"), ANY),
                    seq(lemma("can", op="?"), ADVERBS, lemma("play"), lower("the"), ANY),
                    seq(lemma("can"), lower("not", "n't", op="?"), among(en.LIFE_SKILLS), PUNCT),  # "I can't drive"
                    seq(_TO_BE, lower("fluent"), lower("in"), ANY),
                    seq(_TO_BE, lower("learning"), ANY),
                    seq(
                        HAVE,
                        ADVERBS,
                        lemma("be"),
                        among(en.PRACTICE_FORMS),
                        ANY,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I speak Portuguese and a bit of Swahili.", "Ana speaks Portuguese and a bit of Swahili."),
            Example("I play the cello.", "Ana plays the cello."),
            Example("I can't drive.", "Ana can't drive."),
            Example("I've been learning Japanese for a year.", "Ana has been learning Japanese for a year."),
        ),
        counterexamples=("I can speak to that.", "I can't drive today.", "I can't sleep."),
    ),
    Rule(
        id="en.keep.past_event",
        language="en",
        decision="keep",
        description="Something the speaker, or a person of theirs, did or that happened to them.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        {"TAG": "VBD", "POS": "VERB", "LEMMA": {"NOT_IN": sorted(en.NO_EVENT_VERBS)}},
                        _OBJECT,
                        ANY_OPT,
                    ),
                    seq(
                        ADVERBS,
                        {"TAG": "VBD", "POS": "VERB", "LEMMA": {"NOT_IN": sorted(en.NO_EVENT_VERBS)}},
                        among(en.DIRECTION_ADVERBS),
                        ANY,
                    ),
                    seq(
                        ADVERBS,
                        {"TAG": "VBD", "POS": "VERB", "LEMMA": {"NOT_IN": sorted(en.NO_EVENT_VERBS)}},
                        {"POS": "NUM"},
                        {"POS": {"IN": ["NOUN", "PROPN", "ADJ"]}},
                        ANY_OPT,
                    ),
                    seq(
                        HAVE,
                        ADVERBS,
                        {"TAG": "VBN", "POS": "VERB", "LEMMA": {"NOT_IN": sorted(en.NO_EVENT_VERBS)}},
                        _OBJECT,
                        ANY_OPT,
                    ),
                    seq(
                        ADVERBS, {"TAG": "VBD", "LEMMA": {"IN": sorted(en.LIFE_EVENTS)}}, lower("away", op="?"), ANY_OPT
                    ),
                    seq(ADVERBS, lower("got"), among(en.LIFE_CHANGES)),
                    seq(ADVERBS, lower("got"), among(en.LIFE_CHANGES), ANY),
                ),
            )
        ),
        output="event",
        confidence=0.8,
        examples=(
            Example("I ran my first half marathon on Sunday.", "Ana ran their first half marathon on Sunday."),
            Example("My sister got engaged last week.", "Ana's sister got engaged last week."),
            Example("I've finished my thesis.", "Ana has finished their thesis."),
        ),
        counterexamples=("I said that already.", "I dreamt I was flying over the sea last night."),
    ),
    Rule(
        id="en.keep.agreement",
        language="en",
        decision="keep",
        description="What the speaker agreed or decided that something is ('we agreed that …', said for a group).",
        pattern=Tokens(
            each(
                SPEAKER,
                (
                    seq(ADVERBS, lower("agreed", "decided"), lower("that"), _OBJECT, ANY),
                    seq(ADVERBS, lower("agreed"), lower("to", "on"), _OBJECT, ANY),
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I agreed to water the plants on Fridays.", "Ana agreed to water the plants on Fridays."),
            Example(
                "I decided that the spare room is an office now.", "Ana decided that the spare room is an office now."
            ),
        ),
        counterexamples=("I agreed.", "I agreed with you."),
    ),
    Rule(
        id="en.keep.located",
        language="en",
        decision="keep",
        description="Where a place or thing of the speaker's is, by its name ('my office is in Leeds').",
        pattern=Tokens(
            (
                seq(
                    MY,
                    ADJECTIVES,
                    {
                        "POS": "NOUN",
                        "LEMMA": {"NOT_IN": sorted(en.PERSON_NOUNS | en.ANIMAL_NOUNS | en.EVENT_NOUNS | en.INNER_SELF)},
                    },
                    BE,
                    ADVERBS,
                    lower("in", "at", "near", "on"),
                    DET_OPT,
                    ADJECTIVES,
                    {"POS": "PROPN", "ENT_TYPE": {"IN": ["GPE", "LOC", "FAC", "ORG"]}},
                    ANY_OPT,
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(Example("My office is in Leeds.", "Ana's office is in Leeds."),),
        counterexamples=("My office is in a mess.", "My sister is in Paris this week.", "My heart is in Glasgow."),
    ),
    Rule(
        id="en.keep.due",
        language="en",
        decision="keep",
        description=(
            "What falls due for the speaker, and when ('my rent is due on the 1st', 'my passport expires in March')."
        ),
        pattern=Tokens(
            (
                *(
                    seq(MY, ADJECTIVES, *thing, *falls, _WHEN_DUE, ANY)
                    for thing in _DUE_THINGS
                    for falls in (
                        (BE, ADVERBS, lower("due")),
                        (ADVERBS, among(en.FALLING_DUE, attr="LEMMA"), ADVERBS),
                        (ADVERBS, lemma("run", "go"), lower("out"), ADVERBS),
                        (ADVERBS, lemma("come", "go"), lower("in"), ADVERBS),  # "my pension comes in on the 4th"
                    )
                ),
                seq(FIRST_PERSON, ADVERBS, lemma("get"), lower("paid"), ADVERBS, _WHEN_DUE, ANY),  # payday
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("My rent is due on the first of the month.", "Ana's rent is due on the first of the month."),
            Example("my passport expires in March", "Ana's passport expires in March."),
            Example("My gym membership renews on the 15th.", "Ana's gym membership renews on the 15th."),
            Example("My car insurance runs out next month.", "Ana's car insurance runs out next month."),
            Example("My car's MOT is due in March.", "Ana's car's MOT is due in March."),
            Example("My mortgage payment goes out on the 1st.", "Ana's mortgage payment goes out on the 1st."),
            Example("I get paid on the 28th.", "Ana gets paid on the 28th."),
            Example("My pension comes in on the 4th.", "Ana's pension comes in on the 4th."),
        ),
        counterexamples=(
            "My rent is due.",
            "My passport expired.",
            "My patience runs out quickly.",
            "My boyfriend goes out on Fridays.",
        ),
    ),
    Rule(
        id="en.keep.advice",
        language="en",
        decision="keep",
        description="What the speaker's doctor, dentist or therapist has told them to do ('my doctor told me to cut "
        "down on salt'); not an errand ('told me to come back on Monday').",
        pattern=Tokens(
            (
                seq(
                    lower("my", "the"),
                    among(en.CARERS),
                    ADVERBS,
                    among(en.ADVISED),
                    lower("me"),
                    lower("to"),
                    {"TAG": "VB", "LEMMA": {"NOT_IN": ["come", "wait", "call", "ring"]}},
                    ANY,
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("My doctor told me to cut down on salt.", "Ana's doctor told Ana to cut down on salt."),
            Example("My physio wants me to stretch every morning.", "Ana's physio wants Ana to stretch every morning."),
            Example("My GP told me to drink less coffee.", "Ana's GP told Ana to drink less coffee."),
        ),
        counterexamples=("My doctor told me to come back on Monday.", "My doctor told me."),
    ),
    Rule(
        id="en.keep.height",
        language="en",
        decision="keep",
        description="How tall the speaker, or a person of theirs, is ('I'm 1.80 m tall', 'I'm six foot two').",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        _TO_BE,
                        {"POS": "NUM"},
                        among(en.LENGTH_UNITS, op="?"),
                        {"POS": "NUM", "OP": "?"},
                        among(en.LENGTH_UNITS, op="?"),
                        lower("tall"),
                    ),
                    seq(_TO_BE, {"POS": "NUM"}, lower("foot", "feet"), {"POS": "NUM", "OP": "?"}, PUNCT),
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        slot="height",
        examples=(
            Example("I'm 1.80 m tall.", "Ana is 1.80 m tall."),
            Example("I'm six foot two.", "Ana is six foot two."),
            Example("My son is 120 cm tall.", "Ana's son is 120 cm tall."),
        ),
        counterexamples=("I'm six feet away.", "I'm too tall."),
    ),
    Rule(
        id="en.keep.weight",
        language="en",
        decision="keep",
        description="What the speaker, or a person of theirs, weighs ('I weigh 70 kilos').",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        {"LEMMA": "weigh", "TAG": {"IN": ["VBP", "VBZ"]}},
                        lower("about", "around", op="?"),
                        {"POS": "NUM"},
                        among(en.WEIGHT_UNITS),
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        slot="weight",
        examples=(Example("I weigh 70 kilos.", "Ana weighs 70 kilos."),),
        counterexamples=("I weighed the flour.", "I weigh my options."),
    ),
    Rule(
        id="en.keep.size",
        language="en",
        decision="keep",
        description="The size the speaker, or a person of theirs, wears ('I wear a size 12 shoe', 'I'm a size 8 in "
        "shoes').",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        lemma("wear", "be", "take"),
                        lower("a"),
                        lower("size"),
                        {"TEXT": {"REGEX": en.GARMENT_SIZE}},
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("I wear a size 12 shoe.", "Ana wears a size 12 shoe."),
            Example("My son is a size 4 in shoes.", "Ana's son is a size 4 in shoes."),
        ),
        counterexamples=("I'm a size queen.", "It was a size too small."),
    ),
    Rule(
        id="en.keep.attribute",
        language="en",
        decision="keep",
        description="One value of the speaker's: a code, a number, a birthday, a blood type.",
        pattern=Tokens(
            each(
                (seq(MY, ADJECTIVES), _MY_PERSONS, _MY_POSSESSIONS),
                (
                    seq(
                        among(en.ATTRIBUTE_HEADS),
                        BE,
                        ADVERBS,  # "my blood pressure is usually around 130 over 85"
                        lower("on", op="?"),
                        {"TAG": "$", "OP": "?"},  # a currency sign: "£900"
                        {"TEXT": {"REGEX": r"\d"}},
                        ANY_OPT,
                    ),
                    seq(among(en.ATTRIBUTE_HEADS), lemma("change"), lower("to"), {"TEXT": {"REGEX": r"\d"}}, ANY_OPT),
                    seq(
                        among(en.ATTRIBUTE_HEADS),
                        BE,
                        lower("on", op="?"),
                        {"POS": {"IN": ["PROPN", "NUM", "X"]}},
                        ANY_OPT,
                    ),
                    seq(
                        among(en.ATTRIBUTE_HEADS),
                        BE,
                        lower("on", op="?"),
                        {"ENT_TYPE": {"IN": ["DATE", "TIME", "CARDINAL"]}},
                        ANY_OPT,
                    ),
                    seq(among(en.ATTRIBUTE_HEADS), BE, {"TEXT": {"REGEX": en.BLOOD_GROUP}}, ANY_OPT),
                    seq(
                        among(en.ATTRIBUTE_HEADS), BE, lower("called", "named"), NAME, ANY_OPT
                    ),  # "… is called Oakfield"
                    seq(  # a medicine by its name, which the tagger may take for a common noun ("ramipril")
                        lower("medication"),
                        BE,
                        {"POS": {"IN": ["NOUN", "PROPN"]}, "LEMMA": {"NOT_IN": sorted(en.VAGUE_OBJECTS)}},
                        ANY_OPT,
                    ),
                    seq(  # "my personal best for 5k is 24 minutes"
                        among(en.RECORDS),
                        lower("for", "in", "at", "on"),
                        DET_OPT,
                        {"IS_PUNCT": False, "POS": {"NOT_IN": ["VERB", "AUX"]}, "OP": "{1,3}"},
                        BE,
                        {"TEXT": {"REGEX": r"\d"}},
                        ANY_OPT,
                    ),
                    seq(
                        among(en.ATTRIBUTE_HEADS),
                        lemma("end", "start", "begin"),
                        lower("in", "with"),
                        {"TEXT": {"REGEX": r"\d"}},
                        ANY_OPT,
                    ),
                ),
            )
            + (
                *(
                    seq(
                        *whose,
                        ADJECTIVES,
                        among(en.ATTRIBUTE_HEADS),
                        lower("for", "at", "on", "to"),
                        *of_what,
                        BE,
                        lower("number", op="?"),
                        {"TEXT": {"REGEX": r"\d"}},
                        ANY_OPT,
                    )
                    for whose, of_what in (
                        ((MY,), ({"POS": {"IN": ["DET", "PRON"]}, "OP": "?"}, ADJECTIVES, _NAMED)),
                        # the code for my bike lock (not "the code at the unit": whose?)
                        ((lower("the"),), (MY, ADJECTIVES, _NAMED)),
                    )
                ),
                seq(
                    MY,
                    ADJECTIVES,
                    among(en.ATTRIBUTE_HEADS),
                    ANY_OPT,
                    {"ORTH": ":"},
                    {"TEXT": {"REGEX": r"\d"}},
                    ANY_OPT,
                ),
                seq(
                    *FIRST_PERSON,
                    ADVERBS,
                    {"POS": "VERB"},
                    MY,
                    ADJECTIVES,
                    among(en.ATTRIBUTE_HEADS),
                    lower("to", "as", op="?"),
                    {"TEXT": {"REGEX": r"^\d{3,}$"}},
                    ANY_OPT,
                ),
            )
        ),
        output="fact",
        confidence=0.95,
        slot="{attribute}",
        examples=(
            Example("My locker number is 418.", "Ana's locker number is 418."),
            Example("I changed my phone PIN to 7315.", "Ana changed their phone PIN to 7315."),
            Example("My blood type is AB positive.", "Ana's blood type is AB positive."),
            Example("My blood pressure medication is ramipril.", "Ana's blood pressure medication is ramipril."),
            Example("My son's nursery is called Little Acorns.", "Ana's son's nursery is called Little Acorns."),
            Example("My blood type is O negative.", "Ana's blood type is O negative."),
            Example("My bike lock combination is 3092.", "Ana's bike lock combination is 3092."),
            Example("Our anniversary is on September 9th.", "Ana's anniversary is on September 9th."),
            Example("My sister's birthday is on 3 May.", "Ana's sister's birthday is on 3 May."),
            Example("My car's reg is AB12 CDE.", "Ana's car's reg is AB12 CDE."),
            Example("My card number ends in 4471.", "Ana's card number ends in 4471."),
            Example("my PIN for the garage door is 7741", "Ana's PIN for the garage door is 7741."),
            Example("my locker at the gym is number 12", "Ana's locker at the gym is number 12."),
            Example("My rent is £900 a month.", "Ana's rent is £900 a month."),
            Example("My phone number changed to 07700 900123.", "Ana's phone number changed to 07700 900123."),
            Example("My son's school is St Mary's.", "Ana's son's school is St Mary's."),
            Example("My PB in the half marathon is 1:52.", "Ana's PB in the half marathon is 1:52."),
            Example("My internet provider is BT.", "Ana's internet provider is BT."),
            Example("My commute is about forty minutes each way.", "Ana's commute is about forty minutes each way."),
        ),
        counterexamples=(
            "My best for a long time was running.",
            "My commute was awful today.",
            "My rent is too high.",
            "My school is great.",
            "My number one priority is sleep.",
            "My sister's birthday is coming up.",
            "My car's engine is 2 litres.",
        ),
    ),
    Rule(
        id="en.keep.named_person",
        language="en",
        decision="keep",
        description="A person of the speaker's named in passing ('my housemate Kezia', 'Funmi, my sister').",
        pattern=named_in_passing(en.PERSON_NOUNS),
        output="fact",
        confidence=0.9,
        tags=frozenset({"mention"}),
        examples=(
            Example("My housemate Kezia is cooking again.", "Ana's housemate is Kezia."),
            Example("Funmi, my big sister, is getting married.", "Ana's big sister is Funmi."),
            Example("Tom's my best friend from school.", "Ana's best friend is Tom."),
            Example("Priya is my sister-in-law, she lives in Leeds.", "Ana's sister-in-law is Priya."),
        ),
        counterexamples=(
            "My housemate is cooking again.",
            "Sarah is my friend's sister.",
            "Tom was my boss.",
            "Tom is not my brother.",
            "So Tom is my brother now?",
        ),
    ),
    Rule(
        id="en.keep.named_pet",
        language="en",
        decision="keep",
        description="An animal of the speaker's named in passing ('my cat Pixel', 'Pixel, my cat').",
        pattern=named_in_passing(en.ANIMAL_NOUNS),
        output="fact",
        confidence=0.9,
        tags=frozenset({"mention"}),
        examples=(
            Example("My cat Pixel knocked the plant over again.", "Ana's cat is Pixel."),
            Example("Rufus, my old dog, sleeps all day now.", "Ana's old dog is Rufus."),
            Example("Waffles is my cat.", "Ana's cat is Waffles."),
        ),
        counterexamples=("My cat knocked the plant over again.",),
    ),
    Rule(
        id="en.keep.requested",
        language="en",
        decision="keep",
        description="Whatever the speaker explicitly asks the assistant to remember, stated about themselves.",
        pattern=Tokens(
            (
                seq(lower("i"), {"POS": {"IN": ["AUX", "VERB"]}}, ANY),
                seq(MY, ADJECTIVES, {"POS": {"IN": ["NOUN", "PROPN"]}}, ANY),
            )
        ),
        output="fact",
        confidence=0.95,
        tags=frozenset({"requested"}),
        examples=(
            Example("Please remember that I park on level 3.", "Ana parks on level 3."),
            Example("Note that my landlord's number changed.", "Ana's landlord's number changed."),
        ),
        counterexamples=("I park on level 3.",),
    ),
    Rule(
        id="en.keep.requested_note",
        language="en",
        decision="keep",
        description="What the speaker explicitly asks the assistant to remember about something other than themselves.",
        pattern=Tokens((seq({"POS": {"IN": ["DET", "NOUN", "PROPN", "ADJ", "NUM"]}}, ANY),)),
        output="fact",
        confidence=0.9,
        tags=frozenset({"requested", "note"}),
        examples=(
            Example(
                "Can you save this. The alarm code at the unit is 2580.",
                "Ana asked to remember: the alarm code at the unit is 2580.",
            ),
        ),
        counterexamples=("The alarm code at the unit is 2580.",),
    ),
)
