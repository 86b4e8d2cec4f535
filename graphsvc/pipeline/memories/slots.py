"""Slots: what a memory is a value of, so a newer value can supersede an older one (issue 12).

A slot is a snake_case key naming one attribute of one subject that holds a single value at a time: where
someone lives (``lives_in``), their job (``occupation``), employer (``works_at``), partner (``partner``),
relationship status, name, age, a pet's name (``dog.name``), how they feel about a thing
(``likes:sushi``: "I love sushi" and "I don't like sushi any more" are two values of it). The keys the entity
pipeline uses for features (``lives_in``, ``from``, ``occupation``, ``works_at``; :mod:`graphsvc.pipeline.
impressions.offline`) are slot keys too, so a memory and the feature it echoes name the same attribute.

Where a slot comes from, in order: the extractor's answer (the LLM contract's optional ``slot``; a caller's
``remember(slot:)``), else the rules below, which know a few first-person patterns in English and Chinese
(:func:`offline_slot`) and statements about someone named (:func:`third_person_slot`: "Mia lives in Porto."
has subject ``mia``, slot ``lives_in``). Where none knows, the memory has no slot of its own; a near duplicate
that changes its value still shares one with it (:mod:`.dedup`, issue 21).

The subject is the memory's speaker, read from a ``"Speaker: statement"`` prefix (:func:`split_speaker`), so
"Ana: I live in Lisbon" and "Ines: I live in Paris" are different subjects; a memory without a speaker prefix
is about the user. The offline extractor's memories stand alone ("Ana lives in Lisbon.", issue 14), so the
rules read its ``stated_as`` (the sentence as said, behind the speaker's name) instead of the memory's text.
The rules also return the value (normalised), so two wordings of the same value ("I live in Lisbon" / "I
currently live in Lisbon.") are not a change of value.

Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphsvc import keys
from graphsvc.pipeline.memories.restatement import zh_number
from graphsvc.rulebook.lexicon import alternation, en, zh
from graphsvc.text.language import detect_language
from graphsvc.vocabulary import MemoryType

MAX_SLOT_CHARS = 80
_SPEAKER_PREFIX = re.compile(r"^([^:：\n.!?。！？]{1,40})[:：]\s+(.+)$", re.S)
_SLOT_CHARS = re.compile(r"[^\w.:\-]+", re.UNICODE)


@dataclass(frozen=True)
class SlotMatch:
    """A slot and the normalised value the statement gives it (None: unknown, every statement differs)."""

    slot: str
    value: str | None = None


def split_speaker(content: str) -> tuple[str | None, str]:
    """``"Ana: I live in Lisbon."`` → ``("Ana", "I live in Lisbon.")``; no prefix → ``(None, content)``.

    A prefix is at most 40 characters and 4 words without sentence punctuation (extraction's own prefix).
    """
    match = _SPEAKER_PREFIX.match(content.strip())
    if match is None or len(match[1].split()) > 4:
        return None, content.strip()
    return match[1].strip(), match[2].strip()


def normalise_slot(slot: str | None) -> str | None:
    """A caller's or an LLM's slot as stored: lower case, spaces to ``_``, only word characters and ``.:-``;
    None for empty input. At most :data:`MAX_SLOT_CHARS` characters."""
    if slot is None:
        return None
    folded = _SLOT_CHARS.sub("_", slot.strip().casefold().replace(" ", "_")).strip("_")
    return folded[:MAX_SLOT_CHARS] or None


# --- English rules ------------------------------------------------------------------------------------------

_VALUE_ENDS = alternation(
    (en.TIME_WORDS - en.PARTS_OF_DAY - en.CALENDAR_UNITS - {"later", "night", "weekend"})
    | en.VALUE_ENDING_SUBORDINATORS
)
"""Words after a slot's value that are no part of it ("in Lisbon now", "to Porto last week", "since May")."""
_VALUE_EN = (
    r"(?:the )?([^,.;!?]{2,60}?)(?=\s+(?:anymore|any more|these days|for|with|and|but|a few|two|three|several|"
    rf"{_VALUE_ENDS})\b|[,.;!?]|$)"
)
_RELATIVE_EN = alternation(en.RELATION_NOUNS)
_PARTNER_EN = alternation(w for w, relation in en.KIN_RELATIONS.items() if relation in en.PARTNER_RELATIONS)
_PET_EN = alternation(en.ANIMAL_NOUNS | {"guinea pig"})

_EN_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (slot, re.compile(pattern, re.IGNORECASE))
    for slot, pattern in (
        ("lives_in", rf"\bI(?:'m| am)? (?:currently |now |still )?(?:live|living) in {_VALUE_EN}"),
        ("lives_in", rf"\bI(?:'ve| have)? (?:just |recently |finally |now )?(?:moved|relocated) to {_VALUE_EN}"),
        ("lives_in", rf"\bI(?:'m| am) (?:now |currently )?based in {_VALUE_EN}"),
        ("from", rf"\bI(?:'m| am) (?:originally )?from {_VALUE_EN}"),
        ("occupation", rf"\bI (?:currently |now )?work as (?:an? )?{_VALUE_EN}"),
        ("occupation", rf"\bI(?:'ve| have)? (?:just |recently |finally )?became (?:an? )?{_VALUE_EN}"),
        ("occupation", rf"\bmy (?:job|profession|occupation) is (?:an? )?{_VALUE_EN}"),
        ("works_at", rf"\bI (?:currently |now )?work (?:at|for) {_VALUE_EN}"),
        (
            "works_at",
            rf"\bI(?:'ve| have)? (?:just |recently |finally )?(?:got|started|landed|accepted) "
            rf"(?:a |my )?(?:new )?(?:job|position|role) (?:at|with) {_VALUE_EN}",
        ),
        (
            "relationship_status",
            r"\bI(?:'m| am|'ve| have)? (?:now |just |recently |finally )?(?:got |gotten |been )?"
            rf"({alternation(en.RELATIONSHIP_STATES - {'retired'})})\b",
        ),
        ("partner", rf"\bmy {_PARTNER_EN}(?:'s name)? is {_VALUE_EN}"),
        ("partner", rf"\bI(?:'m| am) (?:now |currently )?(?:dating|seeing|with|married to) {_VALUE_EN}"),
        ("name", rf"\bmy name is {_VALUE_EN}"),
        ("name", rf"\b(?:please )?call me {_VALUE_EN}"),
        ("age", r"\bI(?:'m| am| just turned| turned) (\d{1,3})(?: years old| this year)?\b(?! (?:minutes|hours|days))"),
    )
)
_RELATIVE_LIVES = re.compile(
    rf"\bmy ({_RELATIVE_EN})(?:'s)? (?:now |currently |still )?(?:lives|moved|is moving|relocated) (?:in|to) "
    rf"{_VALUE_EN}",
    re.IGNORECASE,
)
_RELATIVE_WORKS = re.compile(rf"\bmy ({_RELATIVE_EN}) (?:now |currently )?works (as|at|for) (?:an? )?{_VALUE_EN}", re.I)
_PET_NAME = re.compile(
    rf"\bmy ({_PET_EN})(?:'s name is| is (?:called|named)| named| called) ([A-Z][\w'-]{{1,30}})", re.IGNORECASE
)
_EN_LIKE = re.compile(
    r"\bI (?:really |also |still |absolutely |totally |just |truly |do |kind of |kinda )*"
    rf"({alternation(en.LIKING | en.DISLIKING, plural=True)}|can'?t stand|don'?t (?:really )?(?:like|love|enjoy)|"
    r"do not (?:really )?(?:like|love|enjoy)|no longer (?:like|love|enjoy)|"
    r"(?:have )?(?:stopped|quit) (?:liking|enjoying))"
    r" ([^,.;!?]{2,80})",
    re.IGNORECASE,
)
_LIKE_STOP = re.compile(
    r"\s+(?:anymore|any more|now|so much|a lot|very much|too|these days|lately|at all|either|as well|"
    rf"{alternation(en.SUBORDINATORS)}|but|in|on|at|with|for|from|during|and|or|more than|than)\b.*$",
    re.IGNORECASE,
)
_NOT_A_THING = (
    en.PRONOUNS
    | en.POINTERS
    | en.LISTENER
    | en.QUESTION_WORDS
    | en.SUBORDINATORS
    | en.CONDITIONALS
    | frozenset({"to", "is", "was", "are", "were", "be", "been", "so", "as", "ours", "hers"})
)
"""First words that show the verb's object is not a thing ("I love to.", "something I love is magic", "I love
that you came"): no slot."""
_ARTICLES = re.compile(r"^(?:to |the |a |an |my |some |about |go |going )+", re.IGNORECASE)

