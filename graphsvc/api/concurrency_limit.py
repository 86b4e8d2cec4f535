"""Adaptive concurrency: how many requests of one kind may execute at once, learned from their measured
latency, and how long one of them is expected to take.

No maintained Python library does this for an ASGI server (the PyPI candidates are single releases tied to
Kafka or to client-side batching), so the two small pieces live here, pure arithmetic with the time passed in:

- :class:`AimdLimit`, additive increase / multiplicative decrease of the limit on in-flight requests, as in
  Netflix's concurrency-limits ``AIMDLimit`` (github.com/Netflix/concurrency-limits) and TCP congestion
  control (RFC 5681 §3.1: congestion avoidance grows the window by about one segment per round trip, a loss
  halves it). The latency target plays the part of the loss signal;
- :class:`ServiceTime`, a moving percentile of measured service time, which admission compares with the time
  a waiting request has left before its deadline.

Both are driven by :class:`graphsvc.api.admission.Admission`; neither sleeps nor reads a clock.
"""

from __future__ import annotations

import math
from collections import deque


class AimdLimit:
    """The limit on requests of one kind executing at once, moved by each finished request.

    Per finished request, with ``L`` the current limit (a float; :attr:`slots` is what admission uses):

    - **congestion**, when it missed its deadline or its service time was over ``target_s``:
      ``L ← max(floor, L × backoff)``, at most once per round: a request admitted before the last decrease
      ran under the old, larger limit and says nothing about the new one (TCP reacts once per window of
      losses, RFC 5681 §3.1; Netflix's limiters decrease on every sample, which with many requests finishing
      slow at once collapses the limit to its floor in one go);
    - **success**, under the target, while the limit was in use (``inflight × 2 ≥ L``, Netflix's guard
      against growing while the load is light): ``L ← min(ceiling, L + 1/L)``: about one slot more per
      limit's worth of successes, TCP congestion avoidance's ``cwnd += 1/cwnd`` per acknowledgement.

    Args:
        floor: fewest slots, ≥ 1 (the limit never goes below, however slow requests are).
        ceiling: most slots, ≥ ``floor``; also where the limit starts.
        target_s: service time (seconds, admission wait excluded) above which a request counts as congestion.
        backoff: factor of a decrease, in (0, 1); Netflix's default is 0.9.

    Raises:
        ValueError: a floor under 1, a ceiling under the floor, a target ≤ 0 or a backoff outside (0, 1).
    """

    def __init__(self, *, floor: int, ceiling: int, target_s: float, backoff: float = 0.9) -> None:
        if floor < 1 or ceiling < floor:
            raise ValueError(f"need 1 ≤ floor ≤ ceiling, got floor {floor}, ceiling {ceiling}")
        if target_s <= 0 or not 0 < backoff < 1:
            raise ValueError(f"need target_s > 0 and 0 < backoff < 1, got {target_s}, {backoff}")
        self.floor = floor
        self.ceiling = ceiling
        self.target_s = target_s
        self.backoff = backoff
        self.limit = float(ceiling)
        self._decreased_at = -math.inf

    @property
    def slots(self) -> int:
        """Requests that may execute at once now: the limit rounded down, within ``[floor, ceiling]``."""
        return max(self.floor, min(self.ceiling, math.floor(self.limit + 1e-9)))

    def on_sample(
        self, *, admitted_at: float, now: float, service_s: float, inflight: int, missed_deadline: bool = False
    ) -> None:
        """Move the limit for one finished request.

        Args:
            admitted_at: when it began executing (the same clock as ``now``, seconds).
            now: when it finished.
            service_s: how long it executed, seconds.
            inflight: requests of this kind executing when it finished, itself included.
            missed_deadline: it was stopped at its deadline (always congestion).
        """
        if missed_deadline or service_s > self.target_s:
            if admitted_at >= self._decreased_at:
                self.limit = max(float(self.floor), self.limit * self.backoff)
                self._decreased_at = now
            return
        if inflight * 2 >= self.limit:
            self.limit = min(float(self.ceiling), self.limit + 1.0 / self.limit)


class ServiceTime:
    """A moving percentile of measured service time: the ``quantile`` of the last ``window`` samples.

    Args:
        window: samples kept (the oldest is dropped first), ≥ 1.
        quantile: in (0, 1]; 0.9 means nine of ten recent requests took at most :attr:`expected_s`.
    """

    def __init__(self, *, window: int = 64, quantile: float = 0.9) -> None:
        if window < 1 or not 0 < quantile <= 1:
            raise ValueError(f"need window ≥ 1 and 0 < quantile ≤ 1, got {window}, {quantile}")
        self.quantile = quantile
        self._samples: deque[float] = deque(maxlen=window)

    def add(self, service_s: float) -> None:
        """Record one request's service time (seconds, ≥ 0)."""
        self._samples.append(max(0.0, service_s))

    @property
    def expected_s(self) -> float:
        """The nearest-rank percentile of the samples kept (seconds); 0.0 before the first sample, so
        nothing is turned away for its deadline before something has been measured."""
        if not self._samples:
            return 0.0
        ordered = sorted(self._samples)
        return ordered[max(0, math.ceil(self.quantile * len(ordered)) - 1)]
