"""The offline observation planner: the rule-based stand-in for the LLM planner, same contract.

Used when no LLM is configured (seed 000 stage 2, ARCHITECTURE "an offline rule-based extractor keeps every
pipeline running"). For each active entity of a batch it observes:

- the entity itself, named as the conversation names it (name and aliases from stage 1), confidence by kind:
  a speaker 0.95, a person/place/organization/work 0.8 (0.9 when mentioned in 2+ messages), a thing
  (capitalised word of unknown kind) 0.6 when named in 2+ messages of the conversation; named once, it is
  observed only as what someone read, watched, played, bought, used... ("We read Middlemarch"), at 0.5,
  so it waits as a pending observation a person can decide; any other thing named once ("NASA", "Covid")
  is not observed at all (and, so that a re-run changes nothing, not even when an entity of that name
  exists already);
- impressions: a speaker's first-person statements (the offline memory rules, "Ana went to ...") and any
  speaker's sentences that name the entity, with the speaker named ("Ana's friend Tom paints.", 0.6);
- features of a speaker from self-descriptions (lives_in, from, occupation, works_at; English and Chinese); a move
  ("I moved to Porto", "我搬到了上海") sets lives_in, so the feature follows the move (the newest value wins);
- relations of a speaker from "my friend Tomás" / "我的朋友张伟" (friend, sister, colleague, ...), to the other
  speaker they call a friend, and to the places, organisations and pets their own words name (works_at, lives_in,
  owns);
- third-person impressions never from what is said *to* an entity (its name as a vocative, any "you"), nor from
  questions, greetings, reactions, short exclamations and imperatives.

Pure and deterministic: the same conversation gives the same plan, so a re-run changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from graphsvc.conversation import ConversationMessage
from graphsvc.pipeline.impressions.active import ActiveEntity, ActiveEntityBatch
from graphsvc.pipeline.impressions.observation import (
    FeaturePatch,
    ImpressionEntityObservation,
    ImpressionObservationPlan,
    ImpressionPatch,
    RelationPatch,
)
from graphsvc.rulebook.extract import name_speaker, source_messages, speech_refusal
from graphsvc.text.entities import CAPITALISED_STOPWORDS, ZH_RELATION_NAME
from graphsvc.text.language import detect_language, split_sentences

THIRD_PERSON_CONFIDENCE = 0.6
MIN_THING_MESSAGES = 2
"""A capitalised word of unknown kind (a "thing") is observed only when named in at least this many messages;
once is too little for anyone to decide what it is, so it would only wait as a pending observation."""
THING_CONFIDENCE = 0.6
"""...and then it is created (at the default ``impression_create_min_confidence``)."""
UNSURE_THING_CONFIDENCE = 0.5
"""A thing named once as what someone read, watched, played, bought... ("We read Middlemarch"): a person
can tell what it is, so it waits as a pending observation (below the creation threshold)."""
_OBJECT_OF = (
    r"\b(?:read|reading|watched|watching|saw|seen|listened to|listening to|played|playing|bought|buying|ordered|"
    r"tried|trying|using|used|downloaded|installed|joined|subscribed to|finished|started)\s+(?:the\s+|a\s+)?"
)
MAX_THIRD_PERSON = 20
MAX_SNIPPETS = 3
SNIPPET_CHARS = 200

_EN_RELATIONS = (
    "friend|sister|brother|mom|mother|dad|father|son|daughter|wife|husband|partner|boss|colleague|coworker|"
    "cousin|aunt|uncle|grandma|grandpa|neighbor|neighbour|teacher|coach|boyfriend|girlfriend|roommate|mentor"
)
EN_RELATION = re.compile(
    rf"\b[Mm]y (?:best |good |old |close |older |younger |little |big )?({_EN_RELATIONS})s?,? "
    r"([A-Z][a-zA-Z'’-]+(?: [A-Z][a-zA-Z'’-]+)?)"
)
ZH_RELATION_WORDS = {
    "朋友": "friend",
    "同事": "colleague",
    "同学": "classmate",
    "老婆": "wife",
    "妻子": "wife",
    "丈夫": "husband",
    "老公": "husband",
    "儿子": "son",
    "女儿": "daughter",
    "老板": "boss",
    "男朋友": "boyfriend",
    "女朋友": "girlfriend",
    "哥哥": "brother",
    "弟弟": "brother",
    "姐姐": "sister",
    "妹妹": "sister",
    "室友": "roommate",
    "邻居": "neighbor",
    "老师": "teacher",
    "教练": "coach",
}
_ZH_RELATION_WORD = re.compile("|".join(sorted(ZH_RELATION_WORDS, key=len, reverse=True)))
_VALUE = r"([^,.;!?，。；！？]{2,40}?)(?=\s+(?:and|but|now|with|since|for)\b|[,.;!?，。；！？]|$)"
_PLACE = (
    r"([^,.;!?，。；！？]{2,40}?)(?=\s+(?:and|but|now|with|since|for|from|last|this|next|yesterday|today|recently|"
    r"ago|a few|two|three|several|when|after|before|because)\b|[,.;!?，。；！？]|$)"
)
"""A place: like a value, and it also ends before the time that often follows a move ("to Porto last week")."""
FEATURE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (key, re.compile(pattern))
    for key, pattern in (
        ("lives_in", rf"\bI (?:currently |now )?live in (?:the )?{_PLACE}"),
        ("lives_in", rf"\bI(?:'ve| have)? (?:just |recently |finally |now )?(?:moved|relocated) to (?:the )?{_PLACE}"),
        ("from", rf"\bI(?:'m| am) (?:originally )?from (?:the )?{_VALUE}"),
        ("occupation", rf"\bI (?:currently )?work as (?:an? )?{_VALUE}"),
        ("works_at", rf"\bI (?:currently )?work (?:at|for) (?:the )?{_VALUE}"),
        ("lives_in", r"我(?:现在)?住在([^，。！？；,.!?]{2,20})"),
        ("lives_in", r"我[^，。！？；,.!?我]{0,4}?搬(?:到|去|家到)了?([^，。！？；,.!?]{2,20})"),
        ("from", r"我来自([^，。！？；,.!?]{2,20})"),
        ("occupation", r"我是(?:一名|一个|一位)([^，。！？；,.!?]{2,20})"),
        ("works_at", r"我在([^，。！？；,.!?]{2,20}?)(?:工作|上班)"),
    )
)


@dataclass(frozen=True)
class OfflineAnalysis:
    """What the rules find in one conversation, computed once and shared by every batch."""

    sources: list[ConversationMessage]
    self_reports: dict[str, list[ImpressionPatch]] = field(default_factory=dict)
    """Speaker name → first-person impressions (the offline memory rules' statements)."""


class Statement(Protocol):
    """A first-person statement the offline memory rules found (an extracted memory is one)."""

    @property
    def content(self) -> str: ...

    @property
    def confidence(self) -> float: ...

    @property
    def source_message_ids(self) -> list[str]: ...


def analyse(messages: Sequence[ConversationMessage], *, statements: Sequence[Statement]) -> OfflineAnalysis:
    """Group the conversation's first-person statements by speaker, once for every batch to use.

    Args:
        statements: what the offline memory extractor found in this conversation
            (``graphsvc.pipeline.extraction.offline.extract_offline``: an extraction job runs it once and
            passes its memories); empty leaves speakers with third-person impressions only.
    """
    sources = source_messages(messages)
    speaker_of = {m.message_id: (m.speaker or "").strip() for m in sources}
    self_reports: dict[str, list[ImpressionPatch]] = {}
    for memory in statements:
        speakers = {speaker_of.get(i, "") for i in memory.source_message_ids} - {""}
        for speaker in speakers:
            evidence = [i for i in memory.source_message_ids if speaker_of.get(i) == speaker]
            self_reports.setdefault(speaker, []).append(
                ImpressionPatch(content=memory.content, confidence=memory.confidence, evidence_message_ids=evidence)
            )
    return OfflineAnalysis(sources=sources, self_reports=self_reports)


def plan_batch(batch: ActiveEntityBatch, analysis: OfflineAnalysis) -> ImpressionObservationPlan:
    """The observation plan of one batch: one observation per active entity that has evidence.

    Returns:
        a PREPARED plan; REJECTED (reason given) when no entity of the batch has evidence in the sources.
    """
    observations = [obs for entity in batch.entities if (obs := _observe(entity, analysis)) is not None]
    if not observations:
        return ImpressionObservationPlan(status="REJECTED", reason="no evidence for any entity of the batch")
    return ImpressionObservationPlan(observations=observations)


def _observe(entity: ActiveEntity, analysis: OfflineAnalysis) -> ImpressionEntityObservation | None:
    mentioned = set(entity.message_ids)
    messages = [m for m in analysis.sources if m.message_id in mentioned]
    single_thing = entity.kind == "thing" and len(messages) < MIN_THING_MESSAGES
    if not messages or (single_thing and not _named_as_an_object(entity, messages)):
        return None
    impressions = list(analysis.self_reports.get(entity.name, [])) if entity.is_speaker else []
    third = _third_person(entity, messages)
    impressions += third
    own = [m for m in messages if (m.speaker or "").strip() == entity.name] if entity.is_speaker else []
    snippets = [p.content.split(": ", 1)[-1] for p in [*third, *impressions]][:MAX_SNIPPETS]
    if not snippets:
        snippets = [messages[0].content]
    return ImpressionEntityObservation(
        proposed_subject=entity.name,
        kind=entity.kind,
        aliases=entity.aliases,
        impressions=impressions,
        features=_features(own),
        relations=_relations(own, listeners=_listeners(entity, analysis)) if entity.is_speaker else [],
        source_active_runtime_ids=[entity.runtime_id],
        evidence_snippets=[s[:SNIPPET_CHARS] for s in snippets],
        confidence=UNSURE_THING_CONFIDENCE if single_thing else _confidence(entity),
        reason="offline rules: " + ("speaker" if entity.is_speaker else f"{entity.kind} named in the conversation"),
    )


def _named_as_an_object(entity: ActiveEntity, messages: Sequence[ConversationMessage]) -> bool:
    """Whether a message names the entity as what someone read, watched, played, bought, used..."""
    pattern = re.compile(_OBJECT_OF + _names_pattern(entity).pattern, re.IGNORECASE)
    return any(pattern.search(m.content) for m in messages)


def _confidence(entity: ActiveEntity) -> float:
    if entity.is_speaker:
        return 0.95
    if entity.kind == "thing":
        return THING_CONFIDENCE
    return 0.9 if len(entity.message_ids) >= 2 else 0.8


def _names_pattern(entity: ActiveEntity) -> re.Pattern[str]:
    names = sorted({entity.name, *entity.aliases}, key=len, reverse=True)
    parts = [re.escape(n) if detect_language(n) == "zh" else rf"(?<![\w]){re.escape(n)}(?![\w])" for n in names]
    return re.compile("|".join(parts))


def _third_person(entity: ActiveEntity, messages: Sequence[ConversationMessage]) -> list[ImpressionPatch]:
    """Sentences by others that name the entity and say something about it (no questions, no greetings)."""
    names = _names_pattern(entity)
    out: dict[str, ImpressionPatch] = {}
    for message in messages:
        speaker = (message.speaker or "").strip()
        if speaker == entity.name:
            continue
        for sentence in split_sentences(message.content):
            if not names.search(sentence) or not _is_statement(sentence, names):
                continue
            content = name_speaker(sentence, speaker)
            if content not in out:
                out[content] = ImpressionPatch(
                    content=content, confidence=THIRD_PERSON_CONFIDENCE, evidence_message_ids=[message.message_id]
                )
            if len(out) >= MAX_THIRD_PERSON:
                return list(out.values())
    return list(out.values())


_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself|ya|u)\b|[你您]|我们|咱们", re.IGNORECASE)
_EXCLAIMED = re.compile(r"!\s*$")


