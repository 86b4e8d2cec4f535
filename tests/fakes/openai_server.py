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
        self.port = _free_port()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def answer(self, **answer: Any) -> None:
        self.script.append(answer)

    async def _chat(self, request: Request) -> JSONResponse:
        if self.accept_key is not None and request.headers.get("authorization") != f"Bearer {self.accept_key}":
            return JSONResponse({"error": {"message": "stale client"}}, status_code=503)
        body = await request.json()
        self.requests.append(body)
        schema = str(((body.get("response_format") or {}).get("json_schema") or {}).get("name"))
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
        return JSONResponse({"object": "list", "data": [{"id": "fake", "object": "model", "owned_by": "tests"}]})

    def start(self) -> FakeOpenAI:
        app = Starlette(
            routes=[
                Route("/v1/models", self._models, methods=["GET"]),
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
