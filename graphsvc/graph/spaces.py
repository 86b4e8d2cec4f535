"""Shared memory spaces (:mod:`graphsvc.spaces`): groups with their members, agents with their owners, and which
of them a caller may use.

Statements: ``cypher/queries/spaces.cypher``. A ``Group`` or ``Agent`` node lives in its own space (its
``user_id`` is the space id), so erasing the space erases its registration with its memories; a ``Membership``
lives in its member's space, so erasing the member ends it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.graph.database import Queries, native


@dataclass(frozen=True)
class GroupView:
    """A group: its space id (``group:<name>``), display name, members (user ids, in joining order), when and by
    whom it was made (``created_by`` None for an admin)."""

    group_id: str
    name: str
    members: tuple[str, ...]
    created_at: datetime
    created_by: str | None

    @classmethod
    def from_row(cls, node: Any, members: Sequence[str]) -> GroupView:
        return cls(
            group_id=str(node["user_id"]),
            name=str(node.get("name") or node["user_id"]),
            members=tuple(str(m) for m in members),
            created_at=native(node["created_at"]),
            created_by=node.get("created_by"),
        )


@dataclass(frozen=True)
class AgentView:
    """An agent: its space id (``agent:<name>``), display name, owner (a user id) and when it was registered."""

    agent_id: str
    name: str
    owner_id: str
    created_at: datetime

    @classmethod
    def from_node(cls, node: Any) -> AgentView:
        return cls(
            agent_id=str(node["user_id"]),
            name=str(node.get("name") or node["user_id"]),
            owner_id=str(node["owner_id"]),
            created_at=native(node["created_at"]),
        )


async def create_group(
    db: Queries, *, group_id: str, name: str, created_by: str | None, now: datetime
) -> tuple[GroupView, bool]:
    """Register ``group_id`` (kept as it is when it exists). Returns the group and whether it was made now."""
    rows = await db.write(
        "create_group", uid=keys.space_uid(group_id), user_id=group_id, display=name, created_by=created_by, now=now
    )
    found = await group(db, group_id=group_id)
    assert found is not None  # just merged
    return found, bool(rows[0]["created"])


async def group(db: Queries, *, group_id: str) -> GroupView | None:
    """The group with its members; None when ``group_id`` is not registered."""
    rows = await db.read("get_group", group_id=group_id)
    return GroupView.from_row(rows[0]["group"], rows[0]["members"]) if rows else None


async def join(db: Queries, *, group_id: str, user_id: str, now: datetime) -> bool:
    """Make ``user_id`` a member of ``group_id`` (once however often it is asked). False: no such group."""
    rows = await db.write(
        "join_group", uid=keys.membership_uid(group_id, user_id), user_id=user_id, group_id=group_id, now=now
    )
    return bool(rows)


async def leave(db: Queries, *, group_id: str, user_id: str) -> bool:
    """End ``user_id``'s membership of ``group_id``. False: they were not a member."""
    rows = await db.write("leave_group", user_id=user_id, group_id=group_id)
    return bool(rows and rows[0]["left"])


async def group_ids_of(db: Queries, *, user_id: str) -> list[str]:
    """The ids of the groups ``user_id`` is a member of, in id order (no members read)."""
    rows = await db.read("group_ids_of_user", user_id=user_id)
    return [str(r["group_id"]) for r in rows]


async def groups_of(db: Queries, *, user_id: str) -> list[GroupView]:
    """The groups ``user_id`` is a member of, by group id, each with all its members."""
    rows = await db.read("groups_of_user", user_id=user_id)
    return [GroupView.from_row(r["group"], r["members"]) for r in rows]


async def session_speakers(db: Queries, *, space_id: str, session_id: str) -> list[str]:
    """The user ids the messages of the space's session name as their speakers, sorted."""
    rows = await db.read("session_speakers", user_id=space_id, session_uid=keys.session_uid(space_id, session_id))
    return [str(r["speaker_id"]) for r in rows]


async def contributions(db: Queries, *, user_id: str) -> list[tuple[str, str | None, list[str]]]:
    """What ``user_id`` said in other spaces (a group's conversations, as ``speakerId``) and is not forgotten:
    ``(space id, session id, message ids)`` per session."""
    rows = await db.read("shared_contributions", user_id=user_id)
    return [(str(r["space_id"]), r["session_id"], [str(m) for m in r["message_ids"]]) for r in rows]


async def drop_memberships(db: Queries, *, group_id: str) -> int:
    """Delete every membership of ``group_id`` (its erasure: they live in the members' spaces). Returns how many."""
    rows = await db.write("drop_group_memberships", group_id=group_id)
    return int(rows[0]["deleted"]) if rows else 0


async def create_agent(
    db: Queries, *, agent_id: str, owner_id: str, name: str, now: datetime
) -> tuple[AgentView, bool]:
    """Register ``agent_id`` owned by ``owner_id`` (kept as it is when it exists). Returns the agent and whether
    it was made now."""
    rows = await db.write(
        "create_agent", uid=keys.space_uid(agent_id), user_id=agent_id, owner_id=owner_id, display=name, now=now
    )
    return AgentView.from_node(rows[0]["agent"]), bool(rows[0]["created"])


async def agents_of(db: Queries, *, owner_id: str) -> list[AgentView]:
    """The agents ``owner_id`` owns, by agent id."""
    return [AgentView.from_node(r["agent"]) for r in await db.read("agents_of_owner", owner_id=owner_id)]


async def usable(
    db: Queries, *, space_ids: Collection[str], user_ids: Collection[str] | None
) -> tuple[frozenset[str], frozenset[str]]:
    """Of the group and agent spaces ``space_ids``: ``(usable, registered)``, the ones any of ``user_ids`` may use
    (a member of the group, the owner of the agent; every registered one when ``user_ids`` is None) and the ones
    that are registered at all."""
    if not space_ids:
        return frozenset(), frozenset()
    rows = await db.read(
        "usable_spaces", space_ids=sorted(space_ids), user_ids=None if user_ids is None else sorted(user_ids)
    )
    registered = frozenset(str(r["space_id"]) for r in rows)
    return frozenset(str(r["space_id"]) for r in rows if r["usable"]), registered
