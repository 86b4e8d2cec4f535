"""The trait profile read path (seed 002 §8: ``get_user_traits``).

``user_traits`` gives an application what it needs to build a system prompt: the user's active traits,
highest stage first (core > established > emerging > candidate > trend), then highest confidence. The
evidence chain and the lineage are separate batched reads (:func:`trait_evidence`, :func:`trait_parents`,
:func:`trait_children`), which the GraphQL layer calls through DataLoaders.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphsvc.config import Settings
from graphsvc.graph import traits as stored_traits
from graphsvc.graph.database import Database
from graphsvc.graph.traits import EvidenceView, TraitView
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.validation import require_id
from graphsvc.vocabulary import STAGE_ORDER, TraitStage

_SUBTYPES = ("behavior", "preference", "core")
_CONTEXTS = ("work", "personal", "social", "learning", "general")


def stages_from(min_stage: str | None) -> list[TraitStage]:
    """The stages at or above ``min_stage``; an unknown, dissolved or None value is ignored (every
    active stage), as seed 002 §8 says for invalid filters."""
    if min_stage not in STAGE_ORDER:
        return list(STAGE_ORDER)
    return list(STAGE_ORDER[STAGE_ORDER.index(min_stage) :])


def _profile_order(traits: Sequence[TraitView]) -> list[TraitView]:
    """Highest stage first (core > established > emerging > candidate > trend), then highest confidence."""
    return sorted(traits, key=lambda t: (-cm.stage_rank(t.stage), -(t.confidence or 0.0), t.uid))


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
    traits = await stored_traits.profile(
        db,
        user_id=user_id,
        stages=stages_from(min_stage),
        subtype=subtype if subtype in _SUBTYPES else None,
        context=context if context in _CONTEXTS else None,
    )
    return _profile_order(traits)


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
    return _profile_order(chosen)


async def trait_evidence(*, db: Database, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[EvidenceView]]:
    """``{trait_uid: [evidence, oldest first]}`` for the given traits of the user (missing → absent)."""
    return await stored_traits.evidence_of(db, user_id=user_id, trait_uids=trait_uids)


async def trait_parents(*, db: Database, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitView]]:
    """``{trait_uid: [traits it was upgraded into]}`` (PARENT_OF → it), dissolved ones included, in profile
    order."""
    found = await stored_traits.parents_of(db, user_id=user_id, trait_uids=trait_uids)
    return {uid: _profile_order(views) for uid, views in found.items()}


async def trait_children(*, db: Database, user_id: str, trait_uids: Sequence[str]) -> dict[str, list[TraitView]]:
    """``{trait_uid: [traits it was built from]}`` (it → PARENT_OF), dissolved ones included, in profile order."""
    found = await stored_traits.children_of(db, user_id=user_id, trait_uids=trait_uids)
    return {uid: _profile_order(views) for uid, views in found.items()}
