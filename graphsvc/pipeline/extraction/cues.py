"""Cue tables of the offline memory extractor (:mod:`.offline`): which sentence is which memory type.

Cues follow the brief of seed 001 §3.2 (fact, preference, goal, pain_point, event), English and Chinese.
Confidence tiers: 0.9 explicit self-description ("I live in", "我住在"), 0.85 explicit preference/plan
verbs, 0.7-0.8 clear but less specific cues, 0.6 weak or indirect cues (habits, "I'm thinking of",
ongoing activities).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphsvc.vocabulary import MemoryType


@dataclass(frozen=True)
class Cue:
    """One classification rule: a sentence matching `pattern` is a `memory_type` memory."""

    memory_type: MemoryType
    pattern: re.Pattern[str]
    confidence: float


def _table(*rows: tuple[MemoryType, float, str]) -> tuple[Cue, ...]:
    return tuple(Cue(kind, re.compile(pattern, re.IGNORECASE), conf) for kind, conf, pattern in rows)


_NEG = r"(?<!not )(?<!never )(?<!no )(?<!n't )"
_EN_ADV = r"(?:(?:really|also|still|just|absolutely|totally|truly|do|actually|especially|sometimes)\s+)*"
_ZH_ADV = (
    r"(?:很|也|还|都|特别|非常|真的|最|比较|一直|挺|蛮|超|更|就|太|最近|现在|目前|其实|一定|今天|明天|下个?月|"
    r"下周|明年|今年|以后|将来|周末){0,4}"
)

# Every matching cue is a candidate; `offline.classify_sentence` keeps the most confident one.
EN_CUES: tuple[Cue, ...] = _table(
    (
        "pain_point",
        0.8,
        r"\b(?:I|we|my|me)\b[^.!?;]{0,30}?\b(?:struggl\w*|trouble|difficult(?:y|ies)?|"
        r"hard time|can'?t (?:figure out|seem to|sleep|focus|concentrate|stop)|procrastinat\w*|insomnia|"
        r"keep (?:forgetting|failing|losing|getting sick|messing up)|find (?:it|them) (?:hard|difficult)|"
        r"don'?t know (?:what to do|how to (?:solve|deal|handle|cope|improve|fix)))",
    ),
    (
        "pain_point",
        0.8,
        r"\b(?:forg[eo]t\w*|late|fail\w*|lost|broke|sick|argu\w*|fought|overslept|"
        r"missed)\b[^.!?]{0,30}\bagain\b",
    ),
    (
        "pain_point",
        0.8,
        r"\b(?:I|I'm|I've|my)\b[^.!?;]{0,25}?\balways\b[^.!?;]{0,20}\b(?:forget|late|fail|"
        r"mess|lose|tired|sick)",
    ),
    (
        "pain_point",
        0.7,
        rf"\b(?:I|I'm|I've|my|we)\b[^.!?;]{{0,30}}?{_NEG}\b(?:stress(?:ed|ful)?(?! relie)|"
        r"anxious|anxiety|worried|overwhelmed|frustrat\w*|lonely|depress\w*|helpless|exhausted|"
        r"burn(?:ed|t) out|tired of|sick of|scared|afraid|upset|pain(?:ful)?|hurts?|"
        r"not making (?:\w+ )?progress|"
        r"swamped|nervous|discomfort|stuck|hopeless|bored|feel\w* (?:a bit |a little |so |really )?down|"
        r"not (?:very )?confident|not capable|progress is (?:\w+ )?slow)\b",
    ),
    ("pain_point", 0.65, rf"\b(?:I|I'm|I've)\b[^.!?;]{{0,20}}?{_NEG}\b(?:confused|sad|(?:feel\w*|felt) lost)\b"),
    ("pain_point", 0.6, r"\bI (?:always|often|constantly|sometimes) (?:feel|felt|think)\b"),
    (
        "goal",
        0.85,
        r"\bI(?:'m| am)? (?:also |still |now )?(?:plan(?:ned|ning)? (?:to|on)|going to|gonna|"
        r"hop(?:e|ing) to|intend to|aim to|determined to|saving (?:up )?for)\b",
    ),
    (
        "goal",
        0.85,
        r"\bI(?:'d| would) (?:really |also )?(?:like|love) to\b|"
        r"\bI(?:'ve| have)? (?:just |finally )?decided to\b|^gonna\b|"
        r"\bwe(?:'re| are) (?:planning|going|hoping) to\b",
    ),
    (
        "goal",
        0.85,
        r"\b(?:my|our) (?:goal|dream|plan|resolution|aim)s? (?:is|are|was|for)\b|"
        r"\b(?:it's|it has|it's always) been (?:a|my) dream\b",
    ),
    (
        "goal",
        0.7,
        r"\bI (?:really |also |still |just )?(?:want(?:ed)? to|wanna|wish)\b|\bhoping to\b|"
        r"\bI(?:'m| am|'ve been) (?:looking to|looking forward to)\b|"
        r"\bI hope\b(?! (?:you|we|they|it|he|she|your)\b)",
    ),
    (
        "goal",
        0.6,
        r"\b(?:I|we)(?:'m|'re| am| are|'ve been| have been) (?:thinking (?:of|about)|considering) \w+ing\b|"
        r"\bI(?:'m| am) (?:also |now )?planning (?:a|an|my) (?:\w+ )?(?:trip|move|party|wedding|visit|vacation|"
        r"holiday|event|launch|workshop|fundraiser)\b|"
        r"\bI(?:'m| am) keen on\b",
    ),
    (
        "preference",
        0.85,
        rf"(?<!that )(?<!which )(?<!what )\bI {_EN_ADV}(?:love[ds]?|like[ds]?|"
        r"enjoy(?:ed|s)?|prefer(?:red)?|adore[ds]?|hate[ds]?|dislike[ds]?|detest)\b(?! (?:you|that idea)\b)",
    ),
    (
        "preference",
        0.85,
        r"\bI (?:don't|do not|didn't|never) (?:really )?(?:like|enjoy|love)\b|"
        r"\bI can'?t stand\b|\b(?:my|our) (?:all-time )?favou?rites?\b|\bis my favou?rite\b|"
        r"\bI(?:'m| am) (?:(?:also|really|so|totally|more|much more) )?(?:a )?(?:big |huge )?"
        r"(?:fan of|into|passionate about|obsessed with)\b|"
        r"\bI(?:'ve| have)? (?:always )?(?:had|have|got) (?:a |such a )?(?:real |deep |huge )?"
        r"(?:love|passion|soft spot) for\b",
    ),
    (
        "preference",
        0.6,
        r"\bI (?:usually|often|always|normally|generally|typically|regularly|tend to)\b|"
        r"\bevery (?:day|morning|evening|night|week|weekend)\b[^.!?]{0,20}\bI\b|\bI(?:'m| am) used to\b",
    ),
    (
        "fact",
        0.9,
        r"\bmy name is\b|\bI(?:'m| am) (?:originally )?from\b|\bI (?:currently )?live in\b|"
        r"\bI(?:'ve| have)? (?:grew up|was born|been living) in\b|"
        r"\bI(?:'m| am)? (?:currently )?work(?:ing)? (?:as|at|for)\b",
    ),
    (
        "fact",
        0.85,
        r"\bI (?:study|studied|majored in|major in|graduated from)\b|"
        r"\bI(?:'m| am) (?:studying|majoring|married|single|divorced|retired|pregnant|engaged|widowed)\b",
    ),
    (
        "fact",
        0.85,
        r"\bI(?:'m| am) (?:\w+ )?(?:allergic to|lactose intolerant|gluten intolerant|vegan|vegetarian|"
        r"diabetic|celiac|coeliac)\b|\bI (?:can'?t|cannot) (?:eat|have|drink|tolerate) (?!that\b|it\b|this\b)\w+",
    ),
    (
        "fact",
        0.75,
        r"\bI(?:'m| am) (?:now |also |officially )?(?:a )?(?:part|member) of (?:a|an|the|my|our)\b"
        r"(?! (?:problem|solution|reason)\b)",
    ),
    (
        "fact",
        0.85,
        r"\bI (?:have|own|adopted) (?:a|an|one|two|three|four|\d+) (?:\w+ )?(?:son|daughter|kid|"
        r"child|brother|sister|dog|cat|pet|husband|wife|partner|boyfriend|girlfriend|car|house|"
        r"apartment)s?\b",
    ),
    ("fact", 0.75, r"\bI(?:'m| am) (?:a|an) (?!bit\b|little\b|lot\b|big fan\b|huge fan\b|fan\b)\w+"),
    (
        "fact",
        0.7,
        r"\bI (?:can|could) (?:speak|play|cook|code|program|drive|swim|paint|draw|sing|dance|ski|"
        r"knit)\b|\bI (?:know how to|speak)\b|\bI(?:'m| am) (?:good|great|skilled) at\b",
    ),
    (
        "fact",
        0.65,
        r"\b(?:my|our) (?:wife|husband|partner|son|daughter|kids|children|child|mom|mother|dad|"
        r"father|parents|brother|sister|family|grandma|grandmother|grandpa|grandfather|boyfriend|girlfriend|"
        r"fianc[ée]e?|dog|cat|pet|boss|job|career|company|home|house|apartment|hometown)\b",
    ),
    (
        "fact",
        0.6,
        r"\bI(?:'ve| have)? been (?:learning|studying|reading|practi[cs]ing|working on|training|"
        r"taking|researching|writing|playing|volunteering)\b|"
        r"\bI(?:'m| am) (?:currently |now )?(?:learning|studying|reading|practi[cs]ing|training|working on|"
        r"taking|researching|writing)\b",
    ),
)

ZH_CUES: tuple[Cue, ...] = _table(
    (
        "pain_point",
        0.8,
        r"(?<!不)(?<!没)(?:困扰|焦虑|失眠|睡不着|头疼|头痛|拖延|力不从心|吃力|难懂|做不好|"
        r"学不会|应付不过来|不知道(?:该)?(?:怎么办|怎么做|怎么提高))",
    ),
    (
        "pain_point",
        0.8,
        r"总是[^，。！？]{0,10}(?:不|没|忘|拖|迟到|失败|出错|做不好)|"
        r"又[^，。！？]{0,6}(?:忘|迟到|失眠|生病|感冒|吵架|丢|坏|错|失败|胖|头疼|加班)",
    ),
    (
        "pain_point",
        0.7,
        r"(?<!不)(?<!没)(?:烦恼|心烦|烦躁|(?<!麻)烦(?!请)|压力[^，。！？]{0,3}大|迷茫|孤独|"
        r"无助|郁闷|抑郁|难过|犯愁|痛苦|难受|生病|不舒服|不适|紧张|压抑|困难|难以|障碍|找不到|跟不上|写不出|"
        r"无聊|进步[很太比较]{0,2}(?:慢|缓慢)|疲劳|疲惫|崩溃|不自信)",
    ),
    (
        "pain_point",
        0.6,
        r"(?<!不)(?:担心|害怕|困惑|(?<!积)累(?!积))|"
        r"我(?:经常|总是|常常|一直)(?:感觉|觉得|感到)",
    ),
    (
        "goal",
        0.85,
        rf"我{_ZH_ADV}(?:打算|计划|准备|决定|希望|梦想|期待|争取|立志|想要)|"
        r"我的(?:目标|梦想|计划|愿望)|(?<![你他她])希望(?!你|我们)",
    ),
    ("goal", 0.7, rf"我{_ZH_ADV}(?:想|要)(?!说|想|起|到|知道|问|请|听|了解|是|跟你|和你|象|法|我)"),
    ("goal", 0.6, r"我[^，。！？]{0,4}(?:考虑|在想|琢磨)(?:去|要|是否|换|找|买|学|搬)"),
    (
        "preference",
        0.85,
        rf"我{_ZH_ADV}(?:喜欢|爱(?!人|护|心)|热爱|讨厌|不喜欢|不爱|享受|偏爱|偏好|迷上|"
        r"痴迷|最爱|钟爱|受不了|反感|习惯)|最喜欢|是我的最爱|我的(?:兴趣|爱好)",
    ),
    ("preference", 0.6, rf"我{_ZH_ADV}(?:平时|一般|通常|经常|每天|总会|常常)"),
    (
        "fact",
        0.9,
        r"我(?:现在)?(?:住在|家在|来自)|我叫|我的名字(?:是|叫)|我的(?:职业|工作)是|"
        r"我(?:现在|目前|一直|已经)?在(?!思考|考虑|想|找|换|学习)[^，。！？]{1,12}?"
        r"(?:工作|上班|上学|读书|念书|实习)(?!的问题)",
    ),
    (
        "fact",
        0.85,
        r"我(?:已经)?(?:结婚|离婚|退休|毕业|怀孕)了|我(?:毕业于|就读于)|我是(?:一名|一个|一位)|"
        r"我是[^，。！？]{1,6}人(?=[，。！；]|$)",
    ),
    (
        "fact",
        0.75,
        r"我的(?:老婆|妻子|丈夫|老公|爱人|儿子|女儿|孩子|父亲|母亲|爸爸|妈妈|父母|哥哥|姐姐|"
        r"弟弟|妹妹|家人|男朋友|女朋友|男友|女友|未婚夫|未婚妻|宠物|狗|猫|老板|公司|家乡)|"
        r"我有(?:一|两|二|三|四|五|\d)(?:个|只|条|辆|套|位|名)",
    ),
    (
        "fact",
        0.7,
        r"我会(?:说|讲|弹|画|做饭|做菜|游泳|编程|写代码|开车|唱|跳舞|拉|吹|滑雪|下棋)|我擅长|"
        r"我是(?!说|不是|的|真|很|在|不|想|觉得|因为|为了)",
    ),
    ("fact", 0.6, rf"我{_ZH_ADV}(?:在|正在)(?:学习|学|读|看|练习|练|研究|写|尝试)"),
)

# Events: first person plus a past activity verb (message time), or a past time phrase (resolved time).
EN_PAST_ACTIVITY = re.compile(
    r"\b(?:I|we)(?!'ve got| have got)(?:'ve| have)?(?: (?:just|also|finally|recently|even|actually|already|"
    r"first))? (?:went|been to|visited|attended|got (?=(?:a|an|the|my|our|some|into|back|married|engaged|"
    r"promoted|home|accepted|hired|fired)\b)|had|made|met|finished|started|bought|took|moved|lost|won|"
    r"joined|saw|tried|learned|learnt|ran|traveled|travelled|watched|signed up|adopted|received|celebrated|"
    r"graduated|passed|painted|cooked|baked|came back|got back|returned|organi[sz]ed|hosted|completed|"
    r"quit|married|climbed|hiked|ate|flew|drove|volunteered|gave|chose|picked|wrote|read a|built)\b",
    re.IGNORECASE,
)
EN_PAST_VERB = re.compile(
    r"\b(?:I|we|my \w+)\s+(?:(?:\w+ly|just|also|even|finally)\s+)?(?:\w{2,}ed|was|were|went|got|had|made|met|"
    r"saw|took|ran|ate|came|gave|found|left|lost|won|felt|told|drove|flew|wrote|began|bought|brought|caught|"
    r"chose|fell|heard|kept|paid|sent|sold|spent|woke)\b",
    re.IGNORECASE,
)
EN_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|we|we're|we've|our|us)\b", re.IGNORECASE)
ZH_PAST_ACTIVITY = re.compile(
    rf"我(?:们)?{_ZH_ADV}[刚终于已经上周末昨天今天前天]{{0,4}}(?:去了|去过|参加了|看了|买了|"
    r"做了|学了|见了|到了|完成了|搬到|搬家|回了|拍了|认识了|拿到了|收到了|得到了|遇到了|结婚了|"
    r"毕业了|生病了|住院了|升职了|辞职了|换了|养了|报名了|旅游了|旅行了|爬了|跑了|参观了|尝试了|"
    r"试了|学会了|跑步了)"
)
ZH_PAST_MARKER = re.compile(r"了|(?<![难不好])过(?![得来去])")
ZH_SELF_REPORT_START = re.compile(r"^(?:最近|这几天|这段时间|近来|今天|感觉|总感觉|总是|有时候?|每次)")
EVENT_NOUNS = re.compile(
    r"appointment|interview|exam|meeting|wedding|party|trip|flight|surgery|concert|match|birthday|"
    r"deadline|test|面试|考试|会议|婚礼|聚会|旅行|航班|手术|演唱会|比赛|生日|约会",
    re.IGNORECASE,
)

EN_REMEDY = re.compile(
    r"\b(?:reliev\w*|reduc\w*|eas(?:e|es|ed|ing)|manag\w*|cop(?:e|es|ed|ing) with|deal(?:s|t|ing)? with|"
    r"overcom\w*|get(?:ting)? rid of|(?:help|helps|helped) (?:with|me with)|fight(?:s|ing)?|beat(?:s|ing)?|"
    r"prevent\w*|for|against|without|free of|less)\s+(?:(?:my|the|our|some|any|a|all|that|this)\s+)?(?:\w+\s+)?$|"
    r"^\s*(?:relief|management|reduction|reliever|free|-free)\b",
    re.IGNORECASE,
)
"""Words around a problem word that make it a remedy rather than a problem ("relieve stress", "stress relief",
"cope with anxiety"): the sentence talks about handling the problem, not about suffering it."""
ZH_REMEDY = re.compile(
    r"(?:缓解|减轻|减少|释放|排解|消除|应对|克服|治疗|预防|摆脱|减)[^，。！？]{0,2}$|^(?:的方法|的办法|的技巧)"
)
"""The Chinese counterpart: 缓解压力, 减压, 摆脱焦虑 are remedies, not pain points."""
