"""Auth rules that need no database: the loopback rule of AUTH_MODE=none, JWT settings and verification (HS256,
RS256 public key, JWKS file), bearer parsing, the API key format and the rate limit."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from pydantic import SecretStr
from starlette.requests import HTTPConnection

from graphsvc.api.auth import JwtVerifier, bearer_token, token_scopes
from graphsvc.api.rate_limits import LimitStore, RateLimit
from graphsvc.config import Settings, is_loopback
from graphsvc.errors import AuthenticationError, ConfigurationError
from graphsvc.service.api_keys import split_key

SECRET = "unit-test-secret-0123456789abcdef0123"


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost", "LOCALHOST"])
def test_loopback_hosts(host: str) -> None:
    assert is_loopback(host)
    Settings(host=host)  # AUTH_MODE=none is allowed there


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "graphsvc.internal", ""])
def test_no_auth_on_a_reachable_host_is_refused_with_a_fix(host: str) -> None:
    assert not is_loopback(host)
    with pytest.raises(ConfigurationError, match="loopback") as caught:
        Settings(host=host)
    assert caught.value.suggestion is not None and "AUTH_MODE=api_key" in caught.value.suggestion
    assert Settings(host=host, auth_mode="api_key").host == host


def test_jwt_mode_needs_exactly_one_key_source(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="exactly one"):
        Settings(auth_mode="jwt")
    pem = tmp_path / "key.pem"
    pem.write_text("x")
    with pytest.raises(ConfigurationError, match="exactly one"):
        Settings(auth_mode="jwt", jwt_secret=SecretStr(SECRET), jwt_public_key_file=pem)
    with pytest.raises(ConfigurationError, match="32"):
        Settings(auth_mode="jwt", jwt_secret=SecretStr("x" * 31))
    Settings(auth_mode="jwt", jwt_secret=SecretStr("x" * 32))
    with pytest.raises(ConfigurationError, match="does not exist"):
        Settings(auth_mode="jwt", jwt_jwks_file=tmp_path / "missing.json")


def test_rate_limit_and_cors_settings() -> None:
    assert Settings(rate_limit=" 10/second ").limits.rate_limit == "10/second"
    assert Settings(rate_limit="").limits.rate_limit == ""
    with pytest.raises(ConfigurationError, match="RATE_LIMIT"):
        Settings(rate_limit="lots")
    assert Settings(cors_origins="https://a.example, https://b.example").auth.cors_origins == [
        "https://a.example",
        "https://b.example",
    ]
    assert Settings().auth.cors_origins == []


def connection(authorization: str | None) -> HTTPConnection:
    headers = [] if authorization is None else [(b"authorization", authorization.encode())]
    return HTTPConnection({"type": "http", "headers": headers, "path": "/graphql"})


def test_bearer_token_parsing() -> None:
    assert bearer_token(connection("Bearer abc"), mode="api_key") == "abc"
    assert bearer_token(connection("bearer  abc "), mode="jwt") == "abc"
    for header in (None, "Basic abc", "Bearer", "Bearer   "):
        with pytest.raises(AuthenticationError):
            bearer_token(connection(header), mode="api_key")


def test_api_key_shape() -> None:
    assert split_key("gsk_0123456789abcdef_" + "a-b_c" * 8) == ("0123456789abcdef", "a-b_c" * 8)
    for bad in ("", "gsk_", "gsk_0123456789abcdeg_" + "a" * 40, "gsk_0123456789abcdef_short", "sk_0123_x"):
        assert split_key(bad) is None


def claims(**extra: Any) -> dict[str, Any]:
    return {"exp": int(time.time()) + 300, **extra}


def test_hs256_user_admin_expired_forged_and_no_user() -> None:
    verifier = JwtVerifier(Settings(auth_mode="jwt", jwt_secret=SecretStr(SECRET)).auth)
    user = verifier.identity(jwt.encode(claims(sub="ana"), SECRET, algorithm="HS256"))
    assert user.user_ids == frozenset({"ana"}) and user.principal == "jwt:ana"
    admin = verifier.identity(jwt.encode(claims(sub="ops", scp=["graphsvc:admin"]), SECRET, algorithm="HS256"))
    assert admin.user_ids is None
    refused = [
        jwt.encode({"exp": int(time.time()) - 1, "sub": "ana"}, SECRET, algorithm="HS256"),  # expired
        jwt.encode(claims(sub="ana"), SECRET + "x", algorithm="HS256"),  # forged
        jwt.encode({"sub": "ana"}, SECRET, algorithm="HS256"),  # no expiry
        jwt.encode(claims(scope="graphsvc:read"), SECRET, algorithm="HS256"),  # no user, not admin
        jwt.encode(claims(sub="ana"), "", algorithm="none"),  # unsigned
        "not.a.token",
    ]
    for token in refused:
        with pytest.raises(AuthenticationError):
            verifier.identity(token)


def test_configurable_user_claim_audience_and_issuer() -> None:
    settings = Settings(
        auth_mode="jwt",
        jwt_secret=SecretStr(SECRET),
        jwt_user_claim="uid",
        jwt_audience="graphsvc",
        jwt_issuer="https://idp.example",
    )
    verifier = JwtVerifier(settings.auth)
    good = claims(uid="ana", sub="someone-else", aud="graphsvc", iss="https://idp.example")
    assert verifier.identity(jwt.encode(good, SECRET, algorithm="HS256")).user_ids == frozenset({"ana"})
    for wrong in ({"aud": "other"}, {"iss": "https://evil.example"}):
        with pytest.raises(AuthenticationError):
            verifier.identity(jwt.encode({**good, **wrong}, SECRET, algorithm="HS256"))


def rsa_pair() -> tuple[rsa.RSAPrivateKey, str]:
    private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public_pem = (
        private.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return private, public_pem


def test_rs256_public_key_file(tmp_path: Path) -> None:
    private, public_pem = rsa_pair()
    other, _ = rsa_pair()
    (tmp_path / "pub.pem").write_text(public_pem)
    verifier = JwtVerifier(Settings(auth_mode="jwt", jwt_public_key_file=tmp_path / "pub.pem").auth)
    assert verifier.identity(jwt.encode(claims(sub="ana"), private, algorithm="RS256")).user_ids == frozenset({"ana"})
    with pytest.raises(AuthenticationError):
        verifier.identity(jwt.encode(claims(sub="ana"), other, algorithm="RS256"))
    with pytest.raises(AuthenticationError):  # an HS256 token signed with the public key text is refused
        verifier.identity(jwt.encode(claims(sub="ana"), "x" * 32, algorithm="HS256"))


def test_rs256_jwks_file_picks_the_key_by_kid(tmp_path: Path) -> None:
    first, _ = rsa_pair()
    second, _ = rsa_pair()
    jwks = {
        "keys": [
            {**json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(k.public_key())), "kid": kid, "alg": "RS256"}
            for k, kid in ((first, "k1"), (second, "k2"))
        ]
    }
    (tmp_path / "jwks.json").write_text(json.dumps(jwks))
    verifier = JwtVerifier(Settings(auth_mode="jwt", jwt_jwks_file=tmp_path / "jwks.json").auth)
    for key, kid in ((first, "k1"), (second, "k2")):
        token = jwt.encode(claims(sub="ana"), key, algorithm="RS256", headers={"kid": kid})
        assert verifier.identity(token).user_ids == frozenset({"ana"})
    for kid in ("k2", "k3"):  # signed by the first key but naming another, or an unknown one
        with pytest.raises(AuthenticationError):
            verifier.identity(jwt.encode(claims(sub="ana"), first, algorithm="RS256", headers={"kid": kid}))


def test_token_scopes_forms() -> None:
    assert token_scopes({"scope": "a b"}) == {"a", "b"}
    assert token_scopes({"scp": ["a"], "scopes": ["c"]}) == {"a", "c"}
    assert token_scopes({}) == set()


async def test_rate_limit_at_just_above_and_per_caller() -> None:
    limit = RateLimit("3/minute", store=LimitStore("memory://"), name="requests")
    assert [await limit.retry_after_s("k1") for _ in range(3)] == [None, None, None]
    wait_s = await limit.retry_after_s("k1")
    assert wait_s is not None and 1 <= wait_s <= 60
    assert await limit.retry_after_s("k2") is None


@pytest.mark.parametrize("sub", ["alice\u00a0", "alice ", "\talice", "alice\x1c", "ali\x00ce", " ", "x" * 201])
def test_a_user_claim_is_refused_unless_it_is_a_valid_user_id_as_it_stands(sub: str) -> None:
    verifier = JwtVerifier(Settings(auth_mode="jwt", jwt_secret=SecretStr(SECRET)).auth)
    for extra in ({}, {"scope": "graphsvc:admin"}):
        with pytest.raises(AuthenticationError):
            verifier.identity(jwt.encode(claims(sub=sub, **extra), SECRET, algorithm="HS256"))
    alice = verifier.identity(jwt.encode(claims(sub="alice"), SECRET, algorithm="HS256"))
    assert alice.user_ids == frozenset({"alice"})


def test_tokens_valid_for_longer_than_the_maximum_lifetime_are_refused() -> None:
    verifier = JwtVerifier(Settings(auth_mode="jwt", jwt_secret=SecretStr(SECRET), jwt_max_lifetime_s=3600).auth)
    now = int(time.time())
    ok = {"sub": "ana", "iat": now, "exp": now + 3600}
    assert verifier.identity(jwt.encode(ok, SECRET, algorithm="HS256")).user_ids == frozenset({"ana"})
    for too_long in ({**ok, "exp": now + 3601}, {"sub": "ana", "exp": now + 7200}, {**ok, "exp": now + 10**9}):
        with pytest.raises(AuthenticationError, match="longer than the 3600 s"):
            verifier.identity(jwt.encode(too_long, SECRET, algorithm="HS256"))


async def test_the_scope_is_compared_after_normalisation() -> None:
    from types import SimpleNamespace
    from typing import cast

    from graphsvc.api.context import Context, Identity
    from graphsvc.errors import ForbiddenError, InvalidInputError
    from graphsvc.service import MemoryService

    service = cast(MemoryService, SimpleNamespace(settings=Settings()))
    bound = Context(service=service, identity=Identity(principal="jwt:alice", user_ids=frozenset({"alice"})))
    assert bound.scope(" alice\t") == "alice"
    with pytest.raises(InvalidInputError):
        bound.scope("alice\x1c")
    with pytest.raises(ForbiddenError):
        bound.scope("bob")
