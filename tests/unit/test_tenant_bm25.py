from __future__ import annotations

import math
from collections import Counter

import pytest

from graphsvc.graph.recall import TextMatch
from graphsvc.pipeline.recall.tenant_bm25 import TenantStatistics, rerank
from graphsvc.text.lucene import analyse, term_frequencies


def test_english_analysis_drops_lucene_stop_words_and_stems() -> None:
    assert analyse("The paintings of Caroline's garden", "en") == ["paint", "carolin", "garden"]
    assert analyse("我住在北京", "cjk") == ["我住", "住在", "在北", "北京"]


def test_a_term_common_in_the_tenant_weighs_less_than_a_rare_one() -> None:
    rows = [
        TextMatch("e1", 9.0, "Melanie called me"),
        TextMatch("e2", 8.0, "Melanie said hi"),
        TextMatch("e3", 1.0, "We adopted a cat"),
    ]
    stats = TenantStatistics(documents=100, frequency={"melanie": 90, "cat": 2})
    ranked = rerank(rows, terms=["melanie", "cat"], family="en", stats=stats, k=10)
    assert [r.uid for r in ranked] == ["e3", "e1", "e2"]
    # e3: one term of three, idf ln(1 + (100 - 2 + 0.5) / 2.5), length = the pool average
    idf = math.log(1 + 98.5 / 2.5)
    assert ranked[0].score == pytest.approx(idf * 1 / (1 + 1.2))


def test_documents_without_any_term_are_left_out_and_k_applies() -> None:
    rows = [TextMatch(f"e{i}", 1.0, "cat" if i % 2 else "dog") for i in range(6)]
    stats = TenantStatistics(documents=6, frequency={"cat": 3})
    ranked = rerank(rows, terms=["cat"], family="en", stats=stats, k=2)
    assert [r.uid for r in ranked] == ["e1", "e3"]
    assert rerank([], terms=["cat"], family="en", stats=stats, k=2) == []


def test_counts_are_asked_once_per_index_and_term_and_the_total_only_where_unknown() -> None:
    from graphsvc import keys
    from graphsvc.pipeline.recall.tenant_bm25 import count_asks, tenant_statistics

    tenant = keys.tenant_key("u")
    indexes: dict[str, int | None] = {"event_text_en": 40, "chunk_text_en": None}
    asks = count_asks(user_id="u", terms=["cat"], indexes=indexes)
    assert [(a.index, a.term, a.query) for a in asks] == [
        ("event_text_en", "cat", f"tenant_key:{tenant} AND content:cat"),
        ("chunk_text_en", "", f"tenant_key:{tenant}"),
        ("chunk_text_en", "cat", f"tenant_key:{tenant} AND content:cat"),
    ]
    counts = {("event_text_en", asks[0].query): 7, ("chunk_text_en", asks[1].query): 3}
    stats = tenant_statistics(asks, counts, indexes=indexes)
    assert stats["event_text_en"] == TenantStatistics(documents=40, frequency={"cat": 7})
    assert stats["chunk_text_en"] == TenantStatistics(documents=3, frequency={"cat": 0})
    # a term never counts more documents than the index holds
    assert (
        tenant_statistics(asks, {("event_text_en", asks[0].query): 50}, indexes=indexes)["event_text_en"].documents
        == 50
    )


def test_term_counts_are_analysed_once_per_text_and_shared() -> None:
    text = "Melanie painted a lake; Melanie paints lakes"
    first = term_frequencies(text, "en")
    assert first == {"melani": 2, "paint": 2, "lake": 2}
    assert term_frequencies(text, "en") is first  # the cached counts, not analysed again
    assert term_frequencies(text, "cjk") == Counter(analyse(text, "cjk"))  # one family does not answer the other
    rows = [TextMatch("e1", 1.0, text), TextMatch("e2", 1.0, "a lake")]
    stats = TenantStatistics(documents=10, frequency={"lake": 2})
    ranked = rerank(rows, terms=["lake"], family="en", stats=stats, k=10)
    assert [r.uid for r in ranked] == ["e2", "e1"]  # the shorter text, with the term once, first
    assert term_frequencies(text, "en") == {"melani": 2, "paint": 2, "lake": 2}  # ranking left the counts as they were


def test_forgetting_a_user_in_this_process_empties_the_cached_term_counts() -> None:
    from graphsvc.config import Settings
    from graphsvc.graph.vector_search import VectorSearch

    term_frequencies("Ana keeps bees on her roof", "en")
    assert term_frequencies.cache_info().currsize > 0
    VectorSearch(None, Settings()).forget_user("ana")  # type: ignore[arg-type]  # no database is touched
    assert term_frequencies.cache_info().currsize == 0  # the cache held user text
