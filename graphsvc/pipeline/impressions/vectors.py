"""Embeddings for entities' impressions, so recall can rank them by similarity (issue 6).

The impression pipeline writes impressions without vectors (it has no embedder and must stay
cheap); the extraction job then calls :func:`embed_missing_impressions`, which embeds every
impression of the user that has none yet. The step is idempotent and self-healing: a crash
between the pipeline and this step, impressions added by curation, and impressions stored before
this step existed are all embedded by the user's next extraction job.
"""

from __future__ import annotations

from graphsvc.embed.base import Embedder
from graphsvc.graph.database import Database

EMBED_BATCH = 256
"""Impressions embedded and written per round (one write transaction each)."""


async def embed_missing_impressions(db: Database, embedder: Embedder, *, user_id: str) -> int:
    """Embed the user's impressions that have no ``embedding`` yet.

    Args:
        user_id: the tenant; only this user's impressions are read and written.

    Returns:
        how many impressions were embedded (0 when all already had vectors).

    Raises:
        neo4j errors: a read or write failed; impressions embedded in earlier rounds stay embedded.
    """
    embedded = 0
    while True:
        rows = await db.read("impressions_without_embedding", user_id=user_id, limit=EMBED_BATCH)
        if not rows:
            return embedded
        vectors = await embedder.embed_passages([r["content"] for r in rows], background=True)
        written = await db.write(
            "set_impression_embeddings",
            user_id=user_id,
            rows=[{"uid": r["uid"], "embedding": v.tolist()} for r, v in zip(rows, vectors, strict=True)],
        )
        embedded += int(written[0]["embedded"])
        if len(rows) < EMBED_BATCH:
            return embedded
