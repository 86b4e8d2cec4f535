"""API keys (``AUTH_MODE=api_key``): the ``ApiKey`` nodes, of which only an Argon2id hash of the secret is kept.

Statements: ``cypher/queries/api_keys.cypher``. A key with ``user_id`` None and ``admin`` True may act for any
user; a user key only for its ``user_id``. Keys are looked up by key id before any user is known, so these
are the only statements of a user-owned kind that do not filter on ``user_id``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.graph.database import Queries, native


@dataclass(frozen=True)
class ApiKeyView:
    """One API key as listed (never its secret nor its hash).

    Attributes:
        uid: the key's id (the ``<id>`` part of ``gsk_<id>_<secret>``; ``graphsvc keys revoke`` takes it).
        user_id: the user a user key acts for; None for an admin key.
        admin: may act for any user.
        created_at, revoked_at: UTC; ``revoked_at`` None while the key is valid.
        spaces: the group and agent spaces a user key is limited to (of those its user may use); None: all of them.
    """

    uid: str
    name: str
    user_id: str | None
    admin: bool
    created_at: datetime
    revoked_at: datetime | None
    spaces: tuple[str, ...] | None = None

    @classmethod
    def from_node(cls, node: Any) -> ApiKeyView:
        return cls(
            uid=str(node["uid"]),
            name=str(node["name"]),
            user_id=node.get("user_id"),
            admin=bool(node["admin"]),
            created_at=native(node["created_at"]),
            revoked_at=native(node.get("revoked_at")),
            spaces=tuple(node["spaces"]) if node.get("spaces") is not None else None,
        )


async def create(
    db: Queries,
    *,
    uid: str,
    name: str,
    user_id: str | None,
    admin: bool,
    secret_hash: str,
    now: datetime,
    spaces: tuple[str, ...] | None = None,
) -> ApiKeyView:
    """Store a new key with the Argon2id hash (PHC string) of its secret; ``uid`` is a fresh random id (a clash
    is a ConflictError from the uniqueness constraint). ``spaces``: the shared spaces a user key is limited to."""
    rows = await db.write(
        "create_api_key",
        uid=uid,
        label=name,
        user_id=user_id,
        admin=admin,
        spaces=list(spaces) if spaces is not None else None,
        secret_hash=secret_hash,
        now=now,
    )
    return ApiKeyView.from_node(rows[0]["key"])


async def get_with_hash(db: Queries, *, uid: str) -> tuple[ApiKeyView, str] | None:
    """The key with id ``uid`` (revoked or not) and the stored hash of its secret; None when there is none."""
    rows = await db.read("get_api_key", uid=uid)
    return (ApiKeyView.from_node(rows[0]["key"]), str(rows[0]["key"]["secret_hash"])) if rows else None


async def list_all(db: Queries, *, include_revoked: bool) -> list[ApiKeyView]:
    """Every key, newest first."""
    rows = await db.read("list_api_keys", include_revoked=include_revoked)
    return [ApiKeyView.from_node(r["key"]) for r in rows]


async def revoke(db: Queries, *, uid: str, now: datetime) -> ApiKeyView | None:
    """Mark the key revoked (a second revocation keeps the first time); None when there is no such key."""
    rows = await db.write("revoke_api_key", uid=uid, now=now)
    return ApiKeyView.from_node(rows[0]["key"]) if rows else None
