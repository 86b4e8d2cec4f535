"""Memory spaces: whose memory a stored node belongs to (a person, a group, or an agent).

Every stored node carries the id of the space it belongs to in ``user_id`` (:class:`graphsvc.graph.nodes.UserNode`),
and every query filters on it, so a space is the unit of isolation, export and erasure. A space id is one of:

- a **user** id, as a caller names it (``alice``, ``7f3c…``): one person's memory;
- a **group** id, ``group:<name>`` (``group:platform-team``): what a group of people (and agents) shares; the
  group has members (:class:`graphsvc.graph.nodes.Membership`), and only they (and admins) may read or write it;
- an **agent** id, ``agent:<name>`` (``agent:booking``): what an agent learned about doing its job (procedures,
  lessons), with an owner who may read and write it.

Ids with another ``<word>:`` prefix stay user ids (``mailto:a@b.c``); only the two prefixes above are reserved.
"""

from __future__ import annotations

from graphsvc.errors import InvalidInputError
from graphsvc.vocabulary import SPACE_KINDS, SpaceKind

__all__ = [
    "PERSON_SPACES",
    "SPACE_KINDS",
    "SPACE_PREFIXES",
    "SpaceKind",
    "group_of_session",
    "is_shared",
    "require_space",
    "shared_session",
    "space_kind",
]

PERSON_SPACES: tuple[SpaceKind, ...] = ("user",)
"""The spaces of one person: where impressions of the speaker, traits and their evidence live (a trait is about a
person, never a group or an agent)."""

SPACE_PREFIXES: dict[SpaceKind, str] = {"group": "group:", "agent": "agent:"}
"""The reserved prefix of each kind of shared space (a user id has none)."""


def shared_session(group_id: str, session_id: str) -> str:
    """The session, in a member's own space, that holds what the member said in ``session_id`` of a group."""
    return f"{group_id}/{session_id}"


def group_of_session(session_id: str) -> str | None:
    """The group whose conversation a member's session copies (:func:`shared_session`), or None for a session of
    their own."""
    group_id, slash, _ = session_id.partition("/")
    return group_id if slash and space_kind(group_id) == "group" else None


def space_kind(space_id: str) -> SpaceKind:
    """Which kind of space ``space_id`` names, by its prefix (``group:``, ``agent:``; anything else is a user)."""
    for kind, prefix in SPACE_PREFIXES.items():
        if space_id.startswith(prefix):
            return kind
    return "user"


def is_shared(space_id: str) -> bool:
    """True for a group's or an agent's space (one that needs a registration and grants access by it)."""
    return space_kind(space_id) != "user"


_NAMED: dict[SpaceKind, str] = {"user": "a user", "group": "a group", "agent": "an agent"}


def _a(kind: SpaceKind) -> str:
    return _NAMED[kind]


def require_space(field: str, space_id: str, kind: SpaceKind) -> str:
    """``space_id`` when it names a space of ``kind`` with something after the prefix.

    Raises:
        InvalidInputError: another kind of space, or a bare prefix.
    """
    if space_kind(space_id) != kind:
        wanted = SPACE_PREFIXES.get(kind)
        fix = f"{kind} ids start with {wanted!r}, e.g. {wanted}team" if wanted else "use the person's own user id"
        given = space_kind(space_id)
        raise InvalidInputError(field=field, problem=f"must name {_a(kind)}, not {_a(given)}", fix=fix)
    if kind != "user" and not space_id[len(SPACE_PREFIXES[kind]) :].strip():
        raise InvalidInputError(field=field, problem="names no group or agent after its prefix")
    return space_id
