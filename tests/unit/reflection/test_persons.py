"""Whom a trait is about: the person key of a memory's speakers, one person per group, the name kept."""

from __future__ import annotations

import pytest

from graphsvc.pipeline.reflection.persons import UNNAMED, display_name, name_key, person_of, shared_person
from tests.unit.reflection.factories import memory


@pytest.mark.parametrize(
    ("speakers", "person"),
    [
        ((), UNNAMED),  # no speaker named: the user of the memory space
        (("  ",), UNNAMED),
        (("Theo",), "theo"),
        (("Theo", "theo "), "theo"),  # one person, two spellings
        (("Theo", "Mia"), None),  # two people: evidence of no trait
    ],
)
def test_person_of_a_memory(speakers: tuple[str, ...], person: str | None) -> None:
    assert person_of(speakers) == person


def test_shared_person_is_none_for_two_people_or_a_memory_of_two() -> None:
    theo = [memory("a", speakers=("Theo",)), memory("b", speakers=("theo",))]
    assert shared_person(theo) == "theo"
    assert shared_person([*theo, memory("c", speakers=("Mia",))]) is None
    assert shared_person([memory("d", speakers=("Theo", "Mia"))]) is None
    assert shared_person([memory("e"), memory("f")]) == UNNAMED


def test_display_name_keeps_one_spelling_and_none_for_unnamed() -> None:
    assert display_name(["theo", "Theo"]) == "Theo"
    assert display_name(["", " "]) is None
    assert name_key(" Theo ") == name_key("THEO") == "theo" and name_key(None) == UNNAMED
