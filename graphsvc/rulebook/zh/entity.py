"""Chinese: which kind a name is (decision ``entity_kind``), only with evidence.

As in English (:mod:`graphsvc.rulebook.en.entity`): the speaker, a word beside the name that puts it in a category
(我的朋友X, 我家的猫叫X, X公司, 一家公司叫X, X这边), 《》, the gazetteer (tag ``gazetteer``), or jieba's proper-noun tag
where the words around it agree (和X, X说). jieba's tag alone decides nothing: it calls 马拉松 a person's name. A
Chinese name no rule decides is no entity, except a capitalised Latin name (Flutter), which is a thing.
"""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Surface, Tokens
from graphsvc.rulebook.slots import Slot
from graphsvc.rulebook.zh.naming import (
    ANIMAL,
    CLAUSE_START,
    COMES_FROM,
    LIVES_IN,
    MY_HOME,
    NAME,
    NAME_PIECE,
    NAMING,
    PERSON_WORD,
    PROPER,
    PROPER_NAME,
    ending,
    named_as,
)
from graphsvc.rulebook.zh.shapes import DE_OPT, PERSON_NAME_TAGS, PUNCT, among, seq, word

_PERSON_TAG = {"TAG": {"IN": PERSON_NAME_TAGS}}
NAME_PIECES = Slot("name", {**NAME_PIECE, "OP": "+"})
_CITY = Slot("name", {"POS": {"IN": ["PROPN", "NOUN"]}})
_FOLLOWING_TAGS = {"t", "v", "p", "c", "uj", "ns"}
"""jieba's tags of what may follow a place's name (西安明天…, 贵阳的…, 杭州西湖); not a noun it modifies (青岛啤酒)."""

