"""Graph expansion for recall: what the entities a query names bring (issue 6).

Entities the query names are found by exact subject or alias through the alias index
(:mod:`graphsvc.graph.identity`), one entity per name. A named entity brings its
impressions, the memories that mention it and, when it is selective, the events it was observed in;
its selective ``RELATES`` neighbours bring their events and impressions. Every list is ranked by cosine
similarity to the query; recall merges them into one ranking (the graph method) beside vector and
full-text search.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import dataclass

from graphsvc import keys
from graphsvc.graph import identity, recall
from graphsvc.graph.recall import Scored
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.runtime import Runtime

MAX_NAME_WORDS = 3


def name_candidates(query: str) -> set[str]:
    """Word n-grams (1 to 3 words) of the normalised query: the names it might contain."""
    words = keys.normalise_text(query).split()
    return {" ".join(words[i : i + n]) for n in range(1, MAX_NAME_WORDS + 1) for i in range(len(words) - n + 1)}


RELATED_ENTITIES = 10
"""At most this many ``RELATES`` neighbours of the named entities join graph expansion."""
SELECTIVE_MIN_EVENTS = 20
"""An entity observed in this many events or fewer is always selective (small users)."""


@dataclass(frozen=True)
class GraphExpansion:
    """Candidate lists from the entities a query names, each best first by cosine to the query."""

    events: list[Scored]
    memories: list[Scored]
    impressions: list[Scored]
    related_events: list[Scored]
    related_impressions: list[Scored]

    def lists(self) -> list[list[Scored]]:
        return [self.events, self.memories, self.impressions, self.related_events, self.related_impressions]


NO_EXPANSION = GraphExpansion([], [], [], [], [])


async def graph_expansion(
    rt: Runtime,
    user_id: str,
    query: str,
    vector: Awaitable[list[float]],
    k: int,
    *,
    scope: RecallScope | None = None,
) -> GraphExpansion:
    """Graph expansion: entities the query names (exact subject or alias, through the alias index, one
    entity per name) bring their impressions, the memories that mention them and, when selective, the
    events they were observed in;
    their selective ``RELATES`` neighbours (at most :data:`RELATED_ENTITIES`, strongest first) bring
    theirs.
    Every list is ranked by similarity to the query; ``vector`` (the query embedding, an awaitable that
    may be awaited more than once, such as a task) is awaited only once the entities are known.

    Selective: observed in at most ``recall_entity_max_share`` of the user's events (at least
    :data:`SELECTIVE_MIN_EVENTS`). On LoCoMo the two speakers are observed in ~80 % of the turns; their
    event lists repeated the vector list and cost recall_any@10 (measured in the README's LoCoMo notes).
    """
    db = rt.db
    names = name_candidates(query)
    index = await identity.lookup(db, user_id=user_id, names=names)
    named = sorted({m[0].entity_uuid for name in names if len(m := index.matches(name)) == 1})
    if not named:
        return NO_EXPANSION
    user_events = await rt.vectors.count(target="event", user_id=user_id)
    max_observed = max(SELECTIVE_MIN_EVENTS, int(rt.settings.recall_entity_max_share * user_events))
    selective, related = await asyncio.gather(
        recall.selective_entities(db, user_id=user_id, entity_uids=named, max_observed=max_observed),
        recall.related_entities(
            db, user_id=user_id, entity_uids=named, limit=RELATED_ENTITIES, max_observed=max_observed
        ),
    )

    embedding = await vector
    scope = scope or RecallScope()
    events, memories, impressions, related_events, related_impressions = await asyncio.gather(
        recall.entity_events(db, user_id=user_id, entity_uids=selective, embedding=embedding, k=k, as_of=scope.as_of),
        recall.entity_memories(
            db,
            user_id=user_id,
            entity_uids=named,
            embedding=embedding,
            k=k,
            statuses=scope.statuses,
            as_of=scope.as_of,
        ),
        recall.entity_impressions(
            db, user_id=user_id, entity_uids=named, embedding=embedding, k=k, with_stale=scope.with_stale
        ),
        recall.entity_events(db, user_id=user_id, entity_uids=related, embedding=embedding, k=k, as_of=scope.as_of),
        recall.entity_impressions(
            db, user_id=user_id, entity_uids=related, embedding=embedding, k=k, with_stale=scope.with_stale
        ),
    )
    return GraphExpansion(events, memories, impressions, related_events, related_impressions)