# --- Chinese rules ------------------------------------------------------------------------------------------

_VALUE_ZH = r"([^，。！？；,.!?;]{1,20}?)(?=了|啦|呢|啊|吧|[，。！？；,.!?;]|$)"
_PARTNER_ZH = alternation(w for w, relation in zh.KIN_RELATIONS.items() if relation in en.PARTNER_RELATIONS)
_ZH_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (slot, re.compile(pattern))
    for slot, pattern in (
        ("lives_in", rf"我(?:现在|目前|一直)?住在{_VALUE_ZH}"),
        ("lives_in", rf"我(?:已经|刚刚?|最近)?搬(?:到|去|家到)了?{_VALUE_ZH}"),
        ("from", rf"我来自{_VALUE_ZH}"),
        ("occupation", rf"我(?:现在|目前)?是(?:一名|一个|一位){_VALUE_ZH}"),
        ("occupation", rf"我的(?:职业|工作)是{_VALUE_ZH}"),
        ("occupation", rf"我(?:已经|刚刚?)?(?:成为|当上|当)了{_VALUE_ZH}"),
        ("works_at", r"我(?:现在|目前|已经)?在([^，。！？；,.!?;]{2,20}?)(?:工作|上班)"),
        ("relationship_status", r"我(?:已经|刚刚?)?(结婚|离婚|订婚|分手)了"),
        ("relationship_status", r"我(?:现在|目前|还是)?(单身)"),
        ("partner", rf"我的{_PARTNER_ZH}(?:叫|是){_VALUE_ZH}"),
        ("name", rf"我叫{_VALUE_ZH}"),
        ("name", rf"我的名字(?:是|叫){_VALUE_ZH}"),
        ("age", r"我(?:今年|现在)?(\d{1,3}|[一二三四五六七八九十]{1,3})岁"),
    )
)
_ZH_PET = re.compile(rf"我的({alternation(zh.SPECIES)})(?:的名字)?叫([^，。！？；,.!?;]{{1,10}})")
_ZH_LIKE = re.compile(
    rf"我(?:{alternation(zh.DEGREE_WORDS)}|其实|现在)*"
    r"(喜欢|爱吃|爱喝|爱看|爱玩|热爱|讨厌|不喜欢|不再喜欢|不爱|受不了|反感|痴迷|迷上了?)"
    r"([^，。！？；,.!?;]{1,12})"
)
_ZH_LIKE_TRAIL = re.compile(r"(?:了|啦|呢|啊|吧|的|了啦)+$")


