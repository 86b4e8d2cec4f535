"""The tuning half and the test half of every benchmark data set, fixed once for all benchmarks.

Offline rules are written from the tuning half only; the figures reported are the test half's (ARCHITECTURE
"The offline rulebook"). A data set is split by its unit of independence (a conversation, or a user where one
user's conversations share a person: MemoryBank and the benchmark's own sets; MADial-Bench's dev dialogues share
two users, so they are split by dialogue, and no rule is written from its memory bank): the units are ordered by
``sha256("<data set>|<unit>")`` and the first half of that order (``n // 2``) is the tuning half, the rest the test
half. The order depends on nothing but the names, so no one chose which conversation went where, and a unit added
later does not move the others between halves unless it lands between them in the order.

    .venv/bin/python scripts/bench/splits.py locomo conv-26 conv-30 conv-41 conv-42 conv-43

prints each unit's half.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable
from typing import Literal

Half = Literal["tune", "test"]

DATA_SETS = ("locomo", "memorybank-en", "memorybank-cn", "madial", "precision", "everyday")
"""The data sets the benchmarks split: LoCoMo (by conversation), MemoryBank en and cn (by user), MADial-Bench zh
(by dialogue: its index in the dev file), the precision benchmark's own conversations (by user), the everyday set
of what people tell an assistant (by user)."""


def _order_key(data_set: str, unit: str) -> str:
    return hashlib.sha256(f"{data_set}|{unit}".encode()).hexdigest()


def halves(data_set: str, units: Iterable[str]) -> dict[str, Half]:
    """Each unit's half.

    Args:
        data_set: one of :data:`DATA_SETS`.
        units: every unit of the data set (conversation ids or user ids); duplicates count once.

    Returns:
        unit → ``"tune"`` or ``"test"``; the tuning half has ``n // 2`` units, the test half the rest.

    Raises:
        ValueError: an unknown data set.
    """
    if data_set not in DATA_SETS:
        raise ValueError(f"unknown data set {data_set!r}; one of {', '.join(DATA_SETS)}")
    ordered = sorted(set(units), key=lambda unit: _order_key(data_set, unit))
    tune = len(ordered) // 2
    return {unit: ("tune" if i < tune else "test") for i, unit in enumerate(ordered)}


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        raise SystemExit("usage: splits.py DATA_SET UNIT...")
    for unit, half in sorted(halves(argv[0], argv[1:]).items()):
        print(f"{half}\t{unit}")


if __name__ == "__main__":
    main(sys.argv[1:])
