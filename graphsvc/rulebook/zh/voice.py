"""Chinese: in a group's conversation, whose a sentence is (decision ``voice``; see
:mod:`graphsvc.rulebook.en.voice`): 我们/咱们 said by a member is the group's, judged with the group as speaker; 我 is
the member's own, kept in their own space and not by the group. In a person's own conversation 我们 includes the
speaker: judged in the singular, as theirs."""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import among

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.voice.personal",
        language="zh",
        decision="voice",
        description="A member speaks of themselves (我): theirs, kept in their own space, not the group's.",
        pattern=Tokens(((among(zh.SPEAKER),),), anchored=False),
        output="personal",
        examples=(Example("我住在成都。"),),
        counterexamples=("我们每周一上午开例会。",),
    ),
    Rule(
        id="zh.voice.group",
        language="zh",
        decision="voice",
        description="A member speaks for the group (我们, 咱们): the group's, judged with the group as speaker.",
        pattern=Tokens(((among(zh.GROUP_VOICE),),), anchored=False),
        output="group",
        examples=(Example("我们每周一上午开例会。", "产品组每周一上午开例会。"),),
        counterexamples=("我每周一上午开例会。",),
    ),
    Rule(
        id="zh.voice.included",
        language="zh",
        decision="voice",
        description=(
            "In a person's own conversation 我们 or 咱们 includes the speaker: judged in the singular, as theirs."
        ),
        pattern=Tokens(((among(zh.GROUP_VOICE),),), anchored=False),
        output="included",
        examples=(Example("我们下个月去云南。", "王芳下个月去云南。"),),
        counterexamples=("我妹妹下个月去云南。",),
    ),
)
