"""A Chinese clause that opens with 叫 names the speaker's animal or person the clause before ended with, and
nothing else: not a company, not someone else's person (the clause is cut by ``zh.split.named`` either way)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.conversation import ConversationMessage
from graphsvc.rulebook.extract import judge_message


def _memories(said: str) -> list[str]:
    message = ConversationMessage(
        message_id="m1", role="user", speaker="王芳", content=said, occurred_at=datetime(2025, 7, 1, tzinfo=UTC)
    )
    return [j.statement.content for j in judge_message(message).judgements if j.statement is not None]


@pytest.mark.parametrize(
    ("said", "expected"),
    [("我养了一只猫，叫豆豆，三岁了", "王芳的猫叫豆豆。"), ("我有个弟弟，叫小军。", "王芳的弟弟叫小军。")],
)
def test_the_name_goes_to_the_speakers_animal_or_person(said: str, expected: str) -> None:
    assert expected in _memories(said)


@pytest.mark.parametrize(
    ("said", "name"),
    [("我在一家公司上班，叫速帆。", "速帆"), ("我妈有个同事，叫李四。", "李四"), ("他养了一只狗，叫旺财。", "旺财")],
)
def test_a_name_after_anything_else_is_not_given_to_the_speaker(said: str, name: str) -> None:
    assert not [memory for memory in _memories(said) if name in memory]


@pytest.mark.parametrize(
    ("said", "expected", "never"),
    [
        ("我有个哥哥，在银行上班。", "王芳的哥哥在银行上班。", "王芳在银行上班。"),
        ("我有一个女儿，今年五岁。", "王芳的女儿今年五岁。", "王芳今年五岁。"),
        ("我有个哥哥，是程序员。", "王芳的哥哥是程序员。", "王芳是程序员。"),
    ],
)
def test_a_clause_after_someone_brought_in_is_about_them(said: str, expected: str, never: str) -> None:
    memories = _memories(said)
    assert expected in memories
    assert never not in memories


def test_a_clause_after_a_person_not_brought_in_is_about_nobody_sure() -> None:
    """我昨天陪我妈，去了医院: who went is unsure (both did): the clause is neither the speaker's nor the mother's."""
    assert _memories("我昨天陪我妈，去了医院。") == []
