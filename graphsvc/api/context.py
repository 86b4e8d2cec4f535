"""The request context, and the ONE place where a caller's tenant scope is applied.

Who the caller is gets decided once per request by :meth:`graphsvc.api.auth.Authenticator.resolve_identity`
(``AUTH_MODE``: none, api_key, jwt), before any resolver or MCP tool runs; the result travels on the
request (:func:`identity_of`). Every resolver and tool goes through :meth:`Context.scope` (an operation
on one ``userId``), :meth:`Context.lookup_scope` (a lookup by id) or :meth:`Context.user_or_bound`
(an MCP tool whose ``user_id`` may be left out) before it touches data.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import strawberry
from starlette.requests import HTTPConnection

from graphsvc.errors import ForbiddenError, InvalidInputError, echoed
from graphsvc.service import MemoryService
from graphsvc.spaces import is_shared, space_kind
from graphsvc.validation import require_id

IDENTITY_STATE_KEY = "graphsvc_identity"
"""Where the auth middleware leaves the caller's :class:`Identity` in the ASGI scope's ``state``."""


@dataclass(frozen=True)
class Identity:
    """Who is calling.

    Attributes:
        principal: a stable name for logs and the rate limit (``key:<id>``, ``jwt:<sub>``, ``anonymous:<addr>``).
        user_ids: the users the caller may act for; None means any user (an admin, or ``AUTH_MODE=none``).
        spaces: of the group and agent spaces (:mod:`graphsvc.spaces`) this request names, the ones the caller
            may use: registered, and (for a caller bound to users) one of its users is a member of the group or
            owns the agent. Decided per request (:func:`with_spaces`), so a membership ended is felt at once.
        registered: of the group and agent spaces this request names, the ones that exist.
        space_limit: the group and agent spaces the credential itself names (a token's ``JWT_SPACES_CLAIM``): the
            caller may use only these of the spaces its users may use; None: every one of them.
    """

    principal: str = "anonymous"
    user_ids: frozenset[str] | None = None
    spaces: frozenset[str] = frozenset()
    registered: frozenset[str] = frozenset()
    space_limit: frozenset[str] | None = None

    def may_use(self, space_id: str) -> bool:
        """Whether the credential's own limit (:attr:`space_limit`) lets it use a group's or an agent's space."""
        return self.space_limit is None or space_id in self.space_limit


NOBODY = Identity(principal="nobody", user_ids=frozenset())
"""A request that did not pass through the auth middleware may act for no user."""


async def with_spaces(identity: Identity, named: frozenset[str], service: MemoryService) -> Identity:
    """``identity`` with the group and agent spaces among ``named`` (the ids a request names) decided: which are
    registered, and which the caller may use (:attr:`Identity.spaces`). One read when the request names such a
    space, none otherwise.

    Raises:
        DatabaseUnavailableError: the memberships could not be read.
    """
    shared = frozenset(s for s in named if is_shared(s))
    if not shared:
        return identity
    usable, registered = await service.usable_spaces(space_ids=shared, user_ids=identity.user_ids)
    return replace(identity, spaces=frozenset(s for s in usable if identity.may_use(s)), registered=registered)


def identity_of(connection: HTTPConnection) -> Identity:
    """The identity the auth middleware decided for this request (:data:`NOBODY` if it did not run)."""
    found = (connection.scope.get("state") or {}).get(IDENTITY_STATE_KEY)
    return found if isinstance(found, Identity) else NOBODY


@dataclass
class Context:
    """What every resolver receives as ``info.context`` (and every MCP tool builds for itself)."""

    service: MemoryService
    identity: Identity = field(default_factory=Identity)
    auth_required: bool = False
    """True when ``AUTH_MODE`` is not none (the ``viewer`` query tells the dashboard to offer a sign-out)."""
    loaders: dict[type, object] = field(default_factory=dict)
    """Per-request DataLoaders, keyed by each API area's loader class (e.g. ``entity_types.EntityLoaders``)."""

    def scope(self, user_id: str, *, field: str = "userId") -> str:
        """The ``user_id`` (memory space: a person, ``group:…`` or ``agent:…``) this request may use.

        For a caller bound to some users the id is compared as the service will use it (normalised by
        :func:`graphsvc.validation.require_id`, as the identity's ids are), and returned normalised. A group's or
        an agent's space must be registered, and a bound caller must be one of the group's members or the
        agent's owner (:attr:`Identity.spaces`).

        Raises:
            ForbiddenError: the caller may not act for that user or space (nothing is read or written).
            InvalidInputError: a bound caller named an id no user can have (blank, too long, control characters);
                a caller who could use it named a group or agent that is not registered.
        """
        bound = self.identity.user_ids
        if bound is None and not is_shared(user_id.strip()):
            return user_id
        normalised = require_id(field, user_id, self.service.settings)
        if not is_shared(normalised):
            if bound is not None and normalised not in bound:
                raise ForbiddenError(user_id=normalised)
            return normalised
        allowed = bound is None or normalised in bound or normalised in self.identity.spaces
        if not allowed:  # a credential's own limit already narrowed identity.spaces (with_spaces)
            raise ForbiddenError(user_id=normalised)
        if normalised not in self.identity.registered:
            kind = space_kind(normalised)
            raise InvalidInputError(
                field=field,
                problem=f"{echoed(normalised)} names no registered {kind}",
                fix=f"register it first ({'createGroup' if kind == 'group' else 'createAgent'})",
            )
        return normalised

    async def shared_spaces(self, user_id: str, *, include_groups: bool, agent_id: str | None) -> list[str]:
        """The spaces a recall for ``user_id`` (already scoped) reads beside the person's own: their groups
        (``include_groups``), and ``agent_id`` when the caller may use it.

        Raises:
            ForbiddenError: the caller may not use ``agent_id``.
            InvalidInputError: ``agent_id`` is not a registered agent's id.
        """
        if not include_groups and agent_id is None:
            return []
        agent = None if agent_id is None else self.scope(agent_id, field="agentId")
        spaces = await self.service.shared_spaces(user_id=user_id, include_groups=include_groups, agent_id=agent)
        return [s for s in spaces if self.identity.may_use(s)]

    def lookup_scope(self, user_id: str | None) -> frozenset[str] | None:
        """The users a lookup by id may search: ``{user_id}`` when given (after :meth:`scope`), else every
        user the caller may act for (None only for a caller who may act for any user).

        Raises:
            ForbiddenError: ``user_id`` is given and the caller may not act for it.
        """
        if user_id is not None:
            return frozenset({self.scope(user_id)})
        return self.identity.user_ids

    @property
    def bound_user(self) -> str | None:
        """The single user the caller is bound to (a user key or token), else None."""
        ids = self.identity.user_ids
        return next(iter(ids)) if ids is not None and len(ids) == 1 else None

    def user_or_bound(self, user_id: str | None) -> str:
        """``user_id`` when given (after :meth:`scope`), else the user the caller is bound to.

        Raises:
            ForbiddenError: the caller may not act for ``user_id``.
            InvalidInputError: no ``user_id`` and the caller may act for several users (an admin).
        """
        if user_id is not None and user_id.strip():
            return self.scope(user_id)
        bound = self.bound_user
        if bound is None:
            raise InvalidInputError(
                field="user_id",
                problem="is required: this caller may act for more than one user",
                fix="pass user_id, or connect with a user key (graphsvc keys create --user U)",
            )
        return bound


Info = strawberry.Info[Context, None]
"""The resolver ``info`` type: ``info.context`` is a :class:`Context`."""
