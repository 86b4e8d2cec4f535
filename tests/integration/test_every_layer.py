"""Every layer of a user (a conversation, other sources, documents, candidates, tags, learning runs) is exported,
erased to nothing and restored with the same graph and recall, through GraphQL and the CLI, and restored under
another user id beside the user it came from; a synthetic user of the forget benchmark is forgotten and
erased."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from graphsvc import keys
from graphsvc.graph import synthetic_users as su
from graphsvc.service import MemoryService
from tests.integration.conftest import at
from tests.integration.erase_support import (
    COORDINATION,
    cli,
    counts_by_label,
    erase_order,
    gql_data,
    snapshot,
    user_nodes,
)
from tests.integration.graphql_client import GraphQLClient
from tests.integration.lifecycle_support import converse, cypher

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
MANUAL = (
    "# Boat manual\n\n## Engine\n\nThe outboard engine needs two-stroke oil mixed at fifty to one.\n\n"
    "## Mooring\n\nThe marina in Lisbon has free moorings in winter.\n"
)
LAYER_QUERIES = ["Where does Ana live?", "buy running shoes", "outboard engine oil", "sourdough starter"]
EVERY_LAYER = {"Session", "Event", "Memory", "Document", "DocumentVersion", "Chunk", "Source", "MemoryCandidate"}
EVERY_LAYER |= {"Tag", "LearningRun", "Job", "HistoryEntry", "DocumentEntity", "Entity"}


async def every_layer(gql: GraphQLClient, service: MemoryService) -> None:
    """A conversation, a note, a todo (two versions), a document (two versions) naming a place the user named
    (its document entity linked to the user's entity), a tag and a learning run."""
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
        await service.wait_for_jobs()  # each upload parsed before the next (a newer upload replaces a waiting one)
    memory = (await gql_data(gql, MEMORIES, u="ana"))["memories"]["items"][0]
    await gql_data(gql, TAG, u="ana", m=memory["id"], t="home")
    await gql_data(gql, LEARN, u="ana")
    await service.wait_for_jobs()


async def document_mentions(service: MemoryService, user_id: str) -> list[tuple[str, str]]:
    """(the user's entity, the document entity) of every link from one to the other."""
    async with service.db.driver.session() as session:
        found = await session.run(
            "MATCH (e:Entity {user_id: $u})-[:DOCUMENT_MENTION]->(m:DocumentEntity) RETURN e.subject AS e, m.name AS m",
            u=user_id,
        )
        return sorted([(r["e"], r["m"]) async for r in found])


async def test_every_layer_is_exported_erased_to_nothing_and_restored(service: MemoryService, tmp_path: Path) -> None:
    # a document is parsed and embedded on the request: a loaded test machine may need more than the 10 s
    gql = GraphQLClient(service, settings=service.settings.model_copy(update={"request_deadline_s": 120.0}))
    try:
        await every_layer(gql, service)
        await converse(service, user_id="bob", session_id="s1", lines=[("b1", "I live in Porto.", at(1))])
        before = await counts_by_label(service, "ana")
        assert EVERY_LAYER <= set(before), sorted(EVERY_LAYER - set(before))
        assert await document_mentions(service, "ana") == [("Lisbon", "Lisbon")]  # the user said it too
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
        assert await document_mentions(service, "ana") == [("Lisbon", "Lisbon")]
        assert await snapshot(service, ["bob"]) == bob_before
    finally:
        await gql.aclose()


async def stored_keys(service: MemoryService, user_id: str) -> set[str]:
    """Every ``uid`` and ``*_key`` value of the user's nodes."""
    rows = await cypher(
        service.db,
        "MATCH (n {user_id: $u}) UNWIND keys(n) AS k WITH n, k WHERE k = 'uid' OR k ENDS WITH '_key' "
        "RETURN DISTINCT n[k] AS v",
        u=user_id,
    )
    return {str(r["v"]) for r in rows}


async def stored_strings(service: MemoryService, user_id: str) -> str:
    """Every property value of the user's nodes and of the edges between them, as one string."""
    rows = await cypher(
        service.db,
        "MATCH (n {user_id: $u}) OPTIONAL MATCH (n)-[r]->() RETURN properties(n) AS p, collect(properties(r)) AS r",
        u=user_id,
    )
    return json.dumps([[r["p"], r["r"]] for r in rows], default=str)


async def one_uid(service: MemoryService, match: str, **params: Any) -> str:
    rows = await cypher(service.db, f"MATCH {match} RETURN n.uid AS uid", **params)
    assert len(rows) == 1, rows
    return str(rows[0]["uid"])


QUERIES = [*LAYER_QUERIES, "Who paints landscapes?"]
RECALL_CONTENT = "query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 10) { content } }"
"""What recall says, not which node says it: hits of equal score are ordered by uid, so of a memory and the
impression with its text (from one message) either may come first and cover the other."""


async def recalled(gql: GraphQLClient, user_id: str) -> list[list[str]]:
    """The contents each of :data:`QUERIES` recalls for the user, sorted."""
    return [
        sorted(h["content"] for h in (await gql_data(gql, RECALL_CONTENT, u=user_id, q=q))["recall"]) for q in QUERIES
    ]


AGAIN = "mutation($input: IngestMessagesInput!) { ingestMessages(input: $input) { stored duplicates } }"


async def test_an_export_restored_under_another_user_id_lives_beside_its_user(
    service: MemoryService, tmp_path: Path
) -> None:
    gql = GraphQLClient(service, settings=service.settings.model_copy(update={"request_deadline_s": 120.0}))
    try:
        await every_layer(gql, service)
        friend = [("c1", "My friend Oliver paints landscapes.", at(4)), ("c2", "Oliver lives in Porto.", at(5))]
        await converse(service, user_id="ana", session_id="s2", lines=friend)
        await service.wait_for_jobs()
        before = await counts_by_label(service, "ana")
        assert {"Alias", "Impression"} <= set(before)
        ana_graph = await snapshot(service, ["ana"])
        ana_keys = await stored_keys(service, "ana")
        recall_ana = await recalled(gql, "ana")
        file = tmp_path / "ana.jsonl"
        await cli("export", "--user", "ana", "--output", str(file))

        out = await cli("restore", str(file), "--as", "bea")

        assert "restored bea: " in out and "the export of ana" in out, out
        assert await snapshot(service, ["ana"]) == ana_graph  # the user it came from is untouched
        assert await counts_by_label(service, "bea") == {k: v for k, v in before.items() if k not in COORDINATION}
        await service.wait_for_jobs()
        recall_bea = await recalled(gql, "bea")
        assert recall_bea == recall_ana and all(recall_bea)
        bea_strings = await stored_strings(service, "bea")
        assert not [k for k in ana_keys if k in bea_strings]  # no id of ana's is left in bea's graph
        # keys derived from natural parts are the ones bea's own writes compute, so those writes find them
        assert await one_uid(service, "(n:Session {user_id: 'bea', session_id: 's1'})") == keys.session_uid("bea", "s1")
        assert await one_uid(service, "(n:Document {user_id: 'bea'})") == keys.digest("document", "bea", "boat")
        source = "(n:Source {user_id: 'bea', source_id: 'n1'})"
        assert await one_uid(service, source) == keys.digest("source", "bea", "note", "n1")
        lisbon = keys.entity_subject_key("bea", "lisbon")
        assert await one_uid(service, "(n:Entity {subject_key: $k})", k=lisbon)
        assert await one_uid(service, "(n:Alias {uid: $a})", a=keys.alias_uid("bea", lisbon, "lisbon"))
        chunks = await cypher(
            service.db,
            "MATCH (c:Chunk {user_id: 'bea'}) MATCH (d:Document {uid: c.document_uid}) "
            "RETURN c.uid AS uid, d.uid AS document, d.content_hash AS version, c.position AS position",
        )
        assert chunks and all(
            c["uid"] == keys.digest("chunk", c["document"], c["version"], str(c["position"])) for c in chunks
        )
        tenants = await cypher(service.db, "MATCH (n {user_id: 'bea'}) RETURN DISTINCT n.tenant_key AS t")
        assert {r["t"] for r in tenants} == {None, keys.tenant_key("bea")}
        m0 = {"role": "user", "content": "I live in Lisbon.", "occurredAt": at(1).isoformat(), "messageId": "m0"}
        again = await gql_data(gql, AGAIN, input={"userId": "bea", "sessionId": "s1", "messages": [m0]})
        assert again["ingestMessages"] == {"stored": 0, "duplicates": 1}

        refused = await cli("restore", str(file), "--as", "bea", exit_code=2)
        assert "already has data" in refused and "--as" in refused
    finally:
        await gql.aclose()


async def test_an_export_whose_ids_exist_is_refused_with_the_fix(service: MemoryService, tmp_path: Path) -> None:
    await converse(service, user_id="ana", session_id="s1", lines=[("m1", "I live in Lisbon.", at(1))])
    file = tmp_path / "ana.jsonl"
    await cli("export", "--user", "ana", "--output", str(file))
    # the export's user id changed by hand: its ids are still ana's, who still has them
    lines = [json.loads(line) for line in file.read_text().splitlines()]
    lines[0]["user_id"] = "cy"
    for line in lines[1:]:
        if line["kind"] == "node":
            line["props"]["user_id"] = "cy"
    edited = tmp_path / "cy.jsonl"
    edited.write_text("".join(json.dumps(line) + "\n" for line in lines))

    refused = await cli("restore", str(edited), exit_code=2)

    assert "already exist in this database" in refused and "held by user 'ana'" in refused, refused
    assert "--as" in refused
    assert await user_nodes(service, "cy") == 0  # nothing written
    ana_graph = await snapshot(service, ["ana"])
    assert "restored dee: " in await cli("restore", str(edited), "--as", "dee")  # the fix the error gives
    assert await snapshot(service, ["ana"]) == ana_graph
    assert await user_nodes(service, "dee") == await user_nodes(service, "ana", leave_out=COORDINATION)


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

    assert (forgot.events, forgot.sessions, forgot.memories_deleted) == (4, 1, 2)
    # the trait rested on two memories, one of them the session's: the one left grounds no trait
    assert (forgot.traits_rescored, forgot.traits_deleted) == (0, 1)
    assert forgot.impressions == 1  # its only evidence came from the forgotten session
    erased = await service.erase_user(user_id="ana", confirm="ana")
    assert erased.complete and await su.count_nodes(service.db, user_id="ana") == 0
