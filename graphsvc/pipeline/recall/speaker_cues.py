"""Speaker cues in a recall query: among several speakers, a message said by the person the query names is boosted.

When one user's history holds several people talking (a group chat, an imported conversation between two
friends), a query that names one of them ("What does Priya do to unwind?") asks about that person, and what they
said themselves is the first-hand evidence: "I swim at the lido after work" said by Priya, rather than "Enjoy the
swim, Priya!" said to her. Both mention the name to full-text search and to the embedding alike; only the
message's speaker tells them apart. So a message (an ``event`` hit) whose speaker the query names scores
``score · (1 + RECALL_SPEAKER_CUE_BOOST)``, the way a time phrase boosts what is dated inside its window
(:mod:`.time_cues`).

The cue applies only when the candidate messages were said by at least two named people (an assistant's
messages, named or not, do not count): with one (a user talking to an assistant) it would tell nothing apart
and would only lift the user's raw messages above the memories distilled from them. A hit marked superseded is
never boosted, so nothing that states a superseded belief rises above what replaced it (:mod:`.hydrate`).
Memories, impressions, traits and passages are left as they are: they have no speaker of their own.

A speaker is named when its normalised name (:func:`graphsvc.keys.normalise_text`) is one of the query's word
n-grams (:func:`.graph_expansion.name_candidates`, up to three words), or, for a name written in CJK script
(no spaces between words), when it occurs anywhere in the normalised query. Only the speaker's name as stored
counts, not the aliases of an entity of that name ("Pri" in the query does not name the speaker "Priya").

Measured on LoCoMo dev (``scripts/bench/locomo.py --skip-import --grid RECALL_SPEAKER_CUE_BOOST=...``; the
figures and the cross-validated choice are on the Benchmarks page).
"""

from __future__ import annotations

import re

from graphsvc import keys
from graphsvc.pipeline.recall.graph_expansion import name_candidates
from graphsvc.pipeline.recall.hits import RecallHit, rescored
from graphsvc.pipeline.recall.hydrate import SUPERSEDED
from graphsvc.vocabulary import NON_SOURCE_ROLES

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def names_speaker(query: str, speaker: str | None) -> bool:
    """Whether ``query`` names ``speaker`` (see the module docstring); False for a missing or blank speaker."""
    if speaker is None:
        return False
    name = keys.normalise_text(speaker)
    if not name:
        return False
    if _CJK.search(name):
        return name in keys.normalise_text(query)
    return name in name_candidates(query)


def boost_named_speakers(hits: list[RecallHit], query: str, *, boost: float) -> list[RecallHit]:
    """``hits`` with each message hit whose speaker ``query`` names scored ``score · (1 + boost)``; the others,
    a hit marked superseded, and every hit when ``boost`` is 0 or the message hits were said by fewer than two
    named people (assistants aside), unchanged. Order is kept (the caller sorts). Pure.

    Args:
        hits: recall hits of any kind; only ``event`` hits carry a ``speaker``.
        boost: ``RECALL_SPEAKER_CUE_BOOST`` (≥ 0).
    """
    if boost == 0.0:
        return hits
    if len(_people(hits)) < 2:
        return hits
    spoken: dict[str, bool] = {}
    out = []
    for hit in hits:
        if _said_by_a_person(hit) and hit.speaker is not None and hit.status != SUPERSEDED:
            if hit.speaker not in spoken:
                spoken[hit.speaker] = names_speaker(query, hit.speaker)
            if spoken[hit.speaker]:
                factor = 1.0 + boost
                hit = rescored(
                    hit, hit.score * factor, "speaker_cue", "said by the person the query names", factor=factor
                )
        out.append(hit)
    return out


def _said_by_a_person(hit: RecallHit) -> bool:
    """A message hit whose role is a person's (not an assistant, system or AI: ``NON_SOURCE_ROLES``)."""
    return hit.kind == "event" and (hit.role or "user").strip().lower() not in NON_SOURCE_ROLES


def _people(hits: list[RecallHit]) -> set[str]:
    """The normalised names of the people who said the message hits (an assistant's name is not counted)."""
    return {keys.normalise_text(h.speaker) for h in hits if _said_by_a_person(h) and h.speaker} - {""}
