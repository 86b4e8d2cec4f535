"""A local OpenAI-compatible server with scripted answers, so tests run the real ``openai`` client.

Each scripted answer is one of:
  ``{"content": "<text>"}``        a chat completion whose message content is the text
  ``{"refusal": "<text>"}``        a completion with a refusal
  ``{"delay_s": 5, ...}``          wait before answering (for client timeouts)
  ``{"status": 500}``              an HTTP error
When the script runs out, ``default`` answers (if set), else HTTP 500. ``schema_defaults`` maps a
response schema name (``response_format.json_schema.name``, i.e. the task's pydantic model) to an
answer used for requests of that schema when the script is empty, before ``default``: tests about
one task can keep the other tasks of the same job answered.
Requests are recorded in ``requests`` (parsed JSON bodies).

Providers differ in the structured-output modes they accept; :meth:`FakeOpenAI.behave_like` makes the server
answer HTTP 400 to the modes a provider refuses (DeepSeek and Qwen: ``json_schema``; a legacy server: every
``response_format``; a plain one: tools too), as the real ones do. A request in tools mode gets its scripted
content back as the arguments of a tool call.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections import deque
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


class FakeOpenAI:
    def __init__(self) -> None:
        self.script: deque[dict[str, Any]] = deque()
        self.default: dict[str, Any] | None = None
        self.schema_defaults: dict[str, dict[str, Any]] = {}
        self.accept_key: str | None = None
        """When set, requests with another API key (a previous test's late request) get HTTP 503 and
        neither consume the script nor appear in ``requests``."""
        self.requests: list[dict[str, Any]] = []
        self.down = False
        """When True, ``GET /models`` answers 503 (a dead LLM for readiness tests)."""
        self.models_status = 0
        """When set, ``GET /models`` answers this HTTP status (401: a refused key)."""
        self.rerank_status = 0
        """When set, ``/v1/rerank`` answers this HTTP status."""
        self.refused_modes: set[str] = set()
        """Structured-output modes answered with HTTP 400 (``json_schema``, ``json_object``, ``tools``)."""
        self.port = _free_port()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def answer(self, **answer: Any) -> None:
        self.script.append(answer)

    def behave_like(self, provider: str) -> FakeOpenAI:
        """Refuse what ``provider`` refuses: openai/azure/ollama/vllm nothing, deepseek/qwen json_schema,
        legacy every response_format, plain response_format and tools."""
        self.refused_modes = set(PROVIDER_REFUSES[provider])
        return self

    async def _chat(self, request: Request) -> JSONResponse:
        if self.accept_key is not None and request.headers.get("authorization") != f"Bearer {self.accept_key}":
            return JSONResponse({"error": {"message": "stale client"}}, status_code=503)
        body = await request.json()
        mode = _mode(body)
        if mode in self.refused_modes:
            refusal = f"This response_format type is unavailable now ({mode})"
            return JSONResponse({"error": {"message": refusal, "type": "invalid_request_error"}}, status_code=400)
        self.requests.append(body)
        tools = body.get("tools") or [{}]
        schema = str(
            ((body.get("response_format") or {}).get("json_schema") or {}).get("name")
            or (tools[0].get("function") or {}).get("name")
        )
        answer = self.script.popleft() if self.script else self.schema_defaults.get(schema) or self.default
        if answer is None:
            return JSONResponse({"error": {"message": "no scripted answer"}}, status_code=500)
        if answer.get("delay_s"):
            await asyncio.sleep(float(answer["delay_s"]))
        if answer.get("status"):
            return JSONResponse({"error": {"message": "scripted error"}}, status_code=int(answer["status"]))
        message: dict[str, Any] = {"role": "assistant", "content": answer.get("content")}
        if answer.get("refusal"):
            message = {"role": "assistant", "content": None, "refusal": answer["refusal"]}
        elif mode == "tools" and answer.get("content") is not None:
            call = {"id": "call_1", "type": "function", "function": {"name": schema, "arguments": answer["content"]}}
            message = {"role": "assistant", "content": None, "tool_calls": [call]}
        prompt_chars = sum(len(str(m.get("content") or "")) for m in body.get("messages", []))
        return JSONResponse(
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", "fake"),
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": {
                    "prompt_tokens": prompt_chars // 4,
                    "completion_tokens": len(str(answer.get("content") or "")) // 4,
                    "total_tokens": prompt_chars // 4 + len(str(answer.get("content") or "")) // 4,
                },
            }
        )

    async def _embeddings(self, request: Request) -> JSONResponse:
        """Deterministic 8-dimensional vectors: letter-frequency buckets of each input text."""
        body = await request.json()
        self.requests.append(body)
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = []
        for i, text in enumerate(texts):
            vector = [0.0] * 8
            for ch in text.lower():
                vector[ord(ch) % 8] += 1.0
            data.append({"object": "embedding", "index": i, "embedding": vector})
        data.reverse()  # out of order on purpose: clients must sort by index
        return JSONResponse(
            {
                "object": "list",
                "data": data,
                "model": body.get("model", "fake"),
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            }
        )

    async def _models(self, request: Request) -> JSONResponse:
        if self.down:
            return JSONResponse({"error": {"message": "down"}}, status_code=503)
        if self.models_status:
            return JSONResponse({"error": {"message": "scripted error"}}, status_code=self.models_status)
        return JSONResponse({"object": "list", "data": [{"id": "fake", "object": "model", "owned_by": "tests"}]})

    async def _rerank(self, request: Request) -> JSONResponse:
        """Jina-style rerank: relevance = how many of the query's words a document holds (0 when none);
        ``rerank_status`` set answers that HTTP status instead."""
        body = await request.json()
        self.requests.append(body)
        if self.rerank_status:
            return JSONResponse({"error": {"message": "scripted error"}}, status_code=self.rerank_status)
        words = set(str(body["query"]).lower().split())
        results = [
            {"index": i, "relevance_score": float(len(words & set(str(doc).lower().split())))}
            for i, doc in enumerate(body["documents"])
        ]
        results.sort(key=lambda r: -float(str(r["relevance_score"])))
        return JSONResponse({"model": body.get("model"), "results": results[: int(body.get("top_n") or len(results))]})

    def start(self) -> FakeOpenAI:
        app = Starlette(
            routes=[
                Route("/v1/models", self._models, methods=["GET"]),
                Route("/v1/rerank", self._rerank, methods=["POST"]),
                Route("/v1/chat/completions", self._chat, methods=["POST"]),
                Route("/v1/embeddings", self._embeddings, methods=["POST"]),
            ]
        )
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("fake OpenAI server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)


PROVIDER_REFUSES: dict[str, tuple[str, ...]] = {
    "openai": (),
    "azure": (),
    "ollama": (),
    "vllm": (),
    "deepseek": ("json_schema",),
    "qwen": ("json_schema",),
    "legacy": ("json_schema", "json_object"),
    "plain": ("json_schema", "json_object", "tools"),
}


def _mode(body: dict[str, Any]) -> str:
    """The structured-output mode of a chat request: json_schema, json_object, tools or prompt."""
    if body.get("tools"):
        return "tools"
    return str((body.get("response_format") or {}).get("type") or "prompt")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
