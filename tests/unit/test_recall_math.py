from __future__ import annotations

import pytest

from graphsvc.config import Settings
from graphsvc.pipeline.recall.fusion import adjusted_score, reciprocal_rank_fusion


def test_rrf_sums_reciprocal_ranks() -> None:
    fused = reciprocal_rank_fusion([["a", "b"], ["b", "c"]], k=60)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["a"] == pytest.approx(1 / 61)
    assert max(fused, key=lambda u: fused[u]) == "b"


def test_adjusted_score_applies_seed_002_formula() -> None:
    s = Settings(recall_recency_weight=0.2, recall_recency_half_life_days=10, recall_importance_weight=0.1)
    assert adjusted_score(1.0, age_days=None, importance=0.0, trait_boost=0.0, settings=s.recall) == 1.0
    assert adjusted_score(1.0, age_days=0, importance=0.0, trait_boost=0.0, settings=s.recall) == pytest.approx(1.2)
    assert adjusted_score(1.0, age_days=10, importance=1.0, trait_boost=0.15, settings=s.recall) == pytest.approx(
        1 + 0.1 + 0.1 + 0.15
    )
    assert adjusted_score(2.0, age_days=None, importance=0.5, trait_boost=0.0, settings=s.recall) == pytest.approx(2.1)


def test_hits_whose_sources_are_covered_by_better_hits_are_dropped() -> None:
    from graphsvc.pipeline.recall.fusion import drop_covered
    from graphsvc.pipeline.recall.hits import RecallHit

    def hit(uid: str, kind: str, sources: list[str]) -> RecallHit:
        return RecallHit(uid, kind, uid, 1.0, None, sources)  # type: ignore[arg-type]

    ranked = [
        hit("m1", "memory", ["a"]),
        hit("e1", "event", ["a"]),  # the message m1 came from: nothing new
        hit("t1", "trait", ["a", "b"]),  # traits stay and cover nothing
        hit("e2", "event", ["b"]),
        hit("m2", "memory", ["a", "c"]),  # partly new: kept
        hit("m3", "memory", []),  # no sources: kept
        hit("e3", "event", ["c"]),
    ]
    assert [h.uid for h in drop_covered(ranked)] == ["m1", "t1", "e2", "m2", "m3"]


def test_a_superseded_memory_is_neither_dropped_as_covered_nor_covers() -> None:
    from graphsvc.pipeline.recall.fusion import drop_covered
    from graphsvc.pipeline.recall.hits import RecallHit

    ranked = [
        RecallHit("new", "memory", "Ana lives in Aveiro.", 1.0, None, ["m1"], status="active"),
        RecallHit("old", "memory", "Ana lives in Coimbra.", 0.9, None, ["m1"], status="superseded"),
        RecallHit("i1", "impression", "Ana lives in Coimbra.", 0.8, None, ["m1"], status="superseded"),
        RecallHit("e2", "event", "I live in Coimbra.", 0.7, None, ["m2"]),
        RecallHit("old2", "memory", "Ana lived in Coimbra.", 0.6, None, ["m2"], status="superseded"),
    ]
    # the correction keeps the message of what it corrected: the old memory stays, marked, and covers nothing
    assert [h.uid for h in drop_covered(ranked)] == ["new", "old", "e2", "old2"]


def test_covered_sources_are_compared_by_event_not_by_per_session_message_id() -> None:
    from graphsvc.pipeline.recall.fusion import drop_covered
    from graphsvc.pipeline.recall.hits import RecallHit

    def hit(uid: str, kind: str, events: tuple[str, ...]) -> RecallHit:
        return RecallHit(uid, kind, uid, 1.0, None, ["m2"], source_event_uids=events)  # type: ignore[arg-type]

    ranked = [
        hit("e1", "event", ("session-1/m2",)),
        hit("e2", "event", ("session-2/m2",)),  # the same message id in another session: another message
        hit("m1", "memory", ("session-1/m2",)),  # extracted from e1: covered
    ]
    assert [h.uid for h in drop_covered(ranked)] == ["e1", "e2"]


def test_name_candidates_are_the_query_word_ngrams() -> None:
    from graphsvc.pipeline.recall.graph_expansion import name_candidates

    assert name_candidates("What did Mel paint?") == {
        "what",
        "did",
        "mel",
        "paint",
        "what did",
        "did mel",
        "mel paint",
        "what did mel",
        "did mel paint",
    }
    assert "new york" in name_candidates("Trip to New-York!")
    assert name_candidates("?!") == set()


