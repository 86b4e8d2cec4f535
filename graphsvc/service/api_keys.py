"""The API key area of the service (``AUTH_MODE=api_key``): create, list, revoke and verify keys.

A key reads ``gsk_<id>_<secret>``: the id (16 hex digits) finds the ``ApiKey`` node, the secret (32 random
bytes, URL-safe base64) is checked against its Argon2id hash (``argon2-cffi``, see :data:`_hasher`); the
key itself is shown once, at creation, and never stored. An admin key may act for any user; a user key only
for its ``user_id``. A revoked key fails from the next request on: every verification reads the key's node,
and only the Argon2 check of a secret already seen is cached in process.

Guessing costs the service little (issue 25): a secret that failed is remembered per key id (bounded), so
sending it again costs no hashing; the caller's hook (the HTTP guard's failure budget) runs before any hash;
hashes run one at a time on their own thread, never on the pool that serves requests, and at most
:data:`MAX_WAITING_HASHES` wait; and an unknown or revoked key id costs the same hash as a wrong secret, so the
answer's timing does not tell whether an id exists.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from graphsvc.errors import InvalidInputError, NotFoundError, OverloadedError
from graphsvc.graph import api_keys as stored_keys
from graphsvc.graph import spaces as stored_spaces
from graphsvc.graph.api_keys import ApiKeyView
from graphsvc.runtime import Runtime
from graphsvc.spaces import is_shared, space_kind
from graphsvc.validation import require_id

KEY_PREFIX = "gsk_"
_KEY_PATTERN = re.compile(r"^gsk_([0-9a-f]{16})_([A-Za-z0-9_-]{20,200})$")
MAX_KEY_NAME_CHARS = 100
_VERIFIED_CACHE_MAX = 10_000
FAILED_CACHE_MAX = 10_000
"""(key id, secret digest) pairs remembered as wrong, least recently seen dropped first."""
MAX_WAITING_HASHES = 8
"""Argon2 checks that may wait for the hashing thread; one more is refused with OVERLOADED."""

_hashing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="graphsvc-argon2")
"""Argon2 runs here, one hash at a time: at most one core, and never the default pool requests use."""

_hasher = PasswordHasher(time_cost=2, memory_cost=19_456, parallelism=1)
"""Argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): the secrets are 256 random bits, so the hash
needs no extra work factor against guessing, and a check costs tens of milliseconds instead of the hundreds
the library's default takes (0.67 s against 0.09 s per check measured at load average 9 on 2 cores)."""


@dataclass
class KeyChecks:
    """What one service process remembers of key verifications.

    Attributes:
        verified: key id → (SHA-256 of a secret that passed Argon2, the hash it passed against).
        failed: (key id, SHA-256 of a secret that failed) → None, in least-recently-seen order.
        waiting: Argon2 checks queued for or running on the hashing thread.
    """

    verified: dict[str, tuple[bytes, str]] = field(default_factory=dict)
    failed: OrderedDict[tuple[str, bytes], None] = field(default_factory=OrderedDict)
    waiting: int = 0

    def remember_failure(self, uid: str, digest: bytes) -> None:
        self.failed[(uid, digest)] = None
        self.failed.move_to_end((uid, digest))
        while len(self.failed) > FAILED_CACHE_MAX:
            self.failed.popitem(last=False)

    def failed_before(self, uid: str, digest: bytes) -> bool:
        if (uid, digest) not in self.failed:
            return False
        self.failed.move_to_end((uid, digest))
        return True


@cache
def _decoy_hash() -> str:
    """The hash a secret is checked against when its key id is unknown or revoked (same cost as a real one)."""
    return _hasher.hash(secrets.token_urlsafe(32))


def split_key(key: str) -> tuple[str, str] | None:
    """``gsk_<id>_<secret>`` → ``(id, secret)``, or None when the text is not shaped like a key."""
    match = _KEY_PATTERN.match(key.strip())
    return (match.group(1), match.group(2)) if match else None


class ApiKeyArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime
    _key_checks: KeyChecks
    """Verified and failed secrets of this process; set up by the service."""

    async def create_api_key(
        self,
        *,
        user_id: str | None = None,
        admin: bool = False,
        name: str | None = None,
        spaces: Sequence[str] | None = None,
    ) -> tuple[ApiKeyView, str]:
        """Create a key for one user (``user_id``) or an admin key (``admin=True``, no user). ``spaces``: the group
        and agent ids a user key is limited to, of those its user may use (None: all of them).

        Returns:
            the stored key's view and the key itself, ``gsk_<id>_<secret>`` (shown once; only its hash is kept).

        Raises:
            InvalidInputError: neither or both of ``user_id`` and ``admin``; a blank or oversized id or name; a
                group's or an agent's id that is not registered; ``spaces`` for an admin key, or naming anything
                but a group's or an agent's id.
        """
        settings = self.rt.settings
        limit = None if spaces is None else tuple(dict.fromkeys(require_id("space", s, settings) for s in spaces))
        if limit is not None and (admin or not all(is_shared(s) for s in limit)):
            raise InvalidInputError(
                field="space",
                problem="limits a user key to some of its user's groups and agents (group:<name>, agent:<name>)",
                fix="give --space only with --user, and only group or agent ids",
            )
        if admin == (user_id is not None):
            raise InvalidInputError(
                field="user", problem="give exactly one of a user id or admin", fix="--user U, or --admin"
            )
        if user_id is not None:
            user_id = require_id("user", user_id, self.rt.settings)
            if is_shared(user_id):
                _, registered = await stored_spaces.usable(self.rt.db, space_ids=[user_id], user_ids=None)
                if user_id not in registered:
                    raise InvalidInputError(
                        field="user",
                        problem=f"{user_id!r} names no registered {space_kind(user_id)}",
                        fix="register it first (graphsvc groups create / graphsvc agents create)",
                    )
        label = (name or "").strip() or ("admin" if admin else str(user_id))
        if len(label) > MAX_KEY_NAME_CHARS:
            raise InvalidInputError(field="name", problem=f"is over {MAX_KEY_NAME_CHARS} characters")
        uid, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
        secret_hash = await asyncio.get_running_loop().run_in_executor(_hashing, _hasher.hash, secret)
        view = await stored_keys.create(
            self.rt.db,
            uid=uid,
            name=label,
            user_id=user_id,
            admin=admin,
            secret_hash=secret_hash,
            now=self.rt.clock(),
            spaces=limit,
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
        self._key_checks.verified.pop(key_id, None)
        return view

    async def verify_api_key(
        self, *, key: str, before_hash: Callable[[str], Awaitable[None]] | None = None
    ) -> ApiKeyView | None:
        """The valid, unrevoked key ``key`` is, or None (malformed, unknown, wrong secret, revoked).

        Costs one read of the key's node, plus an Argon2 check (tens of ms, on the hashing thread) the first
        time a secret is seen in this process; a secret that failed before costs neither. An unknown or
        revoked id is checked against a decoy hash, so it answers in the time a wrong secret takes.

        Args:
            key: the bearer token as sent.
            before_hash: awaited with the key id before an Argon2 check; it may raise to refuse the request
                (the HTTP guard raises when the caller or the key id is over its failure budget).

        Raises:
            OverloadedError: more than ``MAX_WAITING_HASHES`` checks are waiting for the hashing thread.
            DatabaseUnavailableError: the key's node could not be read.
        """
        parts = split_key(key)
        if parts is None:
            return None
        uid, secret = parts
        checks = self._key_checks
        digest = hashlib.sha256(secret.encode()).digest()
        if checks.failed_before(uid, digest):
            return None
        found = await stored_keys.get_with_hash(self.rt.db, uid=uid)
        view, stored = found if found is not None else (None, None)
        if view is not None and stored is not None and view.revoked_at is None:
            seen = checks.verified.get(uid)
            if seen is not None and hmac.compare_digest(seen[0], digest) and seen[1] == stored:
                return view
        if before_hash is not None:
            await before_hash(uid)
        valid = await self._argon2_check(stored, secret)
        if view is None or stored is None or view.revoked_at is not None or not valid:
            checks.remember_failure(uid, digest)
            return None
        if len(checks.verified) >= _VERIFIED_CACHE_MAX:
            checks.verified.clear()
        checks.verified[uid] = (digest, stored)
        return view

    async def _argon2_check(self, stored: str | None, secret: str) -> bool:
        """One Argon2 verification on the hashing thread (against the decoy hash when ``stored`` is None).

        Raises:
            OverloadedError: ``MAX_WAITING_HASHES`` checks are already waiting.
        """
        checks = self._key_checks
        if checks.waiting >= MAX_WAITING_HASHES:
            raise OverloadedError(what="API key verification", retry_after_s=1)
        checks.waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(_hashing, _check, stored, secret)
        finally:
            checks.waiting -= 1


def _check(stored: str | None, secret: str) -> bool:
    try:
        return _hasher.verify(stored if stored is not None else _decoy_hash(), secret)
    except (VerificationError, InvalidHashError):
        return False
