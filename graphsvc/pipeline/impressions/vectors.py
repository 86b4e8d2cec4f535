"""Embeddings for entities' impressions, so recall can rank them by similarity (issue 6).

The impression pipeline writes impressions without vectors (it has no embedder and must stay
cheap); the extraction job then calls :func:`embed_missing_impressions`, which embeds every
impression of the user that has none yet. The step is idempotent and self-healing: a crash
between the pipeline and this step, impressions added by curation, and impressions stored before
this step existed are all embedded by the user's next extraction job.
"""

from __future__ import annotations

from graphsvc.embed.base import Embedder
from graphsvc.graph import impressions
from graphsvc.graph.database import Database
from graphsvc.graph.impressions import ImpressionEmbedding

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
        texts = await impressions.without_embedding(db, user_id=user_id, limit=EMBED_BATCH)
        if not texts:
            return embedded
        vectors = await embedder.embed_passages([t.content for t in texts], background=True)
        pairs = zip(texts, vectors, strict=True)
        embeddings = [ImpressionEmbedding(uid=t.uid, embedding=v.tolist()) for t, v in pairs]
        embedded += await impressions.set_embeddings(db, user_id=user_id, embeddings=embeddings)
        if len(texts) < EMBED_BATCH:
            return embedded