def test_merge_by_score_ranks_all_kinds_of_one_method_together() -> None:
    from graphsvc.graph.recall import Scored
    from graphsvc.pipeline.recall.fusion import merge_by_score

    events = [Scored("e1", 0.9), Scored("e2", 0.5)]
    impressions = [Scored("i1", 0.7), Scored("e2", 0.8)]  # e2 again: its best score counts
    memories = [Scored("m1", 0.7)]
    assert merge_by_score([events, impressions, memories], k=10) == ["e1", "e2", "i1", "m1"]  # tie by uid
    assert merge_by_score([events, impressions, memories], k=2) == ["e1", "e2"]
    assert merge_by_score([[], []], k=5) == []


def test_a_kind_with_more_lists_does_not_outrank_an_equally_good_kind() -> None:
    from graphsvc.graph.recall import Scored
    from graphsvc.pipeline.recall.fusion import merge_by_score

    # One method (vector) finds an event and an impression equally well; graph expansion lists only the
    # impression. Per-method fusion keeps the event's vector rank from being outvoted by list count alone.
    vector = merge_by_score([[Scored("e1", 0.9)], [Scored("i1", 0.8)]], k=10)
    text = merge_by_score([[Scored("e1", 7.0)], [Scored("i1", 6.0)]], k=10)
    graph = merge_by_score([[Scored("i1", 0.8)]], k=10)
    fused = reciprocal_rank_fusion([vector, text, graph], k=60)
    assert fused["e1"] == pytest.approx(2 / 61)
    assert fused["i1"] == pytest.approx(2 / 62 + 1 / 61)


def test_a_hit_stating_a_superseded_belief_scores_just_below_what_replaced_it() -> None:
    from graphsvc.pipeline.recall.hits import RecallHit
    from graphsvc.pipeline.recall.hydrate import below_replacements

    def hit(uid: str, score: float) -> RecallHit:
        return RecallHit(uid, "event", uid, score, None, [])

    hits = [hit("lisbon", 0.9), hit("porto", 0.5), hit("braga", 0.4), hit("faro", 0.1), hit("alone", 0.8)]
    replaced = {"lisbon": ("porto", "braga"), "faro": ("porto",), "alone": ("not-a-hit",)}
    out = {h.uid: h.score for h in below_replacements(hits, replaced)}
    assert out["porto"] == 0.5 and out["braga"] == 0.4
    assert out["braga"] > out["lisbon"] and out["lisbon"] == pytest.approx(0.4)  # below the lowest replacement
    assert out["faro"] == 0.1  # already below
    assert out["alone"] == 0.8  # its replacement is not among the hits
    ranked = sorted(below_replacements(hits, replaced), key=lambda h: (-h.score, h.uid))
    assert [h.uid for h in ranked] == ["alone", "porto", "braga", "lisbon", "faro"]


def test_what_rests_only_on_a_document_scores_just_below_the_documents_passages() -> None:
    from graphsvc.pipeline.recall.hits import RecallHit
    from graphsvc.pipeline.recall.hydrate import below_passages

    def passage(uid: str, score: float, document: str) -> RecallHit:
        return RecallHit(uid, "chunk", uid, score, None, [], document_id=document)

    def derived(uid: str, score: float, *events: str, kind: str = "impression") -> RecallHit:
        return RecallHit(uid, kind, uid, score, None, [], source_event_uids=events)  # type: ignore[arg-type]

    hits = [
        passage("p1", 0.6, "guide"),
        passage("p2", 0.3, "guide"),
        passage("q1", 0.2, "atlas"),
        derived("table-row", 0.9, "guide-v1"),  # an impression read from the guide
        derived("guide-event", 0.7, "guide-v2", kind="event"),  # the guide's DOCUMENT event (title, headings)
        derived("both", 0.8, "guide-v1", "atlas-v1"),
        derived("also-said", 0.95, "guide-v1", "message"),  # the user said it too: not only the document's
        derived("low", 0.1, "guide-v1"),
        derived("no-passage", 0.5, "manual-v1"),  # its document has no passage among the hits
    ]
    events = {"guide-v1": "guide", "guide-v2": "guide", "atlas-v1": "atlas"}
    out = {h.uid: h.score for h in below_passages(hits, events)}
    assert out["p1"] == 0.6 and out["p2"] == 0.3 and out["q1"] == 0.2
    assert 0.29 < out["table-row"] < 0.3 and 0.29 < out["guide-event"] < 0.3  # below every passage of the guide
    assert 0.19 < out["both"] < 0.2  # below the lowest passage of either document
    assert out["also-said"] == 0.95 and out["low"] == 0.1 and out["no-passage"] == 0.5
    ranked = [h.uid for h in sorted(below_passages(hits, events), key=lambda h: (-h.score, h.uid))]
    assert ranked.index("p2") < ranked.index("table-row") and ranked.index("q1") < ranked.index("both")
