"""``graphsvc export --user U``: every node and edge of one user as JSON lines (:mod:`.codec`).

Nodes are read label by label and edges from each label's nodes to other exported nodes of the same user
(:mod:`graphsvc.graph.portability`: every label the catalog exports), each as one streamed query (nothing is
held in memory but the current record). API keys are not exported: they are credentials of this deployment,
not the user's memory; nor are the ``JobLane`` and ``EntityLock`` nodes that coordinate processes (issue 11):
they hold no data and are MERGEd again when needed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from graphsvc.config import Settings
from graphsvc.embed.base import Embedder
from graphsvc.graph import portability
from graphsvc.pipeline.portability.codec import FORMAT, VERSION, encode_props, vectors_held
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id


def embedder_identity(settings: Settings, embedder: Embedder) -> str:
    """Which embedder made the vectors: a restore with another one re-embeds."""
    model = settings.embedding.model if settings.embedding.kind == "openai" else "multilingual-e5-small"
    return f"{settings.embedding.kind}:{model}:{embedder.dimensions}"


async def export_user(rt: Runtime, *, user_id: str, embeddings: bool = False) -> AsyncIterator[dict[str, Any]]:
    """Yield the header, then every node, then every edge of the user (see :mod:`.codec`).

    Args:
        embeddings: include the vectors (large: 384 floats per message, memory, impression, trait and passage).

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
    async for node in portability.user_nodes(rt.db, user_id=user_id):
        yield {
            "kind": "node",
            "labels": list(node.labels),
            "props": encode_props(node.props, embeddings=embeddings),
            "vectors": vectors_held(node.props),
        }
    async for edge in portability.user_edges(rt.db, user_id=user_id):
        yield {
            "kind": "edge",
            "type": edge.type,
            "start": edge.start,
            "end": edge.end,
            "props": encode_props(edge.props, embeddings=embeddings),
        }
