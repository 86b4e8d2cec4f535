"""Structured LLM calls through the ``openai`` client, against any OpenAI-compatible endpoint.

One call = one task (``extract_memories``, ...). The answer must be a JSON object that
validates against the task's pydantic model, asked for in the first structured-output mode the endpoint
accepts (json_schema → json_object → tool call → plain JSON, see :class:`LLMClient`); anything else
(malformed JSON after one repair, an empty answer, a refusal, a timeout) raises
:class:`~graphsvc.errors.LLMError` with the reason, the model and the endpoint, logged. Transient errors
(timeouts, no connection, HTTP 429 and 5xx) are retried with exponential backoff (tenacity); any other HTTP 4xx
answer is not (a refused key or an unknown model stays so), and its error says it is not retryable.
Every call is accounted in an :class:`LLMCall` (task, tokens in/out, latency, outcome).
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

import openai
from openai import AsyncOpenAI
from openai.types.chat import ChatCompletion, ChatCompletionMessageParam
from pydantic import BaseModel, ValidationError
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from graphsvc import metrics as prometheus
from graphsvc.config import LLMSettings
from graphsvc.errors import LLMError
from graphsvc.vocabulary import STRUCTURED_MODES, StructuredMode

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


_REFUSED_MODE_STATUS = (400, 404, 422)
"""HTTP statuses with which an endpoint refuses a structured-output mode it does not support."""
_REPAIR_PROMPT = (
    "Your answer could not be used: {problem}\nReturn only the corrected JSON object, matching this JSON "
    "schema:\n{schema}"
)
_PROMPT_MODE_SUFFIX = (
    "\n\nAnswer with one JSON object only (no prose, no code fence), matching this JSON schema:\n{schema}"
)


def fallback_order(first: StructuredMode) -> list[StructuredMode]:
    """``first``, then the modes after it in json_schema → json_object → tools → prompt order (a mode before
    ``first`` is not tried: a preset that starts lower knows its server lacks it)."""
    return list(STRUCTURED_MODES[STRUCTURED_MODES.index(first) :])


class LLMClient:
    """Structured-output client for any OpenAI-compatible endpoint.

    The answer is asked for in the first structured-output mode the endpoint accepts, starting at
    ``first_mode`` (:data:`graphsvc.vocabulary.STRUCTURED_MODES`): ``json_schema``, else ``json_object``, else a
    forced tool call, else the schema in the prompt. A mode the endpoint refuses (HTTP 400/404/422, as DeepSeek
    answers ``json_schema``) is skipped for the rest of the process. Outside ``json_schema`` (where the server
    enforces the schema) an answer that is not valid JSON or does not validate is sent back once with the error
    to be repaired; a second failure raises.

    Args:
        client: an ``AsyncOpenAI`` (its own retries off: this class retries).
        model: the chat model name.
        max_retries: extra attempts for transient errors (timeouts, 429, 5xx, connection); other 4xx are final.
        retry_initial_wait_s: first backoff wait; doubles each attempt, capped at 30 s.
        first_mode: the structured-output mode tried first.
    """

    def __init__(
        self,
        *,
        client: AsyncOpenAI,
        model: str,
        max_retries: int = 3,
        retry_initial_wait_s: float = 1.0,
        first_mode: StructuredMode = "json_schema",
    ) -> None:
        self._client = client
        self._model = model
        self._max_retries = max_retries
        self._wait_s = retry_initial_wait_s
        self._modes = fallback_order(first_mode)
        self.metrics = LLMMetrics()

    @property
    def model(self) -> str:
        """The chat model asked."""
        return self._model

    @property
    def endpoint(self) -> str:
        """The endpoint's base URL as errors and ``/ready`` show it (no credentials, no query)."""
        return redact_url(str(self._client.base_url))

    @property
    def mode(self) -> StructuredMode:
        """The structured-output mode the next call starts with."""
        return self._modes[0]

    @classmethod
    def from_settings(cls, settings: LLMSettings) -> LLMClient:
        key = settings.api_key.get_secret_value() if settings.api_key else "none"
        client = AsyncOpenAI(base_url=settings.base_url, api_key=key, timeout=settings.timeout_s, max_retries=0)
        return cls(
            client=client,
            model=settings.model,
            max_retries=settings.max_retries,
            retry_initial_wait_s=settings.retry_initial_wait_s,
            first_mode=settings.first_mode,
        )

    async def aclose(self) -> None:
        """Close the underlying HTTP connections."""
        await self._client.close()

    async def ping(self, *, timeout_s: float = 2.0) -> None:
        """List the endpoint's models (``GET /models``).

        Raises:
            openai.APIConnectionError: no answer within ``timeout_s`` (``APITimeoutError``) or no connection.
            openai.APIStatusError: an HTTP error answer (``AuthenticationError`` for 401,
                ``PermissionDeniedError`` for 403).
        """
        await self._client.with_options(timeout=timeout_s).models.list()

    async def structured(
        self, *, task: str, messages: list[ChatCompletionMessageParam], response_model: type[T]
    ) -> tuple[T, LLMCall]:
        """Ask for a JSON object matching ``response_model`` and validate it.

        Returns:
            the validated model and the call's accounting (tokens of every request it took, repair included).

        Raises:
            LLMError: timeout or transport error after retries, an HTTP 4xx answer (not retried), every mode
                refused, refusal, empty answer, malformed JSON or a schema violation after the repair
                (``reason`` says which; the message names the model and the endpoint).
        """
        call = _Accounting(task=task, started=time.perf_counter(), metrics=self.metrics)
        schema = response_model.model_json_schema()
        completion, mode = await self._ask(task, messages, response_model.__name__, schema, call)
        text = self._answer_text(task, completion, mode, call)
        try:
            return response_model.model_validate(json.loads(_strip_fences(text))), call.done("ok")
        except (json.JSONDecodeError, ValidationError) as exc:
            problem = str(exc)[:300]
            if mode == "json_schema":
                raise self._fail(task, f"malformed output: {problem}", call.done("malformed")) from exc
        repair: list[ChatCompletionMessageParam] = [
            *messages,
            {"role": "assistant", "content": text},
            {"role": "user", "content": _REPAIR_PROMPT.format(problem=problem, schema=json.dumps(schema))},
        ]
        try:
            completion = await self._complete(_request(mode, repair, response_model.__name__, schema))
        except openai.APIError as exc:
            raise self._fail(task, f"repair failed: {_describe(exc)}", call.done("error"), exc) from exc
        text = self._answer_text(task, completion, mode, call)
        try:
            return response_model.model_validate(json.loads(_strip_fences(text))), call.done("ok")
        except (json.JSONDecodeError, ValidationError) as exc:
            raise self._fail(task, f"malformed output after repair: {str(exc)[:300]}", call.done("malformed")) from exc

    async def _ask(
        self,
        task: str,
        messages: list[ChatCompletionMessageParam],
        name: str,
        schema: dict[str, Any],
        call: _Accounting,
    ) -> tuple[ChatCompletion, StructuredMode]:
        """The first answer, in the first mode the endpoint accepts (a refused mode is dropped for good)."""
        while True:
            mode = self._modes[0]
            try:
                return await self._complete(_request(mode, messages, name, schema)), mode
            except openai.APIStatusError as exc:
                if exc.status_code in _REFUSED_MODE_STATUS and len(self._modes) > 1:
                    log.warning("llm endpoint refused %s (%s); trying %s", mode, exc.status_code, self._modes[1])
                    self._modes = self._modes[1:]
                    continue
                raise self._fail(task, _describe(exc), call.done("error"), exc) from exc
            except openai.APITimeoutError as exc:
                raise self._fail(task, f"timed out after retries ({exc})", call.done("timeout")) from exc
            except openai.APIError as exc:
                raise self._fail(task, _describe(exc), call.done("error"), exc) from exc

    async def _complete(self, request: dict[str, Any]) -> ChatCompletion:
        """One chat completion, transient errors retried with exponential backoff."""
        async for attempt in AsyncRetrying(
            retry=retry_if_exception_type(_TRANSIENT),
            stop=stop_after_attempt(self._max_retries + 1),
            wait=wait_exponential(multiplier=self._wait_s, max=30),
            reraise=True,
        ):
            with attempt:
                completion: ChatCompletion = await self._client.chat.completions.create(
                    model=self._model, temperature=0, **request
                )
        return completion

    def _answer_text(self, task: str, completion: ChatCompletion, mode: StructuredMode, call: _Accounting) -> str:
        """The JSON text of an answer (a tool call's arguments in tools mode); raises on refusal or nothing."""
        if completion.usage is not None:
            call.tokens_in += completion.usage.prompt_tokens
            call.tokens_out += completion.usage.completion_tokens
        call.requests += 1
        choice = completion.choices[0] if completion.choices else None
        refusal = getattr(choice.message, "refusal", None) if choice else None
        if refusal:
            raise self._fail(task, f"model refused: {refusal[:200]}", call.done("refused"))
        text = ""
        if choice is not None:
            tool_calls = choice.message.tool_calls or []
            if mode == "tools" and tool_calls and tool_calls[0].type == "function":
                text = tool_calls[0].function.arguments.strip()
            else:
                text = (choice.message.content or "").strip()
        if not text:
            raise self._fail(task, "empty answer", call.done("empty"))
        return text

    def _fail(self, task: str, reason: str, call: LLMCall, cause: openai.APIError | None = None) -> LLMError:
        status = cause.status_code if isinstance(cause, openai.APIStatusError) else None
        error = LLMError(task=task, reason=reason, model=self._model, base_url=self.endpoint, status=status)
        log.warning("llm task %s rejected (%s): %s", task, call.outcome, error.message)
        error.add_usage(calls=1, tokens_in=call.tokens_in, tokens_out=call.tokens_out)
        return error


