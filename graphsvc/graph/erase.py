"""Erasing a user: every node carrying the user's ``user_id``, label by label as the catalog declares them.

Statements: ``erase_begin``, ``erase_progress`` and ``erase_finish`` in ``cypher/queries/erase.cypher`` (the
user's ``Erasure`` node, which holds the counts of an erasure under way); the batch delete of each label and the
count of what is left are built here from :mod:`graphsvc.graph.catalog`, one statement per declared label (a
label written in the query lets the user's ``user_id`` index serve it). Only declared labels are ever written
into a statement; the user id is a ``$parameter``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from graphsvc import keys
from graphsvc.graph import catalog
from graphsvc.graph.database import Database, NamedTx

_LABEL = re.compile(r"^[A-Z][A-Za-z0-9]*$")


def erased_labels() -> tuple[str, ...]:
    """Every label owned by a user, in the order an erasure deletes them (:func:`catalog.user_labels`), without
    the transient ``Erasure`` (begun first, deleted last)."""
    return tuple(label for label in catalog.user_labels() if not catalog.node_kind(label).transient)


def declared(label: str, *, among: Sequence[str]) -> str:
    """``label`` when it is one of ``among`` (labels of the catalog) and reads as a label: the only kind of text a
    statement built in ``graph/`` holds besides its own.

    Raises:
        ValueError: it is not.
    """
    if label not in among or not _LABEL.match(label):
        raise ValueError(f"{label!r} is not one of the catalog's labels here: {list(among)}")
    return label


@cache
def _delete_batch_statement(label: str) -> str:
    label = declared(label, among=catalog.user_labels())
    return (
        f"MATCH (n:{label})\nWHERE n.user_id = $user_id\nWITH n LIMIT $batch\nDETACH DELETE n\n"
        "RETURN count(*) AS deleted"
    )


@cache
def _count_statement(labels: tuple[str, ...]) -> str:
    owned = catalog.user_labels()
    return "\nUNION ALL\n".join(
        f"MATCH (n:{declared(label, among=owned)})\nWHERE n.user_id = $user_id\n"
        f"RETURN '{label}' AS label, count(n) AS nodes"
        for label in labels
    )


async def begin(db: Database, *, user_id: str, now: datetime) -> dict[str, int]:
    """Find or start the user's erasure (its ``Erasure`` node). Its MERGE takes the user's write gate (see
    ``cypher/queries/erase.cypher``): it waits for the user's writes in flight, and once it commits every later
    write of the user is refused until :func:`finish`.

    Returns:
        nodes deleted so far by label: those of an erasure that was interrupted, empty for a new one.
    """

    async def work(tx: NamedTx) -> list[dict[str, Any]]:
        return await tx.write("erase_begin", uid=keys.erasure_uid(user_id), user_id=user_id, now=now)

    rows = await db.in_transaction(work, gated=False)
    counts: dict[str, int] = json.loads(rows[0]["counts"] or "{}") if rows else {}
    return counts


async def delete_batch(
    db: Database, *, user_id: str, label: str, batch: int, counts: Mapping[str, int], now: datetime
) -> int:
    """Delete up to ``batch`` nodes of ``label`` of the user (with their edges and index entries) and record the
    progress on the user's ``Erasure`` node, in one transaction.

    Args:
        label: one of :func:`erased_labels`.
        counts: nodes deleted so far by label (this batch is added to them on the ``Erasure`` node).

    Returns:
        how many nodes went (fewer than ``batch``: none of the label is left).

    Raises:
        ValueError: ``label`` is not a user-owned label of the catalog.
    """
    statement = _delete_batch_statement(label)

    async def work(tx: NamedTx) -> int:
        rows = await tx.run_built(statement, user_id=user_id, batch=batch)
        deleted = int(rows[0]["deleted"]) if rows else 0
        if deleted:
            progress = {**counts, label: counts.get(label, 0) + deleted}
            await tx.write(
                "erase_progress", uid=keys.erasure_uid(user_id), user_id=user_id, counts=json.dumps(progress), now=now
            )
        return deleted

    return await db.in_transaction(work, gated=False)


async def count_left(db: Database, *, user_id: str, labels: Sequence[str]) -> dict[str, int]:
    """How many nodes of each of ``labels`` the user has (each label counted through its ``user_id`` index).

    Returns:
        label → nodes, for every label given (0 where none is left).

    Raises:
        ValueError: a label is not a user-owned label of the catalog.
    """
    if not labels:
        return {}
    statement = _count_statement(tuple(labels))

    async def work(tx: NamedTx) -> dict[str, int]:
        rows = await tx.run_built(statement, user_id=user_id)
        return {str(r["label"]): int(r["nodes"]) for r in rows}

    return await db.in_transaction(work, gated=False)


async def finish(db: Database, *, user_id: str) -> None:
    """End the user's erasure: its ``Erasure`` node goes (nothing of the user is left after it) and the user's
    writes are taken again."""

    async def work(tx: NamedTx) -> None:
        await tx.write("erase_finish", uid=keys.erasure_uid(user_id), user_id=user_id)

    await db.in_transaction(work, gated=False)
