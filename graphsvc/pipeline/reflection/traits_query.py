"""The trait profile read path (seed 002 §8: ``get_user_traits``).

``user_traits`` gives an application what it needs to build a system prompt: the user's active traits,
highest stage first (core > established > emerging > candidate > trend), then highest confidence. The
evidence chain and the lineage are separate batched reads (:func:`trait_evidence`, :func:`trait_parents`,
:func:`trait_children`), which the GraphQL layer calls through DataLoaders.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from graphsvc.config import Settings
from graphsvc.graph import nodes
from graphsvc.graph.database import Database
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.validation import require_id
from graphsvc.vocabulary import (
    STAGE_ORDER,
    EvidenceGrade,
    EvidenceKind,
    TraitContext,
    TraitStage,
    TraitSubtype,
)

_SUBTYPES = ("behavior", "preference", "core")
_CONTEXTS = ("work", "personal", "social", "learning", "general")


class TraitView(BaseModel):
    """A trait as callers see it (no embedding)."""

    model_config = ConfigDict(frozen=True)

    uid: str
    user_id: str
    content: str
    stage: TraitStage
    subtype: TraitSubtype
    confidence: float | None
    context: TraitContext
    window_start: datetime | None
    window_end: datetime | None
    first_observed: datetime | None
    last_reinforced: datetime | None
    reinforcement_count: int
    contradiction_count: int
    derived_from: str
    created_at: datetime | None
    expired_at: datetime | None

    @classmethod
    def from_node(cls, node: Any) -> TraitView:
        """From a ``Trait`` node as returned by the driver (inflated through the neomodel class)."""
        t = nodes.Trait.inflate(node)
        return cls(
            uid=t.uid,
            user_id=t.user_id,
            content=t.content,
            stage=t.stage,
            subtype=t.subtype,
            confidence=t.confidence,
            context=t.context or "general",
            window_start=t.window_start,
            window_end=t.window_end,
            first_observed=t.first_observed,
            last_reinforced=t.last_reinforced,
            reinforcement_count=t.reinforcement_count or 0,
            contradiction_count=t.contradiction_count or 0,
            derived_from=t.derived_from or "reflection",
            created_at=t.created_at,
            expired_at=t.expired_at,
        )


class EvidenceMemoryView(BaseModel):
    """The memory an evidence cites, with the messages it was extracted from."""

    model_config = ConfigDict(frozen=True)

    uid: str
    content: str
    memory_type: str
    source_message_ids: list[str]


class EvidenceView(BaseModel):
    """One link of a trait's evidence chain."""

    model_config = ConfigDict(frozen=True)

    uid: str
    trait_uid: str
    grade: EvidenceGrade
    kind: EvidenceKind
    cycle_id: str | None
    created_at: datetime | None
    inherited_from: str | None
    resolved_at: datetime | None
    memory: EvidenceMemoryView | None


def stages_from(min_stage: str | None) -> list[TraitStage]:
    """The stages at or above ``min_stage``; an unknown, dissolved or None value is ignored (every
    active stage), as seed 002 §8 says for invalid filters."""
    if min_stage not in STAGE_ORDER:
        return list(STAGE_ORDER)
    return list(STAGE_ORDER[STAGE_ORDER.index(min_stage) :])


async def user_traits(
    *,
    db: Database,
    settings: Settings,
    user_id: str,
    min_stage: str | None = "emerging",
    subtype: str | None = None,
    context: str | None = None,
) -> list[TraitView]:
    """Seed 002 §8 ``get_user_traits``: the user's active traits, for building a system prompt.

    Args:
        min_stage: lowest stage returned (default emerging: trend and candidate left out).
        subtype: behavior, preference or core; None for all.
        context: work, personal, social, learning or general; None for all.
        An invalid ``min_stage``, ``subtype`` or ``context`` is ignored (that filter is not applied).

    Returns:
        active (never dissolved) traits ordered by stage (core > established > emerging > candidate >
        trend), then confidence, both descending; an empty list for a user without traits.

    Raises:
        InvalidInputError: blank or oversized user id.
    """
    user_id = require_id("userId", user_id, settings)
    rows = await db.read(
        "user_traits",
        user_id=user_id,
        stages=stages_from(min_stage),
        subtype=subtype if subtype in _SUBTYPES else None,
        context=context if context in _CONTEXTS else None,
    )
    traits = [TraitView.from_node(r["trait"]) for r in rows]
    return sorted(traits, key=lambda t: (-cm.stage_rank(t.stage), -(t.confidence or 0.0), t.uid))


def select_traits(
    traits: Sequence[TraitView],
    *,
    min_stage: str | None = "emerging",
    subtype: str | None = None,
    context: str | None = None,
) -> list[TraitView]:
    """:func:`user_traits`'s filters and order applied to traits already read (the ``asOf`` path, whose
    stages are computed, not stored)."""
    stages = set(stages_from(min_stage))
    chosen = [
        t
        for t in traits
        if t.stage in stages
        and (subtype not in _SUBTYPES or t.subtype == subtype)
        and (context not in _CONTEXTS or t.context == context)
    ]
    return sorted(chosen, key=lambda t: (-cm.stage_rank(t.stage), -(t.confidence or 0.0), t.uid))


async def trait_evidence(*, db: Database, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[EvidenceView]]:
    """``{trait_uid: [evidence, oldest first]}`` for the given traits of the user (missing → absent)."""
    rows = await db.read("trait_evidence", user_id=user_id, uids=list(dict.fromkeys(trait_uids)))
    out: dict[str, list[EvidenceView]] = defaultdict(list)
    for r in rows:
        ev = nodes.Evidence.inflate(r["evidence"])
        memory = None
        if r["memory_uid"] is not None:
            memory = EvidenceMemoryView(
                uid=r["memory_uid"],
                content=r["memory_content"],
                memory_type=r["memory_type"],
                source_message_ids=list(r["source_ids"]),
            )
        out[r["trait_uid"]].append(
            EvidenceView(
                uid=ev.uid,
                trait_uid=r["trait_uid"],
                grade=ev.grade,
                kind=ev.kind,
                cycle_id=ev.cycle_id,
                created_at=ev.created_at,
                inherited_from=ev.inherited_from,
                resolved_at=ev.resolved_at,
                memory=memory,
            )
        )
    return dict(out)


async def _lineage(name: str, db: Database, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitView]]:
    rows = await db.read(name, user_id=user_id, uids=list(dict.fromkeys(trait_uids)))
    out: dict[str, list[TraitView]] = defaultdict(list)
    for r in rows:
        out[r["key"]].append(TraitView.from_node(r["trait"]))
    for views in out.values():
        views.sort(key=lambda t: (-cm.stage_rank(t.stage), -(t.confidence or 0.0), t.uid))
    return dict(out)


async def trait_parents(*, db: Database, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitView]]:
    """``{trait_uid: [traits it was upgraded into]}`` (PARENT_OF → it), dissolved ones included."""
    return await _lineage("trait_parents", db, user_id, trait_uids)


async def trait_children(*, db: Database, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitView]]:
    """``{trait_uid: [traits it was built from]}`` (it → PARENT_OF), dissolved ones included."""
    return await _lineage("trait_children", db, user_id, trait_uids)