@dataclass
class _Accounting:
    """Tokens and time of one structured call across its requests (mode fallbacks and the repair)."""

    task: str
    started: float
    metrics: LLMMetrics
    tokens_in: int = 0
    tokens_out: int = 0
    requests: int = 0

    def done(self, outcome: Outcome) -> LLMCall:
        call = LLMCall(self.task, self.tokens_in, self.tokens_out, (time.perf_counter() - self.started) * 1000, outcome)
        self.metrics.record(call)
        return call


def _request(
    mode: StructuredMode, messages: list[ChatCompletionMessageParam], name: str, schema: dict[str, Any]
) -> dict[str, Any]:
    """The mode-specific part of a chat completion request."""
    if mode == "json_schema":
        return {
            "messages": messages,
            "response_format": {"type": "json_schema", "json_schema": {"name": name, "schema": schema}},
        }
    with_schema = _schema_in_prompt(messages, schema)
    if mode == "json_object":  # the word "JSON" must appear in the prompt for this mode; the schema says it
        return {"messages": with_schema, "response_format": {"type": "json_object"}}
    if mode == "tools":
        tool = {
            "type": "function",
            "function": {"name": name, "description": "Return the answer.", "parameters": schema},
        }
        return {"messages": messages, "tools": [tool], "tool_choice": {"type": "function", "function": {"name": name}}}
    return {"messages": with_schema}


