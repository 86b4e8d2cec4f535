"""Chinese: which relation a sentence states (decision ``relation``), and which value it gives a speaker's
attribute; the slots, outputs and tags as in English (:mod:`graphsvc.rulebook.en.relation`).

Without a named source the source is the speaker: 我 is the subject, or the sentence opens with the person word
(女朋友叫林小雅, 领导叫孙建平: the speaker's own, as 我 is often dropped).
"""

from __future__ import annotations

from graphsvc.rulebook.en.shapes import Piece
from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Surface, Tokens
from graphsvc.rulebook.slots import Slot
from graphsvc.rulebook.zh.naming import (
    ANIMAL,
    CLAUSE_START,
    COMES_FROM,
    COUNT_OPT,
    LIVES_IN,
    MY,
    MY_HOME,
    NAME,
    NAMING,
    PERSON_WORD,
    PROPER_NAME,
    SOURCE,
    VALUE,
    ending,
    named_as,
)
from graphsvc.rulebook.zh.shapes import ADVERBS, CONTENT, PUNCT, among, seq, word

_OPENING = {"IS_SENT_START": True, **PERSON_WORD}
_AFTER_COMMA = (PUNCT, PERSON_WORD)
_SUBJECTS = ((word("我"),), (SOURCE,))
_WORK_VALUE = Slot("value", {**CONTENT, "OP": "+"})
"""What 我做…的 names (会计: jieba tags it a verb)."""
_OCCUPATION_VALUE = Slot("value", {**ending(zh.OCCUPATION_SUFFIXES), "POS": {"IN": ["NOUN", "PROPN", "X"]}})


def _each_subject(*tails: Piece) -> tuple[Piece, ...]:
    """Each tail after 我 and after a named person (林小雅住在西安)."""
    return tuple(seq(subject, ADVERBS, tail) for subject in _SUBJECTS for tail in tails)


RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.relation.person",
        language="zh",
        decision="relation",
        description="说明与说话人或某个人关系的名字就是这层关系：我的朋友张伟、我姐姐叫李梅、女朋友叫林小雅、张伟的妹妹叫李梅。",
        pattern=Tokens(
            (
                *named_as(MY, PERSON_WORD),
                seq(_OPENING, NAMING, NAME),
                seq(_AFTER_COMMA, NAMING, NAME),
                *named_as((SOURCE, word("的")), PERSON_WORD),
            ),
            anchored=False,
        ),
        output="{noun}",
        confidence=0.9,
        examples=(
            Example("我的朋友张伟在北京工作。", "王芳 -friend-> 张伟"),
            Example("我姐姐叫李梅。", "王芳 -sister-> 李梅"),
            Example("女朋友叫林小雅，在读研究生。", "王芳 -partner-> 林小雅"),
            Example("张伟的妹妹叫李梅。", "张伟 -sister-> 李梅"),
        ),
        counterexamples=("她的朋友叫李梅。", "我妈妈手术很顺利。"),
    ),
    Rule(
        id="zh.relation.pet",
        language="zh",
        decision="relation",
        description="说话人家里有名字的动物是其宠物：我家的猫叫年糕、我养了一只狗，叫豆豆。",
        pattern=Tokens(
            (
                seq(MY_HOME, COUNT_OPT, ANIMAL, CLAUSE_START, NAMING, NAME),
                seq(word("我"), ADVERBS, word("养"), word("了", op="?"), COUNT_OPT, ANIMAL, CLAUSE_START, NAMING, NAME),
                seq(MY_HOME, ANIMAL, PROPER_NAME),
            ),
            anchored=False,
        ),
        output="has_pet",
        confidence=0.9,
        examples=(
            Example("我家的猫叫年糕。", "王芳 -has_pet-> 年糕"),
            Example("我养了一只狗，叫豆豆。", "王芳 -has_pet-> 豆豆"),
        ),
        counterexamples=("邻居家的狗叫豆豆。",),
    ),
    Rule(
        id="zh.relation.works_at",
        language="zh",
        decision="relation",
        description="说话人或某个人在哪个机构工作：我在鹿鸣科技上班、我做设计的，在XX公司。",
        pattern=Tokens(
            (
                *_each_subject(seq(word("在"), NAME, among(zh.WORKING))),
                seq(word("我"), ADVERBS, word("做"), _WORK_VALUE, word("的"), CLAUSE_START, word("在"), NAME),
            ),
            anchored=False,
        ),
        output="works_at",
        confidence=0.85,
        examples=(
            Example("我在鹿鸣科技上班。", "王芳 -works_at-> 鹿鸣科技"),
            Example("我做设计的，在鹿鸣科技。", "王芳 -works_at-> 鹿鸣科技"),
        ),
        counterexamples=("我在家工作。",),
    ),
    Rule(
        id="zh.relation.studies_at",
        language="zh",
        decision="relation",
        description="说话人或某个人在哪所学校上学：我在南京大学读书。",
        pattern=Tokens(
            _each_subject(seq(word("在"), NAME, among(zh.STUDYING | {"读研", "读博", "读大学"}))),
            anchored=False,
        ),
        output="studies_at",
        confidence=0.85,
        examples=(Example("我在南京大学读书。", "王芳 -studies_at-> 南京大学"),),
        counterexamples=("我在家读书。",),
    ),
    Rule(
        id="zh.relation.lives_in",
        language="zh",
        decision="relation",
        description="说话人或某个人住在哪里、搬到了哪里：我住在西安、我上个月搬到了贵阳、林小雅住在西安。",
        pattern=Tokens(_each_subject(*LIVES_IN), anchored=False),
        output="lives_in",
        confidence=0.85,
        examples=(
            Example("我住在成都。", "王芳 -lives_in-> 成都"),
            Example("我上个月搬到了贵阳。", "王芳 -lives_in-> 贵阳"),
        ),
        counterexamples=("我住在老城区。",),
    ),
    Rule(
        id="zh.relation.origin",
        language="zh",
        decision="relation",
        description="说话人来自哪里、老家在哪里：我来自贵阳、我老家在湖南。",
        pattern=Tokens(_each_subject(*COMES_FROM), anchored=False),
        output="from",
        confidence=0.85,
        examples=(Example("我老家在湖南。", "王芳 -from-> 湖南"), Example("我来自贵阳。", "王芳 -from-> 贵阳")),
        counterexamples=("我来自一个小城市。",),
    ),
    Rule(
        id="zh.relation.native_place",
        language="zh",
        decision="relation",
        description="“我是X人”：说话人来自X（jieba 把“昆明人”切成一个词，所以按字面形式匹配）。",
        pattern=Surface(r"我是(?P<value>[\u4e00-\u9fff]{2,4}?)人"),
        output="from",
        confidence=0.85,
        examples=(Example("我是昆明人。", "王芳 -from-> 昆明"),),
        counterexamples=("我是个急性子的人。",),
    ),
    Rule(
        id="zh.relation.friend",
        language="zh",
        decision="relation",
        description="两人说彼此是朋友：你是我最好的朋友、我们是好朋友、我们的友谊（说话人和对话里另一个人）。",
        pattern=Tokens(
            (
                seq(
                    among(zh.LISTENER),
                    ADVERBS,
                    {"ORTH": {"IN": ["是", "真是"]}},
                    word("我"),
                    {"POS": "ADJ", "OP": "?"},
                    word("的", op="?"),
                    among(zh.RELATION_WORDS),
                ),
                seq(word("我们"), ADVERBS, word("是"), {"POS": "ADJ", "OP": "?"}, among(zh.RELATION_WORDS)),
                seq(word("我们"), word("的"), among(zh.FRIENDSHIP)),
            ),
            anchored=False,
        ),
        output="friend",
        confidence=0.8,
        examples=(Example("你一直是我最好的朋友。", "王芳 -friend-> 李娜"),),
        counterexamples=("我的朋友都说好。",),
        tags=frozenset({"listener"}),
    ),
    Rule(
        id="zh.relation.occupation",
        language="zh",
        decision="relation",
        description="说话人做什么工作（一个属性值）：我是一名护士、我做设计的。",
        pattern=Tokens(
            (
                seq(word("我"), ADVERBS, word("是"), among(zh.OCCUPATION_MARKERS), _OCCUPATION_VALUE),
                seq(word("我"), ADVERBS, word("是"), among(zh.OCCUPATION_MARKERS), VALUE, _OCCUPATION_VALUE),
                seq(word("我"), ADVERBS, word("做"), _WORK_VALUE, word("的")),
            ),
            anchored=False,
        ),
        output="occupation",
        confidence=0.85,
        examples=(
            Example("我是一名中学老师。", "王芳 -occupation-> 中学老师"),
            Example("我做会计的。", "王芳 -occupation-> 会计"),
        ),
        counterexamples=("我是一个急性子的人。",),
        tags=frozenset({"feature"}),
    ),
)
"""Every Chinese relation rule."""
