"""Where the rate limits count (``RATE_LIMIT_STORAGE_URI``): per process in memory, or a shared Redis; a Redis
that does not answer stops start-up with one line, and later makes each process count in its own memory.

A real shared Redis (two ``graphsvc serve`` processes, one budget) is in tests/integration/test_scale_out.py.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from prometheus_client import REGISTRY

from graphsvc.api.rate_limits import LimitStore, RateLimit
from graphsvc.config import Settings, redacted_uri
from graphsvc.errors import ConfigurationError

# Port 1 on loopback: nothing listens there, so a connection is refused at once.
NO_REDIS = "redis://:s3cret-pass@127.0.0.1:1/0"


def _fallbacks() -> float:
    return REGISTRY.get_sample_value("graphsvc_rate_limit_fallback_total") or 0.0


def test_the_default_counts_in_this_process() -> None:
    settings = Settings(environment="test")
    assert settings.limits.rate_limit_storage_uri == "memory://"
    assert not LimitStore(settings.limits.rate_limit_storage_uri).is_shared


@pytest.mark.parametrize(
    "uri", ["redis://cache:6379/0", "rediss://:pw@cache.example.org:6380/1", "redis+unix:///run/redis.sock", "memory://"]
)
def test_redis_and_memory_uris_are_accepted(uri: str) -> None:
    settings = Settings(environment="test", rate_limit_storage_uri=uri)
    assert settings.limits.rate_limit_storage_uri == uri
    assert LimitStore(uri).is_shared is (uri != "memory://")


@pytest.mark.parametrize("uri", ["memcached://cache:11211", "cache:6379", "mongodb://:pw@db/x", "redis//cache"])
def test_other_storages_are_refused_with_the_fix(uri: str) -> None:
    with pytest.raises(ConfigurationError, match="RATE_LIMIT_STORAGE_URI") as refused:
        Settings(environment="test", rate_limit_storage_uri=uri)
    assert refused.value.suggestion and "redis://" in refused.value.suggestion
    assert "pw@" not in str(refused.value)


def test_passwords_are_hidden_in_what_is_shown() -> None:
    assert redacted_uri("redis://:s3cret@cache:6379/0") == "redis://:***@cache:6379/0"
    assert redacted_uri("rediss://app:s3cret@cache:6380") == "rediss://app:***@cache:6380"
    assert redacted_uri("redis://app@cache:6379") == "redis://app@cache:6379"
    assert redacted_uri("redis://cache:6379/0") == "redis://cache:6379/0"


async def test_an_unreachable_redis_is_refused_at_start_up_naming_it_without_its_password() -> None:
    store = LimitStore(NO_REDIS)
    try:
        with pytest.raises(ConfigurationError) as refused:
            await store.require()
    finally:
        await store.close()
    message = str(refused.value)
    assert "RATE_LIMIT_STORAGE_URI" in message and "127.0.0.1:1/0" in message
    assert "s3cret-pass" not in message
    assert refused.value.suggestion and "memory://" in refused.value.suggestion


async def test_memory_needs_nothing_at_start_up() -> None:
    store = LimitStore("memory://")
    await store.require()
    await store.close()


def test_serve_stops_with_one_line_when_the_redis_does_not_answer() -> None:
    env = {**os.environ, "RATE_LIMIT_STORAGE_URI": NO_REDIS, "ENVIRONMENT": "test", "AUTH_MODE": "none"}
    graphsvc = Path(sys.executable).parent / "graphsvc"
    result = subprocess.run(
        [str(graphsvc), "serve", "--host", "127.0.0.1", "--port", "0"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: RATE_LIMIT_STORAGE_URI names redis://:***@127.0.0.1:1/0"), lines[0]
    assert "-- fix: start that Redis" in lines[0] and "s3cret-pass" not in result.stderr + result.stdout


async def test_a_redis_that_stops_answering_leaves_each_process_its_own_count(
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = LimitStore(NO_REDIS)
    limit = RateLimit("3/minute", store=store, name="requests")
    fallbacks_before = _fallbacks()
    try:
        with caplog.at_level(logging.WARNING, logger="graphsvc.api.rate_limits"):
            waits = [await limit.retry_after_s("ana") for _ in range(4)]
    finally:
        await store.close()
    assert waits[:3] == [None, None, None]
    assert waits[3] is not None and 1 <= waits[3] <= 60  # the 4th request is over the budget, counted in memory
    assert store.degraded
    warnings = [r for r in caplog.records if "does not answer" in r.getMessage()]
    assert len(warnings) == 1 and "s3cret-pass" not in warnings[0].getMessage()  # once per outage
    assert _fallbacks() == fallbacks_before + 1  # Redis not retried on every request


async def test_two_budgets_of_the_same_rate_count_apart() -> None:
    store = LimitStore("memory://")
    requests = RateLimit("2/minute", store=store, name="requests")
    failures = RateLimit("2/minute", store=store, name="auth_failures")
    assert [await requests.retry_after_s("addr:127.0.0.1") for _ in range(2)] == [None, None]
    assert await failures.spent_s("addr:127.0.0.1") is None
    assert await requests.spent_s("addr:127.0.0.1") is not None
