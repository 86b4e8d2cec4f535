"""Pattern tables for the offline rule-based extractor (`offline_extract`), English and Chinese.

Everything here is data plus the small date helpers the relative-time table needs; the control flow
lives in `offline_extract`. Cues follow the brief of seed 001 §3.2 (fact, preference, goal, pain_point,
event). Confidence tiers: 0.9 explicit self-description ("I live in", "我住在"), 0.85 explicit
preference/plan verbs, 0.7-0.8 clear but less specific cues, 0.6 weak or indirect cues (habits,
"I'm thinking of", ongoing activities).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from graphsvc.pipeline.extraction import MemoryType

Language = Literal["en", "zh"]


@dataclass(frozen=True)
class Cue:
    """One classification rule: a sentence matching `pattern` is a `memory_type` memory."""

    memory_type: MemoryType
    pattern: re.Pattern[str]
    confidence: float


def _table(*rows: tuple[MemoryType, float, str]) -> tuple[Cue, ...]:
    return tuple(Cue(kind, re.compile(pattern, re.IGNORECASE), conf) for kind, conf, pattern in rows)


_NEG = r"(?<!not )(?<!never )(?<!no )(?<!n't )(?<!relieve )(?<!reduce )(?<!relieve my )(?<!reduce my )"
_EN_ADV = r"(?:(?:really|also|still|just|absolutely|totally|truly|do|actually|especially|sometimes)\s+)*"
_ZH_ADV = (
    r"(?:很|也|还|都|特别|非常|真的|最|比较|一直|挺|蛮|超|更|就|太|最近|现在|目前|其实|一定|今天|明天|下个?月|"
    r"下周|明年|今年|以后|将来|周末){0,4}"
)

# Every matching cue is a candidate; `offline_extract.classify_sentence` keeps the most confident one.
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
        r"\bI(?:'m| am) (?:a )?(?:big |huge )?(?:fan of|into|passionate about|obsessed with)\b",
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

# Text that must never become a memory: prompt injection (the whole message is dropped), fillers, questions.
INJECTION = re.compile(
    r"ignore (?:all |any )?(?:the )?(?:previous|prior|above|earlier|preceding) (?:instructions|prompts?|"
    r"rules)|disregard (?:all |any )?(?:the )?(?:previous|prior|above|your) (?:instructions|rules)|"
    r"\b(?:store|save|remember)\b[^.!?]{0,80}\bas (?:a )?(?:fact|memory)|system prompt|developer mode|"
    r"new instructions|jailbreak|\byou are now\b|"
    r"忽略(?:之前|以上|前面|上面|先前|所有)的?(?:所有)?(?:指令|指示|提示|规则|说明)|系统提示|"
    r"(?:记住|存储|保存|存为|记录)[^。！？]{0,40}(?:作为|当作|当成|为)(?:一条)?(?:事实|记忆)|"
    r"(?:作为|当作|当成)(?:一条)?(?:事实|记忆)(?:记住|存储|保存|记下|记录)",
    re.IGNORECASE,
)
EN_LEADING_FILLER = re.compile(
    r"^(?:(?:hi|hello|hey)(?: there| again)?(?:,? ai companion)?|well|oh|ok(?:ay)?|hmm+|ha(?:ha)+|yes|yeah|"
    r"yep|no|wow|woah|so|also|actually|anyway|by the way|speaking of which|however|but|and|plus|honestly|"
    r"unfortunately|luckily|totally agree|sure|alright|right|great|cool|awesome|i see|that sounds \w+|"
    r"that's (?:a )?(?:good|great|nice) \w+)(?:,? (?-i:[A-Z][a-z]+))?\s*[,!.:;—–-]+\s*",
    re.IGNORECASE,
)
ZH_LEADING_FILLER = re.compile(
    r"^(?:(?:(?:你好|您好|嗨|哈喽|hi|hello)啊?[，, ]*(?:AI伴侣|朋友)?|嗯|恩|呃|哦|噢|哇|啊|"
    r"哈哈+|好的|好吧|是的|是啊|对|没错|当然(?:可以)?|没问题|没关系|确实|好)[，,！!。、~～\s]+|"
    r"(?:对了|其实|另外|不过|而且|话说回来|说起来|说实话|然后|所以)[，,、\s]*)",
    re.IGNORECASE,
)
EN_FILLER = re.compile(
    r"^(?:thanks?|thank you|you're welcome|no problem|nice to meet|good to see|see you|bye|goodbye|"
    r"good night|have a (?:good|nice|great)|sounds (?:good|great)|(?:that's )?(?:a )?(?:good|great) idea|"
    r"i got it|got it|makes sense|you're (?:absolutely )?right|me too|same here|that's it)\b|"
    r"\bthank(?:s| you)\b|\b(?:chat|chatting|chatted|talk(?:ing)? (?:to|with) you|talk again|stay in touch|"
    r"our conversation|your (?:advice|suggestions?|recommendations?|help|support|companionship|words)|"
    r"you (?:recommended|suggested|mentioned|shared)|ai companion|(?:share \w+ |share )?with you|about you|"
    r"(?:grateful|thankful) (?:to|for) you|(?:talk|chat) about|ask you|^your)\b|"
    r"\b(?:want|going|plan|like) to try (?:it|that|this|them)\b|"
    r"\bI(?:'ll| will| would| shall) (?:\w+ )?(?:try (?:it|that|them|this|to)|give (?:it|them|that|this) "
    r"a try|check (?:it|them|those|these|that) out|check out (?:these|those|the)|take a look|look into it|"
    r"keep (?:\w+ )*in mind|consider (?:it|that|your|this|\w+ing)|follow (?:them|your|these)|"
    r"do my best|think about it)\b",
    re.IGNORECASE,
)
ZH_FILLER = re.compile(
    r"谢谢|感谢|不客气|很高兴认识|再见|明天见|下次再聊|再聊|聊天|聊聊|保持联系|你的建议|你的推荐|"
    r"你推荐|你说的|你说得|请教|问你|感激你|(?:和|跟)你(?:分享|聊|谈)|谈一谈|谈论|今天先到这|"
    r"我[会将][去再好好认真]*(?:试试|试一试|尝试|考虑|注意|去看看|看看|记住|照做|遵守|努力|实践)|"
    r"我(?:知道|明白)了|记下来了|同感|好主意|有道理|AI伴侣|你真是"
)
EN_QUESTION_START = re.compile(
    r"^(?:what|how|why|when|where|who|which|whose|any (?:other )?(?:advice|ideas|tips|suggestions))\b|"
    r"^(?:do|does|did|can|could|would|will|should|is|are|was|were|have|has|shall)\s+"
    r"(?:you|we|i|it|there|they|he|she|this|that)\b",
    re.IGNORECASE,
)
EN_QUESTION_CLAUSE = re.compile(
    r"^\s*(?:right|isn't it|don't you think|any|anything|what|how|why|where|who|which|"
    r"(?:do|does|did|can|could|would|will|should|is|are|have)\s+(?:you|we|i|it|there))\b",
    re.IGNORECASE,
)
ZH_QUESTION_END = re.compile(r"(?:吗|么|嘛)[~～\s]*$|(?:你|您|什么|怎么|哪|谁|是否|有没有)[^，。]*呢[~～\s]*$")
ZH_QUESTION_CLAUSE = re.compile(r"你|您|吗|呢|什么|怎么|哪|是否|有没有|多少|几|对吧|是吧")
TAG_QUESTION = re.compile(r"(?:\bright|isn't it|don't you think|对吧|是吧|对吗|好吗|怎么样)\s*[?？]\s*$", re.IGNORECASE)

# Importance cues (seed 001 / M.1): each category counts once, whatever the number of matching words.
IMPORTANCE_BASE: dict[MemoryType, float] = {
    "fact": 0.6,
    "preference": 0.5,
    "goal": 0.7,
    "pain_point": 0.7,
    "event": 0.5,
}
IMPORTANCE_CUES: tuple[tuple[float, re.Pattern[str]], ...] = tuple(
    (delta, re.compile(pattern, re.IGNORECASE))
    for delta, pattern in (
        (0.2, r"\b(?:died|passed away|death|funeral|lost my \w+)\b|去世|离世|葬礼|过世"),
        (
            0.15,
            r"\b(?:health|sick|ill|hospital|doctor|cancer|surgery|diagnos\w*|pregnan\w*|injur\w*|"
            r"therapy|depress\w*)\b|健康|生病|医院|手术|怀孕|受伤|抑郁|确诊",
        ),
        (
            0.15,
            r"\b(?:wedding|married|engaged|divorc\w*|graduat\w*|born|birth|adopt\w*)\b|结婚|婚礼|"
            r"离婚|订婚|毕业|出生|领养",
        ),
        (
            0.1,
            r"\b(?:wife|husband|son|daughter|kids?|children|mom|mother|dad|father|parents|family|"
            r"baby|partner)\b|老婆|妻子|丈夫|老公|儿子|女儿|孩子|父母|家人|妈妈|爸爸|宝宝",
        ),
        (
            0.1,
            r"\b(?:job|jobs|career|work|promotion|boss|fired|hired|interview|salary|colleague)\b|"
            r"工作|职业|升职|薪资|工资|面试|辞职|跳槽|老板|同事",
        ),
        (0.1, r"\b(?:money|debt|loan|mortgage|rent|savings|budget)\b|钱|贷款|房贷|债|存款|房租"),
        (0.1, r"\b(?:move|moved|moving|relocat\w*)\b|搬家|搬到"),
        (
            -0.15,
            r"\b(?:weather|dinner|lunch|breakfast|snack|tv|nap|coffee|bed)\b|天气|晚饭|午饭|早饭|"
            r"睡觉|零食|吃饭",
        ),
    )
)


# ---- relative time ----------------------------------------------------------------------------------

Resolver = Callable[[re.Match[str], datetime], datetime]

_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAYS_ZH = "一二三四五六日"
_MONTHS_EN = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_NUMBERS_EN = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "a couple of": 2,
    "a few": 3,
    "few": 3,
    "several": 3,
}
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_UNIT_S = {
    "minute": 60,
    "分钟": 60,
    "hour": 3600,
    "小时": 3600,
    "个小时": 3600,
    "day": 86400,
    "天": 86400,
    "日": 86400,
    "week": 604800,
    "周": 604800,
    "星期": 604800,
    "个星期": 604800,
}


def zh_number(text: str) -> int:
    """Parse 1-99 written as digits or Chinese numerals ("三", "十二", "二十五"); "几" (a few) reads as 3."""
    if text.isdigit():
        return int(text)
    if text == "几":
        return 3
    if "十" in text:
        tens, _, units = text.partition("十")
        return _ZH_DIGITS.get(tens, 1) * 10 + _ZH_DIGITS.get(units, 0)
    return _ZH_DIGITS.get(text, 0)


def add_months(moment: datetime, months: int) -> datetime:
    """Shift by whole months, clamping the day (31 March - 1 month = 28/29 February)."""
    index = moment.month - 1 + months
    year, month = moment.year + index // 12, index % 12 + 1
    return moment.replace(year=year, month=month, day=min(moment.day, calendar.monthrange(year, month)[1]))


def _shift(unit: str, amount: int, ref: datetime) -> datetime:
    if unit in ("month", "个月", "月"):
        return add_months(ref, amount)
    if unit in ("year", "年"):
        return add_months(ref, 12 * amount)
    return ref + timedelta(seconds=_UNIT_S[unit] * amount)


def _days(n: int) -> Resolver:
    return lambda m, ref: ref + timedelta(days=n)


def _months(n: int) -> Resolver:
    return lambda m, ref: add_months(ref, n)


def _week_day(weeks: int, day: int | None = None) -> Resolver:
    """Day `day` (0 = Monday; None: the weekday named in group 1, 一…日/天) of the Monday-based week
    `weeks` away from the reference's week."""

    def resolve(m: re.Match[str], ref: datetime) -> datetime:
        named = day if day is not None else _WEEKDAYS_ZH.find(m.group(1).replace("天", "日"))
        return ref + timedelta(days=7 * weeks + named - ref.weekday())

    return resolve


