"""Offline, rule-based memory extraction (seed 001, M.4), used when no LLM is configured.

The lower-quality fallback of the LLM extractor: same input and output models
(`graphsvc.pipeline.extraction`), English and Chinese, pure and deterministic (no I/O, no network).

Pipeline for each message whose role is not assistant/system/AI:
  1. A message containing an instruction-like pattern (prompt injection) is dropped whole: no memories,
     no entities (`offline_rules.INJECTION`).
  2. Its language is detected by CJK ratio, it is split into sentences (. ! ? ; 。！？；and newlines),
     leading fillers ("Well,", "嗯，") are stripped, greetings/thanks/acknowledgements are skipped, and
     questions are skipped; in a question like "我很喜欢绘画，你觉得有什么书推荐吗？" only the trailing
     question clauses are dropped and the statement before them is kept.
  3. Each remaining sentence is classified by its most confident cue (`offline_rules.EN_CUES` / `ZH_CUES`,
     plus the event rules); ties go to pain_point, goal, event, preference, fact, in that order.
  4. Importance comes from `score_importance`; events get `occurred_at` from `resolve_relative_time`.
Identical normalised contents are kept once, with their source ids merged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from graphsvc.pipeline import offline_rules as rules
from graphsvc.pipeline.extraction import (
    ConversationMessage,
    EntityKind,
    ExtractedEntity,
    ExtractedMemory,
    MemoryExtraction,
    MemoryType,
)
from graphsvc.pipeline.offline_rules import Language

NON_SOURCE_ROLES = frozenset({"assistant", "system", "ai"})
"""Roles whose messages are never memory sources (compared case-insensitively)."""

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]")
_SENTENCE = re.compile(r"(?:[^。！？；!?;.\n]|\.(?!\s|$))+(?:[。！？；!?;.]+[”」』）)\"']*)?")
_ABBREVIATION = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|vs|etc|e\.g|i\.e)\.$", re.IGNORECASE)
_CLAUSE = re.compile(r"[,，]\s*")
_TYPE_ORDER: tuple[MemoryType, ...] = ("pain_point", "goal", "event", "preference", "fact")
_MAX_CONTENT_CHARS = 1000


def detect_language(text: str) -> Language:
    """Return "zh" when CJK characters are at least 30% of the letters of `text`, else "en"."""
    cjk = len(_CJK.findall(text))
    latin = len(_LATIN.findall(text))
    return "zh" if cjk and cjk / (cjk + latin) >= 0.3 else "en"


def split_sentences(text: str) -> list[str]:
    """Split on . ! ? ; 。！？；and newlines, keeping the terminal punctuation with its sentence."""
    sentences: list[str] = []
    for part in _SENTENCE.findall(text):
        part = part.strip()
        if not part:
            continue
        if sentences and _ABBREVIATION.search(sentences[-1]):
            sentences[-1] = f"{sentences[-1]} {part}"
        else:
            sentences.append(part)
    return sentences


def resolve_relative_time(text: str, reference: datetime) -> datetime | None:
    """Resolve the first relative (or month-day) time phrase of `text` against `reference`.

    Handles English ("yesterday", "last night", "the day before yesterday", "today", "tomorrow",
    "last/next Friday", "last/this/next weekend", "last/next week|month|year", "two days ago", "a few
    weeks ago", "May 2nd[, 2023]") and Chinese ("今天", "昨天", "前天", "大前天", "明天", "后天", "上周五",
    "这周三", "下周一", "上周末", "上周", "上个月", "下个月", "去年", "前年", "明年", "三天前", "两个月前",
    "几天前", "半年前", "三天后", "5月2日"). Weeks start on Monday, so "上周五" is the Friday of the
    previous Monday-Sunday week, while "last Friday" is the most recent Friday strictly before the reference
    day. "a few"/"几" read as 3; months clamp the day (31 March - 1 month = 28/29 February).

    Args:
        text: A sentence or message, any language.
        reference: The message time; the result keeps its time zone.

    Returns:
        The resolved moment with day precision: the reference's clock time is kept (except for
        "N hours/minutes ago", which are exact), so ordering against the message stays stable. None when
        the text holds no resolvable phrase (vague words such as "recently" / "最近" resolve to None).
    """
    best: tuple[int, int, rules.Resolver, re.Match[str]] | None = None
    for pattern, resolver in rules.TIME_PHRASES:
        match = pattern.search(text)
        if match and (best is None or (match.start(), -len(match[0])) < (best[0], best[1])):
            best = (match.start(), -len(match[0]), resolver, match)
    if best is None:
        return None
    try:
        return best[2](best[3], reference)
    except (ValueError, OverflowError):  # impossible dates such as "February 31"
        return None


def score_importance(memory_type: MemoryType, content: str) -> float:
    """Rule-based fallback importance scorer (the M.1 scorer that seed 001 refers to).

    Rule: start from the base of the memory type (fact 0.6, preference 0.5, goal 0.7, pain_point 0.7,
    event 0.5), add each matching cue category once (death/loss +0.2; health +0.15; life milestones such as
    wedding, divorce, graduation, birth, adoption +0.15; family +0.1; job/career +0.1; money +0.1; moving
    +0.1), subtract 0.15 for trivial daily things (weather, meals, coffee, TV, sleep), and clamp to [0, 1].
    Cue words are English and Chinese (`offline_rules.IMPORTANCE_CUES`).

    The scale is 0-1 here; seed 002's reflection sums the importance of new facts/events and triggers at
    30 on a 1-10 scale, so the reflection code multiplies these scores by 10.

    Args:
        memory_type: The memory's type.
        content: The memory text (without a speaker prefix, so names do not count as cues).

    Returns:
        Importance in [0, 1], rounded to 2 decimals.
    """
    score = rules.IMPORTANCE_BASE[memory_type]
    for delta, pattern in rules.IMPORTANCE_CUES:
        if pattern.search(content):
            score += delta
    return round(min(1.0, max(0.0, score)), 2)


def _strip_leading_fillers(sentence: str, language: Language) -> str:
    pattern = rules.ZH_LEADING_FILLER if language == "zh" else rules.EN_LEADING_FILLER
    previous = None
    while previous != sentence:
        previous, sentence = sentence, pattern.sub("", sentence, count=1).strip()
    return sentence


def _is_question(sentence: str, language: Language) -> bool:
    bare = sentence.rstrip(" .。!！~～")
    if bare.endswith(("?", "？")) or rules.EN_QUESTION_START.search(bare):
        return True
    return language == "zh" and bool(rules.ZH_QUESTION_END.search(bare))


def _drop_question_clauses(sentence: str, language: Language) -> str | None:
    """Keep the statement before trailing question clauses ("I love X, do you?" -> "I love X."); else None."""
    if rules.TAG_QUESTION.search(sentence):
        return None
    clause_is_question = rules.ZH_QUESTION_CLAUSE if language == "zh" else rules.EN_QUESTION_CLAUSE
    clauses = _CLAUSE.split(sentence.rstrip(" ?？"))
    kept = list(clauses)
    while kept and clause_is_question.search(kept[-1]):
        kept.pop()
    if not kept or len(kept) == len(clauses):
        return None
    separator = "，" if language == "zh" else ", "
    return separator.join(kept).rstrip() + ("。" if language == "zh" else ".")


def clean_sentence(sentence: str, language: Language) -> str | None:
    """Return the sentence ready to be a memory, or None for questions, fillers and very short sentences."""
    sentence = _strip_leading_fillers(sentence.strip(), language)
    if _is_question(sentence, language):
        kept = _drop_question_clauses(sentence, language)
        if kept is None:
            return None
        sentence = _strip_leading_fillers(kept, language)
    if language == "zh":
        if len(_CJK.findall(sentence)) < 4 or rules.ZH_FILLER.search(sentence):
            return None
        if "我" not in sentence and not rules.ZH_SELF_REPORT_START.search(sentence):
            return None  # Chinese drops the subject, but only self-reports start like this
    else:
        if len(re.findall(r"[\w']+", sentence)) < 3 or rules.EN_FILLER.search(sentence):
            return None
        if not rules.EN_FIRST_PERSON.search(sentence):
            return None
        sentence = sentence[0].upper() + sentence[1:]
    return sentence.strip(" ,，、;；")


def _event(sentence: str, language: Language, sent_at: datetime) -> tuple[float, datetime] | None:
    """Event confidence and time, or None: a past time phrase, or a past activity verb (message time)."""
    if language == "zh" and "我" not in sentence:
        return None
    when = resolve_relative_time(sentence, sent_at)
    if when is not None:
        strictly_past = when.date() < sent_at.date()
        if language == "zh":
            past = strictly_past or bool(rules.ZH_PAST_MARKER.search(sentence))
        else:
            past = strictly_past or bool(rules.EN_PAST_VERB.search(sentence))
        if when <= sent_at and past:
            # A happening dated before the message outranks possession-style facts (0.85: "I adopted
            # a cat") but not explicit self-description (0.9: "I live in ...").
            return (0.86 if strictly_past else 0.7, when)
        if when.date() > sent_at.date() and rules.EVENT_NOUNS.search(sentence):
            return (0.7, when)  # an upcoming dated happening: "I have a job interview next week"
    activity = rules.ZH_PAST_ACTIVITY if language == "zh" else rules.EN_PAST_ACTIVITY
    if activity.search(sentence):
        return (0.7, when if when is not None and when <= sent_at else sent_at)
    return None


def classify_sentence(
    sentence: str, language: Language, sent_at: datetime
) -> tuple[MemoryType, float, datetime | None] | None:
    """Classify a cleaned sentence: (memory type, confidence, event time or None), or None if no cue fires.

    The most confident cue wins; ties go to the first type in the order pain_point, goal, event,
    preference, fact. Quoted titles are masked first, so "《百年孤独》" does not read as loneliness.
    """
    text = rules.QUOTED_TITLE.sub("“”", sentence)
    cues = rules.ZH_CUES if language == "zh" else rules.EN_CUES
    best: tuple[MemoryType, float, datetime | None] | None = None
    for memory_type in _TYPE_ORDER:
        hit: tuple[MemoryType, float, datetime | None] | None = None
        if memory_type == "event":
            event = _event(text, language, sent_at)
            hit = ("event", event[0], event[1]) if event else None
        else:
            found = [c.confidence for c in cues if c.memory_type == memory_type and c.pattern.search(text)]
            hit = (memory_type, max(found), None) if found else None
        if hit is not None and (best is None or hit[1] > best[1]):
            best = hit
    return best


def _normalise(content: str) -> str:
    return " ".join(re.sub(r"[\W_]+", " ", content.casefold()).split())


def extract_offline(messages: Sequence[ConversationMessage], *, max_memories: int = 200) -> MemoryExtraction:
    """Extract memories and entities from one conversation without an LLM.

    Args:
        messages: The conversation in order; assistant/system/AI messages are context only, never sources.
        max_memories: Upper bound on the memories returned; when exceeded, the most important ones
            (ties: higher confidence, then earlier) are kept, in conversation order.

    Returns:
        Memories in conversation order (content in the message's language, prefixed "Speaker: " when the
        message names its speaker) and entities in order of first mention. Both lists are empty when
        nothing matched.

    Raises:
        ValueError: `max_memories` is negative.
    """
    if max_memories < 0:
        raise ValueError(f"max_memories must be >= 0, got {max_memories}")
    sources = [
        m for m in messages if m.role.strip().lower() not in NON_SOURCE_ROLES and not rules.INJECTION.search(m.content)
    ]
    by_key: dict[str, ExtractedMemory] = {}
    for message in sources:
        language = detect_language(message.content)
        for raw in split_sentences(message.content):
            sentence = clean_sentence(raw, language)
            hit = classify_sentence(sentence, language, message.occurred_at) if sentence else None
            if sentence is None or hit is None:
                continue
            memory_type, confidence, occurred_at = hit
            speaker = (message.speaker or "").strip()
            content = f"{speaker}: {sentence}" if speaker else sentence
            key = _normalise(content)
            if key in by_key:
                known = by_key[key]
                if message.message_id not in known.source_message_ids:
                    known.source_message_ids.append(message.message_id)
                known.confidence = max(known.confidence, confidence)
                continue
            by_key[key] = ExtractedMemory(
                memory_type=memory_type,
                content=content[:_MAX_CONTENT_CHARS],
                confidence=confidence,
                importance=score_importance(memory_type, sentence),
                source_message_ids=[message.message_id],
                occurred_at=occurred_at,
            )
    memories = list(by_key.values())
    if len(memories) > max_memories:
        ranked = sorted(memories, key=lambda m: (-m.importance, -m.confidence))  # stable: ties keep order
        kept = {id(m) for m in ranked[:max_memories]}
        memories = [m for m in memories if id(m) in kept]
    return MemoryExtraction(memories=memories, entities=extract_entities(sources))


@dataclass
class _Entity:
    name: str
    kind: EntityKind
    strength: int  # how sure the kind is: 3 speaker, 2 name suffix, 1 context cue, 0 default
    source_ids: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)


def _add(found: dict[str, _Entity], name: str, kind: EntityKind, strength: int, message_id: str) -> None:
    entity = found.setdefault(name, _Entity(name, kind, strength))
    if strength > entity.strength:
        entity.kind, entity.strength = kind, strength
    if message_id not in entity.source_ids:
        entity.source_ids.append(message_id)


def _english_kind(span: str, before: str, after: str) -> tuple[EntityKind, int]:
    first, last = span.split()[0].lower(), span.split()[-1].lower().rstrip(".")
    if last in rules.EN_ORG_SUFFIXES or first in ("university", "bank"):
        return ("organization", 2)
    if last in rules.EN_PLACE_SUFFIXES or first in ("mount", "lake", "lakes", "isle", "cape"):
        return ("place", 2)
    if rules.EN_PERSON_BEFORE.search(before) or re.match(r"['’]s\b|\s+and I\b", after):
        return ("organization", 1) if span.isupper() else ("person", 1)
    if rules.EN_PLACE_BEFORE.search(before):
        return ("place", 1)
    return ("thing", 0)


def _english_spans(sentence: str) -> list[tuple[str, bool, str, str]]:
    """Capitalised spans of a sentence as (name, sentence_initial, text_before, text_after)."""
    spans = []
    for match in rules.EN_CAPITALISED_SPAN.finditer(sentence):
        tokens = list(re.finditer(r"\S+", match[0]))
        words = [re.sub(r"['’]s$", "", t[0]).rstrip(".'’-") for t in tokens]
        first, last = 0, len(words)
        while first < last and words[first].lower() in rules.CAPITALISED_STOPWORDS:
            first += 1
        while last > first and words[last - 1].lower() in rules.CAPITALISED_STOPWORDS:
            last -= 1
        suffixes = rules.EN_PLACE_SUFFIXES | rules.EN_ORG_SUFFIXES
        if first == last or len(words[first]) < 2 or all(w.lower() in suffixes for w in words[first:last]):
            continue
        start, end = match.start() + tokens[first].start(), match.start() + tokens[last - 1].end()
        initial = not sentence[:start].strip(" \"'“‘(")
        if tokens[last - 1][0].endswith(("'s", "’s")):
            end -= 2  # keep the possessive in the text after the name: a cue for a person
        before = sentence[max(0, start - 40) : start]
        spans.append((" ".join(words[first:last]), initial, before, sentence[end:]))
    return spans


def extract_entities(messages: Sequence[ConversationMessage]) -> list[ExtractedEntity]:
    """Conservative entity extraction from source messages (no assistant turns, no injected messages).

    English: capitalised (multi-word) names that are not common words (`CAPITALISED_STOPWORDS`); a
    sentence-initial single word counts only if it also appears capitalised mid-sentence. Quoted titles and
    《》 titles are things. Kind: speaker > name suffix (Park, University, ...) > context ("my friend X",
    "with X", "X's", "in/at/from X", "went to X") > default thing.
    Chinese: names after "我的朋友/同事/老婆…" (surname-initial, conservative), "我叫X" / "我是<surname>X",
    and places after 住在/去了/在/来自… ending in a suffix (市/省/县/路/公园/大学/公司…).
    Aliases: a non-speaker single name that is a prefix of exactly one longer person name ("Mel" of
    "Melanie"), or a two-character Chinese name ending exactly one three-character person name, is merged.

    Returns:
        Entities with source ids in conversation order: speakers first (as persons), then the others in
        order of first mention.
    """
    found: dict[str, _Entity] = {}
    for message in messages:
        if message.speaker:
            _add(found, message.speaker.strip(), "person", 3, message.message_id)
    texts = [rules.QUOTED_TITLE.sub(" ", m.content) for m in messages]
    spans = [[span for sent in split_sentences(text) for span in _english_spans(sent)] for text in texts]
    mid_sentence = {name for message_spans in spans for name, initial, _, _ in message_spans if not initial}
    for message, text, message_spans in zip(messages, texts, spans, strict=True):
        for match in rules.QUOTED_TITLE.finditer(message.content):
            _add(found, (match[1] or match[2]).strip(" .,!?"), "thing", 1, message.message_id)
        for match in rules.ZH_SELF_NAME.finditer(text):
            _add(found, match[1], "person", 2, message.message_id)
        for match in rules.ZH_RELATION_NAME.finditer(text):
            _add(found, match[1], "person", 1, message.message_id)
        for match in rules.ZH_PLACE.finditer(text):
            kind: EntityKind = "organization" if match[1].endswith(rules.ZH_ORG_SUFFIXES) else "place"
            _add(found, match[1], kind, 2, message.message_id)
        for name, initial, before, after in message_spans:
            if not initial or " " in name or name in mid_sentence or name in found:
                _add(found, name, *_english_kind(name, before, after), message.message_id)
    _merge_aliases(found)
    order = {m.message_id: i for i, m in enumerate(messages)}
    return [
        ExtractedEntity(
            name=e.name,
            aliases=e.aliases,
            kind=e.kind,
            source_message_ids=sorted(e.source_ids, key=order.__getitem__),
        )
        for e in found.values()
    ]


def _merge_aliases(found: dict[str, _Entity]) -> None:
    persons = [e.name for e in found.values() if e.kind == "person"]
    for short in list(found):
        entity = found[short]
        if entity.kind in ("place", "organization") or entity.strength == 3 or " " in short:
            continue
        if _CJK.match(short):
            longer = [p for p in persons if len(short) == 2 and len(p) == 3 and p.endswith(short)]
        else:
            longer = [p for p in persons if len(short) >= 3 and p != short and p.split()[0].startswith(short)]
        if len(longer) == 1:
            target = found[longer[0]]
            target.aliases.append(short)
            target.source_ids += [i for i in entity.source_ids if i not in target.source_ids]
            del found[short]
