"""GraphQL types of the reflection area: traits with their evidence chain and lineage, reflection cycles.

Converted from the domain views in one place each (``from_domain``). Node → neighbour fields
(``evidence``, ``parents``, ``children``) go through per-request DataLoaders (:class:`TraitLoaders`),
created by the root resolver and carried by every ``Trait`` it returns, so a list of traits costs one
query per field, not one per trait.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

import strawberry
from strawberry.dataloader import DataLoader

from graphsvc.api.rule_types import RulebookRule
from graphsvc.service import MemoryService
from graphsvc.service.views import ReflectionOutcome, TraitView
from graphsvc.service.views import TraitEvidenceView as EvidenceView
from graphsvc.service.views import TraitHistoryPoint as HistoryPointView


@strawberry.enum(description="Seed 002: trend → candidate → emerging → established → core; dissolved when gone.")
class TraitStage(Enum):
    TREND = "trend"
    CANDIDATE = "candidate"
    EMERGING = "emerging"
    ESTABLISHED = "established"
    CORE = "core"
    DISSOLVED = "dissolved"


@strawberry.enum(description="What a trait describes; upgrades go behavior → preference → core.")
class TraitSubtype(Enum):
    BEHAVIOR = "behavior"
    PREFERENCE = "preference"
    CORE = "core"


@strawberry.enum
class TraitContext(Enum):
    WORK = "work"
    PERSONAL = "personal"
    SOCIAL = "social"
    LEARNING = "learning"
    GENERAL = "general"


@strawberry.enum(
    description="A consistent across contexts, B explicitly stated, C across conversations, D within one or implicit."
)
class EvidenceGrade(Enum):
    A = "A"
    B = "B"
    C = "C"
    D = "D"


@strawberry.enum
class EvidenceKind(Enum):
    SUPPORTING = "supporting"
    CONTRADICTING = "contradicting"


@strawberry.enum(description="COMPLETED and FAILED cycles are recorded; SKIPPED calls ran no cycle.")
class ReflectionStatus(Enum):
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    SKIPPED = "SKIPPED"


@strawberry.enum(description="Why a cycle ran (seed 002 §1).")
class ReflectionTrigger(Enum):
    FORCE = "force"
    FIRST = "first"
    IMPORTANCE = "importance"
    SESSION_END = "session_end"
    INTERVAL = "interval"


@dataclass
class TraitLoaders:
    """Per-request batch loaders for one user's trait neighbours."""

    evidence: DataLoader[str, list[EvidenceView]]
    parents: DataLoader[str, list[TraitView]]
    children: DataLoader[str, list[TraitView]]
    history: DataLoader[str, list[HistoryPointView]]

    @classmethod
    def build(cls, service: MemoryService, user_id: str) -> TraitLoaders:
        async def load_evidence(uids: list[str]) -> list[list[EvidenceView]]:
            found = await service.trait_evidence(user_id=user_id, ids=uids)
            return [found.get(uid, []) for uid in uids]

        async def load_parents(uids: list[str]) -> list[list[TraitView]]:
            found = await service.trait_parents(user_id=user_id, ids=uids)
            return [found.get(uid, []) for uid in uids]

        async def load_children(uids: list[str]) -> list[list[TraitView]]:
            found = await service.trait_children(user_id=user_id, ids=uids)
            return [found.get(uid, []) for uid in uids]

        async def load_history(uids: list[str]) -> list[list[HistoryPointView]]:
            found = await service.trait_history(user_id=user_id, ids=uids)
            return [found.get(uid, []) for uid in uids]

        return cls(
            evidence=DataLoader(load_fn=load_evidence),
            parents=DataLoader(load_fn=load_parents),
            children=DataLoader(load_fn=load_children),
            history=DataLoader(load_fn=load_history),
        )


@strawberry.type(description="The memory an evidence cites.")
class EvidenceMemory:
    id: strawberry.ID
    content: str
    memory_type: str
    source_message_ids: list[str] = strawberry.field(description="The messages the memory was extracted from")


