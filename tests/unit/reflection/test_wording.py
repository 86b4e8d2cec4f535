"""Offline traits are characterisations of their evidence, not quoted sentences (issue 14)."""

from __future__ import annotations

import pytest

from graphsvc.pipeline.reflection import wording
from graphsvc.pipeline.reflection.wording import characterise


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ["Ana loves painting.", "Ana enjoys playing the piano every evening.", "I like tea tasting with friends."],
            "Enjoys painting, playing the piano and tea tasting",
        ),
        (["Ana plans to run a marathon next year.", "Ana wants to run a marathon."], "Wants to run a marathon"),
        (
            ["Ana went to a pottery class.", "Ana made a clay bowl in pottery class.", "The clay was messy."],
            "Often mentions pottery, class and clay",
        ),
        (["我很喜欢画画。", "我喜欢品茶，也喜欢弹钢琴。"], "喜欢画画、品茶和弹钢琴"),
        (["我打算明年学钢琴。", "我计划报一个班。"], "想要明年学钢琴和报一个班"),
        (["我上周去了陶艺课。", "陶艺课上我做了一个碗。"], "常提到：陶艺"),
        (["Ana walked.", "Bo ran."], "Ana walked."),  # nothing shared: the central memory
        ([], ""),
    ],
)
def test_a_trait_characterises_its_memories(texts: list[str], expected: str) -> None:
    assert characterise(texts) == expected


def test_at_most_max_items_and_no_pronoun_objects() -> None:
    texts = [f"Ana loves {thing}." for thing in ("jazz", "chess", "tea", "rain", "it")]
    assert characterise(texts) == "Enjoys jazz, chess and tea"
    assert wording.MAX_ITEMS == 3
