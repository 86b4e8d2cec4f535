"""Chinese: a question of the assistant's whose reply is a bare phrase, read with the question's words (decision
``answer``).

Each rule fires on the assistant's question (the last sentence of its turn); the reply's first clause takes the
place of the question word, 你 becomes 我 (:mod:`graphsvc.rulebook.answers`): 你现在在哪个城市呀？| 南京 → 我在南京,
你女儿叫什么名字？| 乐乐 → 我女儿叫乐乐, 你女儿几岁了？| 六岁 → 我女儿六岁了, 你是做什么的？| 护士 → 我是护士. Each
rule's output says what the reply must be (a place, a name, a time, a number, an occupation). Only a question to
the listener is
answered, or one about the one person of the speaker's they last named (她叫什么名字？| 许晴 → 我女朋友叫许晴, after
"我女朋友…": :mod:`graphsvc.rulebook.referents`).
"""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import ADVERBS, NAME_TAGS, PUNCT_OPT, among, word

_TO_YOU = among(zh.LISTENER_AS_SPEAKER)
"""One listener (你, 你的, 你家; not 你们)."""
_YOU = {**_TO_YOU, "OP": "?"}
_WHERE = among(zh.WHERE_WORDS)
_NOUN = {"TAG": {"REGEX": "^n"}, "OP": "?"}
_THING_ASKED = {"TAG": {"REGEX": "^(?:n|zg$)"}, "OP": "?"}
"""The noun a question word asks about (什么专业), which jieba may tag a morpheme when it is one character (什么车)."""
_OWN = {"TAG": "n", "OP": "?"}
"""What of the listener's the question asks about (你老家在哪？)."""
_NOT_WHICH = among(zh.WHERE_WORDS - {"哪个", "哪家"})
_VERB = {"TAG": {"REGEX": "^v"}, "OP": "?"}
_THEIR_PERSON = among(zh.PERSON_WORDS, op="?")
"""A person of the listener's the question asks about (你男朋友是哪里人？), or none (the listener)."""
_PARTICLE = among(zh.SENTENCE_PARTICLES, op="?")
_ANY_WORDS = {"IS_PUNCT": False, "OP": "*"}
_QUESTION_OR_PERSON = zh.QUESTION_WORDS | zh.SPEAKER | zh.LISTENER_AS_SPEAKER.keys()
"""Words a yes/no question answered by a yes may not hold after its verb (什么, 我, 你: 你需要我提醒你吗？)."""

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.answer.where",
        language="zh",
        decision="answer",
        description=(
            "Where the listener lives, works or is (你住在哪里？你在哪个城市？你住哪儿？): the reply is the place."
        ),
        pattern=Tokens(
            (
                (_YOU, _OWN, ADVERBS, word("住", op="?"), word("在"), _WHERE, _NOUN, _VERB, _PARTICLE, PUNCT_OPT),
                (_YOU, ADVERBS, word("住"), _WHERE, _PARTICLE, PUNCT_OPT),
            ),
            whole=True,
        ),
        output="in_place",
        examples=(
            Example("你现在在哪个城市呀？| 洛阳，西工这边", None),
            Example("你住在哪里？| 昆明。", "王芳住在昆明。"),
            Example("你住哪儿？| 武汉，光谷这边", "王芳住武汉。"),
            Example("你在哪家公司上班？| 青禾科技", "王芳在青禾科技上班。"),
        ),
        counterexamples=("一般在哪练？| 一般周日上午", "她住在哪里？| 昆明", "你住在哪里？| 不知道"),
    ),
    Rule(
        id="zh.answer.name",
        language="zh",
        decision="answer",
        description="What a person or pet of the listener's is called (你女儿叫什么名字？): the reply is the name.",
        pattern=Tokens(
            (
                (
                    _TO_YOU,
                    word("的", op="?"),
                    among(zh.PERSON_WORDS | zh.ANIMALS),
                    word("叫"),
                    among(zh.NAMING_QUESTIONS),
                    word("名字", op="?"),
                    _PARTICLE,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
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
            "What 他, 她 or 它 is called (她叫什么名字？他姓什么？), about the one person or pet of the speaker's they "
            "last named or the assistant just asked about: the reply is the name."
        ),
        pattern=Tokens(
            (
                (
                    among(zh.NAMED_PRONOUNS),
                    word("叫", "姓"),
                    among(zh.NAMING_QUESTIONS),
                    word("名字", op="?"),
                    _PARTICLE,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="their_name",
        examples=(
            Example("我女朋友下个月来看我。| 真好！她叫什么名字？| 许晴", "王芳的女朋友叫许晴。"),
            Example("你房东听起来挺难搞的。他姓什么？| 姓刘，大家都叫他刘叔", "王芳的房东姓刘。"),
        ),
        counterexamples=("今天一个司机帮了我。| 她叫什么？| 许晴", "我男朋友下个月来看我。| 她叫什么？| 许晴"),
    ),
    Rule(
        id="zh.answer.when",
        language="zh",
        decision="answer",
        description="When the listener does something (你什么时候去北京？): the reply, a date or time, is when.",
        pattern=Tokens(
            ((_TO_YOU, _ANY_WORDS, among(zh.WHEN_WORDS), _ANY_WORDS, _PARTICLE, PUNCT_OPT),),
            anchored=False,
            whole=True,
        ),
        output="at_time",
        examples=(
            Example("你什么时候去北京？| 下周三", None),
            Example("你的生日是哪天？| 4月20号", "王芳的生日是4月20号。"),
            Example("你什么时候回老家？| 下周五", "王芳下周五回老家。"),
        ),
        counterexamples=("你什么时候去北京？| 还没定", "他什么时候去北京？| 下周三"),
    ),
    Rule(
        id="zh.answer.age",
        language="zh",
        decision="answer",
        description="How old the listener, or a person of theirs, is (你女儿几岁了？): the reply is a number.",
        pattern=Tokens(
            (
                (
                    _TO_YOU,
                    word("的", op="?"),
                    among(zh.PERSON_WORDS, op="?"),
                    word("今年", op="?"),
                    among(zh.AGE_QUESTIONS),
                    word("了", op="?"),
                    _PARTICLE,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="age",
        examples=(
            Example("你女儿几岁了？| 六岁", "王芳的女儿六岁了。"),
            Example("方便问一下，你今年多大？| 三十五", "王芳今年三十五。"),
        ),
        counterexamples=("你女儿几岁了？| 上小学了", "她几岁了？| 六岁"),
    ),
    Rule(
        id="zh.answer.job",
        language="zh",
        decision="answer",
        description=(
            "What the listener, or a person of theirs, does for work (你是做什么的？你老公做什么工作？): the reply, an "
            "occupation, is theirs."
        ),
        pattern=Tokens(
            (
                (
                    among(zh.LISTENER),
                    word("的", op="?"),
                    among(zh.PERSON_WORDS, op="?"),
                    word("是", op="?"),
                    word("做", "干"),
                    among(zh.NAMING_QUESTIONS),
                    word("工作", op="?"),
                    word("的", op="?"),
                    _PARTICLE,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="job",
        examples=(
            Example("你是做什么的？| 护士", "王芳是护士。"),
            Example("你做什么工作？| 工程师", "王芳是工程师。"),
            Example("你老公做什么工作的？| 程序员", "王芳的老公是程序员。"),
        ),
        counterexamples=("你是做什么的？| 还在找工作", "你做什么工作？| 说来话长"),
    ),
    Rule(
        id="zh.answer.event_when",
        language="zh",
        decision="answer",
        description="When a happening is (考试是哪天？): the reply, a date or time, is when the speaker's is.",
        pattern=Tokens(
            (
                (
                    {"TAG": {"REGEX": "^n"}, "OP": "?"},
                    among(zh.EVENT_WORDS),
                    word("是"),
                    among(zh.WHEN_WORDS),
                    word("的", op="?"),
                    _PARTICLE,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="at_time",
        examples=(Example("加油！考试是哪天？| 下个月12号，还没开始复习", None),),
        counterexamples=("考试是哪天？| 还没通知", "天气是什么时候变的？| 昨天"),
    ),
    Rule(
        id="zh.answer.likes",
        language="zh",
        decision="answer",
        description="What the listener likes most (你最喜欢吃什么？你最喜欢哪个季节？): the reply is what they like.",
        pattern=Tokens(
            (
                (
                    among(zh.LISTENER),
                    ADVERBS,
                    among(zh.LIKING),
                    _VERB,
                    among(zh.NAMING_QUESTIONS | zh.WHERE_WORDS),
                    _NOUN,
                    _PARTICLE,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="in_place",
        examples=(Example("你最喜欢吃什么？| 火锅！一周能吃三次", "王芳最喜欢吃火锅。"),),
        counterexamples=("你最喜欢吃什么？| 不知道", "她最喜欢吃什么？| 火锅"),
    ),
    Rule(
        id="zh.answer.likes_doing",
        language="zh",
        decision="answer",
        description="What the listener likes doing (你平时喜欢做什么？): the reply, a doing, is what they like.",
        pattern=Tokens(
            (
                (
                    among(zh.LISTENER),
                    ADVERBS,
                    among(zh.LIKING),
                    among(zh.DOING_QUESTIONS),
                    among(zh.NAMING_QUESTIONS, op="?"),
                    _PARTICLE,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="doing",
        examples=(Example("你平时喜欢做什么？| 看书，偶尔爬山", "王芳平时喜欢看书。"),),
        counterexamples=(
            "你平时喜欢做什么？| 没什么爱好",
            "你平时喜欢做什么？| 我老公喜欢钓鱼",
            "她平时喜欢做什么？| 看书",
        ),
    ),
    Rule(
        id="zh.answer.what",
        language="zh",
        decision="answer",
        description=(
            "What the listener does, has or studies (你开什么车？你学的什么专业？你对什么过敏？): the reply takes the "
            "place of the question word."
        ),
        pattern=Tokens(
            (
                (
                    _TO_YOU,
                    {"TAG": {"REGEX": "^n"}, "OP": "?"},
                    ADVERBS,
                    word("在", "对", op="?"),
                    {
                        "TAG": {"REGEX": "^[vn]"},  # jieba tags 学 in 在学 a noun
                        "ORTH": {"NOT_IN": sorted(zh.PLAN_WORDS | zh.INTENDING | zh.FEELING_VERBS | zh.SAYING_VERBS)},
                        "OP": "?",
                    },
                    word("的", op="?"),
                    word("是", op="?"),
                    among(zh.NAMING_QUESTIONS),
                    _THING_ASKED,
                    {"IS_PUNCT": False, "TAG": {"REGEX": "^[va]"}, "OP": "?"},
                    _PARTICLE,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="in_place",
        examples=(
            Example("你养的是什么狗？| 柯基，三岁了", "王芳养的是柯基。"),
            Example("你对什么过敏？| 青霉素和猫毛", "王芳对青霉素和猫毛过敏。"),
            Example("你在学什么语言？| 日语", "王芳在学日语。"),
            Example("你开什么车？| 一辆白色的本田，2016年的", "王芳开一辆白色的本田车。"),
        ),
        counterexamples=("你想吃什么？| 火锅", "你在干什么？| 看电视", "你学的什么专业？| 还没定"),
    ),
    Rule(
        id="zh.answer.origin",
        language="zh",
        decision="answer",
        description="Where the listener, or a person of theirs, comes from (你是哪里人？): the reply is the place.",
        pattern=Tokens(
            ((_YOU, word("的", op="?"), _THEIR_PERSON, word("是"), _NOT_WHICH, word("人"), _PARTICLE, PUNCT_OPT),),
            whole=True,
        ),
        output="in_place",
        examples=(
            Example("你是哪里人？| 长沙", "王芳是长沙人。"),
            Example("你是哪里人？| 长沙人", "王芳是长沙人。"),
            Example("你是哪里人？| 湖南长沙的", "王芳是湖南长沙人。"),
            Example("你男朋友是哪里人？| 重庆人", "王芳的男朋友是重庆人。"),
        ),
        counterexamples=("他是哪里人？| 长沙", "你男朋友是哪里人？| 不清楚"),
    ),
    Rule(
        id="zh.answer.who_is",
        language="zh",
        decision="answer",
        description=(
            "Who a named person or animal is (阿杰是谁？煤球是？): a reply opening with 我 says who they are to the "
            "speaker (我室友 → 阿杰是我室友, 我家猫 → 煤球是我家猫)."
        ),
        pattern=Tokens(
            (
                (
                    {"TAG": {"IN": NAME_TAGS}},
                    word("是"),
                    word("谁", op="?"),
                    _PARTICLE,
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="who_is",
        examples=(
            Example("阿杰是谁？| 我室友，人挺好的", "王芳的室友叫阿杰。"),
            Example("张伟是？| 我老板", "王芳的老板叫张伟。"),
            Example("煤球是？| 我家猫，黑猫，两岁了", "王芳的猫叫煤球。"),
        ),
        counterexamples=("阿杰是谁？| 不认识", "阿杰是谁？| 朋友的朋友", "你是谁？| 我是王芳"),
    ),
    Rule(
        id="zh.answer.yes",
        language="zh",
        decision="answer",
        description=(
            "A yes/no question of what the listener does or is (你吃素吗？你有孩子吗？): a reply opening with yes (对, "
            "是的, or the question's verb) is the question said by the speaker (我吃素), what follows the yes after it."
        ),
        pattern=Tokens(
            (
                (
                    _TO_YOU,
                    ADVERBS,
                    {"TAG": {"REGEX": "^v"}, "ORTH": {"NOT_IN": sorted(zh.PLAN_WORDS | zh.NOT_ASKED_BY_YES)}},
                    {"IS_PUNCT": False, "ORTH": {"NOT_IN": sorted(_QUESTION_OR_PERSON)}, "OP": "*"},
                    word("吗"),
                    PUNCT_OPT,
                ),
            ),
            anchored=False,
            whole=True,
        ),
        output="yes",
        examples=(
            Example("你吃素吗？| 对，吃了五年了", "王芳吃素。"),
            Example("你有孩子吗？| 有，两个女儿", None),
        ),
        counterexamples=("你吃素吗？| 不吃", "你想吃火锅吗？| 对", "你吃素吗？| 哈哈你猜"),
    ),
    Rule(
        id="zh.answer.their_person",
        language="zh",
        decision="answer",
        description=(
            "A question whose subject is a person of the speaker's (你女儿几岁了？你爸手术怎么样了？): a reply with no "
            "subject of its own is about that person (上小学了 → 我女儿上小学了), not the speaker."
        ),
        pattern=Tokens(((_TO_YOU, word("的", op="?"), among(zh.PERSON_WORDS)),)),
        output="their_person",
        examples=(
            Example("你女儿几岁了？| 上小学了，特别喜欢画画", "王芳的女儿特别喜欢画画。"),
            Example("你妈手术怎么样了？| 挺好的，上周出院了", None),
        ),
        counterexamples=("周末和你妹妹去哪了？| 去爬山了", "你女儿喜欢什么？| 我也不知道", "你女儿几岁了？| 不知道啊"),
    ),
)
