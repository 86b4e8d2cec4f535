"""Structured LLM calls through the ``openai`` client, against any OpenAI-compatible endpoint.

One call = one task (``extract_memories``, ...). The answer must be a JSON object that
validates against the task's pydantic model; anything else (malformed JSON, an empty
answer, a refusal, a timeout) raises :class:`~graphsvc.errors.LLMError` with the reason,
logged. Transient transport errors are retried with exponential backoff (tenacity).
Every call is accounted in an :class:`LLMCall` (task, tokens in/out, latency, outcome).
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypeVar

import openai
from openai import AsyncOpenAI
from openai.types.chat import ChatCompletionMessageParam
from pydantic import BaseModel, ValidationError
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from graphsvc import metrics as prometheus
from graphsvc.config import Settings
from graphsvc.errors import LLMError

log = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)

Outcome = Literal["ok", "malformed", "refused", "empty", "timeout", "error"]

_TRANSIENT = (
    openai.APITimeoutError,
    openai.APIConnectionError,
    openai.RateLimitError,
    openai.InternalServerError,
)


@dataclass(frozen=True)
class LLMCall:
    """Accounting of one LLM call. ``latency_ms`` covers all retries."""

    task: str
    tokens_in: int
    tokens_out: int
    latency_ms: float
    outcome: Outcome


@dataclass
class LLMMetrics:
    """Process-wide counters: calls and tokens by task and outcome."""

    calls: Counter[tuple[str, str]] = field(default_factory=Counter)
    tokens_in: Counter[str] = field(default_factory=Counter)
    tokens_out: Counter[str] = field(default_factory=Counter)

    def record(self, call: LLMCall) -> None:
        self.calls[(call.task, call.outcome)] += 1
        self.tokens_in[call.task] += call.tokens_in
        self.tokens_out[call.task] += call.tokens_out
        prometheus.LLM_CALLS.labels(call.task, call.outcome).inc()
        prometheus.LLM_TOKENS.labels(call.task, "in").inc(call.tokens_in)
        prometheus.LLM_TOKENS.labels(call.task, "out").inc(call.tokens_out)
        if call.outcome != "ok":
            prometheus.LLM_FAILURES.labels(call.task).inc()

    def snapshot(self) -> dict[str, dict[str, int | dict[str, int]]]:
        """``{task: {"calls": {outcome: n}, "tokens_in": n, "tokens_out": n}}`` since the process started."""
        out: dict[str, dict[str, int | dict[str, int]]] = {}
        for (task, outcome), count in sorted(self.calls.items()):
            entry = out.setdefault(
                task, {"calls": {}, "tokens_in": self.tokens_in[task], "tokens_out": self.tokens_out[task]}
            )
            calls = entry["calls"]
            assert isinstance(calls, dict)
            calls[outcome] = count
        return out


class StructuredLLM(Protocol):
    """What the pipelines need of an LLM: one structured call per task, and closing.

    :class:`LLMClient` is the real one; tests and benchmarks pass scripted fakes.
    """

    async def structured(
        self, *, task: str, messages: list[ChatCompletionMessageParam], response_model: type[T]
    ) -> tuple[T, LLMCall]: ...

    async def aclose(self) -> None: ...


class LLMClient:
    """Structured-output client.

    Args:
        client: an ``AsyncOpenAI`` (its own retries off: this class retries).
        model: the chat model name.
        max_retries: extra attempts for transient errors (timeouts, 429, 5xx, connection).
        retry_initial_wait_s: first backoff wait; doubles each attempt, capped at 30 s.
    """

    def __init__(
        self, *, client: AsyncOpenAI, model: str, max_retries: int = 3, retry_initial_wait_s: float = 1.0
    ) -> None:
        self._client = client
        self._model = model
        self._max_retries = max_retries
        self._wait_s = retry_initial_wait_s
        self.metrics = LLMMetrics()

    @classmethod
    def from_settings(cls, settings: Settings) -> LLMClient:
        key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else "none"
        client = AsyncOpenAI(base_url=settings.llm_base_url, api_key=key, timeout=settings.llm_timeout_s, max_retries=0)
        return cls(
            client=client,
            model=settings.llm_model,
            max_retries=settings.llm_max_retries,
            retry_initial_wait_s=settings.llm_retry_initial_wait_s,
        )

    async def aclose(self) -> None:
        """Close the underlying HTTP connections."""
        await self._client.close()

    async def ping(self, *, timeout_s: float = 2.0) -> None:
        """List the endpoint's models (``GET /models``): raises when the endpoint does not answer."""
        await self._client.with_options(timeout=timeout_s).models.list()

    async def structured(
        self, *, task: str, messages: list[ChatCompletionMessageParam], response_model: type[T]
    ) -> tuple[T, LLMCall]:
        """Ask for a JSON object matching ``response_model`` and validate it.

        Returns:
            the validated model and the call's accounting.

        Raises:
            LLMError: timeout or transport error after retries, refusal, empty answer,
                malformed JSON or a schema violation (``reason`` says which).
        """
        started = time.perf_counter()
        tokens_in = tokens_out = 0

        def account(outcome: Outcome) -> LLMCall:
            call = LLMCall(task, tokens_in, tokens_out, (time.perf_counter() - started) * 1000, outcome)
            self.metrics.record(call)
            return call

        schema = response_model.model_json_schema()
        try:
            async for attempt in AsyncRetrying(
                retry=retry_if_exception_type(_TRANSIENT),
                stop=stop_after_attempt(self._max_retries + 1),
                wait=wait_exponential(multiplier=self._wait_s, max=30),
                reraise=True,
            ):
                with attempt:
                    completion = await self._client.chat.completions.create(
                        model=self._model,
                        messages=messages,
                        temperature=0,
                        response_format={
                            "type": "json_schema",
                            "json_schema": {"name": response_model.__name__, "schema": schema},
                        },
                    )
        except openai.APITimeoutError as exc:
            raise self._fail(task, f"timed out after retries ({exc})", account("timeout")) from exc
        except openai.APIError as exc:
            raise self._fail(task, f"{type(exc).__name__}: {exc}", account("error")) from exc

        if completion.usage is not None:
            tokens_in, tokens_out = completion.usage.prompt_tokens, completion.usage.completion_tokens
        choice = completion.choices[0] if completion.choices else None
        refusal = getattr(choice.message, "refusal", None) if choice else None
        if refusal:
            raise self._fail(task, f"model refused: {refusal[:200]}", account("refused"))
        text = (choice.message.content or "").strip() if choice else ""
        if not text:
            raise self._fail(task, "empty answer", account("empty"))
        try:
            parsed = response_model.model_validate(json.loads(_strip_fences(text)))
        except (json.JSONDecodeError, ValidationError) as exc:
            raise self._fail(task, f"malformed output: {str(exc)[:300]}", account("malformed")) from exc
        return parsed, account("ok")

    @staticmethod
    def _fail(task: str, reason: str, call: LLMCall) -> LLMError:
        log.warning("llm task %s rejected (%s): %s", task, call.outcome, reason)
        error = LLMError(task=task, reason=reason)
        error.add_usage(calls=1, tokens_in=call.tokens_in, tokens_out=call.tokens_out)
        return error


def _strip_fences(text: str) -> str:
    """Accept answers wrapped in a ```json fence, which some local servers add."""
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text.strip()
