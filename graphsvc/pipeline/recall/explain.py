"""Why a recall hit ranked where it did: each retrieval channel's rank and reciprocal-rank-fusion term, then every
rule that changed the hit's score, in the order applied, so the parts recompute the final score.

A hit's score starts as the sum of its channels' terms (:func:`.fusion.reciprocal_rank_fusion`, ``1 / (k + rank)``
per channel that ranked it). Each :class:`RankAdjustment` then takes the score from ``score_before`` to
``score_after``:
- a lent score (``lent_by_reaction``, ``lent_by_superseded``) sets it to the fused score of the hit that lent it
  (:mod:`.hydrate`);
- seed 002 §7's terms (``recency``, ``importance``, ``trait_stage``) each add ``term · base`` to it, ``base`` being
  the score before the first of them (:func:`.fusion.adjusted_score`: ``base · (1 + recency + importance +
  trait_boost)``);
- the query's cues (``time_cue``, ``speaker_cue``) multiply it by ``factor`` (:mod:`.time_cues`,
  :mod:`.speaker_cues`);
- the ordering rules (``below_answered``, ``below_replacement``, ``below_memory``, ``below_passage``) set it just
  below the score
  of the hit named by ``relative_to`` (:mod:`.hydrate`), which may itself be left out afterwards when a better hit
  covers its messages (:func:`.fusion.drop_covered`);
- ``reranked`` leaves it as it is: a reranker put the hit in its own order among the first hits (:func:`.rank.rerank`).

Built only when recall is asked to explain (``explain``): a hit without one carries ``explanation`` None and every
rule leaves it so, at no cost (:func:`.hits.rescored`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Channel = Literal["vector", "full_text", "graph"]
CHANNELS: tuple[Channel, ...] = ("vector", "full_text", "graph")
"""The retrieval methods recall fuses, in the order :func:`.rank.run` passes their rankings."""

RankRule = Literal[
    "lent_by_reaction",
    "lent_by_superseded",
    "recency",
    "importance",
    "trait_stage",
    "time_cue",
    "speaker_cue",
    "below_answered",
    "below_replacement",
    "below_memory",
    "below_passage",
    "reranked",
]
RANK_RULES: dict[RankRule, str] = {
    "lent_by_reaction": "Takes the fused score of an assistant reply that only reacts to it",
    "lent_by_superseded": "Takes the fused score of a hit stating the belief it replaced",
    "recency": "Recency term: weight · 2^(-age in days / half-life in days)",
    "importance": "Importance term: weight · a memory's importance, an impression's or trait's confidence",
    "trait_stage": "A trait's stage boost",
    "time_cue": "Dated inside the time the query names",
    "speaker_cue": "A message said by the person the query names, among several speakers",
    "below_answered": "An assistant reply that only reacts: kept just below the message it answers",
    "below_replacement": "States a superseded belief: kept just below the memory that replaced it",
    "below_memory": "An impression repeating a memory word for word, from its messages: kept just below it",
    "below_passage": "Derived from a document: kept just below its passage",
    "reranked": "Put in a reranker's order among the first hits; the score is unchanged",
}
"""Each rule in words, for the API's enum (one entry per :data:`RankRule`, checked by a test)."""


@dataclass(frozen=True)
class ChannelContribution:
    """One retrieval channel's part in a hit's fused score: its rank there (from 1; None when the channel did not
    rank the hit) and ``1 / (k + rank)`` (0 when unranked)."""

    channel: Channel
    rank: int | None
    contribution: float


@dataclass(frozen=True)
class RankAdjustment:
    """One rule that changed a hit's score (see the module docstring for how each kind of rule computes it).

    ``factor``: the multiplier of a cue; ``term``: seed 002 §7's term; ``relative_to``: the uid of the hit that
    lent its score or that this hit was kept below; ``detail``: the rule in words, for a person reading it."""

    rule: RankRule
    score_before: float
    score_after: float
    detail: str
    factor: float | None = None
    term: float | None = None
    relative_to: str | None = None


@dataclass(frozen=True)
class HitExplanation:
    """A hit's channels, the fusion's constant and the adjustments applied to it, oldest first."""

    channels: tuple[ChannelContribution, ...]
    rrf_k: int
    adjustments: tuple[RankAdjustment, ...] = ()

    @property
    def fused_score(self) -> float:
        """The sum of the channels' contributions: the hit's reciprocal-rank-fusion score."""
        return sum(c.contribution for c in self.channels)

    @property
    def fusion(self) -> str:
        """The fusion in words."""
        return f"reciprocal rank fusion of the {', '.join(CHANNELS)} rankings: sum of 1 / (k + rank), k = {self.rrf_k}"


@dataclass(frozen=True)
class ChannelRanks:
    """Each channel's ranking as uid → rank (from 1), for explaining the hits of one recall."""

    ranks: tuple[dict[str, int], ...]
    rrf_k: int

    @classmethod
    def of(cls, rankings: list[list[str]], *, rrf_k: int) -> ChannelRanks:
        """Args: rankings: the channels' rankings, best first, in the order of :data:`CHANNELS`."""
        ranks = tuple({uid: n for n, uid in enumerate(ranking, start=1)} for ranking in rankings)
        return cls(ranks, rrf_k)

    def explain(self, uid: str) -> HitExplanation:
        """The channels' parts in ``uid``'s fused score, no adjustment yet."""
        channels = []
        for channel, ranks in zip(CHANNELS, self.ranks, strict=True):
            rank = ranks.get(uid)
            channels.append(ChannelContribution(channel, rank, 0.0 if rank is None else 1.0 / (self.rrf_k + rank)))
        return HitExplanation(tuple(channels), self.rrf_k)
