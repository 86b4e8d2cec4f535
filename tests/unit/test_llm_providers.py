"""Structured output across providers (issue 14): presets, the json_schema → json_object → tools → prompt
fallback against a fake server that refuses what each provider refuses, the one repair, URLs without a scheme."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from openai.types.chat import ChatCompletionMessageParam

from graphsvc.config import LLM_PRESETS, Settings
from graphsvc.errors import ConfigurationError, LLMError
from graphsvc.llm.client import LLMClient, fallback_order
from graphsvc.pipeline.extraction.contract import MemoryExtraction
from graphsvc.vocabulary import LLM_PROVIDERS, StructuredMode
from tests.fakes.openai_server import FakeOpenAI

GOOD = {
    "memories": [
        {
            "memory_type": "fact",
            "content": "Ana lives in Lisbon",
            "confidence": 0.9,
            "importance": 0.6,
            "source_message_ids": ["m1"],
        }
    ]
}
MESSAGES: list[ChatCompletionMessageParam] = [
    {"role": "system", "content": "Extract."},
    {"role": "user", "content": "m1: I live in Lisbon."},
]


@pytest.fixture
async def build(llm_server: FakeOpenAI) -> AsyncIterator[Callable[..., LLMClient]]:
    made: list[LLMClient] = []

    def make(**overrides: Any) -> LLMClient:
        settings = Settings(
            llm_base_url=llm_server.base_url, llm_api_key="k", llm_max_retries=0, llm_timeout_s=2, **overrides
        )
        made.append(LLMClient.from_settings(settings.llm))
        return made[-1]

    yield make
    for client in made:
        await client.aclose()


def _modes(server: FakeOpenAI) -> list[str]:
    out = []
    for body in server.requests:
        out.append("tools" if body.get("tools") else (body.get("response_format") or {}).get("type", "prompt"))
    return out


@pytest.mark.parametrize(
    ("provider", "expected_mode"),
    [
        ("openai", "json_schema"),
        ("azure", "json_schema"),
        ("ollama", "json_schema"),
        ("vllm", "json_schema"),
        ("deepseek", "json_object"),
        ("qwen", "json_object"),
        ("legacy", "tools"),
        ("plain", "prompt"),
    ],
)
async def test_the_client_adapts_to_what_each_server_accepts(
    llm_server: FakeOpenAI, build: Callable[..., LLMClient], provider: str, expected_mode: str
) -> None:
    llm_server.behave_like(provider)
    llm_server.default = {"content": json.dumps(GOOD)}
    client = build()  # auto: starts at json_schema and steps down
    result, call = await client.structured(task="t", messages=MESSAGES, response_model=MemoryExtraction)
    assert result.memories[0].content == "Ana lives in Lisbon" and call.outcome == "ok"
    assert client.mode == expected_mode
    assert _modes(llm_server) == [expected_mode]  # refused requests are not answered
    await client.structured(task="t", messages=MESSAGES, response_model=MemoryExtraction)
    assert _modes(llm_server) == [expected_mode, expected_mode]  # the working mode is remembered


async def test_modes_outside_json_schema_carry_the_schema_in_the_prompt(
    llm_server: FakeOpenAI, build: Callable[..., LLMClient]
) -> None:
    llm_server.default = {"content": json.dumps(GOOD)}
    await build(llm_structured_output="json_object").structured(
        task="t", messages=MESSAGES, response_model=MemoryExtraction
    )
    system = llm_server.requests[0]["messages"][0]["content"]
    assert system.startswith("Extract.") and "JSON schema" in system and "source_message_ids" in system


async def test_plain_json_is_repaired_once_then_refused(
    llm_server: FakeOpenAI, build: Callable[..., LLMClient]
) -> None:
    client = build(llm_structured_output="prompt")
    llm_server.answer(content="Sure! {not json")
    llm_server.answer(content=json.dumps(GOOD))
    result, call = await client.structured(task="t", messages=MESSAGES, response_model=MemoryExtraction)
    assert result.memories and call.outcome == "ok" and call.tokens_in > 0
    repair = llm_server.requests[1]["messages"]
    assert repair[-2] == {"role": "assistant", "content": "Sure! {not json"}
    assert "could not be used" in repair[-1]["content"]
    llm_server.answer(content="[1, 2]")
    llm_server.answer(content=json.dumps({"memories": [{"memory_type": "opinion"}]}))
    with pytest.raises(LLMError, match="after repair"):
        await client.structured(task="t", messages=MESSAGES, response_model=MemoryExtraction)


async def test_json_schema_answers_are_not_repaired(llm_server: FakeOpenAI, build: Callable[..., LLMClient]) -> None:
    llm_server.answer(content="{not json")
    with pytest.raises(LLMError, match="malformed output"):
        await build().structured(task="t", messages=MESSAGES, response_model=MemoryExtraction)
    assert len(llm_server.requests) == 1


async def test_a_server_refusing_everything_reports_the_error(
    llm_server: FakeOpenAI, build: Callable[..., LLMClient]
) -> None:
    llm_server.refused_modes = {"json_schema", "json_object", "tools", "prompt"}
    with pytest.raises(LLMError, match="BadRequest"):
        await build().structured(task="t", messages=MESSAGES, response_model=MemoryExtraction)


@pytest.mark.parametrize("provider", LLM_PROVIDERS)
def test_presets_set_url_model_and_mode_unless_set(provider: str) -> None:
    preset = LLM_PRESETS[provider]  # type: ignore[index]
    if preset.base_url is None:
        with pytest.raises(ConfigurationError, match="LLM_BASE_URL"):
            Settings(llm_provider=provider)
        settings = Settings(llm_provider=provider, llm_base_url="https://me.example/openai/v1")
    else:
        settings = Settings(llm_provider=provider)
        assert settings.llm.base_url == preset.base_url
    assert settings.llm.model == preset.model and settings.llm.first_mode == preset.mode and settings.llm.enabled
    own = Settings(llm_provider=provider, llm_base_url="http://127.0.0.1:9/v1", llm_model="mine")
    assert (own.llm.base_url, own.llm.model) == ("http://127.0.0.1:9/v1", "mine")
    assert (
        Settings(llm_provider=provider, llm_base_url="http://x/v1", llm_structured_output="tools").llm.first_mode
        == "tools"
    )


@pytest.mark.parametrize("setting", ["llm_base_url", "embedding_base_url", "reranker_base_url"])
def test_a_url_without_a_scheme_is_refused_at_start_up(setting: str) -> None:
    with pytest.raises(ConfigurationError, match="no scheme") as err:
        Settings(**_one(setting, "localhost:11434/v1"))
    assert err.value.suggestion and "http://localhost:11434/v1" in err.value.suggestion
    assert Settings(**_one(setting, "HTTPS://api.example/v1")).variable(setting) == "HTTPS://api.example/v1"


def _one(setting: str, value: str) -> dict[str, Any]:
    return {setting: value}


def test_fallback_order_never_climbs_above_the_first_mode() -> None:
    first: StructuredMode = "json_object"
    assert fallback_order(first) == ["json_object", "tools", "prompt"]
    assert fallback_order("json_schema") == ["json_schema", "json_object", "tools", "prompt"]
    assert Settings().llm.first_mode == "json_schema" and not Settings().llm.enabled