@strawberry.type(description="One link of a trait's evidence chain: a memory cited for or against it.")
class Evidence:
    id: strawberry.ID
    grade: EvidenceGrade
    kind: EvidenceKind
    cycle_id: str | None = strawberry.field(description="The reflection cycle that linked it")
    created_at: datetime | None
    inherited_from: str | None = strawberry.field(description="The child trait it was copied from on an upgrade")
    resolved_at: datetime | None = strawberry.field(
        description="For a contradiction: when a modification of the trait took it into account"
    )
    memory: EvidenceMemory | None

    @classmethod
    def from_domain(cls, view: EvidenceView) -> Evidence:
        memory = view.memory
        return cls(
            id=strawberry.ID(view.uid),
            grade=EvidenceGrade(view.grade),
            kind=EvidenceKind(view.kind),
            cycle_id=view.cycle_id,
            created_at=view.created_at,
            inherited_from=view.inherited_from,
            resolved_at=view.resolved_at,
            memory=None
            if memory is None
            else EvidenceMemory(
                id=strawberry.ID(memory.uid),
                content=memory.content,
                memory_type=memory.memory_type,
                source_message_ids=memory.source_message_ids,
            ),
        )


@strawberry.type(description="One recorded state of a trait: its stage and confidence after an event.")
class TraitHistoryPoint:
    at: datetime = strawberry.field(description="When the change was recorded (a reflection cycle's time)")
    stage: TraitStage
    confidence: float | None = strawberry.field(description="0-1 as written then (not decayed since); null for trends")
    event: str = strawberry.field(description="What happened: created, reinforced, promoted, upgraded, modified...")

    @classmethod
    def from_domain(cls, point: HistoryPointView) -> TraitHistoryPoint:
        return cls(at=point.at, stage=TraitStage(point.stage), confidence=point.confidence, event=point.event)


@strawberry.type(description="A trait of the user, built by reflection from their memories (seed 002).")
class Trait:
    id: strawberry.ID
    content: str
    stage: TraitStage
    subtype: TraitSubtype
    confidence: float | None = strawberry.field(description="0-1; null for trends (managed by their window)")
    context: TraitContext
    window_start: datetime | None = strawberry.field(description="Trends only: when the window opened")
    window_end: datetime | None = strawberry.field(description="Trends only: when the trend expires unless promoted")
    first_observed: datetime | None
    last_reinforced: datetime | None
    reinforcement_count: int
    contradiction_count: int
    derived_from: str
    created_at: datetime | None
    about: str | None = strawberry.field(
        description="Whom the trait is about: the speaker whose memories it rests on (a trait rests on one person's "
        "memories); null when the conversations named no speaker (the user)"
    )
    reasoning: str | None = strawberry.field(
        description="Why an upgrade made this trait from its children; null for other traits"
    )
    rule_id: str | None = strawberry.field(
        description="The offline rulebook's trait rule that phrased it (e.g. en.trait.likes); null when an LLM "
        "phrased it. See the rule field, or the rules query, for what the rule decides"
    )
    loaders: strawberry.Private[TraitLoaders]

    @classmethod
    def from_domain(cls, view: TraitView, loaders: TraitLoaders) -> Trait:
        return cls(
            id=strawberry.ID(view.uid),
            content=view.content,
            stage=TraitStage(view.stage),
            subtype=TraitSubtype(view.subtype),
            confidence=view.confidence,
            context=TraitContext(view.context),
            window_start=view.window_start,
            window_end=view.window_end,
            first_observed=view.first_observed,
            last_reinforced=view.last_reinforced,
            reinforcement_count=view.reinforcement_count,
            contradiction_count=view.contradiction_count,
            derived_from=view.derived_from,
            created_at=view.created_at,
            about=view.about,
            reasoning=view.reasoning,
            rule_id=view.rule_id,
            loaders=loaders,
        )

    @strawberry.field(description="The offline rulebook's rule that phrased it, with its examples and precision")
    def rule(self) -> RulebookRule | None:
        return RulebookRule.by_id(self.rule_id)

    @strawberry.field(description="The memories cited for and against this trait, oldest first.")
    async def evidence(self) -> list[Evidence]:
        return [Evidence.from_domain(v) for v in await self.loaders.evidence.load(str(self.id))]

    @strawberry.field(description="How the trait's stage and confidence moved, oldest first (its history entries).")
    async def history(self) -> list[TraitHistoryPoint]:
        return [TraitHistoryPoint.from_domain(p) for p in await self.loaders.history.load(str(self.id))]

    @strawberry.field(description="Broader traits this one was upgraded into (PARENT_OF → this).")
    async def parents(self) -> list[Trait]:
        return [Trait.from_domain(v, self.loaders) for v in await self.loaders.parents.load(str(self.id))]

    @strawberry.field(description="Narrower traits this one was built from (this → PARENT_OF).")
    async def children(self) -> list[Trait]:
        return [Trait.from_domain(v, self.loaders) for v in await self.loaders.children.load(str(self.id))]


