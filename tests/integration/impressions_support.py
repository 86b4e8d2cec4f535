"""Shared steps of the impression-pipeline integration tests: store a conversation, run the pipeline on it,
count what a user has in the graph."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.graph.database import Database
from graphsvc.llm.client import LLMClient
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.pipeline.extraction.run import EndedConversation, read_conversation
from graphsvc.pipeline.impressions import run as impressions
from graphsvc.pipeline.impressions.run import ImpressionReport
from graphsvc.runtime import Runtime
from graphsvc.service import MemoryService
from tests.integration.conftest import at


@dataclass(frozen=True)
class Turn:
    speaker: str
    content: str
    role: str = "user"


StoredConversation = EndedConversation
"""A session's events as the extraction job reads them (short ids m1, m2, ...)."""


async def store(
    service: MemoryService, user_id: str, session_id: str, turns: list[Turn], *, day: int = 1
) -> StoredConversation:
    """Ingest the turns as events, then read them back as the extraction job does (short ids m1, m2, ...)."""
    await service.ingest_messages(
        user_id=user_id,
        session_id=session_id,
        messages=[
            MessageIn(
                role=t.role,
                content=t.content,
                occurred_at=at(day, 12, i),
                message_id=f"{session_id}-{i}",
                speaker=t.speaker,
            )
            for i, t in enumerate(turns)
        ],
    )
    return await load(service.db, user_id, session_id)


async def load(db: Database, user_id: str, session_id: str) -> StoredConversation:
    return await read_conversation(db, user_id=user_id, session_id=session_id)


async def observe(
    service: MemoryService,
    user_id: str,
    conversation: StoredConversation,
    *,
    settings: Settings | None = None,
    llm: LLMClient | None = None,
    now: datetime | None = None,
) -> ImpressionReport:
    when = now or at(20)
    runtime = Runtime(
        settings=settings or service.settings, db=service.db, embedder=service.embedder, llm=llm, clock=lambda: when
    )
    statements = extract_offline(conversation.messages).memories if llm is None else []
    return await impressions.run(
        runtime,
        user_id=user_id,
        messages=conversation.messages,
        event_uids=conversation.event_uids,
        statements=statements,
    )


async def graph_counts(db: Database, user_id: str) -> dict[str, int]:
    """Nodes by label and relationships by type among the user's nodes (test-only inspection)."""
    async with db.driver.session(database=db.database) as session:
        result = await session.run(
            "MATCH (n) WHERE n.user_id = $u WITH n, labels(n)[0] AS label "
            "OPTIONAL MATCH (n)-[r]->() "
            "RETURN label, count(DISTINCT n) AS nodes, collect(type(r)) AS types",
            u=user_id,
        )
        counts: dict[str, int] = {}
        async for record in result:
            counts[record["label"]] = counts.get(record["label"], 0) + record["nodes"]
            for rel in record["types"]:
                counts[f"-[{rel}]->"] = counts.get(f"-[{rel}]->", 0) + 1
        return counts


async def cypher(db: Database, text: str, **params: object) -> list[dict[str, Any]]:
    """A test-only read (inspection of what the pipeline wrote)."""
    async with db.driver.session(database=db.database) as session:
        result = await session.run(text, params)
        return [record.data() async for record in result]
