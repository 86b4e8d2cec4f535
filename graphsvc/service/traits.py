"""The reflection area of the service (seed 002): triggers, reflection cycles and the user's traits.

The one place the reflection engine is called from (the GraphQL mutation, the job after an extraction,
the CLI, the benchmarks and the tests all come through :meth:`TraitArea.reflect`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graphsvc.graph.reflection_cycles import ReflectionOutcome
from graphsvc.graph.traits import EvidenceView, TraitHistoryPoint, TraitView
from graphsvc.pipeline.reflection import cycle
from graphsvc.pipeline.reflection.as_of import trait_history, traits_as_of
from graphsvc.pipeline.reflection.outcome import recent_cycles
from graphsvc.pipeline.reflection.traits_query import (
    select_traits,
    trait_children,
    trait_evidence,
    trait_parents,
    user_traits,
)
from graphsvc.pipeline.reflection.triggers import should_reflect
from graphsvc.runtime import Runtime
from graphsvc.validation import require_aware, require_id
from graphsvc.vocabulary import TraitContext, TraitStage, TraitSubtype


class TraitArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime

    async def should_reflect(self, *, user_id: str, session_ended: bool = False) -> bool:
        """Seed 002 §1: does a trigger hold now? Read-only; see :mod:`graphsvc.pipeline.reflection.triggers`."""
        rt = self.rt
        return await should_reflect(
            db=rt.db, settings=rt.settings, user_id=user_id, session_ended=session_ended, clock=rt.clock
        )

    async def reflect(self, *, user_id: str, force: bool = False, session_ended: bool = False) -> ReflectionOutcome:
        """Run a reflection cycle if a trigger holds (or ``force``); see :func:`graphsvc.pipeline.reflection.cycle.run`.

        The LLM reflector when an LLM is configured, else the offline reflector.
        """
        return await cycle.run(self.rt, user_id=user_id, force=force, session_ended=session_ended)

    async def user_traits(
        self,
        *,
        user_id: str,
        min_stage: TraitStage | None = "emerging",
        subtype: TraitSubtype | None = None,
        context: TraitContext | None = None,
        as_of: datetime | None = None,
    ) -> list[TraitView]:
        """Seed 002 §8 ``get_user_traits``; see :func:`graphsvc.pipeline.reflection.traits_query.user_traits`.

        With ``as_of``, the traits with the stage, confidence and text they had then (issue 12; see
        :mod:`graphsvc.pipeline.reflection.as_of`).
        """
        if as_of is not None:
            user_id = require_id("userId", user_id, self.rt.settings)
            then = await traits_as_of(
                self.rt.db, user_id=user_id, as_of=require_aware("asOf", as_of), settings=self.rt.settings.reflection
            )
            return select_traits(then, min_stage=min_stage, subtype=subtype, context=context)
        return await user_traits(
            db=self.rt.db,
            settings=self.rt.settings,
            user_id=user_id,
            min_stage=min_stage,
            subtype=subtype,
            context=context,
        )

    async def reflection_cycles(self, *, user_id: str, limit: int = 20) -> list[ReflectionOutcome]:
        """The user's recorded cycles (COMPLETED and FAILED), newest first."""
        return await recent_cycles(db=self.rt.db, settings=self.rt.settings, user_id=user_id, limit=limit)

    # --- neighbours, batched per user (the API's DataLoaders) ------------------------------------

    async def trait_evidence(self, *, user_id: str, ids: Sequence[str]) -> dict[str, list[EvidenceView]]:
        return await trait_evidence(db=self.rt.db, user_id=user_id, trait_uids=ids)

    async def trait_parents(self, *, user_id: str, ids: Sequence[str]) -> dict[str, list[TraitView]]:
        return await trait_parents(db=self.rt.db, user_id=user_id, trait_uids=ids)

    async def trait_children(self, *, user_id: str, ids: Sequence[str]) -> dict[str, list[TraitView]]:
        return await trait_children(db=self.rt.db, user_id=user_id, trait_uids=ids)

    async def trait_history(self, *, user_id: str, ids: Sequence[str]) -> dict[str, list[TraitHistoryPoint]]:
        """How each trait's stage and confidence moved, oldest first (issue 16); see
        :func:`graphsvc.pipeline.reflection.as_of.trait_history`."""
        return await trait_history(self.rt.db, user_id=user_id, trait_uids=ids)
