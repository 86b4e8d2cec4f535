"""Chinese: how the speaker is named (decision ``subject``), and a dropped subject restored.

我 is the speaker's name wherever it stands as a word of its own (jieba's words: 自我 is untouched); a person word
right after it takes 的 (我爸爸 → 王芳的爸爸). The name is repeated rather than replaced by 自己, which can flip who is
meant ("同桌抄了我的作业" → "同桌抄了王芳的作业", not "同桌抄了自己的作业"). A statement that opens with a time word,
a frequency word or a verb has its dropped 我 restored (最近在学吉他 → 我最近在学吉他).
"""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens
from graphsvc.rulebook.zh.shapes import (
    ADVERBS,
    DATE,
    DAY_OF_THIS_MONTH,
    DIGITS,
    MORE_TIME,
    MY_PERSON,
    NOUN_TAGS,
    TIME,
    among,
    word,
)

_NO_SUBJECT = {"IS_PUNCT": False, "TAG": {"NOT_IN": ["r", "nr"]}, "OP": "*"}
"""Words before a code that name no one (门禁, 家里的): no pronoun (我的, 她的) and no person's name."""
_JOB_TITLE = {"ORTH": {"REGEX": zh.JOB_TITLE}}
_ADVERBS_OF_MANNER = {"TAG": {"IN": ["d", "ad"]}, "OP": "*"}
"""Adverbs between a thing given up and 戒 (酒也彻底戒了)."""
_AFTER_TIME = {"IS_PUNCT": False, "TAG": {"NOT_IN": ["t", "m", "mq", "f"]}, "ORTH": {"NOT_IN": ["是", "我", "我们"]}}
"""What follows a time phrase with the subject dropped: neither 我 (it is there: 下周三我要…) nor 是 (the time is
the subject: 下个月18号是我们的结婚纪念日)."""

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.subject.restore",
        language="zh",
        decision="subject",
        description="A dropped 我 is restored where the sentence opens with a time, a frequency, a liking or a plan.",
        pattern=Tokens(
            (
                (TIME, MORE_TIME, _AFTER_TIME),
                (among(zh.HABIT_WORDS),),
                (
                    among(
                        zh.LIKING | zh.DISLIKING | zh.PLAN_WORDS | zh.LIVING | zh.MOVING | zh.DIET_WORDS | zh.QUITTING
                    ),
                ),
                (word("在"), {"OP": "+"}, among(zh.WORKING | zh.STUDYING)),
                (word("在", "正在"), among(zh.LEARNING)),  # 在练马拉松, 在学日语
                (word("在"), {"OP": "+"}, word("做", "当"), {"POS": "NOUN", "OP": "*"}, _JOB_TITLE),
                (word("对"), {"OP": "+"}, among(zh.ALLERGY)),
                ({"ORTH": {"REGEX": zh.WISH_START}},),
                (among(zh.PERSON_WORDS), word("叫", "名叫")),
                DATE,
                (  # a day of this month and a doing: 9号去柏林出差 (not 12号是我生日)
                    *DAY_OF_THIS_MONTH,
                    {"POS": "VERB", "ORTH": {"NOT_IN": ["是", "有"]}},
                ),
                (_NO_SUBJECT, among(zh.CODE_WORDS), word("是", op="?"), DIGITS),
                (among(zh.POSSESSIONS), among(zh.LASTING_USE), word("的"), word("是")),  # 手机用的是华为
                (among(zh.QUIT_OBJECTS), _ADVERBS_OF_MANNER, word("戒", "戒掉")),
            )
        ),
        output="restore",
        examples=(
            Example("最近在学吉他，挺有意思的。", "王芳最近在学吉他。"),
            Example("6月3号之前要交论文。", "王芳6月3号之前要交论文。"),
            Example("9号去柏林出差", "王芳9号去柏林出差。"),
            Example("在练马拉松，明年四月跑北马！", "王芳在练马拉松。"),
            Example("门禁卡号是00731。", "王芳门禁卡号是00731。"),
            Example("车位号是B2-117。", "王芳车位号是B2-117。"),
            Example("在一家医院做护士，在广州", "王芳在一家医院做护士。"),
            Example("手机用的是华为Mate60，还行吧", "王芳手机用的是华为Mate60。"),
        ),
        counterexamples=("天气不错。", "同事们都走了。", "她的门禁密码是4821。", "下个月18号是我们结婚十周年。"),
    ),
    Rule(
        id="zh.subject.kin",
        language="zh",
        decision="subject",
        description=(
            "A family word opening a clause without an owner is the speaker's (爸妈都在南昌 → 我爸妈…), in any clause."
        ),
        pattern=Tokens(((among(zh.KIN_RELATIONS.keys() | zh.PLURAL_PEOPLE),),)),
        output="restore_kin",
        examples=(
            Example("女儿对花生过敏。", "王芳的女儿对花生过敏。"),
            Example("我是长沙人，爸妈都在长沙", "王芳的爸妈都在长沙。"),
        ),
        counterexamples=("天气不错。", "同事们都走了。"),
    ),
    Rule(
        id="zh.subject.household",
        language="zh",
        decision="subject",
        description=(
            "我们家 or 咱们家 opening a statement of what is eaten at home (我们家只吃清真的) or of where the family "
            "lives (我们家住在朝阳区) is the speaker's family: "
            "我家 (王芳家); any other 我们 stays unsure."
        ),
        pattern=Tokens(
            (
                (
                    among(zh.GROUP_VOICE),
                    word("家"),
                    {"POS": "ADV", "OP": "*"},
                    ADVERBS,
                    {"ORTH": {"REGEX": "^(?:不|从不)?[吃喝]|^住"}},
                ),
            )
        ),
        output="household",
        examples=(
            Example("我们家只吃清真的。", "王芳家只吃清真的。"),
            Example("咱们家都不吃猪肉。", "王芳家都不吃猪肉。"),
            Example("我们家住在朝阳区。", "王芳家住在朝阳区。"),
            Example("我们家平时吃素，但我吃鱼。", "王芳家平时吃素。"),
        ),
        counterexamples=("我们家楼下开了一家火锅店。", "我们去吃火锅了。"),
    ),
    Rule(
        id="zh.subject.living_with",
        language="zh",
        decision="subject",
        description=(
            "A person of the speaker's who lives with 我们 (我奶奶和我们住在一起) lives with the speaker: the 我们 "
            "becomes 我, so the statement is the speaker's household (王芳的奶奶和王芳住在一起)."
        ),
        pattern=Tokens(((*MY_PERSON, ADVERBS, word("和", "跟"), among(zh.WE), ADVERBS, among(zh.LIVING_TOGETHER)),)),
        output="we_as_speaker",
        examples=(
            Example("我奶奶和我们住在一起。", "王芳的奶奶和王芳住在一起。"),
            Example("我爷爷跟我们一起住。", "王芳的爷爷跟王芳一起住。"),
        ),
        counterexamples=("我们和奶奶一起吃饭。", "我奶奶和我们一起吃饭。"),
    ),
    Rule(
        id="zh.subject.we_opening",
        language="zh",
        decision="subject",
        description=(
            "In a person's own conversation, 我们 opening the statement as the one who acts includes the speaker, "
            "even beside 我 (我们周日去我爸妈家吃饭): judged as 我. A 我们 after the speaker's 我 (我觉得我们应该搬家) "
            "stays unclear."
        ),
        pattern=Tokens(((word("我们"), ADVERBS, {"POS": "VERB"}),)),
        output="includes_speaker",
        examples=(Example("我们每周日都去我爸妈家吃饭。", "王芳每周日都去王芳的爸妈家吃饭。"),),
        counterexamples=("我觉得我们应该搬家。",),
    ),
    Rule(
        id="zh.subject.restore_allergy",
        language="zh",
        decision="subject",
        description="A dropped 我 is restored before a statement that is an allergy and nothing else (花生过敏).",
        pattern=Tokens(
            (({"TAG": {"IN": sorted(NOUN_TAGS)}, "OP": "+"}, among(zh.ALLERGY), word("了", op="?")),), whole=True
        ),
        output="restore",
        examples=(Example("花生过敏。", "王芳花生过敏。"), Example("海鲜过敏，挺严重的。", "王芳海鲜过敏。")),
        counterexamples=("猫毛过敏的人很多。", "花粉过敏季节又到了。"),
    ),
    Rule(
        id="zh.subject.dated_happening",
        language="zh",
        decision="subject",
        description=(
            "A happening of the speaker's said as a bare phrase with its time (我明天早上的课, 我周五的航班) is one "
            "they have: 的 → 有 (我明天早上有课)."
        ),
        pattern=Tokens(
            ((word("我"), {**TIME, "OP": "+"}, word("的"), {"POS": "NOUN", "OP": "*"}, among(zh.EVENT_WORDS)),),
            whole=True,
        ),
        output="dated_have",
        examples=(
            Example("我明天早上的课。", "王芳明天早上有课。"),
            Example("我周五的航班", "王芳周五有航班。"),
        ),
        counterexamples=("我周五的航班改到了周六。", "我的体检预约在周四。"),
    ),
    Rule(
        id="zh.subject.first_person",
        language="zh",
        decision="subject",
        description="我 is the speaker's name wherever it stands (never 自己); a person word right after it takes 的.",
        pattern=Tokens(((word("我"),),), anchored=False),
        output="name",
        examples=(
            Example("我同桌抄了我的作业。", "王芳的同桌抄了王芳的作业。"),
            Example("我老公下周要提醒我交电费。", "王芳的老公下周要提醒王芳交电费。"),
        ),
        counterexamples=("自我介绍一下。",),
    ),
)
