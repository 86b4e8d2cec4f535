"""Text that is not a statement worth keeping: prompt injection, fillers and questions (English and Chinese).

Shared by the offline memory extractor, the offline impression planner and the entity detector. The
messages that may be evidence at all are :func:`source_messages`: not the assistant's or the system's,
and with no instruction-like pattern (prompt injection drops the whole message).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from graphsvc.conversation import ConversationMessage
from graphsvc.vocabulary import NON_SOURCE_ROLES

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
    r"^(?:(?:hi|hello|hey|dear)(?: there| again)?(?:,?\s+[^,.!?;:]{1,30}?(?=\s*[,!.:;—–-]))?|"
    r"well|oh|ok(?:ay)?|hmm+|ha(?:ha)+|yes|yeah|"
    r"yep|no|wow|woah|so|also|actually|anyway|by the way|speaking of which|however|but|and|plus|honestly|"
    r"unfortunately|luckily|totally agree|sure|alright|right|great|cool|awesome|i see|that sounds \w+|"
    r"that's (?:a )?(?:good|great|nice) \w+)(?:,? (?-i:[A-Z][a-z]+))?\s*[,!.:;—–-]+\s*",
    re.IGNORECASE,
)
ZH_LEADING_FILLER = re.compile(
    r"^(?:(?:(?:你好|您好|嗨|哈喽|亲爱的|hi|hello)啊?[，, ]*"
    r"(?:(?![我你您他她它是在有很])[^，,！!。？?\s]){0,6}?(?=[，,！!。])|嗯|恩|呃|哦|噢|哇|啊|"
    r"哈哈+|好的|好吧|是的|是啊|对|没错|当然(?:可以)?|没问题|没关系|确实|好)[，,！!。、~～\s]+|"
    r"(?:对了|其实|另外|不过|而且|话说回来|说起来|说实话|然后|所以)[，,、\s]*)",
    re.IGNORECASE,
)
EN_FILLER = re.compile(
    r"^(?:thanks?|thank you|you're welcome|no problem|nice to meet|good to see|see you|bye|goodbye|"
    r"good night|have a (?:good|nice|great)|sounds (?:good|great)|(?:that's )?(?:a )?(?:good|great) idea|"
    r"i got it|got it|makes sense|you're (?:absolutely )?right|me too|same here|that's it)\b|"
    r"\bthank(?:s| you)\b|\b(?:(?:chat|chatting|chatted)(?= (?:with you|soon|later|again|more)\b|\s*[.!]*$)|"
    r"(?:nice|good|great|fun|lovely) (?:chatting|to chat|talking)|(?:our|this|last|the last) chat|"
    r"let['’]?s chat|talk(?:ing)? (?:to|with) you|talk again|stay in touch|"
    r"our conversation|your (?:advice|suggestions?|recommendations?|help|support|companionship|words)|"
    r"you (?:recommended|suggested|mentioned|shared)|(?:share \w+ |share )?with you|about you|"
    r"(?:grateful|thankful) (?:to|for) you|(?:let['’]?s|want to|wanna|like to|love to|need to|can|could) "
    r"(?:talk|chat) about|ask you|^your)\b|"
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
    r"我(?:知道|明白)了|记下来了|同感|好主意|有道理|你真是"
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
EN_ABOUT_LISTENER = re.compile(r"\b(?:you|your|yours|yourself|let['’]?s)\b", re.IGNORECASE)
"""A sentence about the listener or a suggestion to them ("you look great", "let's go") says nothing about the
speaker; "you know" as a filler is stripped before this is checked."""
EN_REACTION_START = re.compile(
    r"^(?:that|this|it)(?:['’]s| is| was| sounds| looks| must| seems)\s+(?:(?:so|really|very|such|a|an|pretty|"
    r"super|totally|absolutely|just|quite)\s+)*(?:awesome|amazing|great|cool|nice|wonderful|fantastic|lovely|"
    r"beautiful|incredible|sweet|fun|good|true|right|exciting|interesting|impressive|inspiring|tough|hard|sad|"
    r"crazy|insane|brilliant|perfect|huge|(?:a )?(?:great|good|nice|cool|smart) (?:idea|plan|point|one))\b|"
    r"^(?:what a|how (?:cool|nice|great|sweet|awesome|fun|lovely|amazing))\b|^(?:sounds|looks) (?:like|so|great|fun)\b",
    re.IGNORECASE,
)
"""A reaction to what the listener said ("That's awesome!", "Sounds fun") rather than a statement."""
GENERIC_STATEMENT = re.compile(
    r"\b(?:everyone|everybody|people|anyone|nobody|life|we all|you never know)\b|^(?:it['’]s|it is) (?:important|"
    r"nice|good|great|hard|tough|crazy|amazing|wild)|人们|大家|人生|生活就是",
    re.IGNORECASE,
)
"""A general remark about people or life, not about the speaker."""
_EN_STOP_WORDS = frozenset(
    """a an the and or but if so to of in on at by for with from as is am are was were be been being have has had
    do does did i me my mine we us our you your he him his she her it its they them their this that these those
    there here what which who whom when where why how all any both each few more most other some such no nor not
    only own same than too very can will just don should now also really just still even then about into over
    after before up down out off again once would could im ive id ill""".split()
)


def content_words(text: str) -> list[str]:
    """Lower-cased English words of ``text`` that are not function words (what a statement says)."""
    return [w for w in re.findall(r"[a-z]+", text.lower().replace("'", "")) if w not in _EN_STOP_WORDS]


TAG_QUESTION = re.compile(r"(?:\bright|isn't it|don't you think|对吧|是吧|对吗|好吗|怎么样)\s*[?？]\s*$", re.IGNORECASE)


def source_messages(messages: Sequence[ConversationMessage]) -> list[ConversationMessage]:
    """Messages that may be evidence: not assistant/system/AI (``NON_SOURCE_ROLES``), no injection pattern."""
    return [m for m in messages if m.role.strip().lower() not in NON_SOURCE_ROLES and not INJECTION.search(m.content)]
