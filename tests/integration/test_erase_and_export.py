"""Issue 12: eraseUser removes one user and nothing else (randomized), resumes when interrupted; export and
restore bring a user back with the same recall; every layer (conversations, other sources, documents, candidates,
tags, learning runs) is exported, erased and restored (issue 20)."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from click.testing import CliRunner

from graphsvc import keys
from graphsvc.cli import main
from graphsvc.errors import ConflictError, InvalidInputError
from graphsvc.graph import catalog
from graphsvc.graph import erase as erase_graph
from graphsvc.graph import synthetic_users as su
from graphsvc.runtime import Runtime
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
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


def canonical(value: Any) -> Any:
    """Date-times as UTC instants (a restore writes the same instant, maybe in another zone notation)."""
    if hasattr(value, "to_native"):
        value = value.to_native()
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat()
    if isinstance(value, list):
        return [canonical(v) for v in value]
    return value


COORDINATION = ["JobLane", "EntityLock"]
"""Nodes of a user that hold no data (issue 11's lanes and locks): erased, never exported."""


async def snapshot(service: MemoryService, users: list[str], *, leave_out: list[str] | None = None) -> str:
    """Every node (labels and properties) and edge of the users, as one canonical string."""
    nodes = await cypher(
        service.db,
        "MATCH (n) WHERE n.user_id IN $users AND NOT any(l IN labels(n) WHERE l IN $leave_out) "
        "RETURN labels(n) AS l, properties(n) AS p",
        users=users,
        leave_out=leave_out or [],
    )
    edges = await cypher(
        service.db,
        "MATCH (a)-[r]->(b) WHERE a.user_id IN $users OR b.user_id IN $users "
        "RETURN a.uid AS a, type(r) AS t, b.uid AS b, properties(r) AS p",
        users=users,
    )
    rows = [json.dumps([n["l"], canonical_props(n["p"])], sort_keys=True) for n in nodes]
    rows += [json.dumps([e["a"], e["t"], e["b"], canonical_props(e["p"])], sort_keys=True) for e in edges]
    return "\n".join(sorted(rows))


def canonical_props(props: dict[str, Any]) -> dict[str, Any]:
    return {k: canonical(v) for k, v in props.items()}


async def user_nodes(service: MemoryService, user_id: str, *, leave_out: list[str] | None = None) -> int:
    rows = await cypher(
        service.db,
        "MATCH (n {user_id: $u}) WHERE NOT any(l IN labels(n) WHERE l IN $leave_out) RETURN count(n) AS n",
        u=user_id,
        leave_out=leave_out or [],
    )
    return int(rows[0]["n"])


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


async def test_a_synthetic_user_of_the_benchmark_is_forgotten_by_session_and_erased(service: MemoryService) -> None:
    rng = np.random.default_rng(1)
    now = service.clock()

    def vector() -> npt.NDArray[np.float32]:
        raw = rng.standard_normal(service.rt.embedder.dimensions).astype(np.float32)
        return raw / np.linalg.norm(raw)

    sessions = []
    for s in range(2):
        messages = []
        for i in range(4):
            memory = None
            if i % 2 == 0:
                text = f"I talked about my bike ({s}-{i})."
                memory = su.SyntheticMemory(
                    uid=f"mem-{s}-{i}",
                    history_uid=f"h-{s}-{i}",
                    dedup_key=f"d-{s}-{i}",
                    content=text,
                    content_hash=f"c-{s}-{i}",
                    embedding=vector(),
                )
            messages.append(
                su.SyntheticMessage(
                    uid=f"ev-{s}-{i}",
                    source_id=f"s{s}-m{i}",
                    content=f"Message {i} of session {s}",
                    content_hash=f"e-{s}-{i}",
                    at=at(1 + s, minute=i),
                    seq=i,
                    embedding=vector(),
                    memory=memory,
                )
            )
        sessions.append(
            su.SyntheticSession(
                uid=keys.session_uid("ana", f"s{s}"), session_id=f"s{s}", at=at(1 + s), messages=tuple(messages)
            )
        )
    assert await su.write_sessions(service.db, user_id="ana", speaker="Ana", now=now, sessions=sessions) == 8
    impression = su.SyntheticImpression(uid="imp", evidence_uid="impev", content="Oli likes boats", event_uid="ev-0-1")
    entity = su.SyntheticEntity(
        uid="ent",
        subject="Oli",
        subject_key="ana:oli",
        normalized="oli",
        alias_uid="alias",
        event_uids=("ev-0-1", "ev-1-1"),
        impressions=(impression,),
    )
    assert await su.write_entities(service.db, user_id="ana", now=now, entities=[entity]) == 1
    evidence = tuple(
        su.SyntheticEvidence(uid=f"tev-{m}", memory_uid=m, cycle_id=f"c-{m}", at=now) for m in ("mem-0-0", "mem-1-0")
    )
    trait = su.SyntheticTrait(uid="trait", content="Often talks about bikes", cycle_id="c", evidence=evidence)
    assert await su.write_traits(service.db, user_id="ana", now=now, traits=[trait]) == 2
    total = await su.count_nodes(service.db, user_id="ana")
    # 2 sessions, 8 messages, 4 memories with 4 history entries, entity, name, impression with evidence,
    # trait with 2 pieces of evidence
    assert total == await user_nodes(service, "ana") == 2 + 8 + 4 + 4 + 1 + 1 + 2 + 3

    forgot = await service.forget_session(user_id="ana", session_id="s0")

    assert (forgot.events, forgot.sessions, forgot.memories_deleted, forgot.traits_rescored) == (4, 1, 2, 1)
    assert forgot.impressions == 1  # its only evidence came from the forgotten session
    erased = await service.erase_user(user_id="ana", confirm="ana")
    assert erased.complete and await su.count_nodes(service.db, user_id="ana") == 0


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


async def test_export_erase_restore_gives_the_same_recall(service: MemoryService) -> None:
    await random_user(service, random.Random(5), "ana", "Ana")
    await converse(service, user_id="bob", session_id="s1", lines=[("b1", "I live in Porto.", at(1))])
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
    with pytest.raises(InvalidInputError, match="another user"):
        await service.restore_user(
            lines=[header, {"kind": "node", "labels": ["Memory"], "props": {"uid": "x", "user_id": "bob"}}]
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


MESSAGES = "mutation($input: IngestMessagesInput!) { ingestMessages(input: $input) { stored } }"
EVENTS = "mutation($input: IngestEventsInput!) { ingestEvents(input: $input) { stored } }"
DOCUMENT = "mutation($input: IngestDocumentInput!) { ingestDocument(input: $input) { id } }"
END = "mutation($u: String!, $s: String!) { endConversation(userId: $u, sessionId: $s) { id } }"
MEMORIES = "query($u: String!) { memories(userId: $u) { items { id content } } }"
TAG = "mutation($u: String!, $m: ID!, $t: String!) { tagMemory(userId: $u, memoryId: $m, tag: $t) }"
LEARN = "mutation($u: String!) { runDailyLearning(userId: $u) { day } }"
GQL_ERASE = """
mutation($u: String!) { eraseUser(userId: $u, confirm: $u) { nodesDeleted complete deletedByLabel { key count } } }"""
GQL_RECALL = "query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 10) { id kind content } }"
MANUAL = "# Boat manual\n\n## Engine\n\nThe outboard engine needs two-stroke oil mixed at fifty to one.\n"
LAYER_QUERIES = ["Where does Ana live?", "buy running shoes", "outboard engine oil", "sourdough starter"]
EVERY_LAYER = {"Session", "Event", "Memory", "Document", "DocumentVersion", "Chunk", "Source", "MemoryCandidate"}
EVERY_LAYER |= {"Tag", "LearningRun", "Job", "HistoryEntry"}


async def gql_data(gql: GraphQLClient, query: str, **variables: Any) -> dict[str, Any]:
    body = await gql.execute(query, variables)
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]
    return result


async def counts_by_label(service: MemoryService, user_id: str) -> dict[str, int]:
    rows = await cypher(
        service.db,
        "MATCH (n {user_id: $u}) UNWIND labels(n) AS label RETURN label, count(*) AS n",
        u=user_id,
    )
    return {str(r["label"]): int(r["n"]) for r in rows}


async def every_layer(gql: GraphQLClient, service: MemoryService) -> None:
    """A conversation, a note, a todo (two versions), a document (two versions), a tag and a learning run."""
    lines = ["I live in Lisbon.", "I work as a nurse at the city hospital."]
    messages = [
        {"role": "user", "content": text, "occurredAt": at(1, minute=i).isoformat(), "messageId": f"m{i}"}
        for i, text in enumerate(lines)
    ]
    await gql_data(gql, MESSAGES, input={"userId": "ana", "sessionId": "s1", "messages": messages})
    await gql_data(gql, END, u="ana", s="s1")
    note = {"sourceType": "NOTE", "sourceId": "n1", "title": "Bread", "content": "Feed the sourdough starter daily."}
    todo = {"sourceType": "TODO", "sourceId": "t1", "content": "Buy running shoes", "status": "open"}
    events = [{**note, "occurredAt": at(2).isoformat(), "tags": ["kitchen"]}, {**todo, "occurredAt": at(2).isoformat()}]
    await gql_data(gql, EVENTS, input={"userId": "ana", "events": events})
    done = {**todo, "status": "done", "occurredAt": at(3).isoformat()}  # a second version: the first loses its vector
    await gql_data(gql, EVENTS, input={"userId": "ana", "events": [done]})
    for text in (MANUAL, MANUAL + "\n## Anchoring\n\nDrop the anchor in sand.\n"):  # a DocumentVersion
        await gql_data(gql, DOCUMENT, input={"userId": "ana", "filename": "boat.md", "text": text, "sourceId": "boat"})
    await service.wait_for_jobs()
    memory = (await gql_data(gql, MEMORIES, u="ana"))["memories"]["items"][0]
    await gql_data(gql, TAG, u="ana", m=memory["id"], t="home")
    await gql_data(gql, LEARN, u="ana")
    await service.wait_for_jobs()


async def test_every_layer_is_exported_erased_to_nothing_and_restored(service: MemoryService, tmp_path: Path) -> None:
    # a document is parsed and embedded on the request: a loaded test machine may need more than the 10 s
    gql = GraphQLClient(service, settings=service.settings.model_copy(update={"request_deadline_s": 120.0}))
    try:
        await every_layer(gql, service)
        await converse(service, user_id="bob", session_id="s1", lines=[("b1", "I live in Porto.", at(1))])
        before = await counts_by_label(service, "ana")
        assert EVERY_LAYER <= set(before), sorted(EVERY_LAYER - set(before))
        recall_before = [(await gql_data(gql, GQL_RECALL, u="ana", q=q))["recall"] for q in LAYER_QUERIES]
        assert all(recall_before)
        graph_before = await snapshot(service, ["ana"], leave_out=COORDINATION)
        bob_before = await snapshot(service, ["bob"])
        file = tmp_path / "ana.jsonl"
        await cli("export", "--user", "ana", "--output", str(file))

        erased = (await gql_data(gql, GQL_ERASE, u="ana"))["eraseUser"]

        assert erased["complete"] and erased["nodesDeleted"] == sum(before.values())
        assert await user_nodes(service, "ana") == 0
        by_label = {c["key"]: c["count"] for c in erased["deletedByLabel"]}
        assert {k: v for k, v in by_label.items() if v} == before
        assert [c["key"] for c in erased["deletedByLabel"]] == list(erase_order())

        out = await cli("restore", str(file))

        assert f"restored ana: {sum(v for k, v in before.items() if k not in COORDINATION)} nodes" in out
        restored = await counts_by_label(service, "ana")
        assert restored == {k: v for k, v in before.items() if k not in COORDINATION}
        assert [(await gql_data(gql, GQL_RECALL, u="ana", q=q))["recall"] for q in LAYER_QUERIES] == recall_before
        assert await snapshot(service, ["ana"], leave_out=COORDINATION) == graph_before  # vectors recomputed too
        assert await snapshot(service, ["bob"]) == bob_before
    finally:
        await gql.aclose()


def erase_order() -> tuple[str, ...]:
    """Every user-owned label of the catalog, in its order, the transient Erasure aside."""
    return tuple(k.label for k in catalog.NODES if k.owner == "user" and not k.transient)


async def cli(*args: str, exit_code: int = 0) -> str:
    """Run the ``graphsvc`` CLI (in a thread: it runs its own event loop) on the test database; its stdout
    and stderr."""
    result = await asyncio.to_thread(CliRunner().invoke, main, list(args))
    assert result.exit_code == exit_code, (result.output, result.exception)
    return result.output
