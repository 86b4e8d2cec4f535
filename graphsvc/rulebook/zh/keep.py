"""Chinese: which statements are memories, and of which type (decision ``keep``).

Each rule matches a statement from its start (after trimmed words, :mod:`.trim`): its subject is 我, a person of
the speaker's (我女儿, 我的老板) or an animal of theirs (我家的猫); a subject the speaker dropped is restored first
(:mod:`.subject`). What no rule keeps is not a memory. Refusals (:mod:`.refuse`) run first.
"""

from __future__ import annotations

from graphsvc.rulebook.en.shapes import Spec
from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import (
    ACTIVITY,
    ADVERBS,
    ANIMAL,
    ANY,
    ANY_OPT,
    CLOCK_OPT,
    CONTENT,
    DATE,
    DAY_OF_THIS_MONTH,
    DE_OPT,
    DIGITS,
    FIRST_PERSON,
    HABIT,
    MY_ANIMAL,
    MY_PERSON,
    NAME_TAGS,
    NOT,
    NOUN_TAGS,
    PERSON_NAME_TAGS,
    PUNCT,
    SPEAKER,
    SPEAKER_OR_THEIR_PERSON,
    TIME,
    WORDED_DATE,
    Piece,
    among,
    each,
    ending_in,
    seq,
    word,
)

_NUMBER = {"POS": "NUM", "OP": "?"}
_PLACE: Spec = {**CONTENT, "TAG": {"NOT_IN": ["a", "ad", "an", "d", "y"]}}
"""Where a move is to: a word that says something, not how it felt (搬到了苏州; not 搬家好累)."""
_ALLERGEN: Spec = {"IS_PUNCT": False, "TAG": {"NOT_IN": ["v", "vn", "vd", "vi"]}}
"""What an allergy names, between 对 and 过敏: things, not a doing (对加班过敏, 对收拾房间过敏 are figures of speech;
a duty or a day is refused: ``zh.refuse.figure_of_speech``)."""
_NAME_PREFIX = {"ORTH": {"IN": sorted(zh.NAME_PREFIXES)}, "OP": "?"}
"""What a familiar name may open with before a surname (小李, 老王)."""
_NOT_ASKING: Spec = {
    "IS_PUNCT": False,
    "ORTH": {"REGEX": "^(?!" + "|".join(sorted(zh.QUESTION_WORDS, key=len, reverse=True)) + ")"},
    "OP": "*",
}
"""Words of a statement that asks nothing, not even inside it: no word opens with a question word (我老记不住是
哪天 names no day)."""
_PET_NAME = {"TAG": {"IN": NAME_TAGS}, "ORTH": {"NOT_IN": sorted(zh.ANIMALS)}}
"""A word that can name an animal (煤球, 豆豆, Lucky): a noun or a name, not an animal word itself."""
_WHERE_MET = {"TAG": {"IN": ["n", "nt", "ns", "t"]}, "ORTH": {"NOT_IN": sorted(zh.PERSON_WORDS)}, "OP": "?"}
"""Where the speaker knows a person from, before the person word (我的大学室友, 我高中同学), never a person word
itself (小林是我同事女儿 names the colleague's daughter)."""
_NOTED_THING = {"TAG": {"IN": sorted(NOUN_TAGS - {"vn"})}, "ORTH": {"NOT_IN": sorted(zh.LISTENER | zh.POINTERS)}}
"""What a note to remember opens with: a noun or a name, not the assistant nor a pointer (这个)."""
_NOT_PAST = {"IS_PUNCT": False, "ORTH": {"NOT_IN": sorted(zh.PAST_MARKERS)}, "OP": "*"}
"""Words of a statement that says nothing is over (no 了, 过): a habit, not one happening."""
_ONE_OF_THEM = {"TAG": "m", "ORTH": {"REGEX": "^一[家所个]$"}}
"""One of a kind of place, as jieba cuts it (一家, 一所), with what kind it is: 我在一家做外贸的公司, not the bare
我在一家公司 (which says nothing)."""
_POST = {"ORTH": {"REGEX": zh.OCCUPATION_END, "NOT_IN": sorted(zh.NOT_POSTS)}}
"""A job title by how it ends (护士, 程序员), not a word that only ends like one (会员, 使用者)."""
_PLACE_WORD = {"POS": {"IN": ["NOUN", "PROPN", "NUM", "X", "ADJ"]}, "TAG": {"NOT_IN": ["f", "t"]}}
"""A word of where someone works or studies (一家 银行, 腾讯), not a locality or a time (里, 的时候)."""
_AT_A_PLACE = (word("在"), _PLACE_WORD, {**_PLACE_WORD, "OP": "*"})
"""Where someone works: 在 and the words of a place (在 深圳, 在 一家 银行)."""

_ENDS_AS_ORGANIZATION = "^.+(?:" + "|".join(sorted(zh.WORKPLACE_SUFFIXES, key=len, reverse=True)) + ")$"
"""A name that ends as a workplace's does (北京大学, 青禾科技), more than the bare word (大学)."""

_STATE_TAGS = ["a", "ad", "ag", "d", "z"]
"""jieba's flags of an adjective, an adverb and a state word."""
_NAMES_WHAT = (
    {"IS_PUNCT": False, "TAG": {"NOT_IN": ["v", "vd", "vg", "vi", "vq", *_STATE_TAGS]}},
    {"IS_PUNCT": False, "LENGTH": {">=": 2}, "TAG": {"NOT_IN": _STATE_TAGS}},
)
"""How a habit ends: with what it names (a word that is no time, frequency or mood), not a lone one-character verb
whose object is in another sentence (我每天晚饭以后吃: eats what?) nor a state (我每天都很忙 is a mood)."""
_MEDICINE = {"ORTH": {"REGEX": zh.MEDICINE}, "TAG": {"NOT_IN": ["m"]}}
"""A medicine by how its name ends (降压药, 胰岛素), not a count (一片)."""
_SPAN_OPT = {"ORTH": {"REGEX": zh.DURATION}, "OP": "?"}
"""A span a frequency is counted in (一天两片, 一周三次)."""
_NOUNS_OPT = {"POS": {"IN": ["NOUN", "PROPN", "X"]}, "OP": "*"}
"""Words of a name before its last word (淘宝 店, 社区 合唱团)."""
_SHOP = {**ending_in(zh.SHOP_ENDINGS), "POS": "NOUN"}
"""A business by how its word ends (咖啡店, 工作室), as the last word of what was opened."""
_LEARNING_ONE_WORD = {"ORTH": {"REGEX": "^[学练](?![习校生期院]).+$"}, "TAG": {"IN": ["v", "vn", "n"]}}
"""Learning and what is learnt, cut as one word by jieba (学车, 练琴), not a school, a pupil or 学习 alone."""
_AFFILIATIONS = zh.WORKPLACE_SUFFIXES | zh.DEPARTMENT_ENDINGS
"""What the body a person is "of" ends with (青禾科技, 北京大学, 心理系)."""
_GROUP = {"ORTH": {**ending_in(zh.GROUP_ENDINGS)["ORTH"], "NOT_IN": sorted(zh.NOT_GROUPS)}, "POS": "NOUN"}
"""A group by how its word ends (篮球队, 合唱团, 部队), not a queue, a tour group or a team at work."""
_SPAN_OF_DAYS = {"ORTH": {"REGEX": r"^[第\d一二三四五六七八九十百两几半个多天周月年星期]+$"}, "OP": "*"}
"""How long something has lasted, as jieba cuts it (半年, 三 个 月, 第 12 天)."""
_UNDER_WAY = word("在", "正在", op="?")
"""Being in the middle of it, if said (我在准备…, 我正在吃降压药)."""
_FROM_THEN = seq(word("从", op="?"), {"TAG": {"IN": ["t", "r", "m"]}, "OP": "*"}, word("开始"))
"""From a time on (从下个月开始, 这个月开始)."""
_STOPPED: tuple[Piece, ...] = (
    seq(ADVERBS, word("已经"), word("不", "不再")),
    seq(ADVERBS, word("不再")),
    seq(_FROM_THEN, word("不", "不再")),
)
"""What says a habit has stopped before the habit (已经不, 不再, 这个月开始不)."""
_NOT_A_HABIT = zh.WANTING | zh.UNABLE | zh.MIND_VERBS | zh.FEELING_VERBS | zh.LIKING | zh.DISLIKING
"""Verbs of wanting, being able, thinking and feeling: what stops with them is no habit (不再相信爱情了)."""
_STOPPED_HABIT: tuple[Piece, ...] = (
    ({"TAG": "v", "ORTH": {"NOT_IN": sorted(_NOT_A_HABIT)}}, {"TAG": {"IN": sorted(NOUN_TAGS)}}),  # 跳 广场舞
    ({"TAG": "v", "ORTH": {"NOT_IN": sorted(_NOT_A_HABIT)}}, {"TAG": {"IN": ["l", "i"]}}),  # 熬夜 打游戏
    ({"TAG": {"IN": ["v", "n"]}, **ending_in(zh.QUIT_OBJECTS | zh.PASTIMES)},),  # 抽烟, 打麻将
    ({"TAG": {"IN": ["l", "i"]}},),  # 吃宵夜, as jieba tags a set phrase
)
"""A habit as jieba cuts it: a verb and its object, or one word ending in what is given up or played, or a set
phrase."""
_ME_OR_MY_HOME = among(zh.MY_OWN)
"""The speaker, or their household as the owner of a value (我家WiFi密码)."""
_THING = {"POS": {"IN": ["NOUN", "PROPN", "X"]}, "ORTH": {"NOT_IN": sorted(zh.QUESTION_WORDS | zh.POINTERS)}}
"""What a speaker's own thing is named by: a noun, never a question word (哪里) or a pointer (那个)."""
_LINE_OF_WORK = (word("做"), {"TAG": {"IN": sorted(NOUN_TAGS)}, "OP": "*"}, among(zh.JOB_FIELDS))
"""A line of work done for a living: 做 and its field (做 桥梁 设计, 做 运营)."""
_MODEL_NUMBER = {"TAG": {"IN": ["m", "eng"]}, "ORTH": {"REGEX": r"^[A-Za-z\d]+$"}, "OP": "?"}
"""A model's number after its make and name (华为 Mate 60, 小米 14)."""
_TIME_ONLY = zh.TIME_WORDS | zh.WEEKDAYS | zh.TIME_PREFIXES | zh.TIME_UNITS | zh.HABIT_WORDS
_TIME_TO_COME: tuple[tuple[Spec, ...], ...] = (
    ({"ORTH": {"REGEX": zh.FUTURE_TIME}},),
    (among(zh.HOLIDAYS),),
    (word("下"), among(zh.WEEKDAYS)),  # 下周六 as jieba sometimes cuts it: 下 / 周六
)
"""A time still to come (下个月, 明天, 下周六), or a holiday (五一, 暑假) when nothing says it is over."""
_ON_A_DAY: tuple[Spec, ...] = (
    {"ORTH": {"REGEX": zh.CALENDAR_DAY}, "OP": "+"},
    among(zh.PARTS_OF_MONTH, op="?"),
)
"""A day of the calendar (三月 三号), or a part of a month (五月 底): a trip on it is still to come when nothing says
it is over (no 了, as the whole statement is matched)."""
_ON_A_DAY_OR_DATE: tuple[tuple[Spec, ...], ...] = (
    _ON_A_DAY,
    DATE,
    DAY_OF_THIS_MONTH,
)
"""A day of the calendar in words (三月 三号) or in digits (5 月 3 号, 14 号 of this month)."""
_TRIP_TO_A_PLACE: Spec = {"TAG": "nz", "ORTH": {"REGEX": "^.+(?:旅游|旅行)$"}}
"""A place and a trip as jieba sometimes cuts them into one word (云南旅游)."""
_UNTIL_A_CHANGE: tuple[Spec, ...] = (word("退休", op="?"), word("前", "以前", op="?"))
"""The post held until retiring, before 是 (我退休前是邮递员): the last one, no other taking its place (before a
marriage it may be another than now, and is not kept as the post)."""
_PAID = {"ORTH": {"REGEX": f"^(?:到|{'|'.join(sorted(zh.PAID_IN))})(?:{'|'.join(sorted(zh.MONEY_WORDS))})?$"}}
"""Money coming in, with what it is if jieba glued it on (到 账, 发工资)."""
_ROUTINE = {**HABIT, "ORTH": {**HABIT["ORTH"], "NOT_IN": sorted(zh.GRUMBLE_FREQUENCY)}}
"""A frequency word of a routine (每天, 平时), not of a complaint (总是)."""
_SAYS: Spec = {"IS_PUNCT": False, "TAG": {"NOT_IN": ["t", "m", "mq", "q", "f"]}, "ORTH": {"NOT_IN": sorted(_TIME_ONLY)}}
"""A word that says something beyond when: a clause of times alone (周五 早上 八点) is no statement of its own."""
_DOING = {
    **ACTIVITY,
    "ORTH": {"NOT_IN": sorted({*ACTIVITY["ORTH"]["NOT_IN"], *zh.REMEMBER_VERBS, *zh.REQUEST_WORDS, *zh.SPAN_UNITS})},
    "LENGTH": {">=": 2},
    "TAG": {"IN": ["v", "vn", "vi", "n", "nz"]},
}
"""What a routine names in one word of two or more characters: an action (跑步, 游泳) or a thing (瑜伽), never a
request to the assistant (每年都要提醒我 asks to be reminded)."""
_LATELY = (word("这", "最近", "近", op="?"), {"ORTH": {"REGEX": zh.DURATION}, "OP": "?"})
"""A span a routine holds over, before its frequency (这 两周 每天晚上…, 最近 三个月 每周…)."""
_HOW_LONG = (
    {"ORTH": {"REGEX": zh.DURATION}, "OP": "?"},
    {"TAG": "m", "OP": "?"},
    among(zh.SPAN_UNITS, op="?"),
)
"""How long a doing lasts, between its verb and its object (练 一个 小时 吉他, 跑 半小时)."""
_DISTANCE = {
    "TAG": "m",
    "ORTH": {"REGEX": "^.+(?:" + "|".join(sorted(zh.DISTANCE_UNITS, key=len, reverse=True)) + ")$"},
}
"""How far, as jieba cuts it with its number (五公里; 二十 圈 is cut apart)."""
_DOING_WHAT = (
    (_DOING,),
    ({"TAG": "v", "ORTH": {"NOT_IN": sorted(zh.FEELING_VERBS | zh.MOODS)}}, _DISTANCE),
    ({"TAG": "v", "ORTH": {"NOT_IN": sorted(zh.FEELING_VERBS | zh.MOODS)}}, {"TAG": "m"}, among(zh.DISTANCE_UNITS)),
    (
        {"TAG": "v", "ORTH": {"NOT_IN": sorted(zh.FEELING_VERBS | zh.MOODS)}},
        *_HOW_LONG,
        {"TAG": "a", "OP": "?"},  # 喝一杯 黑 咖啡
        _DOING,
    ),
    (among(zh.ESCORTING), among(zh.PERSON_WORDS), {"TAG": {"IN": ["v", "vn", "n"]}}),
)
"""A routine's doing: one word of it (跑步), or a verb, maybe how long, and its object (打 乒乓球, 练 一个 小时
吉他), or a verb and how far (跑 五公里), or taking a person of theirs somewhere (送 孩子 上学), and nothing
more."""
_AT_THEIR_HOME = (word("我"), among(zh.PERSON_WORDS | zh.PLURAL_PEOPLE), word("家"))
"""At the home of a person of the speaker's, after 去 (去 我 爸妈 家 吃饭)."""
_WHERE_OR_WITH_WHOM = (
    among(zh.WHERE_OR_WITH, op="?"),
    {"TAG": {"REGEX": "^(?:n|m|s|a$)"}, "POS": {"NOT_IN": ["PRON", "VERB"]}, "OP": "{0,3}"},
)
"""Where a routine is done or with whom, named by a noun (在 公园, 跟 几个 老朋友), never a pronoun (跟他吵架: who?)."""
_EATING_WHAT = {"ORTH": {"REGEX": f"^(?:{'|'.join(sorted(zh.EATING))})(?!.*饭$).+$"}}
"""Eating or drinking and what, cut as one word by jieba (吃辣, 喝酒), not a meal (吃饭, 吃晚饭)."""
_FEARED = {
    "POS": {"NOT_IN": ["PRON", "PUNCT", "PART"]},
    "TAG": {"NOT_IN": ["r", "d", "ul", "uj"]},
    "ORTH": {"REGEX": "^[^不没]+$"},
}
"""What a lasting fear is of: a thing or a doing cut as one word (坐飞机, 打针, 狗), not a person (他) or a
clause (来不及)."""
_NAMED_ONE = {"TAG": {"IN": sorted(NOUN_TAGS)}, "ORTH": {"NOT_IN": sorted(zh.POINTERS | zh.LISTENER)}}
"""Whom or what a fan is a fan of: a name or a noun (周杰伦, 曼联), never a pronoun (他的粉丝: whose?)."""
_WHEN: tuple[Spec, ...] = (
    TIME,
    {"TAG": "t"},
    {"TAG": "m", "ORTH": {"REGEX": "[点号日]$"}},
    {"TAG": "q", "ORTH": {"IN": ["号", "日"]}},
)
"""When: a time word or phrase (周四, 刚, 这周, 十月份), a word jieba tags a time (下午, 明早), a clock time or a day of
the month (三点, 十二号; 5 月 3 号)."""
_DONE = {"POS": "VERB", "ORTH": {"NOT_IN": sorted(zh.MIND_VERBS)}}
"""A verb of doing, not of the mind (听说过 is no happening)."""
_SIDE = {"ORTH": {"REGEX": "^[左右][耳眼手脚腿膝肩]$"}}
"""One side's part of the body, unwell itself (右眼 看不清) or before the faculty that is (左耳 听力 不好)."""
_SIDE_OPT = {**_SIDE, "OP": "?"}
_LANGUAGE = {"ORTH": {"REGEX": zh.LANGUAGE_NAME}}
_SUM = {"TAG": "m", "ORTH": {"REGEX": "^(?:[\\d.,]+|[一二两三四五六七八九十百千万]+)[万千百块元]?$"}}
"""A sum of money as jieba cuts it (三千五, 12000, 6000块), never a span of time (一个月)."""
_ADVISED = {
    **CONTENT,
    "TAG": {"NOT_IN": ["r", "t"]},
    "ORTH": {"NOT_IN": sorted({*CONTENT["ORTH"]["NOT_IN"], *zh.NEGATIONS, *zh.MOODS, "不要", "在"})},
}
"""What a doctor tells the speaker to do (or not: 别 or 不要 before it), not when (让我明天再来), where (让我在外面
等) nor a mood (让我别担心: reassurance)."""
_IN_A_PLACE: Piece = (ADVERBS, word("在"), {"TAG": "ns"}, {"TAG": "ns", "OP": "*"}, PUNCT)
"""In a place by its name, and nothing more (在杭州, 在杭州西湖区)."""
_OWNED = {"ORTH": {"REGEX": f"(?:{'|'.join(sorted(zh.POSSESSIONS))})$"}}
"""A thing of one's own, or a kind of it (车, 电动车, 单反相机)."""

