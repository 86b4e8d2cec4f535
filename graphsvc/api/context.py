"""The request context, and the ONE place where a caller's tenant scope is applied.

Who the caller is gets decided once per request by :meth:`graphsvc.api.auth.Authenticator.resolve_identity`
(``AUTH_MODE``: none, api_key, jwt), before any resolver or MCP tool runs; the result travels on the
request (:func:`identity_of`). Every resolver and tool goes through :meth:`Context.scope` (an operation
on one ``userId``), :meth:`Context.lookup_scope` (a lookup by id) or :meth:`Context.user_or_bound`
(an MCP tool whose ``user_id`` may be left out) before it touches data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import strawberry
from starlette.requests import HTTPConnection

from graphsvc.errors import ForbiddenError, InvalidInputError
from graphsvc.service import MemoryService
from graphsvc.validation import require_id

IDENTITY_STATE_KEY = "graphsvc_identity"
"""Where the auth middleware leaves the caller's :class:`Identity` in the ASGI scope's ``state``."""


@dataclass(frozen=True)
class Identity:
    """Who is calling.

    Attributes:
        principal: a stable name for logs and the rate limit (``key:<id>``, ``jwt:<sub>``, ``anonymous:<addr>``).
        user_ids: the users the caller may act for; None means any user (an admin, or ``AUTH_MODE=none``).
    """

    principal: str = "anonymous"
    user_ids: frozenset[str] | None = None


NOBODY = Identity(principal="nobody", user_ids=frozenset())
"""A request that did not pass through the auth middleware may act for no user."""


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

    def scope(self, user_id: str) -> str:
        """The ``user_id`` this request may use.

        For a caller bound to some users the id is compared as the service will use it (normalised by
        :func:`graphsvc.validation.require_id`, as the identity's ids are), and returned normalised.

        Raises:
            ForbiddenError: the caller may not act for that user (nothing is read or written).
            InvalidInputError: a bound caller named an id no user can have (blank, too long, control characters).
        """
        if self.identity.user_ids is None:
            return user_id
        normalised = require_id("userId", user_id, self.service.settings)
        if normalised not in self.identity.user_ids:
            raise ForbiddenError(user_id=normalised)
        return normalised

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
