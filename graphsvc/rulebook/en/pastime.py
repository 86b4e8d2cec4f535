"""English: pastimes a person mentions in passing (decision ``pastime``): a sport or game, an instrument, a
discipline, an outing, the gym or a language they study, named in a sentence of their own about doing it
("badminton after work again", "leg day at the gym"). One mention says little, so a sighting is not a memory: it is a
candidate ("Ana plays cricket."), and becomes a memory when the person mentions the pastime again in another
conversation (:mod:`graphsvc.pipeline.sources.candidates`); mentioned in three, reflection makes it a trait. Which
mentions count is :mod:`graphsvc.rulebook.pastimes`'s (no question, negation, wish, other person or watching). The
pastime is the last token of the match; ``output`` names it (``{object}``)."""

from __future__ import annotations

from graphsvc.rulebook.en.shapes import among, lower
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens

_SIGHTING = 0.4
"""A sighting's confidence: below the candidate threshold (``CANDIDATE_CONFIDENCE_BELOW``), so it waits as a
candidate until another conversation mentions the pastime again."""
_SAID_AS_NOUNS = sorted(w for w, named in en.OUTINGS.items() if w != named)

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.pastime.game",
        language="en",
        decision="pastime",
        description="A sport or game the speaker mentions playing: 'Ana plays cricket.' (a candidate).",
        pattern=Tokens(((among(en.PLAYED_GAMES, attr="LOWER"),),), anchored=False),
        output="plays {object}",
        confidence=_SIGHTING,
        examples=(
            Example("badminton after work again, my shoulder is killing me", "Ana plays badminton."),
            Example("Lost my tennis match on Saturday but I played well", "Ana plays tennis."),
        ),
        counterexamples=(
            "Do you like cricket?",
            "I'm watching the cricket tonight",
            "My son plays football every Saturday",
            "I don't really play golf",
            "I want to try padel sometime",
        ),
    ),
    Rule(
        id="en.pastime.instrument",
        language="en",
        decision="pastime",
        description="An instrument the speaker mentions playing: 'Ana plays the guitar.' (a candidate).",
        pattern=Tokens(((among(en.INSTRUMENTS, attr="LOWER"),),), anchored=False),
        output="plays the {object}",
        confidence=_SIGHTING,
        examples=(Example("Spent an hour on the piano after work, my fingers hurt", "Ana plays the piano."),),
        counterexamples=("My daughter's violin teacher is lovely", "I'd love to learn the cello one day"),
    ),
    Rule(
        id="en.pastime.practice",
        language="en",
        decision="pastime",
        description="A discipline the speaker mentions doing: 'Ana does yoga.' (a candidate).",
        pattern=Tokens(((among(en.PRACTICES, attr="LOWER"),),), anchored=False),
        output="does {object}",
        confidence=_SIGHTING,
        examples=(
            Example("Yoga class was brutal this morning", "Ana does yoga."),
            Example("Pottery class tonight, my hands are a mess", "Ana does pottery."),
        ),
        counterexamples=("I hate yoga", "Is karate good for kids?", "the pottery mug you gave me broke"),
    ),
    Rule(
        id="en.pastime.outing",
        language="en",
        decision="pastime",
        description="An outing the speaker mentions going on: 'Ana goes swimming.' (a candidate).",
        pattern=Tokens(
            (
                (among(sorted(w for w, named in en.OUTINGS.items() if w == named), attr="LOWER"),),
                (lower("for", "my"), lower("a", "morning", "long", op="*"), lower(*_SAID_AS_NOUNS)),
            ),
            anchored=False,
        ),
        output="goes {object}",
        confidence=_SIGHTING,
        examples=(
            Example("Went for a run before work, felt great", "Ana goes running."),
            Example("swimming was cold this morning but worth it", "Ana goes swimming."),
        ),
        counterexamples=(
            "I'm running late for the meeting",
            "We're running out of milk",
            "My husband goes cycling on Sundays",
            "I used to go hiking a lot",
            "I was going to go swimming but it rained",
        ),
    ),
    Rule(
        id="en.pastime.gym",
        language="en",
        decision="pastime",
        description="The gym, mentioned as where the speaker trains: 'Ana goes to the gym.' (a candidate).",
        pattern=Tokens(((among(en.EXERCISE_PLACES, attr="LOWER"),),), anchored=False),
        output="goes to the {object}",
        confidence=_SIGHTING,
        examples=(
            Example("Leg day at the gym, I can barely walk", "Ana goes to the gym."),
            Example("Work keeps cutting my gym sessions short", "Ana goes to the gym."),
            Example("Shifts are killing my gym routine, and the evenings are not the same", "Ana goes to the gym."),
        ),
        counterexamples=(
            "I quit the gym last year",
            "What should I eat before the gym?",
            "Our office has a gym",
            "I haven't been to the gym in ages",
            "Not much gym lately",
        ),
    ),
    Rule(
        id="en.pastime.language",
        language="en",
        decision="pastime",
        description="A language the speaker mentions studying: 'Ana is learning German.' (a candidate).",
        pattern=Tokens(((among(en.LANGUAGES, attr="LOWER"),),), anchored=False),
        output="is learning {object}",
        confidence=_SIGHTING,
        tags=frozenset({"studied"}),
        examples=(
            Example("Practising my Spanish on the train again", "Ana is learning Spanish."),
            Example("German lessons tonight, wish me luck", "Ana is learning German."),
            Example("my Japanese is getting better, slowly", "Ana is learning Japanese."),
        ),
        counterexamples=(
            "My son is learning French at school",
            "I want to learn Italian one day",
            "We had German beer at the market",
            "Do you speak Portuguese?",
            "I ordered in Spanish and nobody switched to English",
        ),
    ),
    Rule(
        id="en.pastime.language_asked",
        language="en",
        decision="pastime",
        description="A language the speaker asks the listener to help them practise or learn: 'Can you help me "
        "practise my German?' (a candidate; the one question a sighting is read in).",
        pattern=Tokens(
            (
                (
                    lower("help"),
                    lower("me"),
                    lower("to", op="?"),
                    among(en.STUDY_VERBS, attr="LEMMA"),
                    lower("my", op="?"),
                    among(en.LANGUAGES, attr="LOWER"),
                ),
            ),
            anchored=False,
        ),
        output="is learning {object}",
        confidence=_SIGHTING,
        tags=frozenset({"studied", "asked"}),
        examples=(
            Example("Hi! Can you help me practise German?", "Ana is learning German."),
            Example("could you help me revise my Spanish before the trip", "Ana is learning Spanish."),
        ),
        counterexamples=(
            "Can you help my son practise French?",
            "Can you help me practise for my interview?",
            "Can you translate this into German?",
        ),
    ),
)
