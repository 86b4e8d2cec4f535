"""A reply read with the question it answers (:mod:`graphsvc.rulebook.answers`): exactly what is kept, so that a
reply's words are never given to the wrong person."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from graphsvc.conversation import ConversationMessage
from graphsvc.rulebook import book
from graphsvc.rulebook.extract import judge_conversation

START = datetime(2025, 5, 1, 9, 0, tzinfo=UTC)


def _kept(question: str, reply: str, speaker: str) -> list[str]:
    messages = [
        ConversationMessage(
            message_id=f"m{n}",
            role=role,
            speaker=speaker if role == "user" else "Assistant",
            content=text,
            occurred_at=START + timedelta(minutes=n),
        )
        for n, (role, text) in enumerate((("assistant", question), ("user", reply)))
    ]
    statements = [j.statement for t in judge_conversation(messages) for j in t.judgements if j.statement]
    # a pastime's sighting waits as a candidate, not a memory (graphsvc.rulebook.pastimes)
    return [s.content for s in statements if book.rule(s.rule_id).decision != "pastime"]


@pytest.mark.parametrize(
    ("question", "reply", "kept"),
    [
        # the first clause answers, the rest follows with the same subject
        (
            "Where do you work?",
            "at a vet clinic in Cork, been there two years",
            ["Ana works at a vet clinic in Cork, been there two years."],
        ),
        # a yes says the question; what follows the yes follows it
        ("Are you vegetarian?", "yeah, since 2019", ["Ana is vegetarian, since 2019."]),
        ("Are you diabetic?", "yes, type 1 since I was 12", ["Ana is diabetic, type 1 since Ana was 12."]),
        # a no, or a question about something else, says nothing
        ("Are you vegetarian?", "no, but I eat very little meat", []),
        ("Are you vegan?", "nope", []),
        ("Do you have it with you?", "yes", []),
        # who someone is: the person the reply names, nothing of the speaker's from the rest
        ("Who's Priya?", "my sister-in-law, she lives in Leeds", ["Ana's sister-in-law is Priya."]),
        ("Who is Dee?", "a woman from my running club", []),
    ],
)
def test_an_english_reply_is_kept_as_its_question_makes_it(question: str, reply: str, kept: list[str]) -> None:
    assert _kept(question, reply, "Ana") == kept


@pytest.mark.parametrize(
    ("question", "reply", "kept"),
    [
        ("你吃素吗？", "对，吃了五年了", ["王芳吃素。"]),
        ("你有孩子吗？", "有，两个女儿", ["王芳有孩子。"]),
        ("你抽烟吗？", "不抽", []),
        ("你想吃火锅吗？", "对", []),
        # the rest of a reply to 谁 may be the named person's: it is not made the speaker's
        ("小雨是谁？", "我表妹，在上海读大学", ["王芳的表妹叫小雨。"]),
        ("老周是？", "以前的一个邻居", []),
    ],
)
def test_a_chinese_reply_is_kept_as_its_question_makes_it(question: str, reply: str, kept: list[str]) -> None:
    assert _kept(question, reply, "王芳") == kept
