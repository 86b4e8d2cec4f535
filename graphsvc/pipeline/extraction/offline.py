"""Offline, rule-based memory extraction (seed 001, M.4), used when no LLM is configured.

The lower-quality fallback of the LLM extractor: same output model (:mod:`.contract`), English and
Chinese, pure and deterministic (no I/O, no network).

Pipeline for each message whose role is not assistant/system/AI:
  1. A message containing an instruction-like pattern (prompt injection) is dropped whole: no memories
     (:func:`graphsvc.text.statements.source_messages`).
  2. Its language is detected by CJK ratio, it is split into sentences (. ! ? ; 。！？；and newlines),
     leading fillers ("Well,", "嗯，") are stripped, greetings/thanks/acknowledgements are skipped, and
     questions are skipped; in a question like "我很喜欢做菜，你觉得有什么书推荐吗？" only the trailing
     question clauses are dropped and the statement before them is kept.
  3. Each remaining sentence is classified by its most confident cue (:mod:`.cues` ``EN_CUES`` / ``ZH_CUES``,
     plus the event rules); ties go to pain_point, goal, event, preference, fact, in that order.
  4. Importance comes from :func:`graphsvc.text.importance.score_importance`; events get ``occurred_at``
     from :func:`graphsvc.text.time_phrases.resolve_relative_time`.
Identical normalised contents are kept once, with their source ids merged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from graphsvc.conversation import ConversationMessage
from graphsvc.pipeline.extraction import cues
from graphsvc.pipeline.extraction.contract import ExtractedMemory, MemoryExtraction
from graphsvc.text import standalone, statements
from graphsvc.text.entities import QUOTED_TITLE
from graphsvc.text.importance import score_importance
from graphsvc.text.language import Language, detect_language, han_characters, split_sentences
from graphsvc.text.rewrite import name_the_speaker, resolve_antecedent, trim_evaluation
from graphsvc.text.statements import source_messages
from graphsvc.text.time_phrases import resolve_relative_time
from graphsvc.vocabulary import MemoryType

_CLAUSE = re.compile(r"[,，]\s*")
_TYPE_ORDER: tuple[MemoryType, ...] = ("pain_point", "goal", "event", "preference", "fact")
_MAX_CONTENT_CHARS = 1000


def _strip_leading_fillers(sentence: str, language: Language) -> str:
    pattern = statements.ZH_LEADING_FILLER if language == "zh" else statements.EN_LEADING_FILLER
    previous = None
    while previous != sentence:
        previous, sentence = sentence, pattern.sub("", sentence, count=1).strip()
    return sentence


def _is_question(sentence: str, language: Language) -> bool:
    bare = sentence.rstrip(" .。!！~～")
    if bare.endswith(("?", "？")) or statements.EN_QUESTION_START.search(bare):
        return True
    return language == "zh" and bool(statements.ZH_QUESTION_END.search(bare))


def _drop_question_clauses(sentence: str, language: Language) -> str | None:
    """Keep the statement before trailing question clauses ("I love X, do you?" -> "I love X."); else None."""
    if statements.TAG_QUESTION.search(sentence):
        return None
    clause_is_question = statements.ZH_QUESTION_CLAUSE if language == "zh" else statements.EN_QUESTION_CLAUSE
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
        if len(han_characters(sentence)) < 4 or statements.ZH_FILLER.search(sentence):
            return None
        if "我" not in sentence and (
            not cues.ZH_SELF_REPORT_START.search(sentence) or re.search(r"[你您他她它这那]", sentence)
        ):
            return None  # Chinese drops the subject, but only self-reports start like this
    else:
        sentence = standalone.restore_subject(standalone.normalise_informal(sentence))
        if len(re.findall(r"[\w']+", sentence)) < 3 or statements.EN_FILLER.search(sentence):
            return None
        if not cues.EN_FIRST_PERSON.search(sentence):
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
            past = strictly_past or bool(cues.ZH_PAST_MARKER.search(sentence))
        else:
            past = strictly_past or bool(cues.EN_PAST_VERB.search(sentence))
        if when <= sent_at and past:
            # A happening dated before the message outranks possession-style facts (0.85: "I adopted
            # a cat") but not explicit self-description (0.9: "I live in ...").
            return (0.86 if strictly_past else 0.7, when)
        if when.date() > sent_at.date() and cues.EVENT_NOUNS.search(sentence):
            return (0.7, when)  # an upcoming dated happening: "I have a job interview next week"
    activity = cues.ZH_PAST_ACTIVITY if language == "zh" else cues.EN_PAST_ACTIVITY
    if activity.search(sentence):
        return (0.7, when if when is not None and when <= sent_at else sent_at)
    return None


def is_remedy(text: str, match: re.Match[str], language: Language) -> bool:
    """Whether a problem word is named as something handled ("relieve stress", "stress relief", "缓解压力"):
    then the sentence is about a remedy, not a pain point. The problem word is the last word of the match."""
    if language == "zh":
        return bool(cues.ZH_REMEDY.search(text[: match.start()]) or cues.ZH_REMEDY.search(text[match.end() :]))
    span = match[0]
    last = re.search(r"[\w'-]+\W*$", span)
    start = match.start() + (last.start() if last else 0)
    return bool(cues.EN_REMEDY.search(text[:start]) or cues.EN_REMEDY.search(text[match.end() :]))


def classify_sentence(
    sentence: str, language: Language, sent_at: datetime
) -> tuple[MemoryType, float, datetime | None] | None:
    """Classify a cleaned sentence: (memory type, confidence, event time or None), or None if no cue fires.

    The most confident cue wins; ties go to the first type in the order pain_point, goal, event,
    preference, fact. Quoted titles are masked first, so "《孤独星球》" does not read as loneliness.
    """
    text = QUOTED_TITLE.sub("“”", sentence)
    table = cues.ZH_CUES if language == "zh" else cues.EN_CUES
    best: tuple[MemoryType, float, datetime | None] | None = None
    for memory_type in _TYPE_ORDER:
        hit: tuple[MemoryType, float, datetime | None] | None = None
        if memory_type == "event":
            event = _event(text, language, sent_at)
            hit = ("event", event[0], event[1]) if event else None
        else:
            found = [
                c.confidence
                for c in table
                if c.memory_type == memory_type
                and (match := c.pattern.search(text))
                and not (memory_type == "pain_point" and is_remedy(text, match, language))
            ]
            hit = (memory_type, max(found), None) if found else None
        if hit is not None and (best is None or hit[1] > best[1]):
            best = hit
    return best


def classify_statement(text: str, *, at: datetime) -> tuple[MemoryType, datetime | None]:
    """The memory type of a statement stored without one (``remember`` over MCP), as the offline extractor
    classifies a message: each sentence by its most confident cue (:func:`classify_sentence`), the most
    confident sentence wins; a fact when no cue fires.

    Args:
        text: the statement, possibly behind a speaker prefix ("Ana: I adopted a cat last May.").
        at: when it is stated (relative times such as "last May" resolve against it).

    Returns:
        the type and, for an event that names its time, that time (UTC); else None.
    """
    language = detect_language(text)
    best: tuple[MemoryType, float, datetime | None] | None = None
    for sentence in split_sentences(text):
        hit = classify_sentence(sentence, language, at)
        if hit is not None and (best is None or hit[1] > best[1]):
            best = hit
    return (best[0], best[2]) if best is not None else ("fact", None)


def _normalise(content: str) -> str:
    return " ".join(re.sub(r"[\W_]+", " ", content.casefold()).split())


def _addressed_to_listener(sentence: str, language: Language) -> bool:
    """A bare reaction ("That's awesome!") states nothing about the speaker's life, nor, in Chinese, a sentence
    about the listener (你, 您) or a suggestion (咱们). An English clause about the listener ("maybe you would
    like it") is cut later instead, so what the speaker says of themselves stays (:mod:`graphsvc.text.standalone`)."""
    if language == "zh":
        return bool(re.search(r"[你您]|咱们", sentence))
    return bool(statements.EN_REACTION_START.search(sentence))


def _fallback(sentence: str, language: Language, sent_at: datetime) -> tuple[MemoryType, float, datetime | None] | None:
    """A first-person statement no cue classifies: a fact at low confidence when it says enough."""
    if language == "zh":
        if len(han_characters(sentence)) < FALLBACK_MIN_HAN or "我" not in sentence:
            return None
    elif len(statements.content_words(sentence)) < FALLBACK_MIN_WORDS or not _EN_SINGULAR_SELF.search(sentence):
        return None
    if statements.GENERIC_STATEMENT.search(sentence):
        return None
    activity = cues.ZH_PAST_ACTIVITY if language == "zh" else cues.EN_PAST_VERB
    if activity.search(sentence):
        return ("event", FALLBACK_CONFIDENCE, sent_at)
    return ("fact", FALLBACK_CONFIDENCE, None)


_EN_SINGULAR_SELF = re.compile(r"\b(?:I|I['’](?:m|ve|d|ll)|[Mm]y|[Mm]e)\b")


FALLBACK_MIN_WORDS = 5
"""English content words (stop words out) a cue-less first-person statement needs to be kept as a fact."""
FALLBACK_MIN_HAN = 8
"""Han characters a cue-less Chinese first-person statement needs to be kept as a fact."""
FALLBACK_CONFIDENCE = 0.5


def _statements_of(
    message: ConversationMessage, previous: ConversationMessage | None
) -> list[tuple[str, str, MemoryType, float, datetime | None]]:
    """The memories one message states: (standalone text, the sentence as said behind a speaker prefix, type,
    confidence, event time)."""
    language = detect_language(message.content)
    speaker = (message.speaker or "").strip()
    asked = previous.content if previous is not None and previous.speaker != message.speaker else None
    out = []
    for raw in split_sentences(message.content):
        found = _statement(raw, language, message.occurred_at, asked)
        if found is None and language == "en":  # "A lot happened - I joined a club!": each part on its own
            parts = standalone.dash_clauses(raw)
            found_parts = [
                f for part in parts if len(parts) > 1 and (f := _statement(part, language, message.occurred_at, asked))
            ]
        else:
            found_parts = [found] if found is not None else []
        for sentence, hit in found_parts:
            said = f"{speaker}: {sentence}" if speaker else sentence
            named = name_the_speaker(sentence, speaker, language)
            if language == "zh" and "我" not in sentence:
                named = speaker + named  # a self-report with its subject dropped: "最近压力很大"
            if _names_itself(named, speaker):
                continue
            out.append((named, said, *hit))
    return out


def _names_itself(statement: str, speaker: str) -> bool:
    """A self-introduction once the speaker is named says nothing: "我叫周立" → "周立叫周立", "I'm Jason" →
    "Jason is Jason"."""
    if not speaker:
        return False
    name = re.escape(speaker)
    return bool(
        re.fullmatch(
            rf"\s*{name}\s*(?:叫|是|名叫|的名字是|is|'s|’s|is called|'s name is|’s name is)\s*{name}\s*[。.!！]?\s*",
            statement,
            re.IGNORECASE,
        )
    )


def _statement(
    raw: str, language: Language, sent_at: datetime, asked: str | None
) -> tuple[str, tuple[MemoryType, float, datetime | None]] | None:
    """The first-person statement a sentence makes, ready to be named, with its type; None when it makes none."""
    sentence = clean_sentence(raw, language)
    if sentence is None or _addressed_to_listener(sentence, language):
        return None
    sentence = trim_evaluation(sentence, language)
    if language == "zh" and "我" not in sentence:
        if standalone.zh_says_nothing(sentence):
            return None
        return (sentence, hit) if (hit := _classified(sentence, language, sent_at)) else None
    standalone_sentence = standalone.stands_alone(resolve_antecedent(sentence, asked, language), language)
    if standalone_sentence is None:
        return None
    hit = _classified(standalone_sentence, language, sent_at)
    return (standalone_sentence, hit) if hit is not None else None


def _classified(
    sentence: str, language: Language, sent_at: datetime
) -> tuple[MemoryType, float, datetime | None] | None:
    return classify_sentence(sentence, language, sent_at) or _fallback(sentence, language, sent_at)


def extract_offline(messages: Sequence[ConversationMessage], *, max_memories: int = 200) -> MemoryExtraction:
    """Extract memories from one conversation without an LLM.

    Args:
        messages: The conversation in order; assistant/system/AI messages are context only, never sources.
        max_memories: Upper bound on the memories returned; when exceeded, the most important ones
            (ties: higher confidence, then earlier) are kept, in conversation order.

    Returns:
        Memories in conversation order, each one sentence of one message made to stand alone: the speaker's
        name for "I/my" (:func:`graphsvc.text.rewrite.name_the_speaker`), the antecedent of a leading "it"
        from the question it answers, an evaluative tail cut; in the message's language. Empty when nothing
        matched.

    Raises:
        ValueError: `max_memories` is negative.
    """
    if max_memories < 0:
        raise ValueError(f"max_memories must be >= 0, got {max_memories}")
    sources = {m.message_id for m in source_messages(messages)}
    by_key: dict[str, ExtractedMemory] = {}
    for position, message in enumerate(messages):
        if message.message_id not in sources:
            continue
        previous = messages[position - 1] if position else None
        for content, said, memory_type, confidence, occurred_at in _statements_of(message, previous):
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
                importance=score_importance(memory_type, content),
                source_message_ids=[message.message_id],
                occurred_at=occurred_at,
                stated_as=said[:_MAX_CONTENT_CHARS],
            )
    memories = list(by_key.values())
    if len(memories) > max_memories:
        ranked = sorted(memories, key=lambda m: (-m.importance, -m.confidence))  # stable: ties keep order
        kept = {id(m) for m in ranked[:max_memories]}
        memories = [m for m in memories if id(m) in kept]
    return MemoryExtraction(memories=memories)
