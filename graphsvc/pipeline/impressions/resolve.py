"""Stage 4: the identity resolver: update an existing entity, create one, or keep the observation pending.

Seed 000 §执行流程 4, with no LLM and no semantic guessing. Over the light identity index (names only, read by
index lookups, :mod:`graphsvc.graph.identity`):

- every entity whose normalised subject or alias equals one of the observation's normalised names is a
  candidate (an exact subject match and an exact alias match both count);
- exactly one candidate → ``update`` (``matched_by`` says whether through the subject or an alias);
- more than one → ``ambiguous``: kept as a pending observation, never guessed;
- none, and the evidence is enough (confidence >= ``impression_create_min_confidence`` and at least
  ``impression_create_min_evidence`` distinct evidence messages) → ``create``;
- none, and weak evidence → ``postponed``: kept as a pending observation.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from graphsvc import keys
from graphsvc.config import ImpressionSettings
from graphsvc.graph import identity
from graphsvc.graph.database import Database
from graphsvc.graph.identity import IdentityIndex, KnownEntityIdentity
from graphsvc.pipeline.impressions.aggregate import AggregatedObservation, ObservationAggregate

Decision = Literal["update", "create", "ambiguous", "postponed"]


class ResolvedObservation(BaseModel):
    """An aggregated observation with the resolver's decision."""

    model_config = ConfigDict(frozen=True)

    observation: AggregatedObservation
    decision: Decision
    entity: KnownEntityIdentity | None = Field(default=None, description="The entity to update (update only).")
    matched_by: Literal["subject", "alias"] | None = None
    candidates: list[KnownEntityIdentity] = Field(default=[], description="Every entity the names matched.")
    reason: str


class Resolution(BaseModel):
    """Every decision, and the index snapshot they were made on (the plan builder resolves relations on it)."""

    model_config = ConfigDict(frozen=True)

    resolved: list[ResolvedObservation] = Field(default=[])
    index: IdentityIndex = Field(default_factory=IdentityIndex)


def names_to_look_up(aggregate: ObservationAggregate) -> set[str]:
    """Every normalised name the resolver and the plan builder need: observation names and relation targets."""
    names = {n for o in aggregate.observations for n in o.names}
    names |= {keys.normalise_text(r.target) for o in aggregate.observations for r in o.relations}
    return {n for n in names if n}


def resolve_one(
    observation: AggregatedObservation, *, index: IdentityIndex, settings: ImpressionSettings
) -> ResolvedObservation:
    """Decide one observation (pure). See the module docstring for the rules."""
    by_subject = {i.entity_uuid: i for i in index.subject_matches(observation.key)}
    candidates = dict(by_subject)
    for name in observation.names:
        for known in index.matches(name):
            candidates.setdefault(known.entity_uuid, known)
    ordered = [candidates[u] for u in sorted(candidates)]
    if len(ordered) == 1:
        entity = ordered[0]
        how: Literal["subject", "alias"] = "subject" if entity.entity_uuid in by_subject else "alias"
        return ResolvedObservation(
            observation=observation,
            decision="update",
            entity=entity,
            matched_by=how,
            candidates=ordered,
            reason=f"exact {how} match: {entity.subject!r}",
        )
    if len(ordered) > 1:
        return ResolvedObservation(
            observation=observation,
            decision="ambiguous",
            candidates=ordered,
            reason=f"{len(ordered)} entities match its names: " + ", ".join(repr(c.subject) for c in ordered),
        )
    evidence = len(observation.evidence_message_ids)
    enough = observation.confidence >= settings.create_min_confidence and evidence >= settings.create_min_evidence
    if enough:
        return ResolvedObservation(
            observation=observation, decision="create", reason="no known entity; evidence enough"
        )
    return ResolvedObservation(
        observation=observation,
        decision="postponed",
        reason=(
            f"no known entity and weak evidence: confidence {observation.confidence:.2f} "
            f"(needs {settings.create_min_confidence}), {evidence} evidence message(s) "
            f"(needs {settings.create_min_evidence})"
        ),
    )


def resolve(aggregate: ObservationAggregate, *, index: IdentityIndex, settings: ImpressionSettings) -> Resolution:
    """Stage 4 (pure): decide every aggregated observation against ``index``."""
    return Resolution(
        resolved=[resolve_one(o, index=index, settings=settings) for o in aggregate.observations], index=index
    )


async def run(
    *,
    db: Database,
    user_id: str,
    aggregate: ObservationAggregate,
    settings: ImpressionSettings,
    known: IdentityIndex | None = None,
) -> Resolution:
    """Stage 4 over Neo4j: one index lookup for the names of the aggregate, then :func:`resolve`.

    Args:
        known: the index stage 1 read for the conversation's mentions; only names it was not read for
            are read now (every name is read once per run).
    """
    index = await identity.lookup(db, user_id=user_id, names=names_to_look_up(aggregate), known=known)
    return resolve(aggregate, index=index, settings=settings)
