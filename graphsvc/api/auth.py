"""Who is calling: the ONE place a request's identity is decided (``AUTH_MODE``).

- ``none``: any caller may act for any user (the settings allow it only on a loopback ``HOST``).
- ``api_key``: ``Authorization: Bearer gsk_…``, checked by :meth:`MemoryService.verify_api_key`; an admin
  key may act for any user, a user key only for its user.
- ``jwt``: ``Authorization: Bearer <JWT>``, verified with PyJWT (HS256 secret, RS256 public key or JWKS
  file); the user comes from ``JWT_USER_CLAIM`` (default ``sub``), and a token whose scopes hold
  ``JWT_ADMIN_SCOPE`` may act for any user.

A request without valid credentials is an :class:`~graphsvc.errors.AuthenticationError` (HTTP 401, raised
by :class:`graphsvc.api.guard.GuardMiddleware` before any resolver or tool runs). What a caller may then do
is applied by :class:`graphsvc.api.context.Context`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jwt
from starlette.requests import HTTPConnection

from graphsvc.api.context import Identity
from graphsvc.config import AuthSettings
from graphsvc.errors import AuthenticationError
from graphsvc.service import MemoryService

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

    def __init__(self, settings: AuthSettings) -> None:
        self._settings = settings
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
        user = claims.get(settings.jwt_user_claim)
        admin = settings.jwt_admin_scope in token_scopes(claims)
        if admin:
            return Identity(principal=f"jwt:{user or 'admin'}", user_ids=None)
        if not isinstance(user, str) or not user.strip():
            raise AuthenticationError(
                problem=f"the token has no {settings.jwt_user_claim!r} claim naming a user",
                fix=f"issue tokens with a {settings.jwt_user_claim!r} claim (JWT_USER_CLAIM picks the claim)",
            )
        return Identity(principal=f"jwt:{user}", user_ids=frozenset({user}))


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

    def __init__(self, settings: AuthSettings, service: Callable[[], MemoryService]) -> None:
        self.mode = settings.mode
        self._service = service
        self._jwt = JwtVerifier(settings) if settings.mode == "jwt" else None

    async def resolve_identity(self, connection: HTTPConnection) -> Identity:
        """Who is calling and for which users they may act.

        Raises:
            AuthenticationError: missing, malformed, unknown, revoked, expired or forged credentials.
        """
        if self.mode == "none":
            client = connection.client.host if connection.client else "local"
            return Identity(principal=f"anonymous:{client}", user_ids=None)
        token = bearer_token(connection, mode=self.mode)
        if self._jwt is not None:
            return self._jwt.identity(token)
        key = await self._service().verify_api_key(key=token)
        if key is None:
            raise AuthenticationError(
                problem="unknown, malformed or revoked API key",
                fix="check the key (it is printed once by `graphsvc keys create`); `graphsvc keys list` shows "
                "which keys are valid",
            )
        users = None if key.admin else frozenset({str(key.user_id)})
        return Identity(principal=f"key:{key.uid}", user_ids=users)
