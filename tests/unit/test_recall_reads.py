"""Recall's graph functions turn one collected record into typed candidates and hits, and ask with the right
parameters."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from neo4j.time import DateTime

from graphsvc.graph import memory_context, recall, recall_hits
from graphsvc.graph.recall import Filters, GraphCandidates, Scored, TextMatch
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.vocabulary import RECALL_TRAIT_STAGES, TRAIT_STAGES

NOW = Filters(statuses=("active",), as_of=None, with_stale=False, stages=("core",), trait_uids=None)


class Answers:
    """A :class:`graphsvc.graph.database.Queries` that answers each query name with fixed rows and records calls."""

    def __init__(self, rows: dict[str, list[dict[str, Any]]] | None = None) -> None:
        self.rows = rows or {}
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        self.calls.append((name, params))
        return self.rows.get(name, [])

    async def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        raise AssertionError("recall never writes")

    async def write_many(self, steps: list[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
        raise AssertionError("recall never writes")


def text_record(**overrides: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "user_events": 12,
        "user_memories": 5,
        "user_passages": 0,
        "text_events": [],
        "text_memories": [],
        "text_impressions": [],
        "text_traits": [],
        "text_passages": [],
        "term_counts": [],
        "named": [],
        "selective": [],
        "related": [],
        "entity_events": [],
        "entity_memories": [],
        "entity_impressions": [],
        "related_events": [],
        "related_impressions": [],
        "stamp": None,
    }
    return record | overrides


async def test_the_text_read_is_one_statement_on_the_querys_index_family() -> None:
    db = Answers(
        {
            "recall_text": [
                text_record(
                    text_impressions=[{"uid": "i1", "score": 3.5, "text": None}],
                    term_counts=[{"index": "event_text_cjk", "query": "t AND 猫", "n": 3}],
                    named=["n1"],
                    selective=["n1"],
                    entity_events=["e1", "e2"],
                    related_impressions=["i9"],
                )
            ]
        }
    )
    read = await recall.text_candidates(
        db,
        user_id="u",
        family="cjk",
        lucene_query="q",
        k=20,
        asks=[("event_text_cjk", "t AND 猫")],
        names=["猫"],
        subject_keys=["k1"],
        filters=NOW,
        max_share=0.25,
        min_observed=20,
        related_limit=10,
    )
    assert read.pools["impression"] == [TextMatch("i1", 3.5, "")]  # text is never None
    assert read.term_counts == {("event_text_cjk", "t AND 猫"): 3}
    assert (read.user_count("event"), read.user_count("memory"), read.user_count("chunk")) == (12, 5, 0)
    assert read.named == ("n1",) and read.graph.events == ("e1", "e2")
    assert read.graph.related_impressions == ("i9",)
    [(name, params)] = db.calls
    assert name == "recall_text"
    assert params["indexes"] == {
        "event": "event_text_cjk",
        "memory": "memory_text_cjk",
        "impression": "impression_text_cjk",
        "trait": "trait_text_cjk",
        "chunk": "chunk_text_cjk",
    }
    assert params["asks"] == [{"index": "event_text_cjk", "query": "t AND 猫"}]
    assert (params["statuses"], params["with_stale"], params["stages"], params["trait_uids"]) == (
        ["active"],
        False,
        ["core"],
        None,
    )
    with pytest.raises(ValueError, match="same length"):
        await recall.text_candidates(
            db,
            user_id="u",
            family="en",
            lucene_query=None,
            k=20,
            asks=[],
            names=["a", "b"],
            subject_keys=["k"],
            filters=NOW,
            max_share=0.25,
            min_observed=20,
            related_limit=10,
        )


def vector_record(**overrides: Any) -> dict[str, Any]:
    empty: list[list[dict[str, Any]]] = [[]]
    record: dict[str, Any] = {
        "events": empty,
        "memories": empty,
        "impressions": empty,
        "traits": empty,
        "passages": empty,
        "tagged": empty,
        "graph_events": [],
        "graph_memories": [],
        "graph_impressions": [],
        "graph_related_events": [],
        "graph_related_impressions": [],
    }
    return record | overrides


async def test_one_vector_read_serves_every_view_and_the_graph_lists() -> None:
    db = Answers(
        {
            "recall_vectors": [
                vector_record(
                    events=[[{"uid": "e1", "score": 0.9}], [{"uid": "e2", "score": 0.8}]],
                    memories=[[], [{"uid": "m1", "score": 0.7}]],
                    impressions=[[], []],
                    traits=[[], []],
                    passages=[[], []],
                    tagged=[[], []],
                    graph_impressions=[{"uid": "i1", "score": 0.0}],
                )
            ]
        }
    )
    found = await recall.vector_candidates(
        db,
        user_id="u",
        embeddings=[[1.0, 0.0], [0.0, 1.0]],
        k=5,
        filters=NOW,
        graph=GraphCandidates(impressions=("i1",)),
        ann={"event": 400},
    )
    assert [view.events for view in found.views] == [[Scored("e1", 0.9)], [Scored("e2", 0.8)]]
    assert found.views[1].memories == [Scored("m1", 0.7)]
    assert found.graph[2] == [Scored("i1", 0.0)]
    [(name, params)] = db.calls
    assert name == "recall_vectors"
    assert params["ann"] == {"event": True, "memory": False, "chunk": False}
    assert params["candidates"] == {"event": 400, "memory": 0, "chunk": 0}
    assert params["graph"]["impressions"] == ["i1"] and params["tags"] is None
    with pytest.raises(ValueError):
        await recall.vector_candidates(db, user_id="u", embeddings=[], k=5, filters=NOW, graph=GraphCandidates())


async def test_tagged_neighbours_are_split_by_kind_in_order() -> None:
    tagged = [
        {"uid": "m1", "score": 0.9, "kind": "memory"},
        {"uid": "e1", "score": 0.8, "kind": "event"},
        {"uid": "c1", "score": 0.7, "kind": "chunk"},
        {"uid": "m2", "score": 0.6, "kind": "memory"},
    ]
    db = Answers({"recall_vectors": [vector_record(tagged=[tagged])]})
    found = await recall.vector_candidates(
        db, user_id="u", embeddings=[[1.0, 0.0]], k=4, filters=NOW, graph=GraphCandidates(), tags=["work"], tagged_k=12
    )
    [view] = found.views
    assert view.memories == [Scored("m1", 0.9), Scored("m2", 0.6)]
    assert view.events == [Scored("e1", 0.8)]
    assert view.passages == [Scored("c1", 0.7)]
    assert view.impressions == view.traits == []
    params = db.calls[0][1]
    assert (params["tags"], params["tagged_k"]) == (["work"], 12)


def hits_record(**overrides: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "events": [],
        "memories": [],
        "memory_replacements": [],
        "impressions": [],
        "traits": [],
        "passages": [],
    }
    return record | overrides


async def test_hydrated_rows_have_python_times_tuples_and_the_belief_they_carry() -> None:
    said = DateTime(2024, 5, 2, 9, 30, 0, tzinfo=UTC)
    memory = {
        "uid": "m1",
        "content": "Ana lives in Lisbon",
        "memory_type": "fact",
        "occurred_at": said,
        "importance": None,
        "last_reinforced_at": None,
        "source_ids": ["m7"],
        "source_uids": ["e7"],
        "status": "superseded",
        "valid_from": said,
        "valid_to": None,
    }
    event = {
        "uid": "e7",
        "content": "I live in Lisbon",
        "speaker": "Ana",
        "role": "user",
        "occurred_at": said,
        "source_id": "m7",
        "title": None,
        "source_type": "conversation",
        "superseded": ["m1"],
        "held": 0,
        "replaced_by": ["m2"],
        "reaction_to": None,
    }
    reply = {**event, "uid": "e9", "role": "assistant", "superseded": [], "replaced_by": [], "reaction_to": "e7"}
    db = Answers(
        {
            "recall_hits": [
                hits_record(
                    events=[
                        event,
                        {**event, "uid": "e8", "source_id": None, "superseded": [], "replaced_by": []},
                        reply,
                    ],
                    memories=[memory],
                    memory_replacements=[{"uid": "m1", "replaced_by": ["m2"]}],
                )
            ]
        }
    )
    read = await recall_hits.hits(
        db, user_id="u", filters=NOW, events=["e7", "e8", "e9"], memories=["m1"], impressions=[], traits=[], passages=[]
    )
    [hydrated] = read.memories
    assert hydrated.occurred_at == datetime(2024, 5, 2, 9, 30, tzinfo=UTC)
    assert hydrated.importance is None
    assert (hydrated.source_ids, hydrated.source_uids) == (("m7",), ("e7",))
    lisbon, other, reaction = read.events
    assert lisbon.states_only_superseded and lisbon.replaced_by == ("m2",) and lisbon.source_uids == ("e7",)
    assert (lisbon.reaction_to, reaction.reaction_to) == (None, "e7")  # the message a reply only reacts to
    assert not other.states_only_superseded and other.source_ids == ()  # no source id: none, not "None"
    assert read.memory_replacements == {"m1": ("m2",)}
    params = db.calls[0][1]
    assert (params["statuses"], params["with_stale"], params["as_of"], params["stages"]) == (
        ["active"],
        False,
        None,
        ["core"],
    )


async def test_passage_sections_leave_out_sections_without_text() -> None:
    db = Answers({"chunk_sections": [{"uid": "c1", "content": "Section text"}, {"uid": "c2", "content": None}]})
    assert await memory_context.passage_sections(db, user_id="u", uids=["c1", "c2"]) == {"c1": "Section text"}


def test_the_scope_filters_traits_by_stage_now_and_by_uid_at_a_past_time() -> None:
    now = RecallScope.build(include_superseded=False, as_of=None)
    assert (now.trait_stages, now.trait_uids, now.with_stale) == (RECALL_TRAIT_STAGES, None, False)
    assert now.filters == Filters(("active",), None, False, RECALL_TRAIT_STAGES, None)
    assert RecallScope.build(include_superseded=True, as_of=None).with_stale
    when = datetime(2024, 1, 1, tzinfo=UTC)
    then = RecallScope.build(include_superseded=False, as_of=when)
    assert (then.trait_stages, then.trait_uids, then.with_stale) == (TRAIT_STAGES, [], True)
    assert then.filters.trait_uids == () and then.filters.as_of == when
    assert now.follows_current_belief and not then.follows_current_belief
