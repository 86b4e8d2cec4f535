"""Speaker cues: a message said by the person a recall query names scores higher."""

from __future__ import annotations

from dataclasses import replace

import pytest

from graphsvc.pipeline.recall.hits import HitKind, RecallHit
from graphsvc.pipeline.recall.speaker_cues import boost_named_speakers, names_speaker


def hit(uid: str, score: float, *, kind: HitKind = "event", speaker: str | None = None) -> RecallHit:
    return RecallHit(uid, kind, uid, score, None, [uid], speaker=speaker)


@pytest.mark.parametrize(
    ("query", "speaker", "named"),
    [
        ("What does Priya do to unwind?", "Priya", True),
        ("what does PRIYA do?", "Priya", True),  # case-folded
        ("Where did Mary Ann go?", "Mary Ann", True),  # a name of two words
        ("Where did Ann go?", "Mary Ann", False),  # part of a name is not the name
        ("What does Priya do?", "Pri", False),  # whole words only
        ("What does Pri do?", "Priya", False),  # aliases do not count
        ("What does Priya do?", None, False),
        ("What does Priya do?", "  ", False),
        ("张三最近在忙什么", "张三", True),  # CJK: no word breaks, the name anywhere in the query
        ("李四最近在忙什么", "张三", False),
    ],
)
def test_a_query_names_a_speaker_by_the_whole_name(query: str, speaker: str | None, named: bool) -> None:
    assert names_speaker(query, speaker) is named


def test_messages_said_by_the_named_person_are_boosted() -> None:
    hits = [
        hit("to-her", 0.30, speaker="Marcus"),  # "Enjoy the swim, Priya!" said to her
        hit("by-her", 0.20, speaker="Priya"),
        hit("memory", 0.25, kind="memory"),  # no speaker: unchanged
        hit("no-speaker", 0.10),
    ]
    boosted = boost_named_speakers(hits, "What does Priya do to unwind?", boost=1.0)
    assert [h.uid for h in boosted] == ["to-her", "by-her", "memory", "no-speaker"]  # order kept
    assert [h.score for h in boosted] == pytest.approx([0.30, 0.40, 0.25, 0.10])
    assert max(boosted, key=lambda h: h.score).uid == "by-her"


def test_only_messages_are_boosted_and_zero_changes_nothing() -> None:
    hits = [
        hit("memory", 0.5, kind="memory", speaker="Priya"),
        hit("event", 0.5, speaker="Priya"),
        hit("other", 0.4, speaker="Marcus"),
    ]
    boosted = boost_named_speakers(hits, "Priya's hobbies", boost=0.5)
    assert [h.score for h in boosted] == pytest.approx([0.5, 0.75, 0.4])
    assert boost_named_speakers(hits, "Priya's hobbies", boost=0.0) == hits
    assert boost_named_speakers(hits, "What did Dana paint?", boost=0.5) == hits


def test_one_speaker_or_a_superseded_message_is_never_boosted() -> None:
    alone = [hit("memory", 0.5, kind="memory"), hit("event", 0.4, speaker="Lena"), hit("reply", 0.3)]
    assert boost_named_speakers(alone, "Where does Lena live?", boost=1.5) == alone  # user and assistant only
    two = [
        replace(hit("old", 0.4, speaker="Lena"), status="superseded"),  # "I live in Lisbon", since replaced
        hit("new", 0.3, speaker="Lena"),
        hit("friend", 0.2, speaker="Tom"),
    ]
    boosted = boost_named_speakers(two, "Where does Lena live?", boost=1.5)
    assert [h.score for h in boosted] == pytest.approx([0.4, 0.75, 0.2])


def test_an_assistant_is_no_second_person() -> None:
    hits = [
        hit("memory", 0.5, kind="memory"),
        hit("user", 0.4, speaker="Lena"),
        replace(hit("bot", 0.3, speaker="Bot"), role="assistant"),  # a named assistant
    ]
    assert boost_named_speakers(hits, "Where does Lena live?", boost=1.5) == hits
