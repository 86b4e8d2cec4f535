"""The fair, bounded embedding queue (graphsvc.embed.fair) and input fitting (graphsvc.embed.local.fit_tokens)."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from graphsvc.embed.base import Vectors
from graphsvc.embed.fair import BACKGROUND, PASSAGE, PASSAGE_SLICE, QUERY, FairEmbedder, FairGate
from graphsvc.embed.local import fit_tokens
from graphsvc.errors import OverloadedError
from graphsvc.logs import for_user


class SlowModel:
    """Records which user's texts it embedded, in order; each call takes ``delay_s``."""

    dimensions = 4
    concurrency = 1

    def __init__(self, delay_s: float = 0.01, gate: asyncio.Event | None = None) -> None:
        self.delay_s = delay_s
        self.gate = gate
        self.calls: list[tuple[str, int]] = []

    async def _embed(self, texts: list[str]) -> Vectors:
        if texts:
            self.calls.append((texts[0].split(":")[0], len(texts)))
            if self.gate is not None:
                await self.gate.wait()  # held until the test opens it: no timing on a loaded machine
            await asyncio.sleep(self.delay_s)
        return np.ones((len(texts), 4), dtype=np.float32)

    async def embed_passages(self, texts: list[str], *, background: bool = False) -> Vectors:
        return await self._embed(texts)

    async def embed_queries(self, texts: list[str]) -> Vectors:
        return await self._embed(texts)

    async def aclose(self) -> None:
        return None


async def as_user(user: str, coro: object) -> Vectors:
    with for_user(user):
        return await coro  # type: ignore[misc,no-any-return]


async def test_one_users_bulk_import_does_not_starve_another_users_recall() -> None:
    model = SlowModel()
    fair = FairEmbedder(model, per_user=1000, total=1000)
    bulk = asyncio.create_task(as_user("bulk", fair.embed_passages([f"bulk: {i}" for i in range(20 * PASSAGE_SLICE)])))
    await asyncio.sleep(0.03)  # the import is under way
    vectors = await as_user("chat", fair.embed_queries(["chat: where do I live?"]))
    assert vectors.shape == (1, 4)
    position = [u for u, _ in model.calls].index("chat")
    assert position <= 4  # served after the slice in progress (and at most a few more), not after 20 slices
    await bulk
    assert sum(n for u, n in model.calls if u == "bulk") == 20 * PASSAGE_SLICE


async def test_users_of_one_class_take_turns_round_robin() -> None:
    model = SlowModel()
    fair = FairEmbedder(model, per_user=1000, total=1000)
    a = asyncio.create_task(as_user("a", fair.embed_passages([f"a: {i}" for i in range(4 * PASSAGE_SLICE)])))
    await asyncio.sleep(0)
    b = asyncio.create_task(as_user("b", fair.embed_passages([f"b: {i}" for i in range(4 * PASSAGE_SLICE)])))
    await asyncio.gather(a, b)
    order = [u for u, _ in model.calls]
    assert order == ["a", "b", "a", "b", "a", "b", "a", "b"]


async def test_a_full_queue_is_refused_with_overloaded_and_frees_up_after() -> None:
    gate = asyncio.Event()
    fair = FairEmbedder(SlowModel(gate=gate), per_user=10, total=15)
    first = asyncio.create_task(as_user("u", fair.embed_passages([f"u: {i}" for i in range(10)])))
    await asyncio.sleep(0.01)
    with pytest.raises(OverloadedError) as refused:
        await as_user("u", fair.embed_passages(["u: one more"]))  # over this user's 10
    assert refused.value.retry_after_s > 0
    other = asyncio.create_task(as_user("v", fair.embed_passages([f"v: {i}" for i in range(5)])))
    await asyncio.sleep(0)  # another user still fits (15 in all)
    assert fair.queued() == 15
    with pytest.raises(OverloadedError):
        await as_user("w", fair.embed_passages(["w: 1"]))  # over 15 in all
    gate.set()
    await asyncio.gather(first, other)
    assert fair.queued() == 0
    assert (await as_user("u", fair.embed_passages([f"u: {i}" for i in range(10)]))).shape == (10, 4)