_NEGATIVE = re.compile(r"hate|dislike|detest|stand|n'?t|not|no longer|stopped|quit|讨厌|不|受不了|反感", re.I)


def _polarity(verb: str) -> str:
    """A preference's value: ``positive`` ("love", "enjoy", "喜欢") or ``negative`` ("hate", "don't like", "不喜欢")."""
    return "negative" if _NEGATIVE.search(verb) else "positive"


def _value(text: str) -> str | None:
    value = keys.normalise_text(text)
    return value or None


def _english(statement: str, memory_type: MemoryType) -> SlotMatch | None:
    if memory_type == "preference":
        match = _EN_LIKE.search(statement)
        if match is None:
            return None
        thing = _ARTICLES.sub("", _LIKE_STOP.sub("", match[2].strip()))
        thing = keys.normalise_text(thing)
        if not thing or len(thing.split()) > 4 or thing.split()[0] in _NOT_A_THING:
            return None
        return SlotMatch(slot=f"likes:{thing.replace(' ', '_')}", value=_polarity(match[1]))
    for slot, pattern in _EN_RULES:
        match = pattern.search(statement)
        if match is not None:
            return SlotMatch(slot=slot, value=_value(match[1]))
    match = _PET_NAME.search(statement)
    if match is not None:
        species = match[1].lower()
        return SlotMatch(slot=f"{en.SPECIES.get(species, species).replace(' ', '_')}.name", value=_value(match[2]))
    match = _RELATIVE_LIVES.search(statement)
    if match is not None:
        return SlotMatch(slot=f"{en.RELATION_NOUNS[match[1].lower()]}.lives_in", value=_value(match[2]))
    match = _RELATIVE_WORKS.search(statement)
    if match is not None:
        attribute = "occupation" if match[2].lower() == "as" else "works_at"
        return SlotMatch(slot=f"{en.RELATION_NOUNS[match[1].lower()]}.{attribute}", value=_value(match[3]))
    return None


