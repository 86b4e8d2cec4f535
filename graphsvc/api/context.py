"""The request context, and the ONE place where the caller's identity and tenant scope are decided.

Today graphsvc runs without authentication (bound to loopback by default), so every caller
may act for any ``userId``. To add authentication, change :func:`resolve_identity` only:
verify a token from the request and return ``Identity(principal=..., user_ids=frozenset(...))``;
every resolver goes through :meth:`Context.scope` before it touches data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import strawberry
from starlette.requests import HTTPConnection

from graphsvc.errors import ForbiddenError
from graphsvc.service import MemoryService


@dataclass(frozen=True)
class Identity:
    """Who is calling. ``user_ids`` None means any user (no authentication configured)."""

    principal: str = "anonymous"
    user_ids: frozenset[str] | None = None


def resolve_identity(request: HTTPConnection | None) -> Identity:
    """Decide the caller's identity and tenant scope from the request (no auth yet: any user)."""
    return Identity()


@dataclass
class Context:
    """What every resolver receives as ``info.context``."""

    service: MemoryService
    identity: Identity = field(default_factory=Identity)
    loaders: dict[type, object] = field(default_factory=dict)
    """Per-request DataLoaders, keyed by each API area's loader class (e.g. ``entity_types.EntityLoaders``)."""

    def scope(self, user_id: str) -> str:
        """The ``user_id`` this request may use, or ForbiddenError."""
        if self.identity.user_ids is not None and user_id not in self.identity.user_ids:
            raise ForbiddenError(user_id=user_id)
        return user_id

    @property
    def scoped_user(self) -> str | None:
        """The single user an authenticated caller is bound to, else None (lookups by id unscoped)."""
        ids = self.identity.user_ids
        return next(iter(ids)) if ids is not None and len(ids) == 1 else None


Info = strawberry.Info[Context, None]
"""The resolver ``info`` type: ``info.context`` is a :class:`Context`."""
