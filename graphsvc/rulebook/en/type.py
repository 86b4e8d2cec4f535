"""English: a kept statement retyped by what it says of time (decision ``type``).

A statement told in the past tense with a time phrase before the day it was said is an event, dated by that phrase
(:func:`graphsvc.text.time_phrases.resolve_relative_time`: "I adopted a cat last May" said in July is an event of
May). Other statements keep the type their keep rule gave.
"""

from __future__ import annotations

from graphsvc.rulebook.rule import Example, Rule, Tokens

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.type.dated_past",
        language="en",
        decision="type",
        description="A past-tense statement with a time phrase before the day it was said is an event of that time.",
        pattern=Tokens((({"TAG": {"IN": ["VBD", "VBN"]}},),), anchored=False),
        output="event",
        examples=(Example("I moved to Porto last month.", "Ana moved to Porto last month."),),
        counterexamples=("I live in Porto.",),
    ),
)
