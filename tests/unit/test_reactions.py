"""An assistant's turn with no content of its own (issue 33): the rulebook's test and recall's ordering rule."""

from __future__ import annotations

import pytest

from graphsvc.pipeline.recall.hits import RecallHit
from graphsvc.pipeline.recall.hydrate import below_answered
from graphsvc.rulebook import reactions
from graphsvc.rulebook.reactions import reacts_only
from graphsvc.text import nlp

PLAN = "I'm going to Japan in May with my brother."
needs_english = pytest.mark.skipif(nlp.english() is None, reason="spaCy's English pipeline is not installed")


@needs_english
@pytest.mark.parametrize(
    "reply",
    [
        "That sounds exciting!",
        "That sounds like a lot of fun!",
        "Have a safe trip, Ana!",  # the speaker's name and a word replies react with
        "Enjoy Japan with your brother!",  # only words of the message it answers
        "Congratulations!",
        "How long will you stay?",
    ],
)
def test_a_short_reply_naming_nothing_new_only_reacts(reply: str) -> None:
    assert reacts_only(reply, PLAN, answered_speaker="Ana")


@needs_english
@pytest.mark.parametrize(
    "reply",
    [
        "Try the ramen in Osaka.",  # a place of its own
        "Late May is the rainy season in Okinawa, so pack an umbrella for Naha.",
        "That sounds exciting! Book the JR pass 3 weeks ahead.",  # a reaction, then content of its own
        "",
    ],
)
def test_a_reply_naming_something_new_has_content_of_its_own(reply: str) -> None:
    assert not reacts_only(reply, PLAN, answered_speaker="Ana")


@needs_english
def test_a_reply_of_more_words_than_a_reaction_has_content_of_its_own() -> None:
    words = ["really"] * (reactions.MAX_REACTION_WORDS - 2)
    at_limit = " ".join(["That", "sounds", *words]) + "!"  # MAX_REACTION_WORDS words
    assert reacts_only(at_limit, PLAN)
    assert not reacts_only("Wow " + at_limit, PLAN)  # one more


def test_a_chinese_reaction_and_a_chinese_suggestion() -> None:
    answered = "我五月要和哥哥去日本。"
    assert reacts_only("听起来太棒了！", answered)
    assert not reacts_only("你可以去京都看看。", answered)
    assert not reacts_only("太棒了" * (reactions.MAX_REACTION_CHARS // 3 + 1), answered)  # too long for a reaction


def test_a_reaction_scores_just_below_the_message_it_answers() -> None:
    def hit(uid: str, score: float) -> RecallHit:
        return RecallHit(uid, "event", uid, score, None, [])

    hits = [hit("reply", 0.9), hit("plan", 0.5), hit("low-reply", 0.1), hit("orphan", 0.8)]
    answered = {"reply": "plan", "low-reply": "plan", "orphan": "not-a-hit"}
    out = {h.uid: h.score for h in below_answered(hits, answered)}
    assert out["plan"] == 0.5 and out["reply"] < 0.5 and out["reply"] == pytest.approx(0.5)
    assert out["low-reply"] == 0.1  # already below
    assert out["orphan"] == 0.8  # what it answers is no hit
