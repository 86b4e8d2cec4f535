"""A paraphrase reinforces the open candidate it restates instead of opening a second one (seed 003, with the
belief rule "a paraphrase is never a new belief; a changed value is never a reinforcement").

A candidate is keyed by its user, type and normalised text, so "I love hiking in the Alps." and "I really love
hiking in the Alps." on two days would be two candidates, each waiting alone for the reinforcement that promotes
it. Before a sighting opens a candidate, it is compared with the user's open candidates of its type: one it
paraphrases (:func:`.restatement.is_paraphrase`: no value changed, no difference once fillers, synonyms, word
forms and word order are set aside) takes the sighting, which then adds its day, source and events to that
candidate. A sighting whose own candidate exists already (said in the same words) stays with it. The comparison
is by rule on the texts (no vectors: candidates are written on the request path, where nothing is embedded).

Every path that records candidates (events of other sources, low-confidence extractions) goes through
:func:`record`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from graphsvc.graph import sources as stored
from graphsvc.graph.database import Queries
from graphsvc.graph.sources import CandidateSighting, KnownCandidate
from graphsvc.pipeline.memories.restatement import is_paraphrase

POOL_LIMIT = 500
"""Open candidates of a type a sighting is compared with, the newest first."""


def fold(sightings: Sequence[CandidateSighting], known: Sequence[KnownCandidate]) -> list[CandidateSighting]:
    """The sightings, each re-keyed to the open candidate of its type it paraphrases when its own does not exist
    (pure; the first such candidate in ``known`` order wins). Sightings of one batch fold into each other too.

    Args:
        known: the candidates among the sightings' own uids (any status) and the open ones to compare with.
    """
    existing = {k.uid for k in known}
    pool = [(k.uid, k.memory_type, k.content) for k in known if k.status == "open"]
    out = []
    for sighting in sightings:
        if sighting.uid not in existing:
            match = next(
                (
                    uid
                    for uid, memory_type, content in pool
                    if memory_type == sighting.memory_type and is_paraphrase(content, sighting.content)
                ),
                None,
            )
            if match is not None:
                sighting = replace(sighting, uid=match)
            else:
                existing.add(sighting.uid)
                pool.append((sighting.uid, sighting.memory_type, sighting.content))
        out.append(sighting)
    return out


async def record(
    db: Queries, *, user_id: str, sightings: Sequence[CandidateSighting], now: datetime, origin: str
) -> list[str]:
    """Open or reinforce the candidates of ``sightings``, a paraphrase reinforcing the open candidate it restates
    (:func:`fold`); see :func:`graphsvc.graph.sources.upsert_candidates` for the rest.

    Returns:
        the uids of the touched candidates that are open now.
    """
    if not sightings:
        return []
    known = await stored.paraphrase_pool(
        db,
        user_id=user_id,
        uids=[s.uid for s in sightings],
        memory_types=[s.memory_type for s in sightings],
        limit=POOL_LIMIT,
    )
    return await stored.upsert_candidates(db, user_id=user_id, sightings=fold(sightings, known), now=now, origin=origin)
