"""Chinese: a kept statement retyped by what it says of time (decision ``type``): a statement with 了/过 and a time
word before the day it was said is an event of that time (上周末去了杭州)."""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import among

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.type.dated_past",
        language="zh",
        decision="type",
        description="A statement with 了/过 and a time before the day it was said is an event of that time.",
        pattern=Tokens(((among(zh.PAST_MARKERS),),), anchored=False),
        output="event",
        examples=(Example("我上个月搬到了苏州。", "王芳上个月搬到了苏州。"),),
        counterexamples=("我住在苏州。",),
    ),
)