@strawberry.type(description="What one reflect call did (seed 002 §2: a reflection cycle).")
class ReflectionCycle:
    id: strawberry.ID | None = strawberry.field(description="Null when SKIPPED (no cycle ran)")
    status: ReflectionStatus
    trigger: ReflectionTrigger | None
    trigger_value: float | None = strawberry.field(
        description="importance: the scaled importance sum; interval: hours since the last reflection"
    )
    skipped_reason: str | None
    error: str | None = strawberry.field(description="Why a FAILED cycle failed (nothing was changed)")
    mode: str = strawberry.field(description="llm or offline")
    memories_scanned: int = strawberry.field(description="New memories the cycle read (and marked read)")
    memories_in_context: int = strawberry.field(
        description="Earlier memories shown beside the new ones (the most similar, and those sharing a slot or an "
        "entity with them)"
    )
    traits_created: int = strawberry.field(description="New trends, behaviors and upgraded traits")
    traits_reinforced: int
    traits_contradicted: int
    traits_upgraded: int
    traits_promoted: int = strawberry.field(description="Trends promoted to candidate")
    traits_modified: int
    traits_dissolved: int
    operations_rejected: int = strawberry.field(description="Proposals the code refused (see notes)")
    notes: list[str]
    llm_calls: int
    tokens_in: int
    tokens_out: int
    started_at: datetime | None
    finished_at: datetime | None
    duration_ms: float

    @classmethod
    def from_domain(cls, outcome: ReflectionOutcome) -> ReflectionCycle:
        return cls(
            id=strawberry.ID(outcome.cycle_id) if outcome.cycle_id else None,
            status=ReflectionStatus(outcome.status),
            trigger=ReflectionTrigger(outcome.trigger) if outcome.trigger else None,
            trigger_value=outcome.trigger_value,
            skipped_reason=outcome.skipped_reason,
            error=outcome.error,
            mode=outcome.mode,
            memories_scanned=outcome.memories_scanned,
            memories_in_context=outcome.memories_in_context,
            traits_created=outcome.traits_created,
            traits_reinforced=outcome.traits_reinforced,
            traits_contradicted=outcome.traits_contradicted,
            traits_upgraded=outcome.traits_upgraded,
            traits_promoted=outcome.traits_promoted,
            traits_modified=outcome.traits_modified,
            traits_dissolved=outcome.traits_dissolved,
            operations_rejected=outcome.operations_rejected,
            notes=outcome.notes,
            llm_calls=outcome.llm_calls,
            tokens_in=outcome.tokens_in,
            tokens_out=outcome.tokens_out,
            started_at=outcome.started_at,
            finished_at=outcome.finished_at,
            duration_ms=outcome.duration_ms,
        )
