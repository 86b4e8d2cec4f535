"""Authentication over HTTP: API keys (admin, user, revoked, wrong), JWTs, 401 bodies, FORBIDDEN without a
write, id lookups scoped to the caller, the rate limit (429 + Retry-After) and CORS."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from graphsvc.api.app import build_app
from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.errors import ConfigurationError
from graphsvc.service import MemoryService
from tests.integration.auth_support import api_key_settings, client, jwt_settings, node_count, token
from tests.integration.conftest import at
from tests.integration.graphql_client import INGEST, JOB, RECALL

MEMORIES = """query($u: String!) { memories(userId: $u) { items { id content } } }"""


def ingest(user: str, text: str = "I keep bees on my roof", session: str = "s1") -> dict[str, Any]:
    message = {"messageId": "m1", "role": "user", "content": text, "occurredAt": at(1).isoformat()}
    return {"input": {"userId": user, "sessionId": session, "messages": [message]}}


@pytest.fixture
async def keys(service: MemoryService) -> dict[str, str]:
    """An admin key, and user keys of alice and bob."""
    return {
        "admin": (await service.create_api_key(admin=True))[1],
        "alice": (await service.create_api_key(user_id="alice", name="alice's laptop"))[1],
        "bob": (await service.create_api_key(user_id="bob"))[1],
    }


async def test_missing_malformed_and_wrong_keys_are_401_with_a_clear_body(
    service: MemoryService, settings: Settings, keys: dict[str, str]
) -> None:
    secured = api_key_settings(settings)
    real = keys["alice"]
    wrong_secret = real[: real.rindex("_") + 1] + "x" * 43
    for credential, needle in (
        (None, "no credentials"),
        ("", "not `Bearer <token>`"),
        ("not-a-key", "unknown, malformed or revoked"),
        ("gsk_0123456789abcdef_" + "y" * 43, "unknown, malformed or revoked"),
        (wrong_secret, "unknown, malformed or revoked"),
    ):
        gql = client(service, secured, credential)
        response = await gql.post(RECALL, {"u": "alice", "q": "bees"})
        await gql.aclose()
        assert response.status_code == 401, (credential, response.text)
        assert response.headers["www-authenticate"] == "Bearer"
        error = response.json()["errors"][0]
        assert error["extensions"]["code"] == "UNAUTHENTICATED"
        assert needle in error["message"]
        assert "graphsvc keys" in error["extensions"]["suggestion"]
    assert await node_count(service, "Event") == 0


async def test_a_user_key_acts_for_its_user_only_and_writes_nothing_for_another(
    service: MemoryService, settings: Settings, keys: dict[str, str]
) -> None:
    gql = client(service, api_key_settings(settings), keys["bob"])
    own = await gql.execute(INGEST, ingest("bob"))
    assert own["data"]["ingestMessages"]["stored"] == 1
    events_before = await node_count(service, "Event")
    for query, variables in (
        (INGEST, ingest("alice")),
        (RECALL, {"u": "alice", "q": "bees"}),
        (MEMORIES, {"u": "alice"}),
    ):
        body = await gql.execute(query, variables)
        assert body["data"] is None or all(v is None for v in body["data"].values()), body
        assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    await gql.aclose()
    assert await node_count(service, "Event") == events_before
    assert not await service.recall(user_id="alice", query="bees")


async def test_an_admin_key_acts_for_any_user(service: MemoryService, settings: Settings, keys: dict[str, str]) -> None:
    gql = client(service, api_key_settings(settings), keys["admin"])
    for user in ("alice", "bob", "carol"):
        body = await gql.execute(INGEST, ingest(user, f"{user} keeps bees"))
        assert body["data"]["ingestMessages"]["stored"] == 1, body
    hits = (await gql.execute(RECALL, {"u": "carol", "q": "bees"}))["data"]["recall"]
    await gql.aclose()
    assert [h["content"] for h in hits] == ["carol keeps bees"]


async def test_a_revoked_key_fails_from_the_next_request(
    service: MemoryService, settings: Settings, keys: dict[str, str]
) -> None:
    gql = client(service, api_key_settings(settings), keys["alice"])
    assert (await gql.post(RECALL, {"u": "alice", "q": "bees"})).status_code == 200
    key_id = keys["alice"].split("_")[1]
    revoked = await service.revoke_api_key(key_id=key_id)
    assert revoked.revoked_at is not None
    response = await gql.post(RECALL, {"u": "alice", "q": "bees"})
    await gql.aclose()
    assert response.status_code == 401
    assert [k.uid for k in await service.api_keys()] and key_id not in [k.uid for k in await service.api_keys()]
    assert key_id in [k.uid for k in await service.api_keys(include_revoked=True)]


async def test_keys_are_stored_as_argon2id_hashes_never_in_clear(service: MemoryService, keys: dict[str, str]) -> None:
    async with service.db.driver.session(database=service.db.database) as session:
        rows = [dict(r["k"]) async for r in await session.run("MATCH (k:ApiKey) RETURN k")]
    assert len(rows) == 3
    stored = " ".join(str(v) for row in rows for v in row.values())
    for key in keys.values():
        secret = key.split("_", 2)[2]  # gsk_<id>_<secret>: the secret itself may hold "_"
        assert len(secret) > 20 and secret not in stored
    assert all(str(row["secret_hash"]).startswith("$argon2id$") for row in rows)
    assert {(row.get("user_id"), row["admin"]) for row in rows} == {(None, True), ("alice", False), ("bob", False)}


async def test_job_lookup_by_id_is_scoped_to_the_callers_users(
    service: MemoryService, settings: Settings, keys: dict[str, str]
) -> None:
    await service.ingest_messages(
        user_id="alice", session_id="s1", messages=[MessageIn(role="user", content="hi", occurred_at=at(1))]
    )
    job = await service.end_conversation(user_id="alice", session_id="s1")
    secured = api_key_settings(settings)
    for who, code in (("bob", "NOT_FOUND"), ("alice", None), ("admin", None)):
        gql = client(service, secured, keys[who])
        body = await gql.execute(JOB, {"id": job.uid})
        await gql.aclose()
        if code is None:
            assert body["data"]["job"]["id"] == job.uid, (who, body)
        else:
            assert body["data"] in (None, {"job": None}), (who, body)
            assert body["errors"][0]["extensions"]["code"] == code, (who, body)
    gql = client(service, secured, keys["bob"])
    body = await gql.execute('query($id: ID!) { job(id: $id, userId: "alice") { id } }', {"id": job.uid})
    await gql.aclose()
    assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN"


async def test_merge_entities_another_users_ids_are_not_found_and_across_users_stays_refused(
    service: MemoryService, settings: Settings, keys: dict[str, str]
) -> None:
    a1 = await service.upsert_entity(user_id="alice", subject="Miso", kind="thing", aliases=[], impressions=[])
    a2 = await service.upsert_entity(user_id="alice", subject="Misi", kind="thing", aliases=[], impressions=[])
    b1 = await service.upsert_entity(user_id="bob", subject="Rex", kind="thing", aliases=[], impressions=[])
    merge = "mutation($k: ID!, $d: ID!) { mergeEntities(keepId: $k, dropId: $d) { id } }"
    secured = api_key_settings(settings)
    bob = client(service, secured, keys["bob"])
    for keep, drop in ((a1.uid, a2.uid), (b1.uid, a1.uid)):
        body = await bob.execute(merge, {"k": keep, "d": drop})
        assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND", body
    await bob.aclose()
    admin = client(service, secured, keys["admin"])
    body = await admin.execute(merge, {"k": a1.uid, "d": b1.uid})
    assert body["errors"][0]["extensions"]["code"] == "CROSS_USER"
    body = await admin.execute(merge, {"k": a1.uid, "d": a2.uid})
    await admin.aclose()
    assert body["data"]["mergeEntities"]["id"] == a1.uid
    assert await node_count(service, "Entity") == 2


async def test_jwt_tokens_user_admin_expired_and_forged(service: MemoryService, settings: Settings) -> None:
    secured = jwt_settings(settings)
    cases: list[tuple[str, int, str | None]] = [
        (token({"sub": "alice"}), 200, None),
        (token({"sub": "bob"}), 200, "FORBIDDEN"),
        (token({"sub": "ops", "scope": "openid graphsvc:admin"}), 200, None),
        (token({"sub": "alice"}, ttl_s=-60), 401, "UNAUTHENTICATED"),
        (token({"sub": "alice"}, secret="another-secret-of-at-least-32-chars!"), 401, "UNAUTHENTICATED"),
        (token({"scope": "read"}), 401, "UNAUTHENTICATED"),
    ]
    for credential, status, code in cases:
        gql = client(service, secured, credential)
        response = await gql.post(RECALL, {"u": "alice", "q": "bees"})
        await gql.aclose()
        assert response.status_code == status, (credential, response.text)
        errors = response.json().get("errors")
        assert (errors[0]["extensions"]["code"] if errors else None) == code


async def test_rate_limit_answers_429_with_retry_after_per_key(
    service: MemoryService, settings: Settings, keys: dict[str, str]
) -> None:
    app_settings = api_key_settings(settings, rate_limit="3/minute")
    alice, bob = client(service, app_settings, keys["alice"]), client(service, app_settings, keys["bob"])
    statuses = [(await alice.post(RECALL, {"u": "alice", "q": "x"})).status_code for _ in range(3)]
    assert statuses == [200, 200, 200]
    over = await alice.post(RECALL, {"u": "alice", "q": "x"})
    assert over.status_code == 429
    assert 1 <= int(over.headers["retry-after"]) <= 60
    assert over.json()["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
    assert (await bob.post(RECALL, {"u": "bob", "q": "x"})).status_code == 200  # the limit is per key
    await alice.aclose()
    await bob.aclose()


async def test_failed_authentications_are_rate_limited_by_address(service: MemoryService, settings: Settings) -> None:
    secured = api_key_settings(settings, auth_failure_limit="2/minute")
    gql = client(service, secured, "gsk_0123456789abcdef_" + "z" * 43)
    statuses = [(await gql.post(RECALL, {"u": "alice", "q": "x"})).status_code for _ in range(3)]
    await gql.aclose()
    assert statuses == [401, 401, 429]


async def test_cors_headers_only_for_configured_origins(service: MemoryService, settings: Settings) -> None:
    preflight = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization"}
    plain = client(service, settings)
    response = await plain.http.options("/graphql", headers={"Origin": "https://app.example", **preflight})
    assert "access-control-allow-origin" not in response.headers
    await plain.aclose()
    with_cors = client(service, settings.model_copy(update={"cors_origins": ["https://app.example"]}))
    allowed = await with_cors.http.options("/graphql", headers={"Origin": "https://app.example", **preflight})
    other = await with_cors.http.options("/graphql", headers={"Origin": "https://evil.example", **preflight})
    await with_cors.aclose()
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == "https://app.example"
    assert "authorization" in allowed.headers["access-control-allow-headers"].lower()
    # a page of another origin is refused by the host check before CORS answers its preflight
    assert other.status_code == 403 and "access-control-allow-origin" not in other.headers


async def test_health_and_the_graphiql_page_need_no_key(service: MemoryService, settings: Settings) -> None:
    gql = client(service, api_key_settings(settings))
    assert (await gql.http.get("/health")).status_code == 200
    page = await gql.http.get("/graphql", headers={"Accept": "text/html"})
    await gql.aclose()
    assert page.status_code == 200 and "graphiql" in page.text.lower()


def test_no_auth_on_a_public_address_refuses_to_start(settings: Settings) -> None:
    public = settings.model_copy(update={"host": "0.0.0.0"})
    with pytest.raises(ConfigurationError, match="loopback") as caught:
        build_app(public)
    assert "AUTH_MODE=api_key" in str(caught.value.suggestion)
    build_app(public.model_copy(update={"auth_mode": "api_key"}))  # with authentication it may


def test_a_websocket_without_a_key_is_closed_before_it_opens(service: MemoryService, settings: Settings) -> None:
    app = build_app(api_key_settings(settings), service=service)
    with pytest.raises(WebSocketDisconnect) as closed:
        client = TestClient(app, base_url="http://127.0.0.1")
        with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]):
            pass
    assert closed.value.code == 1008


VIEWER = "{ viewer { authRequired principal admin userIds } }"


async def test_viewer_says_who_the_caller_is_under_each_auth_mode(
    service: MemoryService, settings: Settings, keys: dict[str, str]
) -> None:
    cases: list[tuple[Settings, str | None, dict[str, Any]]] = [
        (settings, None, {"authRequired": False, "admin": True, "userIds": None}),
        (api_key_settings(settings), keys["alice"], {"authRequired": True, "admin": False, "userIds": ["alice"]}),
        (api_key_settings(settings), keys["admin"], {"authRequired": True, "admin": True, "userIds": None}),
        (jwt_settings(settings), token({"sub": "bob"}), {"authRequired": True, "admin": False, "userIds": ["bob"]}),
        (
            jwt_settings(settings),
            token({"sub": "ops", "scope": "graphsvc:admin"}),
            {"authRequired": True, "admin": True, "userIds": None},
        ),
    ]
    for secured, credential, expected in cases:
        gql = client(service, secured, credential)
        response = await gql.post(VIEWER, {})
        await gql.aclose()
        viewer = response.json()["data"]["viewer"]
        assert {k: viewer[k] for k in expected} == expected, (secured.auth.mode, credential)
        assert viewer["principal"].startswith(("anonymous:", "key:", "jwt:"))
    anonymous = client(service, api_key_settings(settings))
    refused = await anonymous.post(VIEWER, {})
    await anonymous.aclose()
    assert refused.status_code == 401
    assert refused.json()["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