def _last_weekday_en(m: re.Match[str], ref: datetime) -> datetime:
    back = (ref.weekday() - _WEEKDAYS_EN.index(m.group(1).lower())) % 7 or 7
    return ref - timedelta(days=back)


def _next_weekday_en(m: re.Match[str], ref: datetime) -> datetime:
    return ref + timedelta(days=(_WEEKDAYS_EN.index(m.group(1).lower()) - ref.weekday()) % 7 or 7)


def _ago_en(m: re.Match[str], ref: datetime) -> datetime:
    amount = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS_EN[m.group(1).lower()]
    return _shift(m.group(2).lower(), -amount, ref)


def _ago_zh(m: re.Match[str], ref: datetime) -> datetime:
    if m.group(1) == "半":
        return ref - timedelta(days=15) if m.group(2) == "个月" else add_months(ref, -6)
    return _shift(m.group(2), -zh_number(m.group(1)), ref)


def _later_zh(m: re.Match[str], ref: datetime) -> datetime:
    return _shift(m.group(2), zh_number(m.group(1)), ref)


def _date_en(m: re.Match[str], ref: datetime) -> datetime:
    year = int(m.group(3)) if m.group(3) else ref.year
    return ref.replace(year=year, month=_MONTHS_EN[m.group(1).lower()], day=int(m.group(2)))


