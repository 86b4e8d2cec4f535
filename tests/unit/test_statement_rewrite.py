"""Offline memories stand alone (issue 14): the speaker's name for I/my, the antecedent from the question
answered, evaluative tails cut, greetings with any vocative out, listener talk out, remedies not pain points."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.conversation import ConversationMessage
from graphsvc.pipeline.extraction import offline
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.text.rewrite import name_the_speaker, resolve_antecedent, trim_evaluation

AT = datetime(2023, 5, 13, 15, 30, tzinfo=UTC)


def _turns(*turns: tuple[str, str]) -> list[ConversationMessage]:
    return [
        ConversationMessage(message_id=f"m{i}", role="user", speaker=speaker, content=text, occurred_at=AT)
        for i, (speaker, text) in enumerate(turns)
    ]


def _contents(*turns: tuple[str, str]) -> list[str]:
    return [m.content for m in extract_offline(_turns(*turns)).memories]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I love my dogs.", "Ana loves their dogs."),
        ("I got new collars and tags for my dogs.", "Ana got new collars and tags for their dogs."),
        ("My sister lives in Porto.", "Ana's sister lives in Porto."),
        ("I'm starting a dance studio.", "Ana is starting a dance studio."),
        ("I've adopted a cat.", "Ana has adopted a cat."),
        ("I really enjoy painting.", "Ana really enjoys painting."),
        ("I study biology.", "Ana studies biology."),
        ("I don't eat meat.", "Ana doesn't eat meat."),
        ("I have two cats.", "Ana has two cats."),
        ("I can swim.", "Ana can swim."),
        ("I went home early.", "Ana went home early."),
        ("My friends helped me.", "Ana's friends helped them."),
        ("I need some me-time.", "Ana needs some me-time."),
    ],
)
def test_first_person_becomes_the_speakers_name(sentence: str, expected: str) -> None:
    assert name_the_speaker(sentence, "Ana", "en") == expected


def test_chinese_first_person_becomes_the_name_but_we_stays() -> None:
    assert name_the_speaker("我住在北京，我们常去爬山。", "张伟", "zh") == "张伟住在北京，我们常去爬山。"
    assert name_the_speaker("I live here.", "  ", "en") == "I live here."


def test_the_antecedent_comes_from_the_question_answered() -> None:
    assert resolve_antecedent("I loved it!", "How was the pottery class?", "en") == "I loved the pottery class!"
    assert (
        resolve_antecedent("It was great.", "Did you enjoy your trip to Rome?", "en") == "the trip to Rome was great."
    )
    # no question, or two candidate objects, or a long sentence: unchanged
    assert resolve_antecedent("I loved it!", "I went to the pottery class.", "en") == "I loved it!"
    assert resolve_antecedent("I loved it!", None, "en") == "I loved it!"
    assert resolve_antecedent("它很好玩。", "那个展览怎么样？", "zh") == "展览很好玩。"


def test_a_reply_names_what_it_answers_and_who_said_it() -> None:
    contents = _contents(("Mia", "How was the pottery class?"), ("Ana", "I loved it, I made a bowl for my mum."))
    assert contents == ["Ana loved the pottery class, Ana made a bowl for their mum."]


def test_an_evaluative_tail_is_cut_unless_too_little_is_left() -> None:
    assert trim_evaluation("I adopted a puppy last week - it's so cute!", "en") == "I adopted a puppy last week."
    assert trim_evaluation("I ran, so fun!", "en") == "I ran, so fun!"  # two words would be left
    assert trim_evaluation("我上周领养了一只小狗，真是太可爱了！", "zh") == "我上周领养了一只小狗。"
    assert trim_evaluation("I adopted a puppy.", "en") == "I adopted a puppy."


@pytest.mark.parametrize(
    "greeting",
    ["Hello, Dr Watson! ", "Hi there, my dear helper! ", "Hey Sam, ", "你好，小助手！", "您好，老师！"],
)
def test_greetings_with_any_vocative_are_stripped(greeting: str) -> None:
    text = greeting + ("我喜欢画画。" if greeting[0] in "你您" else "I love painting.")
    assert _contents(("Ana", text))[0] in ("Ana loves painting.", "Ana喜欢画画。")


@pytest.mark.parametrize(
    "text",
    [
        "You look great in that photo!",
        "Let's grab a coffee next week.",
        "That's awesome news!",
        "Sounds like a fun trip.",
        "What a lovely idea.",
        "你最近怎么样，我挺想你的。",
    ],
)
def test_talk_about_the_listener_and_bare_reactions_are_not_memories(text: str) -> None:
    assert _contents(("Ana", text)) == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("I go running to relieve my stress.", None),
        ("Painting is my favourite stress relief.", "preference"),
        ("I feel so stressed about work.", "pain_point"),
        ("I meditate to cope with anxiety.", None),
        ("I have been anxious all week.", "pain_point"),
        ("我最近压力很大。", "pain_point"),
    ],
)
def test_a_remedy_is_not_a_pain_point(text: str, kind: str | None) -> None:
    types = [m.memory_type for m in extract_offline(_turns(("Ana", text))).memories]
    if kind is None:
        assert "pain_point" not in types
    else:
        assert kind in types


def test_cueless_first_person_statements_are_low_confidence_facts_at_the_word_threshold() -> None:
    at_threshold = "Ana"  # speaker
    words = ["turtles", "garden", "pond", "behind", "house"][: offline.FALLBACK_MIN_WORDS]
    enough = "I keep " + " ".join(words) + "."  # "keep" + the words: content words >= threshold
    below = "I keep " + " ".join(words[: offline.FALLBACK_MIN_WORDS - 2]) + "."
    kept = extract_offline(_turns((at_threshold, enough))).memories
    assert [(m.memory_type, m.confidence) for m in kept] == [("fact", offline.FALLBACK_CONFIDENCE)]
    assert extract_offline(_turns((at_threshold, below))).memories == []


def test_general_remarks_are_not_kept_as_facts() -> None:
    assert _contents(("Ana", "I think people always need friends around them somehow.")) == []
