"""Bulk loading for benchmarks, tests and migrations: complete memories written straight into the graph.

Statement: ``bulk_create_memories`` in ``cypher/queries/vector.cypher`` (a plain CREATE per row: no dedup,
no slots, no history, no provenance). Everything a memory of the product goes through (dedup, supersession,
history) is bypassed, so this is for synthetic data only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.graph.database import Queries
from graphsvc.vocabulary import MemoryType


@dataclass(frozen=True)
class BulkMemory:
    """One memory to load.

    Attributes:
        embedding: ``(dimensions,)`` floats, L2-normalised; a ``neo4j.vector.Vector`` (packed float32) is far
            cheaper to send than a list and is stored as the same list of floats.
    """

    uid: str
    user_id: str
    content: str
    embedding: Any
    memory_type: MemoryType = "fact"
    importance: float = 0.5
    confidence: float = 0.8


async def create_memories(db: Queries, memories: Sequence[BulkMemory], *, now: datetime) -> int:
    """Create the memories, active, created and last reinforced at ``now``, in one transaction.

    Returns:
        how many were created.

    Raises:
        ConflictError: a uid or dedup key exists already.
    """
    rows = []
    for m in memories:
        digest = keys.content_hash(m.content)
        rows.append(
            {
                "uid": m.uid,
                "user_id": m.user_id,
                "tenant_key": keys.tenant_key(m.user_id),
                "memory_type": m.memory_type,
                "content": m.content,
                "content_hash": digest,
                "dedup_key": keys.memory_dedup_key(m.user_id, m.memory_type, digest),
                "embedding": m.embedding,
                "importance": m.importance,
                "confidence": m.confidence,
            }
        )
    result = await db.write("bulk_create_memories", rows=rows, now=now)
    return int(result[0]["created"]) if result else 0
