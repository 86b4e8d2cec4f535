"""GraphQL types of a recall hit's explanation (``recall(explain: true)``), converted from
:mod:`graphsvc.pipeline.recall.explain` (through :mod:`graphsvc.service.views`) in one place each (``from_domain``)."""

from __future__ import annotations

from enum import Enum

import strawberry
from strawberry.types.enum import EnumValueDefinition

from graphsvc.service import views as explain


@strawberry.enum(description="A retrieval channel whose ranking recall fuses.")
class RecallChannel(Enum):
    VECTOR = "vector"
    FULL_TEXT = "full_text"
    GRAPH = "graph"


def _rule(rule: explain.RankRule) -> EnumValueDefinition:
    """An enum value of :class:`RankRule`, described in words where the rules are (:data:`explain.RANK_RULES`)."""
    return strawberry.enum_value(rule, description=explain.RANK_RULES[rule])


@strawberry.enum(description="A rule that changed a recall hit's score.")
class RankRule(Enum):
    LENT_BY_REACTION = _rule("lent_by_reaction")
    LENT_BY_SUPERSEDED = _rule("lent_by_superseded")
    RECENCY = _rule("recency")
    IMPORTANCE = _rule("importance")
    TRAIT_STAGE = _rule("trait_stage")
    TIME_CUE = _rule("time_cue")
    SPEAKER_CUE = _rule("speaker_cue")
    BELOW_ANSWERED = _rule("below_answered")
    BELOW_REPLACEMENT = _rule("below_replacement")
    BELOW_MEMORY = _rule("below_memory")
    BELOW_PASSAGE = _rule("below_passage")
    RERANKED = _rule("reranked")


@strawberry.type(description="One retrieval channel's part in a hit's fused score.")
class ChannelContribution:
    channel: RecallChannel
    rank: int | None = strawberry.field(
        description="The hit's place in the channel's ranking, from 1; null when the channel did not find it"
    )
    contribution: float = strawberry.field(description="1 / (k + rank), the channel's fusion term; 0 when unranked")

    @classmethod
    def from_domain(cls, part: explain.ChannelContribution) -> ChannelContribution:
        return cls(channel=RecallChannel(part.channel), rank=part.rank, contribution=part.contribution)


@strawberry.type(description="One rule that changed a hit's score, taking it from scoreBefore to scoreAfter.")
class RankAdjustment:
    rule: RankRule
    score_before: float = strawberry.field(description="The hit's score before the rule (unitless; higher ranks first)")
    score_after: float = strawberry.field(description="The hit's score after the rule")
    factor: float | None = strawberry.field(
        description="For TIME_CUE and SPEAKER_CUE: the multiplier (scoreAfter = scoreBefore · factor); else null"
    )
    term: float | None = strawberry.field(
        description="For RECENCY, IMPORTANCE and TRAIT_STAGE: the term added to 1 in base · (1 + recency + "
        "importance + trait stage), base the score before the first of them (scoreAfter = scoreBefore + base · "
        "term); else null"
    )
    relative_to: strawberry.ID | None = strawberry.field(
        description="The hit that lent its score (LENT_BY_*) or that this hit was kept just below (BELOW_*; that "
        "hit may be left out of the list when a better hit covers its messages); else null"
    )
    detail: str = strawberry.field(description="The rule in words")

    @classmethod
    def from_domain(cls, adjustment: explain.RankAdjustment) -> RankAdjustment:
        return cls(
            rule=RankRule(adjustment.rule),
            score_before=adjustment.score_before,
            score_after=adjustment.score_after,
            factor=adjustment.factor,
            term=adjustment.term,
            relative_to=None if adjustment.relative_to is None else strawberry.ID(adjustment.relative_to),
            detail=adjustment.detail,
        )


@strawberry.type(
    description="Why a recall hit ranked where it did: fusedScore is the sum of the channels' contributions; the "
    "adjustments, in the order applied, take it to finalScore (the hit's score)."
)
class RecallExplanation:
    channels: list[ChannelContribution] = strawberry.field(description="Every channel, found the hit or not")
    fusion: str = strawberry.field(description="How the channels' rankings are fused, with its constant k")
    fused_score: float = strawberry.field(description="The sum of the channels' contributions")
    adjustments: list[RankAdjustment] = strawberry.field(description="Every rule that changed the score, in order")
    final_score: float = strawberry.field(description="The hit's score")

    @classmethod
    def from_domain(cls, explanation: explain.HitExplanation, *, final_score: float) -> RecallExplanation:
        return cls(
            channels=[ChannelContribution.from_domain(c) for c in explanation.channels],
            fusion=explanation.fusion,
            fused_score=explanation.fused_score,
            adjustments=[RankAdjustment.from_domain(a) for a in explanation.adjustments],
            final_score=final_score,
        )
