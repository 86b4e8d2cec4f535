"""eraseUser never answers complete while something written during it is left (issue 25 item 9): the user's writes
pass a gate the erasure closes. A write in flight when the erasure begins is waited for (and erased), a write
while it runs is refused with CONFLICT (nothing stored), and concurrent ingest during an erasure leaves nothing
that committed before it finished."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from dataclasses import dataclass, replace
from typing import Any

import pytest

from graphsvc import keys
from graphsvc.conversation import MessageIn
from graphsvc.errors import ErasureInProgressError
from graphsvc.graph import erase as erase_graph
from graphsvc.graph.cypher import query
from graphsvc.pipeline.sources.events import SourceEventIn
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.erase_support import user_nodes
from tests.integration.graphql_client import GraphQLClient
from tests.integration.lifecycle_support import converse, cypher
from tests.integration.test_erase_and_export import random_user


def message(text: str, message_id: str) -> list[MessageIn]:
    return [MessageIn(role="user", content=text, occurred_at=at(9), message_id=message_id, speaker="Ana")]


def small_batches(service: MemoryService, nodes: int = 5) -> MemoryService:
    """The same service, erasing ``nodes`` nodes per transaction (an erasure of many steps)."""
    return MemoryService(replace(service.rt, settings=service.settings.model_copy(update={"erase_batch_nodes": nodes})))


async def test_writes_of_a_user_being_erased_are_refused_until_it_completes(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    stopped = await small_batches(service).erase_user(user_id="ana", confirm="ana", max_batches=1)
    assert not stopped.complete
    before = await user_nodes(service, "ana")

    writes = [
        service.ingest_messages(user_id="ana", session_id="s2", messages=message("I live in Porto.", "m2")),
        service.ingest_events(user_id="ana", events=[SourceEventIn("note", "n1", "Buy bread.", at(2))]),
        service.remember(user_id="ana", content="Ana: I have a bike.", memory_type="fact", source="user"),
        service.ingest_document(user_id="ana", filename="a.md", text="# A\n\nThe engine needs oil.\n"),
    ]
    for write in writes:
        with pytest.raises(ErasureInProgressError) as refused:
            await write
        assert refused.value.code == "CONFLICT" and "being erased" in refused.value.message
    gql = GraphQLClient(service)
    try:
        body = await gql.execute(
            "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }",
            {
                "i": {
                    "userId": "ana",
                    "sessionId": "s3",
                    "messages": [{"role": "user", "content": "Hi.", "occurredAt": "2024-05-09T12:00:00Z"}],
                }
            },
        )
        assert body["errors"][0]["extensions"]["code"] == "CONFLICT" and body["data"] is None
    finally:
        await gql.aclose()
    assert await user_nodes(service, "ana") == before  # nothing stored
    await converse(service, user_id="bob", session_id="s1", lines=[("m1", "I live in Porto.", at(1))])  # others write

    done = await service.erase_user(user_id="ana", confirm="ana")

    assert done.complete and await user_nodes(service, "ana") == 0
    await service.ingest_messages(user_id="ana", session_id="s2", messages=message("I live in Porto.", "m2"))
    assert await user_nodes(service, "ana") > 0  # a new life after the erasure


async def test_the_erasure_waits_for_a_write_in_flight(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    gate = {"user_id": "ana", "erasure_uid": keys.erasure_uid("ana")}
    async with service.db.driver.session(database=service.db.database) as session:
        tx = await session.begin_transaction()
        passed = await (await tx.run(query("write_gate"), gate)).single()
        assert passed is not None and passed["erasing"] is False
        await (await tx.run("CREATE (:Memory {uid: randomUUID(), user_id: 'ana', content: 'in flight'})")).consume()
        erasing = asyncio.create_task(service.erase_user(user_id="ana", confirm="ana"))
        await asyncio.sleep(1.0)
        assert not erasing.done()  # it waits at the gate while the write is open
        await tx.commit()
    result = await erasing

    assert result.complete and await user_nodes(service, "ana") == 0  # the write it waited for is erased too


@dataclass
class Write:
    """One ingest of a writer: its message id, when it started and returned (monotonic s), and its outcome."""

    message_id: str
    started: float
    returned: float
    stored: bool


async def test_concurrent_ingest_during_an_erasure_leaves_nothing_written_during_it(
    service: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await random_user(service, random.Random(9), "ana", "Ana")
    marks: dict[str, float] = {}
    real_begin, real_finish = erase_graph.begin, erase_graph.finish

    async def begin(db: Any, **kwargs: Any) -> dict[str, int]:
        counts = await real_begin(db, **kwargs)
        marks["begun"] = time.monotonic()  # after its commit: every write starting now meets a closed gate
        return counts

    async def finish(db: Any, **kwargs: Any) -> None:
        marks["finishing"] = time.monotonic()  # before the gate opens again
        await real_finish(db, **kwargs)

    monkeypatch.setattr(erase_graph, "begin", begin)
    monkeypatch.setattr(erase_graph, "finish", finish)
    writes: list[Write] = []
    erasing = asyncio.create_task(small_batches(service).erase_user(user_id="ana", confirm="ana"))
    ids = itertools.count()

    async def writer(w: int) -> None:
        while not erasing.done():
            message_id = f"w{w}-{next(ids)}"
            started = time.monotonic()
            try:
                await service.ingest_messages(
                    user_id="ana", session_id=f"w{w}", messages=message(f"Writer {w} says hello again.", message_id)
                )
                stored = True
            except ErasureInProgressError:
                stored = False
            writes.append(Write(message_id, started, time.monotonic(), stored))

    await asyncio.gather(*(writer(w) for w in range(3)))
    result = await erasing

    assert result.complete
    refused = [w for w in writes if not w.stored]
    assert refused, "no write met the erasure: it did not overlap the writers"
    during = [w for w in writes if w.stored and w.started > marks["begun"] and w.returned < marks["finishing"]]
    assert during == []  # nothing was stored while the erasure ran
    left = await cypher(service.db, "MATCH (e:Event {user_id: 'ana'}) RETURN e.source_id AS id")
    returned = {w.message_id: w.returned for w in writes if w.stored}
    assert all(returned[r["id"]] > marks["finishing"] for r in left)  # what is left was written after it
