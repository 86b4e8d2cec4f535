"""Recall's graph functions turn rows into typed candidates and hits, and ask with the right parameters."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from neo4j.time import DateTime

from graphsvc.graph import memory_context, recall, recall_hits
from graphsvc.graph.recall import Scored, TextMatch
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.vocabulary import RECALL_TRAIT_STAGES, TRAIT_STAGES


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


async def test_tagged_neighbours_are_split_by_kind_in_order() -> None:
    db = Answers(
        {
            "vector_tagged": [
                {"uid": "m1", "score": 0.9, "kind": "memory"},
                {"uid": "e1", "score": 0.8, "kind": "event"},
                {"uid": "c1", "score": 0.7, "kind": "chunk"},
                {"uid": "m2", "score": 0.6, "kind": "memory"},
            ]
        }
    )
    tagged = await recall.nearest_tagged(db, user_id="u", tags=["work"], embedding=[1.0, 0.0], k=4)
    assert tagged.memories == [Scored("m1", 0.9), Scored("m2", 0.6)]
    assert tagged.events == [Scored("e1", 0.8)]
    assert tagged.passages == [Scored("c1", 0.7)]
    assert db.calls == [("vector_tagged", {"user_id": "u", "tags": ["work"], "embedding": [1.0, 0.0], "k": 4})]


async def test_full_text_reads_the_index_of_the_querys_family_and_text_is_never_none() -> None:
    db = Answers({"fulltext_impressions": [{"uid": "i1", "score": 3.5, "text": None}]})
    found = await recall.text_impressions(db, user_id="u", family="cjk", lucene_query="q", k=20, with_stale=False)
    assert found == [TextMatch("i1", 3.5, "")]
    name, params = db.calls[0]
    assert (name, params["index"], params["lucene"], params["with_stale"]) == (
        "fulltext_impressions",
        "impression_text_cjk",
        "q",
        False,
    )
    assert recall.text_index("chunk", "en") == "chunk_text_en"


async def test_graph_expansion_asks_nothing_without_entities() -> None:
    db = Answers()
    assert await recall.selective_entities(db, user_id="u", entity_uids=[], max_observed=20) == []
    assert await recall.entity_events(db, user_id="u", entity_uids=[], embedding=[1.0], k=5, as_of=None) == []
    assert (
        await recall.entity_impressions(db, user_id="u", entity_uids=[], embedding=[1.0], k=5, with_stale=True) == []
    )
    assert db.calls == []


async def test_term_counts_are_keyed_by_index_and_query() -> None:
    db = Answers({"fulltext_term_counts": [{"index": "event_text_en", "query": "t AND cat", "n": 3}]})
    counts = await recall.term_counts(db, user_id="u", asks=[("event_text_en", "t AND cat")])
    assert counts == {("event_text_en", "t AND cat"): 3}
    assert db.calls[0][1]["asks"] == [{"index": "event_text_en", "query": "t AND cat"}]


async def test_hydrated_rows_have_python_times_and_tuples() -> None:
    said = DateTime(2024, 5, 2, 9, 30, 0, tzinfo=UTC)
    db = Answers(
        {
            "hydrate_memories": [
                {
                    "uid": "m1",
                    "content": "Ana lives in Lisbon",
                    "memory_type": "fact",
                    "occurred_at": said,
                    "importance": None,
                    "last_reinforced_at": None,
                    "source_ids": ["m7"],
                    "source_uids": ["e7"],
                    "status": "active",
                    "valid_from": said,
                    "valid_to": None,
                }
            ]
        }
    )
    [memory] = await recall_hits.memories(db, user_id="u", uids=["m1"])
    assert memory.occurred_at == datetime(2024, 5, 2, 9, 30, tzinfo=UTC)
    assert memory.importance is None
    assert (memory.source_ids, memory.source_uids) == (("m7",), ("e7",))


async def test_passage_sections_leave_out_sections_without_text() -> None:
    db = Answers({"chunk_sections": [{"uid": "c1", "content": "Section text"}, {"uid": "c2", "content": None}]})
    assert await memory_context.passage_sections(db, user_id="u", uids=["c1", "c2"]) == {"c1": "Section text"}


def test_the_scope_filters_traits_by_stage_now_and_by_uid_at_a_past_time() -> None:
    now = RecallScope.build(include_superseded=False, as_of=None)
    assert (now.trait_stages, now.trait_uids, now.with_stale) == (RECALL_TRAIT_STAGES, None, False)
    assert RecallScope.build(include_superseded=True, as_of=None).with_stale
    then = RecallScope.build(include_superseded=False, as_of=datetime(2024, 1, 1, tzinfo=UTC))
    assert (then.trait_stages, then.trait_uids, then.with_stale) == (TRAIT_STAGES, [], True)
