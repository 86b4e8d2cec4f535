"""What an operator sees of a failing LLM endpoint, through the real openai client against the fake endpoint:
errors name the model and the endpoint, a 4xx answer (but 429) is final, and the readiness check tells a refused
key from an endpoint that does not answer."""

from __future__ import annotations

import json
import socket
from collections.abc import AsyncIterator, Callable

import pytest
from openai.types.chat import ChatCompletionMessageParam

from graphsvc.config import Settings
from graphsvc.errors import LLMError
from graphsvc.llm.client import LLMClient, redact_url
from graphsvc.pipeline.extraction.contract import MemoryExtraction
from graphsvc.service.health import llm_check
from tests.fakes.openai_server import FakeOpenAI

MESSAGES: list[ChatCompletionMessageParam] = [{"role": "user", "content": "I live in Lisbon."}]
GOOD = json.dumps({"memories": [], "entities": []})
MODEL = "test-model-7b"


def closed_port_url() -> str:
    """A loopback URL where nothing listens (the port was free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


@pytest.fixture
async def client() -> AsyncIterator[Callable[[str], LLMClient]]:
    made: list[LLMClient] = []

    def build(base_url: str) -> LLMClient:
        settings = Settings(
            llm_base_url=base_url,
            llm_api_key="test-key",
            llm_model=MODEL,
            llm_timeout_s=1.0,
            llm_max_retries=2,
            llm_retry_initial_wait_s=0.01,
        )
        made.append(LLMClient.from_settings(settings.llm))
        return made[-1]

    yield build
    for llm in made:
        await llm.aclose()


async def ask(llm: LLMClient) -> LLMError:
    with pytest.raises(LLMError) as raised:
        await llm.structured(task="t", messages=MESSAGES, response_model=MemoryExtraction)
    return raised.value


@pytest.mark.parametrize("status", [401, 403])
async def test_a_refused_key_is_asked_once_and_its_error_names_model_endpoint_and_fix(
    llm_server: FakeOpenAI, client: Callable[[str], LLMClient], status: int
) -> None:
    llm_server.default = {"status": status}
    error = await ask(client(llm_server.base_url))
    assert len(llm_server.requests) == 1  # not retried
    assert (error.status, error.retryable) == (status, False)
    assert f"model {MODEL} at {llm_server.base_url}" in error.message and f"HTTP {status}" in error.message
    assert error.suggestion is not None and "LLM_API_KEY" in error.suggestion


async def test_an_unknown_model_is_final_once_every_mode_was_refused(
    llm_server: FakeOpenAI, client: Callable[[str], LLMClient]
) -> None:
    """404 steps through the structured-output modes (an endpoint without one answers so), never retrying one."""
    llm_server.default = {"status": 404}
    error = await ask(client(llm_server.base_url))
    modes = [
        str((r.get("response_format") or {}).get("type") or ("tools" if r.get("tools") else "prompt"))
        for r in llm_server.requests
    ]
    assert modes == ["json_schema", "json_object", "tools", "prompt"]  # each mode asked once
    assert (error.status, error.retryable) == (404, False)
    assert error.suggestion is not None and "LLM_MODEL" in error.suggestion


@pytest.mark.parametrize("status", [429, 500, 503])
async def test_rate_limits_and_server_errors_are_retried(
    llm_server: FakeOpenAI, client: Callable[[str], LLMClient], status: int
) -> None:
    llm_server.answer(status=status)
    llm_server.answer(content=GOOD)
    _, call = await client(llm_server.base_url).structured(
        task="t", messages=MESSAGES, response_model=MemoryExtraction
    )
    assert call.outcome == "ok" and len(llm_server.requests) == 2


async def test_server_errors_past_the_retries_stay_retryable_for_the_job(
    llm_server: FakeOpenAI, client: Callable[[str], LLMClient]
) -> None:
    llm_server.default = {"status": 502}
    error = await ask(client(llm_server.base_url))
    assert len(llm_server.requests) == 3  # one try and llm_max_retries = 2 retries
    assert (error.status, error.retryable, error.suggestion) == (502, True, None)


async def test_an_endpoint_that_does_not_answer_is_named(client: Callable[[str], LLMClient]) -> None:
    url = closed_port_url()
    error = await ask(client(url))
    assert f"model {MODEL} at {url}" in error.message and "no connection" in error.message
    assert (error.status, error.retryable) == (None, True)


def test_endpoints_are_shown_without_credentials() -> None:
    assert redact_url("https://user:secret@api.example.com/v1/?key=abc#x") == "https://api.example.com/v1"
    assert redact_url("http://127.0.0.1:11434/v1") == "http://127.0.0.1:11434/v1"
    assert redact_url("http://[::1]:8000/v1") == "http://[::1]:8000/v1"


@pytest.mark.parametrize(
    ("status", "detail"),
    [
        (401, "refused the key (HTTP 401): check LLM_API_KEY"),
        (403, "refused the key (HTTP 403): check LLM_API_KEY"),
        (500, "answered HTTP 500 to GET /models"),
    ],
)
async def test_readiness_tells_a_refused_key_from_other_errors(
    llm_server: FakeOpenAI, client: Callable[[str], LLMClient], status: int, detail: str
) -> None:
    llm_server.models_status = status
    check = await llm_check(client(llm_server.base_url))
    assert (check.status, check.detail) == ("down", f"{llm_server.base_url} {detail}")


async def test_readiness_tells_an_endpoint_that_does_not_answer(client: Callable[[str], LLMClient]) -> None:
    url = closed_port_url()
    check = await llm_check(client(url))
    detail = f"cannot connect to {url}: check LLM_BASE_URL and that the server runs"
    assert (check.status, check.detail) == ("down", detail)


async def test_readiness_names_the_model_when_the_endpoint_answers(
    llm_server: FakeOpenAI, client: Callable[[str], LLMClient]
) -> None:
    check = await llm_check(client(llm_server.base_url))
    assert (check.status, check.detail) == ("ok", f"{MODEL} at {llm_server.base_url}")
