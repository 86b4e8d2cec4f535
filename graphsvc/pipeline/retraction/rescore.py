"""A trait's confidence recomputed from the evidence left after a retraction (seed 002 §5, issue 12).

The reflection engine moves a trait's confidence one cycle at a time; this replays those steps over the
evidence that survives, with the same formulas (:mod:`graphsvc.pipeline.reflection.confidence`):

- start: the trait's base confidence (0.4 for a behavior, 0.3 for a promoted trend, MAX(children) + 0.1 for
  an upgrade) at its creation, or at its last promotion or modification (a reset), with the stage it starts
  at (candidate; emerging for a preference or core made by an upgrade);
- then each later reflection cycle that left evidence, in time order: decay since the previous step
  (``c·exp(−λ·days)``, λ damped by the reinforcements so far), one reinforcement ``c + (1 − c)·f`` at the best
  grade of that cycle's supporting evidence (one per cycle: the spacing effect), then one contradiction
  ``c·(1 − f)`` if it cited any unresolved contradicting evidence (f 0.4 when strong or several, else 0.2);
  reinforcement raises the stage to the one the confidence maps to, contradiction and decay only lower it;
- last, decay up to the time the engine last decayed the trait (``decayed_at``), so the next cycle goes on
  from there without counting any day twice;
- below 0.1 the trait is dissolved. Evidence copied from a child at an upgrade (``inherited_from``) and
  evidence of the cycle that created the trait count as evidence, not as reinforcements (as in the engine).

A trait with fewer than :data:`MIN_SUPPORTING_MEMORIES` supporting memories left is deleted, not re-scored:
with no evidence left it rested only on what was deleted, and one memory grounds no trait (a trait's object
is in at least two evidence memories; reflection never makes one of a single memory), so a trait does not
outlive the evidence it was made of. Trends (no confidence) and dissolved traits that keep enough evidence keep
their stage; only their counters follow the evidence left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from graphsvc.config import ReflectionSettings
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.pipeline.reflection.traits import best_grade
from graphsvc.vocabulary import EvidenceGrade, EvidenceKind, TraitStage, TraitSubtype

MIN_SUPPORTING_MEMORIES = 2
"""The fewest distinct memories a trait's supporting evidence may cite after a retraction."""


class ReplayedEvidence(Protocol):
    """What the replay reads of one piece of evidence (a stored one read for a retraction, or the reflection
    engine's :class:`~graphsvc.pipeline.reflection.book.EvidenceRecord`)."""

    @property
    def memory_uid(self) -> str | None: ...
    @property
    def kind(self) -> EvidenceKind: ...
    @property
    def grade(self) -> EvidenceGrade: ...
    @property
    def cycle_id(self) -> str | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def inherited_from(self) -> str | None: ...
    @property
    def resolved_at(self) -> datetime | None: ...
    @property
    def strong(self) -> bool: ...


class ReplayedTrait(Protocol):
    """What the replay reads of the trait (a stored one read for a retraction, or the reflection engine's
    :class:`~graphsvc.pipeline.reflection.book.TraitState`)."""

    @property
    def uid(self) -> str: ...
    @property
    def subtype(self) -> TraitSubtype: ...
    @property
    def stage(self) -> TraitStage: ...
    @property
    def confidence(self) -> float | None: ...
    @property
    def base_confidence(self) -> float | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def cycle_id(self) -> str | None: ...
    @property
    def last_reinforced(self) -> datetime | None: ...
    @property
    def decayed_at(self) -> datetime | None: ...


@dataclass(frozen=True)
class Rescored:
    """A trait's state recomputed from its remaining evidence; ``delete`` when too little is left."""

    uid: str
    delete: bool
    confidence: float | None = None
    stage: TraitStage | None = None
    reinforcement_count: int = 0
    contradiction_count: int = 0

    @property
    def dissolved(self) -> bool:
        return self.stage == "dissolved"

    def describe(self) -> str:
        conf = "none" if self.confidence is None else f"{self.confidence:.3f}"
        return f"stage {self.stage}, confidence {conf}"


