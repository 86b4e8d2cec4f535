"""Issue 12: eraseUser removes one user and nothing else (randomized), resumes when interrupted, and says complete
only when nothing is left; export and restore bring a user back with the same recall."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest

from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.errors import ConflictError, InvalidInputError
from graphsvc.graph import erase as erase_graph
from graphsvc.graph.database import Database
from graphsvc.runtime import Runtime
from graphsvc.service import MemoryService
from tests.integration.conftest import at, make_service
from tests.integration.erase_support import COORDINATION, cli, counts_by_label, erase_order, snapshot, user_nodes
from tests.integration.lifecycle_support import converse, cypher

SENTENCES = [
    "I live in {city}.",
    "I went running in the park before work yesterday.",
    "I work as a {job} at the city hospital.",
    "My friend {name} paints landscapes by the sea.",
    "I love {food}.",
    "I want to learn the cello this year.",
    "My sister {name} visited me last weekend.",
    "I can't sleep well when I'm stressed about work.",
    "I went hiking with {name} on Saturday.",
    "I adopted a cat named {pet} yesterday.",
]
FILL = {
    "city": ["Lisbon", "Porto", "Berlin", "Madrid"],
    "job": ["nurse", "teacher", "chef"],
    "name": ["Oliver", "Marta", "Jon", "Lea"],
    "food": ["sushi", "ramen", "pizza"],
    "pet": ["Miso", "Luna", "Rex"],
}


async def random_user(service: MemoryService, rng: random.Random, user_id: str, speaker: str) -> None:
    """Two to three conversations of random statements, plus a remembered fact."""
    for s in range(rng.randint(2, 3)):
        lines = []
        for i, template in enumerate(rng.sample(SENTENCES, 4)):
            text = template.format(**{k: rng.choice(v) for k, v in FILL.items()})
            lines.append((f"{user_id}-{s}-{i}", text, at(1 + 2 * s, minute=i)))
        await converse(service, user_id=user_id, session_id=f"s{s}", lines=lines, speaker=speaker)
    await service.remember(user_id=user_id, content=f"{speaker}: I have a bike.", memory_type="fact", source="user")


@pytest.mark.parametrize("seed", [7, 12])
async def test_erasing_one_user_leaves_the_others_byte_for_byte_unchanged(service: MemoryService, seed: int) -> None:
    rng = random.Random(seed)
    users = [f"user{i}" for i in range(3)]
    for user_id, speaker in zip(users, ["Ana", "Bo", "Cy"], strict=True):
        await random_user(service, rng, user_id, speaker)
    doomed = rng.choice(users)
    others = [u for u in users if u != doomed]
    before = await snapshot(service, others)
    total = await user_nodes(service, doomed)
    assert total > 30

    result = await service.erase_user(user_id=doomed, confirm=doomed)

    assert result.complete and result.nodes_deleted == total
    assert await user_nodes(service, doomed) == 0
    assert await snapshot(service, others) == before
    assert await service.recall(user_id=doomed, query="Where do I live?") == []
    again = await service.erase_user(user_id=doomed, confirm=doomed)
    assert again.complete and again.nodes_deleted == 0  # idempotent


async def test_an_interrupted_erasure_resumes_and_counts_everything(service: MemoryService) -> None:
    await random_user(service, random.Random(3), "ana", "Ana")
    total = await user_nodes(service, "ana")
    small = MemoryService(replace(service.rt, settings=service.settings.model_copy(update={"erase_batch_nodes": 5})))
    first = await small.erase_user(user_id="ana", confirm="ana", max_batches=3)
    assert not first.complete and 0 < first.nodes_deleted <= 15  # 3 batches of at most 5 nodes
    marker = await cypher(service.db, "MATCH (x:Erasure {user_id: 'ana'}) RETURN x.counts AS c")
    assert sum(json.loads(marker[0]["c"]).values()) == first.nodes_deleted
    left = total - first.nodes_deleted
    assert await user_nodes(service, "ana") == left + 1  # the Erasure node is the user's until the end
    second = await small.erase_user(user_id="ana", confirm="ana")
    assert second.complete and second.nodes_deleted == total
    assert await user_nodes(service, "ana") == 0


async def test_erase_is_complete_only_when_a_count_finds_nothing_left(
    service: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    memories = (await counts_by_label(service, "ana"))["Memory"]
    real = erase_graph.delete_batch
    last = erase_order()[-1]

    async def a_job_writes_meanwhile(db: Any, **kwargs: Any) -> int:
        deleted = await real(db, **kwargs)
        if kwargs["label"] == last:  # after each pass: a memory written by a job that was still running
            await cypher(db, "CREATE (:Memory {uid: randomUUID(), user_id: 'ana', content: 'late'})")
        return deleted

    monkeypatch.setattr(erase_graph, "delete_batch", a_job_writes_meanwhile)
    out = await cli("erase", "--user", "ana", "--confirm", "ana", exit_code=1)
    assert "erased ana: " in out and f"Memory {memories + 1}," in out and "run graphsvc erase again" in out
    first = await service.erase_user(user_id="ana", confirm="ana")  # resumes, and is left incomplete again
    assert not first.complete
    assert await user_nodes(service, "ana", leave_out=["Erasure"]) == 1
    assert await user_nodes(service, "ana") == 2  # the Erasure node stays, with the counts so far
    monkeypatch.setattr(erase_graph, "delete_batch", real)
    second = await service.erase_user(user_id="ana", confirm="ana")
    assert second.complete and second.deleted_by_label["Memory"] == first.deleted_by_label["Memory"] + 1
    assert await user_nodes(service, "ana") == 0


async def test_erase_requires_the_user_id_as_confirmation(service: MemoryService) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    with pytest.raises(InvalidInputError, match="confirm"):
        await service.erase_user(user_id="ana", confirm="bob")
    assert await user_nodes(service, "ana") > 0


QUERIES = ["Where does Ana live?", "What does Ana do for work?", "Who is Oliver?", "What pet did Ana adopt?"]


async def recall_all(service: MemoryService) -> list[list[tuple[str, str, str]]]:
    out: list[list[tuple[str, str, str]]] = []
    for q in QUERIES:
        hits = await service.recall(user_id="ana", query=q, limit=10)
        out.append([(h.uid, str(h.kind), h.content) for h in hits])
    return out


async def export_lines(service: MemoryService, *, embeddings: bool) -> list[dict[str, Any]]:
    lines = [json.loads(json.dumps(line)) async for line in service.export_user(user_id="ana", embeddings=embeddings)]
    return lines


@pytest.fixture
async def scored_in_neo4j(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> AsyncIterator[MemoryService]:
    """A service without in-process vector copies: every recall is scored by Neo4j, so the recall before the
    erasure and the one after the restore take the same path (a copy is filled in the background, so which
    path a recall takes would otherwise depend on timing, and float32 numpy and Neo4j can order near-ties apart)."""
    svc = make_service(settings.model_copy(update={"vector_cache_max_vectors": 0}), database, embedder)
    await svc.worker.start()
    yield svc
    await svc.worker.stop()
    await svc.rt.vectors.copies.settled()  # no vector-copy fill outlives the test


async def test_export_erase_restore_gives_the_same_recall(scored_in_neo4j: MemoryService) -> None:
    service = scored_in_neo4j
    await random_user(service, random.Random(5), "ana", "Ana")
    await converse(service, user_id="bob", session_id="s1", lines=[("b1", "I live in Porto.", at(1))])
    await service.wait_for_jobs()  # every vector made (a background job) before the recall to compare with
    before = await recall_all(service)
    graph_before = await snapshot(service, ["ana"], leave_out=COORDINATION)
    assert await user_nodes(service, "ana") > await user_nodes(service, "ana", leave_out=COORDINATION)
    lines = await export_lines(service, embeddings=False)
    header, body = lines[0], lines[1:]
    assert header["kind"] == "header" and header["user_id"] == "ana" and not header["embeddings"]
    assert all("embedding" not in line["props"] for line in body)
    assert {line["props"]["user_id"] for line in body if line["kind"] == "node"} == {"ana"}
    nodes = sum(1 for line in body if line["kind"] == "node")
    assert nodes == await user_nodes(service, "ana", leave_out=COORDINATION)

    await service.erase_user(user_id="ana", confirm="ana")
    report = await service.restore_user(lines=lines)

    assert report.nodes == nodes and report.edges == sum(1 for line in body if line["kind"] == "edge")
    assert report.reembedded > 0
    await service.wait_for_jobs()
    assert await recall_all(service) == before
    # vectors recomputed exactly: same embedder, same text
    assert await snapshot(service, ["ana"], leave_out=COORDINATION) == graph_before
    with pytest.raises(ConflictError):
        await service.restore_user(lines=lines)


async def test_an_export_with_vectors_restores_them_without_embedding(service: MemoryService, embedder: Any) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    lines = await export_lines(service, embeddings=True)
    assert any("embedding" in line.get("props", {}) for line in lines[1:])
    await service.erase_user(user_id="ana", confirm="ana")
    report = await service.restore_user(lines=lines)
    assert report.reembedded == 0
    other = MemoryService(Runtime(settings=service.settings, db=service.db, embedder=embedder))
    await other.erase_user(user_id="ana", confirm="ana")
    lines[0] = {**lines[0], "embedder": "openai:some-other-model:384"}
    assert (await other.restore_user(lines=lines)).reembedded > 0  # another embedder: vectors recomputed


async def test_restore_refuses_what_is_not_an_export(service: MemoryService) -> None:
    with pytest.raises(InvalidInputError, match="header"):
        await service.restore_user(lines=[{"kind": "node", "labels": ["Memory"], "props": {}}])
    header = {"kind": "header", "format": "graphsvc-export", "version": 1, "user_id": "ana", "embeddings": False}
    for as_user in (None, "cy"):  # under another user id too: the file's owners are checked before re-keying
        with pytest.raises(InvalidInputError, match="another user"):
            await service.restore_user(
                lines=[header, {"kind": "node", "labels": ["Memory"], "props": {"uid": "x", "user_id": "bob"}}],
                as_user=as_user,
            )
    # only the kinds graphsvc exports come back: never a credential, nor a label or type it does not write
    for labels in (["ApiKey"], ["Memory", "Admin"], []):
        with pytest.raises(InvalidInputError, match="not a kind graphsvc exports"):
            await service.restore_user(
                lines=[header, {"kind": "node", "labels": labels, "props": {"uid": "x", "user_id": "ana"}}]
            )
    memory = {"kind": "node", "labels": ["Memory"], "props": {"uid": "m", "user_id": "ana", "content": ""}}
    edge = {"kind": "edge", "type": "OWNS", "start": "m", "end": "m", "props": {}}
    with pytest.raises(InvalidInputError, match="not a relationship graphsvc writes"):
        await service.restore_user(lines=[header, memory, edge])
