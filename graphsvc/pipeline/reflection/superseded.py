"""Which superseded memories a reflection cycle may still cite: history, not retraction.

A habit restated with a changed detail ("Ana goes running in the park every morning." … later "Ana goes
running along the river every morning.") supersedes the earlier memory by slot: the newer value is what holds
now. The earlier memory is still a true record of what the person did at the time, so it is evidence for a
trait about the habit ("Goes running"), and a cycle reads it as context beside the active memories. It is cited
like any memory (``(Evidence)-[:CITES]->`` the superseded memory); forgetting or erasing it removes that
evidence and re-scores the trait (:mod:`graphsvc.pipeline.retraction`).

A superseded memory is evidence only when every memory that replaced it, up to the one that holds now, restates
it (:func:`still_evidence`): a replacement that flips its polarity ("Ana no longer goes running…", "I don't like
sushi any more") is a contradiction, and the earlier memory no longer supports anything current. Never
evidence: a memory superseded by a correction (it was wrong, never held), one whose replacement is not active
(forgotten, archived), a forgotten or erased one (the graph read returns none of those).

Pure: no I/O.
"""

from __future__ import annotations

from graphsvc.pipeline.reflection.book import MemoryRecord
from graphsvc.pipeline.reflection.offline import is_negated


def still_evidence(memory: MemoryRecord) -> bool:
    """True when a cycle may cite ``memory`` as evidence.

    Args:
        memory: an active memory, or a context memory superseded by slot with its ``replaced_by`` chain
            (:class:`graphsvc.graph.reflection.MemoryRecord`).

    Returns:
        True for an active memory; for a superseded one, True when its chain ends at an active memory, every
        edge of it is a supersession by slot (a newer value, not a correction) and no text along it flips the
        negation polarity of the one before (:func:`.offline.is_negated`); False otherwise.
    """
    if memory.status == "active":
        return True
    if memory.status != "superseded" or not memory.replaced_by or memory.replacement_status != "active":
        return False
    if any(reason != "slot" for reason in memory.replaced_reasons):
        return False
    before = memory.content
    for text in memory.replaced_by:
        if is_negated(text) != is_negated(before):
            return False
        before = text
    return True
