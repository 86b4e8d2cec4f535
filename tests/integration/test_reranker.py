"""The optional reranker (issue 14): off by default; when configured, the first hits take its order; a failing
reranker leaves recall's own order. Runs the real HTTP client against the fake ``/rerank`` endpoint."""

from __future__ import annotations

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.llm.rerank import Reranker
from graphsvc.runtime import Runtime
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at

TEXTS = [
    "I bought a red bicycle last spring.",
    "My sister plays the cello in an orchestra.",
    "We had pasta for dinner on Friday.",
    "The orchestra concert with the cello solo was on Sunday.",
]


async def fill(service: MemoryService) -> None:
    await service.ingest_messages(
        user_id="ana",
        session_id="s1",
        messages=[
            MessageIn(role="user", content=t, occurred_at=at(1, minute=i), message_id=f"m{i}")
            for i, t in enumerate(TEXTS)
        ],
    )
    await service.worker.start()  # the messages' vectors (the embed_events job ingest queued)
    try:
        await service.wait_for_jobs()
    finally:
        await service.worker.stop()


async def test_recall_takes_the_rerankers_order_and_keeps_its_own_when_it_fails(
    settings: Settings, database: Database, embedder: LocalEmbedder, llm_server: FakeOpenAI
) -> None:
    plain = MemoryService(Runtime(settings=settings, db=database, embedder=embedder))
    await fill(plain)
    query = "sister cello orchestra concert sunday solo"
    fused = [h.uid for h in await plain.recall(user_id="ana", query=query, limit=4)]
    assert llm_server.requests == []  # off by default: no request

    reranking = settings.model_copy(update={"reranker_base_url": llm_server.base_url, "reranker_top_n": 3})
    reranker = Reranker.from_settings(reranking.reranker)
    assert reranker is not None
    service = MemoryService(Runtime(settings=reranking, db=database, embedder=embedder, reranker=reranker))
    try:
        hits = await service.recall(user_id="ana", query=query, limit=4)
        sent = llm_server.requests[-1]
        assert sent["query"] == query and len(sent["documents"]) == 3
        overlap = [len(set(query.split()) & set(h.content.lower().split())) for h in hits[:3]]
        assert overlap == sorted(overlap, reverse=True)  # the reranker's order
        assert sorted(h.uid for h in hits[:3]) == sorted(fused[:3]) and hits[3].uid == fused[3]

        llm_server.rerank_status = 500
        assert [h.uid for h in await service.recall(user_id="ana", query=query, limit=4)] == fused
    finally:
        await reranker.aclose()


def test_no_reranker_without_a_url() -> None:
    assert Reranker.from_settings(Settings().reranker) is None