def _chinese(statement: str, memory_type: MemoryType) -> SlotMatch | None:
    if memory_type == "preference":
        match = _ZH_LIKE.search(statement)
        if match is None:
            return None
        thing = _ZH_LIKE_TRAIL.sub("", match[2].strip())
        if not thing:
            return None
        return SlotMatch(slot=f"likes:{keys.normalise_text(thing).replace(' ', '_')}", value=_polarity(match[1]))
    for slot, pattern in _ZH_RULES:
        match = pattern.search(statement)
        if match is not None:
            age = slot == "age" and not match[1].isdigit()
            return SlotMatch(slot=slot, value=str(zh_number(match[1])) if age else _value(match[1]))
    match = _ZH_PET.search(statement)
    if match is not None:
        return SlotMatch(slot=f"{zh.SPECIES[match[1]]}.name", value=_value(match[2]))
    return None


# --- third person (issue 21) ---------------------------------------------------------------------------------

_NAME_EN = r"([A-Z][a-z][\w'-]{0,30}(?: [A-Z][a-z][\w'-]{0,30})?)"
_NOT_A_NAME = en.PRONOUNS | en.POINTERS | en.GENERIC_SUBJECTS | en.LEAD_TIME_WORDS | {"the", "here", "tomorrow"}
_DIETS = alternation(en.DIETS | {"carnivore", "omnivore"})
_COUNTED = alternation(frozenset(en.KIN_RELATIONS) | en.ANIMAL_NOUNS | en.POSSESSIONS | {"children"}, plural=True)
_COUNT_WORDS = {
    "a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "no": "0",
}  # fmt: skip
_SINGULAR = {"children": "child", "fish": "fish"}
_THIRD_EN: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (slot, re.compile(rf"^{_NAME_EN}(?:'s)? {pattern}"))
    for slot, pattern in (
        (
            "lives_in",
            rf"(?:now |currently |still )?(?:lives|is living|has moved|moved|relocated|is based) (?:in|to) {_VALUE_EN}",
        ),
        ("works_at", rf"(?:now |currently )?works (?:at|for) {_VALUE_EN}"),
        ("occupation", rf"(?:now |currently )?works as (?:an? )?{_VALUE_EN}"),
        ("from", rf"is (?:originally )?from {_VALUE_EN}"),
        ("age", r"is (\d{1,3})(?: years old)?\b"),
        ("diet", rf"is (?:now |currently |still )?(?:an? )?(?:strict )?({_DIETS})\b"),
        ("relationship_status", rf"is (?:now )?({alternation(en.RELATIONSHIP_STATES - {'retired'})})\b"),
    )
)
_DIET_FIRST = re.compile(rf"\bI(?:'m| am) (?:now |currently |still )?(?:an? )?(?:strict )?({_DIETS})\b", re.I)
_COUNT_EN = re.compile(
    rf"^(?:{_NAME_EN} (?:has|owns)|I (?:have|own|'ve got|have got)) (?:got )?"
    rf"(\d{{1,3}}|{'|'.join(_COUNT_WORDS)}) ({_COUNTED})\b",
    re.IGNORECASE,
)
_NAME_ZH = r"([\u4e00-\u9fff]{2,4}?)"
_THIRD_ZH: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("lives_in", re.compile(rf"^{_NAME_ZH}(?:现在|目前|一直)?住在{_VALUE_ZH}")),
    ("lives_in", re.compile(rf"^{_NAME_ZH}(?:已经|刚刚?|最近)?搬(?:到|去|家到)了?{_VALUE_ZH}")),
    ("works_at", re.compile(r"^([\u4e00-\u9fff]{2,4}?)(?:现在|目前|已经)?在([^，。！？；,.!?;]{2,20}?)(?:工作|上班)")),
)
_ZH_PRONOUNS = zh.SPEAKER | zh.LISTENER | zh.POINTERS | zh.WE