def _addressed(sentence: str, names: re.Pattern[str]) -> bool:
    """Whether the entity is spoken to rather than about: its name as a vocative ("Sam, ...", "..., Sam!",
    "Hey Sam"), or any second-person word ("you've got this", "你真棒")."""
    if _SECOND_PERSON.search(sentence):
        return True
    for match in names.finditer(sentence):
        before, after = sentence[: match.start()].rstrip(), sentence[match.end() :].lstrip()
        if not before or before.endswith(",") or re.search(rf"\b{_GREETING_WORDS}\W*$", before, re.IGNORECASE):
            if not after or after[:1] in ",!.?，！。？":
                return True
        if before.endswith(",") and (not after or after[:1] in "!.?！。？"):
            return True
    return False


_GREETING_WORDS = r"(?:hey|hi|hello|thanks|thank you|bye|congrats|congratulations|wow|oh|yes|yeah|go|dear|sorry)"


def _is_statement(sentence: str, names: re.Pattern[str]) -> bool:
    """A sentence that says something about the entity: none of the rulebook's ``speech`` refusals (a question, a
    greeting, a request, anything said to the listener: :func:`graphsvc.rulebook.extract.speech_refusal`), not said
    to the entity (:func:`_addressed`), no short exclamation, and with words enough beside its name."""
    if speech_refusal(sentence) is not None or _addressed(sentence, names):
        return False
    if _EXCLAIMED.search(sentence) and len(sentence) < 40:
        return False
    rest = names.sub(" ", sentence)
    if detect_language(sentence) == "zh":
        return len(re.findall(r"[\u4e00-\u9fff]", rest)) >= 6
    return len(re.findall(r"[A-Za-z']+", rest)) >= 4


