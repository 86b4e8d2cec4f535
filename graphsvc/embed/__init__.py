"""Embedders: the local default and OpenAI-compatible endpoints."""

from __future__ import annotations

from graphsvc.config import Settings
from graphsvc.embed.base import Embedder

REMOTE_CONCURRENCY = 4
"""Requests in flight to an OpenAI-compatible embeddings endpoint when ``EMBEDDING_CONCURRENCY`` is unset."""


def build_embedder(settings: Settings) -> Embedder:
    """The embedder the settings ask for (``EMBEDDER=local|openai``), behind the fair, bounded queue of
    :mod:`graphsvc.embed.fair`, its inputs cut to what the model reads."""
    from graphsvc.embed.fair import FairEmbedder

    model = _model(settings)
    return FairEmbedder(
        model,
        per_user=settings.embedding.queue_per_user,
        total=settings.embedding.queue_total,
        concurrency=model.concurrency,
    )


def _model(settings: Settings) -> Embedder:
    if settings.embedding.kind == "openai":
        from openai import AsyncOpenAI

        from graphsvc.embed.remote import OpenAIEmbedder

        key = settings.embedding.api_key.get_secret_value() if settings.embedding.api_key else "none"
        client = AsyncOpenAI(base_url=settings.embedding.base_url, api_key=key, timeout=settings.llm.timeout_s)
        return OpenAIEmbedder(
            client=client,
            model=settings.embedding.model,
            dimensions=settings.embedding.dimensions,
            batch_size=settings.embedding.batch_size,
            max_chars=settings.embedding.window_tokens * settings.embedding.max_windows * 4,
            concurrency=settings.embedding.concurrency or REMOTE_CONCURRENCY,
        )
    from graphsvc.embed.local import LocalEmbedder

    return LocalEmbedder(
        batch_size=settings.embedding.batch_size,
        window_tokens=settings.embedding.window_tokens,
        max_windows=settings.embedding.max_windows,
        engines=settings.embedding.concurrency,
    )
