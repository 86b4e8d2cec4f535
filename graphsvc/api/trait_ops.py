"""GraphQL operations of the reflection area (seed 002): shouldReflect, reflect, userTraits, reflectionCycles.

Resolvers call the service's reflection area; the tenant scope comes from ``info.context.scope``.
"""

from __future__ import annotations

from datetime import datetime

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.trait_types import (
    ReflectionCycle,
    Trait,
    TraitContext,
    TraitLoaders,
    TraitStage,
    TraitSubtype,
)


@strawberry.type
class TraitQuery:
    @strawberry.field(
        description="Does a reflection trigger hold now (importance of new memories ≥ 30, 24 h since the last "
        "reflection, a conversation just ended, or never reflected)? Read-only."
    )
    async def should_reflect(self, info: Info, user_id: str, session_ended: bool = False) -> bool:
        return await info.context.service.should_reflect(
            user_id=info.context.scope(user_id), session_ended=session_ended
        )

    @strawberry.field(
        description="The user's active traits, highest stage then confidence first, with their evidence chain. "
        "minStage defaults to EMERGING (trends and candidates left out); a null or DISSOLVED minStage means "
        "every active stage. With asOf, the traits with the stage, confidence and text they had at that time."
    )
    async def user_traits(
        self,
        info: Info,
        user_id: str,
        min_stage: TraitStage | None = TraitStage.EMERGING,
        subtype: TraitSubtype | None = None,
        context: TraitContext | None = None,
        as_of: datetime | None = None,
    ) -> list[Trait]:
        service = info.context.service
        scoped = info.context.scope(user_id)
        views = await service.user_traits(
            user_id=scoped,
            min_stage=min_stage.value if min_stage else None,
            subtype=subtype.value if subtype else None,
            context=context.value if context else None,
            as_of=as_of,
        )
        loaders = TraitLoaders.build(service, scoped)
        return [Trait.from_domain(v, loaders) for v in views]

    @strawberry.field(description="The user's recorded reflection cycles (COMPLETED and FAILED), newest first.")
    async def reflection_cycles(self, info: Info, user_id: str, limit: int = 20) -> list[ReflectionCycle]:
        outcomes = await info.context.service.reflection_cycles(user_id=info.context.scope(user_id), limit=limit)
        return [ReflectionCycle.from_domain(o) for o in outcomes]


@strawberry.type
class TraitMutation:
    @strawberry.mutation(
        description="Run a reflection cycle if a trigger holds (or force). Concurrent calls for one user run "
        "one cycle; the others return SKIPPED. A failed LLM call returns FAILED and changes nothing."
    )
    async def reflect(
        self, info: Info, user_id: str, force: bool = False, session_ended: bool = False
    ) -> ReflectionCycle:
        outcome = await info.context.service.reflect(
            user_id=info.context.scope(user_id), force=force, session_ended=session_ended
        )
        return ReflectionCycle.from_domain(outcome)
