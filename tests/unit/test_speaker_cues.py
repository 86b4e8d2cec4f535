"""Speaker cues: a message said by the person a recall query names scores higher."""

from __future__ import annotations

import pytest

from graphsvc.pipeline.recall.hits import HitKind, RecallHit
from graphsvc.pipeline.recall.speaker_cues import boost_named_speakers, names_speaker


def hit(uid: str, score: float, *, kind: HitKind = "event", speaker: str | None = None) -> RecallHit:
    return RecallHit(uid, kind, uid, score, None, [uid], speaker=speaker)


@pytest.mark.parametrize(
    ("query", "speaker", "named"),
    [
        ("What does Melanie do to destress?", "Melanie", True),
        ("what does MELANIE do?", "Melanie", True),  # case-folded
        ("Where did Mary Ann go?", "Mary Ann", True),  # a name of two words
        ("Where did Ann go?", "Mary Ann", False),  # part of a name is not the name
        ("What does Melanie do?", "Mel", False),  # whole words only
        ("What does Mel do?", "Melanie", False),  # aliases do not count
        ("What does Melanie do?", None, False),
        ("What does Melanie do?", "  ", False),
        ("张三最近在忙什么", "张三", True),  # CJK: no word breaks, the name anywhere in the query
        ("李四最近在忙什么", "张三", False),
    ],
)
def test_a_query_names_a_speaker_by_the_whole_name(query: str, speaker: str | None, named: bool) -> None:
    assert names_speaker(query, speaker) is named


def test_messages_said_by_the_named_person_are_boosted() -> None:
    hits = [
        hit("to-her", 0.30, speaker="Caroline"),  # "Glad it helped ya, Melanie!" said to her
        hit("by-her", 0.20, speaker="Melanie"),
        hit("memory", 0.25, kind="memory"),  # no speaker: unchanged
        hit("no-speaker", 0.10),
    ]
    boosted = boost_named_speakers(hits, "What does Melanie do to destress?", boost=1.0)
    assert [h.uid for h in boosted] == ["to-her", "by-her", "memory", "no-speaker"]  # order kept
    assert [h.score for h in boosted] == pytest.approx([0.30, 0.40, 0.25, 0.10])
    assert max(boosted, key=lambda h: h.score).uid == "by-her"


def test_only_messages_are_boosted_and_zero_changes_nothing() -> None:
    hits = [hit("memory", 0.5, kind="memory", speaker="Melanie"), hit("event", 0.5, speaker="Melanie")]
    boosted = boost_named_speakers(hits, "Melanie's hobbies", boost=0.5)
    assert [h.score for h in boosted] == pytest.approx([0.5, 0.75])
    assert boost_named_speakers(hits, "Melanie's hobbies", boost=0.0) == hits
    assert boost_named_speakers(hits, "What did Caroline paint?", boost=0.5) == hits