def _features(own: Sequence[ConversationMessage]) -> list[FeaturePatch]:
    found: dict[str, FeaturePatch] = {}
    for message in own:
        for key, pattern in FEATURE_RULES:
            match = pattern.search(message.content)
            if match:
                value = match[1].strip(" \"'“”")
                found[key] = FeaturePatch(
                    key=key, value=value, confidence=0.8, evidence_message_ids=[message.message_id]
                )
    return list(found.values())


def _listeners(entity: ActiveEntity, analysis: OfflineAnalysis) -> list[str]:
    """The other speakers of the conversation: whom the entity's "you" means."""
    speakers = {(m.speaker or "").strip() for m in analysis.sources} - {"", entity.name}
    return sorted(speakers)


EN_FRIEND_OF_LISTENER = re.compile(
    r"\byou(?:['’]re| are)(?: such| really| truly| always)? (?:a|an|my)(?: \w+)? (?:friend|buddy|pal|bestie)\b|"
    r"\b(?:our friendship|friends like you|best friend(?:s)? like you|lucky to have you as a friend)\b",
    re.IGNORECASE,
)
"""What a speaker says to the other that makes them friends ("You're such a good friend", "our friendship")."""
ZH_FRIEND_OF_LISTENER = re.compile(r"你是我(?:最好|最亲|真正)?的(?:好)?朋友|我们的友谊|(?:有|交到)你这样的朋友")
_PETS = r"dog|cat|puppy|kitten|pet|horse|bird|parrot|rabbit|hamster|turtle|car|boat"
_ZH_ORGS = r"公司|大学|学院|医院|银行|集团|学校"
EN_PLACE_RELATIONS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (relation, re.compile(pattern))
    for relation, pattern in (
        (
            "works_at",
            r"\bI(?:['’]m| am)? (?:currently |now |still )?work(?:s|ing)? (?:at|for) (?:the )?"
            r"([A-Z][\w&'’-]*(?: [A-Z][\w&'’-]*){0,3})",
        ),
        (
            "lives_in",
            r"\bI (?:currently |now |still )?(?:live|moved|relocated) (?:in|to) (?:the )?"
            r"([A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,3})",
        ),
        ("owns", rf"\b[Mm]y (?:\w+ )?(?:{_PETS}),? (?:named |called )?([A-Z][a-z]+)\b"),
        ("works_at", rf"我(?:现在|目前)?在([\u4e00-\u9fff]{{2,12}}?(?:{_ZH_ORGS}))(?:工作|上班)"),
        ("lives_in", r"我(?:现在|目前)?(?:住在|搬到了?)([\u4e00-\u9fff]{2,8}?)(?=[，。！？、\s]|$|的)"),
        ("owns", r"我(?:家)?(?:的|养了?一只|有一只)(?:小)?(?:狗|猫|宠物|兔子)(?:叫|名叫|，叫)([\u4e00-\u9fff]{1,3})"),
    )
)
"""Relations of a speaker to a place, an organisation or a pet their own words name (issue 22's common patterns:
works at, lives in, owns); the target must be an entity of the conversation or the plan leaves the relation out."""


