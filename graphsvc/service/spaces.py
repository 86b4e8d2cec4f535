"""The shared-memory area of the service: groups and their members, agents and their owners, and recall across
the spaces a person may read (:mod:`graphsvc.spaces`).

A group's or an agent's space holds memories like a person's (``remember``, ``ingestMessages`` and every read
take its id as ``userId``), isolated the same way: every stored node names its space. What a space may hold is
declared per kind in the catalog (``NodeFacts.spaces``): no traits or reflection for a group or an agent.
"""

from __future__ import annotations

from collections.abc import Collection

from graphsvc.errors import ConflictError, NotFoundError
from graphsvc.graph import spaces as stored
from graphsvc.graph.spaces import AgentView, GroupView
from graphsvc.pipeline.retraction import forget
from graphsvc.runtime import Runtime
from graphsvc.spaces import SPACE_PREFIXES, SpaceKind, require_space, space_kind
from graphsvc.validation import require_id, require_label

MAX_NAME_CHARS = 200
"""Longest display name of a group or an agent."""


class SpaceArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime

    def _space_id(self, field: str, space_id: str, kind: SpaceKind) -> str:
        return require_space(field, require_id(field, space_id, self.rt.settings), kind)

    def _member_id_syntax(self, user_id: str) -> str:
        """A member's id as given: a person's or an agent's (not a group's).

        Raises:
            InvalidInputError: a bad id, or a group's.
        """
        ident = require_id("userId", user_id, self.rt.settings)
        return ident if space_kind(ident) == "agent" else require_space("userId", ident, "user")

    async def _member_id(self, user_id: str) -> str:
        """A member to be: a person's id, or a registered agent's.

        Raises:
            InvalidInputError: a bad id, or a group's. NotFoundError: an agent id no agent is registered under.
        """
        ident = self._member_id_syntax(user_id)
        if space_kind(ident) == "agent":
            _, registered = await stored.usable(self.rt.db, space_ids=[ident], user_ids=None)
            if ident not in registered:
                raise NotFoundError(kind="agent", ident=ident)
        return ident

    def _display_name(self, space_id: str, kind: SpaceKind, name: str | None) -> str:
        if name is None or not name.strip():
            return space_id[len(SPACE_PREFIXES[kind]) :].strip()
        return require_label("name", name, limit=MAX_NAME_CHARS)

    async def create_group(self, *, group_id: str, name: str | None = None, created_by: str | None = None) -> GroupView:
        """Register a group (``group:<name>``); ``created_by`` (a user id) joins it as its first member.

        Creating a group that exists changes nothing but adding ``created_by`` is refused: joining an existing
        group is for its members to grant (:meth:`add_group_member`).

        Raises:
            InvalidInputError: ``group_id`` does not start with ``group:``, a bad name or creator id.
            ConflictError: the group exists and ``created_by`` is not a member of it.
        """
        group_id = self._space_id("groupId", group_id, "group")
        creator = None if created_by is None else self._space_id("createdBy", created_by, "user")
        now = self.rt.clock()
        group, created = await stored.create_group(
            self.rt.db, group_id=group_id, name=self._display_name(group_id, "group", name), created_by=creator, now=now
        )
        if creator is None or creator in group.members:
            return group
        if not created:
            raise ConflictError(
                kind="group", ident=group_id, problem="exists already", fix="ask one of its members to add you"
            )
        await stored.join(self.rt.db, group_id=group_id, user_id=creator, now=now)
        return await self.group(group_id=group_id)

    async def group(self, *, group_id: str) -> GroupView:
        """One group with its members.

        Raises:
            InvalidInputError: not a group id. NotFoundError: no such group.
        """
        group_id = self._space_id("groupId", group_id, "group")
        found = await stored.group(self.rt.db, group_id=group_id)
        if found is None:
            raise NotFoundError(kind="group", ident=group_id)
        return found

    async def add_group_member(self, *, group_id: str, user_id: str) -> GroupView:
        """Make a person or an agent a member. A person may read and write the group's space from their next
        request on; an agent's recall reads it when the agent asks (a recall with ``agentId`` and
        ``includeGroups``, :meth:`shared_spaces`), which gives its owner no access of their own.

        Raises:
            InvalidInputError: not a group id, or ``user_id`` names a group.
            NotFoundError: no such group, or no such agent.
        """
        group_id = self._space_id("groupId", group_id, "group")
        member = await self._member_id(user_id)
        if not await stored.join(self.rt.db, group_id=group_id, user_id=member, now=self.rt.clock()):
            raise NotFoundError(kind="group", ident=group_id)
        return await self.group(group_id=group_id)

    async def remove_group_member(
        self, *, group_id: str, user_id: str, retract_contributions: bool = False
    ) -> GroupView:
        """End a membership: from the next request on the person can no longer read or write the group's space.
        What they said in the group stays the group's, unless ``retract_contributions``: then their messages there
        are forgotten, with the group's memories that rested only on them (what others said stays).

        Raises:
            InvalidInputError: bad ids. NotFoundError: no such group, or the person is not a member.
        """
        group_id = self._space_id("groupId", group_id, "group")
        member = self._member_id_syntax(user_id)
        if not await stored.leave(self.rt.db, group_id=group_id, user_id=member):
            await self.group(group_id=group_id)  # NOT_FOUND for the group first
            raise NotFoundError(kind="member", ident=member)
        if retract_contributions:
            await forget.forget_contributions(self.rt, user_id=member, space_id=group_id)
        return await self.group(group_id=group_id)

    async def groups(self, *, user_id: str) -> list[GroupView]:
        """The groups a person is a member of, each with its members.

        Raises:
            InvalidInputError: ``user_id`` is not a person's id.
        """
        return await stored.groups_of(self.rt.db, user_id=self._space_id("userId", user_id, "user"))

    async def create_agent(self, *, agent_id: str, owner_id: str, name: str | None = None) -> AgentView:
        """Register an agent (``agent:<name>``) owned by a person, who may then read and write its space.

        Raises:
            InvalidInputError: ``agent_id`` does not start with ``agent:``, or ``owner_id`` is not a person's id.
            ConflictError: the agent exists with another owner.
        """
        agent_id = self._space_id("agentId", agent_id, "agent")
        owner = self._space_id("ownerId", owner_id, "user")
        agent, _ = await stored.create_agent(
            self.rt.db,
            agent_id=agent_id,
            owner_id=owner,
            name=self._display_name(agent_id, "agent", name),
            now=self.rt.clock(),
        )
        if agent.owner_id != owner:
            raise ConflictError(
                kind="agent",
                ident=agent_id,
                problem="is registered to another owner",
                fix="choose another agent id, or ask its owner (agents list --owner) to use it",
            )
        return agent

    async def agents(self, *, owner_id: str) -> list[AgentView]:
        """The agents a person owns.

        Raises:
            InvalidInputError: ``owner_id`` is not a person's id.
        """
        return await stored.agents_of(self.rt.db, owner_id=self._space_id("ownerId", owner_id, "user"))

    async def usable_spaces(
        self, *, space_ids: Collection[str], user_ids: Collection[str] | None
    ) -> tuple[frozenset[str], frozenset[str]]:
        """Of the group and agent spaces ``space_ids``: the ones a caller acting for ``user_ids`` may use (a
        member, the owner; every registered one for ``None``: an admin) and the ones registered at all. Read at
        every request that names such a space, so a membership ended is felt at once."""
        return await stored.usable(self.rt.db, space_ids=space_ids, user_ids=user_ids)

    async def shared_spaces(self, *, user_id: str, include_groups: bool, agent_id: str | None) -> list[str]:
        """The spaces recall reads beside the person's own: their groups (``include_groups``), ``agent_id``, and
        with both the groups the agent is a member of (the agent asks). The caller has already decided that
        ``agent_id`` is registered and theirs to use (:meth:`graphsvc.api.context.Context.scope`), so it is not
        read again here.

        Raises:
            InvalidInputError: ``agent_id`` is not an agent's id.
        """
        found = await stored.group_ids_of(self.rt.db, user_id=user_id) if include_groups else []
        if agent_id is not None:
            agent_id = self._space_id("agentId", agent_id, "agent")
            found.append(agent_id)
            if include_groups:
                found += await stored.group_ids_of(self.rt.db, user_id=agent_id)
        return list(dict.fromkeys(found))
