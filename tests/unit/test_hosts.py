"""The host check against DNS rebinding (issue 25), at the ASGI level: every route answers loopback hosts and
PUBLIC_HOSTS only (421), and refuses pages of other origins (403)."""

from __future__ import annotations

import json
import re
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest

from graphsvc.api.hosts import HostGuard, host_name
from graphsvc.config import Settings
from graphsvc.errors import ConfigurationError


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("127.0.0.1:8000", "127.0.0.1"),
        ("LocalHost", "localhost"),
        ("localhost.:8000", "localhost"),
        ("[::1]:8000", "::1"),
        ("[::1]", "::1"),
        ("memory.example.com", "memory.example.com"),
        ("", None),
        ("evil.example:80x", None),
        ("a@127.0.0.1", None),
        ("[::1", None),
    ],
)
def test_host_names(header: str, name: str | None) -> None:
    assert host_name(header) == name


async def ok_app(scope: Any, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


async def status(guard: HostGuard, path: str, **headers: str) -> tuple[int, dict[str, Any]]:
    sent: list[MutableMapping[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }
    await guard(scope, receive, send)
    body = sent[1]["body"]
    return sent[0]["status"], (json.loads(body) if body != b"ok" else {})


@pytest.mark.parametrize("path", ["/graphql", "/mcp", "/health", "/metrics", "/ui", "/"])
async def test_every_route_refuses_a_foreign_host(path: str) -> None:
    guard = HostGuard(ok_app, settings=Settings())
    assert (await status(guard, path, host="127.0.0.1:8000"))[0] == 200
    assert (await status(guard, path, host="localhost:8000"))[0] == 200
    code, body = await status(guard, path, host="rebind.evil.example:8000")
    assert code == 421 and body["errors"][0]["extensions"]["code"] == "HOST_NOT_ALLOWED"
    assert "PUBLIC_HOSTS" in body["errors"][0]["extensions"]["suggestion"]
    assert (await status(guard, path))[0] == 421  # no Host at all


async def test_public_hosts_and_origins() -> None:
    settings = Settings(auth_mode="api_key", public_hosts="Memory.Example.com", cors_origins="https://app.example")
    guard = HostGuard(ok_app, settings=settings)
    assert (await status(guard, "/graphql", host="memory.example.com"))[0] == 200
    assert (await status(guard, "/graphql", host="other.example.com"))[0] == 421
    for origin in ("https://memory.example.com", "http://127.0.0.1:5173", "https://app.example"):
        assert (await status(guard, "/graphql", host="memory.example.com", origin=origin))[0] == 200, origin
    for origin in ("https://evil.example", "null", "https://app.example.evil.example"):
        code, body = await status(guard, "/graphql", host="memory.example.com", origin=origin)
        assert code == 403 and body["errors"][0]["extensions"]["code"] == "ORIGIN_NOT_ALLOWED", origin
    # Neo4j Browser reads the guide and the style from its own origin
    assert (await status(guard, "/static/neo4j/guide.html", host="127.0.0.1", origin="http://x.example"))[0] == 200


async def test_any_host_only_with_authentication() -> None:
    with pytest.raises(ConfigurationError, match="DNS rebinding"):
        Settings(public_hosts="*")
    guard = HostGuard(ok_app, settings=Settings(auth_mode="api_key", public_hosts="*"))
    assert (await status(guard, "/graphql", host="anything.example"))[0] == 200


async def test_a_websocket_handshake_from_a_foreign_host_is_closed() -> None:
    sent: list[MutableMapping[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "websocket", "path": "/graphql", "headers": [(b"host", b"evil.example")]}
    await HostGuard(ok_app, settings=Settings())(scope, receive, send)
    assert sent == [{"type": "websocket.close", "code": 1008, "reason": "421"}]


REPO = Path(__file__).resolve().parents[2]


def test_the_neo4j_the_project_starts_does_not_allow_every_origin() -> None:
    """Neo4j's HTTP port answers ``Access-Control-Allow-Origin: *`` unless told otherwise (checked live by
    tests/integration/test_hostile_callers.py against the test Neo4j)."""
    script = (REPO / "scripts" / "neo4j").read_text(encoding="utf-8")
    assert re.search(r"^dbms\.security\.http_access_control_allow_origin=http://127\.0\.0\.1:\$http$", script, re.M)
    compose = (REPO / "docker-compose.yml").read_text(encoding="utf-8")
    found = re.search(r"NEO4J_dbms_security_http__access__control__allow__origin: \"([^\"]+)\"", compose)
    assert found and found.group(1).startswith("http://127.0.0.1:")
