"""Calls the real Starlette/strawberry app in-process over HTTP semantics (httpx ASGI transport)."""

from __future__ import annotations

from typing import Any

import httpx

from graphsvc.api.app import build_app
from graphsvc.config import Settings
from graphsvc.service import MemoryService


class GraphQLClient:
    """The app over ``service``, with ``settings`` (default: the service's) and extra request ``headers``."""

    def __init__(
        self, service: MemoryService, *, settings: Settings | None = None, headers: dict[str, str] | None = None
    ) -> None:
        app = build_app(settings or service.settings, service=service)
        self._client = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1", headers=headers or {}
        )
        self.http = self._client

    async def post(self, query: str, variables: dict[str, Any] | None = None) -> httpx.Response:
        return await self._client.post("/graphql", json={"query": query, "variables": variables or {}})

    async def execute(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        response = await self.post(query, variables)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    async def aclose(self) -> None:
        await self._client.aclose()


INGEST = """
mutation($input: IngestMessagesInput!) {
  ingestMessages(input: $input) { stored duplicates messageIds }
}"""
END = """
mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id status error } }"""
RECALL = """
query($u: String!, $q: String!, $n: Int! = 10) {
  recall(userId: $u, query: $q, limit: $n) { id kind content score occurredAt sourceMessageIds }
}"""
JOB = """query($id: ID!) { job(id: $id) { id status error } }"""
