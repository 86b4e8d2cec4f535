"""What a recall may return beyond its query (issue 12): which memory statuses, and as of when.

The default (active memories, now) keeps recall's fast path: the vector search with its caches and index,
and the statements as before. ``includeSuperseded`` adds superseded memories; ``asOf`` returns the state as
it was at a past time: memories that held then (valid time), messages said by then, impressions with
evidence by then, traits with the stage and confidence they had then (:mod:`graphsvc.pipeline.reflection.
as_of`). Both take the exact-scan path for memories and events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from graphsvc.graph.recall import Filters
from graphsvc.graph.traits import TraitView
from graphsvc.vocabulary import (
    RECALL_MEMORY_STATUSES,
    RECALL_TRAIT_STAGES,
    SUPERSEDED_RECALL_STATUSES,
    TRAIT_STAGES,
    MemoryStatus,
    TraitStage,
)


@dataclass(frozen=True)
class RecallScope:
    """Statuses of memories, a past time, and (with it) the traits as they were, by uid."""

    statuses: tuple[MemoryStatus, ...] = RECALL_MEMORY_STATUSES
    as_of: datetime | None = None
    traits_then: dict[str, TraitView] = field(default_factory=dict)

    @classmethod
    def build(cls, *, include_superseded: bool, as_of: datetime | None) -> RecallScope:
        if as_of is not None:
            return cls(statuses=("active", "superseded", "archived"), as_of=as_of)
        return cls(statuses=SUPERSEDED_RECALL_STATUSES if include_superseded else RECALL_MEMORY_STATUSES)

    @property
    def is_default(self) -> bool:
        """Active memories now: the fast path."""
        return self.as_of is None and self.statuses == RECALL_MEMORY_STATUSES

    @property
    def with_stale(self) -> bool:
        """Impressions that repeat a superseded or forgotten memory are stale: left out of the default recall
        (they would present the old value as current), kept beyond it."""
        return not self.is_default

    @property
    def trait_stages(self) -> tuple[TraitStage, ...]:
        """The stages a trait takes part at: recall's stages now; at ``as_of`` any (its stage then decides,
        :attr:`trait_uids`)."""
        return RECALL_TRAIT_STAGES if self.as_of is None else TRAIT_STAGES

    @property
    def trait_uids(self) -> list[str] | None:
        """None now (no filter); at ``as_of``, the uids of the traits whose stage then was one of recall's."""
        return None if self.as_of is None else sorted(self.traits_then)

    @property
    def filters(self) -> Filters:
        """What the graph reads filter on for this scope."""
        trait_uids = self.trait_uids
        return Filters(
            statuses=tuple(self.statuses),
            as_of=self.as_of,
            with_stale=self.with_stale,
            stages=tuple(self.trait_stages),
            trait_uids=None if trait_uids is None else tuple(trait_uids),
        )

    @property
    def follows_current_belief(self) -> bool:
        """Hits are steered to the current belief (issue 21): a candidate that states a superseded belief yields
        its place to the memory that replaced it. Not at ``as_of``, where what held then is the answer."""
        return self.as_of is None

    def said_by(self, when: datetime | None) -> bool:
        """True when a hit dated ``when`` existed at ``as_of`` (always, without ``as_of``)."""
        return self.as_of is None or when is None or when <= self.as_of
