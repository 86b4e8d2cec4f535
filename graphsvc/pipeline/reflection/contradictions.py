"""Contradiction review (seed 002 §6): which traits need the focused second call, and applying its answer.

Contradicting evidence is counted and linked by :func:`.lifecycle.contradict_trait` during the main
step. Afterwards a trait whose ``contradictions / (reinforcements + contradictions) > 0.3`` is reviewed,
except on its first contradiction (which only counts). The review is the second LLM call
(:mod:`graphsvc.pipeline.reflection.contradiction_prompt`), at most ``max_contradiction_calls_per_cycle`` per cycle,
or :func:`offline_resolution` without an LLM. A failed call changes nothing; the trait stays flagged and
is reviewed again by the next cycle.

- dissolve → stage dissolved, ``expired_at``; HistoryEntry "dissolved" (old content).
- modify → new content (and embedding); HistoryEntry "modified" (old and new content). The contradicting
  evidence is marked resolved (it stays linked), ``contradiction_count`` starts again at 0, and the
  confidence is recomputed by replaying the trait's later reinforcements from its starting confidence
  (one per cycle, best grade of that cycle); the stage may only fall.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from graphsvc import keys
from graphsvc.config import ReflectionSettings
from graphsvc.llm.client import LLMCall, StructuredLLM
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.pipeline.reflection import contradiction_prompt as task
from graphsvc.pipeline.reflection.book import TraitBook, TraitState, Vector
from graphsvc.pipeline.reflection.contract import ContradictionCase, ContradictionResolution, EvidenceText
from graphsvc.pipeline.reflection.lifecycle import describe, dissolve
from graphsvc.pipeline.reflection.traits import best_grade
from graphsvc.vocabulary import EvidenceGrade


def flagged_traits(book: TraitBook, *, settings: ReflectionSettings) -> list[TraitState]:
    """Active traits that need review, most contradicted first (ratio, then count, then uid)."""
    flagged = [
        t
        for t in book.active()
        if cm.needs_contradiction_review(
            reinforcements=t.reinforcement_count, contradictions=t.contradiction_count, settings=settings
        )
    ]

    def ratio(t: TraitState) -> float:
        return cm.contradiction_ratio(reinforcements=t.reinforcement_count, contradictions=t.contradiction_count)

    return sorted(flagged, key=lambda t: (-ratio(t), -t.contradiction_count, t.uid))


def build_case(trait: TraitState, *, texts: Mapping[str, tuple[str, datetime | None]]) -> ContradictionCase:
    """The review input: the trait and the texts of all its supporting and open contradicting memories.

    Args:
        texts: ``{memory_uid: (content, observed_at)}``; evidence whose memory is missing is left out.
    """

    def items(kind: str) -> list[EvidenceText]:
        seen: set[str] = set()
        out: list[EvidenceText] = []
        for e in sorted(trait.evidence, key=lambda e: e.created_at):
            if e.kind != kind or e.memory_uid in seen or e.memory_uid not in texts:
                continue
            if kind == "contradicting" and e.resolved_at is not None:
                continue
            seen.add(e.memory_uid)
            content, observed = texts[e.memory_uid]
            out.append(EvidenceText(content=content, observed_at=observed))
        return out

    return ContradictionCase(
        trait_uid=trait.uid,
        content=trait.content,
        subtype=trait.subtype,
        stage=trait.stage,
        confidence=trait.confidence,
        reinforcement_count=trait.reinforcement_count,
        contradiction_count=trait.contradiction_count,
        supporting=items("supporting"),
        contradicting=items("contradicting"),
    )


async def ask_llm(case: ContradictionCase, *, llm: StructuredLLM) -> tuple[ContradictionResolution, LLMCall]:
    """The focused second call.

    Raises:
        LLMError: timeout, refusal, empty or malformed answer.
    """
    return await llm.structured(task=task.TASK, messages=task.build_messages(case), response_model=task.RESPONSE_MODEL)


def offline_resolution(trait: TraitState) -> ContradictionResolution | None:
    """Without an LLM nothing can be rewritten: dissolve when contradictions are at least as many as
    reinforcements, else leave the trait as it is (None) and look again next cycle."""
    if trait.contradiction_count >= max(trait.reinforcement_count, 1):
        return ContradictionResolution(
            action="dissolve",
            reasoning=f"offline: {trait.contradiction_count} contradiction(s) vs "
            f"{trait.reinforcement_count} reinforcement(s)",
        )
    return None


def apply_resolution(
    book: TraitBook,
    trait: TraitState,
    resolution: ContradictionResolution,
    *,
    embedding: Vector | None,
    now: datetime,
    settings: ReflectionSettings,
) -> bool:
    """Apply modify or dissolve to ``trait`` (see the module docstring).

    Args:
        embedding: the embedding of ``resolution.new_content`` for modify, ``(d,)`` float32.

    Returns:
        False when a modify came without usable new content (nothing changes; noted on the cycle).
    """
    if resolution.action == "dissolve":
        dissolve(book, trait, now=now, reason=f"contradictions: {resolution.reasoning}".strip())
        return True
    new_content = (resolution.new_content or "").strip()
    if not new_content or keys.content_hash(new_content) == trait.content_hash:
        book.counts.reject(f"modify of trait {trait.uid}: no new content; left unchanged")
        return False
    old_content = trait.content
    trait.content = new_content
    trait.content_hash = keys.content_hash(new_content)
    trait.embedding = embedding
    trait.embedding_changed = True
    for evidence in trait.evidence:
        if evidence.kind == "contradicting" and evidence.resolved_at is None:
            evidence.resolved_at = now
            evidence.resolved_now = evidence.uid is not None
    trait.contradiction_count = 0
    if trait.confidence is not None and trait.base_confidence is not None:
        trait.confidence = cm.replay_confidence(trait.base_confidence, _later_grades(trait), settings=settings)
        trait.stage = cm.lowered_stage(trait.stage, trait.confidence, settings=settings)
        trait.decayed_at = now
    book.counts.modified += 1
    book.record(trait, "modified", old_content, new_content, f"{resolution.reasoning}; now {describe(trait)}".strip())
    return True


def _later_grades(trait: TraitState) -> list[EvidenceGrade]:
    """Best grade of each cycle that reinforced the trait after it was created, in time order."""
    by_cycle: dict[str, tuple[datetime, list[EvidenceGrade]]] = {}
    for e in trait.evidence:
        if e.kind != "supporting" or e.cycle_id is None or e.cycle_id == trait.cycle_id or e.inherited_from:
            continue
        first, grades = by_cycle.get(e.cycle_id, (e.created_at, []))
        by_cycle[e.cycle_id] = (min(first, e.created_at), [*grades, e.grade])
    return [best_grade(grades) for _, grades in sorted(by_cycle.values(), key=lambda v: v[0])]
