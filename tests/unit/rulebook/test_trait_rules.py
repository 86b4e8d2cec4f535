"""The rulebook's trait rules phrase what several memories of one person share: a real noun phrase or action
grounded in two of its memories, and nothing when unsure (an offline trait a careful reader would reject is worse
than none). Each rule's own examples (memories joined by " | ") are run by the composer the reflector calls."""

from __future__ import annotations

import pytest

from graphsvc.rulebook import book, traits
from graphsvc.rulebook.engine import Selection
from graphsvc.rulebook.rule import Example, Rule
from graphsvc.rulebook.traits import Phrasing, phrase

EVERY_RULE = Selection(frozenset(r.id for r in book.RULES))
TRAIT_RULES = [r for r in book.RULES if r.decision == "trait"]


def _memories(said: str) -> list[str]:
    return [part.strip() for part in said.split(" | ")]


@pytest.mark.parametrize(
    ("rule", "example"),
    [(r, e) for r in TRAIT_RULES for e in r.examples],
    ids=lambda v: v.id if isinstance(v, Rule) else str(getattr(v, "said", v)),
)
def test_trait_rule_phrases_its_examples(rule: Rule, example: Example) -> None:
    assert phrase(_memories(example.said), selection=EVERY_RULE) == Phrasing(str(example.expect), rule.id)


@pytest.mark.parametrize(
    ("rule", "said"),
    [(r, c) for r in TRAIT_RULES for c in r.counterexamples],
    ids=lambda v: v.id if isinstance(v, Rule) else str(v),
)
def test_trait_rule_does_not_phrase_its_counterexamples(rule: Rule, said: str) -> None:
    worded = phrase(_memories(said), selection=EVERY_RULE)
    assert worded is None or worded.rule_id != rule.id, worded


def test_every_trait_rule_has_an_example_and_a_counterexample() -> None:
    assert TRAIT_RULES, "no trait rules"
    assert [r.id for r in TRAIT_RULES if not (r.examples and r.counterexamples)] == []


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
        # no keyword salad; nothing when unsure
        (["Ana went to a pottery class.", "Ana made a clay bowl in pottery class.", "The clay was messy."], None),
        (["我上周去了陶艺课。", "陶艺课上我做了一个碗。"], None),
        (["Ana loves painting.", "Ana enjoys playing the piano every evening.", "I like tea tasting."], None),
        (["Jon enjoys they're great.", "Jon loves they're so fun."], None),
        (["Jon is sure about his dreams.", "Jon has dreams and is sure."], None),
        (["周敏说周敏很好。", "周敏今天很忙。"], None),
        (["Ana walked.", "Bo ran."], None),
        # a liked kind is grounded with its compound nouns ("action movies")
        (["Ana likes action movies.", "Ana watched a movie with Bo."], None),
        (["Ana likes action movies.", "Ana saw two action movies this week."], "Enjoys action movies"),
        (["Ana loves old jazz records.", "Ana bought jazz records in Leeds."], "Enjoys old jazz records"),
        (
            ["Ana wants to open a small art studio.", "Ana wants to sign the studio lease."],
            "Wants to open a small art studio",
        ),
        # a habit said stopped, or a liking denied, in one of the memories: no trait of it
        (["王芳每天早上练瑜伽。", "王芳周末也练瑜伽。"], "经常练瑜伽"),
        (["王芳每天早上练瑜伽。", "王芳周末也练瑜伽。", "王芳这个月开始不练瑜伽了。"], None),
        (["Ana goes running every morning.", "Ana went running on Sunday."], "Goes running regularly"),
        (["Ana goes running every morning.", "Ana went running on Sunday.", "Ana doesn't go running now."], None),
        (
            ["Ana goes running every morning.", "Ana went running on Sunday.", "Bo can't believe Ana goes running."],
            "Goes running regularly",  # the negation is of another clause
        ),
        ([], None),
    ],
)
def test_a_trait_phrases_what_its_memories_share(texts: list[str], expected: str | None) -> None:
    worded = phrase(texts)
    assert (worded.content if worded else None) == expected


def test_at_most_max_items_and_no_pronoun_objects() -> None:
    texts = [f"Ana loves {thing}." for thing in ("jazz", "chess", "tea", "rain", "it") for _ in range(2)]
    worded = phrase(texts)
    assert worded is not None and worded.content == "Enjoys jazz, chess and tea"
    assert traits.MAX_ITEMS == 3


def test_an_activity_done_in_two_memories_is_a_habit() -> None:
    running = ["Ana went running in the park before work", "Ana went running along the river at dawn"]
    assert phrase(running) == Phrasing("Goes running regularly", "en.trait.activity")
    assert phrase(["Ana went running in the park", "Ana went hiking in May"]) is None  # each once
    assert phrase(["Ana went home early", "Ana went home late"]) is None  # a place, not an activity


def test_a_rule_turned_off_phrases_nothing() -> None:
    running = ["Ana went running in the park before work", "Ana went running along the river at dawn"]
    without = Selection(frozenset(r.id for r in book.RULES if r.id != "en.trait.activity"))
    assert phrase(running, selection=without) is None
