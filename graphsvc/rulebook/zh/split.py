"""Chinese: where one sentence holds several statements (decision ``split``): at a comma before 我 (a clause of its
own), or before a verb or a time word (``carry``: the clause takes the first one's subject: "我住在上海，在银行上班" →
"我在银行上班")."""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import TIME, among, word

_COMMA = word("，", ",", "；", ";")

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.split.question_tail",
        language="zh",
        decision="split",
        description="A question after a comma (…，你觉得呢？): the statement before it stands alone.",
        pattern=Tokens(((_COMMA, among(zh.LISTENER | zh.QUESTION_WORDS)),), anchored=False),
        examples=(Example("我很喜欢画画，你有什么推荐吗？", "王芳很喜欢画画。"),),
        counterexamples=("我很喜欢画画。",),
    ),
    Rule(
        id="zh.split.clause",
        language="zh",
        decision="split",
        description="A clause after a comma with a subject of its own (我, a name, a noun), judged on its own.",
        pattern=Tokens(
            (
                (
                    _COMMA,
                    among(zh.DISCOURSE_MARKERS, op="*"),
                    {
                        "POS": {"IN": ["PRON", "NOUN", "PROPN", "X", "NUM"]},
                        "ORTH": {"NOT_IN": sorted(zh.TIME_WORDS | zh.WEEKDAYS)},
                        "TAG": {"NOT_IN": ["t"]},
                    },
                ),
                (_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), among(zh.NAMING_VERBS)),
            ),
            anchored=False,
        ),
        examples=(Example("天气不错，我去公园跑了五公里。", "王芳去公园跑了五公里。"),),
        counterexamples=("我去公园跑了五公里。",),
    ),
    Rule(
        id="zh.split.carry",
        language="zh",
        decision="split",
        description="A clause after a comma that opens with its predicate (a verb, a time) takes the last subject.",
        pattern=Tokens(
            (
                (
                    _COMMA,
                    among(zh.DISCOURSE_MARKERS, op="*"),
                    {
                        "POS": {"NOT_IN": ["PUNCT", "PRON", "NOUN", "PROPN", "X", "NUM"]},
                        "ORTH": {"NOT_IN": sorted(zh.NAMING_VERBS | zh.LISTENER | zh.WE | zh.POINTERS)},
                    },
                ),
                (_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), TIME),
            ),
            anchored=False,
        ),
        output="carry",
        examples=(Example("我住在上海，在一家银行上班。", "王芳在一家银行上班。"),),
        counterexamples=("我在一家公司上班，叫速帆。",),
    ),
)
