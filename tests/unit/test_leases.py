"""graphsvc.graph.leases.hold: work runs while its lease is renewed, and stops when the lease cannot be kept."""

from __future__ import annotations

import asyncio

import pytest

from graphsvc.graph.leases import CancelRequestedError, LeaseLostError, RenewOutcome, hold, process_owner


class Renewals:
    """A scripted renewal: answers in order, then the last answer forever; counts calls."""

    def __init__(self, *answers: RenewOutcome | Exception) -> None:
        self.answers = list(answers)
        self.calls = 0

    async def __call__(self) -> RenewOutcome:
        self.calls += 1
        answer = self.answers[min(self.calls - 1, len(self.answers) - 1)]
        if isinstance(answer, Exception):
            raise answer
        return answer


async def test_work_that_outlives_several_renewals_finishes() -> None:
    renew = Renewals("held")
    result = await hold(asyncio.sleep(0.35, result="done"), renew=renew, ttl_s=0.3)
    assert result == "done"
    assert renew.calls >= 2  # renewed every ttl/3 = 0.1 s


async def test_short_work_needs_no_renewal() -> None:
    renew = Renewals("held")
    assert await hold(asyncio.sleep(0, result=7), renew=renew, ttl_s=10) == 7
    assert renew.calls == 0


async def test_a_lost_lease_cancels_the_work() -> None:
    cancelled = asyncio.Event()

    async def work() -> None:
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    with pytest.raises(LeaseLostError):
        await hold(work(), renew=Renewals("held", "lost"), ttl_s=0.3)
    assert cancelled.is_set()


async def test_a_cancel_request_cancels_the_work() -> None:
    with pytest.raises(CancelRequestedError):
        await hold(asyncio.sleep(10), renew=Renewals("cancel"), ttl_s=0.3)


async def test_failing_renewals_give_up_before_the_lease_would_expire() -> None:
    # The database is away: no renewal succeeds, so the work must stop before ttl (another process may take
    # over after it), i.e. at ttl - margin after the start.
    renew = Renewals(ConnectionError("neo4j down"))
    loop = asyncio.get_running_loop()
    started = loop.time()
    with pytest.raises(LeaseLostError):
        await hold(asyncio.sleep(10), renew=renew, ttl_s=0.6, margin_s=0.1)
    elapsed = loop.time() - started
    assert 0.45 <= elapsed < 0.6
    assert renew.calls >= 1


async def test_one_failed_renewal_is_survived_when_the_next_succeeds() -> None:
    renew = Renewals(ConnectionError("blip"), "held")
    # seconds, not tenths: on a loaded 2-core machine the event loop can be late by a few hundred ms
    assert await hold(asyncio.sleep(2.5, result="ok"), renew=renew, ttl_s=2.0, margin_s=0.2) == "ok"


async def test_errors_of_the_work_propagate() -> None:
    async def work() -> None:
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        await hold(work(), renew=Renewals("held"), ttl_s=1)


def test_process_owner_names_this_process_uniquely() -> None:
    import os

    a, b = process_owner(), process_owner()
    assert a != b and f":{os.getpid()}:" in a
