"""The embedder contract shared by the local model and OpenAI-compatible endpoints."""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Turns texts into L2-normalised vectors.

    ``embed_passages`` is for stored texts, ``embed_queries`` for search queries
    (e5 models need different prefixes for the two).
    """

    dimensions: int
    concurrency: int
    """Foreground calls it runs at once (callers queue for a place in :class:`graphsvc.embed.fair.FairEmbedder`)."""

    async def embed_passages(self, texts: list[str], *, background: bool = False) -> Vectors:
        """Returns ``(len(texts), dimensions)`` float32, L2-normalised; ``(0, dimensions)`` for no texts.

        ``background=True`` marks work that may wait (jobs: vectors of ingested events, extraction): it
        never takes a place foreground calls (ingest, recall) wait for, and an in-process model runs it at a
        lower OS priority.
        """
        ...

    async def embed_queries(self, texts: list[str]) -> Vectors:
        """Returns ``(len(texts), dimensions)`` float32, L2-normalised."""
        ...

    async def aclose(self) -> None:
        """Release connections (no-op for in-process models)."""
        ...


def normalise_rows(vectors: npt.ArrayLike) -> Vectors:
    """L2-normalise each row; zero rows stay zero. Shape ``(n, d)`` float32."""
    arr = np.asarray(vectors, dtype=np.float32)
    if arr.ndim == 1:
        arr = arr[None, :]
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    out: Vectors = (arr / norms).astype(np.float32)
    return out


def rescale_similarity(cosine: float, *, floor: float) -> float:
    """``(cosine - floor) / (1 - floor)`` clipped to [0, 1] and rounded to 6 decimals.

    The embedder's range is mapped onto [0, 1]; rounding keeps float32 noise (0.85000002)
    from deciding a comparison at the threshold.
    """
    return round(float(min(1.0, max(0.0, (cosine - floor) / (1.0 - floor)))), 6)
