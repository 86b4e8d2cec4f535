"""English: words around a statement that say nothing of the speaker (decision ``trim``).

A trim removes its span and the rest is judged on its own: an interjection or a discourse marker at the start
("Honestly, I love it" is judged as "I love it"), a vocative ("Hey Sam, …"), a preamble that only announces what
follows (``announce``: "I just wanted to let you know that …", only when what follows opens with its subject), a
request to remember (``output`` ``requested``: what follows
is kept when it says something of the speaker, and ``requested_tail``: the same request closing the sentence, for
what came before it), a time phrase before the subject (``move_to_end``: it stays, at the end: "Last May, I
adopted a cat" → "I adopted a cat last May"), and a filler at the end (``tail``: ", you know").
"""

from __future__ import annotations

from graphsvc.rulebook.en.shapes import ADVERBS, PUNCT, PUNCT_OPT, among, lemma, lower, seq
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens

_THAT_OPT = lower("that", op="?")
_TAIL_OPENING = seq(lower(",", "-", "–", "—", ";", "so"), lower("so", "and", op="?"), lower("please", op="?"))
"""What opens a request closing a sentence: a comma or a dash, or "so" ("…, so please keep that in mind")."""
_WHAT_OPT = lower("that", "this", "it", op="?")
_ASKED_TO_REMEMBER = {"LEMMA": {"IN": sorted(en.REMEMBER_VERBS)}, "TAG": {"NOT_IN": ["VBG", "VBD", "VBN", "VBZ"]}}
"""A verb of remembering as asked for ("remember", "note", "save"), not as done ("saving for a deposit")."""
_REMEMBER_TAIL = seq(_ASKED_TO_REMEMBER, _WHAT_OPT)
_FORGET_OPENING = seq(
    {"ORTH": {"IN": [",", "-", "–", "—"]}, "OP": "?"}, lower("just", op="?"), lower("if", "in"), lower("case", op="?")
)
"""What opens "if I ever forget", "in case I forget" closing a sentence: the reason it is told, not part of it."""
_WANTED_TO = seq(lower("i", op="?"), ADVERBS, lemma("want", "need", "have"), lower("to"))

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.trim.interjection",
        language="en",
        decision="trim",
        description="An interjection or a reply word opening the sentence ('Oh,', 'Haha', 'Yeah', 'Not really,').",
        pattern=Tokens(
            (
                (among(en.INTERJECTIONS), PUNCT_OPT),
                (lower("not"), among(en.NOT_QUITE), {"ORTH": ","}),
                (among(en.REPLY_OPENERS), {"ORTH": ","}),
            )
        ),
        examples=(
            Example("Oh, I adopted a kitten last week.", "Ana adopted a kitten last week."),
            Example("not really, I'm more of a tea person", "Ana is more of a tea person."),
            Example(
                "right, I'm training for a half marathon in October", "Ana is training for a half marathon in October."
            ),
        ),
        counterexamples=("I adopted a kitten last week.", "Not really into football.", "Right now I live in Leeds."),
    ),
    Rule(
        id="en.trim.discourse_marker",
        language="en",
        decision="trim",
        description="A discourse marker or a sentence adverb opening the sentence ('Honestly,', 'So', 'Anyway').",
        pattern=Tokens(
            (
                (among(en.DISCOURSE_MARKERS), PUNCT_OPT),
                (lower("by"), lower("the"), lower("way"), PUNCT_OPT),
                (lower("heads"), lower("up"), PUNCT_OPT),
                (lower("quick"), lower("one", "note", "thing"), PUNCT_OPT),
                (lower("for"), lower("the"), lower("record"), PUNCT_OPT),
            )
        ),
        examples=(
            Example("Honestly, I love my new job.", "Ana loves their new job."),
            Example("Heads up, my laptop is a ThinkPad.", "Ana's laptop is a ThinkPad."),
            Example("Quick one: I'm gluten intolerant.", "Ana is gluten intolerant."),
        ),
        counterexamples=("I honestly love my new job.",),
    ),
    Rule(
        id="en.trim.vocative",
        language="en",
        decision="trim",
        description=(
            "A greeting with the listener's name opening the sentence ('Hey Sam,'), or before a discourse marker "
            "('hey so …')."
        ),
        pattern=Tokens(
            (
                (among(en.GREETINGS), {"POS": "PROPN", "OP": "*"}, {**PUNCT, "OP": "+"}),
                (among(en.GREETINGS), {**PUNCT, "OP": "*"}, among(en.DISCOURSE_MARKERS), PUNCT_OPT),
            )
        ),
        examples=(
            Example("Hey Sam, I moved to Bristol.", "Ana moved to Bristol."),
            Example("hey so my son is allergic to eggs", "Ana's son is allergic to eggs."),
        ),
        counterexamples=("I moved to Bristol.",),
    ),
    Rule(
        id="en.trim.telling",
        language="en",
        decision="trim",
        description="A preamble that only announces the statement ('I just wanted to let you know that').",
        pattern=Tokens(
            (
                seq(
                    _WANTED_TO,
                    among(en.TELLING_VERBS, attr="LEMMA"),
                    lower("you"),
                    lower("know", op="?"),
                    _THAT_OPT,
                    PUNCT_OPT,
                ),
                seq(
                    _WANTED_TO,
                    among(en.TELLING_VERBS, attr="LEMMA"),
                    lower("with", op="?"),
                    lower("you", op="?"),
                    lower("that"),
                    PUNCT_OPT,
                ),
                (lower("guess"), lower("what"), PUNCT_OPT),
                (lower("just"), lower("so"), lower("you"), lower("know"), PUNCT_OPT),
                (lower("fyi"), PUNCT_OPT),
                (lower("good", "big", "great", "quick"), lower("news", "update"), PUNCT_OPT),
                (lower("fun"), lower("fact"), PUNCT_OPT),
            )
        ),
        output="announce",
        examples=(
            Example("I just wanted to let you know that I got a new job!", "Ana got a new job."),
            Example("Guess what, I passed my driving test!", "Ana passed their driving test."),
        ),
        counterexamples=("I wanted to tell my sister first.",),
    ),
    Rule(
        id="en.trim.remember_request",
        language="en",
        decision="trim",
        description=(
            "A request to remember what follows ('Please remember that', 'Note:', 'Note to self:', 'Don't forget')."
        ),
        pattern=Tokens(
            (
                seq(
                    lower("please", op="?"),
                    _ASKED_TO_REMEMBER,
                    lower("down", op="?"),
                    _THAT_OPT,
                    PUNCT_OPT,
                ),
                seq(lower("please", op="?"), lower("keep"), lower("in"), lower("mind"), _THAT_OPT, PUNCT_OPT),
                seq(lower("please", op="?"), lemma("do"), lower("n't", "not"), lower("forget"), _THAT_OPT, PUNCT_OPT),
                seq(
                    lower("please", op="?"),
                    lower("make", "take"),
                    lower("a", op="?"),
                    lower("note"),
                    lower("of", op="?"),
                    _THAT_OPT,
                    PUNCT_OPT,
                ),
                seq(
                    lower("i"),
                    lemma("want", "need"),
                    lower("you"),
                    lower("to"),
                    _ASKED_TO_REMEMBER,
                    _THAT_OPT,
                    PUNCT_OPT,
                ),
                seq(lower("for"), lower("the"), lower("record"), PUNCT_OPT),
                seq(lower("note"), lower("to"), lower("self"), PUNCT_OPT),
                seq(lower("please", op="?"), lower("remind"), lower("me"), lower("that"), PUNCT_OPT),
            )
        ),
        output="requested",
        examples=(
            Example("Please remember that my gym locker is 52.", "Ana's gym locker is 52."),
            Example("Don't forget: I'm flying out on the 14th.", "Ana is flying out on the 14th."),
            Example("remind me that my MOT is due on the 9th", "Ana's MOT is due on the 9th."),
            Example("note to self: my passport expires in March", "Ana's passport expires in March."),
        ),
        counterexamples=("I remember my first bike.", "Remind me to call the garage."),
    ),
    Rule(
        id="en.trim.remember_asked",
        language="en",
        decision="trim",
        description=(
            "A request to remember what follows, asked as a question ('Can you note that …?', 'Could you please "
            "remember …?'): the question mark closes the asking, and what follows is a statement."
        ),
        pattern=Tokens(
            (
                seq(
                    lemma("can", "could", "would", "will"),
                    lower("you"),
                    lower("please", op="?"),
                    _ASKED_TO_REMEMBER,
                    _THAT_OPT,
                    PUNCT_OPT,
                ),
            )
        ),
        output="requested_asked",
        examples=(
            Example("Can you note that my gate code is 2291?", "Ana's gate code is 2291."),
            Example(
                "Could you please remember that my sister's birthday is June 3rd?",
                "Ana's sister's birthday is June 3rd.",
            ),
            Example("can you remember my locker is 52", "Ana's locker is 52."),
        ),
        counterexamples=("Can you remind me to call the garage?", "I can remember my first bike."),
    ),
    Rule(
        id="en.trim.time_lead",
        language="en",
        decision="trim",
        description="A time phrase before the subject is moved after the statement ('Last May, I adopted a cat').",
        pattern=Tokens(
            (
                (
                    {"POS": {"IN": ["ADP", "DET", "ADJ"]}, "OP": "*"},
                    {"ENT_TYPE": {"IN": ["DATE", "TIME"]}, "OP": "+"},
                    PUNCT_OPT,
                ),
                (among(en.LEAD_TIME_WORDS), PUNCT_OPT),
                *(seq(*map(lower, phrase), PUNCT_OPT) for phrase in en.LEAD_TIME_PHRASES),
                (among(en.EVERY), among(en.FREQUENCY_UNITS), among(en.PARTS_OF_DAY, op="?"), PUNCT_OPT),
                (among(en.EVERY), among(en.FREQUENCY_UNITS, attr="LEMMA"), among(en.PARTS_OF_DAY, op="?"), PUNCT_OPT),
            )
        ),
        output="move_to_end",
        examples=(
            Example("Last May, I adopted a cat.", "Ana adopted a cat last May."),
            Example("Every Sunday, I play chess.", "Ana plays chess every Sunday."),
            Example("every Friday evening I go to a pub quiz", "Ana goes to a pub quiz every Friday evening."),
            Example("Right now I live in Leeds.", "Ana lives in Leeds right now."),
            Example("At the moment, I'm working as a nurse.", "Ana is working as a nurse at the moment."),
        ),
        counterexamples=("I adopted a cat last May.", "Right now it's raining.", "For now that's all."),
    ),
    Rule(
        id="en.trim.remember_tail",
        language="en",
        decision="trim",
        description=(
            "A request to remember what came before, closing the sentence (', remember that', '- don't forget', "
            "', just in case I forget', 'if I ever forget')."
        ),
        pattern=Tokens(
            (
                seq(_TAIL_OPENING, _REMEMBER_TAIL, PUNCT_OPT),
                seq(_TAIL_OPENING, lower("keep"), _WHAT_OPT, lower("in"), lower("mind"), PUNCT_OPT),
                seq(_TAIL_OPENING, lemma("do"), lower("n't", "not"), lower("forget"), _WHAT_OPT, PUNCT_OPT),
                seq(_TAIL_OPENING, lower("just", op="?"), lower("in"), lower("case"), {"OP": "+"}),
                seq(_FORGET_OPENING, lower("i"), ADVERBS, lemma("forget"), _WHAT_OPT, PUNCT_OPT),
                seq(
                    _TAIL_OPENING,
                    {"LEMMA": "remind", "TAG": "VB"},
                    lower("me"),
                    {"IS_PUNCT": False, "OP": "*"},
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="requested_tail",
        examples=(
            Example("My locker number is 52, remember that.", "Ana's locker number is 52."),
            Example("I only eat kosher so keep that in mind.", "Ana only eats kosher."),
            Example("My PIN is 4012, just in case I forget it.", "Ana's PIN is 4012."),
            Example("my wifi password is bluebird42 if I ever forget", "Ana's wifi password is bluebird42."),
            Example("My car's reg is KX19 LMN in case I forget.", "Ana's car's reg is KX19 LMN."),
            Example(
                "My mum's birthday is on the 2nd of May, remind me nearer the time.",
                "Ana's mum's birthday is on the 2nd of May.",
            ),
        ),
        counterexamples=("I can't remember that.", "I always forget that.", "I get grumpy if I forget my coffee."),
    ),
    Rule(
        id="en.trim.tail_filler",
        language="en",
        decision="trim",
        description=(
            "A filler closing the sentence (', you know', ', right', ', haha', 'if that matters', 'if that's "
            "relevant', ', wish me luck', ', forgot to say')."
        ),
        pattern=Tokens(
            (
                ({"ORTH": ","}, lower("you"), among(en.CLOSING_PHRASE_WORDS), PUNCT_OPT),
                ({"ORTH": ","}, lower("right", "haha", "lol"), PUNCT_OPT),
                ({"ORTH": ",", "OP": "?"}, lower("if"), lower("that"), lemma("matter", "help"), PUNCT_OPT),
                ({"ORTH": ","}, lower("if"), lower("it"), lemma("matter", "help"), PUNCT_OPT),
                ({"ORTH": ",", "OP": "?"}, lower("if"), lower("that"), lemma("change"), lower("anything"), PUNCT_OPT),
                (
                    {"ORTH": ",", "OP": "?"},
                    lower("if"),
                    lower("that"),
                    lemma("be"),
                    lower("relevant", "useful"),
                    PUNCT_OPT,
                ),
                ({"ORTH": ",", "OP": "?"}, among(en.CLOSING_MARKERS, attr="LOWER"), PUNCT_OPT),
                ({"ORTH": ","}, lower("wish"), lower("me"), lower("luck"), PUNCT_OPT),  # said to the listener
                ({"ORTH": ","}, lower("forgot"), lower("to"), lower("say", "mention"), PUNCT_OPT),  # about the telling
                (
                    {"ORTH": ","},
                    lower("just"),
                    lower("so"),
                    lower("you"),
                    lower("know"),
                    {"IS_PUNCT": False, "OP": "*"},
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="tail",
        examples=(
            Example("I work at a bakery, you know.", "Ana works at a bakery."),
            Example("I love open water swimming though.", "Ana loves open water swimming."),
            Example("I'm allergic to latex, if that matters.", "Ana is allergic to latex."),
            Example("I'm left handed if that changes anything.", "Ana is left handed."),
            Example("I'm diabetic, if that's relevant.", "Ana is diabetic."),
            Example("my daughter's allergic to kiwi, forgot to say", "Ana's daughter is allergic to kiwi."),
            Example("I'm on blood thinners, just so you know if I ask about painkillers.", "Ana is on blood thinners."),
            Example(
                "I've got my driving test on the 22nd, wish me luck", "Ana has got their driving test on the 22nd."
            ),
        ),
        counterexamples=("I know you from school.", "I'm actually a nurse.", "I don't care if it matters."),
    ),
)
