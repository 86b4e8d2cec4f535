"""Adaptive admission without a server: the AIMD limit's arithmetic, the moving percentile of service time,
and :class:`Admission` shedding what could not finish before its deadline, driven by a clock the test moves."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from graphsvc.api.concurrency_limit import Admission, AimdLimit, ServiceTime
from graphsvc.api.request_body import RequestKind, inspect_graphql, inspect_mcp

TARGETS_S: dict[RequestKind, float] = {"recall": 0.5, "write": 2.0, "other": 1.0}


class Clock:
    """A monotonic clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_slow_request_multiplies_the_limit_by_the_backoff_once_per_round() -> None:
    limit = AimdLimit(floor=2, ceiling=10, target_s=0.5, backoff=0.9)
    assert limit.slots == 10  # it starts at the ceiling
    limit.on_sample(admitted_at=0.0, now=1.0, service_s=0.6, inflight=10)
    assert limit.limit == pytest.approx(9.0) and limit.slots == 9
    # admitted before that decrease: it ran under the old limit and is not counted again
    limit.on_sample(admitted_at=0.5, now=1.1, service_s=0.7, inflight=9)
    assert limit.limit == pytest.approx(9.0)
    # admitted after it: a second decrease
    limit.on_sample(admitted_at=1.0, now=1.6, service_s=0.6, inflight=9)
    assert limit.limit == pytest.approx(8.1) and limit.slots == 8


def test_the_target_itself_is_success_just_above_is_congestion() -> None:
    limit = AimdLimit(floor=1, ceiling=4, target_s=0.5)
    limit.limit = 2.0
    limit.on_sample(admitted_at=0.0, now=0.5, service_s=0.5, inflight=1)  # at the target: 1 × 2 ≥ 2, grows
    assert limit.limit == pytest.approx(2.5)
    limit.on_sample(admitted_at=1.0, now=1.5, service_s=0.5001, inflight=1)
    assert limit.limit == pytest.approx(2.25)


def test_a_missed_deadline_is_congestion_whatever_the_time() -> None:
    limit = AimdLimit(floor=1, ceiling=8, target_s=5.0)
    limit.on_sample(admitted_at=0.0, now=0.1, service_s=0.1, inflight=8, missed_deadline=True)
    assert limit.limit == pytest.approx(7.2)


def test_the_limit_grows_by_one_per_limits_worth_of_successes_and_stops_at_the_ceiling() -> None:
    limit = AimdLimit(floor=2, ceiling=5, target_s=0.5)
    limit.limit = 2.0
    for _ in range(2):  # +1/L per success: 2 → 2.5 → 2.9
        limit.on_sample(admitted_at=0.0, now=0.1, service_s=0.1, inflight=2)
    assert limit.limit == pytest.approx(2.9) and limit.slots == 2
    limit.on_sample(admitted_at=0.0, now=0.1, service_s=0.1, inflight=2)
    assert limit.limit == pytest.approx(2.9 + 1 / 2.9) and limit.slots == 3
    for _ in range(200):
        limit.on_sample(admitted_at=0.0, now=0.1, service_s=0.1, inflight=5)
    assert limit.limit == 5.0 and limit.slots == 5


def test_the_limit_does_not_grow_while_it_is_not_in_use() -> None:
    limit = AimdLimit(floor=1, ceiling=8, target_s=0.5)
    limit.limit = 4.0
    limit.on_sample(admitted_at=0.0, now=0.1, service_s=0.1, inflight=1)  # 1 × 2 < 4: light load
    assert limit.limit == 4.0
    limit.on_sample(admitted_at=0.0, now=0.1, service_s=0.1, inflight=2)  # 2 × 2 ≥ 4
    assert limit.limit == pytest.approx(4.25)


def test_the_floor_holds_however_slow() -> None:
    limit = AimdLimit(floor=3, ceiling=8, target_s=0.1)
    for round_ in range(50):
        limit.on_sample(admitted_at=float(round_), now=float(round_) + 0.5, service_s=9.0, inflight=3)
    assert limit.limit == 3.0 and limit.slots == 3


