"""English: in a group's conversation, whose a sentence is (decision ``voice``).

A group's space keeps what the group agreed or shares, said by a member in the first person plural ("Our standup
is at 9:30"): the sentence is judged in the singular with the group as its speaker, so the same keep rules decide
and the memory names the group ("Team Falcon's standup …"). What a member says of themselves ("I live in Lyon") is
filed in their own space (:mod:`graphsvc.service.conversations`) and not kept by the group. A sentence of neither
voice, or said by a participant with no user id, is judged as in anyone's conversation.

In a person's own conversation "we" and "our" include the speaker ("We moved to Leeds", "Our son is called Leo"):
the sentence is judged in the singular as the speaker's, so what holds for them is kept; with whom is left out.
"""

from __future__ import annotations

from graphsvc.rulebook.en.shapes import among
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.voice.personal",
        language="en",
        decision="voice",
        description="A member speaks of themselves ('I', 'my'): theirs, kept in their own space, not the group's.",
        pattern=Tokens(((among(en.SPEAKER_WORDS),),), anchored=False),
        output="personal",
        examples=(Example("I live in Lyon and our office is in Leeds."),),
        counterexamples=("Our office is in Leeds.",),
    ),
    Rule(
        id="en.voice.group",
        language="en",
        decision="voice",
        description="A member speaks for the group ('we', 'our'): the group's, judged with the group as speaker.",
        pattern=Tokens(((among(en.GROUP_VOICE),),), anchored=False),
        output="group",
        examples=(
            Example("Our team meeting is on Monday at 10.", "Team Falcon's team meeting is on Monday at 10."),
            Example("We moved to a new office in Leeds.", "Team Falcon moved to a new office in Leeds."),
            Example(
                "We agreed that guests stay two nights at most.",
                "Team Falcon agreed that guests stay two nights at most.",
            ),
        ),
        counterexamples=("My team meeting is on Monday at 10.",),
    ),
    Rule(
        id="en.voice.included",
        language="en",
        decision="voice",
        description=(
            "In a person's own conversation 'we' or 'our' includes the speaker: judged in the singular, as theirs."
        ),
        pattern=Tokens(((among(en.GROUP_VOICE),),), anchored=False),
        output="included",
        examples=(
            Example("We moved to Leeds last spring.", "Ana moved to Leeds last spring."),
            Example("Our son is called Leo.", "Ana's son is called Leo."),
            Example("we're going to Crete in August", "Ana is going to Crete in August."),
        ),
        counterexamples=("My sister moved to Leeds last spring.",),
    ),
)
