"""Chinese: a question of the assistant's whose reply is a bare phrase, read with the question's words (decision
``answer``).

Each rule fires on the assistant's question (the last sentence of its turn); the reply's first clause takes the
place of the question word, 你 becomes 我 (:mod:`graphsvc.rulebook.answers`): 在哪个城市呀？| 南京 → 我在南京,
你女儿叫什么名字？| 乐乐 → 我女儿叫乐乐, 你是哪里人？| 长沙 → 我是长沙人. Only a question to the listener is
answered, or one about the one person of the speaker's they last named (她叫什么名字？| 许晴 → 我女朋友叫许晴, after
"我女朋友…": :mod:`graphsvc.rulebook.referents`).
"""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import ADVERBS, among, word

_YOU = among(zh.LISTENER | {"你家"}, op="?")
_WHERE = among(zh.WHERE_WORDS)
_NOUN = {"TAG": {"REGEX": "^n"}, "OP": "?"}
_OWN = {"TAG": "n", "OP": "?"}
"""What of the listener's the question asks about (你老家在哪？)."""
_NOT_WHICH = among(zh.WHERE_WORDS - {"哪个", "哪家"})
_VERB = {"TAG": {"REGEX": "^v"}, "OP": "?"}
_END = {"IS_PUNCT": True, "OP": "*"}
_PARTICLE = among(zh.SENTENCE_PARTICLES, op="?")

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.answer.where",
        language="zh",
        decision="answer",
        description="Where the listener lives, works or is (你住在哪里？在哪个城市呀？): the reply is the place.",
        pattern=Tokens(
            ((_YOU, _OWN, ADVERBS, word("住", op="?"), word("在"), _WHERE, _NOUN, _VERB, _PARTICLE, _END),),
            whole=True,
        ),
        output="in_place",
        examples=(
            Example("在哪个城市呀？| 南京，仙林这边", None),
            Example("你住在哪里？| 昆明。", "王芳住在昆明。"),
            Example("你在哪家公司上班？| 蓝鲸科技", "王芳在蓝鲸科技上班。"),
        ),
        counterexamples=("一般在哪打？| 一般周六下午", "她住在哪里？| 昆明", "你住在哪里？| 不知道"),
    ),
    Rule(
        id="zh.answer.name",
        language="zh",
        decision="answer",
        description="What a person or pet of the listener's is called (你女儿叫什么名字？): the reply is the name.",
        pattern=Tokens(
            (
                (
                    among(zh.LISTENER | {"你家"}),
                    word("的", op="?"),
                    among(zh.PERSON_WORDS | zh.ANIMALS),
                    word("叫"),
                    among(zh.NAMING_QUESTIONS),
                    word("名字", op="?"),
                    _PARTICLE,
                    _END,
                ),
            ),
            whole=True,
        ),
        output="named",
        examples=(
            Example("你女儿叫什么名字？| 乐乐", "王芳的女儿叫乐乐。"),
            Example("好可爱！你家猫叫啥？| 煤球", None),
        ),
        counterexamples=("她叫什么？| 许晴", "你女儿叫什么名字？| 你猜"),
    ),
    Rule(
        id="zh.answer.their_name",
        language="zh",
        decision="answer",
        description=(
            "What 他 or 她 is called (她叫什么名字？), about the one person of the speaker's they last named: the "
            "reply is that person's name."
        ),
        pattern=Tokens(
            (
                (
                    among(zh.THIRD_PERSON),
                    word("叫"),
                    among(zh.NAMING_QUESTIONS),
                    word("名字", op="?"),
                    _PARTICLE,
                    _END,
                ),
            ),
            whole=True,
        ),
        output="their_name",
        examples=(Example("我女朋友下个月来看我。| 真好！她叫什么名字？| 许晴", "王芳的女朋友叫许晴。"),),
        counterexamples=("今天一个司机帮了我。| 她叫什么？| 许晴", "我男朋友下个月来看我。| 她叫什么？| 许晴"),
    ),
    Rule(
        id="zh.answer.origin",
        language="zh",
        decision="answer",
        description="Where the listener comes from (你是哪里人？): the reply is the place.",
        pattern=Tokens(((_YOU, word("是"), _NOT_WHICH, word("人"), _PARTICLE, _END),), whole=True),
        output="in_place",
        examples=(Example("你是哪里人？| 长沙", "王芳是长沙人。"), Example("你是哪里人？| 长沙人", "王芳是长沙人。")),
        counterexamples=("他是哪里人？| 长沙",),
    ),
)
