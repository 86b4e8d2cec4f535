"""Embedders: the local default and OpenAI-compatible endpoints."""

from __future__ import annotations

from graphsvc.config import Settings
from graphsvc.embed.base import Embedder


def build_embedder(settings: Settings) -> Embedder:
    """The embedder the settings ask for (``EMBEDDER=local|openai``), behind the fair, bounded queue of
    :mod:`graphsvc.embed.fair`, its inputs cut to what the model reads."""
    from graphsvc.embed.fair import FairEmbedder

    return FairEmbedder(
        _model(settings), per_user=settings.embedding_queue_per_user, total=settings.embedding_queue_total
    )


def _model(settings: Settings) -> Embedder:
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
            max_chars=settings.embedding_window_tokens * settings.embedding_max_windows * 4,
        )
    from graphsvc.embed.local import LocalEmbedder

    return LocalEmbedder(
        batch_size=settings.embedding_batch_size,
        window_tokens=settings.embedding_window_tokens,
        max_windows=settings.embedding_max_windows,
    )
