"""``graphsvc export --user U``: every node and edge of one user as JSON lines (:mod:`.codec`).

Nodes are read label by label and edges from each label's nodes to other nodes of the same user, each as
one streamed query (nothing is held in memory but the current record). Nodes of other users are never
read: every statement filters on ``user_id`` at both ends.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from graphsvc.config import Settings
from graphsvc.embed.base import Embedder
from graphsvc.graph.cypher import query
from graphsvc.pipeline.portability.codec import FORMAT, VERSION, encode_props
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id

LABELS: tuple[str, ...] = (
    "session",
    "event",
    "memory",
    "entity",
    "alias",
    "impression",
    "feature",
    "trait",
    "evidence",
    "reflection_cycle",
    "reflection_state",
    "history_entry",
    "pending_observation",
    "job",
)
"""Every label of a user's graph (as named in the ``export_*`` statements). API keys are not exported: they are
credentials of this deployment, not the user's memory; nor are the ``JobLane`` and ``EntityLock`` nodes that
coordinate processes (issue 11): they hold no data and are MERGEd again when needed."""


def embedder_identity(settings: Settings, embedder: Embedder) -> str:
    """Which embedder made the vectors: a restore with another one re-embeds."""
    model = settings.embedding_model if settings.embedder == "openai" else "multilingual-e5-small"
    return f"{settings.embedder}:{model}:{embedder.dimensions}"


async def export_user(rt: Runtime, *, user_id: str, embeddings: bool = False) -> AsyncIterator[dict[str, Any]]:
    """Yield the header, then every node, then every edge of the user (see :mod:`.codec`).

    Args:
        embeddings: include the vectors (large: 384 floats per message, memory, impression and trait).

    Raises:
        InvalidInputError: bad user id.
    """
    user_id = require_id("userId", user_id, rt.settings)
    yield {
        "kind": "header",
        "format": FORMAT,
        "version": VERSION,
        "user_id": user_id,
        "exported_at": rt.clock().isoformat(),
        "embedder": embedder_identity(rt.settings, rt.embedder),
        "dimensions": rt.embedder.dimensions,
        "embeddings": embeddings,
    }
    async with rt.db.driver.session(database=rt.db.database) as session:
        for label in LABELS:
            result = await session.run(query(f"export_nodes_{label}"), user_id=user_id)
            async for record in result:
                props = encode_props(dict(record["props"]), embeddings=embeddings)
                yield {"kind": "node", "labels": sorted(record["labels"]), "props": props}
        for label in LABELS:
            result = await session.run(query(f"export_edges_{label}"), user_id=user_id)
            async for record in result:
                yield {
                    "kind": "edge",
                    "type": record["type"],
                    "start": record["start"],
                    "end": record["end"],
                    "props": encode_props(dict(record["props"]), embeddings=embeddings),
                }
