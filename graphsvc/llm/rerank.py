"""An optional reranker behind an OpenAI-compatible / Jina-style ``/rerank`` endpoint (``RERANKER_BASE_URL``).

Request ``POST {base}/rerank`` with ``{"model", "query", "documents": [text, ...], "top_n"}``; answer
``{"results": [{"index": i, "relevance_score": s}, ...]}`` (Jina, vLLM, Infinity, TEI's OpenAI-style routes and
DashScope's compatible mode speak this shape). Off by default: recall then keeps its fused order.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import httpx

from graphsvc.config import RerankerSettings
from graphsvc.llm.client import redact_url

log = logging.getLogger(__name__)


class Reranker:
    """Scores documents against a query through a ``/rerank`` endpoint.

    Args:
        base_url: the endpoint's base (``/rerank`` is appended).
        model: the reranker model name.
        api_key: sent as a bearer token when given.
        timeout_s: per request; a slower answer counts as a failure.
    """

    def __init__(self, *, base_url: str, model: str, api_key: str | None = None, timeout_s: float = 5.0) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.AsyncClient(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout_s)
        self._model = model
        self._where = f"{model} at {redact_url(base_url)}"

    @classmethod
    def from_settings(cls, settings: RerankerSettings) -> Reranker | None:
        """The configured reranker, or None when ``RERANKER_BASE_URL`` is unset."""
        if settings.base_url is None:
            return None
        key = settings.api_key.get_secret_value() if settings.api_key else None
        return cls(
            base_url=settings.base_url,
            model=settings.model,
            api_key=key,
            timeout_s=settings.timeout_s,
        )

    async def scores(self, query: str, documents: Sequence[str]) -> list[float] | None:
        """One relevance score per document (higher is better), or None when the endpoint failed, timed out or
        answered something else (logged; the caller keeps its own order)."""
        if not documents:
            return []
        body = {"model": self._model, "query": query, "documents": list(documents), "top_n": len(documents)}
        try:
            response = await self._client.post("/rerank", json=body)
            response.raise_for_status()
            results = response.json()["results"]
            out = [float("-inf")] * len(documents)
            for row in results:
                out[int(row["index"])] = float(row["relevance_score"])
        except (httpx.HTTPError, KeyError, IndexError, TypeError, ValueError) as exc:
            log.warning("reranker %s skipped: %s", self._where, exc)
            return None
        return out

    async def aclose(self) -> None:
        await self._client.aclose()
