"""Who is calling: the ONE place a request's identity is decided (``AUTH_MODE``).

- ``none``: any caller may act for any user (the settings allow it only on a loopback ``HOST``).
- ``api_key``: ``Authorization: Bearer gsk_…``, checked by :meth:`MemoryService.verify_api_key`; an admin
  key may act for any user, a user key only for its user.
- ``jwt``: ``Authorization: Bearer <JWT>``, verified with PyJWT (HS256 secret, RS256 public key or JWKS
  file); the user comes from ``JWT_USER_CLAIM`` (default ``sub``) and must be a valid user id as it stands
  (the rules of every id: no blanks, no control characters, nothing stripped), a token may be valid for at most
  ``JWT_MAX_LIFETIME_S``, a token whose scopes hold ``JWT_ADMIN_SCOPE`` may act for any user, and one holding
  ``JWT_SPACES_CLAIM`` uses only the groups and agents it lists.

A request without valid credentials is an :class:`~graphsvc.errors.AuthenticationError` (HTTP 401, raised
by :class:`graphsvc.api.guard.GuardMiddleware` before any resolver or tool runs). What a caller may then do
is applied by :class:`graphsvc.api.context.Context`.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import jwt
from starlette.requests import HTTPConnection

from graphsvc.api.context import Identity
from graphsvc.config import AuthSettings
from graphsvc.errors import AuthenticationError, InvalidInputError
from graphsvc.service import MemoryService
from graphsvc.spaces import is_shared
from graphsvc.validation import check_id

_NO_CREDENTIALS_FIX = {
    "api_key": "send `Authorization: Bearer <key>` with a key from `graphsvc keys create --user U` (or --admin)",
    "jwt": "send `Authorization: Bearer <token>` with a token signed by the configured JWT key",
}


def bearer_token(connection: HTTPConnection, *, mode: str) -> str:
    """The token of an ``Authorization: Bearer <token>`` header.

    Raises:
        AuthenticationError: no such header, another scheme, or an empty token.
    """
    header = connection.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        raise AuthenticationError(
            problem="no credentials: this service needs a bearer token", fix=_NO_CREDENTIALS_FIX[mode]
        )
    if scheme.lower() != "bearer" or not token.strip():
        raise AuthenticationError(
            problem="the Authorization header is not `Bearer <token>`", fix=_NO_CREDENTIALS_FIX[mode]
        )
    return token.strip()


class JwtVerifier:
    """Verifies bearer JWTs with the configured key (PyJWT) and reads the user and admin scope.

    Raises (at construction):
        ConfigurationError: via :class:`Settings`, when no or several key sources are set.
    """

    def __init__(self, settings: AuthSettings, *, max_id_chars: int = 200) -> None:
        self._settings = settings
        self._max_id_chars = max_id_chars
        self._jwks: jwt.PyJWKSet | None = None
        self._key: Any = None
        if settings.jwt_secret is not None:
            self._key, self._algorithms = settings.jwt_secret.get_secret_value(), ["HS256"]
        elif settings.jwt_public_key_file is not None:
            self._key, self._algorithms = settings.jwt_public_key_file.read_text(encoding="utf-8"), ["RS256"]
        elif settings.jwt_jwks_file is not None:
            self._jwks = jwt.PyJWKSet.from_json(settings.jwt_jwks_file.read_text(encoding="utf-8"))
            self._algorithms = ["RS256"]

    def _key_for(self, token: str) -> Any:
        if self._jwks is None:
            return self._key
        kid = jwt.get_unverified_header(token).get("kid")
        keys = self._jwks.keys
        for key in keys:
            if key.key_id == kid or (kid is None and len(keys) == 1):
                return key.key
        raise jwt.InvalidKeyError(f"no key with kid {kid!r} in the JWKS file")

    def identity(self, token: str) -> Identity:
        """The identity a valid token grants.

        Raises:
            AuthenticationError: a forged, expired, malformed token, a wrong audience or issuer, or a token
                that names no user and holds no admin scope.
        """
        settings = self._settings
        try:
            claims: dict[str, Any] = jwt.decode(
                token,
                self._key_for(token),
                algorithms=self._algorithms,
                audience=settings.jwt_audience,
                issuer=settings.jwt_issuer,
                options={"require": ["exp"], "verify_aud": settings.jwt_audience is not None},
            )
        except jwt.PyJWTError as exc:
            raise AuthenticationError(
                problem=f"invalid token: {exc}", fix="send a current token signed by the configured key"
            ) from exc
        self._check_lifetime(claims)
        claim = claims.get(settings.jwt_user_claim)
        admin = settings.jwt_admin_scope in token_scopes(claims)
        if admin and claim is None:
            return Identity(principal="jwt:admin", user_ids=None)
        user = self._user_of(claim)
        if admin:
            return Identity(principal=f"jwt:{user}", user_ids=None)
        return Identity(principal=f"jwt:{user}", user_ids=frozenset({user}), space_limit=self._spaces_of(claims))

    def _spaces_of(self, claims: dict[str, Any]) -> frozenset[str] | None:
        """The shared spaces a token names in ``JWT_SPACES_CLAIM`` (None when it has no such claim).

        Raises:
            AuthenticationError: the claim is not a list of strings or a string, or names something that is not
                a group's or an agent's id.
        """
        name = self._settings.jwt_spaces_claim
        found = claims.get(name)
        if found is None:
            return None
        listed = found.split() if isinstance(found, str) else found
        fix = f"issue tokens whose {name!r} claim lists group and agent ids (group:<name>, agent:<name>)"
        if not isinstance(listed, list) or not all(isinstance(s, str) and is_shared(s) for s in listed):
            problem = f"the token's {name!r} claim is not a list of group or agent ids"
            raise AuthenticationError(problem=problem, fix=fix)
        return frozenset(listed)

    def _user_of(self, claim: object) -> str:
        """The user id a claim names, checked by the rules of every id (:func:`graphsvc.validation.require_id`).

        A claim the service would store under another id (``"alice "``, ``"alice\u00a0"``: ids are stripped) or
        could not store (control characters, ``"alice\x1c"``) names no user of this service, so the token is
        refused rather than mapped onto ``alice``.

        Raises:
            AuthenticationError: not a string, blank, over ``MAX_ID_CHARS``, holding control characters, or
                changed by normalisation.
        """
        name = self._settings.jwt_user_claim
        fix = f"issue tokens whose {name!r} claim is the user id itself (JWT_USER_CLAIM picks the claim)"
        if not isinstance(claim, str) or not claim.strip():
            raise AuthenticationError(problem=f"the token has no {name!r} claim naming a user", fix=fix)
        try:
            user = check_id(name, claim, max_chars=self._max_id_chars)
        except InvalidInputError as exc:
            raise AuthenticationError(problem=f"the token's {exc.message}", fix=fix) from exc
        if user != claim:
            raise AuthenticationError(problem=f"the token's {name!r} claim has leading or trailing whitespace", fix=fix)
        return user

    def _check_lifetime(self, claims: dict[str, Any]) -> None:
        """Refuse a token valid for longer than ``JWT_MAX_LIFETIME_S`` (``exp`` minus ``iat``, or minus now).

        Raises:
            AuthenticationError: the token's lifetime is over the limit.
        """
        limit_s = self._settings.jwt_max_lifetime_s
        issued = claims.get("iat")
        start = float(issued) if isinstance(issued, int | float) else time.time()
        lifetime_s = float(claims["exp"]) - start
        if lifetime_s > limit_s:
            raise AuthenticationError(
                problem=f"the token is valid for {lifetime_s:.0f} s, longer than the {limit_s:g} s allowed",
                fix="issue shorter-lived tokens, or raise JWT_MAX_LIFETIME_S",
            )


def token_scopes(claims: dict[str, Any]) -> set[str]:
    """OAuth scopes of a token: ``scope`` as a space-separated string, or ``scp`` / ``scopes`` as a list."""
    found: set[str] = set()
    for name in ("scope", "scp", "scopes"):
        value = claims.get(name)
        if isinstance(value, str):
            found |= set(value.split())
        elif isinstance(value, list):
            found |= {str(v) for v in value}
    return found


class Authenticator:
    """Decides each request's :class:`Identity` from ``AUTH_MODE``.

    Args:
        settings: the service settings.
        service: returns the running service (API keys are verified against the graph).
    """

    def __init__(
        self, settings: AuthSettings, service: Callable[[], MemoryService], *, max_id_chars: int = 200
    ) -> None:
        self.mode = settings.mode
        self._service = service
        self._jwt = JwtVerifier(settings, max_id_chars=max_id_chars) if settings.mode == "jwt" else None

    async def resolve_identity(
        self, connection: HTTPConnection, *, before_hash: Callable[[str], Awaitable[None]] | None = None
    ) -> Identity:
        """Who is calling and for which users they may act.

        Args:
            before_hash: awaited with the key id before an API key's secret is hashed (the costly step); it
                raises to refuse the request first (the HTTP guard's failure budget).

        Raises:
            AuthenticationError: missing, malformed, unknown, revoked, expired or forged credentials.
            DatabaseUnavailableError: the API key could not be read.
        """
        if self.mode == "none":
            client = connection.client.host if connection.client else "local"
            return Identity(principal=f"anonymous:{client}", user_ids=None)
        token = bearer_token(connection, mode=self.mode)
        if self._jwt is not None:
            return self._jwt.identity(token)
        key = await self._service().verify_api_key(key=token, before_hash=before_hash)
        if key is None:
            raise AuthenticationError(
                problem="unknown, malformed or revoked API key",
                fix="check the key (it is printed once by `graphsvc keys create`); `graphsvc keys list` shows "
                "which keys are valid",
            )
        users = None if key.admin else frozenset({str(key.user_id)})
        limit = None if key.spaces is None else frozenset(key.spaces)
        return Identity(principal=f"key:{key.uid}", user_ids=users, space_limit=limit)
