from __future__ import annotations

import pytest

from graphsvc.text.lucene import analyzer_for, build_query, content_terms, query_terms, tokens

SPECIAL = '+ - && || ! ( ) { } [ ] ^ " ~ * ? : \\ /'


def test_special_characters_never_reach_the_query() -> None:
    q = build_query(f"dogs {SPECIAL} AND OR NOT cats", tenant="tabc123")
    assert q == "tenant_key:tabc123 AND content:(dogs OR cats)"
    body = q.split("content:(", 1)[1][:-1]
    assert not any(ch in body for ch in '+-&|!(){}[]^"~*?:\\/')


def test_only_syntax_gives_no_query() -> None:
    assert build_query(SPECIAL, tenant="t1") is None


def test_cypher_fragment_is_just_words() -> None:
    q = build_query("x' }) MATCH (n) DETACH DELETE n //", tenant="t1")
    assert q == "tenant_key:t1 AND content:(x OR match OR n OR detach OR delete)"


def test_cjk_runs_become_bigrams() -> None:
    assert query_terms("我住在北京") == ["我住", "住在", "在北", "北京"]
    assert query_terms("去北京 trip") == ["去北", "北京", "trip"]
    assert analyzer_for("我住在北京") == "cjk"
    assert analyzer_for("Beijing") == "en"


def test_tenant_must_be_one_token() -> None:
    with pytest.raises(ValueError):
        build_query("cats", tenant="t 1 OR x")


def test_english_stop_words_are_dropped_unless_nothing_else_is_left() -> None:
    assert content_terms("When did Caroline go to the LGBTQ support group?") == [
        "caroline",
        "go",
        "lgbtq",
        "support",
        "group",
    ]
    assert content_terms("Who are you?") == ["who", "are", "you"]
    assert content_terms("我住在北京") == ["我住", "住在", "在北", "北京"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Caroline's LGBTQ+ group, on 2023-05-07!", ["caroline", "s", "lgbtq", "group", "on", "2023", "05", "07"]),
        ("snake_case café", ["snake", "case", "café"]),
        ("我住在北京 since 2020", ["我住", "住在", "在北", "北京", "since", "2020"]),
        ("Tokyo東京2020", ["tokyo", "東京", "2020"]),
        ("a 我 b", ["a", "我", "b"]),
    ],
)
def test_tokens_are_word_runs_with_cjk_runs_as_bigrams(text: str, expected: list[str]) -> None:
    assert tokens(text) == expected