def _schema_in_prompt(
    messages: list[ChatCompletionMessageParam], schema: dict[str, Any]
) -> list[ChatCompletionMessageParam]:
    """``messages`` with the JSON schema appended to the system message (or as one, if there is none)."""
    suffix = _PROMPT_MODE_SUFFIX.format(schema=json.dumps(schema, ensure_ascii=False))
    out = list(messages)
    for n, message in enumerate(out):
        if message["role"] == "system" and isinstance(message.get("content"), str):
            out[n] = {"role": "system", "content": str(message["content"]) + suffix}
            return out
    return [{"role": "system", "content": suffix.strip()}, *out]


def redact_url(url: str) -> str:
    """``url`` without user info, query or fragment (what a log line or ``/ready`` may show of an endpoint)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"[{host}]" if ":" in host else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path.rstrip("/"), "", ""))


def _describe(exc: openai.APIError) -> str:
    """An API error in one line: its class, the HTTP status when it has one, and the endpoint's message."""
    if isinstance(exc, openai.APIStatusError):
        return f"{type(exc).__name__} (HTTP {exc.status_code}): {exc.message}"
    if isinstance(exc, openai.APIConnectionError):
        return f"{type(exc).__name__}: no connection ({exc.__cause__ or exc})"
    return f"{type(exc).__name__}: {exc}"


def _strip_fences(text: str) -> str:
    """Accept answers wrapped in a ```json fence, which some local servers add."""
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text.strip()
