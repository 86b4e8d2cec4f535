"""Marks tests by folder: tests/unit (no services) and tests/integration (real local Neo4j)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.fakes.openai_server import FakeOpenAI

REPO = Path(__file__).resolve().parents[1]
BENCH_DATA = REPO.parent / "shared" / "bench" / "data"

# Property-based tests (Hypothesis) against the real Neo4j: each example builds a user across every layer, so a run
# is bounded by its number of examples, not a deadline. ``ci`` is what scripts/test runs; pass
# ``--hypothesis-profile=thorough`` for a longer search. No example database is kept (a failing example prints
# its reproduction blob instead).
settings.register_profile(
    "ci",
    max_examples=3,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("thorough", settings.get_profile("ci"), max_examples=40)
settings.load_profile("ci")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        parts = Path(str(item.fspath)).parts
        if "integration" in parts:
            item.add_marker(pytest.mark.integration)
        elif "unit" in parts:
            item.add_marker(pytest.mark.unit)


@pytest.fixture(scope="session")
def fake_openai() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


@pytest.fixture
def llm_server(fake_openai: FakeOpenAI) -> Iterator[FakeOpenAI]:
    """The shared fake endpoint with an empty script and request log for this test."""
    fake_openai.script.clear()
    fake_openai.requests.clear()
    fake_openai.default = None
    fake_openai.schema_defaults.clear()
    fake_openai.accept_key = None
    fake_openai.down = False
    fake_openai.models_status = 0
    fake_openai.refused_modes = set()
    fake_openai.rerank_status = 0
    yield fake_openai
    fake_openai.refused_modes = set()
    fake_openai.script.clear()
    fake_openai.default = None
    fake_openai.schema_defaults.clear()
