"""Adaptive concurrency: how many requests of one kind may execute at once, learned from their measured
latency, how long one of them is expected to take, and the execution slots handed out by both
(:class:`Admission`, used by :class:`graphsvc.api.admission.RequestGuard`).

No maintained Python library does this for an ASGI server (the PyPI candidates are single releases tied to
Kafka or to client-side batching), so the two small pieces live here, pure arithmetic with the time passed in:

- :class:`AimdLimit`, additive increase / multiplicative decrease of the limit on in-flight requests, as in
  Netflix's concurrency-limits ``AIMDLimit`` (github.com/Netflix/concurrency-limits) and TCP congestion
  control (RFC 5681 §3.1: congestion avoidance grows the window by about one segment per round trip, a loss
  halves it). The latency target plays the part of the loss signal;
- :class:`ServiceTime`, a moving percentile of measured service time, which admission compares with the time
  a waiting request has left before its deadline.

Both are pure arithmetic, driven by :class:`Admission`, which reads its clock (injectable, for tests).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from graphsvc import metrics
from graphsvc.api.refusals import Stage
from graphsvc.api.request_body import RequestKind
from graphsvc.config import Settings

KINDS: tuple[RequestKind, ...] = ("recall", "write", "other")
ADMISSION_STAGES: tuple[Stage, ...] = ("would_miss_deadline", "caller_share", "queue_full", "queue_timeout")


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
    """A moving percentile of measured service time: the ``quantile`` of the last ``window`` samples taken in the
    last ``max_age_s`` seconds.

    Samples age out, so a slow spell (a stop-the-world pause of Neo4j, a burst of other work on the machine) is
    forgotten once it is over, even when few requests ran since: otherwise the kind would be shed on the strength
    of a past that no longer holds, and only the one-at-a-time probes could wash it out.

    Args:
        window: samples kept (the oldest is dropped first), ≥ 1.
        quantile: in (0, 1]; 0.9 means nine of ten recent requests took at most :meth:`expected_s`.
        max_age_s: seconds a sample counts for, > 0.
    """

    def __init__(self, *, window: int = 64, quantile: float = 0.9, max_age_s: float = 30.0) -> None:
        if window < 1 or not 0 < quantile <= 1 or max_age_s <= 0:
            raise ValueError(
                f"need window ≥ 1, 0 < quantile ≤ 1 and max_age_s > 0, got {window}, {quantile}, {max_age_s}"
            )
        self.quantile = quantile
        self.max_age_s = max_age_s
        self._samples: deque[tuple[float, float]] = deque(maxlen=window)

    def add(self, service_s: float, *, at: float) -> None:
        """Record one request's service time (seconds, ≥ 0), finished at ``at`` (the admission clock)."""
        self._samples.append((at, max(0.0, service_s)))

    def expected_s(self, now: float) -> float:
        """The nearest-rank percentile of the samples of the last ``max_age_s`` (seconds); 0.0 when there is
        none, so nothing is turned away for its deadline before something recent has been measured."""
        recent = sorted(s for at, s in self._samples if now - at <= self.max_age_s)
        if not recent:
            return 0.0
        return recent[max(0, math.ceil(self.quantile * len(recent)) - 1)]


