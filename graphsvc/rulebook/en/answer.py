"""English: a question of the assistant's whose reply is a bare phrase, read with the question's words (decision
``answer``).

Each rule fires on the assistant's question (the last sentence of its turn, from its question word on); its
``output`` names how the reply is put into the question and what the reply must be
(:mod:`graphsvc.rulebook.answers`): "What's your favourite film?" | "Up" → "My favourite film is Up", "How old are
you?" | "34" → "I am 34", "Who do you play for?" | "Hove CC" → "I play for Hove CC". Only a question to the
person is answered, or one about the one person of theirs they last named ("What's his name?" after "my
landlord": :mod:`graphsvc.rulebook.referents`). "What van is it?" is not answered: what "it" is stays unknown.
"""

from __future__ import annotations

from graphsvc.rulebook.en.shapes import PUNCT_OPT, among, lemma, lower
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens

_POSSESSORS = sorted(en.THIRD_PERSON_POSSESSORS)
_THING = {"POS": {"IN": ["ADJ", "NOUN", "PROPN"]}, "LOWER": {"NOT_IN": sorted(en.LISTENER)}, "OP": "+"}
_TAIL = ({"ORTH": ",", "OP": "?"}, {"LOWER": {"IN": sorted(en.QUESTION_TAILS)}, "OP": "*"})
"""What a question may end with after its point (", by the way", "then", "these days")."""