def test_limits_that_cannot_hold_are_refused() -> None:
    for bad in ({"floor": 0, "ceiling": 4}, {"floor": 5, "ceiling": 4}):
        with pytest.raises(ValueError, match="floor"):
            AimdLimit(**bad, target_s=1.0)
    with pytest.raises(ValueError, match="backoff"):
        AimdLimit(floor=1, ceiling=2, target_s=1.0, backoff=1.0)


def test_expected_service_time_is_the_nearest_rank_percentile_of_the_window() -> None:
    service = ServiceTime(window=10, quantile=0.9)
    assert service.expected_s(0.0) == 0.0  # nothing measured: nothing is shed
    for ms in range(1, 11):  # 0.1 .. 1.0 s
        service.add(ms / 10, at=1.0)
    assert service.expected_s(1.0) == pytest.approx(0.9)  # rank ceil(0.9 × 10) = 9
    for _ in range(10):  # the old samples leave the window
        service.add(0.05, at=2.0)
    assert service.expected_s(2.0) == pytest.approx(0.05)


def test_a_slow_spell_is_forgotten_once_its_samples_age_out() -> None:
    service = ServiceTime(window=64, quantile=0.9, max_age_s=30.0)
    for _ in range(20):
        service.add(10.0, at=100.0)  # a stop-the-world pause: every recall took 10 s
    service.add(0.05, at=125.0)
    assert service.expected_s(129.0) == 10.0  # still within 30 s of the spell
    assert service.expected_s(131.0) == pytest.approx(0.05)  # only the recent, quick one counts
    assert service.expected_s(156.0) == 0.0  # nothing recent: nothing is shed


def admission(clock: Clock, *, floor: int = 1, ceiling: int = 4, queued: int = 8, wait_s: float = 5.0) -> Admission:
    return Admission(floor=floor, ceiling=ceiling, targets_s=TARGETS_S, queued=queued, wait_s=wait_s, clock=clock)


async def test_a_request_with_less_time_left_than_its_kind_takes_is_shed_at_once() -> None:
    clock = Clock()
    gate = admission(clock)
    gate.observe("recall", admitted_at=clock.now - 2.0, service_s=2.0)
    assert gate.expected_s("recall") == 2.0
    # nothing of the kind executing: run anyway, a probe of whether recalls are still that slow
    assert await gate.enter("a", "recall", deadline_at=clock.now + 1.0) is None
    assert await gate.enter("a", "recall", deadline_at=clock.now + 1.99) == "would_miss_deadline"
    assert gate.executing("recall") == 1
    assert await gate.enter("a", "write", deadline_at=clock.now + 1.99) is None  # another kind: nothing measured
    assert await gate.enter("a", "recall", deadline_at=clock.now + 2.0) is None  # just enough left
    assert gate.executing("recall") == 2


async def test_a_waiting_request_whose_time_ran_out_is_refused_when_its_turn_comes() -> None:
    clock = Clock()
    gate = admission(clock, floor=2, ceiling=2)
    gate.observe("recall", admitted_at=clock.now - 1.0, service_s=1.0)
    assert await gate.enter("a", "recall", deadline_at=clock.now + 10) is None
    assert await gate.enter("c", "recall", deadline_at=clock.now + 10) is None
    waiting = asyncio.ensure_future(gate.enter("b", "recall", deadline_at=clock.now + 3))
    await asyncio.sleep(0)
    assert gate.waiting == 1
    clock.now += 2.5  # b has 0.5 s left, a recall takes 1 s
    gate.leave("a", "recall")
    assert await asyncio.wait_for(waiting, timeout=1) == "would_miss_deadline"
    assert gate.executing("recall") == 1 and gate.waiting == 0


