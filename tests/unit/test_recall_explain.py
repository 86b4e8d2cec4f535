"""Recall explained (:mod:`graphsvc.pipeline.recall.explain`): each channel's rank and fusion term, and every rule
recorded on the hit it rescored, only when the hit is being explained."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import get_args

import pytest

from graphsvc.api.recall_types import RankRule as GraphQLRankRule
from graphsvc.pipeline.recall.explain import RANK_RULES, ChannelRanks, RankRule
from graphsvc.pipeline.recall.fusion import drop_covered, reciprocal_rank_fusion
from graphsvc.pipeline.recall.hits import RecallHit, rescored
from graphsvc.pipeline.recall.hydrate import below_answered, below_memories, below_passages, below_replacements
from graphsvc.pipeline.recall.speaker_cues import boost_named_speakers

WHEN = datetime(2024, 5, 1, tzinfo=UTC)
RANKINGS = [["a", "b", "c"], ["c", "a"], ["d"]]


def hit(
    uid: str,
    score: float,
    *,
    explained: bool = True,
    speaker: str | None = None,
    role: str | None = None,
    source_event_uids: tuple[str, ...] = (),
) -> RecallHit:
    """An event hit; ``explained``: carrying its channels' explanation (no adjustment yet)."""
    explanation = ChannelRanks.of(RANKINGS, rrf_k=60).explain(uid) if explained else None
    return RecallHit(
        uid,
        "event",
        uid,
        score,
        WHEN,
        [uid],
        role=role,
        speaker=speaker,
        source_event_uids=source_event_uids,
        explanation=explanation,
    )


def test_the_channels_terms_sum_to_the_fused_score() -> None:
    fused = reciprocal_rank_fusion(RANKINGS, k=60)
    ranks = ChannelRanks.of(RANKINGS, rrf_k=60)
    for uid in "abcd":
        explanation = ranks.explain(uid)
        assert explanation.fused_score == fused[uid]
        assert [c.channel for c in explanation.channels] == ["vector", "full_text", "graph"]
    a = ranks.explain("a").channels
    assert [(c.rank, c.contribution) for c in a] == [(1, 1 / 61), (2, 1 / 62), (None, 0.0)]
    assert "k = 60" in ranks.explain("a").fusion
    assert ranks.explain("unknown").fused_score == 0.0  # a hit no channel found (a replacement lent a score)


def test_a_rule_is_recorded_only_on_a_hit_being_explained() -> None:
    plain = rescored(hit("a", 1.0, explained=False), 2.0, "time_cue", "in the window", factor=2.0)
    assert (plain.score, plain.explanation) == (2.0, None)
    explained = rescored(hit("a", 1.0), 2.0, "time_cue", "in the window", factor=2.0)
    assert explained.score == 2.0 and explained.explanation is not None
    [step] = explained.explanation.adjustments
    assert (step.rule, step.score_before, step.score_after, step.factor) == ("time_cue", 1.0, 2.0, 2.0)


def test_the_ordering_rules_name_the_hit_they_kept_this_one_below() -> None:
    [message, reply] = below_answered([hit("m", 0.5), hit("r", 0.6)], {"r": "m"})
    assert message.explanation is not None and not message.explanation.adjustments
    assert reply.explanation is not None
    [step] = reply.explanation.adjustments
    assert (step.rule, step.relative_to, step.score_after) == ("below_answered", "m", math.nextafter(0.5, 0.0))

    hits = below_replacements([hit("new", 0.3), hit("newer", 0.2), hit("old", 0.4)], {"old": ("new", "newer")})
    assert hits[2].explanation is not None
    [step] = hits[2].explanation.adjustments
    assert (step.rule, step.relative_to) == ("below_replacement", "newer")  # the lowest of what replaced it

    passage = RecallHit("p", "chunk", "p", 0.1, WHEN, [], document_id="doc")
    derived = hit("e", 0.9, source_event_uids=("docevent",))
    [_, moved] = below_passages([passage, derived], {"docevent": "doc"})
    assert moved.explanation is not None
    [step] = moved.explanation.adjustments
    assert (step.rule, step.relative_to, step.score_before) == ("below_passage", "p", 0.9)


def test_a_speaker_cue_records_its_factor() -> None:
    hits = [hit("a", 0.4, speaker="Priya", role="user"), hit("b", 0.5, speaker="Tom", role="user")]
    priya, tom = boost_named_speakers(hits, "What does Priya do to unwind?", boost=1.5)
    assert priya.explanation is not None and tom.explanation is not None
    [step] = priya.explanation.adjustments
    assert step.rule == "speaker_cue" and step.factor == 2.5
    assert step.score_after == pytest.approx(0.4 * 2.5) == priya.score
    assert not tom.explanation.adjustments


def test_an_impression_repeating_a_memory_word_for_word_is_kept_below_it_and_then_dropped() -> None:
    memory = RecallHit("mem", "memory", "Ana loves jazz.", 0.50, WHEN, ["m1"], source_event_uids=("e1",))
    same = RecallHit("imp", "impression", "ana loves jazz", 0.51, WHEN, ["m1"], source_event_uids=("e1",))
    other = RecallHit("imp2", "impression", "Ana plays the sax.", 0.52, WHEN, ["m1"], source_event_uids=("e1",))
    elsewhere = RecallHit("imp3", "impression", "Ana loves jazz.", 0.53, WHEN, ["m2"], source_event_uids=("e2",))
    scores = {h.uid: h.score for h in below_memories([memory, same, other, elsewhere])}
    assert scores["imp"] == math.nextafter(0.50, 0.0)  # repeats it, from its message: just below
    assert (scores["imp2"], scores["imp3"]) == (0.52, 0.53)  # says more, or rests on another message: unchanged
    ranked = sorted(below_memories([memory, same]), key=lambda h: -h.score)
    assert [h.uid for h in drop_covered(ranked)] == ["mem"]


def test_every_rank_rule_has_its_words_and_one_graphql_value() -> None:
    assert set(RANK_RULES) == set(get_args(RankRule))
    assert {GraphQLRankRule(rule).name for rule in RANK_RULES} == {member.name for member in GraphQLRankRule}
