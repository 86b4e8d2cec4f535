"""Services and clients with authentication on (API keys in the real graph, HS256 tokens), for the auth tests."""

from __future__ import annotations

import time
from typing import Any

import jwt
from pydantic import SecretStr

from graphsvc.config import Settings
from graphsvc.service import MemoryService
from tests.integration.graphql_client import GraphQLClient

JWT_SECRET = "graphsvc-test-secret-0123456789abcdef"


def api_key_settings(settings: Settings, **update: Any) -> Settings:
    return settings.model_copy(update={"auth_mode": "api_key", **update})


def jwt_settings(settings: Settings, **update: Any) -> Settings:
    return settings.model_copy(update={"auth_mode": "jwt", "jwt_secret": SecretStr(JWT_SECRET), **update})


def token(claims: dict[str, Any], *, secret: str = JWT_SECRET, ttl_s: float = 300) -> str:
    """An HS256 token with ``exp`` ``ttl_s`` from now (negative: already expired)."""
    return jwt.encode({"exp": int(time.time() + ttl_s), **claims}, secret, algorithm="HS256")


def client(service: MemoryService, settings: Settings, credential: str | None = None) -> GraphQLClient:
    """A GraphQL client of the app under ``settings``, sending ``Authorization: Bearer <credential>`` if given."""
    headers = {"Authorization": f"Bearer {credential}"} if credential is not None else {}
    return GraphQLClient(service, settings=settings, headers=headers)


async def node_count(service: MemoryService, label: str = "") -> int:
    """Nodes in the graph (of one label), the test marker left out."""
    async with service.db.driver.session(database=service.db.database) as session:
        record = await (
            await session.run(f"MATCH (n{':' + label if label else ''}) WHERE NOT n:GraphsvcTestMarker RETURN count(n)")
        ).single()
    return int(record[0]) if record else 0
