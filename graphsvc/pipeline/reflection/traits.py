"""Applying a reflector's answer to the trait book: the code checks, then creates, reinforces, upgrades.

Seed 002 §3–6 with the checks the code owns (the reflector only proposes):

- ids: only the prompt's memory (``m…``) and trait (``t…``) ids count; invented ids are dropped;
- new behaviors need ≥ 3 supporting memories (``behavior_min_evidence``), a memory counting once per conversation
  that said it (:func:`.book.observations`), and start as candidates at 0.4;
  new trends get a 14- or 30-day window and no confidence;
- a new trait's evidence must span ≥ 2 conversations (``min_sessions_per_trait``): traits never come
  from a single conversation;
- a trait is about one person (:mod:`.persons`): a new trait's memories must all be one person's (it records
  whom, ``about``); a memory of another person never reinforces or contradicts it; an upgrade joins only traits
  about the same person, and keeps the reflector's reasoning on the trait it makes;
- a new trait whose normalised text equals, or whose rescaled similarity is above 0.95 to, an active
  trait of the same subtype family about the same person reinforces that trait instead of duplicating it;
- upgrades need ≥ 2 traits of the right subtype each passing its gate (behaviors ≥ 0.5 → preference,
  preferences ≥ 0.6 → core); the new trait starts at stage emerging with MAX(children) + 0.1, is linked
  by PARENT_OF to its children after the cycle check, and inherits their evidence.

Every refusal is counted on the cycle with its reason (``CycleCounts.notes``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

import numpy as np

from graphsvc import keys
from graphsvc.config import ReflectionSettings
from graphsvc.embed.base import rescale_similarity
from graphsvc.errors import TraitCycleError
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.pipeline.reflection import persons
from graphsvc.pipeline.reflection.book import (
    EvidenceRecord,
    MemoryRecord,
    TraitBook,
    TraitState,
    Vector,
    observations,
)
from graphsvc.pipeline.reflection.contract import ReflectionOutput, Upgrade
from graphsvc.pipeline.reflection.lifecycle import bump, contradict_trait, reinforce_trait
from graphsvc.rulebook import book as rulebook
from graphsvc.vocabulary import EvidenceGrade, TraitContext, TraitSubtype

GRADE_ORDER: tuple[EvidenceGrade, ...] = ("A", "B", "C", "D")


@dataclass(frozen=True)
class PromptIds:
    """Short prompt ids → what they stand for."""

    memories: Mapping[str, MemoryRecord]
    traits: Mapping[str, str]
    """``{"t1": trait_uid}``."""


@dataclass(frozen=True)
class ApplyContext:
    """What every application step needs besides the book."""

    ids: PromptIds
    embeddings: Mapping[str, Vector]
    """Embedding of every new trait text of the answer (``{content: (d,) float32}``)."""
    now: datetime
    cycle_id: str
    settings: ReflectionSettings
    similarity_floor: float


def best_grade(grades: Iterable[EvidenceGrade]) -> EvidenceGrade:
    """The strongest grade (A > B > C > D); D for none."""
    ranked = sorted(grades, key=GRADE_ORDER.index)
    return ranked[0] if ranked else "D"


def snap_window_days(days: int, *, settings: ReflectionSettings) -> int:
    """The allowed trend window (seed 002 §3: 14 or 30) nearest to ``days``; ties go to the longer."""
    return min(settings.trend_window_days, key=lambda allowed: (abs(allowed - days), -allowed))


def sessions_of(memories: Iterable[MemoryRecord]) -> frozenset[str]:
    return frozenset(s for m in memories for s in m.sessions)


def find_duplicate(
    book: TraitBook,
    *,
    content: str,
    embedding: Vector | None,
    subtypes: Sequence[TraitSubtype],
    settings: ReflectionSettings,
    floor: float,
    about: str | None = None,
) -> TraitState | None:
    """The active trait of one of ``subtypes`` about the person ``about`` that ``content`` duplicates, if any
    (seed 002 §3).

    Duplicate = same normalised text (content hash), or rescaled cosine strictly above
    ``duplicate_similarity`` (0.95). The most similar one wins. Traits about another person are never duplicates
    ("Enjoys running" of two people are two traits).
    """
    digest = keys.content_hash(content)
    best: tuple[float, TraitState] | None = None
    person = persons.name_key(about)
    for trait in book.active():
        if trait.subtype not in subtypes or persons.name_key(trait.about) != person:
            continue
        if trait.content_hash == digest:
            return trait
        if embedding is None or trait.embedding is None:
            continue
        similarity = rescale_similarity(float(np.dot(embedding, trait.embedding)), floor=floor)
        if similarity > settings.duplicate_similarity and (best is None or similarity > best[0]):
            best = (similarity, trait)
    return best[1] if best else None


def apply_output(book: TraitBook, output: ReflectionOutput, *, ctx: ApplyContext) -> None:
    """Apply one reflector answer to ``book``: reinforcements, contradictions, trends, behaviors, upgrades.

    Reinforcements and contradictions of one trait are merged first (union of memories, best grade;
    strong if any is strong). A memory cited both for and against the same trait is dropped from both.
    Upgrades come last, so their gates see this cycle's reinforcements.
    """
    support, against = _cited_for_and_against(book, output, ctx=ctx)
    for uid, (memories, grades) in support.items():
        if memories:
            reinforce_trait(
                book,
                book.traits[uid],
                memories,
                grade=best_grade(grades),
                now=ctx.now,
                cycle_id=ctx.cycle_id,
                settings=ctx.settings,
            )
    for uid, (memories, strong) in against.items():
        if memories:
            contradict_trait(
                book,
                book.traits[uid],
                memories,
                strong=strong,
                now=ctx.now,
                cycle_id=ctx.cycle_id,
                settings=ctx.settings,
            )
    for trend in output.new_trends:
        propose_trait(
            book,
            kind="trend",
            content=trend.content,
            memories=_memories(trend.evidence_ids, ctx),
            grade=trend.quality_grade,
            context=trend.context,
            window_days=trend.window_days,
            ctx=ctx,
            rule_id=trend.rule_id,
        )
    for behavior in output.new_behaviors:
        propose_trait(
            book,
            kind="behavior",
            content=behavior.content,
            memories=_memories(behavior.evidence_ids, ctx),
            grade=behavior.quality_grade,
            context=behavior.context,
            window_days=None,
            ctx=ctx,
            rule_id=behavior.rule_id,
        )
    for upgrade in output.upgrades:
        apply_upgrade(book, upgrade, ctx=ctx)


Support = dict[str, tuple[list[MemoryRecord], list[EvidenceGrade]]]
"""Trait uid → the memories cited for it and the grades given."""
Against = dict[str, tuple[list[MemoryRecord], bool]]
"""Trait uid → the memories cited against it and whether any contradiction was strong."""


def _cited_for_and_against(book: TraitBook, output: ReflectionOutput, *, ctx: ApplyContext) -> tuple[Support, Against]:
    """The answer's reinforcements and contradictions merged per trait; proposals naming an unknown trait or no
    known memory are rejected (counted with a note), and a memory cited both ways is dropped from both."""
    support: Support = {}
    for r in output.reinforcements:
        uid = _trait_uid(book, r.trait_id, ctx, "reinforcement")
        memories = _memories(r.new_evidence_ids, ctx)
        if uid is not None:
            memories = _about_trait(book, book.traits[uid], memories, "reinforcement")
        if uid is not None and not memories:
            book.counts.reject(f"reinforcement of {r.trait_id}: no known memory ids")
        elif uid is not None:
            entry = support.setdefault(uid, ([], []))
            entry[0].extend(memories)
            entry[1].append(r.quality_grade)
    against: Against = {}
    for c in output.contradictions:
        uid = _trait_uid(book, c.trait_id, ctx, "contradiction")
        memories = _memories(c.contradicting_evidence_ids, ctx)
        if uid is not None:
            memories = _about_trait(book, book.traits[uid], memories, "contradiction")
        if uid is not None and not memories:
            book.counts.reject(f"contradiction of {c.trait_id}: no known memory ids")
        elif uid is not None:
            mems, strong = against.get(uid, ([], False))
            against[uid] = ([*mems, *memories], strong or c.strong)
    for uid in set(support) & set(against):
        both = {m.uid for m in support[uid][0]} & {m.uid for m in against[uid][0]}
        if both:
            book.counts.reject(f"trait {uid}: {len(both)} memory(ies) cited both for and against it; ignored")
            support[uid] = ([m for m in support[uid][0] if m.uid not in both], support[uid][1])
            against[uid] = ([m for m in against[uid][0] if m.uid not in both], against[uid][1])
    return support, against


def propose_trait(
    book: TraitBook,
    *,
    kind: Literal["trend", "behavior"],
    content: str,
    memories: Sequence[MemoryRecord],
    grade: EvidenceGrade,
    context: TraitContext,
    window_days: int | None,
    ctx: ApplyContext,
    rule_id: str | None = None,
) -> TraitState | None:
    """Create a trend or behavior after the code's checks, or reinforce the trait it duplicates. ``rule_id``: the
    rulebook's trait rule that phrased ``content`` (offline reflector), kept only when the rulebook has it.

    Returns:
        the created or reinforced trait; None when refused (too little evidence, one conversation, memories of
        several people).
    """
    s = ctx.settings
    label = f"new {kind} {content[:60]!r}"
    if persons.shared_person(memories) is None:
        book.counts.reject(f"{label}: rests on memories of several people (a trait is about one person)")
        return None
    about = persons.display_name(speaker for m in memories for speaker in m.speakers)
    said = observations(memories)
    if kind == "behavior" and said < s.behavior_min_evidence:
        book.counts.reject(
            f"{label}: {len(memories)} supporting memories said {said} time(s), needs {s.behavior_min_evidence}"
        )
        return None
    sessions = sessions_of(memories)
    if len(sessions) < s.min_sessions_per_trait:
        book.counts.reject(
            f"{label}: evidence from {len(sessions)} conversation(s), needs {s.min_sessions_per_trait} "
            "(traits never come from a single conversation)"
        )
        return None
    embedding = ctx.embeddings.get(content)
    duplicate = find_duplicate(
        book,
        content=content,
        embedding=embedding,
        subtypes=("behavior",),
        settings=s,
        floor=ctx.similarity_floor,
        about=about,
    )
    if duplicate is not None:
        book.counts.notes.append(f"{label} duplicates trait {duplicate.uid}: reinforced instead")
        reinforce_trait(book, duplicate, memories, grade=grade, now=ctx.now, cycle_id=ctx.cycle_id, settings=s)
        return duplicate
    first_observed = min(m.observed_at for m in memories)
    trait = TraitState(
        uid=keys.new_uid(),
        content=content,
        content_hash=keys.content_hash(content),
        stage="trend" if kind == "trend" else "candidate",
        subtype="behavior",
        confidence=None if kind == "trend" else s.behavior_initial_confidence,
        context=context,
        embedding=embedding,
        created_at=ctx.now,
        cycle_id=ctx.cycle_id,
        base_confidence=None if kind == "trend" else s.behavior_initial_confidence,
        first_observed=first_observed,
        last_reinforced=ctx.now,
        decayed_at=ctx.now,
        about=about,
        rule_id=rulebook.known_rule_id(rule_id),
    )
    if kind == "trend":
        days = snap_window_days(window_days or s.trend_default_window_days, settings=s)
        trait.window_start = ctx.now
        trait.window_end = ctx.now + timedelta(days=days)
    book.add(trait)
    reinforce_trait(book, trait, memories, grade=grade, now=ctx.now, cycle_id=ctx.cycle_id, settings=s)
    book.counts.created += 1
    book.record(trait, "created", None, trait.content, f"{kind} from {len(memories)} memories")
    return trait


def apply_upgrade(book: TraitBook, upgrade: Upgrade, *, ctx: ApplyContext) -> TraitState | None:
    """behavior → preference or preference → core (seed 002 §4), after the code's checks.

    Returns:
        the new (or, for a duplicate, the existing reinforced) parent trait; None when refused.
    """
    s = ctx.settings
    target = upgrade.new_subtype
    source: TraitSubtype = "behavior" if target == "preference" else "preference"
    label = f"upgrade to {target} {upgrade.new_content[:60]!r}"
    children = _upgrade_children(book, upgrade, ctx=ctx, source=source, label=label)
    if children is None:
        return None
    uids = {c.uid for c in children}
    for existing in book.active():
        if existing.subtype == target and uids <= book.children(existing.uid):
            book.counts.reject(f"{label}: already upgraded into trait {existing.uid}")
            return None
    embedding = ctx.embeddings.get(upgrade.new_content)
    parent = find_duplicate(
        book,
        content=upgrade.new_content,
        embedding=embedding,
        subtypes=(target,),
        settings=s,
        floor=ctx.similarity_floor,
        about=children[0].about,
    )
    if parent is not None:
        cycles = [c.uid for c in children if book.would_cycle(parent.uid, c.uid)]
        if cycles:
            error = TraitCycleError(parent_uid=parent.uid, child_uid=cycles[0])
            book.counts.reject(f"{label}: {error.message}")
            return None
        book.counts.notes.append(f"{label} duplicates trait {parent.uid}: linked and reinforced instead")
        bump(book, parent, grade="C", now=ctx.now, settings=s, reason="upgrade of more traits into it")
    else:
        contexts = Counter(c.context for c in children)
        parent = TraitState(
            uid=keys.new_uid(),
            content=upgrade.new_content,
            content_hash=keys.content_hash(upgrade.new_content),
            stage="emerging",
            subtype=target,
            confidence=cm.upgraded_confidence([c.confidence or 0.0 for c in children], settings=s),
            context=upgrade.context or contexts.most_common(1)[0][0],
            embedding=embedding,
            created_at=ctx.now,
            cycle_id=ctx.cycle_id,
            base_confidence=None,
            first_observed=min((c.first_observed for c in children if c.first_observed), default=ctx.now),
            last_reinforced=ctx.now,
            decayed_at=ctx.now,
            about=children[0].about,
            reasoning=upgrade.reasoning.strip() or None,
            rule_id=rulebook.known_rule_id(upgrade.rule_id),
        )
        parent.base_confidence = parent.confidence
        book.add(parent)
        book.counts.created += 1
        book.counts.upgraded += 1
        book.record(parent, "upgraded", None, parent.content, f"from {len(children)} {source} traits")
    for child in children:
        if book.link(parent.uid, child.uid):
            inherit_evidence(parent, child, now=ctx.now, cycle_id=ctx.cycle_id)
    return parent


def _upgrade_children(
    book: TraitBook, upgrade: Upgrade, *, ctx: ApplyContext, source: TraitSubtype, label: str
) -> list[TraitState] | None:
    """The traits an upgrade joins, once each, when they pass its checks: active non-trend traits, at least
    ``upgrade_min_children``, all of ``source`` subtype, all about one person, each above the confidence gate;
    None (counted with a note) otherwise."""
    s = ctx.settings
    target = upgrade.new_subtype
    children: list[TraitState] = []
    for short in dict.fromkeys(upgrade.from_trait_ids):
        uid = ctx.ids.traits.get(short)
        trait = book.traits.get(uid) if uid else None
        if trait is None or not trait.active or trait.stage == "trend":
            book.counts.reject(f"{label}: {short} is not an active non-trend trait")
            return None
        children.append(trait)
    if len(children) < s.upgrade_min_children:
        book.counts.reject(f"{label}: {len(children)} trait(s), needs {s.upgrade_min_children}")
        return None
    wrong = [c.uid for c in children if c.subtype != source]
    if wrong:
        book.counts.reject(f"{label}: needs {source} traits, got {len(wrong)} of another subtype")
        return None
    if len({persons.name_key(c.about) for c in children}) > 1:
        book.counts.reject(f"{label}: its traits are about different people (a trait is about one person)")
        return None
    gate = cm.upgrade_gate(target, settings=s)
    weak = [c for c in children if not cm.passes_upgrade_gate(c.confidence, target=target, settings=s)]
    if weak:
        book.counts.reject(f"{label}: {len(weak)} trait(s) below the {gate} confidence gate")
        return None
    return children


def inherit_evidence(parent: TraitState, child: TraitState, *, now: datetime, cycle_id: str) -> int:
    """Copy the child's evidence to the parent (seed 002 §4: 证据继承); returns how many were copied.

    A memory the parent already cites with the same kind is not copied twice.
    """
    copied = 0
    for evidence in list(child.evidence):
        if parent.cites(evidence.memory_uid, evidence.kind):
            continue
        parent.evidence.append(
            EvidenceRecord(
                memory_uid=evidence.memory_uid,
                kind=evidence.kind,
                grade=evidence.grade,
                cycle_id=cycle_id,
                created_at=now,
                sessions=evidence.sessions,
                inherited_from=child.uid,
                resolved_at=evidence.resolved_at,
                strong=evidence.strong,
            )
        )
        copied += 1
    if copied:
        parent.changed = True
    return copied


def _about_trait(book: TraitBook, trait: TraitState, memories: list[MemoryRecord], what: str) -> list[MemoryRecord]:
    """The ``memories`` about the person the trait is about; the others are dropped with a note (another person's
    memory is no evidence for or against it)."""
    person = persons.name_key(trait.about)
    kept = [m for m in memories if persons.person_of(m.speakers) == person]
    if len(kept) < len(memories):
        book.counts.reject(
            f"{what} of trait {trait.uid}: {len(memories) - len(kept)} memory(ies) of another person ignored"
        )
    return kept


def _trait_uid(book: TraitBook, short: str, ctx: ApplyContext, what: str) -> str | None:
    uid = ctx.ids.traits.get(short)
    if uid is None or uid not in book.traits or not book.traits[uid].active:
        book.counts.reject(f"{what}: unknown or dissolved trait id {short!r}")
        return None
    return uid


def _memories(short_ids: Iterable[str], ctx: ApplyContext) -> list[MemoryRecord]:
    """The known memories of ``short_ids``, each once, in order; unknown ids are dropped."""
    out: dict[str, MemoryRecord] = {}
    for short in short_ids:
        memory = ctx.ids.memories.get(short.strip())
        if memory is not None:
            out.setdefault(memory.uid, memory)
    return list(out.values())
