"""Pastimes mentioned in passing (:mod:`graphsvc.rulebook.pastimes`): which sentences of a person's own are a
sighting (a candidate such as "Ana plays squash.", below the candidate threshold, so never a memory on its own) and
which are not: another person's pastime, a watched, wished-for, given-up or past one, a question, a negation, a
word in another sense. The lines were written for these tests, each marked before the rules first ran on it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.config import CandidateSettings
from graphsvc.conversation import ConversationMessage
from graphsvc.rulebook.extract import judge_message

SIGHTED = [
    ("played squash with Tom after work, got thrashed", "Ana plays squash."),
    ("my piano lesson got moved to Thursday", "Ana plays the piano."),
    ("Did 40 lengths at the pool, swimming always clears my head", "Ana goes swimming."),
    ("Back from the gym, legs are dead", "Ana goes to the gym."),
    ("Karate grading next week, nervous!", "Ana does karate."),
    ("I've been doing pilates twice a week", "Ana does pilates."),
    ("Football training tonight, my knee is still sore", "Ana plays football."),
    ("Tennis practice ran long tonight, starving now.", "Ana plays tennis."),
    ("周六早上去打网球了，累死", "王芳平时打网球。"),
    ("昨天钓鱼钓到一条大鲤鱼", "王芳平时钓鱼。"),
    ("晚上跟同事打了两个小时羽毛球", "王芳平时打羽毛球。"),
    ("打完网球腰有点酸", "王芳平时打网球。"),
    ("Finished my French homework on the bus", "Ana is learning French."),
    ("Went snorkelling off the pier this morning", "Ana goes snorkelling."),
    ("下班去打了一局保龄球", "王芳平时打保龄球。"),
    ("睡前学了半小时日语，满脑子都是假名", "王芳平时学日语。"),
    ("Went for a run before work", "Ana goes running."),
    ("打了三场网球，腿都软了", "王芳平时打网球。"),
    ("我老公出差了，我去打了羽毛球", "王芳平时打羽毛球。"),
    # an emoji closing the sentence does not bend its parse
    ("Also new PB at the gym this morning - 50kg bench 💪", "Ana goes to the gym."),
    ("squash with Tom tonight 🏸😅", "Ana plays squash."),
    # a span that goes on is no span of the past
    ("I've been doing judo for six years", "Ana does judo."),
]
NOT_SIGHTED = [
    "The gym near my office closed down",
    "My brother is obsessed with golf",
    "Watched the tennis final last night, what a match",
    "I bought my nephew a cricket bat for his birthday",
    "I stopped going to the gym when the baby came",
    "We were running short on time",
    "I'm running a small bakery now",
    "I should really start running again",
    "Is chess good for kids' brains",
    "My wife plays the violin in an orchestra",
    "Running a marathon is on my bucket list",
    "My daughter started ballet and karate",
    "my car is a blue Golf",
    "I used to go hiking every summer",
    "I studied Japanese for two years",
    "我学过三年钢琴",
    "Do you play chess?",
    "Not really into football.",
    "我老公天天打游戏",
    "我爸以前经常下象棋",
    "我从来不跑步",
    "电视上在放篮球比赛",
    "我女儿在学钢琴",
    "想去学游泳，但是怕水",
    "吉他难学吗",
    "今天晚上广场舞不跳了",
    "My girlfriend is learning Italian",
    "That Italian place downtown is great",
    "I'm diving into the report now",
    "我儿子在学日语",
    "日本同事都说日语",
    # a game or an instrument counted as one thing: a car's model, a purchase
    "it's a 2012 golf, the clutch is going",
    "I got a guitar for my birthday",
    "我车又坏了，是辆12年的高尔夫",
    "我买了一把新吉他",
    # a clause that goes on about the person named before it
    "我女儿叫米娅，在学小提琴",
    "my daughter's called Mia and plays the violin",
    # what would follow a condition
    "要是我住在湖边，我天天去划船",
    "If it stays dry tomorrow, I'm going cycling",
]


def _sightings(said: str) -> list[str]:
    speaker = "王芳" if any("\u4e00" <= c <= "\u9fff" for c in said) else "Ana"
    message = ConversationMessage(
        message_id="m1", role="user", speaker=speaker, content=said, occurred_at=datetime(2025, 7, 1, tzinfo=UTC)
    )
    found = [j.statement for j in judge_message(message).judgements if j.statement is not None]
    return [s.content for s in found if ".pastime." in s.rule_id]


@pytest.mark.parametrize(("said", "expected"), SIGHTED)
def test_a_pastime_said_in_passing_is_sighted(said: str, expected: str) -> None:
    assert _sightings(said) == [expected]


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("打完羽毛球又去游泳，累坏了", ["王芳平时打羽毛球。", "王芳平时游泳。"]),
        ("Squash on Monday, swimming on Thursday, knackered", ["Ana plays squash.", "Ana goes swimming."]),
    ],
)
def test_every_pastime_of_a_sentence_is_sighted_once(said: str, expected: list[str]) -> None:
    assert _sightings(said) == expected


@pytest.mark.parametrize("said", NOT_SIGHTED)
def test_no_sighting_of_what_is_not_the_speakers_pastime(said: str) -> None:
    assert _sightings(said) == []


@pytest.mark.parametrize("said", ["I go climbing most weekends", "我每周二晚上练书法"])
def test_a_habit_said_plainly_is_a_memory_and_no_sighting(said: str) -> None:
    assert _sightings(said) == []


def test_a_sighting_waits_as_a_candidate_and_a_plain_habit_is_none() -> None:
    message = ConversationMessage(
        message_id="m1",
        role="user",
        speaker="Ana",
        content="Tennis with my cousin after work, I lost again. I play chess every Sunday.",
        occurred_at=datetime(2025, 7, 1, tzinfo=UTC),
    )
    found = [j.statement for j in judge_message(message).judgements if j.statement is not None]
    below = CandidateSettings().confidence_below
    assert [(s.content, s.confidence < below) for s in found] == [
        ("Ana plays tennis.", True),
        ("Ana plays chess every Sunday.", False),  # said plainly: the memory itself, no sighting beside it
    ]