def _relations(own: Sequence[ConversationMessage], *, listeners: Sequence[str] = ()) -> list[RelationPatch]:
    """A speaker's relations from their own messages: family, partner and friends they name ("my friend Tomás",
    "我的朋友张伟"), a listener they call a friend ("You're such a good friend", when the conversation has exactly
    one other speaker), and the places, organisations and pets of :data:`EN_PLACE_RELATIONS`."""
    found: dict[tuple[str, str], RelationPatch] = {}

    def add(relation: str, target: str, message: ConversationMessage) -> None:
        target = re.sub(r"['’]s$", "", target.strip())
        if not target or target.split()[0].lower() in CAPITALISED_STOPWORDS:
            return
        found.setdefault(
            (relation, target),
            RelationPatch(
                target=target,
                relation=relation,
                strength=0.7,
                confidence=0.7,
                evidence_message_ids=[message.message_id],
            ),
        )

    for message in own:
        for m in EN_RELATION.finditer(message.content):
            add(m[1].lower().replace("neighbour", "neighbor"), m[2], message)
        for match in ZH_RELATION_NAME.finditer(message.content):
            word = _ZH_RELATION_WORD.search(match[0])
            if word:
                add(ZH_RELATION_WORDS[word[0]], match[1], message)
        for relation, pattern in EN_PLACE_RELATIONS:
            for m in pattern.finditer(message.content):
                add(relation, m[1], message)
        if len(listeners) == 1 and (
            EN_FRIEND_OF_LISTENER.search(message.content) or ZH_FRIEND_OF_LISTENER.search(message.content)
        ):
            add("friend", listeners[0], message)
    return list(found.values())
