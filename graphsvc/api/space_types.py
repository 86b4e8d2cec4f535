"""GraphQL types of shared memory spaces (:mod:`graphsvc.spaces`): groups with their members, agents with their
owners, and which kind of space a recall hit came from."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry

from graphsvc.service.views import AgentView, GroupView
from graphsvc.spaces import space_kind


@strawberry.enum(description="Whose memory a space is: one person's (USER), a group's, or an agent's.")
class SpaceKind(Enum):
    USER = "user"
    GROUP = "group"
    AGENT = "agent"

    @classmethod
    def of(cls, space_id: str) -> SpaceKind:
        return cls(space_kind(space_id))


@strawberry.type(
    description="A group: a memory space (its id, group:<name>, is used as userId to write and read it) shared by "
    "its members, who alone (besides admins) may read and write it."
)
class Group:
    id: strawberry.ID = strawberry.field(description="The group's space id (group:<name>)")
    name: str
    members: list[str] = strawberry.field(description="The members' user ids, in joining order")
    created_at: datetime
    created_by: str | None = strawberry.field(description="The user who created it; null for an admin")

    @classmethod
    def from_domain(cls, view: GroupView) -> Group:
        return cls(
            id=strawberry.ID(view.group_id),
            name=view.name,
            members=list(view.members),
            created_at=view.created_at,
            created_by=view.created_by,
        )


@strawberry.type(
    description="An agent: a memory space (its id, agent:<name>, is used as userId to write and read it) for what "
    "the agent learned about doing its job, read and written by its owner (and admins)."
)
class Agent:
    id: strawberry.ID = strawberry.field(description="The agent's space id (agent:<name>)")
    name: str
    owner_id: str
    created_at: datetime

    @classmethod
    def from_domain(cls, view: AgentView) -> Agent:
        return cls(id=strawberry.ID(view.agent_id), name=view.name, owner_id=view.owner_id, created_at=view.created_at)
