"""Helpers for the reflection integration tests: a settable clock, seeded memories, one-call cycles."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from graphsvc import keys
from graphsvc.conversation import MessageIn
from graphsvc.errors import InvalidInputError
from graphsvc.graph.reflection_cycles import ReflectionOutcome
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient

USER = "ana"


class Clock:
    """A settable clock: ``clock()`` is the current time, ``clock.advance(days=...)`` moves it."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now = self.now + timedelta(**delta)
        return self.now


@dataclass(frozen=True)
class Seed:
    """One memory to write: its message id, conversation, type, text, importance, day (May 2024) and the speaker
    of its message (None: not named)."""

    message_id: str
    session: str
    content: str
    memory_type: str = "fact"
    importance: float = 0.5
    day: int = 1
    speaker: str | None = None


async def seed_memories(service: MemoryService, seeds: list[Seed], *, user_id: str = USER) -> list[str]:
    """Ingest one message per seed and write the memory citing it; returns the memory uids in order."""
    uids: list[str] = []
    for seed in seeds:
        when = at(seed.day)
        await service.ingest_messages(
            user_id=user_id,
            session_id=seed.session,
            messages=[
                MessageIn(
                    role="user",
                    content=seed.content,
                    occurred_at=when,
                    message_id=seed.message_id,
                    speaker=seed.speaker,
                )
            ],
        )
        vector = (await service.embedder.embed_passages([seed.content]))[0]
        digest = keys.content_hash(seed.content)
        uid = keys.new_uid()
        await service.db.write(
            "create_memories",
            user_id=user_id,
            tenant_key=keys.tenant_key(user_id),
            now=when,
            actor="test",
            memories=[
                {
                    "uid": uid,
                    "history_uid": keys.new_uid(),
                    "dedup_key": keys.memory_dedup_key(user_id, seed.memory_type, digest),
                    "memory_type": seed.memory_type,
                    "content": seed.content,
                    "content_hash": digest,
                    "embedding": vector.tolist(),
                    "importance": seed.importance,
                    "confidence": 0.9,
                    "occurred_at": when,
                    "source_uids": [keys.event_uid(user_id, seed.session, seed.message_id, seed.content, when)],
                }
            ],
        )
        uids.append(uid)
    return uids


async def run(
    service: MemoryService,
    clock: Clock,
    *,
    llm: bool = False,
    force: bool = False,
    session_ended: bool = True,
    user_id: str = USER,
) -> ReflectionOutcome:
    """One ``reflect`` call through the service front door, on the service's runtime with ``clock`` and
    (when ``llm``) its LLM client, else the offline reflector."""
    client = service.rt.llm if llm else None
    if llm and client is None:
        raise InvalidInputError(field="llm", problem="this service has no LLM client")
    reflecting = MemoryService(replace(service.rt, llm=client, clock=clock))
    return await reflecting.reflect(user_id=user_id, force=force, session_ended=session_ended)


def script(server: FakeOpenAI, **operations: Any) -> None:
    """Queue one reflection answer (lists default to empty)."""
    server.answer(content=json.dumps(operations))


async def traits(service: MemoryService, *, user_id: str = USER) -> list[dict[str, Any]]:
    """Every Trait node of the user as a dict (dissolved ones too), oldest first."""
    async with service.db.driver.session(database=service.db.database) as session:
        result = await session.run("MATCH (t:Trait {user_id: $u}) RETURN t ORDER BY t.created_at, t.content", u=user_id)
        return [dict(r["t"]) async for r in result]


async def count(service: MemoryService, cypher: str, **params: Any) -> int:
    """The single integer a test-only Cypher statement returns."""
    async with service.db.driver.session(database=service.db.database) as session:
        record = await (await session.run(cypher, params)).single()
        return int(record[0]) if record else 0


async def snapshot(service: MemoryService, *, user_id: str = USER) -> dict[str, Any]:
    """Everything a reflection may change, for before/after comparisons."""
    async with service.db.driver.session(database=service.db.database) as session:
        out: dict[str, Any] = {}
        for name, cypher in {
            "traits": "MATCH (t:Trait {user_id: $u}) RETURN t.uid AS k, properties(t) AS v",
            "evidence": "MATCH (e:Evidence {user_id: $u}) RETURN e.uid AS k, properties(e) AS v",
            "history": "MATCH (h:HistoryEntry {user_id: $u, actor: 'reflection'}) "
            "RETURN h.uid AS k, properties(h) AS v",
            "memories": "MATCH (m:Memory {user_id: $u}) RETURN m.uid AS k, m.reflected_at AS v",
            "state": "MATCH (s:ReflectionState {user_id: $u}) RETURN s.uid AS k, s.last_reflected_at AS v",
            "edges": "MATCH (p:Trait {user_id: $u})-[:PARENT_OF]->(c) RETURN p.uid + '>' + c.uid AS k, 1 AS v",
        }.items():
            result = await session.run(cypher, u=user_id)
            out[name] = {r["k"]: r["v"] async for r in result}
        return out


TRAIT_CHANGES = """
query($u: String!, $from: DateTime!, $to: DateTime!) {
  beliefChanges(userId: $u, from: $from, to: $to, limit: 500) {
    nodes { kind targetId change oldValue newValue stage }
  }
}"""


async def trait_changes(service: MemoryService, trait_uid: str, *, user_id: str = USER) -> list[dict[str, Any]]:
    """The changes ``beliefChanges`` lists for one trait (over GraphQL, the real app in-process), oldest recorded
    first: each ``{change, oldValue, newValue, stage}``."""
    client = GraphQLClient(service)
    try:
        body = await client.execute(
            TRAIT_CHANGES, {"u": user_id, "from": "2000-01-01T00:00:00Z", "to": "2100-01-01T00:00:00Z"}
        )
    finally:
        await client.aclose()
    assert "errors" not in body, body
    return [
        {k: node[k] for k in ("change", "oldValue", "newValue", "stage")}
        for node in body["data"]["beliefChanges"]["nodes"]
        if node["kind"] == "TRAIT" and node["targetId"] == trait_uid
    ]