_ANY_OF = ({"POS": {"IN": ["NOUN", "ADJ"]}, "OP": "+"}, *_TAIL)
"""What "any" asks about, to the question's end ("Any pets?", "Got any kids, by the way?")."""

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.answer.your_thing",
        language="en",
        decision="answer",
        description="'What is your …?' (or '… called?'): the reply is what the speaker's thing is ('My … is <reply>').",
        pattern=Tokens(
            (
                (
                    lower("what"),
                    lemma("be"),
                    lower("your"),
                    _THING,
                    {"LOWER": {"IN": ["'s", "’s"]}, "OP": "?"},
                    lower("name", "called", op="?"),
                    *_TAIL,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="your_thing",
        examples=(
            Example("Nice! What's your favourite food? | sushi, always", "Ana's favourite food is sushi, always."),
            Example("What's your sister called? | Funmi", "Ana's sister is called Funmi."),
            Example("What is your dog's name? | Waffles.", "Ana's dog's name is Waffles."),
        ),
        counterexamples=(
            "What's your favourite food? | good question",
            "What's his name? | Mr Haldane",
            "What's your favourite food? | I don't know",
        ),
    ),
    Rule(
        id="en.answer.your_when",
        language="en",
        decision="answer",
        description="'When is your …?': the reply, a date or a time, is when the speaker's thing is ('My … is …').",
        pattern=Tokens(
            (
                (lower("when"), lemma("be"), lower("your"), _THING, *_TAIL, PUNCT_OPT),
                (lower("what"), lower("time"), lemma("be"), lower("your"), _THING, *_TAIL, PUNCT_OPT),
            ),
            anchored=False,
            whole=True,
        ),
        output="your_when",
        examples=(
            Example("When's your appointment? | Thursday at 3", "Ana's appointment is Thursday at 3."),
            Example("Fun! When is your birthday? | June 12th", "Ana's birthday is June 12th."),
            Example("What time is your appointment? | 10:30 on Thursday", "Ana's appointment is 10:30 on Thursday."),
            Example("What time is your flight? | 6:40am from Gatwick", "Ana's flight is 6:40am from Gatwick."),
        ),
        counterexamples=("When's your appointment? | not sure yet", "When's your appointment? | the dentist"),
    ),
    Rule(
        id="en.answer.how_old",
        language="en",
        decision="answer",
        description="'How old is your …?' or 'How old are you?': the reply, a number, is the age.",
        pattern=Tokens(
            (
                (lower("how"), lower("old"), lemma("be"), lower("your"), _THING, *_TAIL, PUNCT_OPT),
                (lower("how"), lower("old"), lemma("be"), lower("you"), lower("now", op="?"), *_TAIL, PUNCT_OPT),
            ),
            anchored=False,
            whole=True,
        ),
        output="how_old",
        examples=(
            Example("How old is your daughter? | 6, nearly 7", "Ana's daughter is 6 years old, nearly 7."),
            Example("How old are you? | 34", "Ana is 34 years old."),
        ),
        counterexamples=("How old is your daughter? | old enough", "How old is he? | 6"),
    ),
    Rule(
        id="en.answer.name_of_your",
        language="en",
        decision="answer",
        description="'What's the name of your …?': the reply, a name, is the name of the speaker's thing.",
        pattern=Tokens(
            (
                (
                    lower("what"),
                    lemma("be"),
                    lower("the"),
                    lower("name"),
                    lower("of"),
                    lower("your"),
                    _THING,
                    *_TAIL,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="name_of_your",
        examples=(Example("What's the name of your cat? | Waffles", "Ana's cat's name is Waffles."),),
        counterexamples=("What's the name of your cat? | no idea", "What's the name of the cat? | Pickles"),
    ),
    Rule(
        id="en.answer.you_are_doing",
        language="en",
        decision="answer",
        description=(
            "'What (…) are you studying / allergic to?': the reply is what the speaker is doing or is (to) ('I am "
            "studying <reply>')."
        ),
        pattern=Tokens(
            (
                (
                    lower("what", "which"),
                    {"POS": {"IN": ["NOUN", "ADJ"]}, "OP": "*"},
                    lower("are"),
                    lower("you"),
                    {"TAG": {"IN": ["VBG", "JJ"]}, "LEMMA": {"NOT_IN": sorted(en.NOT_A_DOING | en.WANTING)}},
                    {"POS": "ADP", "LOWER": {"NOT_IN": ["up"]}, "OP": "?"},
                    *_TAIL,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="you_are_doing",
        examples=(
            Example(
                "What are you studying? | mechanical engineering at Leeds",
                "Ana is studying mechanical engineering at Leeds.",
            ),
            Example("What are you allergic to? | penicillin and cats", "Ana is allergic to penicillin and cats."),
            Example("What language are you learning? | Japanese, for work", "Ana is learning Japanese, for work."),
        ),
        counterexamples=(
            "What are you up to? | cinema with Sam",
            "What are you doing tonight? | cinema with Sam",
            "What are you studying? | not sure yet",
            "Which hospital are you at? | St Mary's",
        ),
    ),
    Rule(
        id="en.answer.their_thing_does",
        language="en",
        decision="answer",
        description=(
            "'Where / what does your … <verb>?': the reply is where or what the speaker's person or thing does it "
            "('Where does your sister live?' | 'Melbourne' → 'My sister lives in Melbourne')."
        ),
        pattern=Tokens(
            (
                (
                    lower("what", "which", "where"),
                    {"POS": {"IN": ["NOUN", "ADJ"]}, "OP": "*"},
                    lower("does", "do"),
                    lower("your"),
                    _THING,
                    {"POS": "VERB", "LEMMA": {"NOT_IN": sorted(en.NOT_A_DOING)}},
                    {"POS": "ADP", "OP": "?"},
                    *_TAIL,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="their_thing_does",
        examples=(
            Example("Where does your sister live? | in Melbourne", "Ana's sister lives in Melbourne."),
            Example("What instrument does your son play? | the trumpet", "Ana's son plays the trumpet."),
            Example("Where do your parents live? | Cardiff", "Ana's parents live in Cardiff."),
        ),
        counterexamples=("Where does your sister live? | no idea", "What does your husband do? | not much"),
    ),
    Rule(
        id="en.answer.how_long",
        language="en",
        decision="answer",
        description=(
            "'How long have you been / have you …?': the reply, a length of time or a start, is how long the "
            "speaker has ('I have been running for <reply>')."
        ),
        pattern=Tokens(
            ((lower("how"), lower("long"), lower("have"), lower("you"), {"IS_PUNCT": False, "OP": "+"}, PUNCT_OPT),),
            anchored=False,
            whole=True,
        ),
        output="how_long",
        examples=(
            Example(
                "How long have you been running? | about six years now", "Ana has been running for about six years now."
            ),
            Example("How long have you lived in Leeds? | since 2019", "Ana has lived in Leeds since 2019."),
        ),
        counterexamples=("How long have you been running? | too long haha", "How long have you been there? | 3 years"),
    ),
    Rule(
        id="en.answer.how_often",
        language="en",
        decision="answer",
        description="'How often do you …?': the reply, a frequency, is how often the speaker does it.",
        pattern=Tokens(
            ((lower("how"), lower("often"), lower("do"), lower("you"), {"IS_PUNCT": False, "OP": "+"}, PUNCT_OPT),),
            anchored=False,
            whole=True,
        ),
        output="how_often",
        examples=(
            Example("How often do you swim? | three times a week", "Ana swims three times a week."),
            Example("How often do you see your dad? | every Sunday", "Ana sees their dad every Sunday."),
        ),
        counterexamples=("How often do you swim? | not often enough", "How often do you go there? | twice a week"),
    ),
    Rule(
        id="en.answer.how_many",
        language="en",
        decision="answer",
        description="'How many … do you have?': the reply, opening with a number, is how many the speaker has.",
        pattern=Tokens(
            (
                (
                    lower("how"),
                    lower("many"),
                    {"POS": "NOUN", "OP": "+"},
                    lower("do"),
                    lower("you"),
                    lower("have"),
                    *_TAIL,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="how_many",
        examples=(
            Example("How many kids do you have? | three, all under 10", "Ana has three kids, all under 10."),
            Example("How many cats do you have? | 2", "Ana has 2 cats."),
        ),
        counterexamples=("How many kids do you have? | too many lol",),
    ),
    Rule(
        id="en.answer.have_any",
        language="en",
        decision="answer",
        description="'Do you have any …?': a reply naming how many, or 'a …', is what the speaker has.",
        pattern=Tokens(
            (
                (
                    lower("do"),
                    lower("you"),
                    lower("have"),
                    lower("any"),
                    {"POS": {"IN": ["NOUN", "ADJ"]}, "OP": "+"},
                    *_TAIL,
                    PUNCT_OPT,
                ),
                (lower("have", op="?"), lower("you", op="?"), lower("got", op="?"), lower("any"), *_ANY_OF, PUNCT_OPT),
            ),
            anchored=False,
            whole=True,
        ),
        output="have_any",
        examples=(
            Example("Do you have any pets? | yes, two cats", "Ana has two cats."),
            Example("Do you have any siblings? | a younger brother", "Ana has a younger brother."),
            Example("Any pets? | two rabbits", "Ana has two rabbits."),
            Example("Got any kids? | a daughter, she's 4", "Ana has a daughter."),
        ),
        counterexamples=(
            "Do you have any allergies? | just peanuts",
            "Do you have any pets? | no",
            "Any plans for the weekend? | a wedding on Saturday",
        ),
    ),
    Rule(
        id="en.answer.your_job",
        language="en",
        decision="answer",
        description="'What do you do (for work)?': the reply, an occupation of the lexicon's, is the speaker's job.",
        pattern=Tokens(
            (
                (
                    lower("what"),
                    lower("do"),
                    lower("you"),
                    lower("do"),
                    lower("for", op="?"),
                    lower("a", op="?"),
                    lower("work", "living", op="?"),
                    *_TAIL,
                    PUNCT_OPT,
                ),
                (
                    lower("what"),
                    lower("does"),
                    lower("your"),
                    among(en.PERSON_NOUNS, attr="LOWER"),
                    lower("do"),
                    lower("for", op="?"),
                    lower("a", op="?"),
                    lower("work", "living", op="?"),
                    *_TAIL,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="your_job",
        examples=(
            Example("What do you do? | nurse, on a cardiac ward", "Ana is a nurse, on a cardiac ward."),
            Example("What do you do for work? | an electrician", "Ana is an electrician."),
            Example("What does your wife do? | accountant", "Ana's wife is an accountant."),
        ),
        counterexamples=("What do you do? | not much", "What do you do for fun? | painting"),
    ),
    Rule(
        id="en.answer.when_did_you",
        language="en",
        decision="answer",
        description=(
            "'When did you …?': the reply, a date or a time, is when the speaker did it ('I moved to Leeds in "
            "<reply>'; 'in' before a year or a month, 'on' before a day)."
        ),
        pattern=Tokens(
            (
                (
                    lower("when"),
                    lower("did"),
                    lower("you"),
                    {"POS": "ADV", "OP": "*"},
                    {"POS": {"IN": ["VERB", "AUX"]}, "LEMMA": {"NOT_IN": sorted(en.NOT_A_DOING | {"be"})}},
                    {"IS_PUNCT": False, "LOWER": {"NOT_IN": sorted(en.POINTERS | {"you"})}, "OP": "*"},
                    *_TAIL,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="did_when",
        examples=(
            Example("When did you move to Leeds? | 2019", "Ana moved to Leeds in 2019."),
            Example("When did you start running? | last spring", "Ana started running last spring."),
            Example("Oh wow, when did you get married? | June 2015", "Ana got married in June 2015."),
            Example("When did you meet your wife? | 12 May 2009", "Ana met their wife on 12 May 2009."),
        ),
        counterexamples=(
            "When did you move to Leeds? | not sure",
            "When did you move there? | 2019",
            "When did you meet your wife? | at uni",
            "When did you think of it? | yesterday",
        ),
    ),
    Rule(
        id="en.answer.you_do",
        language="en",
        decision="answer",
        description=(
            "'Who, what or where do you … ?': the reply is whom, what or where the speaker does it ('I play for "
            "<reply>'; 'where' with a verb whose preposition the lexicon gives: 'I live in <reply>')."
        ),
        pattern=Tokens(
            (
                (
                    among(en.QUESTION_WORDS - {"how", "why", "whom", "whose"}),
                    {"POS": {"IN": ["NOUN", "ADJ"]}, "OP": "*"},
                    lower("do", "did"),
                    lower("you"),
                    {"POS": "ADV", "OP": "*"},
                    {"POS": "VERB", "LEMMA": {"NOT_IN": sorted(en.NOT_A_DOING)}},
                    {"POS": {"IN": ["ADP", "PART"]}, "OP": "?"},
                    {"POS": "ADV", "OP": "*"},
                    *_TAIL,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="you_do",
        examples=(
            Example("Who do you play for? | Eastfield Rovers, Sunday seconds", None),
            Example("Oh nice. Where do you live? | Leeds, near the station", "Ana lives in Leeds, near the station."),
            Example("Where do you work? | Quillon Pay", "Ana works at Quillon Pay."),
            Example("Where did you grow up? | just outside Glasgow", "Ana grew up just outside Glasgow."),
            Example(
                "Who do you live with? | my girlfriend and her dog", "Ana lives with their girlfriend and her dog."
            ),
            Example("What did you study? | law, at Leeds", None),
            Example(
                "Where do you work? | at a vet clinic in Cork, been there two years",
                "Ana works at a vet clinic in Cork, been there two years.",
            ),
        ),
        counterexamples=(
            "What do you do? | nurse",
            "Where do you live? | not sure, moving around a lot",
            "Where do you work? | honestly, it's complicated",
            "Where do you go? | nowhere really",
            "What do you think? | no idea",
            "Who do you live with? | her and her dog",
        ),
    ),
    Rule(
        id="en.answer.their_name",
        language="en",
        decision="answer",
        description=(
            "'What's his/her name?' about the one person of the speaker's they last named: the reply is that "
            "person's name ('My landlord's name is <reply>')."
        ),
        pattern=Tokens(((lower("what"), lemma("be"), among(_POSSESSORS), lower("name")),)),
        output="their_name",
        examples=(
            Example(
                "I need to email my landlord, the boiler broke. | Ugh. What's his name and how long has it been "
                "broken? | Mr Haldane. second time since March.",
                "Ana's landlord's name is Mr Haldane.",
            ),
        ),
        counterexamples=(
            "I need to email someone. | What's his name? | Mr Haldane",
            "I need to email my landlord. | What's her name? | Mr Haldane",
        ),
    ),
    Rule(
        id="en.answer.you_are",
        language="en",
        decision="answer",
        description="'Where are you from / based?': the reply is where the speaker is from or based.",
        pattern=Tokens(
            (
                (
                    lower("where"),
                    lemma("be"),
                    lower("you"),
                    among({"from"} | set(en.WHERE_PREPOSITIONS)),
                    *_TAIL,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="you_are",
        examples=(
            Example("Where are you from? | Porto originally", "Ana is from Porto originally."),
            Example("Where are you based? | Bradford", "Ana is based in Bradford."),
        ),
        counterexamples=("Where are you going? | Lisbon", "Where are you from? | haha long story"),
    ),
    Rule(
        id="en.answer.who_is",
        language="en",
        decision="answer",
        description=(
            "'Who's Kyle?': a reply opening with 'my' or 'our' says who the named person is to the speaker ('my "
            "sister-in-law' → 'Priya is my sister-in-law')."
        ),
        pattern=Tokens(
            ((lower("who"), lemma("be"), {"POS": "PROPN", "OP": "+"}, *_TAIL, PUNCT_OPT),),
            anchored=False,
            whole=True,
        ),
        output="who_is",
        examples=(
            Example("Oh, who's Priya? | my sister-in-law, she lives in Leeds", "Ana's sister-in-law is Priya."),
            Example("Who is Tom? | my best friend from school", "Ana's best friend is Tom."),
        ),
        counterexamples=(
            "Who's Priya? | a friend of a friend",
            "Who is Tom? | haha long story",
            "Who are you? | my name is Ana",
        ),
    ),
    Rule(
        id="en.answer.yes",
        language="en",
        decision="answer",
        description=(
            "A yes/no question of a state or habit of the person's ('Are you vegetarian?', 'Do you have kids?'): a "
            "reply opening with yes is the question said ('I am vegetarian'), what follows the yes after it; a no "
            "or anything else says nothing."
        ),
        pattern=Tokens(
            (
                (
                    lemma("be"),
                    lower("you"),
                    among(en.DIETS | en.HEALTH_STATES | en.RELATIONSHIP_STATES),
                    *_TAIL,
                    PUNCT_OPT,
                ),
                (lemma("be"), lower("you"), lower("allergic"), lower("to"), among(en.ANY_THING), *_TAIL, PUNCT_OPT),
                (
                    lemma("do"),
                    lower("you"),
                    among(en.POSSESSION_VERBS | en.ACTIVITY_VERBS | en.YES_NO_VERBS, attr="LEMMA"),
                    {"IS_PUNCT": False, "LOWER": {"NOT_IN": sorted(en.POINTERS | en.LISTENER)}, "OP": "*"},
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="yes",
        examples=(
            Example("Are you vegetarian? | yeah, since 2019", "Ana is vegetarian, since 2019."),
            Example("Do you have any allergies? | yes, penicillin", "Ana has allergies, penicillin."),
            Example("Are you allergic to anything? | yes, peanuts", "Ana is allergic to peanuts."),
            Example("Do you play anything? | yeah, the drums", "Ana plays the drums."),
            Example("Do you have any pets? | yes, a cat called Miso", None),
            Example("Do you smoke? | yes", None),
        ),
        counterexamples=(
            "Are you vegetarian? | no, but I eat very little meat",
            "Do you have any pets? | not anymore",
            "Do you have it? | yes",
            "Are you married? | haha not yet",
        ),
    ),
    Rule(
        id="en.answer.their_person",
        language="en",
        decision="answer",
        description=(
            "A question whose subject is a person of the speaker's ('How is your daughter finding school?'): a reply "
            "with no subject of its own is about that person ('loves it' → 'My daughter loves it'), not the speaker."
        ),
        pattern=Tokens(
            (
                (
                    lower("your"),
                    {"POS": "ADJ", "OP": "*"},
                    {"LEMMA": {"IN": sorted(en.PERSON_NOUNS)}, "DEP": {"IN": ["nsubj", "nsubjpass"]}},
                ),
            ),
            anchored=False,
        ),
        output="their_person",
        examples=(
            Example("How is your daughter finding school? | loves it, started in May", None),
            Example("What is your son into these days? | loves dinosaurs", "Ana's son loves dinosaurs."),
        ),
        counterexamples=(
            "How was your weekend with your sister? | went hiking in the Dales",
            "What is your son into these days? | haha no idea",
        ),
    ),
)
