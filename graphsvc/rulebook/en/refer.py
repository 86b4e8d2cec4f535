"""English: a third-person pronoun that stands for the one person the speaker last named (decision ``refer``).

The rule fires on the pronoun ("she" or "he" as a subject, "her" or "his" as a possessor); the composer replaces it
with the speaker's referent when there is one and its gender fits (:mod:`graphsvc.rulebook.referents`), and with
nothing when the statement itself names someone before it. An object ("I called her") is never resolved.
"""

from __future__ import annotations

from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens

_SUBJECTS = sorted(w for w in en.THIRD_PERSON if w in ("she", "he"))
_POSSESSORS = sorted(en.THIRD_PERSON_POSSESSORS)

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.refer.last_named",
        language="en",
        decision="refer",
        description=(
            "'She', 'he', 'her' or 'his' as a subject or possessor stands for the one person the speaker last "
            "named, when its gender fits and nobody else was named since."
        ),
        pattern=Tokens(
            (
                ({"LOWER": {"IN": _SUBJECTS}, "DEP": {"IN": ["nsubj", "nsubjpass"]}},),
                ({"LOWER": {"IN": _POSSESSORS}, "DEP": "poss"},),
            ),
            anchored=False,
        ),
        output="person",
        examples=(
            Example(
                "My sister Lucia got engaged last week. Her fiancé is called Tom.",
                "Ana's sister's fiancé is called Tom.",
            ),
            Example("My boss is called Dana. She's been vegan since 2019.", "Ana's boss has been vegan since 2019."),
            Example("I'm asking for my dad. He's allergic to penicillin.", "Ana's dad is allergic to penicillin."),
            Example("My daughter turned six. She loves the Narnia books.", "Ana's daughter loves the Narnia books."),
        ),
        counterexamples=(
            "My brother called. She loves the Narnia books.",
            "My mum and my aunt visited. She loves the Narnia books.",
            "I called her yesterday.",
        ),
    ),
)
