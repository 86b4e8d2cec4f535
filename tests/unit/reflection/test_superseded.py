"""Which superseded memories a cycle may still cite: a restated habit is history, a negated one is not."""

from __future__ import annotations

from dataclasses import replace

import pytest

from graphsvc.pipeline.reflection.superseded import still_evidence
from tests.unit.reflection.factories import memory, superseded

PARK = "Ana goes running in the park every morning."
RIVER = "Ana goes running along the river every morning."
STOPPED = "Ana has stopped running along the river every morning."


def test_an_active_memory_is_evidence() -> None:
    assert still_evidence(memory("a", content=PARK))


@pytest.mark.parametrize(
    ("chain", "reasons", "end", "expected"),
    [
        ((RIVER,), ("slot",), "active", True),  # restated with a changed detail: it held at the time
        ((RIVER, "Ana goes running by the lake every morning."), ("slot", "slot"), "active", True),
        ((STOPPED,), ("slot",), "active", False),  # its replacement negates it
        ((RIVER, STOPPED), ("slot", "slot"), "active", False),  # the habit ended later in the chain
        ((RIVER,), ("correction",), "active", False),  # corrected: it never held
        ((RIVER,), ("slot",), "forgotten", False),  # what replaced it was forgotten
        ((RIVER,), ("slot",), "archived", False),
        ((), (), None, False),  # no chain to read
    ],
)
def test_a_superseded_memory_is_evidence_only_while_every_replacement_restates_it(
    chain: tuple[str, ...], reasons: tuple[str, ...], end: str | None, expected: bool
) -> None:
    old = superseded("a", PARK, replaced_by=chain, reasons=reasons, replacement_status=end)
    assert still_evidence(old) is expected


def test_a_negative_memory_replaced_by_a_positive_one_is_no_evidence() -> None:
    old = superseded("a", "Ana doesn't like sushi.", replaced_by=("Ana loves sushi.",))
    assert not still_evidence(old)


def test_other_statuses_are_never_evidence() -> None:
    for status in ("forgotten", "archived"):
        assert not still_evidence(replace(superseded("a", PARK, replaced_by=(RIVER,)), status=status))
