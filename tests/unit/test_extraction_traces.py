"""The extraction traces a job writes (pure): each judged piece's outcome, from the rulebook's judgements and where
the job's memories landed."""

from __future__ import annotations

from datetime import UTC, datetime

from graphsvc.conversation import ConversationMessage
from graphsvc.pipeline.extraction.contract import ExtractedMemory
from graphsvc.pipeline.extraction.offline import judge_and_extract
from graphsvc.pipeline.extraction.traces import Landing, TracedMessage, by_llm, by_rules
from graphsvc.pipeline.memories.run import Placement

WHEN = datetime(2024, 5, 1, 9, tzinfo=UTC)


def said(mid: str, text: str, role: str = "user") -> ConversationMessage:
    return ConversationMessage(message_id=mid, role=role, speaker="Ana", content=text, occurred_at=WHEN)


def traced(messages: list[ConversationMessage]) -> list[TracedMessage]:
    return [TracedMessage(message=m, event_uid=f"e-{m.message_id}", message_id=f"id-{m.message_id}") for m in messages]


def with_events(memories: list[ExtractedMemory]) -> list[ExtractedMemory]:
    return [m.model_copy(update={"source_message_ids": [f"e-{s}" for s in m.source_message_ids]}) for m in memories]


def test_each_piece_gets_its_outcome_and_rule() -> None:
    messages = [
        said("m1", "I live in Porto. How are you?"),
        said("m2", "My name is Ana."),  # kept by a rule, then dropped: the speaker only naming herself
        said("m3", "Noted.", role="assistant"),
        said("m4", "I'm allergic to peanuts."),
    ]
    extraction, judged = judge_and_extract(messages)
    kept = with_events(extraction.memories)
    assert [m.content for m in kept] == ["Ana lives in Porto.", "Ana is allergic to peanuts."]
    landing = Landing(
        kept=kept,
        placements=[Placement("created", "porto"), Placement("reinforced", "peanuts")],
        landed_on={},
        successors={"lisbon": "porto"},
    )
    traces = by_rules(traced(messages), session_id="s1", judged=judged, landing=landing)
    assert [t.message_id for t in traces] == ["id-m1", "id-m2", "id-m3", "id-m4"]
    home, question = traces[0].decisions
    assert (home.outcome, home.memory_uid, home.rule_id, home.superseded_uids) == (
        "created",
        "porto",
        "en.keep.residence",
        ("lisbon",),
    )
    assert (question.outcome, question.rule_id, question.memory_uid) == ("refused", "en.refuse.question", None)
    assert [d.outcome for d in traces[1].decisions] == ["dropped"]
    assert traces[2].source is False and traces[2].decisions == ()
    (allergy,) = traces[3].decisions
    assert (allergy.outcome, allergy.memory_uid, allergy.superseded_uids) == ("reinforced", "peanuts", ())


def test_a_raced_creation_is_a_reinforcement_and_a_folded_one_merged() -> None:
    messages = [said("m1", "I'm allergic to peanuts.")]
    extraction, judged = judge_and_extract(messages)
    kept = with_events(extraction.memories)
    raced = Landing(
        kept=kept, placements=[Placement("created", "planned")], landed_on={"planned": "other"}, successors={}
    )
    (decision,) = by_rules(traced(messages), session_id="s1", judged=judged, landing=raced)[0].decisions
    assert (decision.outcome, decision.memory_uid) == ("reinforced", "other")
    folded = Landing(kept=kept, placements=[Placement("merged", "twin")], landed_on={}, successors={})
    (decision,) = by_llm(traced(messages), session_id="s1", landing=folded)[0].decisions
    assert (decision.outcome, decision.memory_uid, decision.sentence, decision.rule_id) == (
        "merged",
        "twin",
        None,
        "en.keep.allergy",
    )


def test_a_low_confidence_statement_is_a_candidate() -> None:
    messages = [said("m1", "I'm allergic to peanuts.")]
    extraction, judged = judge_and_extract(messages)
    doubtful = with_events(extraction.memories)
    landing = Landing(kept=[], placements=[], landed_on={}, successors={}, doubtful=doubtful, candidate_uids=["c1"])
    (decision,) = by_rules(traced(messages), session_id="s1", judged=judged, landing=landing)[0].decisions
    assert (decision.outcome, decision.candidate_uid, decision.memory_uid) == ("candidate", "c1", None)