def _date_zh(m: re.Match[str], ref: datetime) -> datetime:
    year = int(m.group(1)) if m.group(1) else ref.year
    return ref.replace(year=year, month=int(m.group(2)), day=int(m.group(3)))


_WD_EN = "(" + "|".join(_WEEKDAYS_EN) + ")"
_MONTH_EN = "(" + "|".join(_MONTHS_EN) + ")"
_NUM_EN = r"(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few|few|several)"
_NUM_ZH = r"(\d+|[一二两三四五六七八九十几]{1,3})"
_WEEK_ZH = r"个?(?:周|星期|礼拜)"
_THIS_ZH = r"(?:这|本)"

# Searched all at once; the earliest match wins, then the longest ("上周五" over "上周").
TIME_PHRASES: tuple[tuple[re.Pattern[str], Resolver], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), resolver)
    for pattern, resolver in (
        (r"\bthe day before yesterday\b", _days(-2)),
        (r"\b(?:yesterday|last night)\b", _days(-1)),
        (r"\bthe day after tomorrow\b", _days(2)),
        (r"\btomorrow\b", _days(1)),
        (r"\b(?:today|tonight|this (?:morning|afternoon|evening|week|month|year)|earlier today|just now)\b", _days(0)),
        (rf"\b(?:last|this past|past) {_WD_EN}\b", _last_weekday_en),
        (rf"\bnext {_WD_EN}\b", _next_weekday_en),
        (r"\b(?:last|this past) weekend\b", _week_day(-1, 5)),
        (r"\bthis weekend\b", _week_day(0, 5)),
        (r"\bnext weekend\b", _week_day(1, 5)),
        (r"\blast week\b", _days(-7)),
        (r"\bnext week\b", _days(7)),
        (r"\blast month\b", _months(-1)),
        (r"\bnext month\b", _months(1)),
        (r"\blast year\b", _months(-12)),
        (r"\bnext year\b", _months(12)),
        (rf"\b{_NUM_EN} (minute|hour|day|week|month|year)s? ago\b", _ago_en),
        (rf"\b(?:on )?{_MONTH_EN}\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?\b", _date_en),
        ("大前天", _days(-3)),
        ("前天", _days(-2)),
        ("昨天|昨晚|昨日|昨儿", _days(-1)),
        ("大后天", _days(3)),
        ("后天", _days(2)),
        ("明天|明早|明晚", _days(1)),
        ("今天|今晚|今早|今日|刚刚|刚才", _days(0)),
        (f"上{_WEEK_ZH}末", _week_day(-1, 5)),
        (f"{_THIS_ZH}{_WEEK_ZH}末", _week_day(0, 5)),
        (f"下{_WEEK_ZH}末", _week_day(1, 5)),
        (f"上{_WEEK_ZH}([一二三四五六日天])", _week_day(-1)),
        (f"{_THIS_ZH}{_WEEK_ZH}([一二三四五六日天])", _week_day(0)),
        (f"下{_WEEK_ZH}([一二三四五六日天])", _week_day(1)),
        (f"上{_WEEK_ZH}", _days(-7)),
        (f"下{_WEEK_ZH}", _days(7)),
        ("上个?月", _months(-1)),
        ("下个?月", _months(1)),
        ("前年", _months(-24)),
        ("去年", _months(-12)),
        ("明年", _months(12)),
        (_NUM_ZH + r"(分钟|个小时|小时|天|日|个星期|星期|周|个月|年)(?:之|以)?前", _ago_zh),
        (r"(半)(个月|年)(?:之|以)?前", _ago_zh),
        (_NUM_ZH + r"(天|个星期|星期|周|个月|年)(?:之|以)?后", _later_zh),
        (r"(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号]", _date_zh),
    )
)


