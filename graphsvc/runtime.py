"""The runtime: what every pipeline runs on (database, settings, embedder, LLM client, clock, caches).

One per service process, built by :meth:`Runtime.open` at start-up and passed down; the pipelines'
entry points take it as their first argument. It owns the per-process caches (vector counts and
memory-vector copies, :class:`graphsvc.graph.vector_search.VectorSearch`), so nothing outlives it.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from graphsvc.clock import Clock, utc_now
from graphsvc.config import Settings
from graphsvc.embed import build_embedder
from graphsvc.embed.base import Embedder
from graphsvc.graph import document_entities
from graphsvc.graph.database import Database
from graphsvc.graph.vector_search import VectorSearch
from graphsvc.llm.client import LLMClient, StructuredLLM
from graphsvc.llm.rerank import Reranker
from graphsvc.rulebook import book
from graphsvc.rulebook.engine import Selection
from graphsvc.text import nlp

log = logging.getLogger(__name__)


@dataclass
class Runtime:
    """The shared dependencies of one service process.

    Attributes:
        llm: the structured-output client, or None: every pipeline then runs its offline rules.
        reranker: the optional ``/rerank`` client (``RERANKER_BASE_URL``), or None: recall keeps its fused order.
        vectors: tenant-scoped vector search with its caches (built from ``db`` and ``settings``).
        rules: the offline rulebook's rules that run (``RULEBOOK_DISABLED`` / ``RULEBOOK_ENABLED`` over the
            rulebook's defaults).
    """

    settings: Settings
    db: Database
    embedder: Embedder
    llm: StructuredLLM | None = None
    clock: Clock = utc_now
    reranker: Reranker | None = None
    vectors: VectorSearch = field(init=False)
    rules: Selection = field(init=False)

    def __post_init__(self) -> None:
        self.vectors = VectorSearch(self.db, self.settings)
        self.rules = book.selection(disabled=self.settings.rulebook.disabled, enabled=self.settings.rulebook.enabled)

    @classmethod
    async def open(cls, settings: Settings, *, embedder: Embedder | None = None, clock: Clock = utc_now) -> Runtime:
        """Connect to Neo4j, apply the schema (and move what documents and other people's posts gave the user's
        graph before they had their own scope: :func:`graphsvc.graph.document_entities.migrate_legacy`), build the
        embedder and (if configured) the LLM client; the text models of the offline rules load on a worker thread,
        off the event loop (:func:`graphsvc.text.nlp.load_models`).

        Raises:
            DatabaseUnavailableError, ConfigurationError, SchemaMismatchError.
        """
        db = await Database.connect(settings)  # first: an unreachable Neo4j fails before the model loads
        try:
            embedder = embedder or build_embedder(settings)
            await db.apply_schema(dimensions=embedder.dimensions)
            moved = await document_entities.migrate_legacy(db, now=clock())
            if moved.entities or moved.impressions:
                log.info(
                    "moved %d entities that only documents or other people's posts named out of the users' graphs "
                    "(%d document entities) and dropped %d impressions only such records gave",
                    moved.entities,
                    moved.document_entities,
                    moved.impressions,
                )
        except Exception:
            await db.close()
            raise
        await asyncio.to_thread(nlp.load_models)
        llm = LLMClient.from_settings(settings.llm) if settings.llm.enabled else None
        reranker = Reranker.from_settings(settings.reranker)
        return cls(settings=settings, db=db, embedder=embedder, llm=llm, clock=clock, reranker=reranker)

    @property
    def mode(self) -> str:
        """``llm`` when an LLM endpoint is configured, else ``offline``."""
        return "llm" if self.llm is not None else "offline"

    def extractor_line(self) -> str:
        """Who extracts memories, for the start-up line: the LLM's model and endpoint (with the rulebook behind it
        when every attempt fails), or the offline rulebook and how many of its rules run."""
        rules = len(self.rules.enabled)
        if self.llm is not None:
            model = getattr(self.llm, "model", "?")
            endpoint = getattr(self.llm, "endpoint", "?")
            return f"LLM {model} at {endpoint} (the offline rulebook when every attempt fails)"
        return f"the offline rulebook ({rules} rules on)"

    async def aclose(self) -> None:
        """Stop the vector copies' fills, close the LLM client, the embedder and the database driver."""
        await self.vectors.aclose()
        if self.llm is not None:
            await self.llm.aclose()
        if self.reranker is not None:
            await self.reranker.aclose()
        await self.embedder.aclose()
        await self.db.close()
