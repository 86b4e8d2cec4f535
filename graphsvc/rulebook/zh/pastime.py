"""Chinese: pastimes a person mentions in passing (decision ``pastime``): a ball game or board game, an instrument,
a discipline, a sport that is a verb of its own, the gym or a language they study, named in a sentence of their own
about doing it ("晚上和同事打乒乓球", "睡前练了半小时钢琴"). As in English (:mod:`graphsvc.rulebook.en.pastime`), a
sighting is a candidate ("王芳平时打麻将。") that another conversation's mention makes a memory. A word jieba cuts
with its verb (打麻将) counts: the pattern reads the word's end. ``output`` names the pastime with its verb
(``{object}``, the verb from the lexicon)."""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import ending_in

_SIGHTING = 0.4
"""A sighting's confidence: below the candidate threshold, as in English."""


RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.pastime.game",
        language="zh",
        decision="pastime",
        description="A ball game or board game the speaker mentions playing: '王芳平时打麻将。' (a candidate).",
        pattern=Tokens(((ending_in(zh.PLAYED_GAMES),),), anchored=False),
        output="{object}",
        confidence=_SIGHTING,
        examples=(
            Example("晚上和同事打了会儿乒乓球，出了一身汗", "王芳平时打乒乓球。"),
            Example("周日去打网球了，累坏了", "王芳平时打网球。"),
        ),
        counterexamples=("你喜欢打羽毛球吗？", "晚上在家看足球", "我儿子每周踢足球", "我不会下围棋"),
    ),
    Rule(
        id="zh.pastime.instrument",
        language="zh",
        decision="pastime",
        description="An instrument the speaker mentions playing: '王芳平时弹吉他。' (a candidate).",
        pattern=Tokens(((ending_in(zh.INSTRUMENTS),),), anchored=False),
        output="{object}",
        confidence=_SIGHTING,
        examples=(Example("睡前练了半小时钢琴", "王芳平时弹钢琴。"),),
        counterexamples=("我想学吉他，难吗", "她女儿的钢琴老师很好"),
    ),
    Rule(
        id="zh.pastime.practice",
        language="zh",
        decision="pastime",
        description="A discipline or dance the speaker mentions doing: '王芳平时练瑜伽。' (a candidate).",
        pattern=Tokens(((ending_in(zh.PRACTICES),),), anchored=False),
        output="{object}",
        confidence=_SIGHTING,
        examples=(Example("今天瑜伽课上练得一身汗", "王芳平时练瑜伽。"),),
        counterexamples=("我打算明年开始练瑜伽", "我妈每天跳广场舞"),
    ),
    Rule(
        id="zh.pastime.outing",
        language="zh",
        decision="pastime",
        description="A sport named by its verb (游泳) the speaker mentions doing: '王芳平时游泳。' (a candidate).",
        pattern=Tokens(((ending_in(zh.OUTINGS),),), anchored=False),
        output="{object}",
        confidence=_SIGHTING,
        examples=(
            Example("早上游泳游了一公里，舒服", "王芳平时游泳。"),
            Example("睡前冥想了十分钟", "王芳平时冥想。"),
        ),
        counterexamples=("我放弃跑步了", "他每天都去爬山", "跑步机坏了", "他是摄影师", "请记住乐乐的游泳课在每周三。"),
    ),
    Rule(
        id="zh.pastime.gym",
        language="zh",
        decision="pastime",
        description="The gym, mentioned as where the speaker trains: '王芳平时去健身房。' (a candidate).",
        pattern=Tokens(((ending_in(zh.EXERCISE_PLACES),),), anchored=False),
        output="{object}",
        confidence=_SIGHTING,
        examples=(Example("下班去健身房练了一个小时", "王芳平时去健身房。"),),
        counterexamples=("我们小区新开了一家健身房吗？", "我不想去健身房"),
    ),
    Rule(
        id="zh.pastime.language",
        language="zh",
        decision="pastime",
        description="A language the speaker mentions studying (学/练/考… before it): '王芳平时学日语。' (a candidate).",
        pattern=Tokens(((ending_in(zh.LANGUAGES),),), anchored=False),
        output="{object}",
        confidence=_SIGHTING,
        tags=frozenset({"studied"}),
        examples=(
            Example("下班回家又练了半小时英语", "王芳平时学英语。"),
            Example("最近在自学日语，好难", "王芳平时学日语。"),
        ),
        counterexamples=("我想学韩语，难吗", "我女儿在学法语", "他们都说粤语", "日语歌挺好听的"),
    ),
)