# ---- entities ---------------------------------------------------------------------------------------

CAPITALISED_STOPWORDS = frozenset(
    """i i'm i've i'd i'll a an the this that these those it it's its my your our his her their we you he
    she they me us them today yesterday tomorrow tonight monday tuesday wednesday thursday friday saturday
    sunday mon tue tues wed thu thur thurs fri sat sun january february march april may june july august
    september october november december hi hello hey thanks thank wow oh well yes yeah yep no okay ok ai
    also but and so anyway actually recently lately hmm haha what how why when where who which do does did
    can could would should will is are was were have has if then there here just not maybe sure great good
    nice cool awesome totally really lol omg mr mrs ms dr english chinese french spanish german japanese
    korean american british cantonese sichuan mandarin gonna let let's please sorry congrats
    congratulations after before since during by for with from in on at to of as or nor every all some any
    many much more most one two three first last next however although though besides finally now later
    unfortunately luckily hopefully honestly sometimes because while once perhaps companion western eastern
    """.split()
)
EN_PLACE_SUFFIXES = frozenset(
    """park street st road avenue ave city town village island lake river mountain mountains mount beach bay
    valley museum square bridge canyon falls forest county state province airport station hotel restaurant
    cafe garden gardens zoo mall gallery center centre""".split()
)
EN_ORG_SUFFIXES = frozenset(
    """inc corp corporation company co ltd llc university college school academy institute bank group club
    association foundation hospital clinic agency church society studio studios team""".split()
)
EN_PERSON_BEFORE = re.compile(
    r"(?:\b(?:my|our|his|her) (?:best )?(?:friends?|sister|brother|mom|mother|dad|father|son|daughter|wife|"
    r"husband|partner|boss|colleague|coworker|cousin|aunt|uncle|grandma|grandpa|neighbou?r|teacher|coach|"
    r"boyfriend|girlfriend)|\b(?:with|met|by|named|hey|hi|hello|thanks|dear|told|asked|name is|I'm|"
    r"call me))[\s,]*$",
    re.IGNORECASE,
)
EN_PLACE_BEFORE = re.compile(
    r"\b(?:in|at|from|near|visited|visiting|visit|around|across|(?:go|went|going|gone|been|moved|move|trip|"
    r"travell?ed|flew|drove|back|came|way) to)\s*$",
    re.IGNORECASE,
)
_NAME_WORD = r"[A-Z][A-Za-zÀ-ÖØ-öø-ÿ0-9’'&.-]*"
EN_CAPITALISED_SPAN = re.compile(rf"(?<![A-Za-z0-9'’]){_NAME_WORD}(?:\s+(?:(?:of|the|de|la)\s+)?{_NAME_WORD})*")
QUOTED_TITLE = re.compile(r"[\"“]([A-Z][^\"”]{1,60})[\"”]|《([^》]{1,30})》")