async def test_a_cancelled_call_gives_its_place_and_its_budget_back() -> None:
    fair = FairEmbedder(SlowModel(delay_s=0.05), per_user=8, total=8)
    call = asyncio.create_task(as_user("u", fair.embed_passages([f"u: {i}" for i in range(8)])))
    await asyncio.sleep(0.01)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert fair.queued() == 0 and fair.queued("u") == 0
    assert (await as_user("u", fair.embed_queries(["u: again"]))).shape == (1, 4)


async def test_background_work_waits_for_foreground_but_not_forever() -> None:
    gate = FairGate()
    order: list[str] = []
    await gate.acquire(user="x", klass=PASSAGE)

    async def take(name: str, klass: int) -> None:
        await gate.acquire(user=name, klass=klass)
        order.append(name)
        gate.release(user=name)

    job = asyncio.create_task(take("job", BACKGROUND))
    await asyncio.sleep(0)
    query = asyncio.create_task(take("query", QUERY))
    await asyncio.sleep(0)
    gate.release(user="x")
    await asyncio.gather(job, query)
    assert order == ["query", "job"]


def test_fit_tokens_keeps_short_texts_and_cuts_long_ones_to_the_budget() -> None:
    def count(text: str) -> int:  # one token per word, plus two specials
        return len(text.split()) + 2

    assert fit_tokens("a few words", 100, count) == "a few words"
    long = " ".join(f"w{i}" for i in range(10_000))
    cut = fit_tokens(long, 512, count)
    assert count(cut) <= 512 and count(cut + " w") > 512 - 1
    assert long.startswith(cut)
    huge = "x " * 1_000_000
    assert count(fit_tokens(huge, 512, count)) <= 512


async def test_embedder_latency_and_queue_are_measured() -> None:
    from prometheus_client import REGISTRY

    def count() -> float:
        return REGISTRY.get_sample_value("graphsvc_embedding_seconds_count", {"kind": "query"}) or 0.0

    before = count()
    fair = FairEmbedder(SlowModel(), per_user=10, total=10)
    await as_user("u", fair.embed_queries(["u: q"]))
    assert count() == before + 1
    assert REGISTRY.get_sample_value("graphsvc_embedding_queue_texts") == 0


async def test_a_gate_of_two_places_runs_two_calls_at_once_and_background_on_its_own() -> None:
    gate = asyncio.Event()
    model = SlowModel(gate=gate)
    fair = FairEmbedder(model, per_user=100, total=100, concurrency=2)
    first = asyncio.create_task(as_user("a", fair.embed_queries(["a: one"])))
    second = asyncio.create_task(as_user("b", fair.embed_queries(["b: two"])))
    job = asyncio.create_task(as_user("c", fair.embed_passages(["c: job"], background=True)))
    third = asyncio.create_task(as_user("d", fair.embed_queries(["d: three"])))
    for _ in range(5):
        await asyncio.sleep(0)
    assert [u for u, _ in model.calls] == ["a", "b", "c"]  # two places for queries, the job beside them
    gate.set()
    await asyncio.gather(first, second, job, third)
    assert sorted(u for u, _ in model.calls) == ["a", "b", "c", "d"]


async def test_with_two_places_one_user_holds_one_and_the_other_is_free_for_others() -> None:
    gate = asyncio.Event()
    model = SlowModel(gate=gate)
    fair = FairEmbedder(model, per_user=100, total=100, concurrency=2)
    heavy = [asyncio.create_task(as_user("heavy", fair.embed_queries([f"heavy: {n}"]))) for n in range(3)]
    for _ in range(5):
        await asyncio.sleep(0)
    assert [u for u, _ in model.calls] == ["heavy"]  # one place for the heavy user, however many calls it makes
    light = asyncio.create_task(as_user("light", fair.embed_queries(["light: where do I live?"])))
    for _ in range(5):
        await asyncio.sleep(0)
    assert [u for u, _ in model.calls] == ["heavy", "light"]  # the other place went to the other user at once
    gate.set()
    await asyncio.gather(*heavy, light)
    assert [u for u, _ in model.calls].count("heavy") == 3