class Admission:
    """Execution slots per kind of request (recall, write, other), each kind's number adapting to its measured
    service time (:class:`AimdLimit`); handed out first come, first served, except that a caller already at
    its share waits while other callers' requests pass it, and a request that could no longer finish within
    its deadline is turned away instead of run.

    A request of kind ``k`` with deadline ``d`` is refused at once (``would_miss_deadline``) when
    ``d - now < E_k``, ``E_k`` being the kind's expected service time (:class:`ServiceTime`, the 90th
    percentile of its last 64 requests of the last 30 s). A request that has to wait does so at most ``wait_s``
    and at most until ``d - E_k``; one whose turn comes after that is refused rather than started. Except when
    nothing of its kind is executing: then it is run whatever ``E_k`` says, as a probe, since only a request
    that runs can show that the kind has become quicker (a slow cold start would otherwise shed the kind for
    good).

    Args:
        floor: fewest slots per kind (``ADMISSION_MIN_INFLIGHT``; lowered to ``ceiling`` when above it).
        ceiling: most slots per kind, and where each kind starts (``MAX_INFLIGHT_REQUESTS``).
        targets_s: per kind, the service time (seconds) above which a request shrinks its kind's limit.
        queued: requests waiting at once, over all callers and kinds.
        wait_s: longest wait for a slot, seconds.
        per_caller: requests one caller may have executing, and waiting; None for no per-caller share.
        backoff: factor of a decrease of a kind's limit (:class:`AimdLimit`).
        clock: seconds, monotonic (:func:`time.monotonic`); tests pass their own.
    """

    def __init__(
        self,
        *,
        floor: int,
        ceiling: int,
        targets_s: Mapping[RequestKind, float],
        queued: int,
        wait_s: float,
        per_caller: int | None = None,
        backoff: float = 0.9,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clock = clock
        self._max_queued = queued
        self._wait_s = wait_s
        self._per_caller = per_caller
        self._limits = {
            kind: AimdLimit(floor=min(floor, ceiling), ceiling=ceiling, target_s=targets_s[kind], backoff=backoff)
            for kind in KINDS
        }
        self._service = {kind: ServiceTime() for kind in KINDS}
        self._executing = dict.fromkeys(KINDS, 0)
        self._running: dict[str, int] = {}
        self._waiters: list[_Waiter] = []
        for kind in KINDS:
            self._export(kind)
            for stage in ADMISSION_STAGES:
                metrics.ADMISSION_REFUSED.labels(kind, stage)  # every series from 0, before the first refusal

    @classmethod
    def from_settings(cls, settings: Settings, *, clock: Callable[[], float] = time.monotonic) -> Admission:
        """The admission ``settings.limits`` describe (the per-caller share only with authentication on)."""
        limits = settings.limits
        return cls(
            floor=limits.admission_min_inflight,
            ceiling=limits.max_inflight_requests,
            targets_s={
                "recall": limits.admission_recall_target_s,
                "write": limits.admission_write_target_s,
                "other": limits.admission_other_target_s,
            },
            queued=limits.max_queued_requests,
            wait_s=limits.max_queue_wait_s,
            per_caller=limits.max_inflight_per_caller if settings.auth.mode != "none" else None,
            backoff=limits.admission_backoff_ratio,
            clock=clock,
        )

    @property
    def waiting(self) -> int:
        """Requests waiting for a slot now."""
        return len(self._waiters)

    def running(self, caller: str) -> int:
        """Requests of ``caller`` executing now."""
        return self._running.get(caller, 0)

    def executing(self, kind: RequestKind) -> int:
        """Requests of ``kind`` executing now."""
        return self._executing[kind]

    def limit(self, kind: RequestKind) -> int:
        """Requests of ``kind`` that may execute at once now."""
        return self._limits[kind].slots

    def expected_s(self, kind: RequestKind) -> float:
        """Expected service time of a request of ``kind`` (seconds; 0.0 before any was measured)."""
        return self._service[kind].expected_s(self.clock())

    def observe(
        self, kind: RequestKind, *, admitted_at: float, service_s: float, missed_deadline: bool = False
    ) -> None:
        """Record one finished request of ``kind`` (what :meth:`leave` does with ``admitted_at``); tests use it
        to give a kind a measured past without running requests."""
        self._service[kind].add(service_s, at=self.clock())
        self._limits[kind].on_sample(
            admitted_at=admitted_at,
            now=self.clock(),
            service_s=service_s,
            inflight=self._executing[kind] + 1,
            missed_deadline=missed_deadline,
        )
        self._export(kind)
        self._dispatch()

    async def enter(
        self, caller: str, kind: RequestKind = "other", *, deadline_at: float | None = None
    ) -> Stage | None:
        """Take a slot of ``kind`` for ``caller``, whose request must be answered by ``deadline_at`` (on
        :attr:`clock`; None for no deadline). None when admitted, else why not (``would_miss_deadline``: less
        time is left than the kind's expected service time; ``caller_share``: the caller already has its share
        executing and waiting; ``queue_full``; ``queue_timeout``)."""
        slack_s = self._slack_s(kind, deadline_at)
        if slack_s < 0 and self._executing[kind] > 0:
            return self._shed(kind, "would_miss_deadline")
        if self._executing[kind] < self._limits[kind].slots and self._under_share(caller):
            self._take(caller, kind)
            return None
        if self._per_caller is not None and sum(w.caller == caller for w in self._waiters) >= self._per_caller:
            return self._shed(kind, "caller_share")
        if len(self._waiters) >= self._max_queued:
            return self._shed(kind, "queue_full")
        waiter = _Waiter(caller, kind, deadline_at, asyncio.get_running_loop().create_future())
        self._waiters.append(waiter)
        metrics.QUEUED.set(len(self._waiters))
        try:
            await asyncio.wait({waiter.future}, timeout=min(self._wait_s, max(slack_s, 0.0)))
        except asyncio.CancelledError:
            self._give_up(waiter)
            raise
        if waiter.future.done():
            return waiter.future.result()  # None: the slot was taken for this request by _dispatch
        self._give_up(waiter)
        stage: Stage = "queue_timeout" if self._slack_s(kind, deadline_at) >= 0 else "would_miss_deadline"
        return self._shed(kind, stage)

    def leave(
        self,
        caller: str,
        kind: RequestKind = "other",
        *,
        admitted_at: float | None = None,
        missed_deadline: bool = False,
    ) -> None:
        """Give back the slot a request of ``caller`` held, and hand it on. With ``admitted_at`` (on
        :attr:`clock`) its service time is measured and moves the kind's limit and expected service time;
        without (a request whose client left, or that was never run) it is not counted."""
        self._executing[kind] -= 1
        left = self._running.get(caller, 1) - 1
        if left > 0:
            self._running[caller] = left
        else:
            self._running.pop(caller, None)
        if admitted_at is not None:
            self.observe(
                kind, admitted_at=admitted_at, service_s=self.clock() - admitted_at, missed_deadline=missed_deadline
            )
        else:
            self._export(kind)
            self._dispatch()

    def _slack_s(self, kind: RequestKind, deadline_at: float | None) -> float:
        """Time left before the deadline once the kind's expected service time is set aside (inf without one)."""
        if deadline_at is None:
            return math.inf
        return deadline_at - self.clock() - self.expected_s(kind)

    def _shed(self, kind: RequestKind, stage: Stage) -> Stage:
        metrics.ADMISSION_REFUSED.labels(kind, stage).inc()
        return stage

    def _under_share(self, caller: str) -> bool:
        return self._per_caller is None or self.running(caller) < self._per_caller

    def _take(self, caller: str, kind: RequestKind) -> None:
        self._executing[kind] += 1
        self._running[caller] = self.running(caller) + 1
        self._export(kind)

    def _export(self, kind: RequestKind) -> None:
        metrics.ADMISSION_LIMIT.labels(kind).set(self._limits[kind].slots)
        metrics.ADMISSION_INFLIGHT.labels(kind).set(self._executing[kind])
        metrics.ADMISSION_EXPECTED_SECONDS.labels(kind).set(self.expected_s(kind))

    def _give_up(self, waiter: _Waiter) -> None:
        """A waiter stops waiting (timeout, cancellation); a slot already handed to it is given back."""
        if waiter in self._waiters:
            self._waiters.remove(waiter)
            waiter.future.cancel()
        elif waiter.future.done() and not waiter.future.cancelled() and waiter.future.result() is None:
            self.leave(waiter.caller, waiter.kind)
        metrics.QUEUED.set(len(self._waiters))

    def _dispatch(self) -> None:
        """Hand free slots to the oldest waiters whose kind has room and whose caller is under its share;
        a waiter that could no longer finish before its deadline is refused instead."""
        position = 0
        while position < len(self._waiters):
            waiter = self._waiters[position]
            if self._executing[waiter.kind] >= self._limits[waiter.kind].slots or not self._under_share(waiter.caller):
                position += 1
                continue
            self._waiters.pop(position)
            if self._slack_s(waiter.kind, waiter.deadline_at) < 0 and self._executing[waiter.kind] > 0:
                waiter.future.set_result(self._shed(waiter.kind, "would_miss_deadline"))
                continue
            self._take(waiter.caller, waiter.kind)
            waiter.future.set_result(None)
        metrics.QUEUED.set(len(self._waiters))


@dataclass(eq=False)
class _Waiter:
    """A request waiting for a slot: whose, of which kind, answered by when, and the future that says how
    its wait ended (None: admitted; a stage: refused)."""

    caller: str
    kind: RequestKind
    deadline_at: float | None
    future: asyncio.Future[Stage | None]
