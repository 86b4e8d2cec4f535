"""GraphQL operations of shared memory spaces (:mod:`graphsvc.spaces`): groups, their members, agents.

Who may do what: a group is managed by its members (and admins): a member adds and removes members; anyone may
create a group and is its first member. An agent is registered by its owner. Every check goes through
``info.context.scope``, which knows which group and agent spaces the caller may use.
"""

from __future__ import annotations

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.space_types import Agent, Group
from graphsvc.errors import ForbiddenError


@strawberry.type
class SpaceQuery:
    @strawberry.field(description="One group with its members. FORBIDDEN for a caller who is not a member.")
    async def group(self, info: Info, group_id: strawberry.ID) -> Group:
        scoped = info.context.scope(str(group_id), field="groupId")
        return Group.from_domain(await info.context.service.group(group_id=scoped))

    @strawberry.field(description="The groups a person is a member of, each with its members.")
    async def groups(self, info: Info, user_id: str) -> list[Group]:
        views = await info.context.service.groups(user_id=info.context.scope(user_id))
        return [Group.from_domain(v) for v in views]

    @strawberry.field(description="The agents a person owns.")
    async def agents(self, info: Info, owner_id: str) -> list[Agent]:
        views = await info.context.service.agents(owner_id=info.context.scope(owner_id))
        return [Agent.from_domain(v) for v in views]


@strawberry.type
class SpaceMutation:
    @strawberry.mutation(
        description="Register a group (groupId: group:<name>); createdBy (default: the user the caller's key or "
        "token is bound to) becomes its first member. Creating a group that exists returns it unchanged for a "
        "member, and is FORBIDDEN for anyone else."
    )
    async def create_group(
        self, info: Info, group_id: strawberry.ID, name: str | None = None, created_by: str | None = None
    ) -> Group:
        context = info.context
        identity, wanted = context.identity, str(group_id).strip()
        if identity.user_ids is not None and wanted in identity.registered and wanted not in identity.spaces:
            raise ForbiddenError(user_id=wanted)  # someone else's group: its existence is all it tells
        creator = context.scope(created_by) if created_by is not None else context.bound_user
        if creator is None and identity.user_ids is not None:
            raise ForbiddenError(user_id=wanted)
        view = await context.service.create_group(group_id=str(group_id), name=name, created_by=creator)
        return Group.from_domain(view)

    @strawberry.mutation(
        description="Make a person or an agent (userId: agent:<name>) a member of a group: a person may read and "
        "write its space from their next request on; an agent's recall reads it when the agent asks (recall or "
        "memoryContext with agentId and includeGroups), which gives the agent's owner no access of their own. Only "
        "a member (or an admin) may add members."
    )
    async def add_group_member(self, info: Info, group_id: strawberry.ID, user_id: str) -> Group:
        scoped = info.context.scope(str(group_id), field="groupId")
        return Group.from_domain(await info.context.service.add_group_member(group_id=scoped, user_id=user_id))

    @strawberry.mutation(
        description="End a membership (a person's or an agent's): from their next request on the person can no "
        "longer read or write the group's space, nor the agent read it. What they said there stays the group's, "
        "unless retractContributions: then their messages in the group are forgotten with the group's memories "
        "that rested only on them. A member may remove any member, themselves included."
    )
    async def remove_group_member(
        self, info: Info, group_id: strawberry.ID, user_id: str, retract_contributions: bool = False
    ) -> Group:
        scoped = info.context.scope(str(group_id), field="groupId")
        view = await info.context.service.remove_group_member(
            group_id=scoped, user_id=user_id, retract_contributions=retract_contributions
        )
        return Group.from_domain(view)

    @strawberry.mutation(
        description="Register an agent (agentId: agent:<name>) owned by ownerId, who may then read and write its "
        "space (remember a procedure with userId set to the agent's id; recall with agentId). CONFLICT when the "
        "agent belongs to someone else."
    )
    async def create_agent(self, info: Info, agent_id: strawberry.ID, owner_id: str, name: str | None = None) -> Agent:
        owner = info.context.scope(owner_id, field="ownerId")
        return Agent.from_domain(
            await info.context.service.create_agent(agent_id=str(agent_id), owner_id=owner, name=name)
        )