_ZH_SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵万钱严覃武戴莫孔向汤焦宫"
)
ZH_RELATION_NAME = re.compile(
    r"我(?:的)?(?:好)?(?:朋友|同事|同学|老婆|妻子|丈夫|老公|儿子|女儿|老板|男朋友|女朋友|哥哥|"
    r"姐姐|弟弟|妹妹|室友|邻居|老师|教练)(?:叫|是)?([" + _ZH_SURNAMES + r"小老阿][\u4e00-\u9fff]{1,2}?)"
    r"(?=[和跟昨今也都去在是说很给的了把被一最还又要想会让带请住来喜做从到，。！？、\s]|$)"
)
ZH_SELF_NAME = re.compile(
    r"(?:我叫|我的名字(?:是|叫)|我是(?=[" + _ZH_SURNAMES + r"]))([\u4e00-\u9fff]{2,4})"
    r"(?=[，。！？、\s,.!]|$)"
)
_ZH_NAME_CHAR = (
    r"(?:(?![的了和在是去我你他她们这那个些很也都就着过吧呢吗啊爬登玩看逛吃买做学走一当某附近])[\u4e00-\u9fff])"
)
ZH_PLACE = re.compile(
    r"(?:住在|去了|去过|来自|到了|搬到|回到|在|去|到|是)(?:一次|一趟)?"
    rf"({_ZH_NAME_CHAR}{{1,8}}(?:大学|学院|公司|公园|博物馆|医院|中学|小学|餐厅|机场|广场|海滩|古镇)|"
    rf"{_ZH_NAME_CHAR}{{2,8}}[市省县区镇村路街山岛湖寺屿])"
)
ZH_ORG_SUFFIXES = ("大学", "学院", "公司", "医院", "中学", "小学")
