"""English: how the speaker is named in a kept statement (decision ``subject``), and a dropped subject restored.

``restore`` rules fire before any statement is judged: a sentence whose subject the speaker left out is given
"I" back where its first word leaves no doubt ("Lost my keys again" → "I lost my keys again", "Love hiking" →
"I love hiking"). The naming rules fire on a kept statement: "I" becomes the speaker's name with its verb made
to agree ("I love" → "Ana loves", "I'm" → "Ana is"), "my/our" and "me" become "Ana's" and "Ana" (after the
speaker as the statement's subject, "their" and "themselves": "Ana lost their keys"), never a pronoun that could
mean someone else ("Ana's sister borrowed Ana's car", not "… their car"). A statement by a speaker whose name is
unknown keeps its first person.
"""

from __future__ import annotations

from graphsvc.rulebook.en.shapes import ADVERBS, Spec, among, lower
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens

_DROPPED_SUBJECT: tuple[tuple[Spec, ...], ...] = (
    (
        {"TAG": "VBD", "POS": "VERB", "LEMMA": {"NOT_IN": sorted(en.NO_EVENT_VERBS)}},
        {"LOWER": {"NOT_IN": sorted(en.SPEAKER_AS_OBJECT)}},
    ),
    (
        among(en.IRREGULAR_PAST),
        {
            "POS": {"IN": ["DET", "PRON", "NOUN", "PROPN", "ADP", "NUM"]},
            "LOWER": {"NOT_IN": sorted(en.SPEAKER_AS_OBJECT)},
        },
    ),
    (
        {"LOWER": {"REGEX": "^[a-z]{3,}ed$", "NOT_IN": sorted(en.MOODS | en.WORRIES)}},
        {"POS": {"IN": ["DET", "PRON"]}, "LOWER": {"NOT_IN": sorted(en.SPEAKER_AS_OBJECT)}},
    ),
    (lower("just", "finally", "recently"), {"TAG": {"IN": ["VBD", "VBN"]}, "POS": "VERB"}),
    (among(en.LIKING | en.DISLIKING, attr="LOWER"), {"TAG": "VBG"}),
    (lower("been"), {"TAG": "VBG"}),
    (lower("been"), among(en.STATE_WORDS)),
    (lower("going", "planning", "hoping", "trying"), lower("to", "on")),
    (lower("training", "saving", "studying"), lower("for")),  # the tagger may take "training" for a noun
    ({"LOWER": {"IN": ["doing", "hosting"]}, "DEP": "ROOT"}, lower("a", "an")),  # "doing a bbq next weekend"
    (  # the sentence's own verb, not a doing that is its subject ("Having my family around helps a lot")
        {"TAG": "VBG", "DEP": "ROOT", "LEMMA": {"NOT_IN": sorted(en.FEELING_VERBS | en.NO_EVENT_VERBS)}},
        {"POS": {"IN": ["DET", "NOUN", "PROPN", "ADP", "PART"]}},
    ),
    (among(en.STATE_WORDS), {"POS": {"IN": ["ADP", "ADJ", "NOUN", "PROPN"]}}),
    (lower("got"), lower("a", "an", "two", "some")),
)
"""How a sentence whose speaker left out "I" opens: a past verb, a liking, "been", "going to", a doing with what
it is ("doing a bbq", "taking on an apprentice"), a state word, "got a"."""
_ALSO: Spec = {"LOWER": {"IN": sorted(en.BEFORE_A_DROPPED_SUBJECT)}, "OP": "?"}
"""A word the dropped subject may stand before ("also doing a bbq next weekend" → "I am also doing …")."""
_SAID_HERE: Spec = {
    "IS_ALPHA": True,
    "POS": {"NOT_IN": ["DET", "PRON", "AUX", "ADP", "CCONJ", "SCONJ", "NUM", "INTJ"]},
    "LOWER": {"NOT_IN": ["same", "nobody", "everyone", "everybody", "me"]},
    "TAG": {"NOT_IN": ["VBG", "VBD", "VBN"]},
    "OP": "{1,3}",
}
"""A word or up to three before "here" saying what the speaker is ("vegan here"), not "same here" or "nobody here"."""
_WITH_WHOM: tuple[Spec, ...] = (lower("with", op="?"), {"POS": "PROPN", "OP": "*"})
"""Whom a happening is with, by name, between it and its date ("appointment with Dr. Ruiz on May 2")."""

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.subject.restore",
        language="en",
        decision="subject",
        description="A subject the speaker dropped is 'I' when the sentence opens (after 'also', 'still' or 'now') "
        "with a past verb, a liking, 'been', a doing with what it is, or a state.",
        pattern=Tokens(tuple((_ALSO, *opening) for opening in _DROPPED_SUBJECT)),
        output="restore",
        examples=(
            Example(
                "Finished my first pottery course yesterday.", "Ana finished their first pottery course yesterday."
            ),
            Example("Love baking sourdough on Sundays.", "Ana loves baking sourdough on Sundays."),
            Example("Got up at 5 for an early swim in the lake.", "Ana got up at 5 for an early swim in the lake."),
            Example("been vegan since I was 15", "Ana has been vegan since Ana was 15."),
            Example(
                "Going to visit my aunt in Galway next week.", "Ana is going to visit their aunt in Galway next week."
            ),
            Example("also hosting a barbecue on Saturday", "Ana is hosting a barbecue on Saturday."),
            Example("doing a half marathon in May", "Ana is doing a half marathon in May."),
        ),
        counterexamples=("Sounds lovely.", "Made me feel relaxed and happy."),
    ),
    Rule(
        id="en.subject.here",
        language="en",
        decision="subject",
        description=(
            "A word or two and 'here' opening the sentence ('vegan here', 'lactose intolerant here, …') says what "
            "the speaker is: 'I'm …', for the keep rules to judge like any other."
        ),
        pattern=Tokens(
            tuple(
                (_SAID_HERE, lower("here"), after)
                for after in ({"IS_PUNCT": True, "ORTH": {"NOT_IN": ["'s", "’s"]}}, lower("so", "and", "but"))
            )
        ),
        output="restore_here",
        examples=(
            Example("lactose intolerant here so no dairy please", "Ana is lactose intolerant."),
            Example("vegan here, any ideas for dinner?", "Ana is vegan."),
        ),
        counterexamples=("Same here.", "Raining here.", "Nice weather here today."),
    ),
    Rule(
        id="en.subject.dated_happening",
        language="en",
        decision="subject",
        description="A happening named with its time and nothing else ('exam on friday') is the speaker's: 'I have …'.",
        pattern=Tokens(
            (
                (
                    {"POS": {"IN": ["ADJ", "NOUN", "PROPN"]}, "OP": "*"},
                    {"LEMMA": {"IN": sorted(en.EVENT_NOUNS)}, "TAG": "NN"},
                    *_WITH_WHOM,
                    among(en.DATED_BY),
                ),
            )
        ),
        output="restore_have",
        examples=(
            Example("dentist appointment on Thursday at 3", "Ana has a dentist appointment on Thursday at 3."),
            Example("Vet appointment with Dr. Ruiz on May 2", "Ana has a vet appointment with Dr. Ruiz on May 2."),
        ),
        counterexamples=("Exams are the worst.", "The meeting on Monday was long.", "wedding's in Lagos in May"),
    ),
    Rule(
        id="en.subject.own_happening",
        language="en",
        decision="subject",
        description=(
            "A happening of one's own opening a statement without an owner, with its date ('flights to Rome are "
            "on 3 May', 'placement starts in feb') is the speaker's: 'my …'."
        ),
        pattern=Tokens(
            tuple(
                (
                    {"POS": {"IN": ["ADJ", "NOUN"]}, "OP": "*"},
                    {"LEMMA": {"IN": sorted(en.OWN_EVENT_NOUNS)}, "TAG": {"IN": ["NN", "NNS"]}},
                    {"LOWER": {"IN": ["to", "from", "at", "with"]}, "OP": "?"},
                    {"POS": "PROPN", "OP": "*"},
                    {"LEMMA": {"IN": ["be", "start", "begin", "leave"]}},
                    {"OP": "?", "LOWER": {"IN": ["on", "in", "at"]}},
                    when,
                )
                # the tagger may miss a date ("in feb"): a month, a weekday or "next" will do
                for when in ({"ENT_TYPE": "DATE"}, among(en.FUTURE_TIME_WORDS))
            )
        ),
        output="possessive_own",
        examples=(
            Example("flights to Rome are 3 May, back the 9th", "Ana's flights to Rome are 3 May, back the 9th."),
            Example("internship starts in march at a law firm", "Ana's internship starts in march at a law firm."),
            Example("apprenticeship starts in sept at a garage", "Ana's apprenticeship starts in sept at a garage."),
        ),
        counterexamples=("wedding's in Accra in June", "Exams are the worst.", "Flights are cheap in May."),
    ),
    Rule(
        id="en.subject.household",
        language="en",
        decision="subject",
        description=(
            "'We' opening a statement of what is eaten at home ('we only eat kosher', 'we're vegetarian') or of an "
            "animal kept ('we have two cats') is the speaker's family: 'my family …'; any other 'we' stays unsure."
        ),
        pattern=Tokens(
            (
                (lower("we"), ADVERBS, {"LEMMA": {"IN": ["eat", "keep"]}}, among(en.DIETS)),
                (lower("we"), {"LEMMA": "be"}, ADVERBS, lower("a", op="?"), among(en.DIETS)),
                (
                    lower("we"),
                    ADVERBS,
                    {"LEMMA": "have"},
                    lower("got", op="?"),
                    {"POS": {"IN": ["DET", "NUM"]}},
                    {"POS": {"IN": ["ADJ", "NOUN"]}, "OP": "*"},
                    among(en.ANIMAL_NOUNS, attr="LEMMA"),
                ),
            )
        ),
        output="household",
        examples=(
            Example("we only eat kosher so keep that in mind", "Ana's family only eat kosher."),
            Example("We're vegetarian.", "Ana's family are vegetarian."),
            Example("We have a cat called Pickles.", "Ana's family have a cat called Pickles."),
            Example("We've got a rescue greyhound.", "Ana's family have got a rescue greyhound."),
        ),
        counterexamples=("We ate at a vegan place.", "We went to the beach."),
    ),
    Rule(
        id="en.subject.kin_as_name",
        language="en",
        decision="subject",
        description="A kinship word used as a name at the start ('Mum called') is the speaker's relative ('my mum').",
        pattern=Tokens(
            (
                (
                    {"IS_TITLE": True, "LOWER": {"IN": sorted(en.KIN_AS_NAMES)}},
                    {"POS": {"IN": ["VERB", "AUX"]}},
                ),
            )
        ),
        output="possessive_kin",
        examples=(Example("Grandma lives in Leeds.", "Ana's grandma lives in Leeds."),),
        counterexamples=("My mum asked for the recipe.", "Dad jokes are the worst."),
    ),
    Rule(
        id="en.subject.introduced",
        language="en",
        decision="subject",
        description="'this/these' introducing something the speaker names is 'a/some' ('I bought this scarf').",
        pattern=Tokens(
            (
                (
                    {"LEMMA": {"NOT_IN": sorted(en.LIKING | en.DISLIKING)}},
                    {"LOWER": {"IN": ["this", "these"]}, "DEP": "det"},
                    {"POS": "ADJ", "OP": "*"},
                    {"POS": "NOUN", "LEMMA": {"NOT_IN": sorted(en.FREQUENCY_UNITS | en.TIME_WORDS)}},
                ),
            ),
            anchored=False,
        ),
        output="article",
        examples=(Example("I bought this lovely scarf at a market.", "Ana bought a lovely scarf at a market."),),
        counterexamples=("I moved this week.",),
    ),
    Rule(
        id="en.subject.first_person",
        language="en",
        decision="subject",
        description="'I' is the speaker's name, its verb made to agree ('I love' → 'Ana loves', 'I'm' → 'Ana is').",
        pattern=Tokens(((lower("i"),),), anchored=False),
        output="name",
        examples=(Example("I'm a nurse.", "Ana is a nurse."), Example("I don't eat meat.", "Ana doesn't eat meat.")),
        counterexamples=("My brother is a nurse.",),
    ),
    Rule(
        id="en.subject.possessive",
        language="en",
        decision="subject",
        description="'my' or 'our' is the speaker's ('Ana's'); 'their' after the speaker is the statement's subject.",
        pattern=Tokens(((lower("my", "our", "mine"),),), anchored=False),
        output="possessive",
        examples=(
            Example("My sister lives in my old flat.", "Ana's sister lives in Ana's old flat."),
            Example("I'm struggling with my thesis.", "Ana is struggling with their thesis."),
        ),
        counterexamples=("I live in Porto.",),
    ),
    Rule(
        id="en.subject.object",
        language="en",
        decision="subject",
        description="'me' is the speaker's name; 'myself' is 'themselves' after the speaker is the subject.",
        pattern=Tokens(((lower("me", "myself"),),), anchored=False),
        output="object",
        examples=(Example("My parents live near me.", "Ana's parents live near Ana."),),
        counterexamples=("My parents live near the coast.",),
    ),
    Rule(
        id="en.subject.lives_with_us",
        language="en",
        decision="subject",
        description=(
            "In a person's own conversation, someone who lives or stays 'with us' lives with the speaker: 'us' is "
            "judged as 'me', even beside 'my'."
        ),
        pattern=Tokens(
            (
                (
                    among(en.HOUSEHOLD_VERBS, attr="LEMMA"),
                    ADVERBS,
                    lower("in", op="?"),
                    lower("with"),
                    lower("us"),
                ),
            ),
            anchored=False,
        ),
        output="includes_speaker",
        examples=(
            Example("my mum lives with us", "Ana's mum lives with Ana."),
            Example("My nephew is staying with us this summer.", "Ana's nephew is staying with Ana this summer."),
            Example("My mum moved in with us last year.", "Ana's mum moved in with Ana last year."),
        ),
        counterexamples=("My sister lives in Leeds.", "My sister had dinner with us."),
    ),
    Rule(
        id="en.subject.we_opening",
        language="en",
        decision="subject",
        description=(
            "In a person's own conversation, a 'we' opening the statement as the one who acts includes the speaker, "
            "even beside 'my' ('We're flying to Krakow to see my parents'): judged as 'I'. A 'we' after the "
            "speaker's 'I' ('I think we should move') stays unclear."
        ),
        pattern=Tokens(((lower("we"), {"POS": {"IN": ["AUX", "VERB"]}}),)),
        output="includes_speaker",
        examples=(
            Example(
                "We're flying to Krakow on the 2nd of June to see my parents.",
                "Ana is flying to Krakow on the 2nd of June to see their parents.",
            ),
            Example("We adopted a puppy for my son's birthday.", "Ana adopted a puppy for their son's birthday."),
        ),
        counterexamples=("I think we should move to a bigger flat.", "My sister and we went to Leeds."),
    ),
)