def _initial_stage(trait: ReplayedTrait, *, reset: bool) -> TraitStage:
    return "emerging" if trait.subtype in ("preference", "core") and not reset else "candidate"


def _cycles(
    evidence: Sequence[ReplayedEvidence], *, after: datetime, creation_cycle: str | None
) -> list[tuple[datetime, list[ReplayedEvidence]]]:
    """Remaining non-inherited evidence grouped by reflection cycle, after ``after``, oldest first."""
    groups: dict[str, list[ReplayedEvidence]] = {}
    for e in evidence:
        if e.inherited_from is not None or e.created_at <= after or e.cycle_id == creation_cycle:
            continue
        groups.setdefault(e.cycle_id or e.created_at.isoformat(), []).append(e)
    return sorted(((min(e.created_at for e in g), g) for g in groups.values()), key=lambda item: item[0])


def rescore(
    trait: ReplayedTrait,
    remaining: Sequence[ReplayedEvidence],
    *,
    resets: Sequence[datetime],
    settings: ReflectionSettings,
) -> Rescored:
    """Recompute one trait from the evidence left (pure).

    Args:
        trait: the trait as stored (its base confidence, subtype, stage, times, creation cycle).
        remaining: its evidence that survives the retraction.
        resets: when its confidence was last set afresh (promotion of a trend, modification after a
            contradiction review); the replay starts at the latest.

    Returns:
        ``delete`` when the supporting evidence left cites fewer than :data:`MIN_SUPPORTING_MEMORIES` memories;
        else the new confidence, stage and counters.
    """
    supporting = {e.memory_uid for e in remaining if e.kind == "supporting" and e.memory_uid is not None}
    if len(supporting) < MIN_SUPPORTING_MEMORIES:
        return Rescored(uid=trait.uid, delete=True)
    start = max([trait.created_at, *resets])
    steps = _cycles(remaining, after=start if resets else trait.created_at, creation_cycle=trait.cycle_id)
    supported = sum(1 for _, g in steps if any(e.kind == "supporting" for e in g))
    against = sum(1 for _, g in steps if any(e.kind == "contradicting" and e.resolved_at is None for e in g))
    if trait.stage in ("dissolved", "trend") or trait.confidence is None:
        return Rescored(
            uid=trait.uid,
            delete=False,
            confidence=trait.confidence,
            stage=trait.stage,
            reinforcement_count=supported,
            contradiction_count=against,
        )
    base = trait.base_confidence if trait.base_confidence is not None else settings.behavior_initial_confidence
    confidence, stage = cm.clamp(base), _initial_stage(trait, reset=bool(resets))
    count, at = 0, start
    for when, group in steps:
        confidence = cm.decay(
            confidence,
            subtype=trait.subtype,
            reinforcement_count=count,
            days=(when - at).total_seconds() / 86_400.0,
            settings=settings,
        )
        stage = cm.lowered_stage(stage, confidence, settings=settings)
        support = [e.grade for e in group if e.kind == "supporting"]
        if support:
            confidence = cm.reinforce(confidence, grade=best_grade(support), settings=settings)
            mapped = cm.raised_stage(confidence, settings=settings)
            stage = mapped if cm.stage_rank(mapped) > cm.stage_rank(stage) else stage
            count += 1
        contra = [e for e in group if e.kind == "contradicting" and e.resolved_at is None]
        if contra:
            strong = any(e.strong for e in contra) or len(contra) >= 2
            confidence = cm.contradict(confidence, strong=strong, settings=settings)
            stage = cm.lowered_stage(stage, confidence, settings=settings)
        at = when
    until = trait.decayed_at or trait.last_reinforced or at
    confidence = cm.decay(
        confidence,
        subtype=trait.subtype,
        reinforcement_count=count,
        days=(until - at).total_seconds() / 86_400.0,
        settings=settings,
    )
    stage = cm.lowered_stage(stage, confidence, settings=settings)
    if cm.is_below_dissolve(confidence, settings=settings):
        stage = "dissolved"
    return Rescored(
        uid=trait.uid,
        delete=False,
        confidence=confidence,
        stage=stage,
        reinforcement_count=count,
        contradiction_count=against,
    )
