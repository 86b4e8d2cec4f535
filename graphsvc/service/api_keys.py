"""The API key area of the service (``AUTH_MODE=api_key``): create, list, revoke and verify keys.

A key reads ``gsk_<id>_<secret>``: the id (16 hex digits) finds the ``ApiKey`` node, the secret (32 random
bytes, URL-safe base64) is checked against its Argon2id hash (``argon2-cffi``, see :data:`_hasher`); the
key itself is shown once, at creation, and never stored. An admin key may act for any user; a user key only
for its ``user_id``. A revoked key fails from the next request on: every verification reads the key's node,
and only the Argon2 check of a secret already seen is cached in process.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from graphsvc.errors import InvalidInputError, NotFoundError
from graphsvc.graph import api_keys as stored_keys
from graphsvc.graph.api_keys import ApiKeyView
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id

KEY_PREFIX = "gsk_"
_KEY_PATTERN = re.compile(r"^gsk_([0-9a-f]{16})_([A-Za-z0-9_-]{20,200})$")
MAX_KEY_NAME_CHARS = 100
_VERIFIED_CACHE_MAX = 10_000

_hasher = PasswordHasher(time_cost=2, memory_cost=19_456, parallelism=1)
"""Argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): the secrets are 256 random bits, so the hash
needs no extra work factor against guessing, and a check costs tens of milliseconds instead of the hundreds
the library's default takes (0.67 s against 0.09 s per check measured at load average 9 on 2 cores)."""


def split_key(key: str) -> tuple[str, str] | None:
    """``gsk_<id>_<secret>`` → ``(id, secret)``, or None when the text is not shaped like a key."""
    match = _KEY_PATTERN.match(key.strip())
    return (match.group(1), match.group(2)) if match else None


class ApiKeyArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime
    _verified: dict[str, tuple[bytes, str]]
    """key id → (SHA-256 of a secret that passed Argon2, the hash it passed against); set up by the service."""

    async def create_api_key(
        self, *, user_id: str | None = None, admin: bool = False, name: str | None = None
    ) -> tuple[ApiKeyView, str]:
        """Create a key for one user (``user_id``) or an admin key (``admin=True``, no user).

        Returns:
            the stored key's view and the key itself, ``gsk_<id>_<secret>`` (shown once; only its hash is kept).

        Raises:
            InvalidInputError: neither or both of ``user_id`` and ``admin``; a blank or oversized id or name.
        """
        if admin == (user_id is not None):
            raise InvalidInputError(
                field="user", problem="give exactly one of a user id or admin", fix="--user U, or --admin"
            )
        if user_id is not None:
            user_id = require_id("user", user_id, self.rt.settings)
        label = (name or "").strip() or ("admin" if admin else str(user_id))
        if len(label) > MAX_KEY_NAME_CHARS:
            raise InvalidInputError(field="name", problem=f"is over {MAX_KEY_NAME_CHARS} characters")
        uid, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
        secret_hash = await asyncio.to_thread(_hasher.hash, secret)
        view = await stored_keys.create(
            self.rt.db, uid=uid, name=label, user_id=user_id, admin=admin, secret_hash=secret_hash, now=self.rt.clock()
        )
        return view, f"{KEY_PREFIX}{uid}_{secret}"

    async def api_keys(self, *, include_revoked: bool = False) -> list[ApiKeyView]:
        """Every key, newest first (never their secrets)."""
        return await stored_keys.list_all(self.rt.db, include_revoked=include_revoked)

    async def revoke_api_key(self, *, key_id: str) -> ApiKeyView:
        """Revoke a key by id; revoking twice keeps the first time.

        Raises:
            NotFoundError: no key has that id.
        """
        key_id = require_id("id", key_id, self.rt.settings)
        view = await stored_keys.revoke(self.rt.db, uid=key_id, now=self.rt.clock())
        if view is None:
            raise NotFoundError(kind="api key", ident=key_id)
        self._verified.pop(key_id, None)
        return view

    async def verify_api_key(self, *, key: str) -> ApiKeyView | None:
        """The valid, unrevoked key ``key`` is, or None (malformed, unknown, wrong secret, revoked).

        Costs one read of the key's node, plus an Argon2 check (tens of ms, in a worker thread) the first
        time a secret is seen in this process.
        """
        parts = split_key(key)
        if parts is None:
            return None
        uid, secret = parts
        found = await stored_keys.get_with_hash(self.rt.db, uid=uid)
        if found is None:
            return None
        view, stored = found
        if view.revoked_at is not None:
            return None
        digest = hashlib.sha256(secret.encode()).digest()
        cache = self._verified
        seen = cache.get(uid)
        if seen is not None and hmac.compare_digest(seen[0], digest) and seen[1] == stored:
            return view
        if not await asyncio.to_thread(_check, stored, secret):
            return None
        if len(cache) >= _VERIFIED_CACHE_MAX:
            cache.clear()
        cache[uid] = (digest, stored)
        return view


def _check(stored: str, secret: str) -> bool:
    try:
        return _hasher.verify(stored, secret)
    except (VerificationError, InvalidHashError):
        return False
