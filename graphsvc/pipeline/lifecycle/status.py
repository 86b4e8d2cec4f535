"""Archive and restore: a memory taken out of default recall and brought back (issue 12).

Archiving is about staleness, not truth: an archived memory keeps its valid time and its place in its slot
(:mod:`graphsvc.pipeline.memories.supersession`), is left out of default recall and ``memories``, and comes
back when restored by hand or mentioned again (extraction reinforces it). Both functions take many ids, so a
daily archival job can call them in batches.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graphsvc.graph import memories as memory_store
from graphsvc.graph.database import NamedTx
from graphsvc.pipeline.memories.supersession import settle_slots
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id

MAX_BATCH = 1000


async def archive(
    rt: Runtime,
    *,
    user_id: str,
    memory_ids: Sequence[str],
    actor: str,
    reason: str | None = None,
    now: datetime | None = None,
) -> list[str]:
    """Archive the user's active memories among ``memory_ids`` in one transaction.

    Args:
        memory_ids: at most :data:`MAX_BATCH`; ids that are not active memories of the user are skipped.
        actor: who archives (``user``, ``agent``, ``archival``...), for the HistoryEntry.
        reason: why (kept on the HistoryEntry).
        now: the time recorded (default: the runtime's clock).

    Returns:
        the uids archived now (empty when none was active).

    Raises:
        InvalidInputError: bad user id.
        ValueError: more than :data:`MAX_BATCH` ids.
    """
    user_id = require_id("userId", user_id, rt.settings)
    if len(memory_ids) > MAX_BATCH:
        raise ValueError(f"archive at most {MAX_BATCH} memories per call, got {len(memory_ids)}")
    return await memory_store.archive(
        rt.db, user_id=user_id, uids=list(dict.fromkeys(memory_ids)), now=now or rt.clock(), actor=actor, reason=reason
    )


async def restore(
    rt: Runtime,
    *,
    user_id: str,
    memory_ids: Sequence[str],
    actor: str,
    reason: str | None = None,
    now: datetime | None = None,
) -> list[str]:
    """Make the user's archived memories among ``memory_ids`` active again, then settle their slots (a newer
    value of the slot keeps them superseded), in one transaction.

    Returns:
        the uids restored now (empty when none was archived).

    Raises:
        InvalidInputError: bad user id.
        ValueError: more than :data:`MAX_BATCH` ids.
    """
    user_id = require_id("userId", user_id, rt.settings)
    if len(memory_ids) > MAX_BATCH:
        raise ValueError(f"restore at most {MAX_BATCH} memories per call, got {len(memory_ids)}")
    at = now or rt.clock()

    async def work(tx: NamedTx) -> list[str]:
        restored = await memory_store.restore(
            tx, user_id=user_id, uids=list(dict.fromkeys(memory_ids)), now=at, actor=actor, reason=reason
        )
        slot_keys = [r.slot_key for r in restored if r.slot_key is not None]
        await settle_slots(tx, user_id=user_id, slot_keys=slot_keys, now=at, actor=actor)
        return [r.uid for r in restored]

    return await rt.db.in_transaction(work)
