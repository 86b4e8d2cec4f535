"""Chinese: words around a statement that say nothing of the speaker (decision ``trim``): an interjection or a
discourse word at the start, a greeting, an answer stub ("不知道，…": the stub answers the last turn), and a request
to remember (``requested``: "请记住，…", "帮我记一下，…"); a time phrase before 我 moves after it
(``after_subject``: "昨天我去了医院" is judged as "我昨天去了医院")."""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import MORE_TIME, PUNCT, PUNCT_OPT, TIME, among, word

_PUNCT = {**PUNCT, "OP": "+"}

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.trim.interjection",
        language="zh",
        decision="trim",
        description="An interjection or a reply word opening the sentence (嗯, 哈哈, 好的).",
        pattern=Tokens(((among(zh.INTERJECTIONS), PUNCT_OPT),)),
        examples=(Example("哈哈，我上周考过了驾照。", "王芳上周考过了驾照。"),),
        counterexamples=("我上周考过了驾照。",),
    ),
    Rule(
        id="zh.trim.discourse_marker",
        language="zh",
        decision="trim",
        description="A connective or a discourse marker opening the sentence (其实, 对了, 说实话).",
        pattern=Tokens(((among(zh.DISCOURSE_MARKERS), PUNCT_OPT),)),
        examples=(Example("对了，我下个月要搬家。", "王芳下个月要搬家。"),),
        counterexamples=("我下个月要搬家。",),
    ),
    Rule(
        id="zh.trim.greeting",
        language="zh",
        decision="trim",
        description="A greeting opening the sentence (你好，…).",
        pattern=Tokens(((among(zh.GREETINGS), {"POS": "PROPN", "OP": "*"}, _PUNCT),)),
        examples=(Example("你好，我叫李娜。", "王芳叫李娜。"),),
        counterexamples=("我叫李娜。",),
    ),
    Rule(
        id="zh.trim.answer_stub",
        language="zh",
        decision="trim",
        description="An answer stub opening the sentence (不知道，…; 还行，…): the rest is judged on its own.",
        pattern=Tokens(((word("不", op="?"), among(zh.ANSWER_STUBS), _PUNCT),)),
        examples=(Example("不知道，我最近在学吉他。", "王芳最近在学吉他。"),),
        counterexamples=("我最近在学吉他。",),
    ),
    Rule(
        id="zh.trim.time_lead",
        language="zh",
        decision="trim",
        description="A time phrase before 我 moves after it (昨天我去了医院 → 我昨天去了医院).",
        pattern=Tokens((({**TIME, "OP": "+"}, MORE_TIME, PUNCT_OPT, word("我")),)),
        output="after_subject",
        examples=(
            Example("昨天我去了医院看病。", "王芳昨天去了医院看病。"),
            Example("下周三下午两点我要去车管所换驾照。", "王芳下周三下午两点要去车管所换驾照。"),
            Example("明天我爸要去医院复查。", "王芳的爸爸明天要去医院复查。"),
        ),
        counterexamples=("我昨天去了医院看病。",),
    ),
    Rule(
        id="zh.trim.comparison_lead",
        language="zh",
        decision="trim",
        description=(
            "What the speaker weighs a liking against, before 我, moves after it (比起咖啡我更喜欢喝茶 → "
            "我比起咖啡更喜欢喝茶)."
        ),
        pattern=Tokens(
            ((among(zh.COMPARING), {"IS_PUNCT": False, "ORTH": {"NOT_IN": ["我"]}, "OP": "+"}, PUNCT_OPT, word("我")),)
        ),
        output="after_subject",
        examples=(Example("比起咖啡我更喜欢喝茶。", "王芳比起咖啡更喜欢喝茶。"),),
        counterexamples=("我比起咖啡更喜欢喝茶。",),
    ),
    Rule(
        id="zh.trim.remember_request",
        language="zh",
        decision="trim",
        description="A request to remember what follows (请记住, 帮我记一下, 别忘了).",
        pattern=Tokens(
            (
                (word("请", "你", op="?"), among(zh.REMEMBER_VERBS), word("一下", op="?"), PUNCT_OPT),
                (word("帮", "帮忙"), word("我"), word("记", "记住", "记一下"), word("一下", op="?"), PUNCT_OPT),
            )
        ),
        output="requested",
        examples=(
            Example("请记住，我的车牌号是沪A12345。", "王芳的车牌号是沪A12345。"),
            Example("你记一下我老婆叫王静。", "王芳的老婆叫王静。"),
        ),
        counterexamples=("我记得小时候的事。",),
    ),
)
