"""The slot a kept statement fills says whose value it is: a person of the speaker's (one or several) or an animal of
theirs gets a slot of its own, so a sister's birthday, the parents' home or the cat's age never supersedes the
speaker's own."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.conversation import ConversationMessage
from graphsvc.rulebook.extract import judge_message


def _slots(speaker: str, said: str) -> list[str | None]:
    message = ConversationMessage(
        message_id="m1", role="user", speaker=speaker, content=said, occurred_at=datetime(2025, 7, 1, tzinfo=UTC)
    )
    return [j.statement.slot for j in judge_message(message).judgements if j.statement is not None]


@pytest.mark.parametrize(
    ("speaker", "said", "slot"),
    [
        ("王芳", "我的生日是3月1号。", "生日"),
        ("王芳", "我妹妹的生日是5月4号。", "sister.生日"),
        ("王芳", "我爸妈的结婚纪念日是6月20号。", "parents.纪念日"),
        ("王芳", "我们的结婚纪念日是2月14号。", "纪念日"),
        ("王芳", "我住在成都。", "lives_in"),
        ("王芳", "我爸妈住在昆明。", "parents.lives_in"),
        ("王芳", "我身高一米六五。", "身高"),
        ("王芳", "我今年三十五了。", "age"),
        ("王芳", "我家猫麻薯十五岁了。", "猫麻薯.age"),
        ("王芳", "我的狗今年三岁。", "狗.age"),
        ("Ana", "I weigh 70 kilos.", "weight"),
        ("Ana", "My son weighs 30 kilos.", "son.weight"),
        ("Ana", "I'm 1.80 m tall.", "height"),
    ],
)
def test_a_statement_fills_the_slot_of_whose_value_it_is(speaker: str, said: str, slot: str) -> None:
    assert _slots(speaker, said) == [slot]
