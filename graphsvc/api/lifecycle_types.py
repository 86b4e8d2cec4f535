"""GraphQL types of the memory lifecycle (issue 12): ``RememberInput``, ``ForgetResult``, ``HistoryEntry``."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry

from graphsvc.api.dashboard_ops import KeyCount
from graphsvc.api.types import MemoryType
from graphsvc.service.views import ForgetResult as DomainForgetResult
from graphsvc.service.views import HistoryView


@strawberry.enum(description="Who states a remembered memory: the user, or an agent (a guess to review).")
class RememberSource(Enum):
    USER = "user"
    AGENT = "agent"


@strawberry.input(description="A memory stated by the user or inferred by an agent.")
class RememberInput:
    user_id: str
    content: str = strawberry.field(
        description="The memory, e.g. 'Ana: I moved to Porto.' (a speaker prefix puts it in that person's slots)"
    )
    type: MemoryType
    source: RememberSource
    occurred_at: datetime | None = strawberry.field(
        default=None, description="When it began to hold (its valid time; an event's time); default now"
    )
    importance: float | None = strawberry.field(default=None, description="0-1; default: the rule-based score")
    slot: str | None = strawberry.field(
        default=None, description="What it is a value of (lives_in, works_at...); default: the offline slot rules"
    )


@strawberry.type(description="What a forget or erase removed or changed, by kind.")
class ForgetResult:
    events: int = strawberry.field(description="Events deleted (messages, versions of records of other sources)")
    events_forgotten: int = strawberry.field(
        description="Events that stated a forgotten memory, kept as tombstones without text"
    )
    sessions: int = strawberry.field(description="Conversations deleted")
    memories_deleted: int = strawberry.field(description="Memories deleted (every source message gone)")
    memories_forgotten: int = strawberry.field(description="Memories forgotten by forgetMemory (tombstones stay)")
    memories_updated: int = strawberry.field(description="Memories that lost some source messages and stay")
    memories_reinstated: int = strawberry.field(description="Superseded memories current again")
    impressions: int
    aliases: int
    features_deleted: int
    features_changed: int = strawberry.field(description="Features back to the newest value still supported")
    relations: int
    entities: int
    pending_observations: int
    evidence: int
    traits_deleted: int = strawberry.field(description="Traits whose every piece of evidence went")
    traits_dissolved: int = strawberry.field(description="Traits re-scored below 0.1 (seed 002 §5)")
    traits_rescored: int = strawberry.field(description="Traits whose confidence was recomputed from what is left")
    candidates: int = strawberry.field(
        description="Candidates deleted (stated only by what went, or promoted to a forgotten memory)"
    )
    documents: int
    chunks: int
    document_versions: int = strawberry.field(description="Earlier versions of deleted documents")
    sources: int = strawberry.field(description="Source records deleted with their last version")
    tags: int = strawberry.field(description="Tags left on nothing, deleted")
    summaries_rebuilt: int = strawberry.field(
        description="Conversations whose summary was written again from the messages left"
    )
    history_scrubbed: int = strawberry.field(description="History entries whose values quoted deleted content")
    events_reembedded: int = strawberry.field(description="Messages re-embedded: their context quoted a deleted one")
    nodes_deleted: int
    complete: bool = strawberry.field(
        description="False only for an erasure to call again (stopped early, or nodes of the user were left)"
    )
    deleted_by_label: list[KeyCount] = strawberry.field(
        description="eraseUser: nodes deleted per label (key), in deletion order, every label it covers; "
        "empty for a forget"
    )

    @classmethod
    def from_domain(cls, result: DomainForgetResult) -> ForgetResult:
        by_label = [KeyCount(key=label, count=n) for label, n in result.deleted_by_label.items()]
        return cls(**result.as_dict(), deleted_by_label=by_label)  # type: ignore[arg-type]


@strawberry.type(description="One audit entry: who, when, what, old and new value, why.")
class HistoryEntry:
    id: strawberry.ID
    target_id: strawberry.ID
    event: str = strawberry.field(
        description="created, reinforced, superseded, reinstated, corrected, archived, restored, forgotten, "
        "sources_retracted, retracted"
    )
    actor: str = strawberry.field(description="extraction, user, agent, retraction, reflection...")
    created_at: datetime
    old_value: str | None
    new_value: str | None
    reason: str | None
    scrubbed: bool = strawberry.field(description="Its values were blanked: they quoted deleted content")

    @classmethod
    def from_domain(cls, view: HistoryView) -> HistoryEntry:
        return cls(
            id=strawberry.ID(view.uid),
            target_id=strawberry.ID(view.target_uid),
            event=view.event,
            actor=view.actor,
            created_at=view.created_at,
            old_value=view.old_value,
            new_value=view.new_value,
            reason=view.reason,
            scrubbed=view.scrubbed_at is not None,
        )
