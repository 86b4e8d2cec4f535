"""English: where one sentence holds several statements (decision ``split``).

A split rule fires on the words between two statements; the sentence is cut there and each part is judged on its
own, so a compound sentence becomes one memory per fact ("I live in Lisbon and work as a nurse" → two: a move then
supersedes the home and leaves the job). ``output`` says what the second part takes from the first: ``carry``
(its subject, when it has none: "… and work as a nurse" → "I work as a nurse"), ``strip`` (nothing; the
subordinating word is dropped: "since I moved to Leeds" → "I moved to Leeds"), ``role`` (the first part is a role
the speaker speaks in, said as theirs: "As a nurse, I …" → "I'm a nurse"), or nothing (a clause of its own).
"""

from __future__ import annotations

from typing import Any

from graphsvc.rulebook.en.shapes import among, lower
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens

_FINITE = {"POS": {"IN": ["VERB", "AUX"]}, "TAG": {"IN": ["VBP", "VBD", "VBZ", "MD"]}}
_SUBJECT = {"LOWER": {"IN": ["i", "my", "our"]}}
_OTHER_SUBJECT = {
    "POS": {"IN": ["PRON", "PROPN", "NOUN", "DET", "ADJ", "NUM"]},
    "LOWER": {"NOT_IN": ["i", "me", "my", "our"]},
}
_THEN_VERB: list[dict[str, Any]] = [
    {"POS": {"IN": ["ADJ", "NOUN", "PROPN", "ADV"]}, "OP": "*"},
    {"POS": {"IN": ["VERB", "AUX"]}, "TAG": {"IN": ["VBP", "VBD", "VBZ", "MD"]}},
]
_THEN_QUALIFIED_VERB: list[dict[str, Any]] = [
    {"POS": {"IN": ["ADJ", "NOUN", "PROPN", "ADP", "DET", "NUM", "PRON", "CCONJ"]}, "OP": "*"},
    {"POS": {"IN": ["VERB", "AUX"]}, "TAG": {"IN": ["VBP", "VBD", "VBZ", "MD"]}},
]
"""A subject qualified by what follows it ("two people on my team at work are …"), then its verb."""

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.split.coordinated_verb",
        language="en",
        decision="split",
        description="'and' or 'but' before a second verb of the same subject: the subject is carried over.",
        pattern=Tokens(
            (
                (
                    {"POS": {"NOT_IN": ["VERB", "AUX", "CCONJ", "PUNCT"]}},
                    lower("and", "but"),
                    {"POS": "ADV", "OP": "*"},
                    _FINITE,
                ),
                (
                    {"POS": {"NOT_IN": ["VERB", "AUX", "CCONJ", "PUNCT"]}},
                    lower("and", "but"),
                    {"POS": "ADV", "OP": "*"},
                    among(en.CLAUSE_VERBS),
                ),
                (  # "… a midwife and works nights": the tagger reads "works" and "lives" as plural nouns
                    {"POS": "NOUN", "TAG": "NN"},
                    lower("and", "but"),
                    {"POS": "ADV", "OP": "*"},
                    lower("works", "lives"),
                ),
            ),
            anchored=False,
        ),
        output="carry",
        examples=(
            Example("I live in Lisbon and work as a nurse.", "Ana works as a nurse."),
            Example("My partner is a midwife and works nights.", "Ana's partner works nights."),
        ),
        counterexamples=("I love bread and butter.",),
    ),
    Rule(
        id="en.split.coordinated_clause",
        language="en",
        decision="split",
        description=(
            "'and', 'but', 'so', a comma or a semicolon before a clause with a subject of its own, or with the "
            "speaker's dropped ('…, got a match on Sunday'), or before a doing that points back ('…, seeing them in "
            "November'), or before a request "
            "('…, don't lose it')."
        ),
        pattern=Tokens(
            (
                (lower("and", "but", "so"), _SUBJECT),
                ({"ORTH": {"IN": [",", ";", ":", "-", "–", "—"]}}, lower("and", "but", "so", op="?"), _SUBJECT),
                *(  # "…, and these days I mostly garden", "…, and nowadays I …": a time, then the speaker
                    (
                        {"ORTH": {"IN": [",", ";"]}},
                        lower("and", "but", "so", op="?"),
                        *when,
                        {"ORTH": ",", "OP": "?"},
                        lower("i"),
                    )
                    for when in (
                        (among(en.LEAD_TIME_WORDS),),
                        ({"POS": {"IN": ["DET", "ADJ"]}}, among(en.FREQUENCY_UNITS, attr="LEMMA")),
                    )
                ),
                (
                    {"ORTH": {"IN": [",", ";", "-", "–", "—"]}},
                    lower("and", "but", "so", op="?"),
                    _OTHER_SUBJECT,
                    *_THEN_VERB,
                ),
                ({"ORTH": {"IN": [",", ";"]}}, lower("and", "but", "so"), _OTHER_SUBJECT, *_THEN_QUALIFIED_VERB),
                (lower("and", "but", "so"), _OTHER_SUBJECT, *_THEN_VERB),
                ({"ORTH": {"IN": [",", ";"]}}, lower("got", "been"), {"POS": {"IN": ["DET", "NUM", "VERB"]}}),
                (
                    {"ORTH": {"IN": [",", ";"]}},
                    {"POS": {"IN": ["ADJ", "NOUN"]}, "OP": "*"},
                    {"LEMMA": {"IN": sorted(en.EVENT_NOUNS)}, "TAG": "NN"},
                    among(en.DATED_BY),
                ),
                ({"ORTH": ","}, lower("in"), lower("case")),
                (  # a spaced dash before a clause with the speaker's subject dropped ("… — got a rash as a kid"); a
                    # list or a phrase after it says more of what came before ("… each day - running, reading") and
                    # stays with it
                    {"SPACY": True, "IS_PUNCT": False},
                    {"ORTH": {"IN": ["-", "–", "—"]}},
                    {"POS": "ADV", "OP": "*"},
                    _FINITE,
                ),
                (lower("so"), {"TAG": "VB", "POS": "VERB"}),
                (lower("so"), lower("no", "please", "pls")),
                ({"ORTH": {"IN": [",", ";", "-", "–", "—"]}}, lower("do"), lower("n't", "not"), {"TAG": "VB"}),
                (
                    {"ORTH": {"IN": [",", ";", "-", "–", "—"]}},
                    lower("please", "pls"),
                    {"POS": "ADV", "OP": "*"},
                    {"TAG": "VB"},
                ),
                ({"ORTH": ","}, among(en.HEDGES)),
                ({"ORTH": ","}, {"TAG": "VBG", "DEP": "advcl"}, among(en.POINTERS)),
            ),
            anchored=False,
        ),
        examples=(
            Example("I have a dog, and my sister lives in Leeds.", "Ana's sister lives in Leeds."),
            Example("is it going to rain on Sunday, got a match at Hove", "Ana has got a match at Hove."),
            Example("can you explain osmosis simply, exam on monday", "Ana has an exam on monday."),
            Example("I'm colour blind so ignore the colours", "Ana is colour blind."),
            Example("I'm left-handed so keep that in mind for gadgets", "Ana is left-handed."),
            Example("I can't stand jazz, please never play it", "Ana can't stand jazz."),
            Example("my wifi password is bluefox77, don't lose it", "Ana's wifi password is bluefox77."),
            Example(
                "internship starts in march at a law firm so this is handy",
                "Ana's internship starts in march at a law firm.",
            ),
            Example(
                "I'm going to Oslo in May, and two people in my choir are from Bergen",
                "Ana is going to Oslo in May.",
            ),
            Example("my favourite band is Elbow, seeing them in November", "Ana's favourite band is Elbow."),
            Example("My brother lives in Perth and we only speak on Sundays.", "Ana's brother lives in Perth."),
            Example("I'm 70, and these days I mostly paint.", "Ana is 70 years old."),
            Example("I'm colour blind, so charts with red and green are hard for me.", "Ana is colour blind."),
            Example("I'm allergic to latex — found that out at the dentist.", "Ana is allergic to latex."),
        ),
        counterexamples=(
            "I have a dog.",
            "I really enjoy sketching, playing chess and bird watching.",
            "I work 9 - 5 on weekdays.",
            "I'm a big fan of pottery - the calm of it.",
            "I told them my story, the hurdles I had.",
        ),
    ),
    Rule(
        id="en.split.question_tail",
        language="en",
        decision="split",
        description="A question after a comma ('…, do you know any cafés?'): the statement before it stands alone.",
        pattern=Tokens(
            (
                ({"ORTH": {"IN": [",", "-", "–", "—"]}}, among(en.QUESTION_WORDS)),
                ({"ORTH": {"IN": [",", "-", "–", "—"]}}, among(en.QUESTION_AUXILIARIES), lower("you", "anyone", "u")),
                (  # "…, any ideas for breakfast?": asked for, what the statement is the ground of
                    {"ORTH": {"IN": [",", "-", "–", "—"]}},
                    lower("any"),
                    {"POS": {"IN": ["ADJ", "NOUN"]}, "OP": "*"},  # "any cheap party ideas"
                    among(en.ASKED_FOR, attr="LEMMA"),
                    {"IS_PUNCT": False, "OP": "*"},
                    {"ORTH": "?"},
                ),
            ),
            anchored=False,
        ),
        examples=(
            Example("I just moved to Porto, do you know any good cafés?", "Ana just moved to Porto."),
            Example("I'm gluten intolerant, any ideas for breakfast?", "Ana is gluten intolerant."),
            Example("My son turns 5 in June, any fun party ideas?", "Ana's son turns 5 in June."),
            Example(
                "Vet appointment with Dr. Ruiz on May 2, can you remind me?",
                "Ana has a vet appointment with Dr. Ruiz on May 2.",
            ),
        ),
        counterexamples=("I just moved to Porto.",),
    ),
    Rule(
        id="en.split.role_lead",
        language="en",
        decision="split",
        description=(
            "A role the speaker speaks in, opening a statement in the present ('As a nurse working nights, I …'): "
            "said of the speaker as a statement of its own ('I'm a nurse working nights'); in the past ('As a kid, "
            "I loved …') it was a role they had, and stays unsaid."
        ),
        pattern=Tokens(
            (
                (
                    lower("as"),
                    lower("a", "an"),
                    {"IS_PUNCT": False, "OP": "+"},
                    {"ORTH": ","},
                    lower("i"),
                    {"POS": "ADV", "OP": "*"},
                    {"TAG": {"IN": ["VBP", "MD"]}},
                ),
            )
        ),
        output="role",
        examples=(
            Example("As a nurse working nights, I struggle to sleep during the day.", "Ana is a nurse working nights."),
            Example("As a vegetarian, I find most menus boring.", "Ana is a vegetarian."),
        ),
        counterexamples=("As a kid, I loved climbing trees.", "I work as a nurse, I love it."),
    ),
    Rule(
        id="en.split.subordinate",
        language="en",
        decision="split",
        description="A clause said of another ('because …', 'since …', 'after …'): judged on its own without the word.",
        pattern=Tokens(((among(en.SUBORDINATORS), _SUBJECT, {"LEMMA": {"NOT_IN": ["be"]}}),), anchored=False),
        output="strip",
        examples=(Example("Since I moved to Leeds, I cycle everywhere.", "Ana moved to Leeds."),),
        counterexamples=("I moved to Leeds.",),
    ),
)
