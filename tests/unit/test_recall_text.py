"""What recall searches for, given a query and/or the conversation so far (issue 14)."""

from __future__ import annotations

import pytest

from graphsvc.config import Settings
from graphsvc.conversation import Turn
from graphsvc.errors import InvalidInputError
from graphsvc.validation import recall_text, recall_views

TURNS = [Turn(role="user", content=f"turn {n}") for n in range(1, 6)]


def test_the_last_configured_turns_count_oldest_first() -> None:
    settings = Settings(recall_conversation_turns=2)
    assert recall_text(None, TURNS, settings) == "turn 4\nturn 5"
    assert recall_text("the query", TURNS, settings) == "the query\nturn 4\nturn 5"
    assert recall_text("the query", None, settings) == "the query"


def test_zero_means_every_turn_and_blank_turns_do_not_count() -> None:
    turns = [*TURNS[:2], Turn(role="assistant", content="   ")]
    assert recall_text(None, turns, Settings(recall_conversation_turns=0)) == "turn 1\nturn 2"
    assert recall_text(None, turns, Settings(recall_conversation_turns=1)) == "turn 2"


def test_the_most_recent_text_is_kept_within_the_query_limit() -> None:
    settings = Settings(recall_conversation_turns=0, max_query_chars=10)
    assert recall_text(None, TURNS, settings) == "n 4\nturn 5"


def test_limits_on_turns() -> None:
    settings = Settings(max_messages_per_request=3, max_message_chars=5)
    with pytest.raises(InvalidInputError, match="4 turns"):
        recall_text(None, [Turn(role="user", content="a")] * 4, settings)
    with pytest.raises(InvalidInputError, match="6 characters"):
        recall_text(None, [Turn(role="user", content="abcdef")], settings)
    with pytest.raises(InvalidInputError, match="empty"):
        recall_text("", [], settings)


def test_views_are_the_last_one_two_and_more_turns_shortest_first() -> None:
    settings = Settings(recall_conversation_turns=3)
    assert recall_views(None, TURNS, settings) == ["turn 5", "turn 4\nturn 5", "turn 3\nturn 4\nturn 5"]
    assert recall_views("q", TURNS[:2], settings) == ["q\nturn 2", "q\nturn 1\nturn 2"]
    assert recall_views("q", None, settings) == ["q"]
    assert recall_views(None, TURNS, Settings(recall_conversation_turns=0)) == ["\n".join(t.content for t in TURNS)]
    assert recall_views(None, TURNS, Settings(recall_conversation_turns=1)) == ["turn 5"]


def test_what_one_recall_embeds_is_capped_in_total() -> None:
    long_turns = [Turn(role="user", content=f"{n} " + "x" * 1_900) for n in range(5)]
    settings = Settings(recall_conversation_turns=5, max_query_chars=2_000, max_recall_embed_chars=4_000)
    views = recall_views(None, long_turns, settings)
    assert sum(map(len, views)) <= 4_000
    assert views[-1] == recall_text(None, long_turns, settings)  # the whole text always
    assert views[0].startswith("4 ")  # then the shortest view (the last turn), as many as fit
    unbounded = recall_views(None, long_turns, settings.model_copy(update={"max_recall_embed_chars": 10**6}))
    assert len(unbounded) == 5 and sum(map(len, unbounded)) > 9_000
    short = recall_views(None, TURNS, settings)  # short turns are not affected
    assert short == recall_views(None, TURNS, settings.model_copy(update={"max_recall_embed_chars": 10**6}))
    assert len(short) == 5
