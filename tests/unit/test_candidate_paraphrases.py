"""A sighting that paraphrases an open candidate of its type joins it (seed 003 with the belief rules); pure."""

from __future__ import annotations

from datetime import UTC, datetime

from graphsvc import keys
from graphsvc.graph.sources import CandidateSighting, KnownCandidate
from graphsvc.pipeline.memories.paraphrases import fold
from graphsvc.vocabulary import CandidateStatus, MemoryType

NOW = datetime(2024, 5, 2, tzinfo=UTC)


def sighting(content: str, memory_type: MemoryType = "preference") -> CandidateSighting:
    digest = keys.content_hash(content)
    return CandidateSighting(
        uid=keys.candidate_uid("ana", memory_type, digest),
        memory_type=memory_type,
        content=content,
        content_hash=digest,
        importance=0.5,
        confidence=0.85,
        occurred_at=None,
        day="2024-05-02",
        source="note:n2",
        expires_at=NOW,
        event_uids=("e2",),
    )


def known(content: str, status: CandidateStatus = "open", memory_type: MemoryType = "preference") -> KnownCandidate:
    uid = keys.candidate_uid("ana", memory_type, keys.content_hash(content))
    return KnownCandidate(uid=uid, memory_type=memory_type, content=content, status=status)


ALPS = "I love hiking in the Alps."


def test_a_paraphrase_takes_the_uid_of_the_open_candidate_it_restates() -> None:
    [out] = fold([sighting("I really love hiking in the Alps.")], [known(ALPS)])
    assert out.uid == known(ALPS).uid and out.content == "I really love hiking in the Alps."


def test_a_changed_value_another_type_or_a_closed_candidate_keeps_its_own_uid() -> None:
    pyrenees, goal, closed = (
        sighting("I love hiking in the Pyrenees."),
        sighting("I really love hiking in the Alps.", "goal"),
        sighting("I truly love hiking in the Alps."),
    )
    assert fold([pyrenees, goal], [known(ALPS)]) == [pyrenees, goal]
    assert fold([closed], [known(ALPS, "promoted")]) == [closed]


def test_the_same_words_stay_with_their_own_candidate_whatever_its_status() -> None:
    same = sighting(ALPS)
    assert fold([same], [known("I really love hiking in the Alps."), known(ALPS, "expired")]) == [same]


def test_paraphrases_of_one_batch_fold_into_the_first() -> None:
    first, second = sighting(ALPS), sighting("I truly love hiking in the Alps.")
    assert [s.uid for s in fold([first, second], [])] == [first.uid, first.uid]
