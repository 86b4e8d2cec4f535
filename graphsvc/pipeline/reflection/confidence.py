"""The confidence model of seed 002 §5, as pure functions of numbers and settings.

Every result is clamped to [0, 1]. Thresholds follow the seed's wording exactly:

- reinforcement ``c + (1 − c)·f``, f by evidence grade (A 0.25, B 0.20, C 0.15, D 0.05);
- contradiction ``c·(1 − f)``, f 0.2 for a single contradicting memory, 0.4 for a strong one or several;
- decay ``c·exp(−λ·days)`` with ``λ = base / (1 + 0.1·reinforcement_count)``, base by subtype
  (behavior 0.005, preference 0.002, core 0.001); below 0.1 the trait is dissolved (0.1 itself stays);
- stage from confidence: ``< 0.3`` candidate, ``[0.3, 0.6)`` emerging, ``[0.6, 0.85]`` established,
  ``> 0.85`` core.

Stage movement (how the engine uses :func:`stage_for_confidence`): evidence that raises confidence
moves the stage to the one its confidence maps to; anything that lowers confidence (contradiction,
decay) may only lower the stage (:func:`lowered_stage`). So a new behavior stays ``candidate`` at 0.4
and an upgraded trait stays ``emerging`` above 0.6 until new evidence arrives (seed 002 §3–4).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from graphsvc.config import ReflectionSettings
from graphsvc.vocabulary import (
    STAGE_ORDER,
    ActiveStage,
    EvidenceGrade,
    TraitStage,
    TraitSubtype,
)


def clamp(value: float) -> float:
    """``value`` limited to [0, 1] (seed 002 §5: confidence is always clamped). NaN becomes 0."""
    if math.isnan(value):
        return 0.0
    return min(1.0, max(0.0, value))


def reinforce(confidence: float, *, grade: EvidenceGrade, settings: ReflectionSettings) -> float:
    """``c + (1 − c)·f`` with ``f = settings.reinforcement_factors[grade]`` (seed 002 §5).

    Args:
        confidence: current confidence, 0–1 (values outside are clamped first).
        grade: quality of the new supporting evidence.

    Returns:
        the new confidence in [0, 1]; never lower than the input.
    """
    c = clamp(confidence)
    return clamp(c + (1.0 - c) * settings.reinforcement_factors[grade])


def contradict(confidence: float, *, strong: bool, settings: ReflectionSettings) -> float:
    """``c·(1 − f)``: f = 0.2 for a single contradiction, 0.4 for a strong one or several (seed 002 §5)."""
    factor = settings.contradiction_factor_strong if strong else settings.contradiction_factor_single
    return clamp(clamp(confidence) * (1.0 - factor))


def effective_lambda(*, subtype: TraitSubtype, reinforcement_count: int, settings: ReflectionSettings) -> float:
    """``base / (1 + 0.1·reinforcement_count)`` per day (seed 002 §5: the spacing effect).

    A negative count is treated as 0.
    """
    base = settings.decay_base_lambda[subtype]
    return base / (1.0 + settings.decay_reinforcement_damping * max(reinforcement_count, 0))


def decay(
    confidence: float,
    *,
    subtype: TraitSubtype,
    reinforcement_count: int,
    days: float,
    settings: ReflectionSettings,
) -> float:
    """``c·exp(−λ·days)`` (seed 002 §5); negative ``days`` (clock skew) decay nothing.

    Applying it twice over ``d1`` then ``d2`` days equals once over ``d1 + d2`` (the engine decays
    incrementally from the last decay or reinforcement, so nothing is counted twice).
    """
    lam = effective_lambda(subtype=subtype, reinforcement_count=reinforcement_count, settings=settings)
    return clamp(clamp(confidence) * math.exp(-lam * max(days, 0.0)))


def is_below_dissolve(confidence: float, *, settings: ReflectionSettings) -> bool:
    """True when the trait must be dissolved: confidence strictly below 0.1 (seed 002 §5)."""
    return clamp(confidence) < settings.dissolve_below


def stage_for_confidence(confidence: float, *, settings: ReflectionSettings) -> ActiveStage:
    """Seed 002 §5: ``< 0.3`` candidate, ``0.3 ≤ c < 0.6`` emerging, ``0.6 ≤ c ≤ 0.85`` established,
    ``> 0.85`` core."""
    c = clamp(confidence)
    if c < settings.candidate_below:
        return "candidate"
    if c < settings.established_from:
        return "emerging"
    if c <= settings.core_above:
        return "established"
    return "core"


def stage_rank(stage: TraitStage | str | None) -> int:
    """Position in trend < candidate < emerging < established < core; −1 for dissolved, None or unknown."""
    return STAGE_ORDER.index(stage) if stage in STAGE_ORDER else -1


def raised_stage(confidence: float, *, settings: ReflectionSettings) -> ActiveStage:
    """The stage after evidence that raised confidence: the one the confidence maps to."""
    return stage_for_confidence(confidence, settings=settings)


def lowered_stage(current: TraitStage, confidence: float, *, settings: ReflectionSettings) -> TraitStage:
    """The stage after confidence fell: the lower of ``current`` and the mapped stage (never a promotion)."""
    mapped = stage_for_confidence(confidence, settings=settings)
    return mapped if stage_rank(mapped) < stage_rank(current) else current


def upgraded_confidence(children: Iterable[float], *, settings: ReflectionSettings) -> float:
    """``MAX(children) + 0.1``, clamped (seed 002 §4).

    Raises:
        ValueError: no children.
    """
    values = list(children)
    if not values:
        raise ValueError("an upgrade needs at least one child confidence")
    return clamp(max(values) + settings.upgrade_confidence_bonus)


def upgrade_gate(target: TraitSubtype, *, settings: ReflectionSettings) -> float:
    """The confidence each child needs: 0.5 for → preference, 0.6 for → core (seed 002 §4).

    Raises:
        ValueError: ``target`` is behavior (nothing upgrades into a behavior).
    """
    if target == "preference":
        return settings.preference_upgrade_min_confidence
    if target == "core":
        return settings.core_upgrade_min_confidence
    raise ValueError("behaviors are never the product of an upgrade")


def passes_upgrade_gate(confidence: float | None, *, target: TraitSubtype, settings: ReflectionSettings) -> bool:
    """``confidence ≥ gate`` (seed 002 §4: each behavior ≥ 0.5, each preference ≥ 0.6); None fails."""
    return confidence is not None and clamp(confidence) >= upgrade_gate(target, settings=settings)


def contradiction_ratio(*, reinforcements: int, contradictions: int) -> float:
    """``contradictions / (reinforcements + contradictions)``; 0 when both are 0 (seed 002 §6)."""
    total = max(reinforcements, 0) + max(contradictions, 0)
    return max(contradictions, 0) / total if total else 0.0


def needs_contradiction_review(*, reinforcements: int, contradictions: int, settings: ReflectionSettings) -> bool:
    """True when the focused contradiction call must decide (seed 002 §6).

    The ratio must be strictly above 0.3, and the first contradiction only counts: at least
    ``contradiction_review_min_count`` (2) contradictions are needed.
    """
    if contradictions < settings.contradiction_review_min_count:
        return False
    ratio = contradiction_ratio(reinforcements=reinforcements, contradictions=contradictions)
    return ratio > settings.contradiction_ratio_threshold


def replay_confidence(base: float, grades: Iterable[EvidenceGrade], *, settings: ReflectionSettings) -> float:
    """Confidence recomputed from a start value and the grades of later reinforcements, in order.

    Used when a contradicted trait is modified (seed 002 §6: "重新计算 confidence"): the rewritten trait
    accounts for the contradicting evidence, so only its reinforcements are replayed from its base.
    """
    c = clamp(base)
    for grade in grades:
        c = reinforce(c, grade=grade, settings=settings)
    return c


def trait_boost(stage: str | None, *, settings: ReflectionSettings) -> float:
    """The recall boost of a trait's stage (seed 002 §7): emerging 0.05, established 0.15, core 0.25.

    trend, candidate, dissolved, None (data older than traits) and unknown stages give 0.
    """
    return next((boost for name, boost in settings.stage_boost.items() if name == stage), 0.0)
