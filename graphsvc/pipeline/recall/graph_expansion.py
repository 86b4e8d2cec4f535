"""Graph expansion for recall: what the entities a query names bring (issue 6).

Entities the query names are found by exact subject or alias through the alias index, one entity per name
(a name matching two entities names neither). A named entity brings its impressions, the memories that
mention it and, when it is selective, the events it was observed in; its selective ``RELATES`` neighbours
(at most :data:`RELATED_ENTITIES`, strongest first) bring their events and impressions. Recall's first read
finds the entities and the uids they bring (:func:`graphsvc.graph.recall.text_candidates`, from
:func:`name_lookup`'s names); each list is then ranked by cosine similarity to the query, and recall merges
them into one ranking (the graph method) beside vector and full-text search.

Selective: observed in at most ``recall_entity_max_share`` of the user's events (at least
:data:`SELECTIVE_MIN_EVENTS`). On LoCoMo the two speakers are observed in ~80 % of the turns; their event lists
repeated the vector list and cost recall_any@10 (measured in the README's LoCoMo notes).
"""

from __future__ import annotations

from dataclasses import dataclass

from graphsvc import keys
from graphsvc.graph.recall import Scored

MAX_NAME_WORDS = 3


def name_candidates(query: str) -> set[str]:
    """Word n-grams (1 to 3 words) of the normalised query: the names it might contain."""
    words = keys.normalise_text(query).split()
    return {" ".join(words[i : i + n]) for n in range(1, MAX_NAME_WORDS + 1) for i in range(len(words) - n + 1)}


def name_lookup(user_id: str, query: str) -> tuple[list[str], list[str]]:
    """The names to look up for ``query`` (sorted) and the entity subject key of each, in the same order."""
    names = sorted(n for n in name_candidates(query) if n)
    return names, [keys.entity_subject_key(user_id, n) for n in names]


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

    @classmethod
    def of(cls, lists: list[list[Scored]]) -> GraphExpansion:
        """From the five lists in :meth:`lists` order."""
        events, memories, impressions, related_events, related_impressions = lists
        return cls(events, memories, impressions, related_events, related_impressions)

    def lists(self) -> list[list[Scored]]:
        return [self.events, self.memories, self.impressions, self.related_events, self.related_impressions]
