"""Chinese: where one sentence holds several statements (decision ``split``): at a comma before 我 (a clause of its
own), or before a verb or a time word (``carry``: the clause takes the first one's subject: "我住在上海，在银行上班" →
"我在银行上班"), or before 叫 (``carry_named``: the clause names the speaker's animal or person the clause before
ended with: "我养了一只狗，叫旺财" → "我的狗叫旺财"); never after a condition (``join``: 要是…，…)."""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import HABIT, TIME, among, word

_COMMA = word("，", ",", "；", ";")
_JOB = {"ORTH": {"REGEX": zh.OCCUPATION_END}}
"""A job title by how it ends (医生, 一名 护士, 工程师): 是 before it says what the subject does for a living."""

_AGE = {"TAG": "m", "ORTH": {"REGEX": r"^[一二三四五六七八九十\d]+岁?$"}}
"""An age alone (七十, 五岁): said of the clause before's subject."""

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.split.consequence",
        language="zh",
        decision="split",
        description=(
            "A condition and what would follow it are one clause (要是我住在海边，我天天去冲浪): no cut at the comma "
            "after 如果/要是/假如/万一, so the consequence is judged with its condition and not as what is."
        ),
        pattern=Tokens(((among(zh.CONDITIONALS), {"IS_PUNCT": False, "OP": "*"}, _COMMA),), anchored=False),
        output="join",
        examples=(Example("要是我住在海边，我天天去冲浪。"), Example("我如果有时间，每周都去爬山。")),
        counterexamples=("我住在海边，我天天去冲浪。",),
    ),
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
        id="zh.split.named",
        language="zh",
        decision="split",
        description=(
            "A clause after a comma that opens with 叫 names what the speaker's clause before it ended with, when "
            "that is an animal or a person word: 我养了一只狗，叫旺财 → 我的狗叫旺财 (a company or a place is not "
            "carried: 我在一家公司上班，叫速帆 stays unsure)."
        ),
        pattern=Tokens(((_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), word("叫", "名叫")),), anchored=False),
        output="carry_named",
        examples=(
            Example("我养了一只狗，叫旺财。", "王芳的狗叫旺财。"),
            Example("我有一个妹妹，叫小雨。", "王芳的妹妹叫小雨。"),
        ),
        counterexamples=("我叫王芳，在银行上班。",),
    ),
    Rule(
        id="zh.split.carry",
        language="zh",
        decision="split",
        description=(
            "A clause after a comma that opens with a time or a predicate of the last subject, or is an age alone, "
            "takes it."
        ),
        pattern=Tokens(
            (
                (_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), among(zh.CARRY_STARTS | zh.DEGREE_WORDS)),
                (
                    _COMMA,
                    among(zh.DISCOURSE_MARKERS, op="*"),
                    among(zh.LIKING | zh.DISLIKING | zh.PLAN_WORDS | zh.LIVING | zh.MOVING | zh.WORKING | zh.LEARNING),
                ),
                (_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), among(zh.NOT_EATING)),  # 我是回族，不吃猪肉
                (_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), among(zh.NEGATIONS), among(zh.EATING)),
                (_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), among(zh.INTRODUCING)),  # 我一个人住，养了两只猫
                (_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), TIME),
                (_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), HABIT),
                (_COMMA, among(zh.DISCOURSE_MARKERS, op="*"), word("是"), among(zh.OCCUPATION_MARKERS, op="?"), _JOB),
                (_COMMA, _AGE, word("岁", op="?"), word("了", op="?")),  # 我老公叫张伟，七十了
            ),
            anchored=False,
        ),
        output="carry",
        examples=(
            Example("我住在上海，在一家银行上班。", "王芳在一家银行上班。"),
            Example("我老公叫李明，是医生。", "王芳的老公是医生。"),
            Example("我有个哥哥，在银行上班。", "王芳的哥哥在银行上班。"),
            Example("我有一个女儿，今年五岁。", "王芳的女儿今年五岁。"),
            Example("我爸叫王建国，七十了。", "王芳的爸爸七十了。"),
            Example("我女儿叫米娅，五岁", "王芳的女儿五岁。"),
            Example("我是回族，不吃猪肉。", "王芳不吃猪肉。"),
            Example("我一个人住，养了两只猫。", "王芳养了两只猫。"),
        ),
        counterexamples=("我在一家公司上班，叫速帆。", "我去了海边，让我放松了很多。"),
    ),
    Rule(
        id="zh.split.clause",
        language="zh",
        decision="split",
        description="Any other comma: the clause after it is judged on its own, with no subject carried.",
        pattern=Tokens(((_COMMA, {"IS_PUNCT": False}),), anchored=False),
        examples=(Example("天气不错，我去公园跑了五公里。", "王芳去公园跑了五公里。"),),
        counterexamples=("我去公园跑了五公里。",),
    ),
)
