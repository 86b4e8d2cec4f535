"""Embedders: the local default and OpenAI-compatible endpoints."""

from __future__ import annotations

from graphsvc.config import Settings
from graphsvc.embed.base import Embedder


def build_embedder(settings: Settings) -> Embedder:
    """The embedder the settings ask for (``EMBEDDER=local|openai``)."""
    if settings.embedder == "openai":
        from openai import AsyncOpenAI

        from graphsvc.embed.remote import OpenAIEmbedder

        key = settings.embedding_api_key.get_secret_value() if settings.embedding_api_key else "none"
        client = AsyncOpenAI(base_url=settings.embedding_base_url, api_key=key, timeout=settings.llm_timeout_s)
        return OpenAIEmbedder(
            client=client,
            model=settings.embedding_model,
            dimensions=settings.embedding_dimensions,
            batch_size=settings.embedding_batch_size,
        )
    from graphsvc.embed.local import LocalEmbedder

    return LocalEmbedder(batch_size=settings.embedding_batch_size)
