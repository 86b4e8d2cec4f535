"""Embeddings from any OpenAI-compatible ``/embeddings`` endpoint, batched."""

from __future__ import annotations

from openai import AsyncOpenAI

from graphsvc.embed.base import Vectors, normalise_rows


class OpenAIEmbedder:
    """Calls ``client.embeddings.create`` in batches of ``batch_size`` texts.

    Args:
        client: an ``AsyncOpenAI`` pointed at the endpoint.
        model: embedding model name.
        max_chars: longer texts are cut to this many characters before they are sent.
        dimensions: expected vector size; a mismatching answer raises ValueError.
        concurrency: requests in flight at once (the fair queue in front keeps to it).
    """

    def __init__(
        self,
        *,
        client: AsyncOpenAI,
        model: str,
        dimensions: int,
        batch_size: int = 64,
        max_chars: int = 32_000,
        concurrency: int = 4,
    ) -> None:
        self.concurrency = concurrency
        self._max_chars = max_chars
        self._client = client
        self._model = model
        self.dimensions = dimensions
        self._batch_size = batch_size

    async def _embed(self, texts: list[str]) -> Vectors:
        texts = [t[: self._max_chars] for t in texts]  # the endpoint's own token limit is unknown here
        rows: list[list[float]] = []
        for start in range(0, len(texts), self._batch_size):
            batch = texts[start : start + self._batch_size]
            response = await self._client.embeddings.create(model=self._model, input=batch)
            ordered = sorted(response.data, key=lambda item: item.index)
            rows.extend(item.embedding for item in ordered)
        vectors = normalise_rows(rows) if rows else normalise_rows([[0.0] * self.dimensions])[:0]
        if vectors.shape[1] != self.dimensions:
            raise ValueError(f"embedding endpoint returned {vectors.shape[1]} dimensions, expected {self.dimensions}")
        return vectors

    async def embed_passages(self, texts: list[str], *, background: bool = False) -> Vectors:
        return await self._embed(texts)

    async def embed_queries(self, texts: list[str]) -> Vectors:
        return await self._embed(texts)

    async def aclose(self) -> None:
        await self._client.close()
