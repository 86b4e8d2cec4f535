"""Builders for reflection unit tests: memories, traits and books with readable defaults."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np

from graphsvc import keys
from graphsvc.config import ReflectionSettings
from graphsvc.pipeline.reflection.book import EvidenceRecord, MemoryRecord, TraitBook, TraitState, Vector
from graphsvc.pipeline.reflection.traits import ApplyContext, PromptIds
from graphsvc.vocabulary import EvidenceGrade, TraitStage, TraitSubtype

NOW = datetime(2024, 6, 1, 12, tzinfo=UTC)
SETTINGS = ReflectionSettings()


def days(n: float) -> timedelta:
    return timedelta(days=n)


def unit(*values: float) -> Vector:
    """An L2-normalised float32 vector."""
    v = np.asarray(values, dtype=np.float32)
    return (v / np.linalg.norm(v)).astype(np.float32)


def with_cosine(base: Vector, cosine: float) -> Vector:
    """A unit vector whose cosine to ``base`` (a unit vector along axis 0 of 3) is ``cosine``."""
    return unit(cosine, float(np.sqrt(max(0.0, 1.0 - cosine**2))), 0.0)


def memory(
    uid: str,
    *,
    sessions: tuple[str, ...] = ("s1",),
    content: str | None = None,
    vector: Vector | None = None,
    is_new: bool = True,
    at: datetime = NOW,
    speakers: tuple[str, ...] = (),
) -> MemoryRecord:
    return MemoryRecord(
        uid=uid,
        content=content or f"memory {uid}",
        memory_type="fact",
        importance=0.5,
        observed_at=at,
        sessions=frozenset(sessions),
        embedding=vector if vector is not None else unit(1, 0, 0),
        is_new=is_new,
        speakers=frozenset(speakers),
    )


def superseded(
    uid: str,
    content: str,
    *,
    replaced_by: tuple[str, ...],
    reasons: tuple[str, ...] | None = None,
    replacement_status: str | None = "active",
    sessions: tuple[str, ...] = ("s1",),
    vector: Vector | None = None,
) -> MemoryRecord:
    """A context memory superseded by slot, with its chain of replacements (every edge ``slot`` by default)."""
    return replace(
        memory(uid, content=content, sessions=sessions, vector=vector, is_new=False),
        status="superseded",
        replaced_by=replaced_by,
        replaced_reasons=reasons if reasons is not None else ("slot",) * len(replaced_by),
        replacement_status=replacement_status if replaced_by else None,
    )


def trait(
    uid: str,
    *,
    stage: TraitStage = "emerging",
    subtype: TraitSubtype = "behavior",
    confidence: float | None = 0.5,
    content: str | None = None,
    vector: Vector | None = None,
    reinforcements: int = 0,
    contradictions: int = 0,
    created: datetime = NOW,
    last_reinforced: datetime | None = None,
    base: float | None = None,
    evidence: list[EvidenceRecord] | None = None,
    about: str | None = None,
) -> TraitState:
    text = content or f"trait {uid}"
    return TraitState(
        uid=uid,
        content=text,
        content_hash=keys.content_hash(text),
        stage=stage,
        subtype=subtype,
        confidence=confidence,
        context="general",
        embedding=vector,
        created_at=created,
        cycle_id="c0",
        base_confidence=base if base is not None else confidence,
        last_reinforced=last_reinforced or created,
        reinforcement_count=reinforcements,
        contradiction_count=contradictions,
        evidence=evidence or [],
        about=about,
    )


def evidence(
    memory_uid: str,
    *,
    cycle: str = "c0",
    at: datetime = NOW,
    kind: str = "supporting",
    grade: EvidenceGrade = "C",
    sessions: tuple[str, ...] = ("s1",),
) -> EvidenceRecord:
    return EvidenceRecord(
        memory_uid=memory_uid,
        kind="supporting" if kind == "supporting" else "contradicting",
        grade=grade,
        cycle_id=cycle,
        created_at=at,
        sessions=frozenset(sessions),
        uid=f"ev-{memory_uid}-{cycle}",
    )


def book(*traits: TraitState, edges: set[tuple[str, str]] | None = None) -> TraitBook:
    return TraitBook(list(traits), edges or set())


def context(
    memories: list[MemoryRecord],
    traits: list[TraitState],
    *,
    embeddings: dict[str, Vector] | None = None,
    settings: ReflectionSettings = SETTINGS,
    now: datetime = NOW,
    floor: float = 0.0,
) -> ApplyContext:
    """Prompt ids: memories m1.. in order, traits t1.. in order."""
    return ApplyContext(
        ids=PromptIds(
            memories={f"m{i + 1}": m for i, m in enumerate(memories)},
            traits={f"t{i + 1}": t.uid for i, t in enumerate(traits)},
        ),
        embeddings=embeddings or {},
        now=now,
        cycle_id="c1",
        settings=settings,
        similarity_floor=floor,
    )