_NOT_NAME_TAGS = ["b", "m", "r"]
"""jieba's flags of words that are no name however they are tagged otherwise: a distinguishing word (同一个, 大型),
a number, a pronoun."""

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.entity_kind.speaker",
        language="zh",
        decision="entity_kind",
        description="说话的人是人；说话人自己说的名字也是人名（我叫…、我的名字是…）。",
        pattern=Tokens(
            (seq(word("我"), NAMING, NAME), seq(word("我"), DE_OPT, word("名字"), word("是", "叫"), NAME)),
            anchored=False,
        ),
        output="person",
        confidence=1.0,
        examples=(Example("我的名字是陈小雨。", "陈小雨 (person)"), Example("你好！", "王芳 (person)")),
        counterexamples=("我叫了外卖。",),
        tags=frozenset({"speaker"}),
    ),
    Rule(
        id="zh.entity_kind.person_word",
        language="zh",
        decision="entity_kind",
        description="说明与某人关系的名字是人名：我的朋友张伟、我姐姐叫李梅、领导叫孙建平、张伟的妹妹、他叫周国栋。",
        pattern=Tokens(
            (
                *named_as((), PERSON_WORD),
                seq(PROPER_NAME, word("的"), PERSON_WORD),
                seq(among(zh.THIRD_PERSON), NAMING, NAME),
            ),
            anchored=False,
        ),
        output="person",
        confidence=0.95,
        examples=(
            Example("我的朋友张伟在北京工作。", "张伟 (person)"),
            Example("我外孙叫小满，今年上小学了。", "小满 (person)"),
            Example("下周开会，领导叫孙建平。", "孙建平 (person)"),
            Example("他叫周国栋，今年六十八了。", "周国栋 (person)"),
            Example("我的朋友Tom在北京工作。", "Tom (person)"),
        ),
        counterexamples=("我妈妈手术很顺利。", "我的朋友都说好。", "今天跟领导汇报了工作。"),
    ),
    Rule(
        id="zh.entity_kind.animal",
        language="zh",
        decision="entity_kind",
        description="给动物起的名字是动物：我家的猫叫年糕、养了一只狗叫豆豆。",
        pattern=Tokens(
            (
                seq(ANIMAL, CLAUSE_START, NAMING, NAME),
                seq(MY_HOME, ANIMAL, PROPER_NAME),
            ),
            anchored=False,
        ),
        output="animal",
        confidence=0.95,
        examples=(Example("我家的猫叫年糕。", "年糕 (animal)"), Example("我养了一只狗，叫豆豆。", "豆豆 (animal)")),
        counterexamples=("我家的猫生病了。",),
    ),
    Rule(
        id="zh.entity_kind.title",
        language="zh",
        decision="entity_kind",
        description="书名号里的是作品（《平凡的世界》）。",
        pattern=Surface(r"《(?P<value>[^》]{1,30})》"),
        output="work",
        confidence=0.9,
        examples=(
            Example("我最近在读《山间小路》。", "山间小路 (work)"),
            Example("我最近在读一本英文书，叫《Atomic Habits》，写得很好。", "Atomic Habits (work)"),
        ),
        counterexamples=("我最近在练吉他。",),
    ),
    Rule(
        id="zh.entity_kind.organization_word",
        language="zh",
        decision="entity_kind",
        description="以机构词结尾或被称作公司的名字是机构：仁和医院、清华大学、一家公司叫青禾。",
        pattern=Tokens(
            (
                seq(
                    Slot("name", {"POS": {"IN": ["PROPN", "X"]}, "TAG": {"NOT_IN": _NOT_NAME_TAGS}}),
                    Slot("name", {"POS": {"IN": ["PROPN", "NOUN", "X"]}, "OP": "*"}),
                    Slot("name", among(zh.ORGANIZATION_SUFFIXES)),
                ),
                seq(
                    Slot("name", {**PROPER, **ending(zh.ORGANIZATION_SUFFIXES)}),
                ),
                seq(among(zh.ORGANIZATION_WORDS), CLAUSE_START, NAMING, NAME),
            ),
            anchored=False,
        ),
        output="organization",
        confidence=0.9,
        examples=(
            Example("我老伴下个月在仁和医院做手术。", "仁和医院 (organization)"),
            Example("我表哥开了一家做咖啡的公司，叫青禾。", "青禾 (organization)"),
        ),
        counterexamples=("我爸在医院工作。", "我外孙今年上幼儿园了。", "我们在同一个公司上班。"),
    ),
    Rule(
        id="zh.entity_kind.employer",
        language="zh",
        decision="entity_kind",
        description="在某处工作、上学，那里（jieba 标成专名、不是地名）是机构：在华为工作、在仁和医院实习。",
        pattern=Tokens(
            (
                seq(
                    word("在"),
                    Slot("name", {**PROPER, "TAG": {"IN": ["nz", "nt", "nr", "j"]}}),
                    among(zh.WORKING | zh.STUDYING),
                ),
            ),
            anchored=False,
        ),
        output="organization",
        confidence=0.85,
        examples=(Example("我现在在华为工作。", "华为 (organization)"),),
        counterexamples=("我在北京工作。",),
    ),
    Rule(
        id="zh.entity_kind.native_place",
        language="zh",
        decision="entity_kind",
        description="“我是X人”的X，若在地名词典里，是地方（jieba 把“昆明人”切成一个词，所以按字面形式匹配）。",
        pattern=Surface(r"是(?P<value>[\u4e00-\u9fff]{2,4}?)人"),
        output="place",
        confidence=0.9,
        examples=(Example("我是昆明人。", "昆明 (place)"),),
        counterexamples=("我是个急性子的人。",),
        tags=frozenset({"gazetteer"}),
    ),
    Rule(
        id="zh.entity_kind.home",
        language="zh",
        decision="entity_kind",
        description="住在、搬到、来自的地方，老家所在，是地方：我住在滨江、我老家在湖南。",
        pattern=Tokens((*LIVES_IN, *COMES_FROM), anchored=False),
        output="place",
        confidence=0.9,
        examples=(Example("我老家在湖南。", "湖南 (place)"), Example("我上个月搬到了鹿溪。", "鹿溪 (place)")),
        counterexamples=("我住在我妹妹家。", "我住在老城区。"),
    ),
    Rule(
        id="zh.entity_kind.city",
        language="zh",
        decision="entity_kind",
        description="地名词典里的地方，在“在、去、到、从”之后，或后面跟着标点、时间、动词、“的”时，是地方（去成都、"
        "杭州周末…）；“青岛啤酒”是啤酒。",
        pattern=Tokens(
            (
                seq(among(zh.GOING | {"在"}), word("了", op="?"), _CITY),
                seq(_CITY, PUNCT),
                seq(_CITY, {"TAG": {"IN": sorted(_FOLLOWING_TAGS)}}),
                seq(_CITY, among(zh.NEARBY)),
            ),
            anchored=False,
        ),
        output="place",
        confidence=0.9,
        examples=(Example("我下周去成都出差。", "成都 (place)"),),
        counterexamples=("我住在老城区。", "我爱喝青岛啤酒。"),
        tags=frozenset({"gazetteer"}),
    ),
    Rule(
        id="zh.entity_kind.place_word",
        language="zh",
        decision="entity_kind",
        description="以地名字结尾的专名、或后面跟着“这边、附近”的地名是地方：上海市、天目山、滨江那边。",
        pattern=Tokens(
            (
                seq(
                    Slot("name", {**PROPER, **ending(zh.PLACE_SUFFIXES), "LENGTH": {">=": 3}}),
                ),
                seq(Slot("name", {"POS": {"IN": ["PROPN", "X"]}}), Slot("name", among(zh.PLACE_SUFFIXES))),
                seq(Slot("name", {**PROPER, "TAG": "ns"}), among(zh.NEARBY)),
                seq(among(zh.GOING), Slot("name", {**PROPER, "TAG": "ns"})),
                seq(among(zh.GOING), word("了", op="?"), NAME_PIECES, Slot("name", among(zh.PLACE_SUFFIXES))),
            ),
            anchored=False,
        ),
        output="place",
        confidence=0.85,
        examples=(
            Example("我们去了天目山。", "天目山 (place)"),
            Example("我周末常去滨江那边跑步。", "滨江 (place)"),
            Example("我的同事也去了绿禾公园。", "绿禾公园 (place)"),
        ),
        counterexamples=("我在门口等你。", "我们去湖泊边散步。"),
    ),
    Rule(
        id="zh.entity_kind.person_context",
        language="zh",
        decision="entity_kind",
        description="jieba 标成人名、且前后文也像人（和X、跟X、X说）的名字是人名。",
        pattern=Tokens(
            (
                seq(among(zh.WITH), Slot("name", {**PROPER, **_PERSON_TAG})),
                seq(Slot("name", {**PROPER, **_PERSON_TAG}), among(zh.PERSON_VERBS)),
            ),
            anchored=False,
        ),
        output="person",
        confidence=0.85,
        examples=(
            Example("上周我和王建国一起去了杭州。", "王建国 (person)"),
            Example("周末和王小鹿去看了场电影。", "王小鹿 (person)"),
        ),
        counterexamples=("我每天早上跑马拉松。", "我跟陈可约了周六吃饭。"),
    ),
    Rule(
        id="zh.entity_kind.latin_name",
        language="zh",
        decision="entity_kind",
        description="中文句子里首字母大写的外文名是事物（Flutter、Python）。",
        pattern=Tokens(((Slot("name", {"TAG": "eng", "IS_TITLE": True, "LENGTH": {">=": 2}}),),), anchored=False),
        output="thing",
        confidence=0.5,
        examples=(Example("我在学Flutter。", "Flutter (thing)"),),
        counterexamples=("这顿饭我们AA吧。",),
    ),
)
"""Every Chinese entity_kind rule; the most confident of those deciding a name wins (then the first)."""
