"""The offline reflector: the reflection contract without an LLM (embeddings plus word rules).

It answers the same :class:`~.contract.ReflectionOutput` the LLM does, and the code then applies the same
checks, so every lifecycle rule (≥ 3 memories, ≥ 2 conversations, gates, duplicates, decay) holds on
this path too. Two texts are *linked* when their rescaled embedding similarity is at least
``offline_link_similarity`` AND they share a content word (an English word stem, or a CJK character
outside a stop list) - the second condition is needed because multilingual-e5 rates many unrelated short
sentences of one user as similar.

What it infers:
- reinforcement: a new memory linked to an existing trait supports it (a memory the trait cites already
  supports it again when it was said again since: a restatement makes it new); grade C when the memory comes
  from a conversation the trait's evidence did not cover yet, else D (it never grades A or B);
- contradiction: a new memory linked to a trait whose negation polarity differs ("I no longer…",
  "不再…", "讨厌…" against a positive trait, or the reverse); a memory saying the person stopped what the
  trait names ("Ana stopped running" / "Goes running") links to it whatever the embedder says, and its
  contradiction is strong;
- new traits: memories (new plus earlier context) are grouped around the memory with most links
  (star clustering, no chaining; among equals the one said first, then by text, so the order the store returns
  them in never decides), and a memory linked to none stands alone; a group with a new memory, from
  ≥ 2 conversations, becomes a behavior when said ≥ 3 times or a trend (30-day window) when said twice (a memory
  counts once per conversation that said it: a restated habit is one memory said again); its text characterises
  the group
  (the rulebook's trait rules, :func:`graphsvc.rulebook.traits.phrase`: "Enjoys painting", "Wants to …",
  "Goes bouldering regularly"; the rule is recorded on the trait), with the memories as its
  evidence; a group no liked or wanted noun phrase grounds in two of its memories becomes no trait;
- upgrades: behaviors (each ≥ 0.5) or preferences (each ≥ 0.6) linked to each other become a preference
  or a core trait characterising theirs; its reasoning names the traits and counts the memories they rest on;
- one person per trait (:mod:`.persons`): memories are grouped by whom they are about (the speaker of their
  messages) before anything is linked, so a memory only supports or contradicts a trait about its speaker,
  a group is one person's memories, and only traits about one person are upgraded together;
- context: work / learning / social / personal from keyword lists, else general.

What it cannot infer: abstraction beyond the trait rules (it says "Enjoys chess", not "Values
craftsmanship"), paraphrase without a shared word, irony, contradictions that are not a negation,
grades A and B, and rewriting a contradicted trait (see :func:`.contradictions.offline_resolution`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from graphsvc.config import ReflectionSettings
from graphsvc.embed.base import rescale_similarity
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.pipeline.reflection import persons
from graphsvc.pipeline.reflection.book import MemoryRecord, TraitState, Vector, observations
from graphsvc.pipeline.reflection.contract import (
    Contradiction,
    NewBehavior,
    NewTrend,
    ReflectionOutput,
    Reinforcement,
    Upgrade,
)
from graphsvc.rulebook.lexicon import alternation
from graphsvc.rulebook.lexicon import en as lexicon_en
from graphsvc.rulebook.lexicon import zh as lexicon_zh
from graphsvc.rulebook.traits import gives_up, phrase
from graphsvc.text import nlp
from graphsvc.vocabulary import EvidenceGrade, TraitContext, TraitSubtype

_SPEAKER = re.compile(r"^[^:：\n]{1,40}[:：]\s*")
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_EN_STOP = frozenset(
    """about above after again all also always am an and any are around as at back be because been before
    being both but by can could day days did do does doing done down during each even ever every few for
    from get gets getting go goes going got had has have having he her here him his how i i'm i've if in
    into is it it's its just know last let like lot lots made make many me more most much my myself new
    next night no not now of off often on once one only or other our out over own really same see she
    should so some something still such than that the their them then there these they thing things
    think this those time times to today too tomorrow under up us used very want wants was way we week
    weekend well went were what when where which while who why will with would year years yesterday you
    your user recently lately usually sometimes""".split()
)
_CJK_STOP = frozenset(
    # pronouns, particles, conjunctions, auxiliaries
    "我你他她它们的了是在有和就不也都很会去要说这那个一上下来到对把被着过吗呢吧啊呀么什怎样还又再给让跟与及其而但"
    "如果因为所以没能可以想觉得地之为用做自己哦嗯呗啦嘛哪谁该应将曾并且或同"
    # time words and frequency adverbs (今天, 最近, 经常, 已经, 平时...)
    "今天昨明年月日时候早晚午周末近最常经次每刚才已正当间后前平"
    # degree words, generic verbs and adjectives (非常, 感觉, 知道, 真的, 特别, 开心...)
    "些点多少好大小中非感知道真实其确特别比较太挺更直接然些事情种样里面出现开心快乐喜欢爱看听见讲问认新旧"
    "两几二三东西方错叫本部幅位件条张首"
)
_NEGATION_EN = re.compile(
    r"\b(?:not|never|no longer|don't|doesn't|didn't|isn't|aren't|wasn't|can't|cannot|won't|stopped|quit|"
    r"hate|hates|dislike|dislikes|gave up|given up)\b|n't\b",
    re.IGNORECASE,
)
_NEGATION_ZH = re.compile(r"不再|没有|不喜欢|不爱|讨厌|戒了|戒掉|放弃|不想|从不|再也不|不太")
_CESSATION = re.compile(
    r"\b(?:stopped|quit|gave up|given up|no longer)\b|\bany ?more\b|不再|戒了|戒掉|放弃|再也不",
    re.IGNORECASE,
)
_CESSATION_WORDS = frozenset({"stop", "quit", "gave", "given", "give", "longer", "anymore", "放", "弃", "戒", "再"})
"""The content keys of the cessation cues themselves (:func:`content_keys` of "stopped", "no longer", "放弃"...)."""
_CONTEXT_RULES: tuple[tuple[TraitContext, re.Pattern[str]], ...] = tuple(
    (
        cast(TraitContext, context),
        re.compile(rf"\b{alternation(words)}|{alternation(lexicon_zh.TRAIT_CONTEXTS[context])}", re.IGNORECASE),
    )
    for context, words in lexicon_en.TRAIT_CONTEXTS.items()
)
"""The contexts of :func:`infer_context`, from the rulebook's lexicon (an English stem or a Chinese word)."""


