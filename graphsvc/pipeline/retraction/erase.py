"""``eraseUser`` (issue 12, GDPR Art. 17): every node carrying the user's ``user_id``, and its index entries.

Every label the catalog declares as the user's (:func:`graphsvc.graph.erase.erased_labels`) is deleted, in the
catalog's order, in batches of ``erase_batch_nodes`` nodes, each batch one transaction that also records the
progress on the user's ``Erasure`` node. API keys and jobs go first (so nothing acts for the user and no worker
starts new work for the user), history, evidence and derived layers next, documents, sources, messages and
sessions last; a second pass over every label catches anything a job that was already running wrote meanwhile.
Then a count of every label checks that nothing of the user is left: only then does the ``Erasure`` node go and
the result say ``complete``. Deleting a node removes its entries from every range, full-text and vector index.

Idempotent and resumable: a second call finds what is left (nothing, after a complete erasure) and carries
on; the counts of an interrupted erasure survive on its ``Erasure`` node and are included in the result of
the call that completes it.
"""

from __future__ import annotations

import logging
from collections import Counter

from graphsvc.errors import InvalidInputError
from graphsvc.graph import erase as stored
from graphsvc.graph import spaces as stored_spaces
from graphsvc.pipeline.retraction import forget
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.runtime import Runtime
from graphsvc.spaces import space_kind
from graphsvc.validation import require_id

log = logging.getLogger(__name__)


def to_result(counts: Counter[str], *, complete: bool) -> ForgetResult:
    """Counts by label → the ForgetResult kinds, and every erased label's count in deletion order."""
    return ForgetResult(
        events=counts["Event"],
        sessions=counts["Session"],
        memories_deleted=counts["Memory"],
        impressions=counts["Impression"],
        aliases=counts["Alias"],
        features_deleted=counts["Feature"],
        entities=counts["Entity"],
        pending_observations=counts["PendingObservation"],
        evidence=counts["Evidence"],
        traits_deleted=counts["Trait"],
        candidates=counts["MemoryCandidate"],
        documents=counts["Document"],
        chunks=counts["Chunk"],
        document_versions=counts["DocumentVersion"],
        sources=counts["Source"],
        tags=counts["Tag"],
        nodes_deleted=sum(counts.values()),
        complete=complete,
        deleted_by_label={label: counts[label] for label in stored.erased_labels()},
    )


async def erase_user(rt: Runtime, *, user_id: str, confirm: str, max_batches: int | None = None) -> ForgetResult:
    """Delete everything of one user, in bounded batches, and check that nothing is left. What the person said in a
    group's conversations (messages naming them as ``speaker_id``) is forgotten there first, with what rested only
    on it (what others said stays the group's), and the agents they own are erased with them.

    Args:
        confirm: must equal ``user_id`` (a guard against erasing the wrong user by a slip).
        max_batches: stop after this many batches (tests and benchmarks interrupt an erasure on purpose);
            the result then says ``complete=False`` and a later call resumes.

    Returns:
        nodes deleted by kind and by label (this call and any interrupted one before it); ``complete`` True
        when a count after the deletes found no node of the user left (the ``Erasure`` node aside, which then
        goes).

    Raises:
        InvalidInputError: bad user id, or ``confirm`` differs from it.
    """
    user_id = require_id("userId", user_id, rt.settings)
    if confirm != user_id:
        raise InvalidInputError(
            field="confirm", problem="must equal userId", fix="pass the user id again as confirm to erase that user"
        )
    batch, labels = rt.settings.limits.erase_batch_nodes, stored.erased_labels()
    counts: Counter[str] = Counter(await stored.begin(rt.db, user_id=user_id, now=rt.clock()))
    counts["Event"] += await forget.forget_contributions(rt, user_id=user_id)
    for agent in await stored_spaces.agents_of(rt.db, owner_id=user_id):  # nobody else may use them
        erased = await erase_user(rt, user_id=agent.agent_id, confirm=agent.agent_id, max_batches=max_batches)
        counts.update(erased.deleted_by_label)
        if not erased.complete:
            return to_result(counts, complete=False)
    batches = 0
    for _ in range(2):  # the second pass catches what a running job wrote during the first
        for label in labels:
            while True:
                if max_batches is not None and batches >= max_batches:
                    rt.vectors.forget_user(user_id)
                    return to_result(counts, complete=False)
                deleted = await stored.delete_batch(
                    rt.db, user_id=user_id, label=label, batch=batch, counts=counts, now=rt.clock()
                )
                counts[label] += deleted
                batches += 1
                if deleted < batch:
                    break
    if space_kind(user_id) == "group":  # its members' memberships live in their own spaces
        counts["Membership"] += await stored_spaces.drop_memberships(rt.db, group_id=user_id)
    left = {label: n for label, n in (await stored.count_left(rt.db, user_id=user_id, labels=labels)).items() if n}
    if left:
        log.warning("erasure of %s left nodes (written meanwhile?); call again: %s", user_id, left)
    else:
        await stored.finish(rt.db, user_id=user_id)
    rt.vectors.forget_user(user_id)
    return to_result(counts, complete=not left)