async def test_a_waiting_request_stops_waiting_once_it_could_no_longer_finish() -> None:
    gate = Admission(floor=1, ceiling=1, targets_s=TARGETS_S, queued=4, wait_s=30.0)  # the real clock
    gate.observe("recall", admitted_at=time.monotonic(), service_s=0.2)
    assert await gate.enter("a", "recall") is None  # holds the only slot
    began = time.monotonic()
    refused = await asyncio.wait_for(gate.enter("b", "recall", deadline_at=began + 0.3), timeout=10)
    assert refused == "would_miss_deadline" and time.monotonic() - began < 10  # not the 30 s queue wait


async def test_a_kind_shed_after_a_slow_start_recovers_through_probes() -> None:
    """A cold start that ran into its deadline makes every recall look too slow; a recall run while nothing
    else of its kind runs measures again, and the quick ones bring the expected time back down."""
    clock = Clock()
    gate = admission(clock)
    gate.observe("recall", admitted_at=clock.now - 10.0, service_s=10.0, missed_deadline=True)
    for _ in range(9):  # nine quick ones make the slow one the slowest tenth
        assert await gate.enter("a", "recall", deadline_at=clock.now + 10.0) is None  # alone: a probe
        assert await gate.enter("b", "recall", deadline_at=clock.now + 9.0) == "would_miss_deadline"
        admitted_at = clock.now
        clock.now += 0.1
        gate.leave("a", "recall", admitted_at=admitted_at)
    assert gate.expected_s("recall") == pytest.approx(0.1)
    assert await gate.enter("a", "recall", deadline_at=clock.now + 1.0) is None
    assert await gate.enter("b", "recall", deadline_at=clock.now + 1.0) is None


async def test_each_kind_has_its_own_slots() -> None:
    clock = Clock()
    gate = admission(clock, floor=1, ceiling=1, wait_s=0.05)
    assert await gate.enter("a", "recall") is None
    assert await gate.enter("a", "write") is None  # a busy recall slot holds no write back
    assert await gate.enter("a", "recall") == "queue_timeout"


async def test_slow_requests_shrink_their_kinds_limit_and_fast_ones_grow_it_back() -> None:
    clock = Clock()
    gate = admission(clock, floor=1, ceiling=4)
    for _ in range(4):  # one at a time, each slower than the 0.5 s target
        assert await gate.enter("a", "recall") is None
        admitted_at = clock.now
        clock.now += 0.8
        gate.leave("a", "recall", admitted_at=admitted_at)
    assert gate.limit("recall") == 2  # 4 × 0.9⁴ = 2.62
    assert gate.limit("write") == 4
    for _ in range(10):  # two at a time, quick: the limit is in use and grows
        assert await gate.enter("a", "recall") is None and await gate.enter("b", "recall") is None
        admitted_at = clock.now
        clock.now += 0.1
        gate.leave("a", "recall", admitted_at=admitted_at)
        gate.leave("b", "recall", admitted_at=admitted_at)
    assert gate.limit("recall") == 4


def test_requests_are_sorted_into_kinds() -> None:
    def graphql(query: str) -> RequestKind:
        body = json.dumps({"query": query}).encode()
        scope = {"type": "http", "headers": [(b"content-type", b"application/json")]}
        known = frozenset({"recall", "memoryContext", "memories", "ingestMessages"})
        return inspect_graphql(scope, body, max_depth=64, known_fields=known, max_tokens=2_000).kind

    assert graphql('{ recall(userId: "u", query: "q") { id } }') == "recall"
    assert graphql('{ memoryContext(userId: "u") { text } }') == "recall"
    assert graphql('{ memories(userId: "u") { id } }') == "other"
    assert graphql('mutation { ingestMessages(input: {userId: "u"}) { stored } }') == "write"

    def mcp(payload: object) -> RequestKind:
        tools = frozenset({"recall", "list_memories", "add_messages"})
        read_only = frozenset({"recall", "list_memories"})
        body = json.dumps(payload).encode()
        return inspect_mcp({}, body, max_depth=64, tools=tools, read_only_tools=read_only).kind

    def call(tool: str) -> dict[str, object]:
        return {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": {}}}

    assert mcp(call("recall")) == "recall"
    assert mcp(call("add_messages")) == "write"
    assert mcp(call("list_memories")) == "other"
    assert mcp({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}) == "other"
