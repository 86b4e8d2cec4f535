"""GraphQL reads the dashboard (``/ui``) needs beside the other areas': source messages, a user's counts, users.

``userCounts`` is the dashboard's overview today; the knowledge brain's ``userStats`` (counts by kind,
growth per day, learning runs) may replace or extend it. Every resolver scopes the user first.
"""

from __future__ import annotations

from datetime import datetime

import strawberry

from graphsvc.api.context import Info
from graphsvc.service.views import EventView
from graphsvc.service.views import KeyCount as DomainKeyCount
from graphsvc.service.views import UserCounts as DomainUserCounts
from graphsvc.service.views import UserPage as DomainUserPage


@strawberry.type(
    description="One stored source record, verbatim: a conversation message, or a version of a document, note, todo…"
)
class Message:
    id: strawberry.ID = strawberry.field(description="The event id")
    message_id: str = strawberry.field(description="The caller's message or source record id (or a derived msg-… id)")
    session_id: str | None = strawberry.field(description="The conversation; null outside conversations")
    source_type: str = strawberry.field(description="conversation, document, note, todo…")
    role: str | None = strawberry.field(description="user or assistant; null outside conversations")
    speaker: str | None
    title: str | None = strawberry.field(description="The source record's title; null for a message")
    content: str
    occurred_at: datetime = strawberry.field(description="When it was said")

    @classmethod
    def from_domain(cls, view: EventView) -> Message:
        return cls(
            id=strawberry.ID(view.uid),
            message_id=view.message_id,
            session_id=view.session_id,
            source_type=view.source_type,
            role=view.role,
            speaker=view.speaker,
            title=view.title,
            content=view.content,
            occurred_at=view.occurred_at,
        )


@strawberry.type(description="How many nodes have one value of a field.")
class KeyCount:
    key: str
    count: int

    @classmethod
    def from_domain(cls, count: DomainKeyCount) -> KeyCount:
        return cls(key=count.key, count=count.count)


def _summed(pairs: list[tuple[str, int]]) -> list[KeyCount]:
    totals: dict[str, int] = {}
    for key, count in pairs:
        totals[key] = totals.get(key, 0) + count
    return [KeyCount(key=k, count=totals[k]) for k in sorted(totals)]


@strawberry.type(description="What one user's graph holds now, counted (the dashboard's overview).")
class UserCounts:
    user_id: str
    events: int = strawberry.field(description="Stored source messages")
    sessions: int
    open_sessions: int = strawberry.field(description="Conversations not ended yet")
    first_message_at: datetime | None
    last_message_at: datetime | None
    memories: int = strawberry.field(description="Active memories")
    memories_by_type: list[KeyCount] = strawberry.field(description="Active memories by type")
    memories_by_status: list[KeyCount]
    entities: int
    aliases: int
    impressions: int
    features: int
    relations: int = strawberry.field(description="RELATES edges between the user's entities")
    traits: int = strawberry.field(description="Traits at every stage but dissolved")
    traits_by_stage: list[KeyCount] = strawberry.field(description="Every stage present, dissolved included")
    pending_observations: int = strawberry.field(description="Observations waiting for a decision")
    jobs_by_status: list[KeyCount]
    llm_calls: int = strawberry.field(description="LLM calls of the user's background jobs (0 offline)")
    tokens_in: int
    tokens_out: int
    reflection_cycles: int
    last_reflection_at: datetime | None

    @classmethod
    def from_domain(cls, user_id: str, counts: DomainUserCounts) -> UserCounts:
        active = [(t, n) for t, status, n in counts.memories_by_type_status if status == "active"]
        return cls(
            user_id=user_id,
            events=counts.events,
            sessions=counts.sessions,
            open_sessions=counts.open_sessions,
            first_message_at=counts.first_message_at,
            last_message_at=counts.last_message_at,
            memories=sum(n for _, n in active),
            memories_by_type=_summed(active),
            memories_by_status=_summed([(s, n) for _, s, n in counts.memories_by_type_status]),
            entities=counts.entities,
            aliases=counts.aliases,
            impressions=counts.impressions,
            features=counts.features,
            relations=counts.relations,
            traits=sum(c.count for c in counts.traits_by_stage if c.key != "dissolved"),
            traits_by_stage=[KeyCount.from_domain(c) for c in counts.traits_by_stage],
            pending_observations=counts.pending_observations_open,
            jobs_by_status=[KeyCount.from_domain(c) for c in counts.jobs_by_status],
            llm_calls=counts.llm_calls,
            tokens_in=counts.tokens_in,
            tokens_out=counts.tokens_out,
            reflection_cycles=counts.reflection_cycles,
            last_reflection_at=counts.last_reflection_at,
        )


@strawberry.type(description="A user with conversations.")
class UserSummary:
    user_id: str
    sessions: int
    last_message_at: datetime | None = strawberry.field(description="When the latest message was said")


@strawberry.type(description="A page of users; pass endCursor as `after` for the next one.")
class UserPage:
    nodes: list[UserSummary]
    end_cursor: str | None
    has_next_page: bool

    @classmethod
    def from_domain(cls, page: DomainUserPage) -> UserPage:
        return cls(
            nodes=[
                UserSummary(user_id=u.user_id, sessions=u.sessions, last_message_at=u.last_message_at)
                for u in page.items
            ],
            end_cursor=page.next_cursor,
            has_next_page=page.next_cursor is not None,
        )


@strawberry.type(description="Who the caller is, as the request's credentials say (the dashboard's first question).")
class Viewer:
    auth_required: bool = strawberry.field(description="False when AUTH_MODE is none (any caller acts for any user)")
    principal: str = strawberry.field(description="key:<id>, jwt:<sub> or anonymous:<address>")
    admin: bool = strawberry.field(description="May act for any user (an admin key or token, or no authentication)")
    user_ids: list[str] | None = strawberry.field(
        description="The users the caller may act for; null when it may act for any user"
    )


@strawberry.type
class DashboardQuery:
    @strawberry.field(description="Who the caller is and which users it may see (no user data is read).")
    def viewer(self, info: Info) -> Viewer:
        identity = info.context.identity
        allowed = identity.user_ids
        return Viewer(
            auth_required=info.context.auth_required,
            principal=identity.principal,
            admin=allowed is None,
            user_ids=sorted(allowed) if allowed is not None else None,
        )

    @strawberry.field(
        description="Source messages by the caller's message id or by event id, oldest first (at most 200 ids; "
        "unknown ids are left out)."
    )
    async def messages(
        self,
        info: Info,
        user_id: str,
        message_ids: list[str] | None = None,
        event_ids: list[strawberry.ID] | None = None,
    ) -> list[Message]:
        views = await info.context.service.messages(
            user_id=info.context.scope(user_id),
            message_ids=message_ids or [],
            event_ids=[str(e) for e in event_ids or []],
        )
        return [Message.from_domain(v) for v in views]

    @strawberry.field(description="What the user's graph holds now, counted by label, type, status and stage.")
    async def user_counts(self, info: Info, user_id: str) -> UserCounts:
        scoped = info.context.scope(user_id)
        return UserCounts.from_domain(scoped, await info.context.service.user_counts(user_id=scoped))

    @strawberry.field(
        description="Users with conversations, by user id (only those the caller may act for); `prefix` filters."
    )
    async def users(self, info: Info, prefix: str | None = None, limit: int = 50, after: str | None = None) -> UserPage:
        allowed = info.context.identity.user_ids
        page = await info.context.service.users(
            only=sorted(allowed) if allowed is not None else None, prefix=prefix, limit=limit, after=after
        )
        return UserPage.from_domain(page)
