"""Offline traits are characterisations of their evidence (issue 14), a real noun phrase or action grounded in two
of its memories, and none when unsure (issue 22)."""

from __future__ import annotations

import pytest

from graphsvc.pipeline.reflection import wording
from graphsvc.pipeline.reflection.wording import characterise


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ["Ana loves painting.", "Ana painted a lake.", "Ana enjoys painting with friends.", "Ana likes tea."],
            "Enjoys painting",  # tea is named once: not grounded in two memories
        ),
        (["Ana plans to run a marathon next year.", "Ana wants to run a marathon."], "Wants to run a marathon"),
        (["Ana wants to travel to Japan.", "Ana hopes to travel to Japan."], "Wants to travel to Japan"),
        (["Ana wants to take a walk.", "Ana wants to take a walk today."], None),  # a passing wish
        (["Ana wants to go.", "Ana wants to go now."], None),
        (["我很喜欢画画。", "我每天都画画一个小时。", "我喜欢品茶。"], "喜欢画画"),
        (["我打算学钢琴。", "我准备学钢琴，已经买了琴。"], "想要学钢琴"),
        # issue 22: no keyword salad; none when unsure
        (["Ana went to a pottery class.", "Ana made a clay bowl in pottery class.", "The clay was messy."], None),
        (["我上周去了陶艺课。", "陶艺课上我做了一个碗。"], None),
        (["Ana loves painting.", "Ana enjoys playing the piano every evening.", "I like tea tasting."], None),
        (["Jon enjoys they're great.", "Jon loves they're so fun."], None),
        (["Jon is sure about his dreams.", "Jon has dreams and is sure."], None),
        (["张曼婷说张曼婷很好。", "张曼婷今天很忙。"], None),
        (["Ana walked.", "Bo ran."], None),
        # a liked kind is grounded with its compound nouns ("action movies"); a plan's object by its head
        (["Ana likes action movies.", "Ana watched a movie with Bo."], None),
        (["Ana likes action movies.", "Ana saw two action movies this week."], "Enjoys action movies"),
        (["Ana loves old jazz records.", "Ana bought jazz records in Leeds."], "Enjoys old jazz records"),
        (
            ["Ana wants to open a small art studio.", "Ana wants to sign the studio lease."],
            "Wants to open a small art studio",
        ),
        ([], None),
    ],
)
def test_a_trait_characterises_its_memories(texts: list[str], expected: str | None) -> None:
    assert characterise(texts) == expected


def test_at_most_max_items_and_no_pronoun_objects() -> None:
    texts = [f"Ana loves {thing}." for thing in ("jazz", "chess", "tea", "rain", "it") for _ in range(2)]
    assert characterise(texts) == "Enjoys jazz, chess and tea"
    assert wording.MAX_ITEMS == 3


def test_an_activity_done_in_two_memories_is_a_habit() -> None:
    running = ["Ana went running in the park before work", "Ana went running along the river at dawn"]
    assert characterise(running) == "Goes running"
    assert characterise(["Ana went running in the park", "Ana went hiking in May"]) is None  # each once
    assert characterise(["Ana went home early", "Ana went home late"]) is None  # a place, not an activity


def test_an_action_of_several_words_is_named_last() -> None:
    # Else the noun after it reads as its object: "Enjoys restoring old radios and sailing boats".
    texts = ["Ana enjoys restoring old radios.", "Ana likes chess.", "Ana fixed two radios and played chess on Sunday."]
    assert characterise(texts) == "Enjoys chess and restoring old radios"
