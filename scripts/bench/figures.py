"""Summary figures shared by the benchmark scripts."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt


def percentiles(values: Sequence[float] | npt.NDArray[np.floating], *, digits: int = 1) -> dict[str, float]:
    """``{"p50", "p95"}`` of ``values`` (any unit; the caller's), rounded to ``digits``."""
    array = np.asarray(values, dtype=np.float64)
    return {
        "p50": round(float(np.percentile(array, 50)), digits),
        "p95": round(float(np.percentile(array, 95)), digits),
    }