_LASTING: Spec = {
    "IS_PUNCT": False,
    "ORTH": {
        "NOT_IN": sorted(
            zh.PAST_MARKERS
            | zh.SENTENCE_PARTICLES
            | zh.WANTING
            | zh.CONDITIONALS
            | zh.OF_THE_DAY
            | zh.HEARSAY
            | zh.FEELING_VERBS
            | zh.MOODS
            | zh.QUESTION_WORDS
            | zh.POINTERS
            | zh.LISTENER
            | zh.JUST_DONE
            | zh.EXCLAIMING
            | zh.CONSEQUENCE
            | zh.LEANING_ON_ANOTHER_TURN
            | zh.UNCERTAIN
            | zh.VAGUE_WORDS
            | zh.INTERJECTIONS
        ),
        "REGEX": "^(?!" + zh.LONGER_AGO[1:-1] + "$)(?!.*[了" + zh.MOMENT_CHARACTERS + "])",
    },
}
"""A word of a lasting statement: none that makes it a moment's (了, 过, 今天, 刚, 上个月), an exclamation, a wish, a
condition or what follows one, hearsay, a feeling, a mood, a question, a pointer or about the listener."""
_LASTING_OPT: Spec = {**_LASTING, "OP": "*"}
_NOT_UNDER_WAY: Spec = {
    **_LASTING,
    "ORTH": {**_LASTING["ORTH"], "NOT_IN": [*_LASTING["ORTH"]["NOT_IN"], "在", "正在", "在家"]},
}
"""A word of a lasting statement that is not 在: before 在 and a verb a doing is under way (我在准备晚饭), as it is
at home (我在家做手工)."""
_LASTING_VERB: Spec = {**_LASTING, "POS": "VERB"}
_NAMED_VERB: Spec = {**_LASTING_VERB, "LENGTH": {">=": 2}}
_VERB_ALONE: Piece = (_NAMED_VERB,)
"""A lasting statement's verb that ends it, of two characters or more (我每天晚饭以后吃: eats what?); the rule asks for
a word before it (我相信 says too little)."""
_VERB_AND_MORE: tuple[Piece, ...] = (
    (_LASTING_VERB, _LASTING_OPT, _NAMED_VERB),
    (
        _LASTING_VERB,
        _LASTING_OPT,
        {
            **_LASTING,
            "POS": {"NOT_IN": ["VERB"]},
            "ORTH": {**_LASTING["ORTH"], "REGEX": _LASTING["ORTH"]["REGEX"] + "(?!.*的$)"},
        },
    ),
)
"""A lasting statement's verb and what follows it, ending neither on 的 (我是专业的 says too little) nor on a lone
one-character verb."""
_PLACE_OF_THE_DAY: Spec = {
    **_LASTING,
    "POS": {"NOT_IN": ["VERB"]},
    "ORTH": {**_LASTING["ORTH"], "NOT_IN": sorted({*_LASTING["ORTH"]["NOT_IN"], *zh.OFFICES, "家", "家里"})},
    "OP": "+",
}
"""Where a lasting doing is done, after 在: not home or the office, where a doing is of the day (我在家做手工,
我目前在一家公司工作)."""

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.keep.name",
        language="zh",
        decision="keep",
        description="The speaker says what they are called (我叫…, 我的名字是…).",
        pattern=Tokens(
            (seq(FIRST_PERSON, word("叫"), CONTENT), seq(FIRST_PERSON, DE_OPT, word("名字"), word("是", "叫"), CONTENT))
        ),
        output="fact",
        confidence=0.95,
        slot="name",
        examples=(Example("我的名字是陈小雨。", "王芳的名字是陈小雨。"),),
        counterexamples=("我叫了外卖。",),
    ),
    Rule(
        id="zh.keep.residence",
        language="zh",
        decision="keep",
        description="Where the speaker, or a person of theirs, lives or has moved to.",
        pattern=Tokens(
            (
                *each(
                    (*SPEAKER_OR_THEIR_PERSON, (word("我家"),)),
                    (
                        seq(ADVERBS, among(zh.LIVING), word("在", op="?"), CONTENT, ANY_OPT),
                        seq(ADVERBS, among(zh.MOVING), word("到", "去", op="?"), word("了", op="?"), _PLACE, ANY_OPT),
                        seq(ADVERBS, word("在"), CONTENT, ANY_OPT, word("生活", "定居")),
                        seq(DE_OPT, word("家"), _IN_A_PLACE),  # the home in a place: 我爸妈的家在杭州
                    ),
                ),
                seq(word("我家"), _IN_A_PLACE),  # 我家在杭州 (not 我在杭州: a visit, maybe)
            )
        ),
        output="fact",
        confidence=0.9,
        slot="lives_in",
        examples=(
            Example("我哥和嫂子住在迪拜。", "王芳的哥哥和嫂子住在迪拜。"),
            Example("我住在成都。", "王芳住在成都。"),
            Example("我爸爸住在昆明。", "王芳的爸爸住在昆明。"),
            Example("我上个月搬到了苏州。", "王芳上个月搬到了苏州。"),
            Example("我家住在三楼。", "王芳家住在三楼。"),
            Example("我爸妈的家在杭州。", "王芳的爸妈的家在杭州。"),
        ),
        counterexamples=("我住院了。", "搬家好累。"),
    ),
    Rule(
        id="zh.keep.family_place",
        language="zh",
        decision="keep",
        description="Where a person of the speaker's is, said with 在 and a place name alone (我爸妈都在南昌).",
        pattern=Tokens(
            (
                seq(MY_PERSON, ADVERBS, word("在"), {"TAG": "ns"}, {"TAG": "ns", "OP": "*"}),
                seq(MY_PERSON, ADVERBS, word("在"), word("老家")),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        slot="lives_in",
        examples=(
            Example("我是长沙人，爸妈都在长沙", "王芳的爸妈都在长沙。"),
            Example("我女儿在杭州。", "王芳的女儿在杭州。"),
            Example("我爸妈都在老家。", "王芳的爸妈都在老家。"),
        ),
        counterexamples=("我在杭州。", "我女儿在杭州读书。", "我妈在医院。"),
    ),
    Rule(
        id="zh.keep.whereabouts",
        language="zh",
        decision="keep",
        description="Where the speaker is, said with 在 and a place name alone (我在南京, 就我一个人在厦门); no home.",
        pattern=Tokens(
            (
                seq(
                    word("就", op="?"),
                    FIRST_PERSON,
                    ADVERBS,
                    word("一个", op="?"),
                    word("人", op="?"),
                    ADVERBS,
                    word("在"),
                    {"TAG": "ns"},
                    {"TAG": "ns", "OP": "*"},
                    among(zh.NEARBY, op="?"),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我在杭州。", "王芳在杭州。"),
            Example("爸妈都在老家，就我一个人在厦门", "就王芳一个人在厦门。"),
        ),
        counterexamples=("我在医院。", "我在杭州出差。", "我女儿在杭州。"),
    ),
    Rule(
        id="zh.keep.choice",
        language="zh",
        decision="keep",
        description=(
            "What the speaker, or a person of theirs, drives, uses, keeps, owns or takes, said as …的是 "
            "(我开的是本田, 我吃的是缬沙坦), as 我的<thing>是… (我的车是一辆特斯拉) or as owning a counted "
            "thing (我有一辆电动车, 我开一辆本田): a thing of their own or a named medicine, not a meal."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(  # 我开的是本田, 我手机用的是华为
                        DE_OPT,
                        among(zh.POSSESSIONS, op="?"),
                        ADVERBS,
                        among(zh.LASTING_USE),
                        word("的"),
                        word("是"),
                        ANY_OPT,
                        _THING,
                        _MODEL_NUMBER,
                    ),
                    seq(ADVERBS, among(zh.TAKING), word("的"), word("是"), ANY_OPT, _MEDICINE),
                    seq(ADVERBS, among(zh.TAKING), word("的"), word("是"), ANY_OPT, {"TAG": "nz"}),
                    seq(DE_OPT, among(zh.POSSESSIONS), word("是"), ANY_OPT, _THING, _MODEL_NUMBER),
                    seq(  # a make, said as whose it is: 我的手机是华为的, 我的工作电脑是戴尔的
                        DE_OPT,
                        {"TAG": {"IN": ["n", "vn"]}, "OP": "?"},
                        among(zh.POSSESSIONS),
                        word("是"),
                        {"TAG": {"IN": [*PERSON_NAME_TAGS, "nz", "nt", "eng"]}},
                        word("的"),
                    ),
                    *(
                        seq(ADVERBS, among(zh.OWNING), {"POS": "NUM"}, ANY_OPT, owned, ANY_OPT)
                        for owned in (_OWNED, {"TAG": "nz"})
                    ),
                    seq(  # a make jieba tags as a name: 我开一辆特斯拉
                        ADVERBS, among(zh.OWNING - {"有"}), {"POS": "NUM"}, ANY_OPT, {"TAG": {"IN": PERSON_NAME_TAGS}}
                    ),
                    seq(ADVERBS, among(zh.OWNING - {"有"}), {**_OWNED, "ORTH": {"REGEX": "车$"}}),  # 我开电动车
                    seq(
                        ADVERBS, word("没有", "没"), {**_OWNED, "ORTH": {"REGEX": "车$"}}
                    ),  # 我家没有车: how they get about
                    seq(  # where it is: 我在市中心有一套小房子, 我爸妈在三亚有套度假房
                        ADVERBS,
                        word("在"),
                        {"TAG": {"IN": ["n", "ns", "s"]}, "OP": "+"},
                        word("有"),
                        {"POS": "NUM", "OP": "?"},
                        {"TAG": "q", "OP": "?"},
                        ANY_OPT,
                        _OWNED,
                    ),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我开的是一辆白色的本田。", "王芳开的是一辆白色的本田。"),
            Example("我女儿用的是安卓手机。", "王芳的女儿用的是安卓手机。"),
            Example("我的车是一辆白色的丰田。", "王芳的车是一辆白色的丰田。"),
            Example("我的手机是华为的。", "王芳的手机是华为的。"),
            Example("我的手机是小米13。", "王芳的手机是小米13。"),
            Example("我开一辆白色的本田。", "王芳开一辆白色的本田。"),
            Example("我老公开一辆白色的特斯拉。", "王芳的老公开一辆白色的特斯拉。"),
            Example("我有一辆电动车。", "王芳有一辆电动车。"),
            Example("我有一台单反相机。", "王芳有一台单反相机。"),
            Example("我骑一辆二手的自行车上班。", "王芳骑一辆二手的自行车上班。"),
            Example("我在市中心有一套小房子。", "王芳在市中心有一套小房子。"),
            Example("我爸妈在三亚有套度假房。", "王芳的爸妈在三亚有套度假房。"),
            Example("我开电动车。", "王芳开电动车。"),
            Example("我没有车。", "王芳没有车。"),
        ),
        counterexamples=(
            "我说的是真的。",
            "我吃的是面条。",
            "我住的是哪里？",
            "我的车是昨天坏的。",
            "我的手机是哪个？",
            "我有一个问题。",
            "我开了一个会。",
            "我在公司有一个会。",
            "我开电脑。",
        ),
    ),
    Rule(
        id="zh.keep.origin",
        language="zh",
        decision="keep",
        description="Where the speaker comes from, where their home town is, where they grew up.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, among(zh.ORIGIN), CONTENT, ANY_OPT),
                    seq(word("老家"), word("在", "是"), CONTENT, ANY_OPT),
                    seq(ADVERBS, word("是", op="?"), word("在"), CONTENT, ANY_OPT, word("长大", "出生")),
                    seq(ADVERBS, word("出生", "生"), word("在", "于"), CONTENT, ANY_OPT),
                    seq(word("是"), {"TAG": "ns", "OP": "*"}, {"POS": "PROPN"}, word("人")),  # 湖南 长沙 人
                    seq(word("是"), {"TAG": "ns", "OP": "*"}, {"TEXT": {"REGEX": "^[\u4e00-\u9fff]{2,}人$"}}),
                    seq(  # 我两年前从哈尔滨搬过来的
                        {"TAG": {"IN": ["m", "f", "t"]}, "OP": "*"},
                        ADVERBS,
                        word("从"),
                        {"TAG": "ns"},
                        word("搬", "搬家", "搬过来", "搬来"),
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        slot="from",
        examples=(
            Example("我老家在湖南。", "王芳老家在湖南。"),
            Example("我是杭州人。", "王芳是杭州人。"),
            Example("我是湖南长沙人。", "王芳是湖南长沙人。"),
            Example("我女儿出生在上海。", "王芳的女儿出生在上海。"),
            Example("我是在江西一个小镇长大的。", "王芳是在江西一个小镇长大的。"),
            Example("我三年前从长沙搬过来的。", "王芳三年前从长沙搬过来的。"),
        ),
        counterexamples=("我是个急性子的人。", "我出生的时候家里很穷。", "我从超市搬了一箱水。"),
    ),
    Rule(
        id="zh.keep.work",
        language="zh",
        decision="keep",
        description="Where the speaker, or a person of theirs, works or studies, and what they do.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        word("在"),
                        _PLACE_WORD,
                        {**_PLACE_WORD, "OP": "*"},
                        word("上", op="?"),  # 我哥在邮轮上工作
                        among(zh.WORKING | zh.STUDYING),
                    ),
                    seq(  # where they work from, on days or always (我周一和周五在家办公), not a day's (我今天在家办公)
                        among(zh.DEGREE_WORDS, op="*"),
                        word("全职", op="?"),
                        {**HABIT, "OP": "?"},
                        among(zh.WEEKDAYS, op="?"),
                        word("和", "、", op="?"),
                        among(zh.WEEKDAYS, op="?"),
                        among(zh.REMOTE),
                        among(zh.WORKING | {"办公"}),
                    ),
                    seq(ADVERBS, _UNDER_WAY, word("休"), among(zh.LEAVES), ANY_OPT),  # 我在休产假，到六月
                    seq(ADVERBS, among(zh.JOBLESS), word("中", op="?"), PUNCT),  # 我现在待业
                    seq(  # where the workplace is: 我公司在陆家嘴
                        DE_OPT,
                        among(zh.OFFICES),
                        word("在"),
                        {"TAG": {"IN": ["ns", "nr", "nz", "nt", "j"]}, "OP": "+"},  # j: a short name (国贸)
                        among(zh.NEARBY, op="?"),
                        PUNCT,
                    ),
                    seq(  # days a week away from the workplace: 我一周有三天远程办公
                        {"TAG": "m", "ORTH": {"REGEX": "周$"}},
                        word("有", op="?"),
                        {"TAG": "m", "ORTH": {"REGEX": "天$"}},
                        among(zh.REMOTE),
                        among(zh.WORKING | {"办公"}),
                    ),
                    seq(  # teaching at a school: 我在小学教四年级, 我在一所中学教英语
                        ADVERBS,
                        word("在"),
                        {**_PLACE_WORD, "OP": "*"},
                        ending_in(zh.SCHOOL_STAGES | zh.TEACHING_PLACES),
                        word("教"),
                        CONTENT,
                        ANY_OPT,
                    ),
                    seq(  # a school named by a verb used as a noun: 在 实验 小学 上学
                        ADVERBS,
                        word("在"),
                        {"TAG": "vn"},
                        _PLACE_WORD,
                        {**_PLACE_WORD, "OP": "*"},
                        among(zh.STUDYING),
                    ),
                    seq(ADVERBS, word("是"), among(zh.OCCUPATION_MARKERS), ANY_OPT, _POST),
                    seq(
                        *_UNTIL_A_CHANGE,
                        ADVERBS,
                        word("是"),
                        # 退休教师, 全职护士, 初中(f) 物理 老师; not a surname (我的牙医是王医生 names the dentist)
                        {"TAG": {"REGEX": "^(?!nr)[vnaf]"}, "OP": "{0,2}"},
                        {"ORTH": {"IN": sorted(zh.OCCUPATION_SUFFIXES)}},
                    ),
                    seq(
                        *_UNTIL_A_CHANGE,
                        ADVERBS,
                        word("是"),
                        {"TAG": {"REGEX": "^(?!nr)[vna]"}, "OP": "?"},
                        {**_POST, "TAG": {"REGEX": "^n"}},
                    ),
                    seq(ADVERBS, *_AT_A_PLACE, word("当"), CONTENT),
                    seq(
                        ADVERBS, *_AT_A_PLACE, word("做"), {"POS": "NOUN", "OP": "*"}, {"ORTH": {"REGEX": zh.JOB_TITLE}}
                    ),
                    seq(
                        ADVERBS,
                        word("在"),
                        {"TAG": "ns"},
                        word("做", "当"),
                        {"POS": "NOUN", "OP": "+"},
                        among(zh.OCCUPATION_SUFFIXES - zh.NO_JOB_AFTER_DO),
                    ),
                    seq(ADVERBS, word("是", op="?"), word("做", "当"), CONTENT, word("的", "工作")),
                    seq(ADVERBS, word("是"), *_LINE_OF_WORK, word("的")),  # 她是做婚礼策划的
                    seq(ADVERBS, *_AT_A_PLACE, *_LINE_OF_WORK, PUNCT),  # 我在武汉做桥梁设计, 我在一家电商公司做运营
                    seq(  # 我是浙大计算机系的, 我北师大心理系的: the body a person is of
                        ADVERBS,
                        word("是", op="?"),
                        {"TAG": {"IN": sorted(NOUN_TAGS)}, "OP": "*"},
                        {**ending_in(_AFFILIATIONS), "TAG": {"IN": sorted(NOUN_TAGS)}, "LENGTH": {">=": 3}},
                        word("的"),
                        PUNCT,
                    ),
                    seq(  # a post, and how long it has been held: 我当护士十二年了, 我做会计
                        ADVERBS,
                        word("当", "做"),
                        {"ORTH": {"REGEX": zh.JOB_TITLE}},
                        {"ORTH": {"REGEX": zh.YEARS}, "OP": "?"},
                        word("了", op="?"),
                        PUNCT,
                    ),
                    seq(  # years in a post: 我当了十二年老师
                        ADVERBS,
                        word("当", "干"),
                        word("了"),
                        {"ORTH": {"REGEX": zh.YEARS}},
                        {"POS": "NOUN", "ORTH": {"NOT_IN": sorted(zh.VAGUE_WORDS)}, "OP": "+"},
                        word("了", op="?"),
                        PUNCT,
                    ),
                    *(
                        seq(  # 我是小区业委会的会计: a post in a named body (成都 一家 医院, 自由职业)
                            ADVERBS,
                            word("是"),
                            {"TAG": {"IN": sorted(NOUN_TAGS | {"m", "l", "s"})}, "OP": "+"},
                            word("的"),
                            {"TAG": "n", "OP": "?"},  # 协和医院的儿科护士
                            {"ORTH": {"REGEX": "^.+[科室部组]$"}, "OP": "?"},  # a department: 麻醉科
                            post,  # jieba tags 会计 a verb
                        )
                        for post in (
                            _POST,
                            among({w for w in zh.OCCUPATION_SUFFIXES if len(w) > 1}),
                        )
                    ),
                    seq(ADVERBS, word("学", "读"), ANY_OPT, word("专业")),
                    seq(
                        among(zh.DEGREES | {"大学"}, op="?"),
                        word("学", "读", "念"),
                        word("的"),
                        word("是"),
                        CONTENT,
                        ANY_OPT,
                    ),
                    *(  # a business of their own: 我开了一家咖啡店 (jieba cuts 开了个 as one word)
                        seq(ADVERBS, *opened, _NOUNS_OPT, _SHOP, PUNCT)
                        for opened in ((word("开"), word("了"), {"TAG": "m", "OP": "?"}), (word("开了个", "开了家"),))
                    ),
                    *(  # 我在招商银行(上班); not 我周一在招商银行面试, a day's errand there
                        seq(ADVERBS, word("在"), *where, among(zh.WORKING | zh.STUDYING, op="?"), PUNCT)
                        for where in (
                            ({"POS": {"IN": ["PROPN", "NOUN", "X"]}}, among(zh.WORKPLACE_SUFFIXES)),
                            ({"POS": "PROPN", "ORTH": {"REGEX": _ENDS_AS_ORGANIZATION}},),
                        )
                    ),
                    seq(
                        {"TAG": "t", "OP": "?"},
                        ADVERBS,
                        word("在"),
                        _ONE_OF_THEM,
                        {"IS_PUNCT": False, "OP": "{1,5}"},
                        among(zh.WORKPLACE_SUFFIXES),
                        among(zh.WORKING | zh.STUDYING, op="?"),
                        PUNCT,  # and nothing more: 我在一家公司楼下等人 is no job
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        slot="works_at",
        examples=(
            Example("我在深圳做产品经理。", "王芳在深圳做产品经理。"),
            Example("我退休前是邮递员。", "王芳退休前是邮递员。"),
            Example("我研究生读的是法学。", "王芳研究生读的是法学。"),
            Example("我在一家银行上班。", "王芳在一家银行上班。"),
            Example("我是一名中学老师。", "王芳是一名中学老师。"),
            Example("我是初中物理老师。", "王芳是初中物理老师。"),
            Example("我老公在医院工作。", "王芳的老公在医院工作。"),
            Example("我当护士十二年了。", "王芳当护士十二年了。"),
            Example("我在一所小学当老师。", "王芳在一所小学当老师。"),
            Example("我做设计的，在青禾科技", "王芳在青禾科技。"),
            Example("我在一家银行做客户经理。", "王芳在一家银行做客户经理。"),
            Example("我在一家医院做护士。", "王芳在一家医院做护士。"),
            Example("我在一家律所做律师。", "王芳在一家律所做律师。"),
            Example("我在一家面包店兼职。", "王芳在一家面包店兼职。"),
            Example("我是小区业委会的会计。", "王芳是小区业委会的会计。"),
            Example("我是苏州一家医院的眼科医生。", "王芳是苏州一家医院的眼科医生。"),
            Example("我在深圳做游戏测试。", "王芳在深圳做游戏测试。"),
            Example("我老婆是做财务的。", "王芳的老婆是做财务的。"),
            Example("我妈是社区医院的护士。", "王芳的妈妈是社区医院的护士。"),
            Example("我在上海做程序员。", "王芳在上海做程序员。"),
            Example("我是做会计的。", "王芳是做会计的。"),
            Example("我爸妈都是退休教师。", "王芳的爸妈都是退休教师。"),
            Example("我现在在一家做外贸的公司。", "王芳现在在一家做外贸的公司。"),
            Example("我当了十二年老师了。", "王芳当了十二年老师了。"),
            Example("我当了八年小学语文老师。", "王芳当了八年小学语文老师。"),
            Example("我开了一家咖啡店。", "王芳开了一家咖啡店。"),
            Example("我开了个网店，卖手工皂。", "王芳开了个网店。"),
            Example("我姐夫是兽医。", "王芳的姐夫是兽医。"),
            Example("我是浙大计算机系的。", "王芳是浙大计算机系的。"),
            Example("我北师大心理系的，研二", "王芳北师大心理系的。"),
            Example("我女儿在实验小学上学。", "王芳的女儿在实验小学上学。"),
            Example("我周一和周五在家办公。", "王芳周一和周五在家办公。"),
            Example("我老公一直在家上班。", "王芳的老公一直在家上班。"),
            Example("我全职在家办公。", "王芳全职在家办公。"),
            Example("我在休产假，到六月。", "王芳在休产假。"),
            Example("我现在待业。", "王芳现在待业。"),
            Example("我公司在陆家嘴。", "王芳公司在陆家嘴。"),
            Example("我办公室在国贸那边。", "王芳办公室在国贸那边。"),
            Example("我一周有三天远程办公。", "王芳一周有三天远程办公。"),
            Example("我在小学教四年级。", "王芳在小学教四年级。"),
            Example("我妈在一所中学教英语。", "王芳的妈妈在一所中学教英语。"),
        ),
        counterexamples=(
            "我是专业的。",
            "我是轮椅使用者。",
            "我是一个户外俱乐部的成员。",
            "我周一在招商银行面试。",
            "我北师大心理系的同学说的。",
            "我在想这个问题。",
            "我在家做饭。",
            "我在医院。",
            "我在星巴克。",
            "我在家做手工。",
            "我在家做饭。",
            "我是三个孩子的妈妈。",
            "我在一家公司楼下等人。",
            "我目前在一家公司上班。",
            "我干了三个小时活。",
            "我开了个会。",
            "我开了一家店的门。",
            "我在准备考试学习。",
            "我在家办公室。",
            "我今天在家办公。",
            "我在家教孩子写作业。",
            "我公司在楼下。",
            "我明天休年假。",
            "我在学校教室里。",
        ),
    ),
    Rule(
        id="zh.keep.shift",
        language="zh",
        decision="keep",
        description=(
            "The shift the speaker, or a person of theirs, works (我一直上夜班), not a day's (我今天上夜班), and "
            "how many days a week (我一周上四天班)."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        among(zh.DEGREE_WORDS, op="*"),
                        {**HABIT, "OP": "?"},
                        word("上", "值"),
                        among(zh.SHIFTS),
                        ANY_OPT,
                    ),
                    seq(  # where: 我在医院上夜班
                        among(zh.DEGREE_WORDS, op="*"),
                        {**HABIT, "OP": "?"},
                        word("在"),
                        {"POS": {"IN": ["NOUN", "PROPN"]}, "OP": "+"},
                        word("上", "值"),
                        among(zh.SHIFTS),
                        ANY_OPT,
                    ),
                    seq(  # these weeks: 我最近在上夜班
                        word("最近", "这段时间", "这阵子"),
                        word("在", "正在", "一直在"),
                        word("上", "值"),
                        among(zh.SHIFTS),
                    ),
                    seq(  # this month's: 我这个月都上夜班
                        word("这个", "这"),
                        word("月"),
                        word("都", "一直", op="?"),
                        word("上", "值"),
                        among(zh.SHIFTS),
                    ),
                    seq(  # days a week at work: 我一周上四天班
                        ADVERBS,
                        {"ORTH": {"REGEX": zh.PER_WEEK}},
                        word("上"),
                        {"ORTH": {"REGEX": zh.DAYS}},
                        word("班"),
                    ),
                    seq(
                        among(zh.WEEKDAYS), word("到", "至"), among(zh.WEEKDAYS), among(zh.WORKING)
                    ),  # 我周一到周四上班
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我一直上夜班。", "王芳一直上夜班。"),
            Example("我周一到周四上班。", "王芳周一到周四上班。"),
            Example("我老公上夜班。", "王芳的老公上夜班。"),
            Example("我妈在工厂上早班。", "王芳的妈妈在工厂上早班。"),
            Example("我一周上四天班，周五休息", "王芳一周上四天班。"),
            Example("我老公最近在上早班。", "王芳的老公最近在上早班。"),
            Example("这个月都上夜班", "王芳这个月都上夜班。"),
        ),
        counterexamples=("我今天上夜班。", "我明天要上早班。", "我今天在医院上夜班。", "我在上夜班，晚点回你。"),
    ),
    Rule(
        id="zh.keep.membership",
        language="zh",
        decision="keep",
        description=(
            "A team, band or other group the speaker, or a person of theirs, is in (我女儿在校篮球队, 我是家委会成员)."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        word("在", "在校"),
                        {"TAG": "m", "OP": "?"},  # 我在一个乐队里打鼓
                        _NOUNS_OPT,
                        _GROUP,
                        word("里", op="?"),
                        {"TAG": "v", "OP": "?"},
                        {"TAG": "n", "OP": "?"},  # 我在社区合唱团唱女中音
                    ),
                    seq(  # 我是家委会成员, 我是孩子学校的家委会成员, 我是一个户外俱乐部的成员
                        ADVERBS,
                        word("是"),
                        {"TAG": "m", "OP": "?"},
                        {"POS": {"IN": ["NOUN", "PROPN", "X", "VERB"]}, "OP": "+"},  # 公益 组织(v)
                        word("的", op="?"),
                        _NOUNS_OPT,
                        among(zh.MEMBER_WORDS),
                    ),
                    seq(ADVERBS, word("是"), _NOUNS_OPT, _GROUP, word("的")),  # 我女儿是市篮球队的
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我女儿在校篮球队。", "王芳的女儿在校篮球队。"),
            Example("我女儿是市篮球队的。", "王芳的女儿是市篮球队的。"),
            Example("我在一个乐队里打鼓。", "王芳在一个乐队里打鼓。"),
            Example("我在校合唱团唱高音。", "王芳在校合唱团唱高音。"),
            Example("我哥在部队。", "王芳的哥哥在部队。"),
            Example("我在社区合唱团。", "王芳在社区合唱团。"),
            Example("我是孩子学校的家委会成员。", "王芳是孩子学校的家委会成员。"),
            Example("我是一个户外俱乐部的成员。", "王芳是一个户外俱乐部的成员。"),
            Example("我是一个公益组织的理事。", "王芳是一个公益组织的理事。"),
        ),
        counterexamples=("我在排队。", "我在旅行团。", "我哥在部队门口等我。"),
    ),
    Rule(
        id="zh.keep.family",
        language="zh",
        decision="keep",
        description="Who is in the speaker's family, and their names.",
        pattern=Tokens(
            (
                seq(FIRST_PERSON, word("有"), _NUMBER, {"POS": "NOUN", "OP": "?"}, among(zh.PERSON_WORDS), ANY_OPT),
                seq(FIRST_PERSON, word("有个"), among(zh.PERSON_WORDS), ANY_OPT),  # jieba cuts 有个 as one word
                seq(MY_PERSON, word("叫", "名叫", "姓"), CONTENT),
                seq(  # a person of a person's: 我女儿的班主任是李老师, 我儿子的好朋友叫乐乐
                    MY_PERSON,
                    word("的"),
                    among(zh.PERSON_WORDS),
                    word("叫", "名叫", "是"),
                    {"TAG": {"IN": PERSON_NAME_TAGS}},
                ),
                seq(  # 我的牙医是王医生: a carer of theirs by surname and title
                    MY_PERSON, word("是"), {"TAG": {"IN": PERSON_NAME_TAGS}}, among(zh.CARERS | {"老师"}, op="?"), PUNCT
                ),
                seq(FIRST_PERSON, word("是"), among(zh.SIBLING_PLACES)),
                seq(FIRST_PERSON, word("是"), word("家里", "家中"), word("的"), among(zh.SIBLING_PLACES)),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("我有两个儿子。", "王芳有两个儿子。"),
            Example("我有个哥哥，在银行上班。", "王芳有个哥哥。"),
            Example("我女儿叫朵朵。", "王芳的女儿叫朵朵。"),
            Example("我房东姓刘。", "王芳的房东姓刘。"),
            Example("我女儿的班主任是李老师。", "王芳的女儿的班主任是李老师。"),
            Example("我的牙医是王医生。", "王芳的牙医是王医生。"),
            Example("我最好的朋友叫小雨。", "王芳最好的朋友叫小雨。"),
            Example("我是独生女。", "王芳是独生女。"),
            Example("我是家里的老大。", "王芳是家里的老大。"),
        ),
        counterexamples=("我有个问题。", "我是独生子女政策的受益者。"),
    ),
    Rule(
        id="zh.keep.named_person",
        language="zh",
        decision="keep",
        description="A person of the speaker's named in passing (我室友阿杰…): one statement of who they are.",
        pattern=Tokens(
            (
                (*FIRST_PERSON, DE_OPT, _WHERE_MET, among(zh.PERSON_WORDS), _NAME_PREFIX, {"TAG": "nr"}),
                (among(zh.PERSON_WORDS), _NAME_PREFIX, {"TAG": "nr"}),
                ({"TAG": "nr"}, word("是"), *FIRST_PERSON, DE_OPT, _WHERE_MET, among(zh.PERSON_WORDS)),
            ),
            anchored=False,
        ),
        output="fact",
        confidence=0.85,
        tags=frozenset({"mention"}),
        examples=(
            Example("我室友阿杰下周来成都。", "王芳的室友叫阿杰。"),
            Example("阿杰是我室友，人挺好的。", "王芳的室友叫阿杰。"),
            Example("张伟是我的老板。", "王芳的老板叫张伟。"),
            Example("刘洋是我的大学室友。", "王芳的室友叫刘洋。"),
            Example("刘洋是我的高中同学。", "王芳的高中同学叫刘洋。"),
            Example("我同事小李坐我旁边。", "王芳的同事叫小李。"),
            Example("我邻居王阿姨有我家钥匙。", "王芳的邻居叫王阿姨。"),
        ),
        counterexamples=(
            "他女朋友许晴也来了。",
            "我室友下周来成都。",
            "小林是我同事的女儿。",
            "小林是我同事女儿。",
            "阿杰是我室友吗？",
        ),
    ),
    Rule(
        id="zh.keep.named_pet",
        language="zh",
        decision="keep",
        description="An animal of the speaker's named as theirs (煤球是我家猫): one statement of its name.",
        pattern=Tokens(
            ((_PET_NAME, word("是"), among(zh.MY_OWN), word("养", op="?"), DE_OPT, ANIMAL),),
            anchored=False,
        ),
        output="fact",
        confidence=0.85,
        tags=frozenset({"mention"}),
        examples=(
            Example("煤球是我家猫，特别粘人。", "王芳的猫叫煤球。"),
            Example("豆豆是我的狗。", "王芳的狗叫豆豆。"),
        ),
        counterexamples=("这是我家猫。", "煤球是我家猫吗？", "煤球是我朋友的猫。"),
    ),
    Rule(
        id="zh.keep.pet",
        language="zh",
        decision="keep",
        description="An animal the speaker keeps, and its name.",
        pattern=Tokens(
            (
                seq(FIRST_PERSON, ADVERBS, word("养", "养了"), word("了", op="?"), _NUMBER, ANIMAL, ANY_OPT),
                seq(MY_ANIMAL, word("叫", "名叫"), CONTENT),
                seq(FIRST_PERSON, word("有"), _NUMBER, ANIMAL, ANY_OPT),
                seq(word("我家"), ADVERBS, word("有", "养", "养了"), word("了", op="?"), _NUMBER, ANIMAL, ANY_OPT),
                seq(MY_ANIMAL, word("是"), {"TAG": "m"}, ANY_OPT, {"ORTH": {"REGEX": zh.ANIMAL_END}}),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("我养了一只猫叫年糕。", "王芳养了一只猫叫年糕。"),
            Example("我家有两只兔子。", "王芳家有两只兔子。"),
            Example("我家养了两条狗。", "王芳家养了两条狗。"),
            Example("我家狗是一只三岁的比格犬。", "王芳家狗是一只三岁的比格犬。"),
            Example("我家有一只橘猫，叫年糕。", "王芳的橘猫叫年糕。"),
        ),
        counterexamples=("我养成了早起的习惯。",),
    ),
    Rule(
        id="zh.keep.allergy",
        language="zh",
        decision="keep",
        description="An allergy of the speaker or a person of theirs.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, word("对"), {**_ALLERGEN, "OP": "+"}, among(zh.ALLERGY)),
                    seq(ADVERBS, {**CONTENT, **_ALLERGEN}, among(zh.ALLERGY)),
                    seq(  # 我一到春天就花粉过敏: whenever a season comes
                        ADVERBS,
                        word("一"),
                        word("到"),
                        {"TAG": {"IN": ["t", "n"]}, "OP": "+"},
                        word("就"),
                        {**CONTENT, **_ALLERGEN},
                        among(zh.ALLERGY),
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.95,
        examples=(
            Example("我对花生过敏。", "王芳对花生过敏。"),
            Example("我儿子海鲜过敏。", "王芳的儿子海鲜过敏。"),
            Example("我一到春天就花粉过敏。", "王芳一到春天就花粉过敏。"),
        ),
        counterexamples=(
            "我对这个很感兴趣。",
            "我对加班过敏。",
            "我对早起过敏，哈哈",
            "我儿子对收拾房间过敏。",
            "我对数学过敏。",
        ),
    ),
    Rule(
        id="zh.keep.diet",
        language="zh",
        decision="keep",
        description="What the speaker, a person of theirs or their household eats or never eats or drinks.",
        pattern=Tokens(
            each(
                (*SPEAKER_OR_THEIR_PERSON, (word("我家"),)),
                (
                    seq(ADVERBS, word("只", op="?"), word("是", op="?"), among(zh.DIET_WORDS), ANY_OPT),
                    seq(ADVERBS, word("在", "正在"), among(zh.DIET_WORDS - zh.QUITTING), ANY_OPT),  # 我在控糖
                    seq(ADVERBS, NOT, word("吃", "喝"), CONTENT, ANY_OPT),
                    seq(  # 我从去年开始吃素了 (not 从下个月开始: a resolution)
                        ADVERBS,
                        word("从"),
                        {"TAG": "t", "ORTH": {"REGEX": "^(?!" + zh.FUTURE_TIME.removeprefix("^") + ")"}, "OP": "+"},
                        word("开始", "起"),
                        among(zh.DIET_WORDS),
                        word("了", op="?"),
                    ),
                    seq(ADVERBS, among(zh.NOT_EATING), CONTENT, ANY_OPT),
                    seq(ADVERBS, among(zh.UNABLE), among(zh.EATING), CONTENT, ANY_OPT),
                    seq(ADVERBS, among(zh.UNABLE), _EATING_WHAT, ANY_OPT),  # 不太能 吃辣, as jieba cuts it
                    seq(ADVERBS, among(zh.EATING), word("不了"), CONTENT, ANY_OPT),
                    seq(ADVERBS, NOT, _EATING_WHAT, ANY_OPT),  # 不 喝咖啡, as jieba cuts it
                    seq(
                        ADVERBS,
                        word("只"),
                        word("吃", "喝"),
                        {**CONTENT, "ORTH": {"NOT_IN": sorted(zh.PAST_MARKERS)}},
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("我吃素已经三年了。", "王芳吃素已经三年了。"),
            Example("我从今年开始戒糖了。", "王芳从今年开始戒糖了。"),
            Example("我在控糖。", "王芳在控糖。"),
            Example("我老公滴酒不沾。", "王芳的老公滴酒不沾。"),
            Example("我不吃香菜。", "王芳不吃香菜。"),
            Example("我不能吃葱蒜。", "王芳不能吃葱蒜。"),
            Example("我不太能吃辣。", "王芳不太能吃辣。"),
            Example("我老公不太能喝酒。", "王芳的老公不太能喝酒。"),
            Example("我吃不了辣。", "王芳吃不了辣。"),
            Example("我不喝咖啡。", "王芳不喝咖啡。"),
            Example("我只喝无糖的。", "王芳只喝无糖的。"),
            Example("我们家只吃清真的。", "王芳家只吃清真的。"),
        ),
        counterexamples=(
            "我不吃了。",
            "我只吃了一口。",
            "我家楼下有家面馆。",
            "我不能吃了。",
            "我吃不了了。",
            "我今晚不吃饭了。",
        ),
    ),
    Rule(
        id="zh.keep.life_change",
        language="zh",
        decision="keep",
        description="A change of life the speaker or a person of theirs has gone through (退休了, 离婚了, 毕业了).",
        pattern=Tokens(
            each(SPEAKER_OR_THEIR_PERSON, (seq(ADVERBS, among(zh.LIFE_CHANGES), word("了")),))
            + each(
                (MY_PERSON,),
                (  # a death, by its year or time: 我老伴2019年走了, 我爷爷去年去世了
                    seq({"TAG": {"IN": ["m", "t"]}, "OP": "+"}, ADVERBS, among(zh.PASSING_AWAY), word("了")),
                    seq(ADVERBS, among(zh.PASSING_AWAY - {"走"}), word("了")),
                ),
            )
        ),
        output="event",
        confidence=0.85,
        examples=(
            Example("我爸退休了，在老家种菜。", "王芳的爸爸退休了。"),
            Example("我去年离婚了。", "王芳去年离婚了。"),
            Example("我最近失业了。", "王芳最近失业了。"),
            Example("我结婚了。", "王芳结婚了。"),
            Example("我老伴2019年走了。", "王芳的老伴2019年走了。"),
            Example("我爷爷去世了。", "王芳的爷爷去世了。"),
        ),
        counterexamples=("我想辞职了。", "我还没毕业。", "他退休了。", "我快毕业了。", "我怕失业。", "我老公走了。"),
    ),
    Rule(
        id="zh.keep.condition",
        language="zh",
        decision="keep",
        description=(
            "A health condition, a lasting trouble of the body or a medication of the speaker or a person of theirs."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        among(zh.SINCE_CHILDHOOD, op="?"),
                        word("就", op="?"),
                        ADVERBS,
                        {"TAG": "s", "ORTH": {"REGEX": "上$"}, "OP": "?"},  # 我儿子手上有湿疹: where on the body
                        word("有", "患有", "得了"),
                        ANY_OPT,
                        ending_in(zh.CONDITIONS | zh.CONDITION_ENDINGS),
                        ANY_OPT,
                    ),
                    seq(  # 我妈得过乳腺癌, 我得过新冠后遗症: had, now or once
                        ADVERBS,
                        word("得", "患"),
                        word("过"),
                        ANY_OPT,
                        ending_in(zh.CONDITIONS | zh.CONDITION_ENDINGS),
                        ANY_OPT,
                    ),
                    seq(ADVERBS, word("是"), among(zh.CONDITIONS), word("前期")),  # 我是糖尿病前期
                    *(  # 我是一型糖尿病, 我是2型糖尿病: the type in one word or in two, as jieba cuts it
                        seq(ADVERBS, word("是"), *kind, among(zh.CONDITIONS))
                        for kind in (({"ORTH": {"REGEX": "^[一二12]型$"}},), (word("1", "2"), word("型")))
                    ),
                    seq(  # 我一不吃早饭就偏头痛: whenever something happens
                        ADVERBS,
                        word("一"),
                        {"IS_PUNCT": False, "ORTH": {"NOT_IN": ["就"]}, "OP": "{1,4}"},
                        word("就"),
                        among(zh.CONDITIONS),
                    ),
                    seq(among(zh.DEGREE_WORDS, op="*"), among(zh.FEELING_THE_COLD), PUNCT),  # 我特别怕冷
                    seq(among(zh.DEGREE_WORDS | zh.HABIT_WORDS, op="*"), among(zh.CONDITIONS), PUNCT),  # 我腰椎间盘突出
                    seq(  # 我晚上睡觉要戴呼吸机, 我看书要戴老花镜: when it is worn
                        ADVERBS,
                        {"TAG": "v", "ORTH": {"NOT_IN": ["戴", "戴着"]}},
                        word("要", "得", "都", op="?"),
                        word("戴", "戴着", "用"),
                        among(zh.WORN_AIDS),
                    ),
                    seq(ADVERBS, word("在", "正在"), word("做"), _NOUNS_OPT, word("治疗"), PUNCT),  # 在做激素替代治疗
                    seq(  # 我在排队等髋关节置换手术
                        ADVERBS, word("在"), word("排队"), word("等"), {"IS_PUNCT": False, "OP": "+"}, word("手术")
                    ),
                    seq(among(zh.CONDITIONS), {"TAG": "m", "ORTH": {"REGEX": "[年月]多?$"}}, word("了", op="?")),
                    seq(ADVERBS, _SPAN_OPT, _UNDER_WAY, among(zh.TAKING), ANY_OPT, _MEDICINE, ANY_OPT),
                    seq(DE_OPT, _SIDE_OPT, among(zh.BODY_PARTS), ADVERBS, among(zh.LASTING_AILMENTS), ANY_OPT),
                    seq(DE_OPT, _SIDE, ADVERBS, among(zh.LASTING_AILMENTS), ANY_OPT),
                    seq(among(zh.DEGREE_WORDS | zh.HABIT_WORDS, op="*"), word("戴", "戴着"), among(zh.WORN_AIDS)),
                    seq(DE_OPT, among(zh.BODY_MEASURES), ADVERBS, word("偏", op="?"), among(zh.HIGH_OR_LOW), ANY_OPT),
                    seq(ADVERBS, word("在", op="?"), among(zh.BODY_STATES), ANY_OPT),
                    seq(ADVERBS, among(zh.EYESIGHT), ANY_OPT),
                    seq(ADVERBS, among(zh.BODY_HABITS), ANY_OPT),
                    seq(among(zh.MOTION_SICKNESS), PUNCT),  # 我晕车
                    seq(ADVERBS, word("在", "正在"), word("做"), among(zh.TREATMENTS), PUNCT),  # 我现在在做试管
                    seq(  # 我坐船总是晕船, 我坐大巴会晕车: each time, not 今天晕车了
                        ADVERBS,
                        {"TAG": "v", "OP": "?"},
                        {"TAG": "n", "OP": "?"},
                        among(zh.HABIT_WORDS | zh.AUXILIARIES | {"就", "都"}),
                        among(zh.MOTION_SICKNESS),
                        ANY_OPT,
                    ),
                    seq(  # 我坐轮椅, 我奶奶拄拐杖好几年了 (not 今天坐轮椅去医院: one day's)
                        among(zh.DEGREE_WORDS | zh.HABIT_WORDS, op="*"),
                        among(zh.MOBILITY_AIDS),
                        {"TAG": "m", "OP": "?"},
                        word("了", op="?"),
                        PUNCT,
                    ),
                    seq(ADVERBS, {"TAG": {"IN": ["n", "ng"]}, "OP": "?"}, among(zh.INJURIES), ANY_OPT),
                    seq(ADVERBS, among(zh.IN_HOSPITAL), ANY_OPT),
                    seq(ADVERBS, word("是"), among(zh.BODY_KINDS), ANY_OPT),
                    seq(  # 我去年被诊断出多动症, 我爸确诊了糖尿病
                        ADVERBS,
                        word("被", op="?"),
                        word("诊断", "确诊"),
                        word("出", "为", "了", "出了", op="?"),
                        ANY_OPT,
                        ending_in(zh.CONDITIONS | zh.CONDITION_ENDINGS),
                        ANY_OPT,
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("我奶奶拄拐杖。", "王芳的奶奶拄拐杖。"),
            Example("我儿子手上有湿疹。", "王芳的儿子手上有湿疹。"),
            Example("我妈得过乳腺癌。", "王芳的妈妈得过乳腺癌。"),
            Example("我是糖尿病前期。", "王芳是糖尿病前期。"),
            Example("我是一型糖尿病。", "王芳是一型糖尿病。"),
            Example("我是2型糖尿病。", "王芳是2型糖尿病。"),
            Example("我一熬夜就偏头痛。", "王芳一熬夜就偏头痛。"),
            Example("我特别怕冷。", "王芳特别怕冷。"),
            Example("我腰椎间盘突出。", "王芳腰椎间盘突出。"),
            Example("我晚上睡觉要戴呼吸机。", "王芳晚上睡觉要戴呼吸机。"),
            Example("我在做激素替代治疗。", "王芳在做激素替代治疗。"),
            Example("我在排队等髋关节置换手术。", "王芳在排队等髋关节置换手术。"),
            Example("我坐船总是晕船。", "王芳坐船总是晕船。"),
            Example("我坐大巴会晕车。", "王芳坐大巴会晕车。"),
            Example("我爸在做透析。", "王芳的爸爸在做透析。"),
            Example("我妈有多发性硬化。", "王芳的妈妈有多发性硬化。"),
            Example("我妈妈有高血压。", "王芳的妈妈有高血压。"),
            Example("我从小就有哮喘。", "王芳从小就有哮喘。"),
            Example("我奶奶耳朵听不见好几年了。", "王芳的奶奶耳朵听不见好几年了。"),
            Example("我爸腰一直不好。", "王芳的爸爸腰一直不好。"),
            Example("我一天吃两片降压药。", "王芳一天吃两片降压药。"),
            Example("我爸每天打胰岛素。", "王芳的爸爸每天打胰岛素。"),
            Example("我一直在吃降压药。", "王芳一直在吃降压药。"),
            Example("我吃的是缬沙坦 一天两片", "王芳吃的是缬沙坦。"),
            Example("我每天早上吃二甲双胍。", "王芳每天早上吃二甲双胍。"),
            Example("我血压有点高。", "王芳血压有点高。"),
            Example("我血糖偏高。", "王芳血糖偏高。"),
            Example("我怀孕了。", "王芳怀孕了。"),
            Example("我糖尿病好几年了。", "王芳糖尿病好几年了。"),
            Example("我近视八百度。", "王芳近视八百度。"),
            Example("我老公打呼噜。", "王芳的老公打呼噜。"),
            Example("我儿子有自闭症。", "王芳的儿子有自闭症。"),
            Example("我上个月手腕骨折了。", "王芳上个月手腕骨折了。"),
            Example("我爸住院了，肺炎。", "王芳的爸爸住院了。"),
            Example("我是左撇子。", "王芳是左撇子。"),
            Example("我爷爷右耳听力不好。", "王芳的爷爷右耳听力不好。"),
            Example("我爸一直戴助听器。", "王芳的爸爸一直戴助听器。"),
            Example("我有点色弱。", "王芳有点色弱。"),
            Example("我女儿有强迫症。", "王芳的女儿有强迫症。"),
            Example("我去年被诊断出多动症。", "王芳去年被诊断出多动症。"),
            Example("我爸左眼看不清。", "王芳的爸爸左眼看不清。"),
            Example("我儿子是红绿色盲。", "王芳的儿子是红绿色盲。"),
        ),
        counterexamples=(
            "我有点累。",
            "我膝盖有点疼。",
            "我今天胃不舒服。",
            "天气不好。",
            "我每天吃一片面包。",
            "我打了一会儿球。",
            "今天的血压高。",
            "我失眠的时候听歌。",
            "我今天戴了眼镜。",
        ),
    ),
    Rule(
        id="zh.keep.kind_of_person",
        language="zh",
        decision="keep",
        description="What kind of person the speaker, or a person of theirs, is by their own account (我是个夜猫子).",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, word("是"), word("个", "一个", op="?"), among(zh.PERSON_KINDS)),
                    seq(  # 我是个内向的人, 我是早起的人
                        ADVERBS,
                        word("是"),
                        word("个", "一个", op="?"),
                        among(zh.DEGREE_WORDS, op="*"),
                        among(zh.TEMPERAMENTS),
                        word("的"),
                        word("人"),
                    ),
                    seq(ADVERBS, word("信"), among(zh.FAITHS)),  # 我妈信基督教
                    seq(ADVERBS, word("信佛")),  # one word as jieba cuts it
                    seq(ADVERBS, word("是"), among(zh.FAITH_PEOPLE)),  # 我是回族
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我是个夜猫子。", "王芳是个夜猫子。"),
            Example("我老公是个工作狂。", "王芳的老公是个工作狂。"),
            Example("我是摩羯座。", "王芳是摩羯座。"),
            Example("我是个内向的人。", "王芳是个内向的人。"),
            Example("我是早起的人。", "王芳是早起的人。"),
            Example("我妈信佛。", "王芳的妈妈信佛。"),
            Example("我妈信基督教。", "王芳的妈妈信基督教。"),
            Example("我是回族。", "王芳是回族。"),
        ),
        counterexamples=("我是个夜猫子吗？", "我不是。", "我是个讲道理的人。", "我信你。"),
    ),
    Rule(
        id="zh.keep.household",
        language="zh",
        decision="keep",
        description=(
            "Whom the speaker lives with, or that they live alone (我和男朋友住在一起, 我一个人住), or how long they "
            "have been with their partner (我和老婆在一起十年了)."
        ),
        pattern=Tokens(
            (
                seq(
                    FIRST_PERSON,
                    ADVERBS,
                    word("和", "跟"),
                    word("我", op="?"),
                    DE_OPT,
                    {"TAG": "m", "OP": "?"},  # 我跟两个室友合租
                    among(zh.PERSON_WORDS | zh.PLURAL_PEOPLE),
                    ADVERBS,
                    among(zh.LIVING_TOGETHER),
                ),
                seq(FIRST_PERSON, ADVERBS, word("一个"), word("人"), ADVERBS, word("住")),
                seq(  # 我一个人住在平房里
                    FIRST_PERSON,
                    ADVERBS,
                    word("一个"),
                    word("人"),
                    ADVERBS,
                    word("住"),
                    word("在"),
                    {"IS_PUNCT": False, "OP": "+"},
                ),
                seq(  # 我奶奶和我住在一起
                    *MY_PERSON, ADVERBS, word("和", "跟"), FIRST_PERSON, ADVERBS, among(zh.LIVING_TOGETHER)
                ),
                seq(  # 我和老婆在一起十年了: a couple, and for how long
                    FIRST_PERSON,
                    word("和", "跟"),
                    word("我", op="?"),
                    DE_OPT,
                    among(zh.PARTNER_WORDS),
                    ADVERBS,
                    word("在"),
                    word("一起"),
                    _SPAN_OF_DAYS,
                    word("了", op="?"),
                ),
                seq(FIRST_PERSON, ADVERBS, word("独居")),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.9,
        examples=(
            Example("我和我男朋友住在一起。", "王芳和王芳的男朋友住在一起。"),
            Example("我跟爸妈一起住。", "王芳跟爸妈一起住。"),
            Example("我奶奶和我住在一起。", "王芳的奶奶和王芳住在一起。"),
            Example("我一个人住。", "王芳一个人住。"),
            Example("我和老婆在一起十年了。", "王芳和老婆在一起十年了。"),
        ),
        counterexamples=("我和他住在一起。", "我一个人去。", "我和朋友住在一起过。"),
    ),
    Rule(
        id="zh.keep.like",
        language="zh",
        decision="keep",
        description="What the speaker, or a person of theirs, likes.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, among(zh.LIKING), ANY_OPT, CONTENT, ANY_OPT),
                    seq(
                        ADVERBS, word("支持"), {"TAG": {"IN": ["ns", "nt", "nz"]}}, word("队", op="?"), PUNCT
                    ),  # a team
                    seq(  # 我比起咖啡更喜欢喝茶: weighed against another
                        among(zh.COMPARING),
                        {"IS_PUNCT": False, "POS": {"NOT_IN": ["PRON"]}, "OP": "+"},
                        ADVERBS,
                        among(zh.LIKING),
                        ANY_OPT,
                        CONTENT,
                        ANY_OPT,
                    ),
                    seq(
                        ADVERBS,
                        word("是"),
                        _NAMED_ONE,
                        {**_NAMED_ONE, "OP": "*"},
                        DE_OPT,
                        among(zh.FAN_DEGREES, op="?"),
                        among(zh.FANS),
                    ),
                ),
            )
            + (seq(FIRST_PERSON, DE_OPT, word("爱好", "兴趣"), word("是"), CONTENT, ANY_OPT),)
        ),
        output="preference",
        confidence=0.85,
        examples=(
            Example("我特别喜欢爬山。", "王芳特别喜欢爬山。"),
            Example("我的爱好是书法。", "王芳的爱好是书法。"),
            Example("我最喜欢的乐队是Arctic Monkeys。", "王芳最喜欢的乐队是Arctic Monkeys。"),
            Example("我是周杰伦的粉丝。", "王芳是周杰伦的粉丝。"),
            Example("我老公是曼联的铁粉。", "王芳的老公是曼联的铁粉。"),
            Example("我是皇马球迷。", "王芳是皇马球迷。"),
            Example("我是国安的老球迷了。", "王芳是国安的老球迷了。"),
            Example("比起咖啡我更喜欢喝茶。", "王芳比起咖啡更喜欢喝茶。"),
            Example("比起城市游我更喜欢海岛游。", "王芳比起城市游更喜欢海岛游。"),
            Example("我支持利物浦。", "王芳支持利物浦。"),
        ),
        counterexamples=("我喜欢。", "我是他的粉丝。"),
    ),
    Rule(
        id="zh.keep.dislike",
        language="zh",
        decision="keep",
        description="What the speaker, or a person of theirs, dislikes.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, among(zh.DISLIKING), ANY_OPT, CONTENT, ANY_OPT),
                    seq(ADVERBS, NOT, ADVERBS, among(zh.LIKING), ANY_OPT, CONTENT, ANY_OPT),
                ),
            )
        ),
        output="preference",
        confidence=0.85,
        examples=(Example("我不喜欢吃辣。", "王芳不喜欢吃辣。"), Example("我不太喜欢坐飞机。", "王芳不太喜欢坐飞机。")),
        counterexamples=("我不喜欢。",),
    ),
    Rule(
        id="zh.keep.struggle",
        language="zh",
        decision="keep",
        description="A problem the speaker names (sleeplessness, stress, headaches), or a fear of a person of theirs.",
        pattern=Tokens(
            each(
                SPEAKER,
                (
                    seq(ADVERBS, ANY_OPT, among(zh.PAINS), ANY_OPT),
                    seq(ADVERBS, HABIT, ADVERBS, among(zh.FEELING_VERBS), ANY),
                    seq(ADVERBS, among(zh.FEARING), _FEARED, ANY_OPT),
                    seq(ADVERBS, among(zh.PHOBIAS), PUNCT),  # 我恐高
                ),
            )
            + each(
                (MY_PERSON,),
                (  # a person of theirs afraid of a thing (我女儿很怕狗, 我儿子怕黑), not of what may happen (怕迟到)
                    seq(ADVERBS, among(zh.FEARING), {**_FEARED, "TAG": {"IN": sorted(NOUN_TAGS)}}, PUNCT),
                    seq(ADVERBS, among(zh.PHOBIAS), PUNCT),
                ),
            )
        ),
        output="pain_point",
        confidence=0.85,
        examples=(
            Example("我最近学习压力很大。", "王芳最近学习压力很大。"),
            Example("我怕坐飞机。", "王芳怕坐飞机。"),
            Example("我很害怕打针。", "王芳很害怕打针。"),
            Example("我有点恐高。", "王芳有点恐高。"),
            Example("我女儿很怕狗。", "王芳的女儿很怕狗。"),
            Example("我儿子怕黑。", "王芳的儿子怕黑。"),
        ),
        counterexamples=("我很好。", "我怕他生气。", "我怕来不及了。", "我怕你不知道。", "我儿子怕迟到。"),
    ),
    Rule(
        id="zh.keep.commute",
        language="zh",
        decision="keep",
        description=(
            "How the speaker, or a person of theirs, gets to work or school (我坐地铁2号线上班, 我女儿坐校车上学)."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        {**_ROUTINE, "OP": "?"},
                        ADVERBS,
                        among(zh.RIDING, op="?"),
                        among(zh.TRANSIT),
                        {"TAG": {"IN": ["m", "n", "q"]}, "OP": "{0,2}"},  # 2 号线
                        among(zh.COMMUTING),
                    ),
                    seq(  # 我骑折叠车上班: a kind of bike by how its word ends
                        {**_ROUTINE, "OP": "?"},
                        ADVERBS,
                        among(zh.RIDING),
                        {**ending_in({"车"}), "TAG": {"REGEX": "^n"}},
                        among(zh.COMMUTING),
                    ),
                ),
            ),
            whole=True,
        ),
        output="preference",
        confidence=0.85,
        examples=(
            Example("我每天坐地铁2号线上班。", "王芳每天坐地铁2号线上班。"),
            Example("我坐公交上班。", "王芳坐公交上班。"),
            Example("我女儿坐校车上学。", "王芳的女儿坐校车上学。"),
            Example("我骑折叠车上班。", "王芳骑折叠车上班。"),
        ),
        counterexamples=("我今天打车上班了。", "我坐公交。", "我坐公交去超市。"),
    ),
    Rule(
        id="zh.keep.routine",
        language="zh",
        decision="keep",
        description=(
            "What the speaker, or a person of theirs, does at a stated frequency, said as the frequency and the "
            "doing (我每天晚上跑步, 我每周六上午去游泳), with at most where or with whom (我每周都跟邻居打麻将): "
            "nothing else between them but time words, 都/会 and 去."
        ),
        pattern=Tokens(
            each(
                (*SPEAKER_OR_THEIR_PERSON, (word("我家"),)),
                tuple(
                    seq(
                        *_LATELY,
                        ADVERBS,
                        among(zh.FREQUENCY_HEDGES, op="?"),
                        _ROUTINE,
                        word("和", "、", op="?"),  # 每周二和周四
                        among(zh.WEEKDAYS, op="?"),
                        ADVERBS,
                        *(dict(spec, OP="?") for spec in DAY_OF_THIS_MONTH),  # 每个 月 15 号
                        ADVERBS,
                        among(zh.AUXILIARIES - {"得", "能"}, op="?"),
                        among(zh.REFLEXIVE, op="?"),  # 我每个周日都自己做饭
                        word("去", op="?"),
                        *place,
                        *doing,
                        _SPAN_OPT,
                    )
                    for doing in _DOING_WHAT
                    for place in ((), _WHERE_OR_WITH_WHOM, (*_WHERE_OR_WITH_WHOM, word("去")), _AT_THEIR_HOME)
                ),
            ),
            whole=True,
        ),
        output="preference",
        confidence=0.9,
        examples=(
            Example("我每天晚上跑步。", "王芳每天晚上跑步。"),
            Example("我每周六上午去游泳。", "王芳每周六上午去游泳。"),
            Example("我儿子每周二和周四晚上六点踢球训练。", "王芳的儿子每周二和周四晚上六点踢球训练。"),
            Example("我爸每天早上都会打太极拳。", "王芳的爸爸每天早上都会打太极拳。"),
            Example("我每周都跟邻居下象棋。", "王芳每周都跟邻居下象棋。"),
            Example("我晚上一般跟几个老同学下象棋。", "王芳晚上一般跟几个老同学下象棋。"),
            Example("我每天都在公司加班。", "王芳每天都在公司加班。"),
            Example("我每天早上送孩子上学。", "王芳每天早上送孩子上学。"),
            Example("我每个月15号还房贷。", "王芳每个月15号还房贷。"),
            Example("我们每周日都去我爸妈家吃饭。", "王芳每周日都去王芳的爸妈家吃饭。"),
            Example("我这两年每周六练两个小时钢琴。", "王芳这两年每周六练两个小时钢琴。"),
            Example("我每周打三次网球。", "王芳每周打三次网球。"),
            Example("我每周游泳两次。", "王芳每周游泳两次。"),
            Example("我每天早上跑五公里。", "王芳每天早上跑五公里。"),
            Example("我每天游二十圈。", "王芳每天游二十圈。"),
            Example("我们家周末一般去爬山。", "王芳家周末一般去爬山。"),
            Example("我每天早上喝一杯黑咖啡。", "王芳每天早上喝一杯黑咖啡。"),
            Example("我每天喝两杯咖啡。", "王芳每天喝两杯咖啡。"),
            Example("我每天早上喝咖啡。", "王芳每天早上喝咖啡。"),
            Example("我每周四带孩子去游泳。", "王芳每周四带孩子去游泳。"),
            Example("我每个周六都自己包饺子。", "王芳每个周六都自己包饺子。"),
            Example("我基本每天晚上都游泳。", "王芳基本每天晚上都游泳。"),
        ),
        counterexamples=(
            "我每天都很忙。",
            "我每天都会去。",
            "我每天晚饭以后吃。",
            "我总是失眠。",
            "我一般会配一点凉拌黄瓜。",
            "我每天都想你。",
            "我儿子每年都要提醒我。",
            "我每天跟他吵架。",
            "我每天在家。",
            "我每天晚上练一个小时。",
        ),
    ),
    Rule(
        id="zh.keep.habit",
        language="zh",
        decision="keep",
        description="What the speaker does regularly: every day, every week, usually.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                tuple(seq(ADVERBS, _ROUTINE, ADVERBS, ANY_OPT, {**ACTIVITY, **last}) for last in _NAMES_WHAT),
            ),
            whole=True,
        ),
        output="preference",
        confidence=0.85,
        examples=(
            Example("我每天早上跑步五公里。", "王芳每天早上跑步五公里。"),
            Example("我下午一般跟朋友打乒乓球。", "王芳下午一般跟朋友打乒乓球。"),
        ),
        counterexamples=("我今天很累。", "我总是做不好。", "我每天晚饭以后吃。"),
    ),
    Rule(
        id="zh.keep.weekend_habit",
        language="zh",
        decision="keep",
        description=(
            "What the speaker, or their household, does at weekends, with nothing over (我周末打打网球), not one "
            "weekend's doing."
        ),
        pattern=Tokens(
            each(
                (*SPEAKER_OR_THEIR_PERSON, (word("我家"),)),
                (
                    seq(
                        word("周末", "每个周末"),
                        ADVERBS,
                        {"TAG": {"REGEX": "^v"}, "OP": "+"},
                        _NOT_PAST,
                        ACTIVITY,
                        _NOT_PAST,
                    ),
                ),
            ),
            whole=True,
        ),
        output="preference",
        confidence=0.8,
        examples=(
            Example("我周末打打网球放松一下。", "王芳周末打打网球放松一下。"),
            Example("我们家周末一般去爬香山。", "王芳家周末一般去爬香山。"),
        ),
        counterexamples=("我周末去爬山了。", "我周末打算去爬山。"),
    ),
    Rule(
        id="zh.keep.plan",
        language="zh",
        decision="keep",
        description="What the speaker, or a person of theirs, plans or has decided to do.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        _UNDER_WAY,
                        among(zh.PLAN_WORDS - {"想", "要"}),
                        ANY_OPT,
                        {"POS": "VERB"},
                        ANY,
                    ),
                    seq(ADVERBS, _UNDER_WAY, among(zh.SAVING_UP), ANY_OPT, CONTENT),  # 我在攒钱买房
                    seq(  # getting ready for a happening: 我正在准备雅思考试
                        ADVERBS,
                        _UNDER_WAY,
                        among(zh.PREPARING),
                        ANY_OPT,
                        ending_in(zh.EVENT_WORDS | zh.PASTIMES),
                    ),
                    seq(TIME, ADVERBS, CLOCK_OPT, word("要", "就要"), {"POS": "VERB"}, ANY_OPT),
                    seq(DATE, among(zh.DEADLINE_WORDS, op="?"), ADVERBS, word("要", "得", "需要"), CONTENT, ANY_OPT),
                ),
            )
            + (seq(FIRST_PERSON, DE_OPT, among(zh.GOAL_WORDS), word("是"), ANY),)
        ),
        output="goal",
        confidence=0.85,
        examples=(
            Example("我打算明年去冰岛旅行。", "王芳打算明年去冰岛旅行。"),
            Example("我下学期就要开始准备考研了。", "王芳下学期就要开始准备考研了。"),
            Example("我表姐在准备考公。", "王芳的表姐在准备考公。"),
            Example("我6月3号之前要交论文。", "王芳6月3号之前要交论文。"),
            Example("我周四下午三点要去看牙。", "王芳周四下午三点要去看牙。"),
            Example("我在准备参加年底的马拉松。", "王芳在准备参加年底的马拉松。"),
            Example("我正在准备雅思考试。", "王芳正在准备雅思考试。"),
            Example("我在攒钱明年去冰岛。", "王芳在攒钱明年去冰岛。"),
        ),
        counterexamples=("我打算。", "我6月3号之前。", "我三点要。", "我在准备晚饭。", "我在攒钱。"),
    ),
    Rule(
        id="zh.keep.trip",
        language="zh",
        decision="keep",
        description=(
            "A trip the speaker, or a person of theirs, will make, dated by a time to come (我下个月去日本), or a "
            "visit to the family (我这周末去看奶奶)."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    *(
                        seq(
                            *when,
                            ADVERBS,
                            word("要", "就要", op="?"),
                            word("去", "回", "到", "飞"),
                            {"TAG": {"REGEX": "^v"}, "OP": "?"},  # 去爬黄山
                            where,
                            {"TAG": {"REGEX": "^v"}, "OP": "?"},
                            {"TAG": "m", "OP": "?"},  # for how long: 去三亚玩一周
                        )
                        for when in (*_TIME_TO_COME, *_ON_A_DAY_OR_DATE)
                        for where in ({"TAG": "ns"}, _TRIP_TO_A_PLACE)
                    ),
                    *(  # with whom or to see whom: 下个月去多伦多看我表姐, 要带我妈去罗马过七十大寿
                        seq(
                            *when,
                            ADVERBS,
                            word("要", "就要", op="?"),
                            *taking,
                            word("去", "到", "飞"),
                            {"TAG": {"IN": ["ns", "nrt"]}},
                            *seeing,
                            ANY_OPT,
                        )
                        for when in (*_TIME_TO_COME, *_ON_A_DAY_OR_DATE, (word("要"),))
                        for taking, seeing in (
                            ((), (among(zh.VISITING), word("我", op="?"), among(zh.PERSON_WORDS | zh.PLURAL_PEOPLE))),
                            ((word("带"), word("我", op="?"), among(zh.PERSON_WORDS | zh.PLURAL_PEOPLE)), ()),
                        )
                    ),
                    *(  # a foreign city after 飞, tagged as a name: 五月三号飞多伦多, 5月3号飞奥斯陆
                        seq(*when, ADVERBS, word("要", "就要", op="?"), word("飞"), {"TAG": {"IN": ["nrt", "nr"]}})
                        for when in (*_TIME_TO_COME, *_ON_A_DAY_OR_DATE)
                    ),
                    *(  # or after 去 with what the trip is for: 9号去柏林出差
                        seq(
                            *when,
                            ADVERBS,
                            word("要", "就要", op="?"),
                            word("去", "到"),
                            {"TAG": {"IN": ["nrt", "nr"]}},
                            among(zh.TRIP_PURPOSES),
                            {"TAG": "m", "OP": "?"},
                        )
                        for when in (*_TIME_TO_COME, *_ON_A_DAY_OR_DATE)
                    ),
                    *(  # a visit to a person of the family: 我这周末去看奶奶, 我下个月回去陪爸妈
                        seq(
                            *when,
                            ADVERBS,
                            word("要", "就要", op="?"),
                            word("去", "回去", "回家", op="?"),
                            among(zh.VISITING),
                            word("我", op="?"),
                            among(zh.PERSON_WORDS | zh.PLURAL_PEOPLE),
                        )
                        for when in (*_TIME_TO_COME, (word("这"), word("周末")), *_ON_A_DAY_OR_DATE)
                    ),
                    *(
                        seq(*when, ADVERBS, word("要", "就要", op="?"), among(zh.HOMECOMING), ANY_OPT)
                        for when in _TIME_TO_COME
                    ),
                    *(  # a stay at the speaker's home: 我公婆过年来我家住
                        seq(
                            *when,
                            ADVERBS,
                            word("要", "就要", op="?"),
                            word("来", "过来"),
                            among(zh.MY_OWN),
                            word("住", "玩", "过年", op="?"),
                        )
                        for when in _TIME_TO_COME
                    ),
                    seq(  # coming from a place: 下个月从成都过来看我
                        {"ORTH": {"REGEX": zh.FUTURE_TIME}},
                        ADVERBS,
                        word("要", "就要", op="?"),
                        word("从"),
                        {"TAG": "ns"},
                        word("过来", "来", "回来"),
                        ANY_OPT,
                    ),
                ),
            ),
            whole=True,
        ),
        output="event",
        confidence=0.85,
        examples=(
            Example("我下个月去日本旅游。", "王芳下个月去日本旅游。"),
            Example("我爸明天回成都。", "王芳的爸爸明天回成都。"),
            Example("我明天飞北京。", "王芳明天飞北京。"),
            Example("我三月三号飞北京。", "王芳三月三号飞北京。"),
            Example("我五月三号飞多伦多。", "王芳五月三号飞多伦多。"),
            Example("我妈下周从西安过来看我。", "王芳的妈妈下周从西安过来看王芳。"),
            Example("我下周六去爬泰山。", "王芳下周六去爬泰山。"),
            Example("我下个月去海南旅游。", "王芳下个月去海南旅游。"),
            Example("我下周五回老家。", "王芳下周五回老家。"),
            Example("我5月3号飞奥斯陆。", "王芳5月3号飞奥斯陆。"),
            Example("我14号飞成都。", "王芳14号飞成都。"),
            Example("我9号去柏林出差。", "王芳9号去柏林出差。"),
            Example("我们五月底去三亚玩一周。", "王芳五月底去三亚玩一周。"),
            Example("我这周末去看奶奶。", "王芳这周末去看奶奶。"),
            Example("我下个月回去陪爸妈。", "王芳下个月回去陪爸妈。"),
            Example("我下周末去看我爸。", "王芳下周末去看王芳的爸爸。"),
            Example("我公婆过年来我家住。", "王芳的公婆过年来王芳家住。"),
            Example("我下个月去多伦多看我表姐。", "王芳下个月去多伦多看王芳的表姐。"),
            Example("我要带我妈去罗马过七十大寿。", "王芳要带王芳的妈妈去罗马过七十大寿。"),
        ),
        counterexamples=(
            "我上个月去日本旅游了。",
            "我下个月去日本的签证还没办。",
            "我下周六去旅游。",
            "我上周回老家了。",
            "我三月三号去了北京。",
            "我明天去找约翰。",
            "我这周末去看电影。",
            "我这周末去看了奶奶。",
        ),
    ),
    Rule(
        id="zh.keep.skill",
        language="zh",
        decision="keep",
        description="A language the speaker, or a person of theirs, speaks, or an instrument or game they can play.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, word("只", op="?"), among(zh.ABLE), among(zh.SPEAKING), _LANGUAGE),  # 只会说粤语
                    seq(  # 我会说粤语和一点日语
                        ADVERBS,
                        among(zh.ABLE),
                        among(zh.SPEAKING),
                        _LANGUAGE,
                        word("和", "跟", "还有"),
                        {"TAG": "m", "OP": "?"},
                        _LANGUAGE,
                    ),
                    seq(ADVERBS, among(zh.ABLE), {"TAG": "v", "OP": "?"}, {"ORTH": {"REGEX": zh.PLAYING}}),
                    seq(ADVERBS, word(*sorted(set(zh.INSTRUMENTS.values()))), among(zh.INSTRUMENTS)),  # 我儿子拉大提琴
                    seq(
                        among(zh.DEGREE_WORDS, op="*"), word("会", "不会"), among(zh.LIFE_SKILLS)
                    ),  # 我不会开车, not today
                    seq(  # the language spoken with the family: 我在家跟爸妈说粤语
                        ADVERBS,
                        word("在家", "在家里", "平时", op="?"),
                        word("跟", "和"),
                        word("我", op="?"),
                        among(zh.PERSON_WORDS | zh.PLURAL_PEOPLE),
                        ADVERBS,
                        among(zh.SPEAKING),
                        _LANGUAGE,
                    ),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我会说粤语。", "王芳会说粤语。"),
            Example("我外婆只会说闽南话。", "王芳的外婆只会说闽南话。"),
            Example("我会说四川话和一点英语。", "王芳会说四川话和一点英语。"),
            Example("我哥会说法语。", "王芳的哥哥会说法语。"),
            Example("我女儿会下围棋。", "王芳的女儿会下围棋。"),
            Example("我儿子拉大提琴。", "王芳的儿子拉大提琴。"),
            Example("我不会开车。", "王芳不会开车。"),
            Example("我在家跟爸妈说粤语。", "王芳在家跟爸妈说粤语。"),
        ),
        counterexamples=("我会说的。", "我会打电话。", "我跟我妈说了。", "我今天不会开车。"),
    ),
    Rule(
        id="zh.keep.learning",
        language="zh",
        decision="keep",
        description="What the speaker, or a person of theirs, is learning or practising (我最近在学吉他).",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, word("在", "正在", "一直在"), among(zh.LEARNING), ANY_OPT, CONTENT, ANY_OPT),
                    seq(ADVERBS, word("在", "正在", "一直在"), _LEARNING_ONE_WORD, ANY_OPT),
                    seq(ADVERBS, word("在", "正在", "一直在"), among(zh.QUALIFYING)),  # 我在考驾照
                    *(  # kept up for months or years: 我练瑜伽差不多三年了, 我跑步两年了
                        seq(
                            ADVERBS,
                            *doing,
                            among(zh.APPROXIMATELY, op="?"),
                            {"ORTH": {"REGEX": zh.MONTHS_OR_YEARS}},
                            word("了"),
                        )
                        for doing in (
                            (among(zh.LEARNING), {"IS_PUNCT": False, "ORTH": {"NOT_IN": ["了"]}, "OP": "{1,2}"}),
                            (among(zh.PASTIMES),),
                        )
                    ),
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我最近在学日语。", "王芳最近在学日语。"),
            Example("我老婆在备考教师资格证。", "王芳的老婆在备考教师资格证。"),
            Example("我在学车。", "王芳在学车。"),
            Example("我女儿在考研。", "王芳的女儿在考研。"),
            Example("我练CrossFit差不多一年了。", "王芳练CrossFit差不多一年了。"),
            Example("我攀岩两年了。", "王芳攀岩两年了。"),
        ),
        counterexamples=("我在想。", "我在学校。", "我在学习。", "我在考试。", "我练了三天了。"),
    ),
    Rule(
        id="zh.keep.resolution",
        language="zh",
        decision="keep",
        description="What the speaker wants to learn, study for or give up: a goal they set themselves (我想戒烟).",
        pattern=Tokens(
            each(
                SPEAKER,
                (
                    seq(ADVERBS, word("想", "想要"), among(zh.LEARNING), {**CONTENT, "LENGTH": {">=": 2}}, ANY_OPT),
                    seq(ADVERBS, word("想", "想要"), among(zh.QUITTING), ANY_OPT),
                    seq(ADVERBS, word("在", "正在"), word("减肥"), ANY_OPT),  # giving up a habit: zh.keep.quit
                    seq(  # a diet to take up: 我今年想开始吃纯素
                        ADVERBS,
                        word("想", "想要", "打算"),
                        word("开始", op="?"),
                        word("吃"),
                        {"ORTH": {"REGEX": "^纯?素$"}},
                    ),
                ),
            )
        ),
        output="goal",
        confidence=0.85,
        examples=(
            Example("我想戒烟，有什么好办法吗", "王芳想戒烟。"),
            Example("想考浙大的研究生", "王芳想考浙大的研究生。"),
            Example("我今年想开始吃纯素。", "王芳今年想开始吃纯素。"),
            Example("我一直想学游泳。", "王芳一直想学游泳。"),
            Example("我正在减肥。", "王芳正在减肥。"),
        ),
        counterexamples=("我想吃火锅。", "我想考考你。", "我想学。", "我戒了。"),
    ),
    Rule(
        id="zh.keep.quit",
        language="zh",
        decision="keep",
        description=(
            "A habit the speaker has given up, and for how long (我戒烟了, 我已经戒酒半年了), or is giving up "
            "(我在戒酒)."
        ),
        pattern=Tokens(
            each(
                SPEAKER,
                (
                    seq(ADVERBS, among(zh.QUITTING - {"戒", "减肥"}), _SPAN_OF_DAYS, word("了")),
                    seq(word("在", "正在"), among(zh.QUITTING - {"戒", "减肥"})),
                    seq(word("在", "正在"), word("戒"), among(zh.QUIT_OBJECTS)),  # 我在戒咖啡, as jieba cuts it
                    *(seq(stopped, *habit, word("了")) for stopped in _STOPPED for habit in _STOPPED_HABIT),
                    seq(  # 不喝酒 cut as one word: 从下个月开始不喝酒了
                        _FROM_THEN,
                        {"TAG": "v", "ORTH": {"REGEX": "^不再?.*" + ending_in(zh.QUIT_OBJECTS)["ORTH"]["REGEX"]}},
                        word("了"),
                    ),
                    seq(  # the thing given up first: 酒也彻底戒了, 酒已经戒了半年了
                        among(zh.QUIT_OBJECTS),
                        {"TAG": {"IN": ["d", "ad"]}, "OP": "*"},
                        word("戒", "戒掉"),
                        word("了"),
                        _SPAN_OF_DAYS,
                        word("了", op="?"),
                    ),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我在戒咖啡。", "王芳在戒咖啡。"),
            Example("我戒烟了。", "王芳戒烟了。"),
            Example("我已经戒烟半年了。", "王芳已经戒烟半年了。"),
            Example("戒烟第20天了", "王芳戒烟第20天了。"),
            Example("我正在戒酒。", "王芳正在戒酒。"),
            Example("酒也彻底戒了。", "王芳酒也彻底戒了。"),
            Example("酒已经戒了半年了", "王芳酒已经戒了半年了。"),
            Example("我已经不抽烟了。", "王芳已经不抽烟了。"),
            Example("我这个月开始不去健身房了", "王芳这个月开始不去健身房了。"),
            Example("我从下个月开始不喝酒了。", "王芳从下个月开始不喝酒了。"),
            Example("我不再打麻将了。", "王芳不再打麻将了。"),
            Example("我不再熬夜打游戏了。", "王芳不再熬夜打游戏了。"),
            Example("我从上个月开始不吃宵夜了。", "王芳从上个月开始不吃宵夜了。"),
        ),
        counterexamples=(
            "我想戒烟。",
            "我戒烟失败了好几次，你有什么办法？",
            "我在戒烟的第三天就放弃了。",
            "烟戒不了。",
            "他烟戒了。",
            "我今天不吃晚饭了。",
            "我已经不记得了。",
            "我已经不想去了。",
            "我不再相信爱情了。",
        ),
    ),
    Rule(
        id="zh.keep.wish",
        language="zh",
        decision="keep",
        description="What the speaker wants to do, when it names something.",
        pattern=Tokens(
            each(
                SPEAKER,
                (
                    seq(ADVERBS, word("想", "想要"), {**CONTENT, "LENGTH": {">=": 2}}, ANY_OPT),
                    seq(
                        ADVERBS, word("想", "想要"), {"TAG": {"REGEX": "^v"}}, {**CONTENT, "LENGTH": {">=": 2}}, ANY_OPT
                    ),
                    seq(ADVERBS, {"ORTH": {"REGEX": zh.WISH_START}, "LENGTH": {">=": 2}}, CONTENT, ANY_OPT),
                ),
            )
        ),
        output="goal",
        confidence=0.8,
        examples=(Example("我想学弹吉他。", "王芳想学弹吉他。"), Example("我想去冰岛看极光。", "王芳想去冰岛看极光。")),
        counterexamples=("我想想。", "我想问问。"),
    ),
    Rule(
        id="zh.keep.past_event",
        language="zh",
        decision="keep",
        description="Something the speaker, or a person of theirs, did: a verb with 了/过 and what it did.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, ANY_OPT, _DONE, among(zh.PAST_MARKERS), ANY_OPT, CONTENT, ANY_OPT),
                    seq(  # 我上个月把车卖了; not a chore of today (我刚把衣服洗了)
                        {"ORTH": {"REGEX": zh.LONGER_AGO}},
                        ADVERBS,
                        word("把"),
                        CONTENT,
                        {"POS": "VERB"},
                        among(zh.PAST_MARKERS),
                        ANY_OPT,
                    ),
                    *(  # 我们去年九月结的婚: when it happened, the verb and its object apart around 的
                        seq({"TAG": "t", "OP": "+"}, ADVERBS, word(verb), word("的"), word(thing))
                        for verb, thing in zh.SPLIT_VERBS.items()
                    ),
                    seq(
                        ADVERBS,
                        # 我不能去了, 我不想去了 say what will not be
                        {"POS": "VERB", "ORTH": {"NOT_IN": sorted(zh.UNABLE | zh.WANTING)}},
                        {**CONTENT, "ORTH": {"NOT_IN": sorted(zh.PASSING_ACTIVITIES | zh.POINTERS)}},
                        among(zh.PAST_MARKERS),
                    ),
                ),
            )
        ),
        output="event",
        confidence=0.85,
        examples=(
            Example("我上周末去了一趟杭州。", "王芳上周末去了一趟杭州。"),
            Example("我上个月把车卖了。", "王芳上个月把车卖了。"),
            Example("我前年毕的业。", "王芳前年毕的业。"),
        ),
        counterexamples=(
            "我结的婚。",
            "我吃了。",
            "我不能去了。",
            "我不想去了。",
            "我把它忘了。",
            "我刚把衣服洗了。",
            "我把饭吃了。",
            "我听说过一家很特别的餐厅。",
        ),
    ),
    Rule(
        id="zh.keep.schedule",
        language="zh",
        decision="keep",
        description="A happening with a time: an appointment, a meeting, a flight, an exam.",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    *(seq(ANY_OPT, when, ANY_OPT, among(zh.EVENT_WORDS), ANY_OPT) for when in _WHEN),
                    *(seq(ANY_OPT, among(zh.EVENT_WORDS), ANY_OPT, when, ANY_OPT) for when in _WHEN),
                ),
            )
        ),
        output="event",
        confidence=0.85,
        examples=(
            Example("我下周三下午三点看牙医。", "王芳下周三下午三点看牙医。"),
            Example("我的体检预约在周四，上午九点。", "王芳的体检预约在周四，上午九点。"),
            Example("我下午三点有个面试。", "王芳下午三点有个面试。"),
            Example("我妹下个月结婚。", "王芳的妹妹下个月结婚。"),
            Example("我下周四去拔智齿。", "王芳下周四去拔智齿。"),
            Example("我女儿周五打疫苗。", "王芳的女儿周五打疫苗。"),
            Example("我们月底搬家。", "王芳月底搬家。"),
            Example("我下周一入职。", "王芳下周一入职。"),
        ),
        counterexamples=("我很喜欢旅行。", "我同事的婚礼快到了。", "我智齿一直疼。"),
    ),
    Rule(
        id="zh.keep.due",
        language="zh",
        decision="keep",
        description=(
            "When a document or a thing of the speaker's runs out or falls due (我的护照2028年3月到期, "
            "我的车明年三月要年检)."
        ),
        pattern=Tokens(
            (
                seq(
                    FIRST_PERSON,
                    DE_OPT,
                    {"TAG": {"IN": ["j", "ns", "n"]}, "OP": "?"},  # 港澳 通行证
                    among(zh.EXPIRING),
                    {"TAG": {"IN": ["m", "t", "q", "mq"]}, "OP": "+"},  # 三月份 is tagged mq
                    word("就", "要", "就要", op="?"),
                    among(zh.FALLING_DUE),
                ),
                *(  # money in on its day each month: 我的退休金每月四号到账, 我每个月10号发工资
                    seq(
                        FIRST_PERSON,
                        DE_OPT,
                        among(zh.MONEY_WORDS, op="?"),
                        HABIT,
                        word("月", op="?"),
                        *day,
                        _PAID,
                        word("账", op="?"),
                    )
                    for day in (({"TAG": "m", "ORTH": {"REGEX": "[号日]$"}},), DAY_OF_THIS_MONTH)
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我的护照2028年3月到期。", "王芳的护照2028年3月到期。"),
            Example("我驾照下个月到期。", "王芳驾照下个月到期。"),
            Example("我的车明年三月要年检。", "王芳的车明年三月要年检。"),
            Example("我的合同三月份到期。", "王芳的合同三月份到期。"),
            Example("我的港澳通行证明年三月到期。", "王芳的港澳通行证明年三月到期。"),
            Example("我的退休金每月四号到账。", "王芳的退休金每月四号到账。"),
        ),
        counterexamples=("我的护照到期了。", "我的牛奶明天过期。"),
    ),
    Rule(
        id="zh.keep.advice",
        language="zh",
        decision="keep",
        description="What the speaker's doctor has told them to do (医生让我多运动, 我的医生建议我戒烟).",
        pattern=Tokens(
            (
                seq(
                    word("我", op="?"),
                    DE_OPT,
                    among(zh.CARERS),
                    ADVERBS,
                    among(zh.ADVISING),
                    word("我"),
                    {**HABIT, "OP": "?"},  # 每天
                    word("别", "不要", op="?"),
                    _ADVISED,
                    ANY_OPT,
                ),
                seq(  # 医生说我要少吃盐: what the speaker must do, as the doctor said it
                    word("我", op="?"),
                    DE_OPT,
                    among(zh.CARERS),
                    ADVERBS,
                    word("说"),
                    word("我"),
                    word("要", "得", "应该"),
                    _ADVISED,
                    ANY_OPT,
                ),
            )
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("医生让我多运动。", "医生让王芳多运动。"),
            Example("医生叫我多喝水。", "王芳的医生叫王芳多喝水。"),
            Example("我的医生建议我戒烟。", "王芳的医生建议王芳戒烟。"),
            Example("牙医让我每天用牙线。", "牙医让王芳每天用牙线。"),
            Example("医生让我不要熬夜。", "医生让王芳不要熬夜。"),
            Example("医生让我少吃盐。", "医生让王芳少吃盐。"),
            Example("医生说我要少吃盐。", "医生说王芳要少吃盐。"),
        ),
        counterexamples=(
            "医生让我等一下。",
            "医生让我明天再来。",
            "医生让我问你。",
            "医生让我在外面等。",
            "医生让我别担心。",
        ),
    ),
    Rule(
        id="zh.keep.size",
        language="zh",
        decision="keep",
        description="The size the speaker, or a person of theirs, wears (我穿42码的鞋, 我衣服穿L码).",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(
                        ADVERBS,
                        {"TAG": "n", "OP": "?"},  # 衣服, 鞋子
                        word("穿"),
                        {"ORTH": {"REGEX": zh.GARMENT_SIZE}},
                        word("码"),
                        word("半", op="?"),
                        DE_OPT,
                        {"TAG": "n", "OP": "?"},
                    ),
                    seq(  # a size by its letters alone: 我衣服一般穿XL
                        ADVERBS,
                        {"TAG": "n", "OP": "?"},
                        {**ADVERBS, "OP": "*"},
                        word("穿"),
                        {"ORTH": {"REGEX": zh.LETTER_SIZE}},
                    ),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.85,
        examples=(
            Example("我穿42码的鞋。", "王芳穿42码的鞋。"),
            Example("我女儿衣服穿130码。", "王芳的女儿衣服穿130码。"),
            Example("我穿37码半的鞋。", "王芳穿37码半的鞋。"),
            Example("我衣服一般穿XL。", "王芳衣服一般穿XL。"),
        ),
        counterexamples=("我今天穿了一件新衣服。", "这双鞋42码的。"),
    ),
    Rule(
        id="zh.keep.attribute",
        language="zh",
        decision="keep",
        description="One value of the speaker's: a number, a code, a birthday, a blood type.",
        pattern=Tokens(
            (
                seq(_ME_OR_MY_HOME, DE_OPT, ANY_OPT, among(zh.ATTRIBUTE_WORDS), word("是", "为", "叫"), ANY),
                *(  # 我社保卡号后六位：339027: some of its digits
                    seq(
                        _ME_OR_MY_HOME,
                        DE_OPT,
                        ANY_OPT,
                        among(zh.CODE_WORDS),
                        *part,
                        word("是", "：", ":", op="?"),
                        DIGITS,
                    )
                    for part in ((), (word("前", "后"), {"TAG": "m", "ORTH": {"REGEX": "位$"}}))
                ),
                seq(FIRST_PERSON, word("是"), {"ORTH": {"REGEX": zh.BLOOD_GROUP}}, word("血", op="?")),
                # the speaker's height or weight, the number straight after (我身高一米八, 我体重65公斤)
                seq(FIRST_PERSON, DE_OPT, among(zh.STATURE), word("有", "是", op="?"), {"TAG": "m"}, ANY_OPT),
                seq(_ME_OR_MY_HOME, DE_OPT, among(zh.MONEY_WORDS), ANY_OPT, _SUM, ANY_OPT),
                # 我每个月还房贷四千: how often and the paying verb before
                seq(
                    _ME_OR_MY_HOME,
                    {"TAG": {"IN": ["r", "m", "d"]}, "OP": "*"},
                    word("交", "还", "付", "缴", op="?"),
                    among(zh.MONEY_WORDS),
                    _SUM,
                ),
            )
        ),
        output="fact",
        confidence=0.95,
        slot="{attribute}",
        examples=(
            Example("我的血型是A型。", "王芳的血型是A型。"),
            Example("小区快递柜取件码3318。", "王芳小区快递柜取件码3318。"),
            Example("我银行卡号后四位是5521。", "王芳银行卡号后四位是5521。"),
            Example("我是AB型血。", "王芳是AB型血。"),
            Example("我家WiFi密码是bluefox77。", "王芳家WiFi密码是bluefox77。"),
            Example("我儿子的幼儿园叫小橡果。", "王芳的儿子的幼儿园叫小橡果。"),
            Example("我房租一个月三千五。", "王芳房租一个月三千五。"),
            Example("我每个月还车贷两千。", "王芳每个月还车贷两千。"),
            Example("我的月薪是12000。", "王芳的月薪是12000。"),
            Example("我身高一米八。", "王芳身高一米八。"),
            Example("我体重65公斤。", "王芳体重65公斤。"),
        ),
        counterexamples=("我的问题是什么。", "我等了20分钟。", "我工资不高。", "我房租一个月。", "我身高不够。"),
    ),
    Rule(
        id="zh.keep.age",
        language="zh",
        decision="keep",
        description="How old the speaker, or a person of theirs, is (我今年三十五了, 我女儿五岁).",
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(word("今年", op="?"), {"TAG": "m"}, word("岁", op="?"), word("了", op="?")),
                    seq(  # a number in words jieba cuts in two: 九 十四, 八 十七岁
                        word("今年", op="?"),
                        {"TAG": "m", "ORTH": {"REGEX": "^[一二三四五六七八九十]+岁?$"}, "OP": "{2}"},
                        word("岁", op="?"),
                        word("了", op="?"),
                    ),
                    seq(  # the year of birth: 我是1991年出生的, 我儿子2018年出生
                        word("是", op="?"),
                        {"ORTH": {"REGEX": r"^(?:19|20)\d{2}$"}},
                        word("年"),
                        word("出生", "生"),
                        word("的", op="?"),
                    ),
                    *(
                        seq(  # an age about to be reached: 我奶奶下周满九十岁, 我侄女下 周六 满六岁, 下个月 9 号 满五岁
                            ADVERBS,
                            *on_day,
                            word("就", op="?"),
                            word("满", "年满"),
                            {"TAG": "m"},
                            word("岁", "周岁", op="?"),
                            word("了", op="?"),
                        )
                        for on_day in ((), DAY_OF_THIS_MONTH)
                    ),
                    *(
                        seq(  # a round birthday to come: 我奶奶下个月九十大寿, 我妈六月九号七十大寿
                            *when,
                            ADVERBS,
                            {"TAG": "m", "ORTH": {"REGEX": r"^[一二三四五六七八九十百\d]+$"}},
                            word("岁", op="?"),
                            word("大寿", "生日"),
                        )
                        for when in (
                            ({"ORTH": {"REGEX": zh.FUTURE_TIME}},),
                            (among(zh.TIME_PREFIXES), among(zh.WEEKDAYS)),  # 下 周六
                            DATE,
                            WORDED_DATE,
                        )
                    ),
                ),
            )
            + (  # a pet's age, said with 岁: 我家猫麻薯十五岁了, 我的狗今年三岁
                seq(
                    *MY_ANIMAL,
                    {**_PET_NAME, "OP": "?"},
                    word("今年", op="?"),
                    {"TAG": "m", "ORTH": {"REGEX": "岁$"}},
                    word("了", op="?"),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.9,
        slot="age",
        examples=(
            Example("我今年四十二了。", "王芳今年四十二了。"),
            Example("我儿子八岁。", "王芳的儿子八岁。"),
            Example("我侄子下个月12号满六岁。", "王芳的侄子下个月12号满六岁。"),
            Example("我爷爷今年九十四了。", "王芳的爷爷今年九十四了。"),
            Example("我奶奶八十七岁了。", "王芳的奶奶八十七岁了。"),
            Example("我家猫麻薯十五岁了。", "王芳家猫麻薯十五岁了。"),
            Example("我奶奶下个月满九十岁。", "王芳的奶奶下个月满九十岁。"),
            Example("我侄女下周六满六岁。", "王芳的侄女下周六满六岁。"),
            Example("我外公下周八十大寿。", "王芳的外公下周八十大寿。"),
            Example("我妈六月九号七十大寿。", "王芳的妈妈六月九号七十大寿。"),
            Example("我奶奶下周六九十大寿。", "王芳的奶奶下周六九十大寿。"),
            Example("我是1991年出生的。", "王芳是1991年出生的。"),
            Example("我儿子是2018年出生的。", "王芳的儿子是2018年出生的。"),
        ),
        counterexamples=("我一个人。", "我今年去了三次。", "我满意了。", "我下周两个生日。"),
    ),
    Rule(
        id="zh.keep.school_year",
        language="zh",
        decision="keep",
        description=(
            "Which year or stage of school or university the speaker, or a person of theirs, is in (我女儿上三年级, "
            "我在读在职研究生)."
        ),
        pattern=Tokens(
            each(
                SPEAKER_OR_THEIR_PERSON,
                (
                    seq(ADVERBS, word("上", "读", "在读", "是", op="?"), among(zh.SCHOOL_YEARS), word("了", op="?")),
                    seq(ADVERBS, word("上", "读", "在读"), among(zh.SCHOOL_STAGES), word("了", op="?")),
                    seq(  # 我儿子在育才小学上三年级: the school and the year
                        ADVERBS,
                        word("在"),
                        {"POS": {"IN": ["NOUN", "PROPN"]}, "OP": "*"},
                        ending_in(zh.SCHOOL_STAGES),
                        word("上", "读"),
                        among(zh.SCHOOL_YEARS),
                    ),
                    seq(  # 我女儿九月去成都上大学: where they go to study
                        ADVERBS,
                        word("去", "到"),
                        {"TAG": "ns"},
                        word("上", "读"),
                        among(zh.SCHOOL_STAGES | zh.DEGREES),
                    ),
                    seq(
                        {"TAG": "t", "OP": "*"},
                        ADVERBS,
                        word("上", "读", "在读"),
                        among(zh.SCHOOL_STAGES),
                        among(zh.SCHOOL_YEARS),
                        word("了", op="?"),
                    ),
                    seq(
                        ADVERBS,
                        word("在", op="?"),
                        word("读", "在读", "念"),
                        {"TAG": {"REGEX": "^[vna]"}, "OP": "{0,2}"},  # 在职研究生, 全日制硕士, 在职历史硕士
                        among(zh.DEGREES),
                        word("了", op="?"),
                    ),
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.9,
        slot="school_year",
        examples=(
            Example("我儿子今年上小学一年级。", "王芳的儿子今年上小学一年级。"),
            Example("我女儿今年上三年级了。", "王芳的女儿今年上三年级了。"),
            Example("我在读大三。", "王芳在读大三。"),
            Example("我儿子今年上小学了。", "王芳的儿子今年上小学了。"),
            Example("我女儿九月去成都上大学。", "王芳的女儿九月去成都上大学。"),
            Example("我儿子在育才小学上三年级。", "王芳的儿子在育才小学上三年级。"),
            Example("我在读在职研究生。", "王芳在读在职研究生。"),
            Example("我女儿在读博士。", "王芳的女儿在读博士。"),
        ),
        counterexamples=("我高三那年很累。", "大三的时候我去了日本。", "我小学的时候很胖。"),
    ),
    Rule(
        id="zh.keep.requested",
        language="zh",
        decision="keep",
        description="Whatever the speaker explicitly asks the assistant to remember, stated about themselves.",
        pattern=Tokens(
            (
                seq(
                    FIRST_PERSON,
                    _NOT_ASKING,
                    {**_SAYS, "ORTH": {**_SAYS["ORTH"], **_NOT_ASKING["ORTH"]}},
                    _NOT_ASKING,
                ),
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.95,
        tags=frozenset({"requested"}),
        examples=(Example("请记住，我的工位在三楼东侧。", "王芳的工位在三楼东侧。"),),
        counterexamples=(
            "我的工位在三楼东侧吗？",
            "帮我记一下，周五早上八点。",
            "你记一下，我老记不住是哪天。",
        ),
    ),
    Rule(
        id="zh.keep.requested_note",
        language="zh",
        decision="keep",
        description=(
            "What the speaker explicitly asks the assistant to remember about something other than themselves: a "
            "noun and then a number or a verb (取件码6629, 车停在B2层)."
        ),
        pattern=Tokens(((_NOTED_THING, ANY_OPT, {"TAG": {"IN": ["m", "eng", "v"]}}, ANY_OPT),)),
        output="fact",
        confidence=0.9,
        tags=frozenset({"requested", "note"}),
        examples=(
            Example("帮我记一下：王老师电话13912345678，明天打。", "王芳让助手记住：王老师电话13912345678。"),
            Example("请记住，车停在B2层117号。", "王芳让助手记住：车停在B2层117号。"),
        ),
        counterexamples=("王老师电话13912345678。", "帮我记一下，周五早上八点。", "帮我记一下老王的电话。"),
    ),
    Rule(
        id="zh.keep.lasting_statement",
        language="zh",
        decision="keep",
        description=(
            "What no other rule keeps: the speaker, or a person of theirs, said to do or be something with a verb, "
            "with nothing that makes it a moment's (了, 过, 今天, 刚才), a wish, a condition, hearsay, a feeling, a "
            "question or a pointer (我同事Kevin是新加坡人, 我妈一个人住在哈尔滨)."
        ),
        pattern=Tokens(
            tuple(
                seq(*subject, {**_NOT_UNDER_WAY, "OP": before}, *where, *verb)
                for subject in (FIRST_PERSON, MY_PERSON)
                for where, before, verbs in (
                    ((), "+", (_VERB_ALONE, *_VERB_AND_MORE)),  # words before the verb: it may end the statement
                    ((), "*", _VERB_AND_MORE),
                    ((word("在"), _PLACE_OF_THE_DAY), "*", (_VERB_ALONE, *_VERB_AND_MORE)),
                )
                for verb in verbs
            ),
            whole=True,
        ),
        output="fact",
        confidence=0.75,
        tags=frozenset({"fallback"}),
        examples=(
            Example("我同事Kevin是新加坡人。", "王芳的同事Kevin是新加坡人。"),
            Example("我妈一个人住在哈尔滨。", "王芳的妈妈一个人住在哈尔滨。"),
        ),
        counterexamples=(
            "我昨天去超市买菜。",
            "我刚吃完饭。",
            "如果我是兽医，估计天天被猫抓。",
            "我觉得这样不太好。",
            "我想去冰岛看极光。",
            "我邻居据说中了彩票。",
            "你知道我住哪吗？",
        ),
    ),
)
