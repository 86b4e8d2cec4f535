"""``eraseUser`` (issue 12, GDPR Art. 17): every node carrying the user's ``user_id``, and its index entries.

Deletion runs label by label in batches of ``erase_batch_nodes`` nodes, each batch one transaction that also
records the progress on the user's ``Erasure`` node. Jobs go first (so no worker starts new work for the user),
history and evidence next, messages and sessions last; a final pass over every label catches anything a job
that was already running wrote meanwhile, and the ``Erasure`` node goes last. Deleting a node removes its
entries from every range, full-text and vector index.

Idempotent and resumable: a second call finds what is left (nothing, after a complete erasure) and carries
on; the counts of an interrupted erasure survive on its ``Erasure`` node and are included in the result of
the call that completes it.
"""

from __future__ import annotations

import json
from collections import Counter

from graphsvc import keys
from graphsvc.errors import InvalidInputError
from graphsvc.graph.database import NamedTx
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id

LABELS: tuple[tuple[str, str], ...] = (
    ("ApiKey", "erase_batch_api_key"),
    ("Job", "erase_batch_job"),
    ("JobLane", "erase_batch_job_lane"),
    ("PendingObservation", "erase_batch_pending_observation"),
    ("HistoryEntry", "erase_batch_history_entry"),
    ("Evidence", "erase_batch_evidence"),
    ("ReflectionCycle", "erase_batch_reflection_cycle"),
    ("ReflectionState", "erase_batch_reflection_state"),
    ("Trait", "erase_batch_trait"),
    ("Impression", "erase_batch_impression"),
    ("Feature", "erase_batch_feature"),
    ("Alias", "erase_batch_alias"),
    ("Memory", "erase_batch_memory"),
    ("Entity", "erase_batch_entity"),
    ("Event", "erase_batch_event"),
    ("Session", "erase_batch_session"),
    ("EntityLock", "erase_batch_entity_lock"),
)
"""Every label that carries ``user_id`` (``Erasure`` aside), in deletion order."""


def to_result(counts: Counter[str]) -> ForgetResult:
    """Counts by label → the ForgetResult kinds."""
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
        nodes_deleted=sum(counts.values()),
    )


async def erase_user(rt: Runtime, *, user_id: str, confirm: str, max_batches: int | None = None) -> ForgetResult:
    """Delete everything of one user, in bounded batches.

    Args:
        confirm: must equal ``user_id`` (a guard against erasing the wrong user by a slip).
        max_batches: stop after this many batches (tests and benchmarks interrupt an erasure on purpose);
            the result then says ``complete=False`` and a later call resumes.

    Returns:
        nodes deleted by label kind (this call and any interrupted one before it), ``complete`` True when
        nothing of the user is left.

    Raises:
        InvalidInputError: bad user id, or ``confirm`` differs from it.
    """
    user_id = require_id("userId", user_id, rt.settings)
    if confirm != user_id:
        raise InvalidInputError(
            field="confirm", problem="must equal userId", fix="pass the user id again as confirm to erase that user"
        )
    uid, batch = keys.erasure_uid(user_id), rt.settings.erase_batch_nodes
    rows = await rt.db.write("erase_begin", uid=uid, user_id=user_id, now=rt.clock())
    counts: Counter[str] = Counter(json.loads(rows[0]["counts"] or "{}") if rows else {})
    batches = 0
    for _ in range(2):  # the second pass catches what a running job wrote during the first
        for label, name in LABELS:
            while True:
                if max_batches is not None and batches >= max_batches:
                    rt.vectors.forget_user(user_id)
                    result = to_result(counts)
                    result.complete = False
                    return result
                deleted = await _batch(rt, name=name, label=label, uid=uid, user_id=user_id, batch=batch, counts=counts)
                batches += 1
                if deleted < batch:
                    break
    await rt.db.write("erase_finish", uid=uid, user_id=user_id)
    rt.vectors.forget_user(user_id)
    return to_result(counts)


async def _batch(
    rt: Runtime, *, name: str, label: str, uid: str, user_id: str, batch: int, counts: Counter[str]
) -> int:
    """Delete one batch of ``label`` and record the progress, in one transaction; returns how many went."""
    now = rt.clock()

    async def work(tx: NamedTx) -> int:
        rows = await tx.write(name, user_id=user_id, batch=batch)
        deleted = int(rows[0]["deleted"]) if rows else 0
        if deleted:
            progress = Counter(counts)
            progress[label] += deleted
            await tx.write("erase_progress", uid=uid, user_id=user_id, counts=json.dumps(progress), now=now)
        return deleted

    deleted = await rt.db.in_transaction(work)
    counts[label] += deleted
    return deleted
