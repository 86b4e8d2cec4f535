"""Trait lifecycle transitions (seed 002 §4–5): reinforcement, contradiction, trend promotion and expiry,
time decay and dissolution, each on the in-memory :class:`~.book.TraitBook`.

Pure: no I/O; ``now`` is the cycle's time from the injected clock. Every transition that changes a trait
queues a ``HistoryEntry``, except decay that moves confidence without changing the stage (it runs on
every trait every cycle; the stored confidence and ``decayed_at`` show it).

Decay is incremental: each application covers the days since the later of the last reinforcement and
the last decay, so reflecting often never decays a trait twice for the same days. Before evidence
changes a trait's confidence, the decay pending up to ``now`` is applied first.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graphsvc.config import ReflectionSettings
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.pipeline.reflection.book import EvidenceRecord, MemoryRecord, TraitBook, TraitState
from graphsvc.vocabulary import EvidenceGrade, EvidenceKind


def describe(trait: TraitState) -> str:
    """``"stage emerging, confidence 0.490"``: the value a HistoryEntry stores for a state change."""
    conf = "none" if trait.confidence is None else f"{trait.confidence:.3f}"
    return f"stage {trait.stage}, confidence {conf}"


def add_evidence(
    trait: TraitState,
    memories: Sequence[MemoryRecord],
    *,
    kind: EvidenceKind,
    grade: EvidenceGrade,
    now: datetime,
    cycle_id: str,
    strong: bool = False,
) -> list[MemoryRecord]:
    """Link the memories the trait does not already cite as ``kind``, and those it cites that were said again
    since (a memory the cycle reads as new: a restatement makes it unread); returns those linked. A memory is
    cited at most once per cycle.

    ``strong``: recorded on contradicting evidence (the reflector's judgement, seed 002 §5).
    """
    fresh: list[MemoryRecord] = []
    for memory in memories:
        cited = [e for e in trait.evidence if e.memory_uid == memory.uid and e.kind == kind]
        if (cited and not memory.is_new) or any(e.cycle_id == cycle_id for e in cited):
            continue
        if any(m.uid == memory.uid for m in fresh):
            continue
        fresh.append(memory)
        trait.evidence.append(
            EvidenceRecord(
                memory_uid=memory.uid,
                kind=kind,
                grade=grade,
                cycle_id=cycle_id,
                created_at=now,
                sessions=memory.sessions,
                strong=strong,
            )
        )
    if fresh:
        trait.changed = True
    return fresh


def settle_decay(trait: TraitState, *, now: datetime, settings: ReflectionSettings) -> None:
    """Apply the decay pending since ``max(last_reinforced, decayed_at, created_at)`` (confidence only).

    Trends (no confidence) and dissolved traits are left alone.
    """
    if trait.confidence is None or not trait.active or trait.stage == "trend":
        return
    since = max(d for d in (trait.last_reinforced, trait.decayed_at, trait.created_at) if d is not None)
    days = (now - since).total_seconds() / 86_400.0
    if days <= 0:
        return
    trait.confidence = cm.decay(
        trait.confidence,
        subtype=trait.subtype,
        reinforcement_count=trait.reinforcement_count,
        days=days,
        settings=settings,
    )
    trait.decayed_at = now
    trait.changed = True


def dissolve(book: TraitBook, trait: TraitState, *, now: datetime, reason: str) -> None:
    """Stage dissolved, ``expired_at = now``; the HistoryEntry keeps the content as old value (seed 002 §6)."""
    if not trait.active:
        return
    old = describe(trait)
    trait.stage = "dissolved"
    trait.expired_at = now
    book.counts.dissolved.add(trait.uid)
    book.record(trait, "dissolved", trait.content, None, f"{reason}; was {old}")


def reinforce_trait(
    book: TraitBook,
    trait: TraitState,
    memories: Sequence[MemoryRecord],
    *,
    grade: EvidenceGrade,
    now: datetime,
    cycle_id: str,
    settings: ReflectionSettings,
) -> bool:
    """Supporting evidence for an existing trait (seed 002 §5).

    The memories become ``supporting`` evidence. A trait is reinforced at most once per cycle (the
    spacing effect: one cycle is one observation): the first reinforcement in a cycle raises
    ``reinforcement_count`` and, for non-trends, confidence ``c + (1 − c)·f(grade)`` with the stage
    following the new confidence; later ones in the same cycle, and any on a trait created in this
    cycle, only add evidence.

    Returns:
        True when at least one memory was newly cited.
    """
    if not trait.active:
        return False
    fresh = add_evidence(trait, memories, kind="supporting", grade=grade, now=now, cycle_id=cycle_id)
    if not fresh:
        return False
    bump(book, trait, grade=grade, now=now, settings=settings, reason=f"grade {grade}, {len(fresh)} memory(ies)")
    return True


def bump(
    book: TraitBook,
    trait: TraitState,
    *,
    grade: EvidenceGrade,
    now: datetime,
    settings: ReflectionSettings,
    reason: str,
) -> bool:
    """Count one reinforcement of ``trait`` in this cycle (see :func:`reinforce_trait`).

    Returns:
        False when the trait was created or already reinforced in this cycle (nothing changes).
    """
    if trait.is_new or trait.uid in book.counts.reinforced or not trait.active:
        return False
    book.counts.reinforced.add(trait.uid)
    old = describe(trait)
    if trait.confidence is not None and trait.stage != "trend":
        settle_decay(trait, now=now, settings=settings)
        trait.confidence = cm.reinforce(trait.confidence, grade=grade, settings=settings)
        mapped = cm.raised_stage(trait.confidence, settings=settings)
        if cm.stage_rank(mapped) > cm.stage_rank(trait.stage):
            trait.stage = mapped
    trait.reinforcement_count += 1
    trait.last_reinforced = now
    trait.decayed_at = now
    book.record(trait, "reinforced", old, describe(trait), reason)
    return True


def contradict_trait(
    book: TraitBook,
    trait: TraitState,
    memories: Sequence[MemoryRecord],
    *,
    strong: bool,
    now: datetime,
    cycle_id: str,
    settings: ReflectionSettings,
) -> bool:
    """Contradicting evidence for an existing trait (seed 002 §5–6).

    The memories become ``contradicting`` evidence (grade D is stored; grades rate support) and
    ``contradiction_count`` rises by one per cycle. Confidence becomes ``c·(1 − f)`` with f = 0.4 when
    ``strong`` or when two or more memories contradict, else 0.2; the stage may only fall, and below
    0.1 the trait is dissolved. Trends only count (their window manages them), except when ``strong``: a
    memory that flatly negates a short-term tendency ("Ana stopped running last month." against "Goes
    running") ends it, so the trend is dissolved at once instead of waiting for its window.

    Returns:
        True when at least one memory was newly cited.
    """
    if not trait.active:
        return False
    fresh = add_evidence(
        trait,
        memories,
        kind="contradicting",
        grade="D",
        now=now,
        cycle_id=cycle_id,
        strong=strong or len(memories) >= 2,
    )
    if not fresh:
        return False
    if trait.uid in book.counts.contradicted:
        return True
    book.counts.contradicted.add(trait.uid)
    old = describe(trait)
    trait.contradiction_count += 1
    is_strong = strong or len(fresh) >= 2
    if trait.confidence is not None and trait.stage != "trend":
        settle_decay(trait, now=now, settings=settings)
        trait.confidence = cm.contradict(trait.confidence, strong=is_strong, settings=settings)
        trait.stage = cm.lowered_stage(trait.stage, trait.confidence, settings=settings)
    book.record(trait, "contradicted", old, describe(trait), f"{'strong' if is_strong else 'single'} contradiction")
    if trait.confidence is not None and cm.is_below_dissolve(trait.confidence, settings=settings):
        dissolve(book, trait, now=now, reason=f"contradicted to {trait.confidence:.3f} (< {settings.dissolve_below})")
    elif trait.stage == "trend" and strong:
        dissolve(book, trait, now=now, reason="a trend flatly negated by a new memory")
    return True


def evaluate_trends(book: TraitBook, *, now: datetime, settings: ReflectionSettings) -> None:
    """Step 3 (pure code): promote or expire trends (seed 002 §4).

    A trend whose supporting evidence inside its window comes from at least
    ``trend_promotion_min_cycles`` (2) distinct reflection cycles becomes a candidate behavior at
    confidence 0.3 with its window cleared. Otherwise, once ``now`` is past the window end, it is
    dissolved. The cycle that created the trend counts as one of the cycles.
    """
    for trait in book.active():
        if trait.stage != "trend":
            continue
        start, end = trait.window_start, trait.window_end
        cycles = {
            e.cycle_id
            for e in trait.evidence
            if e.kind == "supporting"
            and e.cycle_id is not None
            and (start is None or e.created_at >= start)
            and (end is None or e.created_at <= end)
        }
        if len(cycles) >= settings.trend_promotion_min_cycles:
            old = describe(trait)
            trait.stage = "candidate"
            trait.subtype = "behavior"
            trait.confidence = settings.trend_promoted_confidence
            trait.base_confidence = settings.trend_promoted_confidence
            trait.window_start = trait.window_end = None
            trait.decayed_at = now
            book.counts.promoted += 1
            book.record(trait, "promoted", old, describe(trait), f"reinforced in {len(cycles)} cycles in its window")
        elif end is not None and now > end:
            dissolve(book, trait, now=now, reason=f"trend window ended after {len(cycles)} cycle(s)")


def apply_decay(book: TraitBook, *, now: datetime, settings: ReflectionSettings) -> None:
    """Step 8 (pure code): decay every active trait with a confidence, lower stages, dissolve below 0.1.

    Seed 002 §5: ``c·exp(−λ·days)``, ``λ = base / (1 + 0.1·reinforcement_count)``; a stage only falls
    here (a stage change is audited), and a confidence below 0.1 dissolves the trait.
    """
    for trait in book.active():
        if trait.confidence is None or trait.stage == "trend":
            continue
        settle_decay(trait, now=now, settings=settings)
        lowered = cm.lowered_stage(trait.stage, trait.confidence, settings=settings)
        if cm.is_below_dissolve(trait.confidence, settings=settings):
            dissolve(book, trait, now=now, reason=f"decayed to {trait.confidence:.3f} (< {settings.dissolve_below})")
        elif lowered != trait.stage:
            old = describe(trait)
            trait.stage = lowered
            book.record(trait, "stage_changed", old, describe(trait), "time decay")
