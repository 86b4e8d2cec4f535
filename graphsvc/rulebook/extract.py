"""The offline extractor: a conversation's messages → the statements the rulebook keeps, and the trace of every
sentence it judged.

For each message a person said (not the assistant's or the system's; a message holding a prompt injection is
dropped whole by the ``message`` refusals), in its language (:func:`graphsvc.text.language.detect_language`):
each sentence (:func:`graphsvc.text.language.split_sentences`) is judged by the language's composer
(:mod:`graphsvc.rulebook.en.compose`, :mod:`graphsvc.rulebook.zh.compose`). Pure and deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from graphsvc.conversation import ConversationMessage
from graphsvc.rulebook import book, pastimes
from graphsvc.rulebook.answers import in_answer, question_of
from graphsvc.rulebook.en import compose as en_compose
from graphsvc.rulebook.en.shapes import in_capitals
from graphsvc.rulebook.engine import Selection, matches
from graphsvc.rulebook.judgement import Judgement
from graphsvc.rulebook.lexicon import en as en_lexicon
from graphsvc.rulebook.lexicon import zh as zh_lexicon
from graphsvc.rulebook.parse import parse
from graphsvc.rulebook.referents import Discourse, Referent
from graphsvc.rulebook.zh import compose as zh_compose
from graphsvc.text.language import Language, detect_language, split_sentences, unquoted
from graphsvc.vocabulary import NON_SOURCE_ROLES

_CJK_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
MAX_MESSAGE_CHARS = 8000
"""A message is judged on its first this many characters (a pasted document is no statement of a person's)."""


@dataclass(frozen=True)
class MessageTrace:
    """What the rules made of one message: every piece judged (kept or not), or the rule that refused it whole."""

    message_id: str
    speaker: str
    judgements: tuple[Judgement, ...] = ()
    refused_by: str | None = None


def is_source(message: ConversationMessage) -> bool:
    """Whether a message may be evidence at all: said by a person (not an assistant, system or AI role)."""
    return message.role.strip().lower() not in NON_SOURCE_ROLES


def refused_whole(text: str, selection: Selection) -> str | None:
    """The id of the enabled ``message`` refusal (a prompt injection) that drops a whole message, or None."""
    for candidate in book.RULES:
        if candidate.decision == "refuse" and "message" in candidate.tags and selection.allows(candidate):
            pattern = getattr(candidate.pattern, "regex", None)
            if pattern is not None and re.search(pattern, text, re.IGNORECASE):
                return candidate.id
    return None


def judge_sentence(
    sentence: str,
    language: Language,
    *,
    speaker: str,
    sent_at: datetime,
    selection: Selection,
    requested: bool = False,
    discourse: Discourse | None = None,
) -> list[Judgement]:
    """One sentence of a speaker, judged by its language's composer (``requested``: an earlier sentence asked to
    remember what follows; ``discourse``: whom the speaker's pronouns stand for, None to resolve none)."""
    judge = zh_compose.judge_sentence if language == "zh" else en_compose.judge_sentence
    return judge(
        sentence,
        speaker=speaker,
        sent_at=sent_at,
        rules=book.of(language),
        selection=selection,
        requested=requested,
        discourse=discourse,
    )


def relation_words(text: str, language: Language) -> set[str]:
    """The relations a turn speaks of by a person word ("How is your mum?" → ``{"mother"}``), read from the words
    alone (no parse: an assistant's turn costs next to nothing)."""
    if language == "zh":
        relations = zh_lexicon.RELATION_WORDS
        return {relations[t.text] for t in parse(text, "zh") if t.text in relations}
    found = set()
    for word in re.findall(r"[a-zé-]+", text.lower()):
        relation = en_lexicon.RELATION_NOUNS.get(word) or en_lexicon.RELATION_NOUNS.get(word.removesuffix("s"))
        if relation:
            found.add(relation)
    return found


def listeners_people(text: str, language: Language) -> list[Referent]:
    """The people or pets of the listener's a turn speaks of, as the listener would say them ("Sorry about your
    landlord" → ``my landlord``; "你女儿几岁了" → ``我女儿``), in order; read from the words alone (no parse for
    English)."""
    found: list[Referent] = []
    if language == "zh":
        cut = [t.text for t in parse(text, "zh")]
        for before, word in zip(["", *cut], cut, strict=False):
            mine = zh_lexicon.LISTENER_AS_SPEAKER.get(before)
            if mine and (word in zh_lexicon.RELATION_WORDS or word in zh_lexicon.ANIMALS):
                gender = zh_lexicon.GENDERED_PERSON_WORDS.get(word, "")
                found.append(Referent(f"{mine}{word}", gender, zh_lexicon.RELATION_WORDS.get(word, "pet")))
        return found
    for first, second in re.findall(r"\byour\s+([a-z-]+)(?:\s+([a-z-]+))?(?!['’]s)", text.lower()):
        for adjective, noun in ((first, second), ("", first)):  # "your best friend", "your mum is"
            relation = en_lexicon.RELATION_NOUNS.get(noun) or ("pet" if noun in en_lexicon.ANIMAL_NOUNS else "")
            if relation:
                said = " ".join(w for w in ("my", adjective, noun) if w)
                found.append(Referent(said, en_lexicon.GENDERED_PERSON_NOUNS.get(noun, ""), relation))
                break
    return found


def judge_message(
    message: ConversationMessage,
    *,
    selection: Selection | None = None,
    voice: GroupVoice | None = None,
    discourse: Discourse | None = None,
) -> MessageTrace:
    """Every sentence of one message, judged (see the module docstring).

    Args:
        voice: in a group's conversation, the side it is judged for (None: a person's or an agent's own). Each
            sentence is first given its voice (:func:`in_voice`).
        discourse: whom each speaker's pronouns stand for so far in the conversation (:mod:`.referents`), updated
            by this message; None for a message judged alone (a new :class:`Discourse`).

    Returns:
        the trace; empty judgements for a message that is no source (an assistant's) or that a ``message``
        refusal dropped (``refused_by`` then names it).
    """
    chosen = selection or book.default()
    discourse = discourse if discourse is not None else Discourse()
    speaker = (message.speaker or "").strip()
    content = message.content[:MAX_MESSAGE_CHARS]
    language = detect_language(content)
    discourse.heard(speaker if is_source(message) else None, relation_words(content, language))
    if not is_source(message):
        discourse.asked(None, question_of(content))
        discourse.offer(listeners_people(content, language))
        return MessageTrace(message.message_id, speaker)
    question = discourse.answered(speaker)
    discourse.asked(speaker, question_of(content))  # a person's question is answered by the next one to speak
    discourse.take_offered(speaker)
    refusal = refused_whole(content, chosen)
    if refusal is not None:
        return MessageTrace(message.message_id, speaker, refused_by=refusal)
    discourse.next_message(speaker)
    if language == "zh":  # typed on a phone, a space often stands for a comma between Chinese phrases
        content = _CJK_SPACE.sub("，", content)
    composer = zh_compose if language == "zh" else en_compose
    judgements: list[Judgement] = []
    requested = False
    for position, said in enumerate(split_sentences(content)):
        sentence = unquoted(said)  # a sentence wrapped whole in quotation marks is said as it is
        plain = en_compose.normalise(sentence) if language == "en" else sentence  # an emoji can bend the parse
        voiced = Voiced(sentence, speaker)
        if voice is not None:
            voiced = in_voice(
                sentence, language, voice=voice, speaker=speaker, member=bool(message.speaker_id), selection=chosen
            )
        elif position == 0 and question:
            answered = in_answer(
                lead_trimmed(sentence, selection=chosen),
                question,
                language,
                book.of(language),
                chosen,
                referent=lambda gender: discourse.referent(speaker, gender),
                untrimmed=plain,
            )
            voiced = Voiced(answered.text, speaker, rule_id=answered.rule_id) if answered else voiced
        if voice is None and voiced.rule_id is None:
            voiced = in_own_voice(sentence, language, speaker=speaker, selection=chosen)
        if voiced.refused_by is not None:
            judgements.append(Judgement(sentence, sentence, refused_by=voiced.refused_by))
            continue
        found = judge_sentence(
            voiced.text,
            language,
            speaker=voiced.speaker,
            sent_at=message.occurred_at,
            selection=chosen,
            requested=requested,
            discourse=discourse if voiced.speaker == speaker else None,
        )
        requested = requested or composer.asks_to_remember_what_follows(found, book.of(language))
        judgements.extend(_voiced_by(j, sentence, voiced.rule_id) for j in found)
        seen = pastimes.sightings(plain, language, speaker=speaker, selection=chosen) if voice is None else ()
        kept = [j.statement for j in found if j.statement is not None]
        judgements.extend(
            Judgement(sentence, sentence, statement=p) for p in seen if not pastimes.said_already(p, kept)
        )
    return MessageTrace(message.message_id, speaker, tuple(judgements))


@dataclass(frozen=True)
class GroupVoice:
    """The side a group's conversation is judged for: the group's own space (``side`` ``group``: what is said for
    the group is kept, named by ``name``, what a member says of themselves is not), or a member's copy of what they
    said there (``member``: what they said of themselves is kept, what they said for the group is not)."""

    name: str
    side: Literal["group", "member"] = "group"


@dataclass(frozen=True)
class Voiced:
    """A sentence as it is judged: its text (in the singular when the group speaks, put into its question when it
    answers one), the speaker it names, the ``voice`` or ``answer`` rule that decided (None: said as it is), or the
    ``voice`` rule that refused it (on the group's side a member's own words, on a member's side what they said only
    for the group)."""

    text: str
    speaker: str
    rule_id: str | None = None
    refused_by: str | None = None


def in_voice(
    sentence: str, language: Language, *, voice: GroupVoice, speaker: str, member: bool, selection: Selection
) -> Voiced:
    """Whose a sentence of a group's conversation is, by the ``voice`` rules (:mod:`graphsvc.rulebook.en.voice`).

    Args:
        voice: the group's name and the side judged for.
        member: the speaker is a member with a user id (their own words are also filed in their own space).

    Returns:
        for the group's side: refused by the ``personal`` rule when a member speaks of themselves; in the singular
        with the group as speaker when the ``group`` rule fires; else the sentence as ``speaker`` said it. For a
        member's side: refused by the ``group`` rule when they speak only for the group; else as they said it.
    """
    rules = tuple(r for r in book.of(language) if r.decision == "voice" and selection.allows(r))
    doc = parse(sentence, language)
    fired = {hit.rule.output: hit.rule.id for hit in reversed(matches(doc, rules, every=True))}
    if voice.side == "member":
        return Voiced(sentence, speaker, refused_by=None if "personal" in fired else fired.get("group"))
    if member and "personal" in fired:
        return Voiced(sentence, speaker, refused_by=fired["personal"])
    if "group" in fired and "personal" not in fired:
        lexicon = zh_lexicon if language == "zh" else en_lexicon
        return Voiced(_in_the_singular(doc, lexicon.GROUP_VOICE, language), voice.name, rule_id=fired["group"])
    return Voiced(sentence, speaker)


def in_own_voice(sentence: str, language: Language, *, speaker: str, selection: Selection) -> Voiced:
    """A sentence of a person's own conversation whose "we" or "our" includes the speaker, in the singular (by the
    ``included`` voice rule: "We moved to Leeds" → "I moved to Leeds", 我们 → 我); else as said, and so where the
    speaker also speaks of themselves ("I think we should move": a "we" apart from "I" is refused as unclear) or a
    ``household`` subject rule says the "we" is the speaker's family ("we only eat kosher" → "my family …"). Who
    else is meant is left out: what is kept holds for the speaker. Someone living "with us" lives with the speaker,
    beside "my" too, and a "we" opening the statement acts for the speaker (the ``includes_speaker`` subject rules: "my
    mum lives with us" → "my mum lives with me", "We're visiting my parents" → "I'm visiting my parents")."""
    rules = tuple(
        r
        for r in book.of(language)
        if r.output in ("included", "personal", "household", "includes_speaker") and r.decision in ("voice", "subject")
        if selection.allows(r)
    )
    doc = parse(sentence, language)
    fired = {hit.rule.output: hit.rule.id for hit in matches(doc, rules)}
    within = fired.pop("includes_speaker", None)  # "my mum lives with us", "We're visiting my parents"
    if within is not None and "household" not in fired and ("personal" in fired or "included" not in fired):
        fired["included"] = within  # the speaker's own, beside "my"
    elif "included" not in fired or fired.keys() & {"personal", "household"}:
        return Voiced(sentence, speaker)
    lexicon = zh_lexicon if language == "zh" else en_lexicon
    return Voiced(_in_the_singular(doc, lexicon.GROUP_VOICE, language), speaker, rule_id=fired["included"])


def on_this_side(message: ConversationMessage, *, voice: GroupVoice, selection: Selection | None = None) -> bool:
    """Whether a message of a group's conversation says something on ``voice``'s side: a person's message with at
    least one sentence :func:`in_voice` does not refuse there (on the group's side, not only a member's own words;
    on a member's, not only what they said for the group). What an LLM extracts on that side may rest only on such
    messages."""
    if not is_source(message):
        return False
    chosen = selection or book.default()
    content = message.content[:MAX_MESSAGE_CHARS]
    language = detect_language(content)
    speaker = (message.speaker or "").strip()
    member = bool(message.speaker_id)
    return any(
        in_voice(s, language, voice=voice, speaker=speaker, member=member, selection=chosen).refused_by is None
        for s in split_sentences(content)
    )


_AGREEING = {"are": "am", "'re": "'m", "’re": "’m", "were": "was"}


def _in_the_singular(doc: Any, plural: dict[str, str], language: Language) -> str:
    """The sentence with its first person plural made singular, an English verb agreeing ("we're" → "I'm")."""
    words: list[str] = []
    for token in doc:
        text = token.text
        singular = plural.get(token.lower_ if language == "en" else text)
        if language == "en" and in_capitals(token):
            singular = None  # "the US", not "us"
        if singular is not None:
            text = singular if singular == "I" or not token.text[:1].isupper() else singular.capitalize()
        elif language == "en" and token.i > 0 and doc[token.i - 1].lower_ == "we":
            text = _AGREEING.get(token.lower_, text)
        words.append(text + (token.whitespace_ if language == "en" else ""))
    return "".join(words).strip()


def _voiced_by(judgement: Judgement, sentence: str, rule_id: str | None) -> Judgement:
    """A judgement of a sentence judged in other words than said (in the group's voice, or put into the question it
    answers): the sentence as said (its ``said`` too: "We agreed…" or "Leeds", not the words it was judged in), the
    ``voice`` or ``answer`` rule among its shapers."""
    if rule_id is None:
        return judgement
    statement = judgement.statement
    if statement is not None:
        statement = replace(statement, said=sentence, shaped_by=(rule_id, *statement.shaped_by))
    return replace(judgement, sentence=sentence, statement=statement, shaped_by=(rule_id, *judgement.shaped_by))


def judge_conversation(
    messages: Sequence[ConversationMessage], *, selection: Selection | None = None, voice: GroupVoice | None = None
) -> list[MessageTrace]:
    """:func:`judge_message` for each message, in order (``voice``: the side of a group's conversation), each
    speaker's pronouns resolved against the people they named before (:mod:`graphsvc.rulebook.referents`)."""
    discourse = Discourse()
    return [judge_message(m, selection=selection, voice=voice, discourse=discourse) for m in messages]


def source_messages(
    messages: Sequence[ConversationMessage], *, selection: Selection | None = None
) -> list[ConversationMessage]:
    """The messages that may be evidence: said by a person (:func:`is_source`) and not dropped whole by a
    ``message`` refusal (a prompt injection)."""
    chosen = selection or book.default()
    return [m for m in messages if is_source(m) and refused_whole(m.content[:MAX_MESSAGE_CHARS], chosen) is None]


def lead_trimmed(sentence: str, *, selection: Selection | None = None) -> str:
    """A sentence without the words a trim rule removes from its start (an interjection, a discourse marker, a
    greeting with a name): "Well, I moved" → "I moved", "嗯，我喜欢唱歌" → "我喜欢唱歌"."""
    chosen = selection or book.default()
    language = detect_language(sentence)
    rules = tuple(r for r in book.of(language) if r.decision == "trim" and chosen.allows(r))
    if language == "zh":
        return zh_compose.trim(sentence, rules, [])[0] or sentence
    return en_compose.trim(en_compose.normalise(sentence), rules, [])[0] or sentence


def speech_refusal(sentence: str, *, tag: str = "speech", selection: Selection | None = None) -> str | None:
    """The id of the first refuse rule tagged ``tag`` that fires on a sentence (after its lead is trimmed): a
    question, something said to the listener, a greeting or a request (``speech``), or only greetings and thanks
    (``small_talk``); None when none does. What is said *about* someone may still be worth keeping."""
    chosen = selection or book.default()
    language = detect_language(sentence)
    rules = tuple(r for r in book.of(language) if r.decision == "refuse" and tag in r.tags and chosen.allows(r))
    hits = matches(parse(lead_trimmed(sentence, selection=chosen), language), rules)
    return hits[0].rule.id if hits else None


def name_speaker(sentence: str, speaker: str, *, selection: Selection | None = None) -> str:
    """A sentence with its speaker named by the subject rules of its language ("I love" → "Ana loves", 我 → the
    name), as a kept statement is named."""
    chosen = selection or book.default()
    language = detect_language(sentence)
    rules = tuple(r for r in book.of(language) if r.decision == "subject" and chosen.allows(r))
    if language == "zh":
        return zh_compose.name_speaker(sentence, speaker, rules, [])
    return en_compose.name_speaker(sentence, speaker, rules, [])
