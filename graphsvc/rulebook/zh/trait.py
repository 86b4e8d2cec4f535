"""Chinese: how a reflection phrases what several memories of one person share (decision ``trait``): what follows a
word of liking (喜欢…), of wanting (打算…) or a frequency word (每天…), or what is being given up (戒烟), named in
two or more of the memories."""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import ADVERBS, HABIT, among

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.trait.likes",
        language="zh",
        decision="trait",
        description="What a person likes, named in two or more of their memories: 喜欢….",
        pattern=Tokens(((among(zh.LIKING),),), anchored=False),
        output="喜欢{items}",
        confidence=0.85,
        examples=(Example("王芳很喜欢爬山。 | 王芳周末喜欢爬山和拍照。 | 王芳喜欢喝茶。", "喜欢爬山"),),
        counterexamples=(
            "王芳很喜欢爬山。 | 王芳喜欢喝茶。",
            "王芳不喜欢喝咖啡。 | 王芳一点也不喜欢喝咖啡。",
            "王芳以前喜欢跑步。 | 王芳小时候喜欢跑步。",
            "王芳的女儿喜欢画画。 | 王芳的女儿很喜欢画画。",
        ),
    ),
    Rule(
        id="zh.trait.wants",
        language="zh",
        decision="trait",
        description="What a person wants or plans to do, named in two or more of their memories: 想要….",
        pattern=Tokens(((among(zh.PLAN_WORDS - {"要", "想"} | {"想要", "希望"}),),), anchored=False),
        output="想要{items}",
        confidence=0.8,
        examples=(Example("王芳打算学开车。 | 王芳计划明年学开车。", "想要学开车"),),
        counterexamples=(
            "王芳打算学开车。 | 王芳喜欢喝茶。",
            "王芳的儿子打算考研。 | 王芳的儿子计划明年考研。",
            "王芳打算去看张伟。 | 王芳打算周末去看张伟。",
        ),
    ),
    Rule(
        id="zh.trait.quitting",
        language="zh",
        decision="trait",
        description="What a person is giving up (戒烟, 戒酒), named in two or more of their memories: 在戒….",
        pattern=Tokens(((among(zh.QUITTING - {"戒", "减肥", "戒掉"}),),), anchored=False),
        output="在{items}",
        confidence=0.85,
        examples=(Example("王芳想戒烟。 | 王芳戒烟第五天了。", "在戒烟"),),
        counterexamples=("王芳想戒烟。 | 王芳喜欢喝茶。", "王芳想戒烟。 | 王芳戒酒半年了。"),
    ),
    Rule(
        id="zh.trait.activity",
        language="zh",
        decision="trait",
        description="What a person does regularly (每天…, 经常…), named in two or more of their memories: 经常….",
        pattern=Tokens(((HABIT, ADVERBS),), anchored=False),
        output="经常{items}",
        confidence=0.8,
        tags=frozenset({"habit"}),  # where one goes to do it is no part of the item (traits._doing_zh)
        examples=(
            Example("王芳每天早上跑步。 | 王芳周末经常跑步。", "经常跑步"),
            Example("王芳下午一般跟几个朋友打麻将。 | 王芳每周都跟邻居打麻将。", "经常打麻将"),
            Example("王芳每周六练两个小时钢琴。 | 王芳昨晚弹了会儿钢琴。", "经常练钢琴"),
            Example("王芳每周都会去杭州。 | 王芳每个月都要去杭州开会。", "经常去杭州"),
            Example("王芳每天去公园跑步。 | 王芳经常在公园跑步。", "经常跑步"),
            Example("王芳每周一都去社区中心做志愿者。 | 王芳在社区中心做志愿者两年了。", "经常做志愿者"),
        ),
        counterexamples=(
            "王芳每天早上跑步。 | 王芳喜欢喝茶。",
            "王芳每天在家。 | 王芳每天在公司。",
            "王芳每天去医院看她爸爸。 | 王芳今天去医院看她爸爸。",
            "王芳女儿每天练钢琴。 | 王芳女儿每天都练一个小时钢琴。",
            "王芳每周都和朋友在杭州。 | 王芳周末经常跟家人在杭州。",
        ),
    ),
)