def third_person_slot(statement: str, memory_type: MemoryType) -> tuple[str, SlotMatch] | None:
    """The subject and slot of a statement about someone named ("Mia lives in Porto.", "Mia is vegan.", "Mia
    has two cats.", "小明住在上海"), or of a first-person diet or count ("I am vegan.", "I have three cats", the
    subject then ""), or None. Goals and pain points never get one (as :func:`offline_slot`).

    Returns:
        ``(subject, slot)``: the subject normalised (the user: ""), the value normalised (a count in digits).
    """
    if memory_type in ("goal", "pain_point", "preference"):
        return None
    statement = statement.strip()
    match = _DIET_FIRST.search(statement)
    if match is not None:
        return "", SlotMatch(slot="diet", value=match[1].lower())
    match = _COUNT_EN.search(statement)
    if match is not None:
        name = match[1] or ""
        if name.lower() in _NOT_A_NAME:
            return None
        noun = match[3].lower()
        noun = _SINGULAR.get(noun, noun.removesuffix("s") if noun.endswith("s") else noun)
        count = _COUNT_WORDS.get(match[2].lower(), match[2])
        return keys.normalise_text(name), SlotMatch(slot=f"{noun}.count", value=count)
    if detect_language(statement) == "zh":
        for slot, pattern in _THIRD_ZH:
            match = pattern.search(statement)
            if match is not None and match[1] not in _ZH_PRONOUNS and not match[1].startswith("我"):
                return keys.normalise_text(match[1]), SlotMatch(slot=slot, value=_value(match[2]))
        return None
    for slot, pattern in _THIRD_EN:
        match = pattern.search(statement)
        if match is not None and match[1].split()[0].lower() not in _NOT_A_NAME:
            return keys.normalise_text(match[1]), SlotMatch(slot=slot, value=_value(match[2]))
    return None


def offline_slot(statement: str, memory_type: MemoryType) -> SlotMatch | None:
    """The slot the rules know for a first-person statement, or None.

    Args:
        statement: the memory's text without its speaker prefix (see :func:`split_speaker`).
        memory_type: preferences get a ``likes:<thing>`` slot (value: positive or negative);
            facts and events the attribute rules (goals and pain points never get a slot: a wish or a problem
            does not replace another).

    Returns:
        the slot and value, or None when no rule matches (nothing will be superseded).
    """
    if memory_type in ("goal", "pain_point"):
        return None
    if detect_language(statement) == "zh":
        return _chinese(statement, memory_type)
    return _english(statement, memory_type)


@dataclass(frozen=True)
class MemorySlot:
    """A memory's slot as stored: ``slot_key`` groups the memories supersession compares (user + subject +
    slot); ``value`` is None when unknown."""

    slot: str
    subject: str
    value: str | None
    slot_key: str


def memory_slot(*, user_id: str, content: str, memory_type: MemoryType, given: str | None = None) -> MemorySlot | None:
    """The slot of a memory: ``given`` (the extractor's or caller's) when set, else the rules'; None if neither.

    The value comes from the rules when they find the same slot (else None: every statement is a new value).
    The subject is the normalised speaker prefix of ``content`` ("" for the user when there is none); a
    statement about someone named ("Mia lives in Porto.", :func:`third_person_slot`) has that person as subject.
    """
    speaker, statement = split_speaker(content)
    subject = keys.normalise_text(speaker) if speaker else ""
    found = offline_slot(statement, memory_type)
    if found is None:
        third = third_person_slot(statement, memory_type)
        if third is not None:
            subject = third[0] or subject
            found = third[1]
    slot = normalise_slot(given) or (found.slot if found is not None else None)
    if slot is None:
        return None
    value = found.value if found is not None and found.slot == slot else None
    return MemorySlot(slot=slot, subject=subject, value=value, slot_key=keys.memory_slot_key(user_id, subject, slot))