def _stem(word: str) -> str:
    w = word.lower().removesuffix("'s")
    for suffix in ("ings", "ing", "edly", "ed", "es", "s", "ly"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiou":
        w = w[:-1]
    return w[:6]


def content_keys(text: str, *, name: str | None = None) -> frozenset[str]:
    """The content words of ``text`` for the shared-word test.

    English: lower-cased stems (first 6 letters after stripping -ing/-ed/-s...) of words that are not
    stop words, and not capitalised unless they open the text (names and places inside a sentence are
    left out, so a user's own name rarely links two memories). Chinese: CJK characters outside a stop
    list. A leading ``"Name: "`` is stripped first, and so is the name an offline memory opens with (its
    speaker as the subject: "Lena goes running", "周敏很喜欢绘画"; :func:`_opening_name`): the subject is in
    every memory of a user and links none. ``name``: whom the text is about (its speaker), left out wherever it
    stands, whether or not the segmenter knows it for a name ("安宁平时打麻将", "安宁的儿子每年都要提醒安宁").
    """
    body = _SPEAKER.sub("", text.strip(), count=1)
    body = body[len(_opening_name(body)) :]
    if name and name.strip():
        body = re.sub(re.escape(name.strip()), " ", body, flags=re.IGNORECASE)
    keys: set[str] = set()
    for i, word in enumerate(_WORD.findall(body)):
        if (i > 0 and word[0].isupper()) or word.lower() in _EN_STOP:
            continue
        stem = _stem(word)
        if len(stem) >= 3 and stem not in _EN_STOP:
            keys.add(stem)
    keys.update(ch for ch in _CJK.findall(body) if ch not in _CJK_STOP)
    return frozenset(keys)


_OPENING_WORDS = re.compile(r"[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*")


def _opening_name(body: str) -> str:
    """The person's name ``body`` opens with, "" for none: in English capitalised words spaCy tags as a proper noun
    or a person, or that a possessive follows ("Lena goes…", "Maya Smith paints", "Priya's dog…"); in Chinese
    a first word jieba tags as a person's name (``nr``: "周敏很喜欢绘画"). Without the English pipeline only the
    possessive counts."""
    if _CJK.match(body):
        words = nlp.chinese_words(body[:20])
        return words[0][0] if words and words[0][1] == "nr" and len(words) > 1 else ""
    opening = _OPENING_WORDS.match(body)
    if opening is None:
        return ""
    if re.match(r"['’]s\b", body[opening.end() :]):
        return opening[0]
    tags = nlp.english_tags(body[:200]) or []
    name = [word for word, pos, label in tags[: len(opening[0].split())] if pos == "PROPN" or label == "PERSON"]
    return " ".join(name) if name and opening[0].startswith(" ".join(name)) else ""


def is_negated(text: str) -> bool:
    """True when the text carries a negation or reversal cue (English or Chinese)."""
    body = _SPEAKER.sub("", text.strip(), count=1)
    return bool(_NEGATION_EN.search(body) or _NEGATION_ZH.search(body))


def states_cessation(text: str) -> bool:
    """True when the text says the person stopped something ("stopped running", "no longer paints",
    "doesn't swim any more", "不再画画", "戒了烟", "放弃了跑步"): a flat negation of a habit, not an exception."""
    body = _SPEAKER.sub("", text.strip(), count=1)
    return bool(_CESSATION.search(body))


_FREQUENCY_KEYS = frozenset(_stem(w) for w in lexicon_en.FREQUENCY_ADVERBS)
"""The keys of how often a trait says something happens ("regularly"): no part of what a cessation stops."""


def infer_context(text: str) -> TraitContext:
    """work, learning, social or personal by keyword (first match in that order), else general."""
    for context, pattern in _CONTEXT_RULES:
        if pattern.search(text):
            return context
    return "general"


@dataclass(frozen=True)
class _Item:
    short_id: str
    text: str
    vector: Vector
    keys: frozenset[str]


_Linker = Callable[[_Item, _Item], float]
"""Rescaled similarity of two linked items, 0 when they are not linked."""


def reflect_offline(
    *,
    memories: Sequence[tuple[str, MemoryRecord]],
    traits: Sequence[tuple[str, TraitState]],
    settings: ReflectionSettings,
    similarity_floor: float,
) -> ReflectionOutput:
    """The operations the offline reflector proposes (see the module docstring).

    Args:
        memories: ``(prompt id, memory)`` for new and context memories, embeddings ``(d,)`` float32.
        traits: ``(prompt id, trait)`` for the active traits shown to the reflector.
        similarity_floor: ``SIMILARITY_FLOOR``, ``settings.embedding.similarity_floor`` for rescaling cosines.

    Returns:
        proposals in prompt ids; the code checks them like an LLM answer.
    """
    threshold = settings.offline_link_similarity

    def linked(a: _Item, b: _Item) -> float:
        if not (a.keys & b.keys):
            return 0.0
        similarity = rescale_similarity(float(np.dot(a.vector, b.vector)), floor=similarity_floor)
        return similarity if similarity >= threshold else 0.0

    mem_items = {
        sid: _Item(sid, m.content, m.embedding, content_keys(m.content, name=persons.display_name(m.speakers)))
        for sid, m in memories
    }
    by_id = dict(memories)
    trait_items = {
        sid: _Item(sid, t.content, t.embedding, content_keys(t.content)) for sid, t in traits if t.embedding is not None
    }
    trait_by_id = dict(traits)
    by_uid = {m.uid: mem_items[sid] for sid, m in memories}
    evidence_items = {
        tid: [
            by_uid[e.memory_uid] for e in trait_by_id[tid].evidence if e.kind == "supporting" and e.memory_uid in by_uid
        ]
        for tid in trait_items
    }

    def linked_to_trait(memory: _Item, tid: str) -> float:
        """A characterisation is worded unlike its memories: a memory links to a trait through the trait's
        text or through any of its supporting memories shown in this cycle. A memory saying the person stopped
        what the trait names ("Ana stopped running" against "Goes running") links to it too, however far its
        vector is (an embedder places "stopped running" far from "goes running every morning"):
        :func:`_ends_trait`."""
        similarity = max([linked(memory, trait_items[tid]), *(linked(memory, e) for e in evidence_items[tid])])
        return max(similarity, threshold if _ends_trait(memory, trait_items[tid]) else 0.0)

    # 1. new memories → the one existing trait each links to best: support or contradiction.
    reinforcements, contradictions, used = _against_existing(
        memories, trait_items, mem_items, trait_by_id, linked_to_trait
    )
    # 2. the remaining memories → star clusters of one person's memories → behaviors and trends.
    cited = {e.memory_uid for _, t in traits for e in t.evidence if e.kind == "supporting"}
    pools: dict[str, list[_Item]] = {}
    for sid, memory in memories:
        person = persons.person_of(memory.speakers)
        if person is not None and sid not in used and not (not memory.is_new and memory.uid in cited):
            pools.setdefault(person, []).append(mem_items[sid])
    new_trends: list[NewTrend] = []
    new_behaviors: list[NewBehavior] = []
    for pool in pools.values():
        # earliest said first, then by text: memories written together (one message, one extraction) tie on time,
        # and the order the store returns them in (by a random uid) must not choose which traits form
        pool.sort(key=lambda item: (by_id[item.short_id].observed_at, item.text))
        trends, behaviors = _new_traits(pool, by_id, linked, settings)
        new_trends.extend(trends)
        new_behaviors.extend(behaviors)
    # 3. linked traits about one person above their gate → upgrades.
    upgrades: list[Upgrade] = []
    steps: tuple[tuple[TraitSubtype, TraitSubtype], ...] = (("behavior", "preference"), ("preference", "core"))
    for lower, higher in steps:
        upgrades.extend(_upgrades(traits, trait_items, linked, source=lower, target=higher, settings=settings))
    return ReflectionOutput(
        new_trends=new_trends,
        new_behaviors=new_behaviors,
        reinforcements=reinforcements,
        contradictions=contradictions,
        upgrades=upgrades,
    )


def _against_existing(
    memories: Sequence[tuple[str, MemoryRecord]],
    trait_items: dict[str, _Item],
    mem_items: dict[str, _Item],
    trait_by_id: dict[str, TraitState],
    linked_to_trait: Callable[[_Item, str], float],
) -> tuple[list[Reinforcement], list[Contradiction], set[str]]:
    """Each new memory supports, or (negation differs) contradicts, the one existing trait about its speaker it
    links to best.

    Returns:
        the reinforcements, the contradictions, and the prompt ids of the memories used (a memory a trait
        already cites counts as used).
    """
    by_id = dict(memories)
    support: dict[str, list[str]] = {}
    against: dict[str, list[str]] = {}
    used: set[str] = set()
    for sid, memory in memories:
        person = persons.person_of(memory.speakers)
        if not memory.is_new or person is None:
            continue
        about = [tid for tid in trait_items if persons.name_key(trait_by_id[tid].about) == person]
        best = max(((linked_to_trait(mem_items[sid], tid), tid) for tid in about), default=(0.0, ""))
        if best[0] <= 0.0:
            continue
        trait = trait_by_id[best[1]]
        used.add(sid)
        # a new memory the trait cites already was said again since (a restatement is read as new): it supports
        target = against if is_negated(memory.content) != is_negated(trait.content) else support
        if gives_up(trait.rule_id) and states_cessation(memory.content):
            target = support  # "Is giving up smoking" and "Ana quit smoking": done, not denied
        target.setdefault(best[1], []).append(sid)
    reinforcements = [
        Reinforcement(trait_id=tid, new_evidence_ids=ids, quality_grade=_grade(trait_by_id[tid], ids, by_id))
        for tid, ids in support.items()
    ]
    contradictions = [
        Contradiction(
            trait_id=tid,
            contradicting_evidence_ids=ids,
            strong=any(_ends_trait(mem_items[i], trait_items[tid]) for i in ids),
        )
        for tid, ids in against.items()
    ]
    return reinforcements, contradictions, used


def _ends_trait(memory: _Item, trait: _Item) -> bool:
    """The memory says the person stopped what the trait names: it states a cessation (:func:`states_cessation`,
    and so is negated: :func:`is_negated`), the trait does not, and every content word of the trait is in the
    memory once the cue's own words are set aside ("Ana stopped running last month." / "Goes running"). Such a
    contradiction is strong (seed 002 §6: it flatly negates the trait)."""
    if not (states_cessation(memory.text) and is_negated(memory.text)) or states_cessation(trait.text):
        return False
    wanted = trait.keys - _CESSATION_WORDS - _FREQUENCY_KEYS  # "Goes running regularly": "running" is what stops
    return bool(wanted) and wanted <= memory.keys


def _new_traits(
    pool: list[_Item], by_id: dict[str, MemoryRecord], linked: _Linker, settings: ReflectionSettings
) -> tuple[list[NewTrend], list[NewBehavior]]:
    """Star clusters of the pool with a new memory and evidence from enough conversations, and a memory said again
    in enough conversations on its own: a behavior when said at least ``behavior_min_evidence`` times (a memory
    counts once per conversation that said it: :func:`.book.observations`), else a trend when said twice."""
    new_trends: list[NewTrend] = []
    new_behaviors: list[NewBehavior] = []
    clusters = _star_clusters(pool, linked)
    clustered = {m.short_id for _, members in clusters for m in members}
    restated = [(m, [m]) for m in pool if m.short_id not in clustered]
    for _center, members in [*clusters, *restated]:
        group = [by_id[m.short_id] for m in members]
        conversations = {s for m in group for s in m.sessions}
        if not any(m.is_new for m in group) or len(conversations) < settings.min_sessions_per_trait:
            continue
        ids = [m.short_id for m in members]
        context = infer_context(" ".join(m.text for m in members))
        # members start with the centre; a memory said in several conversations is named in each of them
        worded = phrase(
            [m.text for m, record in zip(members, group, strict=True) for _ in range(observations([record]))]
        )
        if worded is None:
            continue  # nothing a person would write grounds the group: no trait (precision first)
        content, rule_id = worded.content, worded.rule_id
        said = observations(group)
        if said >= settings.behavior_min_evidence:
            new_behaviors.append(NewBehavior(content=content, evidence_ids=ids, context=context, rule_id=rule_id))
        elif said >= 2:
            window = settings.trend_default_window_days
            new_trends.append(
                NewTrend(content=content, evidence_ids=ids, window_days=window, context=context, rule_id=rule_id)
            )
    return new_trends, new_behaviors


def _grade(trait: TraitState, ids: list[str], by_id: dict[str, MemoryRecord]) -> EvidenceGrade:
    """C when some memory comes from a conversation the trait's evidence did not cover, else D."""
    covered = trait.evidence_sessions()
    return "C" if any(not by_id[i].sessions <= covered for i in ids) else "D"


def _star_clusters(items: list[_Item], linked: _Linker) -> list[tuple[_Item, list[_Item]]]:
    """Groups around the item with most links among the unassigned ones (ties: input order, which the callers make
    independent of ids: memories earliest said first, traits by text)."""
    neighbours: dict[str, list[_Item]] = {
        a.short_id: [b for b in items if b is not a and linked(a, b) > 0.0] for a in items
    }
    assigned: set[str] = set()
    clusters: list[tuple[_Item, list[_Item]]] = []
    while True:
        candidates = [
            (len([n for n in neighbours[a.short_id] if n.short_id not in assigned]), -i, a)
            for i, a in enumerate(items)
            if a.short_id not in assigned
        ]
        if not candidates:
            return clusters
        degree, _, center = max(candidates, key=lambda c: (c[0], c[1]))
        if degree == 0:
            return clusters
        members = [center, *(n for n in neighbours[center.short_id] if n.short_id not in assigned)]
        assigned.update(m.short_id for m in members)
        clusters.append((center, members))


def _upgrades(
    traits: Sequence[tuple[str, TraitState]],
    items: dict[str, _Item],
    linked: _Linker,
    *,
    source: TraitSubtype,
    target: TraitSubtype,
    settings: ReflectionSettings,
) -> list[Upgrade]:
    eligible = sorted(
        (
            items[sid]
            for sid, t in traits
            if sid in items
            and t.subtype == source
            and t.stage != "trend"
            and cm.passes_upgrade_gate(t.confidence, target=target, settings=settings)
        ),
        key=lambda item: item.text,
    )
    by_id = dict(traits)
    people: dict[str, list[_Item]] = {}
    for item in eligible:
        people.setdefault(persons.name_key(by_id[item.short_id].about), []).append(item)
    out: list[Upgrade] = []
    for group in people.values():
        for _, members in _star_clusters(group, linked):
            if len(members) < settings.upgrade_min_children:
                continue
            ranked = sorted(members, key=lambda m: -(by_id[m.short_id].confidence or 0.0))
            worded = phrase([m.text for m in ranked])
            if worded is None:
                continue
            content = worded.content[:500]
            out.append(
                Upgrade(
                    from_trait_ids=[m.short_id for m in ranked],
                    new_content=content,
                    new_subtype="preference" if target == "preference" else "core",
                    reasoning=upgrade_reasoning([by_id[m.short_id] for m in ranked], source=source),
                    context=infer_context(content),
                    rule_id=worded.rule_id,
                )
            )
    return out


def upgrade_reasoning(children: Sequence[TraitState], *, source: TraitSubtype) -> str:
    """Why the offline reflector upgrades ``children`` (seed 002 §4: an upgrade carries its reasoning): which
    traits, how many memories each rests on and from how many conversations, and that they are linked (similar
    wording sharing a content word), e.g. ``2 behavior traits of Theo linked by similar wording and a shared word:
    "Goes running on Sundays" (4 memories), "Goes running" (3 memories); 7 memories from 5 conversations in all``.

    Counts are of supporting evidence; a memory cited by two of them counts once in the total.
    """
    parts = []
    memories: set[str] = set()
    sessions: set[str] = set()
    for child in children:
        supporting = [e for e in child.evidence if e.kind == "supporting"]
        memories.update(e.memory_uid for e in supporting)
        sessions.update(s for e in supporting for s in e.sessions)
        parts.append(f'"{child.content}" ({len(supporting)} {_plural(len(supporting), "memory", "memories")})')
    whose = f" of {children[0].about}" if children and children[0].about else ""
    total = f"{len(memories)} {_plural(len(memories), 'memory', 'memories')}"
    spread = f"{len(sessions)} {_plural(len(sessions), 'conversation', 'conversations')}"
    reasoning = (
        f"{len(children)} {source} traits{whose} linked by similar wording and a shared word: "
        f"{', '.join(parts)}; {total} from {spread} in all"
    )
    return reasoning[:1000]


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many
